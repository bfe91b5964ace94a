import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * The paths a hidden-picture maze is made of: the route (a path from the entry cell to the exit cell) and
 * trunks (paths that hang from a cell of another path at their first cell and end free at their tip). Every
 * path grows the same way, so the route's corridors and the background's look alike:
 *
 * - a detour: a step u → v whose cells have free neighbours a (beside u) and b (beside v) that are
 *   neighbours too becomes u → a → b → v (Kurokawa's successive insertion of path segments);
 * - at a trunk's tip: one more cell;
 * - holes (free cells no detour reaches) wander: where a path turns round a corner p from a to b and the hole
 *   h is the fourth cell of that square, the path goes a → h → b and p is the hole; two holes that meet beside
 *   a step are taken as a detour, a hole beside a trunk's tip is taken by the tip.
 *
 * All arrays are indexed by cell. `state` marks each cell: FREE, on the ROUTE, RESERVED (kept out of every
 * path: a one-cell dead end later) or in a BRANCH.
 */
export interface Paths {
  /** The next cell along the cell's path, -1 at the path's end. */
  readonly next: Int32Array;
  /** The previous cell along the cell's path, -1 at its first cell. */
  readonly prev: Int32Array;
  /** At a trunk's first cell, the cell it hangs from; -1 elsewhere (and at the route's first cell). */
  readonly hang: Int32Array;
  /** How many trunks hang from each cell (such a cell stays where it is: no hole move takes its place). */
  readonly kids: Int32Array;
}

export const FREE = 0;
export const ROUTE = 1;
export const RESERVED = 2;
export const BRANCH = 3;

export function newPaths(cells: number): Paths {
  return {
    next: new Int32Array(cells).fill(-1),
    prev: new Int32Array(cells).fill(-1),
    hang: new Int32Array(cells).fill(-1),
    kids: new Int32Array(cells),
  };
}

/** The cell the path reaches v from: its previous cell, or the cell a trunk hangs from; -1 for none. */
export function before(paths: Paths, v: number): number {
  return paths.prev[v] >= 0 ? paths.prev[v] : paths.hang[v];
}

/** Whether two cells share a wall. */
export function neighbours(grid: Grid, a: number, b: number): boolean {
  for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++) if (grid.adjCell[k] === b) return true;
  return false;
}

/** Puts a → b between v and the cell the path reaches it from. */
function insertPair(paths: Paths, v: number, a: number, b: number): void {
  const { next, prev, hang } = paths;
  const u = before(paths, v);
  if (prev[v] >= 0) {
    next[u] = a;
    prev[a] = u;
  } else {
    hang[a] = u;
    prev[a] = -1;
    hang[v] = -1;
  }
  next[a] = b;
  prev[b] = a;
  next[b] = v;
  prev[v] = b;
}

/** Replaces p, which its path reaches from a and (when p is not a tip) leaves for b, by h. */
function replaceCell(paths: Paths, p: number, h: number): void {
  const { next, prev, hang } = paths;
  const a = before(paths, p);
  const b = next[p];
  if (prev[p] >= 0) {
    next[a] = h;
    prev[h] = a;
  } else {
    hang[h] = a;
    prev[h] = -1;
    hang[p] = -1;
  }
  next[h] = b;
  if (b >= 0) prev[b] = h;
  next[p] = -1;
  prev[p] = -1;
}

/** How paths may grow: which cells they may take, what they mark them, and how far. */
export interface Growth {
  /** Whether a path may take cell c (it must be FREE too). */
  allowed: Uint8Array;
  /** The state cells taken get: ROUTE or BRANCH. */
  mark: number;
  /** Whether the path's tip may grow (trunks), or only detours (the route, whose ends are fixed). */
  tips: boolean;
  /** Chance of growing at the tip rather than by a detour when both can happen. */
  tipChance: number;
  /** Most cells to add. */
  cap: number;
}

/**
 * Grows a path by detours (and at its tip, if it may) in random order until none fits or `cap` cells are
 * added, starting from the steps into `seeds` and the tips among them.
 * @returns the number of cells added
 */
export function growPath(
  grid: Grid,
  paths: Paths,
  state: Uint8Array,
  seeds: readonly number[],
  growth: Growth,
  rng: Rng,
): number {
  const { next, prev } = paths;
  const { adjStart, adjCell } = grid;
  const usable = (c: number): boolean => state[c] === FREE && growth.allowed[c] !== 0;
  // Steps to try, each by the cell it leads into; tips to try.
  const steps: number[] = seeds.slice();
  const tips: number[] = growth.tips ? seeds.filter((c) => next[c] < 0) : [];
  const options = new Int32Array(2 * 64);
  let added = 0;
  let budget = stepBudget(grid);
  while ((steps.length > 0 || tips.length > 0) && added < growth.cap) {
    if (--budget < 0) throw runaway('reveal paths', grid);
    const atTip = steps.length === 0 || (tips.length > 0 && rng.next() < growth.tipChance);
    const pool = atTip ? tips : steps;
    const i = rng.int(pool.length);
    const v = pool[i];
    pool[i] = pool[pool.length - 1];
    pool.pop();
    if (atTip) {
      if (next[v] >= 0) continue;
      const y = randomNeighbour(grid, v, usable, rng);
      if (y < 0) continue;
      next[v] = y;
      prev[y] = v;
      state[y] = growth.mark;
      added++;
      tips.push(y);
      steps.push(y);
      continue;
    }
    const u = before(paths, v);
    if (u < 0) continue;
    let count = 0;
    for (let k = adjStart[u]; k < adjStart[u + 1]; k++) {
      const a = adjCell[k];
      if (!usable(a)) continue;
      for (let j = adjStart[v]; j < adjStart[v + 1]; j++) {
        const b = adjCell[j];
        if (b === a || !usable(b) || count >= 64 || !neighbours(grid, a, b)) continue;
        options[2 * count] = a;
        options[2 * count + 1] = b;
        count++;
      }
    }
    if (count === 0) continue;
    const pick = rng.int(count);
    const a = options[2 * pick];
    const b = options[2 * pick + 1];
    insertPair(paths, v, a, b);
    state[a] = growth.mark;
    state[b] = growth.mark;
    added += 2;
    steps.push(a, b, v);
  }
  return added;
}

