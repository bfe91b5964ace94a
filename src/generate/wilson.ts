import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { completeTree } from './complete-tree.js';
import { stepBudget, WALK_STEPS } from './watchdog.js';

/**
 * Wilson's algorithm: loop-erased random walks from each cell not yet in the tree until they hit it. Every
 * spanning tree of the grid is equally likely (a uniform spanning tree). Loop erasure is implicit: each cell
 * remembers only the last step taken from it, so revisits overwrite the loops. All walks together stop after
 * `WALK_STEPS` per cell and wall; the walk under way is then dropped and the cells not yet in the tree are
 * joined by `completeTree` (only long thin shapes get there, and their tree is then not exactly uniform).
 */
export function wilson(grid: Grid, rng: Rng, _options: AlgorithmOptions): Uint8Array {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const open = new Uint8Array(grid.wallCount);
  if (cellCount === 0) return open;
  const inTree = new Uint8Array(cellCount);
  /** Adjacency index of the last step taken out of each cell during the current walk. */
  const step = new Int32Array(cellCount);
  inTree[rng.int(cellCount)] = 1;
  let budget = stepBudget(grid, WALK_STEPS);
  for (let start = 0; start < cellCount; start++) {
    if (inTree[start] !== 0) continue;
    let c = start;
    while (inTree[c] === 0) {
      if (--budget < 0) {
        completeTree(grid, inTree, open, rng);
        if (inTree.indexOf(0) >= 0)
          throw new Error(
            `internal: wilson on ${grid.topology} ${grid.sizeLabel}: the grid is not connected`,
          );
        return open;
      }
      const k = adjStart[c] + rng.int(adjStart[c + 1] - adjStart[c]);
      step[c] = k;
      c = adjCell[k];
    }
    // The loop-erased path is at most one step per cell, and each of its cells joins the tree for good.
    for (c = start; inTree[c] === 0; c = adjCell[step[c]]) {
      inTree[c] = 1;
      open[adjWall[step[c]]] = 1;
    }
  }
  return open;
}
