import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBook } from '../../src/book/build-book.js';
import { tempDir } from '../helpers.js';

const SPEC =
  'title: T\nseed: 4\npages:\n  - { id: a, maze: { cells: 6 } }\n  - { id: b, maze: { cells: 7 } }\n';

describe('lockfile', () => {
  it('is written next to the PDF with a seed, generator and hash per puzzle', async () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    await buildBook(join(dir, 'b.yaml'), { output: join(dir, 'b.pdf') });
    const lock = JSON.parse(readFileSync(join(dir, 'b.lock.json'), 'utf8'));
    expect(lock).toMatchObject({ format: 'mazebook-lock', version: 1, book: { title: 'T', seed: 4 } });
    expect(lock.puzzles.map((p: { key: string }) => p.key)).toEqual(['a', 'b']);
    expect(lock.puzzles[0]).toMatchObject({ number: 1, candidate: 0, generator: 'backtracker@2' });
    expect(lock.puzzles[0].seed).toMatch(/^[0-9a-f]{32}$/);
    expect(lock.puzzles[0].hash).toMatch(/^[0-9a-f]{16}$/);
    expect(lock.puzzles[0].hash).not.toBe(lock.puzzles[1].hash);
  });

  it('--frozen passes on an unchanged spec and names the pages a change would alter', async () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    const out = join(dir, 'b.pdf');
    await expect(buildBook(join(dir, 'b.yaml'), { output: out, frozen: true })).rejects.toThrow(
      /--frozen: there is no lockfile to compare with/,
    );
    expect(existsSync(out)).toBe(false);
    await buildBook(join(dir, 'b.yaml'), { output: out });
    await expect(buildBook(join(dir, 'b.yaml'), { output: out, frozen: true })).resolves.toBeDefined();
    const before = readFileSync(out);
    writeFileSync(join(dir, 'b.yaml'), SPEC.replace('cells: 7', 'cells: 7, algorithm: wilson'));
    const change = buildBook(join(dir, 'b.yaml'), { output: out, frozen: true });
    await expect(change).rejects.toThrow(
      /--frozen: 1 puzzle would differ from the lockfile:\n {2}puzzle 2 \(b\): generator backtracker@2 is now wilson@2/,
    );
    expect(Buffer.compare(readFileSync(out), before)).toBe(0);
    writeFileSync(join(dir, 'b.yaml'), SPEC.replace('seed: 4', 'seed: 5'));
    await expect(buildBook(join(dir, 'b.yaml'), { output: out, frozen: true })).rejects.toThrow(
      /2 puzzles would differ.*puzzle 1 \(a\) would be a different maze/s,
    );
  });

  it('--avoid re-rolls puzzles identical to another volume’s, and reports the hand-made ones it cannot', async () => {
    const fm = 'FM3iEi1W0E0';
    const spec = `${SPEC}  - { id: c, maze: { fm: "${fm}" } }\n`;
    const dir = tempDir({ 'one.yaml': spec, 'two.yaml': spec.replace('title: T', 'title: Two') });
    await buildBook(join(dir, 'one.yaml'), { output: join(dir, 'one.pdf') });
    const one = JSON.parse(readFileSync(join(dir, 'one.lock.json'), 'utf8'));
    const r = await buildBook(join(dir, 'two.yaml'), {
      output: join(dir, 'two.pdf'),
      avoid: [join(dir, 'one.lock.json')],
    });
    const two = JSON.parse(readFileSync(join(dir, 'two.lock.json'), 'utf8'));
    // The same spec and seed: each generated puzzle would be volume one's, so it takes its next candidate.
    expect(two.puzzles.slice(0, 2).map((e: { candidate: number }) => e.candidate)).toEqual([1, 1]);
    const theirs = new Set(one.puzzles.map((e: { canonical: string }) => e.canonical));
    expect(two.puzzles.slice(0, 2).filter((e: { canonical: string }) => theirs.has(e.canonical))).toEqual([]);
    // A Finger Maze string is the author's: it cannot be re-rolled, so it is reported.
    expect(
      r.warnings.filter((w) => /is identical to puzzle \d \([abc]\) of .*one\.lock\.json/.test(w)),
    ).toEqual([expect.stringMatching(/puzzle 3 is identical to puzzle 3 \(c\)/)]);
  });
});

describe('hand-made mazes in a spec', () => {
  it('places a Finger Maze string as a puzzle: solved, answered and locked as fm', async () => {
    const dir = tempDir({
      'f.yaml': 'title: F\npages:\n  - maze: { fm: FM3iEi1W0E0 }\n  - maze: { cells: 5 }\n',
    });
    const r = await buildBook(join(dir, 'f.yaml'), { output: join(dir, 'f.pdf'), rate: true });
    const [fm] = r.puzzles;
    expect(fm.maze.grid.sizeLabel).toBe('3×1');
    expect([...fm.solution.cells]).toEqual([0, 1, 2]);
    expect(fm.rating?.score).toBeGreaterThanOrEqual(1);
    const lock = JSON.parse(readFileSync(join(dir, 'f.lock.json'), 'utf8'));
    expect(lock.puzzles[0]).toMatchObject({ generator: 'fm', recipe: { fixed: true } });
    expect(lock.puzzles[0].canonical).toMatch(/^[0-9a-f]{64}$/);
  });

  it('points at the column of a bad Finger Maze string, and refuses sizing beside it', async () => {
    const bad = tempDir({ 'f.yaml': 'title: F\npages:\n  - maze: { fm: FM3iEq1W0E0 }\n' });
    await expect(buildBook(join(bad, 'f.yaml'), { output: join(bad, 'f.pdf') })).rejects.toThrow(
      /f\.yaml:3:17: fm: column 6: /,
    );
    const sized = tempDir({ 'f.yaml': 'title: F\npages:\n  - maze: { fm: FM3iEi1W0E0, cells: 4 }\n' });
    await expect(buildBook(join(sized, 'f.yaml'), { output: join(sized, 'f.pdf') })).rejects.toThrow(
      /cells cannot be set with it/,
    );
  });
});
