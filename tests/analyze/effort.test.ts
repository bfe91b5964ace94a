import { describe, expect, it } from 'vitest';
import { measureEffort } from '../../src/analyze/effort.js';
import { measure } from '../../src/analyze/metrics.js';
import { rateMaze } from '../../src/analyze/rate.js';
import { solve } from '../../src/analyze/solve.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import type { Grid } from '../../src/grid/grid.js';
import { buildGrid } from '../../src/grid/registry.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { recipe, squareMaze } from '../helpers.js';
import { SHAPES } from './shapes.js';

/** A maze that is one corridor through `cells` in order, entered and left through their first rim walls. */
function corridor(grid: Grid, cells: readonly number[]): Maze {
  const open = new Uint8Array(grid.wallCount);
  for (let i = 1; i < cells.length; i++) {
    const a = cells[i - 1];
    let found = false;
    for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++) {
      if (grid.adjCell[k] === cells[i]) {
        open[grid.adjWall[k]] = 1;
        found = true;
      }
    }
    if (!found) throw new Error(`cells ${a} and ${cells[i]} are not neighbours`);
  }
  const first = cells[0];
  const last = cells[cells.length - 1];
  const entryWall = grid.rimWall[grid.rimStart[first]];
  const exitWall = grid.rimWall[grid.rimStart[last]];
  open[entryWall] = 1;
  open[exitWall] = 1;
  return { grid, open, entryWall, exitWall, entryCell: first, exitCell: last };
}

describe('route', () => {
  it('counts steps, and no turning along a straight corridor on square, hex and triangle grids', () => {
    const square = buildGrid({ shape: 'square', size: { columns: 6, rows: 1 } });
    const hex = buildGrid({ shape: 'hex', size: { columns: 6, rows: 1 } });
    // One row of triangles alternates up and down: a straight corridor that zigzags from centre to centre.
    const triangle = buildGrid({ shape: 'triangle', size: { columns: 7, rows: 1 } });
    for (const grid of [square, hex, triangle]) {
      const cells = Array.from({ length: grid.cellCount }, (_, i) => i).sort(
        (a, b) => grid.cellX[a] - grid.cellX[b],
      );
      const maze = corridor(grid, cells);
      const e = measureEffort(maze, solve(maze));
      expect(e.route.steps).toBe(grid.cellCount - 1);
      // Only the first and last half-steps of a triangle corridor lean off its line (2/3 right angle).
      if (grid.topology === 'triangle') expect(e.route.turning).toBeLessThan(0.7);
      else expect(e.route.turning).toBeCloseTo(0, 9);
      expect(e.route.hallways).toBe(1);
      expect(e.decisions).toEqual({ junctions: 0, branches: 0, cells: 0, worst: { step: 0, cells: 0 } });
    }
  });

  it('measures a right-angle bend as one right angle, and a U-turn as two', () => {
    const grid = buildGrid({ shape: 'square', size: { columns: 3, rows: 3 } });
    const c = (x: number, y: number): number => at(grid, x, y);
    const bend = corridor(grid, [c(0, 0), c(1, 0), c(2, 0), c(2, 1), c(2, 2)]);
    expect(measureEffort(bend, solve(bend)).route.turning).toBeCloseTo(1, 9);
    const u = corridor(grid, [c(0, 0), c(1, 0), c(2, 0), c(2, 1), c(1, 1), c(0, 1)]);
    expect(measureEffort(u, solve(u)).route.turning).toBeCloseTo(2, 9);
  });
});

