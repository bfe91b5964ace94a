import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBook, generatePuzzles, planSpec } from '../../src/book/build-book.js';
import { checkBook } from '../../src/book/select.js';
import { canonicalHash } from '../../src/codec/canonical.js';
import { tempDir } from '../helpers.js';

const pages = (n: number, maze: string) =>
  Array.from({ length: n }, (_, i) => `  - { id: p${i}, maze: { ${maze} } }`).join('\n');

describe('no puzzle repeats another', () => {
  it('makes 200 4×4 mazes in one book 200 distinct mazes, re-rolling the repeats', async () => {
    const dir = tempDir({
      'b.yaml': `title: T\nseed: 1\nper-page: 6\npages:\n${pages(200, 'cells: [4, 4]')}\n`,
    });
    const puzzles = generatePuzzles(await planSpec(join(dir, 'b.yaml')));
    expect(new Set(puzzles.map((p) => canonicalHash(p.maze))).size).toBe(200);
    expect(checkBook(puzzles)).toEqual([]);
    // Without re-rolls some of these would repeat (179 distinct of 200): some puzzles took a later seed.
    expect(puzzles.filter((p) => p.candidate > 0).length).toBeGreaterThan(0);
  });

  it('re-rolls a series whose mazes another volume has (--avoid), keeping it rising', async () => {
    const spec =
      'title: T\nseed: 6\npages:\n  - series: { count: 8, from: 2.6, to: 3.4, cells: [4, 4], candidates: 3 }\n';
    const dir = tempDir({ 'one.yaml': spec, 'two.yaml': spec.replace('title: T', 'title: Two') });
    await buildBook(join(dir, 'one.yaml'), { output: join(dir, 'one.pdf') });
    const two = await buildBook(join(dir, 'two.yaml'), {
      output: join(dir, 'two.pdf'),
      avoid: [join(dir, 'one.lock.json')],
    });
    const theirs = JSON.parse(readFileSync(join(dir, 'one.lock.json'), 'utf8')).puzzles.map(
      (e: { canonical: string }) => e.canonical,
    );
    const ours = two.puzzles.map((p) => canonicalHash(p.maze));
    expect(ours.filter((h) => theirs.includes(h))).toEqual([]);
    const scores = two.puzzles.map((p) => p.rating?.score ?? 0);
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThanOrEqual(scores[i - 1]);
  });
});

// Worker threads run compiled code, so these drive the built CLI.
const BIN = resolve('bin/mazebook.js');
const built = existsSync(resolve('dist/book/puzzle-worker.js'));
const run = (args: string[], workers: string) =>
  spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', MAZEBOOK_WORKERS: workers },
  });

describe.skipIf(!built)('repeats on worker threads', () => {
  it('are re-rolled in book order: the same book on one thread and on two', () => {
    const dir = tempDir({
      'b.yaml': `title: T\nseed: 3\npages:\n${pages(24, 'cells: 3')}\n  - series: { count: 6, from: 2, to: 3, cells: 3, candidates: 2 }\n`,
    });
    const par = run(['build', join(dir, 'b.yaml'), '-o', join(dir, 'par.pdf')], '2');
    const ser = run(['build', join(dir, 'b.yaml'), '-o', join(dir, 'ser.pdf')], '0');
    expect(par.status, par.stderr).toBe(0);
    expect(ser.status, ser.stderr).toBe(0);
    expect(Buffer.compare(readFileSync(join(dir, 'par.pdf')), readFileSync(join(dir, 'ser.pdf')))).toBe(0);
    const lock = readFileSync(join(dir, 'par.lock.json'), 'utf8');
    expect(lock).toBe(readFileSync(join(dir, 'ser.lock.json'), 'utf8'));
    const entries: { canonical: string; candidate: number }[] = JSON.parse(lock).puzzles;
    expect(new Set(entries.map((e) => e.canonical)).size).toBe(30);
    // Pages without a target keep candidate 0 unless it repeated an earlier maze: some did.
    expect(entries.slice(0, 24).some((e) => e.candidate > 0)).toBe(true);
    expect(par.stderr).toBe(ser.stderr);
  }, 60_000);

  it('that cannot be avoided are a located error, exit 2, and nothing written', () => {
    const dir = tempDir({ 'b.yaml': `title: T\npages:\n${pages(6, 'cells: 2')}\n` });
    const r = run(['build', join(dir, 'b.yaml'), '-o', join(dir, 'x.pdf')], '2');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /b\.yaml:\d+:5: not enough distinct mazes: puzzle \d \(2×2 cells\): each of its next 48/,
    );
    expect(r.stderr).toMatch(/use more cells, or fewer puzzles of this size/);
    expect(existsSync(join(dir, 'x.pdf'))).toBe(false);
  }, 60_000);
});
