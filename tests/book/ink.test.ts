import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import { buildBook, layoutBook } from '../../src/book/build-book.js';
import { nonGreyColours } from '../../src/book/ink-check.js';
import type { PathItem } from '../../src/layout/display-list.js';
import { builtinThemes, loadTheme, themeForInk } from '../../src/plan/theme.js';
import { tempDir } from '../helpers.js';
import { inspectPdf } from '../pdf-inspect.js';

const SPEC = (extra: string) => `title: Ink
seed: 3
paper: trim-6x9
${extra}
front: [title-page]
pages:
  - { maze: { cells: [8, 10] } }
  - { maze: { shape: hex, cells: [8, 9], mazegram: "Hi there" } }
  - { maze: { shape: circle, rings: 6, exit: centre } }
`;

/** Every colour-setting operator of a content stream: `… rg`, `… k`, `/DeviceRGB cs` and so on. */
const COLOUR_OPS = /(?:^|\s)((?:[-\d.]+\s+){1,4}(?:rg|RG|k|K|g|G|sc|scn|SC|SCN)|\/\w+\s+(?:cs|CS))(?=\s)/g;

describe('ink: black', () => {
  it('is the default with profile kdp: only black ink in every content stream, checked uncompressed', async () => {
    const dir = tempDir({ 'b.yaml': SPEC('profile: kdp\ntheme: { base: kids }\nshow-difficulty: stars') });
    const r = await buildBook(join(dir, 'b.yaml'), { output: join(dir, 'b.pdf') });
    expect(r.warnings.filter((w) => w.includes('ink'))).toEqual([]);
    const pdf = readFileSync(join(dir, 'b.pdf'));
    expect(nonGreyColours(pdf)).toEqual([]);
    const { contents } = await inspectPdf(pdf);
    const ops = contents.flatMap((c) => [...c.matchAll(COLOUR_OPS)].map((m) => m[1].trim()));
    expect(ops.length).toBeGreaterThan(10);
    for (const op of ops) {
      // Colour spaces are DeviceCMYK only, and every CMYK colour has no cyan, magenta or yellow.
      if (/cs$|CS$/.test(op)) expect(op).toMatch(/^\/DeviceCMYK /);
      else expect(op, op).toMatch(/^0 0 0 [\d.]+ (scn|SCN|k|K)$/);
    }
    // Walls and text are 100 % black.
    expect(ops).toContain('0 0 0 1 SCN');
    expect(ops).toContain('0 0 0 1 scn');
  });

  it('draws answer keys with 55 % K walls, a black route 2.5 walls wide over them, a grey band under them', async () => {
    const dir = tempDir({ 'b.yaml': SPEC('ink: black') });
    const { doc, plan } = await layoutBook(join(dir, 'b.yaml'));
    const answers = doc.pages.at(-1);
    const paths = (answers?.items ?? []).filter((i): i is PathItem => i.type === 'path' && !!i.stroke);
    const walls = paths.filter((i) => i.role === 'walls');
    const bands = paths.filter((i) => i.role === 'band');
    const lines = paths.filter((i) => i.role === 'route');
    expect(walls).toHaveLength(3);
    expect(bands).toHaveLength(3);
    expect(lines).toHaveLength(3);
    const wall = walls[0].stroke?.width ?? 0;
    for (const w of walls) expect(w.stroke?.color).toBe('#737373');
    for (const band of bands) {
      expect(band.stroke?.color).toBe(plan.theme.grayscale.solution);
      expect(band.stroke?.width).toBeGreaterThanOrEqual(2.5 * wall);
      // Under the walls: drawn just before them.
      const at = answers?.items.indexOf(band) ?? -1;
      expect(walls).toContain(answers?.items[at + 1]);
    }
    for (const line of lines) {
      expect(line.stroke?.color).toBe('#000000');
      expect(line.stroke?.width).toBeGreaterThanOrEqual(2.5 * wall - 1e-9);
      expect(line.stroke?.cap).toBe('round');
      expect(answers?.items.indexOf(line)).toBeGreaterThan(answers?.items.indexOf(walls[0]) ?? Infinity);
    }
  });

  it('prints every built-in theme in greys: walls and text black, white pages, no tint', () => {
    const files = createFileAccess(defaultPathPolicy(process.cwd()));
    for (const name of builtinThemes()) {
      const theme = themeForInk(loadTheme(name, process.cwd(), files, 'test'), 'black', false);
      expect(theme.colors.walls, name).toBe('#000000');
      expect(theme.colors.text, name).toBe('#000000');
      expect(theme.colors.page, name).toBe('#ffffff');
      expect(theme.colors.background, name).toBeUndefined();
      for (const c of Object.values(theme.colors)) {
        if (c === undefined) continue;
        expect(c.slice(1, 3), `${name} ${c}`).toBe(c.slice(3, 5));
        expect(c.slice(3, 5), `${name} ${c}`).toBe(c.slice(5, 7));
      }
    }
  });

  it('leaves out a page colour unless the theme asks for a tint and the spec confirms it', async () => {
    const dir = tempDir({ 'b.yaml': SPEC("profile: kdp\ntheme: { base: classic, page: '#fffaf0' }") });
    const r = await layoutBook(join(dir, 'b.yaml'));
    expect(r.doc.pages.every((p) => p.background === undefined)).toBe(true);
    expect(r.warnings.join('\n')).toMatch(/ink: black prints white pages: the page colour #fffaf0/);
  });

  it('finds colour the ink check must refuse, compressed or not, and passes greys', () => {
    const stream = (content: string, flate: boolean) => {
      const body = flate ? deflateSync(Buffer.from(content)) : Buffer.from(content);
      return Buffer.concat([
        Buffer.from(`1 0 obj\n<< /Length ${body.length}${flate ? ' /Filter /FlateDecode' : ''} >>\nstream\n`),
        body,
        Buffer.from('\nendstream\nendobj\n'),
      ]);
    };
    const pdf = (...parts: Buffer[]) => Buffer.concat([Buffer.from('%PDF-1.7\n'), ...parts]);
    expect(nonGreyColours(pdf(stream('0 g 0.5 G 0 0 0 1 k /DeviceCMYK cs 0 0 0 0.3 scn', true)))).toEqual([]);
    expect(
      nonGreyColours(
        pdf(
          stream('/DeviceRGB CS 0.8 0.2 0.3 SCN', true),
          stream('0.1 0 0 1 k (text with rg inside) Tj', false),
          stream('0.5 0.5 0.5 rg', false),
        ),
      ),
    ).toEqual(['0.8 0.2 0.3 SCN', '0.1 0 0 1 k', '0.5 0.5 0.5 rg']);
  });
});

describe('colour inks', () => {
  it('print the theme as it is (the ink check does not apply)', async () => {
    const dir = tempDir({ 'b.yaml': SPEC('profile: kdp\nink: premium-color') });
    const r = await buildBook(join(dir, 'b.yaml'), { output: join(dir, 'b.pdf') });
    expect(nonGreyColours(readFileSync(r.output)).length).toBeGreaterThan(0);
    expect(r.warnings.filter((w) => w.includes('ink'))).toEqual([]);
  });
});
