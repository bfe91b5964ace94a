import type { Grid } from '../grid/grid.js';
import { maxDegree } from '../grid/grid.js';
import { underWalls } from '../grid/weave.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './registry.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * Growing tree on a weave grid (see `weaveGrid`), the "grow with undercrossings" way: from the cell it grows
 * from, the walk may also tunnel beneath a neighbour whose passage runs straight across its way, surfacing in
 * the unvisited cell beyond. With chance `weave` a step takes such a tunnel when one is possible; otherwise it
 * carves to an ordinary unvisited neighbour. The crossing rules hold by construction:
 * - the crossing cell is visited, has exactly two open walls (its over-passage, straight across the tunnel on a
 *   four-sided cell) and is crossed only once;
 * - the two walls the tunnel passes through are closed and used by no other tunnel, and they stay closed (both
 *   cells beside each are visited, and the walk only ever carves into unvisited cells).
 * The result is a spanning tree of the weave graph: cells − 1 open edges, under-passages counted.
 * `newest` as in `growingTree` (1: backtracker, 0: Prim). O((cells + walls) · degree).
 */
export function weaveGrowingTree(
  grid: Grid,
  rng: Rng,
  options: AlgorithmOptions & { newest?: number },
): Uint8Array {
  const newest = options.newest ?? 0.5;
  const weave = options.weave ?? 0;
  const { adjStart, adjCell, adjWall, cellCount, wallCellB } = grid;
  const wallUnder = grid.wallUnder ?? new Int32Array(grid.wallCount).fill(-1);
  const { near, far } = underWalls(grid);
  const open = new Uint8Array(grid.wallCount);
  if (cellCount === 0) return open;
  /** 1 for walls that are open or that an open under-passage runs through. */
  const used = new Uint8Array(grid.wallCount);
  /** Open ordinary walls of each cell, and the ordinary inner walls it has. */
  const openDeg = new Uint8Array(cellCount);
  const sides = new Uint8Array(cellCount);
  for (let c = 0; c < cellCount; c++) {
    for (let k = adjStart[c]; k < adjStart[c + 1]; k++) if (wallUnder[adjWall[k]] < 0) sides[c]++;
  }
  const crossed = new Uint8Array(cellCount);
  const visited = new Uint8Array(cellCount);
  const active = new Int32Array(cellCount);
  const plain = new Int32Array(maxDegree(grid));
  const tunnels = new Int32Array(maxDegree(grid));
  let count = 0;
  const start = rng.int(cellCount);
  visited[start] = 1;
  active[count++] = start;
  let budget = stepBudget(grid);
  while (count > 0) {
    if (--budget < 0) throw runaway('weave growing tree', grid);
    const i = newest >= 1 || (newest > 0 && rng.next() < newest) ? count - 1 : rng.int(count);
    const c = active[i];
    let n = 0;
    let m = 0;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      if (visited[adjCell[k]] !== 0) continue;
      const w = adjWall[k];
      const b = wallUnder[w];
      if (b < 0) plain[n++] = k;
      else if (
        crossed[b] === 0 &&
        openDeg[b] === 2 &&
        sides[b] === 4 &&
        used[near[w]] === 0 &&
        used[far[w]] === 0
      )
        tunnels[m++] = k;
    }
    let k: number;
    if (m > 0 && rng.next() < weave) k = tunnels[m === 1 ? 0 : rng.int(m)];
    else if (n > 0) k = plain[n === 1 ? 0 : rng.int(n)];
    else {
      active[i] = active[--count];
      continue;
    }
    const next = adjCell[k];
    const w = adjWall[k];
    open[w] = 1;
    used[w] = 1;
    const b = wallUnder[w];
    if (b >= 0) {
      crossed[b] = 1;
      used[near[w]] = 1;
      used[far[w]] = 1;
    } else if (wallCellB[w] >= 0) {
      openDeg[c]++;
      openDeg[next]++;
    }
    visited[next] = 1;
    active[count++] = next;
  }
  return open;
}

/** The weave backtracker: the weave growing tree that always grows from the newest cell. */
export function weaveBacktracker(grid: Grid, rng: Rng, options: AlgorithmOptions): Uint8Array {
  return weaveGrowingTree(grid, rng, { ...options, newest: 1 });
}

/** Weave Prim: the weave growing tree that always grows from a random active cell. */
export function weavePrim(grid: Grid, rng: Rng, options: AlgorithmOptions): Uint8Array {
  return weaveGrowingTree(grid, rng, { ...options, newest: 0 });
}