/**
 * Closes holes — FREE cells the paths marked `growth.mark` may take — by the moves of the module comment,
 * spending at most `moves` attempts; trunk tips take holes beside them when `growth.tips` is set. Holes of
 * one colour of a two-coloured grid left when the others are gone stay where no tip can take them (a detour
 * takes one cell of each colour).
 * @returns the number of cells the paths took
 */
export function closeHoles(
  grid: Grid,
  paths: Paths,
  state: Uint8Array,
  growth: Growth,
  rng: Rng,
  moves: number,
): number {
  const { next } = paths;
  const { adjStart, adjCell } = grid;
  const mark = growth.mark;
  const usable = (c: number): boolean => state[c] === FREE && growth.allowed[c] !== 0;
  const holes: number[] = [];
  for (let c = 0; c < grid.cellCount; c++) if (usable(c)) holes.push(c);
  let taken = 0;
  const flips = new Int32Array(32);
  for (let m = 0; m < moves && holes.length > 0; m++) {
    const i = rng.int(holes.length);
    const h = holes[i];
    if (!usable(h)) {
      holes[i] = holes[holes.length - 1];
      holes.pop();
      continue;
    }
    if (growth.tips) {
      const t = randomNeighbour(grid, h, (c) => state[c] === mark && next[c] < 0, rng);
      if (t >= 0) {
        next[t] = h;
        paths.prev[h] = t;
        state[h] = mark;
        taken++;
        continue;
      }
    }
    if (takePair(grid, paths, state, h, mark, usable)) {
      taken += 2;
      continue;
    }
    // Cells the hole could take the place of: p, between path cells A → p → B that are both beside h (p is
    // across a square from h), or a trunk's tip p whose cell before it is beside h.
    let count = 0;
    for (let k = adjStart[h]; k < adjStart[h + 1]; k++) {
      const x = adjCell[k];
      if (state[x] !== mark || count + 2 > flips.length) continue;
      const after = next[x];
      if (after >= 0) {
        const b = next[after];
        if (paths.kids[after] === 0 && (b < 0 ? growth.tips : neighbours(grid, h, b))) flips[count++] = after;
      }
      const ahead = paths.prev[x];
      if (ahead >= 0) {
        const a = before(paths, ahead);
        if (a >= 0 && paths.kids[ahead] === 0 && neighbours(grid, h, a)) flips[count++] = ahead;
      }
    }
    // A hole with no move may get one when the paths round it change: it stays in the list.
    if (count === 0) continue;
    const p = flips[rng.int(count)];
    replaceCell(paths, p, h);
    state[h] = mark;
    state[p] = FREE;
    if (growth.allowed[p] !== 0) holes[i] = p;
    else {
      holes[i] = holes[holes.length - 1];
      holes.pop();
    }
  }
  return taken;
}

/** Takes hole h and a free neighbour g of it into a path as a detour, if a step lies beside them. */
function takePair(
  grid: Grid,
  paths: Paths,
  state: Uint8Array,
  h: number,
  mark: number,
  usable: (c: number) => boolean,
): boolean {
  const { next } = paths;
  const { adjStart, adjCell } = grid;
  for (let k = adjStart[h]; k < adjStart[h + 1]; k++) {
    const g = adjCell[k];
    if (!usable(g)) continue;
    for (let j = adjStart[h]; j < adjStart[h + 1]; j++) {
      const x = adjCell[j];
      if (state[x] !== mark) continue;
      // x → y along the path with g beside y: x → h → g → y.
      const y = next[x];
      if (y >= 0 && neighbours(grid, y, g)) {
        insertPair(paths, y, h, g);
      } else {
        // w → x with g beside w: w → g → h → x.
        const w = before(paths, x);
        if (w < 0 || !neighbours(grid, w, g)) continue;
        insertPair(paths, x, g, h);
      }
      state[h] = mark;
      state[g] = mark;
      return true;
    }
  }
  return false;
}

/** A random neighbour of c that `ok` accepts, or -1. */
export function randomNeighbour(grid: Grid, c: number, ok: (m: number) => boolean, rng: Rng): number {
  let count = 0;
  let pick = -1;
  for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
    const m = grid.adjCell[k];
    if (!ok(m)) continue;
    count++;
    if (rng.int(count) === 0) pick = m;
  }
  return pick;
}

/** The cells of the path from `first` to its end. */
export function pathCells(paths: Paths, first: number): Int32Array {
  const out: number[] = [];
  for (let c = first; c >= 0; c = paths.next[c]) out.push(c);
  return Int32Array.from(out);
}
