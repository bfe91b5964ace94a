import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import { MinHeap } from './min-heap.js';
import { FREE, type Paths, ROUTE, randomNeighbour } from './reveal-paths.js';
import { runaway, stepBudget } from './watchdog.js';

/** What a cell off the target costs the cheapest route, in cells on it. */
const OFF_TARGET = 4096;

/**
 * The first route of a hidden-picture maze, before it is grown over the picture: the path from `from` to `to`
 * through FREE cells that crosses the fewest cells with `target[c] === 0` and among those is the shortest
 * (for routes under 4096 cells; a longer one may cross a cell off the target to save that many). Ties go to
 * the lower cell, so the path depends on the grid and the target alone. Its cells are written into `paths`
 * and marked ROUTE.
 * @returns whether there is such a path (the free cells join the ends)
 */
export function cheapestRoute(
  grid: Grid,
  target: Uint8Array,
  state: Uint8Array,
  paths: Paths,
  from: number,
  to: number,
): boolean {
  const n = grid.cellCount;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const via = new Int32Array(n).fill(-1);
  const heap = new MinHeap(grid.adjStart[n] + 1);
  // A cell off the target costs as much as OFF_TARGET cells on it: the route goes round the picture's edge
  // rather than across the background. Keys pack the distance and the cell, distance · n + cell: exact below
  // 2^53, as distances are at most OFF_TARGET · n.
  const cost = (c: number): number => (target[c] !== 0 ? 1 : OFF_TARGET);
  dist[from] = cost(from);
  heap.push(dist[from] * n + from);
  let budget = stepBudget(grid);
  while (heap.size > 0) {
    if (--budget < 0) throw runaway('reveal route', grid);
    const key = heap.pop();
    const c = key % n;
    const d = (key - c) / n;
    if (d > dist[c]) continue;
    if (c === to) break;
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const m = grid.adjCell[k];
      if (state[m] !== FREE) continue;
      const dm = d + cost(m);
      if (dm < dist[m]) {
        dist[m] = dm;
        via[m] = c;
        heap.push(dm * n + m);
      }
    }
  }
  if (!Number.isFinite(dist[to])) return false;
  state[to] = ROUTE;
  for (let c = to; c !== from; c = via[c]) {
    const p = via[c];
    paths.next[p] = c;
    paths.prev[c] = p;
    state[p] = ROUTE;
  }
  return true;
}

/** Steps per cell a loop-erased walk may take before the cheapest route stands instead. */
const WALK_STEPS = 64;

/**
 * Replaces the route (the path from `from` to `to` in `paths`, marked ROUTE) by a loop-erased random walk
 * between the same ends through the target cells and the route's own cells off the target (its corridors to
 * the rim): a winding line through the picture instead of a straight one, so the detours that grow from it
 * point every way rather than all across one straight spine. A walk that takes more than {@link WALK_STEPS}
 * steps per cell leaves the route as it was.
 * @returns whether the route was replaced
 */
export function windRoute(
  grid: Grid,
  target: Uint8Array,
  state: Uint8Array,
  paths: Paths,
  from: number,
  to: number,
  rng: Rng,
): boolean {
  const n = grid.cellCount;
  const allowed = (c: number): boolean => target[c] !== 0 || state[c] === ROUTE;
  let cells = 0;
  for (let c = 0; c < n; c++) if (allowed(c) && (state[c] === FREE || state[c] === ROUTE)) cells++;
  // The way out of each cell the walk last took (Wilson's loop erasure: following them from `from` gives the
  // walk with its loops cut out).
  const out = new Int32Array(n).fill(-1);
  let budget = WALK_STEPS * cells;
  for (let c = from; c !== to; ) {
    if (--budget < 0) return false;
    const m = randomNeighbour(grid, c, (x) => allowed(x) && (state[x] === FREE || state[x] === ROUTE), rng);
    if (m < 0) return false;
    out[c] = m;
    c = m;
  }
  for (let c = from; c >= 0; ) {
    const nextCell = paths.next[c];
    paths.next[c] = -1;
    paths.prev[c] = -1;
    state[c] = FREE;
    c = nextCell;
  }
  state[to] = ROUTE;
  for (let c = from; c !== to; c = out[c]) {
    paths.next[c] = out[c];
    paths.prev[out[c]] = c;
    state[c] = ROUTE;
  }
  return true;
}
