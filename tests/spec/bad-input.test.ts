import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { layoutBook } from '../../src/book/build-book.js';
import { tempDir } from '../helpers.js';

/** Builds a spec (up to layout) in a temp folder and returns the UserError it raises. */
async function errorOf(spec: string, files: Record<string, string | Buffer> = {}): Promise<UserError> {
  const dir = tempDir({ 'book.yaml': spec, ...files });
  try {
    await layoutBook(join(dir, 'book.yaml'));
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected the spec to be refused');
}

const ok = (extra = '') => `title: T\n${extra}pages:\n  - maze: { cells: [4, 4] }\n`;

describe('bad input gets one clear message with file:line:col', () => {
  it('reports YAML syntax errors at their position', async () => {
    const e = await errorOf('title: T\npages:\n  - maze: { cells: [4, 4]\n');
    expect(e.where).toMatch(/book\.yaml:\d+:\d+$/);
    expect(e.what).toMatch(/YAML syntax error/);
    expect(e.hint).toBeTruthy();
  });

  it('reports duplicate keys', async () => {
    const e = await errorOf('title: T\ntitle: U\npages:\n  - maze: { cells: [4, 4] }\n');
    expect(e.where).toMatch(/book\.yaml:2:1$/);
    expect(e.hint).toMatch(/once/);
  });

  it('names an unknown key and suggests the right one', async () => {
    const e = await errorOf('title: T\npages:\n  - maze: { cells: [4, 4], straightnes: 0.5 }\n');
    expect(e.where).toMatch(/book\.yaml:3:28$/);
    expect(e.what).toBe('pages[0].maze: unknown key "straightnes"');
    expect(e.hint).toBe('did you mean "straightness"?');
  });

  it('suggests a top-level key too', async () => {
    const e = await errorOf('titel: T\npages:\n  - maze: { cells: [4, 4] }\n');
    expect(e.message).toMatch(/unknown key "titel"/);
    expect(e.hint).toBe('did you mean "title"?');
  });

  it('reports a wrong type with what was expected', async () => {
    const e = await errorOf(ok('seed: twelve\n'));
    expect(e.where).toMatch(/book\.yaml:2:7$/);
    expect(e.what).toBe('seed: expected a number, got "twelve"');
  });

  it('reports a missing required field', async () => {
    const e = await errorOf('pages:\n  - maze: { cells: [4, 4] }\n');
    expect(e.what).toMatch(/^title: is required/);
  });

  it('reports out-of-range cell counts, both ways', async () => {
    const zero = await errorOf('title: T\npages:\n  - maze: { cells: 0 }\n');
    expect(zero.where).toMatch(/book\.yaml:3:20$/);
    expect(zero.what).toMatch(/pages\[0\]\.maze\.cells: .*got 0/);
    const huge = await errorOf('title: T\npages:\n  - maze: { cells: [100000, 10] }\n');
    expect(huge.what).toMatch(/pages\[0\]\.maze\.cells/);
    expect(huge.what).toMatch(/2048|at most/);
  });

  it('names the cell limit when a maze is too big in total', async () => {
    const e = await errorOf(
      'title: T\npaper: { width: 190in, height: 190in }\npages:\n  - maze: { cells: [2000, 2000] }\n',
    );
    expect(e.what).toMatch(/over the limit of 1048576 cells/);
  });

  it('refuses cells too small to print, naming the sizes', async () => {
    const e = await errorOf('title: T\npages:\n  - maze: { cells: [300, 300] }\n');
    expect(e.what).toMatch(/300×300 cells would leave passages .*pt wide/);
    expect(e.hint).toMatch(/fewer cells/);
  });

  it('refuses an unknown paper name with a suggestion', async () => {
    const e = await errorOf(ok('paper: a44\n'));
    expect(e.where).toMatch(/book\.yaml:2:8$/);
    expect(e.what).toBe('unknown paper "a44"');
    expect(e.hint).toMatch(/did you mean "a4"/);
  });

  it('refuses an unknown algorithm with the valid names', async () => {
    const e = await errorOf('title: T\npages:\n  - maze: { cells: 4, algorithm: backtraker }\n');
    expect(e.what).toMatch(/expected "backtracker"/);
    expect(e.hint).toBe('did you mean "backtracker"?');
  });

  it('refuses a missing theme, built-in or file', async () => {
    const named = await errorOf(ok('theme: clasic\n'));
    expect(named.where).toMatch(/book\.yaml:2:8$/);
    expect(named.hint).toMatch(/did you mean "classic"/);
    const file = await errorOf(ok('theme: mine.yaml\n'));
    expect(file.what).toMatch(/theme file not found: mine\.yaml/);
  });

  it('refuses a theme whose font is missing or not a font, at the theme line', async () => {
    const theme = (font: string) => `name: Mine
colors: { page: '#ffffff', walls: '#000000', solution: '#ff0000', markers: '#00ff00', text: '#000000', muted: '#777777' }
walls: { width: 1pt, cap: square, join: miter }
solution: { width: 2pt }
markers: { size: 10pt }
fonts: { heading: ${font}, body: ${font} }
sizes: { title: 30pt, subtitle: 14pt, heading: 18pt, body: 11pt, label: 8pt, folio: 9pt }
`;
    const missing = await errorOf(ok('theme: mine.yaml\n'), { 'mine.yaml': theme('nope.ttf') });
    expect(missing.where).toMatch(/mine\.yaml:6:19$/);
    expect(missing.what).toMatch(/font file not found: nope\.ttf/);
    const notFont = await errorOf(ok('theme: mine.yaml\n'), {
      'mine.yaml': theme('fake.ttf'),
      'fake.ttf': 'not a font',
    });
    expect(notFont.what).toMatch(/fake\.ttf is not a font/);
  });

  it('refuses files outside the spec folder', async () => {
    const e = await errorOf(ok('theme: ../../../etc/theme.yaml\n'));
    expect(e.what).toMatch(/outside the folders/);
    expect(e.hint).toMatch(/--allow-any-path/);
  });

  it('refuses a template with an unknown variable, naming the variables there are', async () => {
    const e = await errorOf('title: T\npages:\n  - { title: "Maze {{numbr}}", maze: { cells: 4 } }\n');
    expect(e.where).toMatch(/book\.yaml:3:14$/);
    expect(e.what).toMatch(/numbr/);
    expect(e.hint).toMatch(/\{\{number\}\}/);
  });

  it('refuses duplicate page ids', async () => {
    const e = await errorOf(
      'title: T\npages:\n  - { id: a, maze: { cells: 4 } }\n  - { id: a, maze: { cells: 4 } }\n',
    );
    expect(e.where).toMatch(/book\.yaml:4:11$/);
    expect(e.what).toMatch(/already used by pages\[0\]/);
  });

  it('refuses a bad length and a bad percentage', async () => {
    expect((await errorOf(ok('margins: 2 inches\n'))).what).toMatch(/expected a length such as 7mm/);
    const at = await errorOf('title: T\npages:\n  - maze: { cells: 4, entry: { side: top, at: 130% } }\n');
    expect(at.what).toMatch(/pages\[0\]\.maze\.entry/);
  });

  it('refuses an empty page list and a missing spec file', async () => {
    expect((await errorOf('title: T\npages: []\n')).what).toMatch(/needs at least 1 item/);
    await expect(layoutBook('/nonexistent/book.yaml')).rejects.toThrow(/spec file not found/);
  });

  it('bounds the page count', async () => {
    const pages = Array.from({ length: 2001 }, () => '  - maze: { cells: 2 }').join('\n');
    expect((await errorOf(`title: T\npages:\n${pages}\n`)).what).toMatch(/at most 2000 items/);
  });

  it('refuses impossible dates, zero passages and characters the font lacks', async () => {
    expect((await errorOf(ok('date: 2026-13-45\n'))).what).toMatch(/real calendar date/);
    expect((await errorOf('title: T\npages:\n  - maze: { passage: 0mm }\n')).what).toMatch(/longer than 0/);
    const glyph = await errorOf('title: T\npages:\n  - { title: "Maze ☃", maze: { cells: 4 } }\n');
    expect(glyph.where).toMatch(/book\.yaml:3:14$/); // at the title
    expect(glyph.what).toMatch(/no glyph for "☃"/);
    expect((await errorOf('title: "Snow ☃"\npages:\n  - maze: { cells: 4 }\n')).where).toMatch(
      /book\.yaml:1:8$/,
    );
  });

  it('words template errors without the template engine internals', async () => {
    const e = await errorOf('title: T\npages:\n  - { title: "Maze {{numbr}}", maze: { cells: 4 } }\n');
    expect(e.what).toBe('template "Maze {{numbr}}" cannot be used: unknown variable "numbr"');
  });

  it('refuses an algorithm option the algorithm does not read, at the option', async () => {
    const e = await errorOf(
      'title: T\npages:\n  - maze: { cells: 4, algorithm: kruskal, straightness: 0.5 }\n',
    );
    expect(e.where).toMatch(/book\.yaml:3:57$/);
    expect(e.what).toBe('straightness does not apply to algorithm kruskal');
    expect(e.hint).toMatch(/read by backtracker/);
    // A default that a page's own algorithm does not read is simply not used.
    const dir = tempDir({
      'b.yaml':
        'title: T\ndefaults: { straightness: 0.5 }\npages:\n  - maze: { cells: 4, algorithm: wilson }\n',
    });
    await expect(layoutBook(join(dir, 'b.yaml'))).resolves.toBeDefined();
  });

  it('refuses an unknown post-process, listing the valid ones', async () => {
    const e = await errorOf('title: T\npages:\n  - maze: { cells: 4, post: [reduce-paths] }\n');
    expect(e.where).toMatch(/book\.yaml:3:30$/);
    expect(e.what).toMatch(
      /pages\[0\]\.maze\.post\[0\]: expected reduce-path, reverse-wasted-turns, \{cross-cuts: n\}/,
    );
    expect(e.hint).toBe('did you mean "reduce-path"?');
    const bad = await errorOf('title: T\npages:\n  - maze: { cells: 4, post: [{ braid: 2 }] }\n');
    expect(bad.what).toMatch(/post\[0\]\.braid: must be at most 1/);
  });

  it('refuses alias bombs', async () => {
    const bomb = `a: &a [x, x, x, x, x, x, x, x, x, x]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
d: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
title: T
pages: [{ maze: { cells: 4 } }]
`;
    expect((await errorOf(bomb)).what).toMatch(/YAML could not be read|alias/i);
  });
});

describe('bad shapes and masks', () => {
  const page = (maze: string) => `title: T\npages:\n  - maze: ${maze}\n`;

  it('refuses an unknown shape or mask name with a suggestion', async () => {
    const shape = await errorOf(page('{ shape: hexagon, cells: 5 }'));
    expect(shape.where).toMatch(/book\.yaml:3:20$/);
    expect(shape.what).toMatch(/maze\.shape: expected "square", "hex", .*\(got "hexagon"\)/);
    const mask = await errorOf(page('{ cells: 10, mask: hart }'));
    expect(mask.what).toMatch(
      /maze\.mask: expected a shape name \(heart, circle, .*\) or one of \{shape\}, .* \(got "hart"\)/,
    );
    expect(mask.hint).toBe('did you mean "heart"?');
  });

  it('points at the column of a formula syntax error', async () => {
    const e = await errorOf(page('{ cells: 10, mask: { formula: "x*x + * y < 1" } }'));
    expect(e.where).toMatch(/book\.yaml:3:41$/);
    expect(e.what).toBe(
      "formula column 7: expected a number, a name or '(' but found '*'\n  x*x + * y < 1\n        ^",
    );
    const name = await errorOf(page('{ cells: 10, mask: { formula: "sni(x) < y" } }'));
    expect(name.what).toMatch(/column 1: .*sni/);
    expect(`${name.what} ${name.hint}`).toMatch(/did you mean sin/);
  });

  it('refuses missing, non-image and oversized pictures', async () => {
    const missing = await errorOf(page('{ cells: 10, mask: { image: cat.png } }'));
    expect(missing.where).toMatch(/book\.yaml:3:39$/);
    expect(missing.what).toBe('image file not found: cat.png');
    const text = await errorOf(page('{ cells: 10, mask: { image: cat.png } }'), {
      'cat.png': 'not a picture',
    });
    expect(text.what).toMatch(/cat\.png is not an image/);
    const big = await errorOf(page('{ cells: 10, mask: { image: big.png } }'), {
      'big.png': Buffer.alloc(21 * 1024 * 1024),
    });
    expect(big.what).toMatch(/big\.png is \d+ bytes; the limit is/);
  });

  it('refuses a font that is not a font, and characters the font lacks', async () => {
    const e = await errorOf(page('{ cells: 10, mask: { text: "HI", font: f.ttf } }'), { 'f.ttf': 'nope' });
    expect(e.where).toMatch(/book\.yaml:3:50$/);
    expect(e.what).toBe('f.ttf is not a font fontkit can read (or it is damaged)');
    const glyph = await errorOf(page('{ cells: 10, mask: { text: "HI☃", font: lato-bold } }'));
    expect(glyph.what).toMatch(/☃/);
  });

  it('refuses a mask that leaves nothing, at the mask', async () => {
    const e = await errorOf(page('{ cells: 10, mask: { formula: "x > 5" } }'));
    expect(e.where).toMatch(/book\.yaml:3:30$/);
    expect(e.what).toBe('mask formula "x > 5" leaves no cells of the square grid 10×10');
  });

  it('refuses sizing that does not suit the shape, and centre at both ends', async () => {
    expect((await errorOf(page('{ shape: circle, cells: 10 }'))).what).toBe(
      'circle mazes are sized by rings, not cells',
    );
    expect((await errorOf(page('{ rings: 10 }'))).what).toBe('square mazes are sized by cells, not rings');
    expect((await errorOf(page('{ cells: 5, hex-top: flat }'))).what).toBe(
      'hex-top applies to hex mazes only, not square',
    );
    const both = await errorOf(page('{ shape: circle, rings: 5, entry: centre, exit: centre }'));
    expect(both.what).toBe('entry and exit are both at the centre');
    const finger = await errorOf(page('{ cells: 5, algorithm: finger, exit: centre }'));
    expect(finger.what).toMatch(/finger needs its entry and exit on the rim/);
  });
});
