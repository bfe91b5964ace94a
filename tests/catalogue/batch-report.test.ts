import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { BookReport } from '../../src/catalogue/catalogue-report.js';
import { tempDir } from '../helpers.js';
import { mazebookInProcess } from '../run-cli.js';

/**
 * What `mazebook batch` tells its user: the table of books (book, status, pages, puzzles, spine, time,
 * warnings) on stdout and the same figures in report.json, a progress line on a terminal only, and the exit
 * code of the worst book.
 */

// A KDP book with a cover: four pages, so KDP's 24-page floor gives one warning (an error with --strict).
const KDP = `title: A
seed: 3
date: 2026-01-01
profile: kdp
paper: trim-6x9
bleed: 0.125in
pages:
  - maze: { cells: [4, 5] }
cover: { maze: { cells: [4, 4] } }
`;
const PLAIN =
  'title: B\nseed: 4\ndate: 2026-01-01\npages:\n  - maze: { cells: [4, 5] }\n  - maze: { cells: [5, 5] }\n';

/** The escape that starts a terminal control sequence, and the one that returns to column 1 and clears the line. */
const ESC = '\x1b';
const CLEAR = `\r${ESC}[2K`;

function shelf(): { cat: string; out: string } {
  const dir = tempDir({
    'a.yaml': KDP,
    'b.yaml': PLAIN,
    'c.yaml': 'catalogue: Shelf\nbooks: [a.yaml, b.yaml]\n',
  });
  return { cat: join(dir, 'c.yaml'), out: join(dir, 'out') };
}

const reportOf = (out: string): { books: BookReport[]; exitCode: number } =>
  JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));

/** The printed table's rows by book id, each split into its columns (the time column is `0.3 s`). */
function tableRows(stdout: string): Map<string, string[]> {
  const lines = stdout.trimEnd().split('\n');
  expect(lines[0].split(/\s{2,}/)).toEqual([
    'book',
    'status',
    'pages',
    'puzzles',
    'spine',
    'time',
    'warnings',
  ]);
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(1, -1)) {
    const cells = line.split(/\s{2,}/);
    rows.set(cells[0], cells);
  }
  return rows;
}

describe('mazebook batch tells what it did', () => {
  it('in a table of book, status, pages, puzzles, spine, time and warnings, with the same in report.json', async () => {
    const { cat, out } = shelf();
    const r = await mazebookInProcess(['batch', cat, '-o', out]);
    expect(r.code, r.stderr).toBe(0);
    const report = reportOf(out);
    expect(report.books.map((b) => b.id)).toEqual(['a', 'b']);
    const rows = tableRows(r.stdout);
    for (const b of report.books) {
      const pdf = await PDFDocument.load(readFileSync(join(out, b.id, `${b.id}.pdf`)));
      expect(b.pages, b.id).toBe(pdf.getPageCount());
      const lock = JSON.parse(readFileSync(join(out, b.id, `${b.id}.lock.json`), 'utf8'));
      expect(b.puzzles, b.id).toBe(lock.puzzles.length);
      expect(b.spine, b.id).toBe(lock.cover.spine);
      expect(b.spine).toMatch(/^\d\.\d{3}in$/);
      expect(b.seconds).toBeGreaterThan(0);
      expect(rows.get(b.id), b.id).toEqual([
        b.id,
        'built',
        String(b.pages),
        String(b.puzzles),
        b.spine,
        `${b.seconds.toFixed(1)} s`,
        String(b.warnings.length),
      ]);
    }
    expect(report.books.map((b) => b.puzzles)).toEqual([1, 2]);
    expect(report.books[0].warnings).toEqual([expect.stringMatching(/a\.yaml: profile kdp: .*at least 24/)]);
    expect(report.books[1].warnings).toEqual([]);
    // Warnings also reach stderr, named by book, as they come.
    expect(r.stderr).toMatch(/^warning: a: .*a\.yaml: profile kdp: .*at least 24$/m);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^2 books: 2 built · \d+\.\d s · report .*report\.json$/,
    );
    // Run again: both up to date, with their figures from the lockfiles and no time of their own.
    const again = await mazebookInProcess(['batch', cat, '-o', out]);
    expect(again.code, again.stderr).toBe(0);
    const rows2 = tableRows(again.stdout);
    for (const b of report.books) {
      expect(rows2.get(b.id), b.id).toEqual([
        b.id,
        'up to date',
        String(b.pages),
        String(b.puzzles),
        b.spine,
        '–',
        '0',
      ]);
    }
    expect(again.stdout).toMatch(/2 books: 2 up to date/);
  }, 60_000);

  it('exits with the worst book’s code, having built the others', async () => {
    const { cat, out } = shelf();
    const r = await mazebookInProcess(['batch', cat, '-o', out, '--strict']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: a: .*a\.yaml: --strict: .*at least 24/ms);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const rows = tableRows(r.stdout);
    expect(rows.get('a')?.slice(0, 2)).toEqual(['a', 'failed']);
    expect(rows.get('b')?.slice(0, 2)).toEqual(['b', 'built']);
    expect(r.stdout).toMatch(/2 books: 1 built, 1 failed/);
    const report = reportOf(out);
    expect(report.exitCode).toBe(2);
    expect(report.books.map((b) => [b.status, b.exitCode])).toEqual([
      ['failed', 2],
      ['built', 0],
    ]);
    expect(readFileSync(join(out, 'b', 'b.pdf')).length).toBeGreaterThan(0);
  }, 60_000);

  it('draws a progress line on a terminal, and none where stderr is not one', async () => {
    const { cat, out } = shelf();
    const tty = await mazebookInProcess(['batch', cat, '-o', out], { tty: true });
    expect(tty.code, tty.stderr).toBe(0);
    // Each update redraws the one line in place; the line names the book, its place and what is being done.
    const updates = tty.stderr.split(CLEAR).filter((s) => s.length > 0);
    expect(updates).toContain('[1/2] a: checking');
    expect(updates.some((u) => /^\[1\/2\] a: generating mazes( \d+\/\d+)?$/.test(u))).toBe(true);
    expect(updates.some((u) => u.startsWith('[2/2] b: rendering PDF'))).toBe(true);
    expect(updates).toContain('[2/2] b: writing');
    // The line is cleared before anything else is printed and at the end: the last write is a clear.
    expect(tty.stderr.endsWith(CLEAR)).toBe(true);
    expect(tty.stderr).toContain(`${CLEAR}warning: a: `);
    expect(tty.stdout).not.toContain(ESC);
    // Not a terminal (a runner's log): no progress, only the warning.
    const { cat: cat2, out: out2 } = shelf();
    const log = await mazebookInProcess(['batch', cat2, '-o', out2]);
    expect(log.code, log.stderr).toBe(0);
    expect(log.stderr).not.toContain(ESC);
    expect(log.stderr).not.toContain('\r');
    expect(log.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(/^warning: a: /)]);
    // --quiet on a terminal: no progress either.
    const quiet = await mazebookInProcess(['batch', cat, '-o', out, '--quiet', '--force'], { tty: true });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain(ESC);
    expect(quiet.stdout).toBe('');
  }, 60_000);
});
