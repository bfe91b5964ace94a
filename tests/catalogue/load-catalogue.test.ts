import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { planSpecFiles } from '../../src/book/plan-spec.js';
import { defaultBookId, loadCatalogue } from '../../src/catalogue/load-catalogue.js';
import { tempDir } from '../helpers.js';

const BOOK = 'title: Tiny\nseed: 3\npages:\n  - maze: { cells: [4, 5] }\n';

/** The UserError loading the catalogue `text` (beside a spec b.yaml) throws. */
function refusal(text: string, files: Record<string, string> = {}): UserError {
  const dir = tempDir({ 'b.yaml': BOOK, 'c.yaml': text, ...files });
  try {
    loadCatalogue(join(dir, 'c.yaml'));
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError');
}

describe('a catalogue file', () => {
  it('lists specs by path or with values; ids come from the spec name and volume', () => {
    const dir = tempDir({
      'b.yaml': BOOK,
      'c.yaml': [
        'catalogue: Shelf',
        'x-common: &common { author: "A. Author", keywords: [mazes] }',
        'defaults: { series: Tiny Tales }',
        'books:',
        '  - b.yaml',
        '  - { <<: *common, spec: b.yaml, volume: 2, title: "Tiny 2", seed: 9, blurb: "Hi" }',
        '  - { spec: ./b.yaml, id: special }',
      ].join('\n'),
    });
    const c = loadCatalogue(join(dir, 'c.yaml'));
    expect(c.name).toBe('Shelf');
    expect(c.books.map((b) => b.id)).toEqual(['b', 'b-2', 'special']);
    const two = c.books[1];
    expect(two.overrides.values).toEqual({
      title: 'Tiny 2',
      author: 'A. Author',
      seed: 9,
      cover: { blurb: 'Hi' },
    });
    expect(two.series).toBe('Tiny Tales');
    expect(two.keywords).toEqual(['mazes']);
    expect(two.volume).toBe(2);
    // The values' places: the entry's own key, the defaults' key, a merge source's key.
    expect(two.overrides.placeOf(['title'])).toMatch(/c\.yaml:6:/);
    expect(two.overrides.placeOf(['author'])).toMatch(/c\.yaml:2:/);
    expect(two.overrides.placeOf(['cover', 'blurb'])).toMatch(/c\.yaml:6:/);
    // Every book gets a cover (a bundle has one), made where the spec has none.
    expect(c.books[0].overrides.values).toEqual({ cover: {} });
    expect(c.inputs).toHaveLength(2);
  });

  it('replaces the spec’s fields and says where a bad value was written', async () => {
    const dir = tempDir({
      'b.yaml': BOOK,
      'c.yaml': 'catalogue: Shelf\nbooks:\n  - { spec: b.yaml, title: "Tiny 2", subtitle: "Sub" }\n',
    });
    const c = loadCatalogue(join(dir, 'c.yaml'));
    const planned = await planSpecFiles(c.books[0].spec, {}, undefined, c.books[0].overrides);
    expect(planned.plan.subtitle).toBe('Sub');
    expect(planned.spec.value.cover).toEqual({});
    // A glyph the heading font lacks: the message names the catalogue's line, not the spec's.
    const bad = tempDir({
      'b.yaml': BOOK,
      'c.yaml': 'catalogue: Shelf\nbooks:\n  - { spec: b.yaml, title: "\u{1F600}\u{1F600}" }\n',
    });
    const cb = loadCatalogue(join(bad, 'c.yaml'));
    await expect(planSpecFiles(cb.books[0].spec, {}, undefined, cb.books[0].overrides)).rejects.toThrow(
      /c\.yaml:3:/,
    );
  });

  it('refuses bad fields with their places', () => {
    const e = refusal('catalogue: Shelf\nbooks:\n  - { spec: b.yaml, seed: -1, titel: x }\n');
    expect(e.message).toMatch(/c\.yaml:3:\d+: books\[0\]: unknown key "titel"/);
    expect(e.message).toMatch(/did you mean "title"/);
    expect(e.message).toMatch(/books\[0\]\.seed: must be at least 0/);
    expect(refusal('catalogue: Shelf\nbooks: []\n').message).toMatch(/books: needs at least 1 item/);
    expect(refusal('catalogue: Shelf\nbooks:\n  - { spec: b.yaml, id: "Vol 1" }\n').message).toMatch(
      /books\[0\]\.id: expected an id of lower-case letters/,
    );
    expect(
      refusal('catalogue: S\nbooks:\n  - { spec: b.yaml, keywords: [a, b, c, d, e, f, g, h] }\n').message,
    ).toMatch(/keywords: may have at most 7 items/);
    // A book spec given as the catalogue: not quoted, said what it is not.
    const dir = tempDir({ 'b.yaml': BOOK });
    expect(() => loadCatalogue(join(dir, 'b.yaml'))).toThrow(/is not a catalogue/);
  });

  it('refuses a missing spec, one outside its folder, itself and another catalogue, located', () => {
    expect(refusal('catalogue: S\nbooks:\n  - b.yaml\n  - gone.yaml\n').message).toMatch(
      /c\.yaml:4:5: spec file not found: gone\.yaml/,
    );
    const outside = refusal('catalogue: S\nbooks:\n  - ../elsewhere.yaml\n');
    expect(outside.where).toMatch(/c\.yaml:3:5/);
    expect(outside.what).toMatch(/is outside the folders a catalogue may name/);
    expect(outside.hint).toMatch(/--allow-any-path/);
    expect(refusal('catalogue: S\nbooks:\n  - { spec: c.yaml }\n').message).toMatch(
      /c\.yaml:3:\d+: names the catalogue itself/,
    );
    expect(
      refusal('catalogue: S\nbooks:\n  - other.yaml\n', {
        'other.yaml': 'catalogue: Other\nbooks: [b.yaml]\n',
      }).message,
    ).toMatch(/c\.yaml:3:5: names another catalogue \(other\.yaml\)/);
    // Every problem at once.
    expect(refusal('catalogue: S\nbooks:\n  - gone.yaml\n  - c.yaml\n').message).toMatch(/^2 problems/);
  });

  it('refuses two books that would write one folder', () => {
    const e = refusal('catalogue: S\nbooks:\n  - b.yaml\n  - { spec: sub/b.yaml }\n', {});
    // sub/b.yaml is missing here: make it and try again.
    expect(e.message).toMatch(/not found/);
    const dir = tempDir({ 'b.yaml': BOOK, 'c.yaml': 'catalogue: S\nbooks:\n  - b.yaml\n  - sub/b.yaml\n' });
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'b.yaml'), BOOK);
    expect(() => loadCatalogue(join(dir, 'c.yaml'))).toThrow(
      /c\.yaml:4:5: books\[1\] and books\[0\] \(.*c\.yaml:3:5\) have the same id "b": both would write the folder b\//,
    );
    const ids = refusal('catalogue: S\nbooks:\n  - { spec: b.yaml, id: v }\n  - { spec: b.yaml, id: v }\n');
    expect(ids.where).toMatch(/c\.yaml:4:\d+/);
  });

  it('makes ids an output folder can take from any spec name', () => {
    expect(defaultBookId('/x/Maze Trail.yaml', undefined)).toBe('maze-trail');
    expect(defaultBookId('/x/Été.yaml', 3)).toBe('ete-3');
    expect(defaultBookId('/x/???.yaml', undefined)).toBe('book');
    expect(defaultBookId(`/x/${'a'.repeat(300)}.yaml`, 12).length).toBeLessThanOrEqual(64);
  });
});
