import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import type { Maze } from '../../src/generate/maze.js';
import { weaveAlgorithmNames } from '../../src/generate/registry.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { countCrossings, underWalls, weaveGrid } from '../../src/grid/weave.js';
import { checkGridInvariants, isSpanningTree, squareMaze } from '../helpers.js';

/**
 * The crossing rules, checked on a finished weave maze: every open under-passage runs beneath a cell whose only
 * open walls are the two across the tunnel (a straight over-passage), that cell is crossed once, and every
 * ordinary wall is either open, passed through by one tunnel, or neither — never two of those.
 */
export function crossingProblems(maze: Maze): string[] {
  const { grid, open } = maze;
  const wallUnder = grid.wallUnder as Int32Array;
  const { near, far } = underWalls(grid);
  const problems: string[] = [];
  const use = new Uint8Array(grid.wallCount);
  const crossed = new Uint8Array(grid.cellCount);
  for (let w = 0; w < grid.wallCount; w++) if (wallUnder[w] < 0 && open[w]) use[w]++;
  for (let t = 0; t < grid.wallCount; t++) {
    const b = wallUnder[t];
    if (b < 0 || !open[t]) continue;
    if (crossed[b]++) problems.push(`cell ${b} crossed twice`);
    use[near[t]]++;
    use[far[t]]++;
    let openWalls = 0;
    for (let k = grid.adjStart[b]; k < grid.adjStart[b + 1]; k++) {
      const w = grid.adjWall[k];
      if (wallUnder[w] >= 0) continue;
      if (open[w]) openWalls++;
      if (open[w] && (w === near[t] || w === far[t])) problems.push(`tunnel ${t} opens into its bridge`);
    }
    if (openWalls !== 2) problems.push(`bridge ${b} has ${openWalls} open walls`);
    if (grid.rimStart[b + 1] !== grid.rimStart[b]) problems.push(`bridge ${b} on the rim`);
    // A straight line a – b – c.
    const [a, c] = [grid.wallCellA[t], grid.wallCellB[t]];
    const cross =
      (grid.cellX[b] - grid.cellX[a]) * (grid.cellY[c] - grid.cellY[b]) -
      (grid.cellY[b] - grid.cellY[a]) * (grid.cellX[c] - grid.cellX[b]);
    if (Math.abs(cross) > 1e-9) problems.push(`tunnel ${t} turns`);
  }
  for (let w = 0; w < grid.wallCount; w++) if (use[w] > 1) problems.push(`wall ${w} used ${use[w]} times`);
  return problems;
}

describe('weave grids', () => {
  it('add one under-passage per straight line of three cells around an inner cell', () => {
    const plain = buildSquareGrid({ columns: 6, rows: 5 });
    const grid = weaveGrid(plain);
    checkGridInvariants(grid);
    // Inner cells 4 × 3, two axes each.
    expect(grid.wallCount - plain.wallCount).toBe(24);
    expect(Array.from(grid.wallUnder as Int32Array).slice(0, plain.wallCount)).toEqual(
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
