import type { Grid } from '../grid/grid.js';

/** Per-direction weights on the page (y down: `up` is toward the top of the page). */
export interface DirectionWeights {
  up: number;
  down: number;
  left: number;
  right: number;
}

/**
 * Weight of a step from cell a to cell b: the compass weights blended by the step's direction, so on a
 * square grid a step's weight is exactly its direction's weight, and a hex step 30° above east mixes
 * `right` and `up` in proportion.
 */
export function stepWeight(grid: Grid, a: number, b: number, w: DirectionWeights): number {
  const dx = grid.cellX[b] - grid.cellX[a];
  const dy = grid.cellY[b] - grid.cellY[a];
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
