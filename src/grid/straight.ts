import type { Grid } from './grid.js';

const cache = new WeakMap<Grid, Int32Array>();

/** Minimum cosine between two consecutive steps for the second to count as going straight on. */
const STRAIGHT_COS = 0.97;

/**
 * For each adjacency entry k (the step from cell c to adjCell[k]), the adjacency entry of the next cell
 * that continues in the same direction, or -1 when no neighbour lies straight ahead (e.g. on triangles).
 * Derived from cell centres, so it works for every topology; computed once per grid and cached.
 */
export function straightAhead(grid: Grid): Int32Array {
  const cached = cache.get(grid);
  if (cached) return cached;
  const { adjStart, adjCell, cellX, cellY, cellCount } = grid;
  const ahead = new Int32Array(adjCell.length).fill(-1);
  for (let c = 0; c < cellCount; c++) {
    for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
      const n = adjCell[k];
      const dx = cellX[n] - cellX[c];
      const dy = cellY[n] - cellY[c];
      const len = Math.hypot(dx, dy);
      let best = -1;
      let bestCos = STRAIGHT_COS;
      for (let j = adjStart[n]; j < adjStart[n + 1]; j++) {
        const m = adjCell[j];
        const ex = cellX[m] - cellX[n];
        const ey = cellY[m] - cellY[n];
        const cos = (dx * ex + dy * ey) / (len * Math.hypot(ex, ey));
        if (cos > bestCos) {
          bestCos = cos;
          best = j;
        }
      }
      ahead[k] = best;
    }
  }
  cache.set(grid, ahead);
  return ahead;
}
