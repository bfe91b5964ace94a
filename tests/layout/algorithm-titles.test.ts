import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeCodes } from '../../src/base/names.js';
import { layoutBook } from '../../src/book/build-book.js';
import { rateBook } from '../../src/book/rate-book.js';
import {
  algorithmDisplayName,
  algorithmDisplayNames,
  postProcessDisplayNames,
} from '../../src/generate/display-names.js';
import { postNames } from '../../src/generate/post/registry.js';
import { algorithmNames } from '../../src/generate/registry.js';
import { loadFontFile, missingCharacters } from '../../src/text/fonts.js';
import { tempDir } from '../helpers.js';

/** Every font file bundled with the themes (titles use the heading font, labels the body font). */
const fontFiles = readdirSync('fonts', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.(otf|ttf)$/.test(f))
  .map((f) => join('fonts', f));

describe('display names of algorithms and post-processes', () => {
  it('name every registry key in every locale, in words rather than the key', () => {
    for (const locale of localeCodes) {
      for (const key of algorithmNames) {
        const name = algorithmDisplayNames[locale][key];
        expect(name, `${locale} ${key}`).toMatch(/\S/);
        expect(name).not.toBe(key);
        expect(name).not.toMatch(/^[a-z]+(-[a-z]+)+$/); // never an identifier such as growing-tree
      }
      for (const key of postNames) {
        expect(postProcessDisplayNames[locale][key], `${locale} ${key}`).toMatch(/\S/);
        expect(postProcessDisplayNames[locale][key]).not.toMatch(/^[a-z]+(-[a-z]+)+$/);
      }
    }
  });

  it('print in every bundled font', () => {
    const text = localeCodes
      .flatMap((l) => [
        ...Object.values(algorithmDisplayNames[l]),
        ...Object.values(postProcessDisplayNames[l]),
      ])
      .join('');
    expect(fontFiles.length).toBeGreaterThan(0);
    for (const file of fontFiles) expect(missingCharacters(loadFontFile(file), text), file).toEqual([]);
  });

  it('fall back to the key in words for a key the table does not know', () => {
    expect(algorithmDisplayName('zig-zag', 'en')).toBe('Zig zag');
  });

  it('title pages through {{algorithm}}, in the book’s locale', async () => {
    const spec = (locale: string) => `title: A
seed: 2
locale: ${locale}
front: []
defaults: { title: "{{number}}. {{algorithm}}", cells: 4 }
pages: [{ maze: { algorithm: growing-tree } }, { maze: { algorithm: hunt-and-kill } }]
solutions: false
`;
    const titles = async (locale: string) => {
      const dir = tempDir({ 'b.yaml': spec(locale) });
      const { doc } = await layoutBook(join(dir, 'b.yaml'));
      return doc.pages.map((p) => p.items.find((i) => i.type === 'text' && i.font === 'heading'));
    };
    expect((await titles('en')).map((t) => t?.type === 'text' && t.text)).toEqual([
      '1. Growing tree',
      '2. Hunt and kill',
    ]);
    expect((await titles('de')).map((t) => t?.type === 'text' && t.text)).toEqual([
      '1. Wachsender Baum',
      '2. Jagen und Töten',
    ]);
  });

  it('are the titles `rate` reports, as the book prints them', async () => {
    const dir = tempDir({
      'b.yaml': `title: A
seed: 2
locale: de
front: []
defaults: { title: "{{number}}. {{algorithm}}", cells: 4 }
pages: [{ maze: { algorithm: growing-tree } }]
solutions: false
`,
    });
    const rated = await rateBook(join(dir, 'b.yaml'));
    expect(rated.pages.map((p) => p.title)).toEqual(['1. Wachsender Baum']);
  });
});
