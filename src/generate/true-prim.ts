import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './registry.js';

/**
 * True Prim: every inner wall gets a random weight, and the tree grows by always opening the lightest wall
 * between the tree and a cell outside it — a minimum spanning tree, grown from one cell with a binary heap of
 * wall indices keyed by weight. O(walls · log walls).
 */
export function truePrim(grid: Grid, rng: Rng, _options: AlgorithmOptions): Uint8Array {
  const { adjStart, adjCell, adjWall, cellCount, wallCount } = grid;
  const open = new Uint8Array(wallCount);
  if (cellCount === 0) return open;
  const weight = new Uint32Array(wallCount);
  for (let w = 0; w < wallCount; w++) weight[w] = rng.nextUint32();
  const inTree = new Uint8Array(cellCount);
  // Heap entries are adjacency indices k (wall adjWall[k] leading to adjCell[k]); each k is pushed once.
  const heap = new Int32Array(adjCell.length);
  let size = 0;
  const less = (a: number, b: number): boolean => {
    const wa = weight[adjWall[a]];
    const wb = weight[adjWall[b]];
    return wa < wb || (wa === wb && a < b);
  };
  const push = (k: number): void => {
    let i = size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(k, heap[p])) break;
      heap[i] = heap[p];
      i = p;
    }
    heap[i] = k;
  };
  const pop = (): number => {
    const top = heap[0];
    const last = heap[--size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && less(heap[child + 1], heap[child])) child++;
      if (!less(heap[child], last)) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = last;
    return top;
  };
  const add = (c: number): void => {
    inTree[c] = 1;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) if (inTree[adjCell[k]] === 0) push(k);
  };
  add(rng.int(cellCount));
  while (size > 0) {
    const k = pop();
    const c = adjCell[k];
    if (inTree[c] !== 0) continue;
    open[adjWall[k]] = 1;
    add(c);
  }
  return open;
}
