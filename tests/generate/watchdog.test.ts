import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { aldousBroder } from '../../src/generate/aldous-broder.js';
import { openWalls } from '../../src/generate/algorithm.js';
import { completeTree } from '../../src/generate/complete-tree.js';
import {
  type AlgorithmInfo,
  algorithmInfo,
  algorithmNames,
  algorithms,
} from '../../src/generate/registry.js';
import { RunawayError, runaway, stepBudget, WALK_STEPS } from '../../src/generate/watchdog.js';
import { wilson } from '../../src/generate/wilson.js';
import { bfs } from '../../src/grid/bfs.js';
import type { Grid } from '../../src/grid/grid.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';

function passages(grid: Grid, open: Uint8Array): number {
  let n = 0;
  for (let w = 0; w < grid.wallCount; w++) if (open[w] !== 0 && grid.wallCellB[w] >= 0) n++;
  return n;
}

function isSpanningTree(grid: Grid, open: Uint8Array): boolean {
  return passages(grid, open) === grid.cellCount - 1 && bfs(grid, open, 0).reached === grid.cellCount;
}

describe('step budgets', () => {
  it('grow with cells and walls, and name the algorithm and grid when exceeded', () => {
    const small = buildSquareGrid({ columns: 4, rows: 4 });
    const big = buildSquareGrid({ columns: 40, rows: 40 });
    expect(stepBudget(big)).toBeGreaterThan(50 * stepBudget(small));
    expect(stepBudget(small, WALK_STEPS)).toBeGreaterThan(stepBudget(small));
    const e = runaway('finger', small);
    expect(e).toBeInstanceOf(RunawayError);
    expect(e.message).toBe(
      `internal: finger did not finish within ${stepBudget(small)} steps on square 4×4 (16 cells, 40 walls)`,
    );
    expect(e.withContext('page 3, seed 7').message).toBe(`${e.message} (page 3, seed 7)`);
    expect(e).not.toBeInstanceOf(UserError);
  });

  it('stop every algorithm on a grid in two pieces (which masks never hand over): a forest or an internal error', () => {
    // A 5×3 rectangle without its middle column: two 2×3 pieces.
    const keep = new Uint8Array(15).fill(1);
    for (const i of [2, 7, 12]) keep[i] = 0;
    const grid = buildSquareGrid({ columns: 5, rows: 3, keep });
    for (const name of algorithmNames) {
      const info: AlgorithmInfo = algorithmInfo[name];
      const options = {
        straightness: 0,
        ...(info.needsEnds ? { ends: { entryWall: grid.rimWall[0], exitWall: grid.rimWall.at(-1)! } } : {}),
      };
      let outcome: string;
      try {
        const open = openWalls(algorithms[name](grid, createRng(deriveSeed(1, name)), options));
        outcome = passages(grid, open) < grid.cellCount - 1 ? 'forest' : 'tree';
      } catch (e) {
        outcome = e instanceof UserError ? 'user error' : e instanceof Error ? 'internal error' : 'other';
      }
      expect([name, ['forest', 'internal error'].includes(outcome)]).toEqual([name, true]);
    }
  });

  it('every loop in src/generate whose end depends on the data counts against a budget', () => {
    // The rule of src/generate/watchdog.ts, checked on the source: each `while (…)` and `for (;;)` is
    // followed by a budget check. Counted for-loops over a fixed range need none. Files listed here are
    // exempt: min-heap (sift loops bounded by log2 of the heap size), generate-maze.ts and the ends' walks
    // (ends/, whose loops end within the cell count).
    const exempt = ['min-heap.ts', 'generate-maze.ts', 'ends/'];
    const root = join(import.meta.dirname, '..', '..', 'src', 'generate');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !exempt.some((e) => f.endsWith(e) || f.startsWith(e)),
    );
    const unguarded: string[] = [];
    for (const file of files) {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!/^\s*(while \(|for \(;;\))/.test(line)) return;
        if (!/--budget < 0/.test(lines[i + 1] ?? ''))
          unguarded.push(`${relative(root, join(root, file))}:${i + 1}`);
      });
    }
    expect(unguarded).toEqual([]);
  });
});

describe('random walks out of steps', () => {
  // A 2×3000 ladder: a random walk needs time quadratic in its length to cover it (about 375 steps per cell
  // and wall), beyond the budget of 256, so the walks stop early and complete the tree.
  const ladder = buildSquareGrid({ columns: 2, rows: 3000 });

  it.each([
    ['aldous-broder', aldousBroder],
    ['wilson', wilson],
  ] as const)('%s still returns a spanning tree, the same one for the same seed', (_name, walk) => {
    const a = walk(ladder, createRng(deriveSeed(3, 'ladder')), { straightness: 0 });
    expect(isSpanningTree(ladder, a)).toBe(true);
    expect(walk(ladder, createRng(deriveSeed(3, 'ladder')), { straightness: 0 })).toEqual(a);
  });
});

describe('completeTree', () => {
  it('joins every remaining cell to a partial tree, keeping the passages it had', () => {
    const grid = buildSquareGrid({ columns: 9, rows: 7 });
    for (let seed = 1; seed <= 20; seed++) {
      // A partial tree: the first row, as one corridor.
      const inTree = new Uint8Array(grid.cellCount);
      const open = new Uint8Array(grid.wallCount);
      for (let x = 0; x < 9; x++) inTree[x] = 1;
      for (let x = 1; x < 9; x++) open[x] = 1; // the vertical walls between row 0's cells
      const before = open.slice();
      expect(completeTree(grid, inTree, open, createRng(deriveSeed(seed, 'complete')))).toBe(63 - 9);
      expect(isSpanningTree(grid, open)).toBe(true);
      expect(inTree.every((v) => v === 1)).toBe(true);
      for (let w = 0; w < grid.wallCount; w++) if (before[w]) expect(open[w]).toBe(1);
    }
  });
});
