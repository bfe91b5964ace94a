import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { weaveAlgorithmNames } from '../../src/generate/registry.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { countCrossings, weaveGrid } from '../../src/grid/weave.js';
import { checkGridInvariants, isSpanningTree, squareMaze } from '../helpers.js';
import { crossingProblems } from './weave-checks.js';

describe('weave grids', () => {
  it('add one under-passage per straight line of three cells around an inner cell', () => {
    const plain = buildSquareGrid({ columns: 6, rows: 5 });
    const grid = weaveGrid(plain);
    checkGridInvariants(grid);
    // Inner cells 4 × 3, two axes each.
    expect(grid.wallCount - plain.wallCount).toBe(24);
    expect(Array.from(grid.weave!.under).slice(0, plain.wallCount)).toEqual(
      new Array(plain.wallCount).fill(-1),
    );
    expect(grid.wallCellA.subarray(0, plain.wallCount)).toEqual(plain.wallCellA);
    expect(weaveGrid(plain)).toBe(grid);
    expect([grid.width, grid.height]).toEqual([plain.width, plain.height]);
  });
});

describe.each(weaveAlgorithmNames)('weave with %s', (algorithm) => {
  const weaveMaze = (seed: number, weave: number, columns = 16, rows = 12) =>
    squareMaze(columns, rows, seed, { algorithm, options: { straightness: 0, weave } });

  it('is perfect (under-passages counted), keeps the crossing rules and crosses at all', () => {
    let crossings = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const maze = weaveMaze(seed, seed % 3 === 0 ? 0.4 : 1);
      expect(isSpanningTree(maze)).toBe(true);
      expect(crossingProblems(maze)).toEqual([]);
      crossings += countCrossings(maze.grid, maze.open);
    }
    expect(crossings).toBeGreaterThan(12 * 5);
  });

  it('routes under a bridge straight through, never turning or ending beneath it', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const maze = weaveMaze(seed, 1);
      const { cells } = solve(maze);
      const { grid } = maze;
      for (let i = 1; i < cells.length; i++) {
        const dx = grid.cellX[cells[i]] - grid.cellX[cells[i - 1]];
        const dy = grid.cellY[cells[i]] - grid.cellY[cells[i - 1]];
        const step = Math.hypot(dx, dy);
        // One cell, or two straight along one axis (beneath a bridge).
        expect(step === 1 || (step === 2 && (dx === 0 || dy === 0))).toBe(true);
      }
    }
  });

  it('is the same for the same seed, and weave 0 makes no crossing', () => {
    expect(weaveMaze(5, 0.7).open).toEqual(weaveMaze(5, 0.7).open);
    expect(weaveMaze(5, 0.7).open).not.toEqual(weaveMaze(6, 0.7).open);
    const none = weaveMaze(5, 0);
    expect(countCrossings(none.grid, none.open)).toBe(0);
    expect(isSpanningTree(none)).toBe(true);
  });

  it('crosses more as weave grows', () => {
    const count = (weave: number) => {
      let n = 0;
      for (let seed = 1; seed <= 4; seed++) {
        const m = weaveMaze(seed, weave, 20, 20);
        n += countCrossings(m.grid, m.open);
      }
      return n;
    };
    expect(count(0.2)).toBeLessThan(count(1));
  });
});
