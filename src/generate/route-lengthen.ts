import { bfs } from '../grid/bfs.js';
import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';

/**
 * Makes the path between two cells of a tree longer without leaving the tree's cells (Xu & Kaplan's cure for
 * short circuits, as tree surgery): a closed wall from a path cell u into a side branch that hangs from the
 * path at r is opened, and the path wall next to u towards r is closed. The path then detours through the
 * branch — longer by the branch depth at the wall minus the stretch of path it skips — and the open walls stay
 * a spanning tree of the same cells. Each round applies the best detours whose skipped stretches do not
 * overlap, until the path reaches `target` cells or no detour lengthens it.
 *
 * `open` must hold a spanning tree of the cells reachable from `from` (the territory), whose walls towards
 * other cells are closed; `fixed` walls are never opened.
 * @returns the path's length in cells afterwards
 */
export function lengthenPath(
  grid: Grid,
  open: Uint8Array,
  from: number,
  to: number,
  target: number,
  fixed: Uint8Array,
  rng: Rng,
): number {
  const n = grid.cellCount;
  const onPath = new Int32Array(n).fill(-1);
  const root = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  for (let round = 0; round < 200; round++) {
    const search = bfs(grid, open, from);
    if (search.dist[to] < 0) throw new Error('internal: lengthenPath ends are not in one tree');
    const length = search.dist[to] + 1;
    if (length >= target) return length;
    // The path, indexed from `from`; every other cell of the tree, the path cell its branch hangs from.
    const path = new Int32Array(length);
    for (let c = to, i = length - 1; i >= 0; i--) {
      path[i] = c;
      if (i > 0) {
        const w = search.viaWall[c];
        c = grid.wallCellA[w] === c ? grid.wallCellB[w] : grid.wallCellA[w];
      }
    }
    for (let i = 0; i < search.reached; i++) {
      onPath[search.order[i]] = -1;
      root[search.order[i]] = -1;
    }
    const queue: number[] = [];
    for (let i = 0; i < length; i++) {
      onPath[path[i]] = i;
      root[path[i]] = i;
      depth[path[i]] = 0;
      queue.push(path[i]);
    }
    for (let h = 0; h < queue.length; h++) {
      const c = queue[h];
      for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
        const m = grid.adjCell[k];
        if (open[grid.adjWall[k]] === 0 || root[m] >= 0) continue;
        root[m] = root[c];
        depth[m] = depth[c] + 1;
        queue.push(m);
      }
    }
    // Detours: closed walls from a path cell (index i) into a branch of path index j.
    const found: { gain: number; i: number; j: number; wall: number; tie: number }[] = [];
    for (let i = 0; i < length; i++) {
      const u = path[i];
      for (let k = grid.adjStart[u]; k < grid.adjStart[u + 1]; k++) {
        const w = grid.adjWall[k];
        const v = grid.adjCell[k];
        if (open[w] !== 0 || fixed[w] !== 0 || root[v] < 0 || onPath[v] >= 0) continue;
        const j = root[v];
        const gain = 1 + depth[v] - Math.abs(j - i);
        if (gain > 0 && Math.abs(j - i) >= 1) found.push({ gain, i, j, wall: w, tie: rng.next() });
      }
    }
    if (found.length === 0) return length;
    found.sort((a, b) => b.gain - a.gain || a.tie - b.tie);
    // Apply detours whose skipped stretches [min(i, j), max(i, j)] do not overlap.
    const taken = new Uint8Array(length);
    let grown = length;
    for (const d of found) {
      const lo = Math.min(d.i, d.j);
      const hi = Math.max(d.i, d.j);
      let free = true;
      for (let x = lo; x <= hi && free; x++) if (taken[x]) free = false;
      if (!free) continue;
      for (let x = lo; x <= hi; x++) taken[x] = 1;
      const next = d.j > d.i ? path[d.i + 1] : path[d.i - 1];
      open[wallOf(grid, path[d.i], next)] = 0;
      open[d.wall] = 1;
      grown += d.gain;
      if (grown >= target) break;
    }
  }
  return bfs(grid, open, from).dist[to] + 1;
}

function wallOf(grid: Grid, a: number, b: number): number {
  for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++)
    if (grid.adjCell[k] === b) return grid.adjWall[k];
  throw new Error('internal: path cells are not neighbours');
}
