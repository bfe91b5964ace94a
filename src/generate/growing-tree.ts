import { type Grid, maxDegree } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * Growing tree: keep a list of active cells; each step takes a cell from the list — the newest with
 * probability `newest`, otherwise one at random — and carves to a random unvisited neighbour, or retires
 * the cell when it has none. `newest: 1` behaves like the backtracker (long corridors), `newest: 0` like
 * simplified Prim (short branches). O(cells · degree).
 */
export function growingTree(
  grid: Grid,
  rng: Rng,
  options: AlgorithmOptions & { newest?: number },
): Uint8Array {
  const newest = options.newest ?? 0.5;
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const open = new Uint8Array(grid.wallCount);
  if (cellCount === 0) return open;
  const visited = new Uint8Array(cellCount);
  const active = new Int32Array(cellCount);
  const choices = new Int32Array(maxDegree(grid));
  let count = 0;
  const start = rng.int(cellCount);
  visited[start] = 1;
  active[count++] = start;
  let budget = stepBudget(grid);
  while (count > 0) {
    if (--budget < 0) throw runaway('growing-tree', grid);
    const i = newest >= 1 || (newest > 0 && rng.next() < newest) ? count - 1 : rng.int(count);
    const c = active[i];
    let n = 0;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++)
      if (visited[adjCell[k]] === 0) choices[n++] = k;
    if (n === 0) {
      // Retire the cell: move the last active cell into its slot (order does not matter for the random pick,
      // and the newest stays last unless it is the one retired).
      active[i] = active[--count];
      continue;
    }
    const k = choices[n === 1 ? 0 : rng.int(n)];
    const next = adjCell[k];
    open[adjWall[k]] = 1;
    visited[next] = 1;
    active[count++] = next;
  }
  return open;
}

/** Simplified Prim: the growing tree that always picks an active cell at random. */
export function prim(grid: Grid, rng: Rng, options: AlgorithmOptions): Uint8Array {
  return growingTree(grid, rng, { ...options, newest: 0 });
}
