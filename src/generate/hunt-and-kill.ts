import { type Grid, maxDegree } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { MinHeap } from './min-heap.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * Hunt-and-kill: a random walk carves through unvisited cells until it is stuck; then the "hunt" takes the
 * first unvisited cell (in cell order) next to the carved area, joins it to a random carved neighbour and
 * walks on from there. The hunt uses a min-heap of candidate cells instead of rescanning the grid, so the
 * whole run is O(cells · log cells) instead of the classic quadratic scan; the mazes are the same.
 */
export function huntAndKill(grid: Grid, rng: Rng, _options: AlgorithmOptions): Uint8Array {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const open = new Uint8Array(grid.wallCount);
  if (cellCount === 0) return open;
  const visited = new Uint8Array(cellCount);
  const queued = new Uint8Array(cellCount);
  const heap = new MinHeap(cellCount);
  const choices = new Int32Array(maxDegree(grid));

  const visit = (c: number): void => {
    visited[c] = 1;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      const n = adjCell[k];
      if (visited[n] === 0 && queued[n] === 0) {
        queued[n] = 1;
        heap.push(n);
      }
    }
  };

  let c = rng.int(cellCount);
  visit(c);
  // One budget for the walks, the hunts' heap pops and the restarts together.
  let budget = stepBudget(grid);
  for (;;) {
    if (--budget < 0) throw runaway('hunt-and-kill', grid);
    // Kill: walk to random unvisited neighbours while there are any.
    for (;;) {
      if (--budget < 0) throw runaway('hunt-and-kill', grid);
      let n = 0;
      for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++)
        if (visited[adjCell[k]] === 0) choices[n++] = k;
      if (n === 0) break;
      const k = choices[n === 1 ? 0 : rng.int(n)];
      open[adjWall[k]] = 1;
      c = adjCell[k];
      visit(c);
    }
    // Hunt: the lowest-numbered unvisited cell bordering the carved area.
    let found = -1;
    while (heap.size > 0) {
      if (--budget < 0) throw runaway('hunt-and-kill', grid);
      const h = heap.pop();
      if (visited[h] === 0) {
        found = h;
        break;
      }
    }
    if (found < 0) return open;
    let n = 0;
    for (let k = adjStart[found], end = adjStart[found + 1]; k < end; k++)
      if (visited[adjCell[k]] !== 0) choices[n++] = k;
    open[adjWall[choices[n === 1 ? 0 : rng.int(n)]]] = 1;
    c = found;
    visit(c);
  }
}
