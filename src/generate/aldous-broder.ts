import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './registry.js';

/**
 * Aldous–Broder: one random walk over the whole grid, opening the wall each time it first enters a cell.
 * Uniform over spanning trees like Wilson's, but it needs the walk's full cover time (about n log n steps on
 * grids and much more on long thin shapes), so it is the slow one of the set.
 */
export function aldousBroder(grid: Grid, rng: Rng, _options: AlgorithmOptions): Uint8Array {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const open = new Uint8Array(grid.wallCount);
  if (cellCount === 0) return open;
  const visited = new Uint8Array(cellCount);
  let c = rng.int(cellCount);
  visited[c] = 1;
  let remaining = cellCount - 1;
  while (remaining > 0) {
    const k = adjStart[c] + rng.int(adjStart[c + 1] - adjStart[c]);
    const n = adjCell[k];
    if (visited[n] === 0) {
      visited[n] = 1;
      open[adjWall[k]] = 1;
      remaining--;
    }
    c = n;
  }
  return open;
}
