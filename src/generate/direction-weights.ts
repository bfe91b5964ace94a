import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';

/**
 * Per-direction weights on the page (y down: `up` is toward the top of the page). With `radial` or
 * `concentric` set, steps are weighed instead by how they run relative to the grid's centre: along a radius
 * (spokes) or around it (rings) — the Xu & Kaplan radial/spiral textures, on any topology.
 */
export interface DirectionWeights {
  up: number;
  down: number;
  left: number;
  right: number;
  radial?: number;
  concentric?: number;
}

/**
 * Weight of a step from cell a to cell b: the compass weights blended by the step's direction, so on a
 * square grid a step's weight is exactly its direction's weight, and a hex step 30° above east mixes
 * `right` and `up` in proportion.
 */
export function stepWeight(grid: Grid, a: number, b: number, w: DirectionWeights): number {
  const dx = grid.cellX[b] - grid.cellX[a];
  const dy = grid.cellY[b] - grid.cellY[a];
  if (w.radial !== undefined || w.concentric !== undefined) {
    // Angle between the step and the radius through the step's midpoint.
    const rx = (grid.cellX[a] + grid.cellX[b]) / 2 - grid.width / 2;
    const ry = (grid.cellY[a] + grid.cellY[b]) / 2 - grid.height / 2;
    const r = Math.hypot(rx, ry);
    const len = Math.hypot(dx, dy);
    const along = r > 0 ? Math.abs(dx * rx + dy * ry) / (len * r) : 0.5;
    return along * (w.radial ?? 1) + (1 - along) * (w.concentric ?? 1);
  }
  const sum = Math.abs(dx) + Math.abs(dy);
  return (
    (Math.max(0, dx) * w.right +
      Math.max(0, -dx) * w.left +
      Math.max(0, dy) * w.down +
      Math.max(0, -dy) * w.up) /
    sum
  );
}

/** Fills in missing directions with 1. */
export function fullWeights(w: Partial<DirectionWeights> | undefined): DirectionWeights {
  return { up: 1, down: 1, left: 1, right: 1, ...w };
}

/** Step weight of every adjacency entry. */
export function adjacencyWeights(grid: Grid, w: DirectionWeights): Float64Array {
  const out = new Float64Array(grid.adjCell.length);
  for (let c = 0; c < grid.cellCount; c++) {
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++)
      out[k] = stepWeight(grid, c, grid.adjCell[k], w);
  }
  return out;
}

/**
 * Index (into `choices`) of an entry drawn with probability proportional to its weight; zero-weight
 * entries only when every weight is zero (then uniformly).
 */
export function weightedPick(choices: Int32Array, n: number, weight: Float64Array, rng: Rng): number {
  let total = 0;
  for (let i = 0; i < n; i++) total += weight[choices[i]];
  if (total <= 0) return rng.int(n);
  let r = rng.next() * total;
  let last = 0;
  for (let i = 0; i < n; i++) {
    const w = weight[choices[i]];
    if (w <= 0) continue;
    last = i;
    r -= w;
    if (r < 0) return i;
  }
  return last;
}