describe('decisions and cycling', () => {
  it('on perfect mazes of every shape: no cycling, and wrong branches hold at most the off-route cells', () => {
    for (const { shape, size } of SHAPES) {
      const maze = generateMaze(
        recipe(0, 0, { shape, size, algorithm: 'kruskal' }),
        deriveSeed(1, shape, 0),
        't',
      );
      const solution = solve(maze);
      const e = measureEffort(maze, solution, 0);
      const offRoute = maze.grid.cellCount - solution.cells.length;
      expect(e.cycling).toEqual({ cells: 0, loops: 0 });
      expect(e.decisions.cells).toBeGreaterThan(0);
      expect(e.decisions.cells).toBeLessThan(offRoute);
      expect(e.decisions.junctions).toBeLessThanOrEqual(e.decisions.branches);
      expect(e.route.hallways).toBe(
        1 + Array.from(solution.cells.slice(1, -1)).filter((c) => degree(maze, c) >= 3).length,
      );
      // The glance discount only ever lowers the cost.
      expect(measureEffort(maze, solution).decisions.cells).toBeLessThan(e.decisions.cells);
    }
  });

  it('equals the directional simulator’s mean overlap on a perfect maze (without the glance discount)', () => {
    for (const [shape, size] of [
      ['square', { columns: 14, rows: 12 }],
      ['hex', { columns: 11, rows: 10 }],
    ] as const) {
      const maze = generateMaze(
        recipe(0, 0, { shape, size, algorithm: 'wilson' }),
        deriveSeed(4, shape, 0),
        't',
      );
      const exact = measureEffort(maze, solve(maze), 0).decisions.cells;
      const r = rateMaze(maze, deriveSeed(4, 'walks', 0), {
        simulator: 'directional',
        minWalks: 2000,
        maxWalks: 2000,
      });
      expect(Math.abs(r.overlapSteps.mean - exact)).toBeLessThan(
        4 * (r.overlapSteps.sd / Math.sqrt(r.walks)),
      );
    }
  });

  it('finds the loops of braided mazes as cycling cells', () => {
    const braided = squareMaze(16, 16, 2, { algorithm: 'kruskal', post: [{ name: 'braid', share: 1 }] });
    const e = measureEffort(braided, solve(braided));
    const m = measure(braided, solve(braided));
    expect(e.cycling.loops).toBe(m.loops);
    expect(e.cycling.loops).toBeGreaterThan(10);
    // Fully braided: no dead end is left, so nearly every cell off the solution lies on a loop.
    expect(e.cycling.cells).toBeGreaterThan(0.9 * (braided.grid.cellCount - m.solutionLength));
    expect(e.cycling.cells).toBeLessThanOrEqual(braided.grid.cellCount - m.solutionLength);
    const few = squareMaze(16, 16, 2, { algorithm: 'kruskal', post: [{ name: 'loops', count: 2 }] });
    const f = measureEffort(few, solve(few));
    expect(f.cycling.loops).toBe(2);
    expect(f.cycling.cells).toBeLessThan(e.cycling.cells);
  });

  it('does not count a branch whose one-way passage points back at the route', () => {
    // 3 × 2: the route runs along the top row; the bottom row hangs off the middle cell.
    const grid = buildGrid({ shape: 'square', size: { columns: 3, rows: 2 } });
    const maze = corridor(grid, [at(grid, 0, 0), at(grid, 1, 0), at(grid, 2, 0)]);
    const open = maze.open.slice();
    const down = wallBetween(grid, at(grid, 1, 0), at(grid, 1, 1));
    open[down] = 1;
    open[wallBetween(grid, at(grid, 1, 1), at(grid, 0, 1))] = 1;
    open[wallBetween(grid, at(grid, 1, 1), at(grid, 2, 1))] = 1;
    const twoWay: Maze = { ...maze, open };
    expect(measureEffort(twoWay, solve(twoWay)).decisions.branches).toBe(1);
    // Only upwards, out of the branch: from the route it is no choice at all.
    const oneWay = new Int8Array(grid.wallCount);
    oneWay[down] = grid.wallCellA[down] === at(grid, 1, 1) ? 1 : -1;
    const upOnly: Maze = { ...twoWay, oneWay };
    const e = measureEffort(upOnly, solve(upOnly));
    expect(e.decisions).toEqual({ junctions: 0, branches: 0, cells: 0, worst: { step: 0, cells: 0 } });
    expect(rateMaze(upOnly, deriveSeed(1, 'one-way', 0)).overlapSteps.mean).toBe(0);
  });
});

function at(grid: Grid, x: number, y: number): number {
  for (let c = 0; c < grid.cellCount; c++)
    if (Math.floor(grid.cellX[c]) === x && Math.floor(grid.cellY[c]) === y) return c;
  throw new Error(`no cell at ${x}, ${y}`);
}

function wallBetween(grid: Grid, a: number, b: number): number {
  for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++)
    if (grid.adjCell[k] === b) return grid.adjWall[k];
  throw new Error(`cells ${a} and ${b} are not neighbours`);
}

function degree(maze: Maze, c: number): number {
  let d = 0;
  for (let k = maze.grid.adjStart[c]; k < maze.grid.adjStart[c + 1]; k++)
    if (maze.open[maze.grid.adjWall[k]]) d++;
  return d;
}
