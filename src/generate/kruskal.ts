import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { fullWeights, stepWeight } from './direction-weights.js';
import { disjointSets } from './disjoint-sets.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * Randomised Kruskal: inner walls in random order, each opened when it joins two different trees
 * (union–find with path halving and union by size). O(walls · α(cells)); with direction `weights`, the order
 * is a weighted random permutation (O(walls · log walls)).
 */
export function kruskal(grid: Grid, rng: Rng, options: AlgorithmOptions): Uint8Array {
  const { wallCount, wallCellA, wallCellB, cellCount } = grid;
  const open = new Uint8Array(wallCount);
  const order = new Int32Array(wallCount);
  let n = 0;
  for (let w = 0; w < wallCount; w++) if (wallCellB[w] >= 0) order[n++] = w;
  if (options.weights) {
    // Weighted random order (exponential race): a wall whose passage runs in a heavier direction tends to
    // come earlier, so more passages run that way (the Xu & Kaplan biased-weight texture on a plain grid).
    const w = fullWeights(options.weights);
    const key = new Float64Array(wallCount).fill(Infinity);
    for (let i = 0; i < n; i++) {
      const wall = order[i];
      const weight = stepWeight(grid, wallCellA[wall], wallCellB[wall], w);
      key[wall] = weight > 0 ? -Math.log(1 - rng.next()) / weight : Infinity;
    }
    order.subarray(0, n).sort((a, b) => key[a] - key[b] || a - b);
  } else {
    // Fisher–Yates over the inner walls.
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  }
  // With union by size and path halving, all finds together take about one step per cell and wall (measured
  // on square, hex and circle grids of up to a million cells); the budget allows sixteen.
  const sets = disjointSets(cellCount, stepBudget(grid, 16), () => runaway('kruskal', grid, 16));
  let joined = 0;
  for (let i = 0; i < n && joined < cellCount - 1; i++) {
    const w = order[i];
    if (!sets.union(wallCellA[w], wallCellB[w])) continue;
    open[w] = 1;
    joined++;
  }
  return open;
}
