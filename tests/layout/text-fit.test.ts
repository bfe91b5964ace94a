import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { UserError } from '../../src/base/errors.js';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import { layoutBook } from '../../src/book/build-book.js';
import { sheetSpec } from '../../src/cli/sheet.js';
import type { Page, TextItem } from '../../src/layout/display-list.js';
import { fitLine, fitText } from '../../src/layout/text-items.js';
import { loadTheme } from '../../src/plan/theme.js';
import { textWidth } from '../../src/text/fonts.js';
import { tempDir } from '../helpers.js';
import { mazebookInProcess } from '../run-cli.js';

const dir = tempDir();
const classic = loadTheme('classic', dir, createFileAccess(defaultPathPolicy(dir)), 'theme');

async function laidOut(spec: string | Record<string, unknown>) {
  const text = typeof spec === 'string' ? spec : stringify(spec);
  const d = tempDir({ 'b.yaml': text });
  return layoutBook(join(d, 'b.yaml'));
}

/** The layout's error for a spec (a UserError), or undefined when it lays out. */
async function layoutError(spec: string): Promise<UserError | undefined> {
  try {
    await laidOut(spec);
    return undefined;
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
}

const texts = (page: Page): TextItem[] => page.items.filter((i): i is TextItem => i.type === 'text');

/** Words, `n` of them, of several lengths. */
function words(n: number): string {
  const pool = ['maze', 'path', 'winding', 'corridor', 'a', 'through', 'the', 'garden', 'labyrinth', 'of'];
  return Array.from({ length: n }, (_, i) => pool[(i * 7) % pool.length]).join(' ');
}

describe('fitText', () => {
  const long = words(30);
  it('wraps first: at its size when the lines may be several', () => {
    const fitted = fitText(classic, long, 'body', 12, 6, 200);
    expect(fitted?.size).toBe(12);
    expect(fitted?.lines.length).toBeGreaterThan(1);
    for (const line of fitted?.lines ?? [])
      expect(textWidth(classic.fonts.body, line, 12)).toBeLessThanOrEqual(200);
    expect(fitted?.lines.join(' ')).toBe(long);
  });

  it('then shrinks, in steps, to fit the block it is given; never under the floor', () => {
    const fitted = fitText(classic, long, 'body', 12, 6, 200, (n) => n <= 3);
    expect(fitted?.lines.length).toBeLessThanOrEqual(3);
    expect(fitted?.size).toBeLessThan(12);
    expect(fitted?.size).toBeGreaterThanOrEqual(6);
    expect(fitText(classic, long, 'body', 12, 6, 200, (n) => n <= 1)).toBeUndefined();
    // A word wider than the line at the floor cannot be set.
    expect(fitText(classic, 'Supercalifragilisticexpialidocious', 'body', 12, 10, 60)).toBeUndefined();
  });

  it('fitLine: the size that fits one line, never under the floor', () => {
    expect(fitLine(classic, 'Puzzle 12 · page 34', 'body', 9, 7, 500)).toBe(9);
    const size = fitLine(classic, 'Puzzle 12 · page 34', 'body', 9, 5, 60) ?? 0;
    expect(textWidth(classic.fonts.body, 'Puzzle 12 · page 34', size)).toBeCloseTo(60, 6);
    expect(fitLine(classic, 'Puzzle 12 · page 34', 'body', 9, 7, 40)).toBeUndefined();
  });
});

const book = (extra: string, pages = '  - { maze: { cells: [6, 8] } }') =>
  `title: Fit\nseed: 1\npaper: a5\n${extra}\npages:\n${pages}\n`;

describe('text that fits its page', () => {
  it('a 500-word book title wraps and shrinks on the title page, above the folio band, or is refused there', async () => {
    const title = words(500);
    const { doc, plan } = await laidOut(book('front: [title-page]').replace('title: Fit', `title: ${title}`));
    const lines = texts(doc.pages[0]);
    expect(lines.map((l) => l.text).join(' ')).toBe(title);
    const { content } = plan.geometry;
    const bottom = plan.geometry.folioBaseline - plan.theme.sizes.folio * 2.6;
    for (const l of lines) {
      expect(l.size).toBeGreaterThanOrEqual(plan.floors.text);
      expect(l.y - l.size).toBeGreaterThanOrEqual(content.y - 1e-6);
      expect(l.y + l.size * 0.25).toBeLessThanOrEqual(bottom + 1e-6);
      expect(l.x).toBeGreaterThanOrEqual(content.x - 1e-6);
      expect(l.x + textWidth(plan.theme.fonts.heading, l.text, l.size)).toBeLessThanOrEqual(
        content.x + content.width + 1e-6,
      );
    }
  });

  it('a 5000-character title fits a KDP title page at 7pt or more, inside the content', async () => {
    const title = words(1000).slice(0, 5000);
    const { doc, plan } = await laidOut(
      `title: ${title}\nseed: 1\npaper: trim-5.5x8.5\nprofile: kdp\nfront: [title-page]\npages:\n  - {}\n`,
    );
    const lines = texts(doc.pages[0]);
    expect(lines.map((l) => l.text).join(' ')).toBe(title);
    const { content } = plan.geometry;
    for (const l of lines) {
      expect(l.size).toBeGreaterThanOrEqual(7);
      expect(l.y - l.size).toBeGreaterThanOrEqual(content.y - 1e-6);
      expect(l.y).toBeLessThan(plan.geometry.folioBaseline - plan.theme.sizes.folio * 2.6);
      expect(l.x + textWidth(plan.theme.fonts.heading, l.text, l.size)).toBeLessThanOrEqual(
        content.x + content.width + 1e-6,
      );
    }
  });

  it('a 5000-character title that cannot fit is an error at the title (exit 2, nothing written)', async () => {
    const title = words(1000).slice(0, 5000);
    expect(title.length).toBe(5000);
    const d = tempDir({
      'b.yaml': `title: ${title}\nseed: 1\npaper: trim-5.5x8.5\naudience: large-print\nfront: [title-page]\npages:\n  - {}\n`,
    });
    const out = join(d, 'b.pdf');
    writeFileSync(out, 'previous');
    const r = await mazebookInProcess(['build', join(d, 'b.yaml'), '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/b\.yaml:1:8: "maze garden a path labyrinth through…" \(5000/);
    expect(r.stderr).toMatch(/\(5000 characters\) does not fit the title page, even set at 14pt/);
    expect(readFileSync(out, 'utf8')).toBe('previous');
    expect(existsSync(join(d, 'b.lock.json'))).toBe(false);
  });

  it('a puzzle title too long for its heading band wraps, shrinks, and is an error at its place when it cannot fit', async () => {
    const two = await laidOut(book('front: []', `  - { title: "${words(14)}", maze: { cells: [6, 8] } }`));
    const heading = texts(two.doc.pages[0]).filter((t) => t.font === 'heading');
    expect(heading.length).toBe(2);
    expect(heading[0].size).toBeLessThan(two.plan.theme.sizes.heading);
    const maze = two.plan.geometry.mazeArea;
    for (const h of heading) expect(h.y + h.size * 0.25).toBeLessThan(maze.y);
    const e = await layoutError(book('front: []', `  - { title: "${words(500)}", maze: { cells: [6, 8] } }`));
    expect(e?.where).toMatch(/b\.yaml:6:14$/);
    expect(e?.what).toMatch(/does not fit the heading band at the top of its page/);
  });

  it('long instructions are set smaller to keep above the folio; too long, an error at the item', async () => {
    const fits = await laidOut(book(`front:\n  - instructions: "${words(300)}"`));
    const page = fits.doc.pages[0];
    const body = texts(page).filter((t) => t.font === 'body' && t.text !== '1');
    const folio = texts(page).find((t) => t.text === '1') as TextItem;
    expect(body[0].size).toBeLessThan(fits.plan.theme.sizes.body);
    for (const t of body) expect(t.y).toBeLessThan(folio.y - folio.size * 2);
    // Within the 4000 characters a template may make, but more than an A5 page holds at large print's 14pt.
    const e = await layoutError(
      book(`audience: large-print\nfront:\n  - instructions: "${words(1400).slice(0, 3990)}"`),
    );
    expect(e?.what).toMatch(/does not fit its page, even set at 14pt/);
    expect(e?.where).toMatch(/b\.yaml:6:5$/);
  });

  it('many long section headings shrink on the contents page; an answer label never goes under the floor', async () => {
    const sections = Array.from(
      { length: 14 },
      (_, i) => `  - section: "Part ${i + 1}: ${words(12)}"\n  - { maze: { cells: [4, 5] } }`,
    ).join('\n');
    const { doc, plan } = await laidOut(book('front: [contents]\nprofile: kdp', sections));
    const contents = texts(doc.pages[0]);
    const bottom = plan.geometry.folioBaseline - plan.theme.sizes.folio * 2.6;
    for (const t of contents) {
      expect(t.size).toBeGreaterThanOrEqual(7);
      if (t.font === 'body' && t.text !== '1') expect(t.y).toBeLessThanOrEqual(bottom);
    }
    for (const page of doc.pages) for (const t of texts(page)) expect(t.size).toBeGreaterThanOrEqual(7);
  });
});

describe('sheets keep their title', () => {
  it.each([1, 2, 3, 4, 6, 7])('sheet --count %i', async (count) => {
    const { doc } = await laidOut(
      sheetSpec({ paper: 'a4', title: 'Maze of the Day', answers: true, count, seed: 2 }),
    );
    for (const page of doc.pages.filter((_page, i) => i % 2 === 0)) {
      expect(texts(page).some((t) => t.text === 'Maze of the Day' && t.font === 'heading')).toBe(true);
    }
  });
});
