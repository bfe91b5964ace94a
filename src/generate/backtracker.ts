import { type Grid, maxDegree } from '../grid/grid.js';
import { straightAhead } from '../grid/straight.js';
import type { Rng } from '../random/sfc32.js';
import { adjacencyWeights, type DirectionWeights, fullWeights, weightedPick } from './direction-weights.js';
import { neighbourTable } from './neighbour-table.js';
import { runaway, stepBudget } from './watchdog.js';

export interface BacktrackerOptions {
  /** Optional weight per direction for choosing the next step (default: all equal). */
  weights?: Partial<DirectionWeights>;
  /**
   * In [0, 1]: the chance that the walk keeps going straight when the cell straight ahead is still
   * unvisited (the Amaze "stay" bias). 0 gives the classic uniform choice; 1 gives long straight corridors.
   */
  straightness: number;
}

/**
 * Recursive backtracker (randomised depth-first search), iterative with a typed-array stack so that a
 * million cells need no call stack. Returns the open-wall set of a spanning tree of the cell graph.
 *
 * Both loops below draw the same random numbers in the same order for the same choices; the plain one is the
 * weighted one with its options switched off, kept separate because the plain case is the common one and a
 * loop free of option checks runs measurably faster.
 */
export function backtracker(grid: Grid, rng: Rng, { straightness, weights }: BacktrackerOptions): Uint8Array {
  const open = new Uint8Array(grid.wallCount);
  if (grid.cellCount === 0) return open;
  if (straightness > 0 || weights) biasedWalk(grid, rng, open, straightness, weights);
  else plainWalk(grid, rng, open);
  return open;
}

/**
 * The uniform walk: each step goes to a random unvisited neighbour. Fills `open`. Reads the neighbours from
 * the grid's neighbour table (one array per step instead of three); `choices` holds table positions.
 */
function plainWalk(grid: Grid, rng: Rng, open: Uint8Array): void {
  const { cellCount } = grid;
  const { start: first, entries } = neighbourTable(grid);
  const visited = new Uint8Array(cellCount);
  const stack = new Int32Array(cellCount);
  const choices = new Int32Array(maxDegree(grid));
  const start = rng.int(cellCount);
  let sp = 0;
  stack[sp++] = start;
  visited[start] = 1;
  let budget = stepBudget(grid);
  while (sp > 0) {
    if (--budget < 0) throw runaway('backtracker', grid);
    const c = stack[sp - 1];
    let n = 0;
    for (let i = 2 * first[c], end = 2 * first[c + 1]; i < end; i += 2) {
      if (visited[entries[i]] === 0) choices[n++] = i;
    }
    if (n === 0) {
      sp--;
      continue;
    }
    const i = choices[n === 1 ? 0 : rng.int(n)];
    const next = entries[i];
    open[entries[i + 1]] = 1;
    visited[next] = 1;
    // A cell whose only unvisited neighbour was just taken is exhausted: replace it on the stack instead
    // of rescanning it later. The maze is the same either way; corridors just cost half the work.
    if (n === 1) stack[sp - 1] = next;
    else stack[sp++] = next;
  }
}

/** The walk with direction weights and the straight-on bias. Fills `open`. */
function biasedWalk(
  grid: Grid,
  rng: Rng,
  open: Uint8Array,
  straightness: number,
  weights: Partial<DirectionWeights> | undefined,
): void {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const ahead = straightness > 0 ? straightAhead(grid) : null;
  const weight = weights ? adjacencyWeights(grid, fullWeights(weights)) : null;
  const visited = new Uint8Array(cellCount);
  const stack = new Int32Array(cellCount);
  /** Adjacency entry by which each cell on the stack was entered (-1 for the start). */
  const enteredBy = new Int32Array(cellCount);
  const choices = new Int32Array(maxDegree(grid));

  const start = rng.int(cellCount);
  let sp = 0;
  stack[sp++] = start;
  visited[start] = 1;
  enteredBy[start] = -1;
  let budget = stepBudget(grid);
  while (sp > 0) {
    if (--budget < 0) throw runaway('backtracker', grid);
    const c = stack[sp - 1];
    let n = 0;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      if (visited[adjCell[k]] === 0) choices[n++] = k;
    }
    if (n === 0) {
      sp--;
      continue;
    }
    let k = choices[n === 1 ? 0 : weight === null ? rng.int(n) : weightedPick(choices, n, weight, rng)];
    if (ahead !== null && n > 1) {
      const via = enteredBy[c];
      const straight = via >= 0 ? ahead[via] : -1;
      if (straight >= 0 && visited[adjCell[straight]] === 0 && rng.next() < straightness) k = straight;
    }
    const next = adjCell[k];
    open[adjWall[k]] = 1;
    visited[next] = 1;
    enteredBy[next] = k;
    if (n === 1) stack[sp - 1] = next;
    else stack[sp++] = next;
  }
}
