import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { completeTree } from './complete-tree.js';
import { stepBudget, WALK_STEPS } from './watchdog.js';

/**
 * Aldous–Broder: one random walk over the whole grid, opening the wall each time it first enters a cell.
 * Uniform over spanning trees like Wilson's, but it needs the walk's full cover time (about n log² n steps on
 * grids and n² on long thin shapes), so it is the slow one of the set. The walk stops after `WALK_STEPS` per
 * cell and wall; the cells it has not entered by then are joined by `completeTree` (only long thin shapes get
 * there, and their tree is then not exactly uniform).
 */
export function aldousBroder(grid: Grid, rng: Rng, _options: AlgorithmOptions): Uint8Array {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const open = new Uint8Array(grid.wallCount);
  if (cellCount === 0) return open;
  const visited = new Uint8Array(cellCount);
  let c = rng.int(cellCount);
  visited[c] = 1;
  let remaining = cellCount - 1;
  let budget = stepBudget(grid, WALK_STEPS);
  while (remaining > 0) {
    if (--budget < 0) {
      remaining -= completeTree(grid, visited, open, rng);
      if (remaining !== 0)
        throw new Error(
          `internal: aldous-broder on ${grid.topology} ${grid.sizeLabel}: the grid is not connected`,
        );
      break;
    }
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
