import { type Grid, maxDegree } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { adjacencyWeights, fullWeights, weightedPick } from './direction-weights.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * Skewed depth-first search (McGlinn's listing 5.1): a depth-first walk from the first cell whose next step
 * is drawn with a weight per direction, so `{left: 1, right: 1, up: 3, down: 3}` makes vertical corridors.
 * On a square grid a step's weight is its direction's weight; on other grids it blends the two nearest
 * compass weights by the step's direction (so a step 30° above east mixes `right` and `up`).
 */
export function skewedDfs(grid: Grid, rng: Rng, options: AlgorithmOptions): Uint8Array {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const open = new Uint8Array(grid.wallCount);
  if (cellCount === 0) return open;
  const weight = adjacencyWeights(grid, fullWeights(options.weights));
  const visited = new Uint8Array(cellCount);
  const stack = new Int32Array(cellCount);
  const choices = new Int32Array(maxDegree(grid));
  let sp = 0;
  stack[sp++] = 0;
  visited[0] = 1;
  let budget = stepBudget(grid);
  while (sp > 0) {
    if (--budget < 0) throw runaway('skewed-dfs', grid);
    const c = stack[sp - 1];
    let n = 0;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++)
      if (visited[adjCell[k]] === 0) choices[n++] = k;
    if (n === 0) {
      sp--;
      continue;
    }
    // A zero weight only postpones a direction: it is taken when no weighted direction is free.
    const k = choices[weightedPick(choices, n, weight, rng)];
    const next = adjCell[k];
    open[adjWall[k]] = 1;
    visited[next] = 1;
    stack[sp++] = next;
  }
  return open;
}
