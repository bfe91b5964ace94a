import { type Grid, maxDegree } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * Grows a partial tree into a spanning tree: `inTree` marks the cells already joined (a connected set,
 * non-empty), `open` the passages between them. Each step takes a random cell on the tree's frontier and opens
 * the wall to a random neighbour already in the tree (simplified Prim), until every cell is in. Fills both
 * arrays in place. Linear in cells + walls; the random walks use it to finish when their step budget runs out.
 * @returns the number of cells it joined
 */
export function completeTree(grid: Grid, inTree: Uint8Array, open: Uint8Array, rng: Rng): number {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const frontier = new Int32Array(cellCount);
  const queued = new Uint8Array(cellCount);
  let size = 0;
  for (let c = 0; c < cellCount; c++) {
    if (inTree[c] === 0) continue;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      const n = adjCell[k];
      if (inTree[n] === 0 && queued[n] === 0) {
        queued[n] = 1;
        frontier[size++] = n;
      }
    }
  }
  const choices = new Int32Array(maxDegree(grid));
  let joined = 0;
  let budget = stepBudget(grid);
  while (size > 0) {
    if (--budget < 0) throw runaway('completeTree', grid);
    const i = rng.int(size);
    const c = frontier[i];
    frontier[i] = frontier[--size];
    let n = 0;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++)
      if (inTree[adjCell[k]] !== 0) choices[n++] = k;
    open[adjWall[choices[n === 1 ? 0 : rng.int(n)]]] = 1;
    inTree[c] = 1;
    joined++;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      const m = adjCell[k];
      if (inTree[m] === 0 && queued[m] === 0) {
        queued[m] = 1;
        frontier[size++] = m;
      }
    }
  }
  return joined;
}
