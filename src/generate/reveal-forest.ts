import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import {
  BRANCH,
  closeHoles,
  FREE,
  type Growth,
  growPath,
  type Paths,
  RESERVED,
  ROUTE,
  randomNeighbour,
} from './reveal-paths.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * The background of a hidden-picture maze: trunks — paths grown by the same detours as the route, so the
 * background's corridors look like the route's — fill the cells off the picture, each hanging from the tree
 * at its first cell.
 *
 * - Hairs: trunks started across the picture's outline, from route cells into free cells beside them, so the
 *   outline is crossed by passages here and there instead of being a closed wall that draws the picture.
 * - Then trunks from random free cells beside the tree, wherever a pocket of at least `pocket` free cells is
 *   left; each trunk grows at most about `trunk` cells, so the background has as many dead ends (trunk
 *   tips) and junctions per cell as the picture.
 * - The holes trunks leave are closed by the paths' hole moves, their tips taking them.
 */
export interface ForestOptions {
  /** Share in [0, 1] of the free cells beside the route that start a trunk. */
  hairs: number;
  /** Cells a trunk grows at most, on average (each draws its own from half to one and a half times this). */
  trunk: number;
  /** Least number of free cells, joined, a new trunk starts in; smaller pockets are left as holes. */
  pocket: number;
  /** Chance that a trunk grows at its tip rather than by a detour when both can happen. */
  tipChance: number;
  /** Hole moves per cell (see `closeHoles`). */
  holeMoves: number;
}

/**
 * Grows trunks over the FREE cells that `allowed` marks, in `paths` (their cells marked BRANCH).
 * @param route the route's cells, entry first
 * @returns the number of trunks
 */
export function growTrunks(
  grid: Grid,
  paths: Paths,
  state: Uint8Array,
  allowed: Uint8Array,
  route: Int32Array,
  rng: Rng,
  options: ForestOptions,
): number {
  const { adjStart, adjCell } = grid;
  const usable = (c: number): boolean => state[c] === FREE && allowed[c] !== 0;
  const growth: Growth = { allowed, mark: BRANCH, tips: true, tipChance: options.tipChance, cap: 0 };
  let trunks = 0;
  const start = (f: number, from: number): void => {
    paths.hang[f] = from;
    paths.kids[from]++;
    state[f] = BRANCH;
    trunks++;
    growth.cap = Math.max(1, Math.round(options.trunk * (0.5 + rng.next())));
    growPath(grid, paths, state, [f], growth, rng);
  };
  // Hairs: free cells beside the route, a share of them drawn at random, each with the route cell it hangs from.
  const beside: number[] = [];
  for (const r of route) {
    for (let k = adjStart[r]; k < adjStart[r + 1]; k++) if (usable(adjCell[k])) beside.push(adjCell[k], r);
  }
  let hairs = Math.round((options.hairs * beside.length) / 2);
  let budget = stepBudget(grid);
  while (hairs > 0 && beside.length > 0) {
    if (--budget < 0) throw runaway('reveal trunks', grid);
    const i = 2 * rng.int(beside.length / 2);
    const f = beside[i];
    const r = beside[i + 1];
    beside[i] = beside[beside.length - 2];
    beside[i + 1] = beside[beside.length - 1];
    beside.length -= 2;
    if (!usable(f)) continue;
    start(f, r);
    hairs--;
  }
  // Trunks from random free cells beside the tree, into pockets big enough.
  const frontier: number[] = [];
  for (let c = 0; c < grid.cellCount; c++) {
    if (!usable(c)) continue;
    for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
      const s = state[adjCell[k]];
      if (s === ROUTE || s === BRANCH) {
        frontier.push(c);
        break;
      }
    }
  }
  const seen = { mark: new Int32Array(grid.cellCount), stamp: 0 };
  const queue = new Int32Array(options.pocket + 1);
  while (frontier.length > 0) {
    if (--budget < 0) throw runaway('reveal trunks', grid);
    const i = rng.int(frontier.length);
    const f = frontier[i];
    frontier[i] = frontier[frontier.length - 1];
    frontier.pop();
    if (!usable(f) || pocketSize(grid, f, usable, options.pocket, seen, queue) < options.pocket) continue;
    const from = randomNeighbour(grid, f, (m) => state[m] === ROUTE || state[m] === BRANCH, rng);
    if (from < 0) continue;
    start(f, from);
    // The new trunk's free neighbours are new places to start from.
    for (let c = f; c >= 0; c = paths.next[c]) {
      for (let k = adjStart[c]; k < adjStart[c + 1]; k++) if (usable(adjCell[k])) frontier.push(adjCell[k]);
    }
  }
  closeHoles(grid, paths, state, growth, rng, Math.round(options.holeMoves * grid.cellCount));
  return trunks;
}

/**
 * The number of usable cells joined to f, counting up to `limit` (a breadth-first search that stops there).
 * `seen` is scratch space: each search marks the cells it meets with a stamp of its own.
 */
function pocketSize(
  grid: Grid,
  f: number,
  usable: (c: number) => boolean,
  limit: number,
  seen: { mark: Int32Array; stamp: number },
  queue: Int32Array,
): number {
  const stamp = ++seen.stamp;
  const mark = seen.mark;
  let tail = 0;
  queue[tail++] = f;
  mark[f] = stamp;
  for (let head = 0; head < tail && tail < limit; head++) {
    const c = queue[head];
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1] && tail < limit; k++) {
      const m = grid.adjCell[k];
      if (mark[m] === stamp || !usable(m)) continue;
      mark[m] = stamp;
      queue[tail++] = m;
    }
  }
  return tail;
}

/**
 * Hangs every cell on no path (holes, reserved cells) from a random neighbour on the tree, those beside the
 * tree first, so each becomes a short dead end.
 * @returns for each such cell the cell it hangs from; -1 for cells on paths
 */
export function hangLeftovers(grid: Grid, state: Uint8Array, rng: Rng): Int32Array {
  const n = grid.cellCount;
  const parent = new Int32Array(n).fill(-1);
  let left: number[] = [];
  for (let c = 0; c < n; c++) if (state[c] === FREE || state[c] === RESERVED) left.push(c);
  const onTree = (m: number): boolean => state[m] === ROUTE || state[m] === BRANCH;
  // Each round hangs at least one cell (or throws), so rounds are at most the cells.
  let budget = stepBudget(grid);
  while (left.length > 0) {
    if (--budget < 0) throw runaway('reveal leftovers', grid);
    const hung: number[] = [];
    const rest: number[] = [];
    for (const c of left) {
      const t = randomNeighbour(grid, c, onTree, rng);
      if (t < 0) rest.push(c);
      else {
        parent[c] = t;
        hung.push(c);
      }
    }
    if (hung.length === 0)
      throw new Error('internal: cells of a hidden-picture maze are cut off from its tree');
    for (const c of hung) state[c] = BRANCH;
    left = rest;
  }
  return parent;
}
