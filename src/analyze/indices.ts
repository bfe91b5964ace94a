import type { Maze } from '../generate/maze.js';
import { wallMidpoint } from '../grid/grid.js';

/**
 * The thesis's two positional indices, generalised from "top-left start, bottom-right exit" to any entry
 * and exit on any shape. With s the start point, e the goal point, u the unit vector from s to e and n the
 * unit normal to its left on the page (y down, so for a top-left → bottom-right maze n points up and right):
 *
 *   progress(p)  = clamp((p − s)·u / |e − s|, 0, 1)     how far along towards the goal p lies
 *   direction(p) = clamp((p − s)·n / half-width, −1, 1) which side of the start–goal line p lies on,
 *                                                         scaled by the farthest cell on either side
 *
 * For the thesis's square mazes these are its indices up to its own scaling: direction is −1 in the
 * bottom-left corner and 1 in the top-right, progress 0 at the start and 1 at the exit.
 */
export interface Indices {
  /** Start and goal points, in grid units. */
  sx: number;
  sy: number;
  ex: number;
  ey: number;
  /** Unit vector from start to goal, and its normal. */
  ux: number;
  uy: number;
  nx: number;
  ny: number;
  progress: Float64Array;
  direction: Float64Array;
}

/** Where an end is on the page: its rim opening's midpoint, or its cell's centre for an end inside. */
function endPoint(maze: Maze, wall: number, cell: number): [number, number] {
  return wall >= 0 ? wallMidpoint(maze.grid, wall) : [maze.grid.cellX[cell], maze.grid.cellY[cell]];
}

/** Indices already worked out, per maze (the simulator and the structural measures both need them). */
const known = new WeakMap<Maze, Indices>();

/** The indices of every cell of `maze` (see `Indices`); worked out once per maze object and kept with it. */
export function positionalIndices(maze: Maze): Indices {
  let ind = known.get(maze);
  if (!ind) {
    ind = workOutIndices(maze);
    known.set(maze, ind);
  }
  return ind;
}

function workOutIndices(maze: Maze): Indices {
  const { grid } = maze;
  const [sx, sy] = endPoint(maze, maze.entryWall, maze.entryCell);
  const [ex, ey] = endPoint(maze, maze.exitWall, maze.exitCell);
  let len = Math.hypot(ex - sx, ey - sy);
  let ux = 0;
  let uy = 1;
  if (len > 1e-9) {
    ux = (ex - sx) / len;
    uy = (ey - sy) / len;
  } else len = 1;
  const nx = uy;
  const ny = -ux;
  const n = grid.cellCount;
  const progress = new Float64Array(n);
  const direction = new Float64Array(n);
  let half = 1e-9;
  for (let c = 0; c < n; c++) {
    const dx = grid.cellX[c] - sx;
    const dy = grid.cellY[c] - sy;
    progress[c] = Math.min(1, Math.max(0, (dx * ux + dy * uy) / len));
    direction[c] = dx * nx + dy * ny;
    half = Math.max(half, Math.abs(direction[c]));
  }
  for (let c = 0; c < n; c++) direction[c] = Math.min(1, Math.max(-1, direction[c] / half));
  return { sx, sy, ex, ey, ux, uy, nx, ny, progress, direction };
}

/** Base weight of a step, its gain per unit of alignment with the start→goal direction, and the correction. */
const BASE = 3.25;
const TOWARDS = 1.06;
const CORRECT = 6.4;
const MIN_WEIGHT = 0.25;

/**
 * How strongly a solver is drawn to the step from cell `from` to its neighbour `to` (the thesis's directional
 * bias, generalised; see docs/difficulty.md): max(0.25, 3.25 + 1.06·along − 6.4·m·across), with along and
 * across the step's unit vector on u and n, and m = progress × direction of `from`.
 * @returns a weight in [0.25, ~7.6]; 4 for a step straight towards the exit from the start–goal line
 */
export function stepWeight(maze: Maze, ind: Indices, from: number, to: number): number {
  const { cellX, cellY } = maze.grid;
  return weightOfStep(
    ind,
    cellX[to] - cellX[from],
    cellY[to] - cellY[from],
    ind.progress[from] * ind.direction[from],
  );
}

/**
 * `stepWeight` of a step (dx, dy) from a cell whose m = progress × direction is `m`: the same arithmetic, for
 * loops that weigh every passage of a maze.
 */
export function weightOfStep(ind: Indices, dx: number, dy: number, m: number): number {
  const len = Math.sqrt(dx * dx + dy * dy);
  if (len === 0) return BASE;
  const along = (dx * ind.ux + dy * ind.uy) / len;
  const across = (dx * ind.nx + dy * ind.ny) / len;
  return Math.max(MIN_WEIGHT, BASE + TOWARDS * along - CORRECT * m * across);
}
