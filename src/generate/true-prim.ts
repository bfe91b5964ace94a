import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { MinHeap } from './min-heap.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * True Prim: every inner wall gets a random weight, and the tree grows by always opening the lightest wall
 * between the tree and a cell outside it — a minimum spanning tree, grown from one cell with a binary heap of
 * wall indices keyed by weight. O(walls · log walls).
 */
/** Low bits of a heap key that hold the adjacency index; the weight takes the 30 bits above them. */
const INDEX_BITS = 2 ** 23;

export function truePrim(grid: Grid, rng: Rng, _options: AlgorithmOptions): Uint8Array {
  const { adjStart, adjCell, adjWall, cellCount, wallCount } = grid;
  const open = new Uint8Array(wallCount);
  if (cellCount === 0) return open;
  if (adjCell.length > INDEX_BITS)
    throw new Error('internal: true-prim supports at most 2^23 adjacency entries');
  // 30-bit weight per wall; a heap key is weight · 2^23 + adjacency index, exact in a double (53 bits), so
  // comparing keys compares weights and breaks ties by index, without looking anything up.
  const weight = new Float64Array(wallCount);
  for (let w = 0; w < wallCount; w++) weight[w] = (rng.nextUint32() >>> 2) * INDEX_BITS;
  const inTree = new Uint8Array(cellCount);
  const heap = new MinHeap(adjCell.length);
  const add = (c: number): void => {
    inTree[c] = 1;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      if (inTree[adjCell[k]] === 0) heap.push(weight[adjWall[k]] + k);
    }
  };
  add(rng.int(cellCount));
  let budget = stepBudget(grid);
  while (heap.size > 0) {
    if (--budget < 0) throw runaway('true-prim', grid);
    const k = heap.pop() % INDEX_BITS;
    const c = adjCell[k];
    if (inTree[c] !== 0) continue;
    open[adjWall[k]] = 1;
    add(c);
  }
  return open;
}
