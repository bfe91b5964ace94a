import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePuzzles, planSpec } from '../../src/book/build-book.js';
import { lockFor, withPdf } from '../../src/book/lockfile.js';
import { checkBook } from '../../src/book/select.js';
import { bfs } from '../../src/grid/bfs.js';
import { tempDir } from '../helpers.js';

const SPEC =
  'title: T\nseed: 5\npages:\n  - { maze: { cells: 6 } }\n  - { maze: { shape: hex, cells: 5 } }\n';

async function puzzles() {
  const dir = tempDir({ 'b.yaml': SPEC });
  return generatePuzzles(await planSpec(join(dir, 'b.yaml')));
}

describe('book checks', () => {
  it('count the cells the solving search reached, as a search from the entry does', async () => {
    const made = await puzzles();
    for (const p of made) {
      expect(p.reached).toBe(bfs(p.maze.grid, p.maze.open, p.maze.entryCell).reached);
      expect(p.reached).toBe(p.maze.grid.cellCount);
    }
    expect(checkBook(made)).toEqual([]);
  });

  it('still find cells that cannot be reached in a maze given without that count', async () => {
    const [p] = await puzzles();
    // Wall in the cell farthest from the entry (a new maze, so the solving search's count no longer holds).
    const { grid } = p.maze;
    const cell = bfs(grid, p.maze.open, p.maze.entryCell).order[grid.cellCount - 1];
    const open = p.maze.open.slice();
    for (let k = grid.adjStart[cell]; k < grid.adjStart[cell + 1]; k++) open[grid.adjWall[k]] = 0;
    const { reached: _r, ...rest } = p;
    const problems = checkBook([{ ...rest, maze: { ...p.maze, open } }]);
    expect(problems.some((m) => /has 1 cells that cannot be reached/.test(m))).toBe(true);
  });
});

describe('lockfile with the PDF', () => {
  it('is the lockfile lockFor writes for that PDF, key for key and in the same order', async () => {
    const made = await puzzles();
    const pdf = Buffer.from('%PDF-1.7 not really');
    const extra = { pages: 3 };
    expect(JSON.stringify(withPdf(lockFor('T', 5, made, undefined, extra), pdf))).toBe(
      JSON.stringify(lockFor('T', 5, made, pdf, extra)),
    );
  });
});
