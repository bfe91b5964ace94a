import type { Grid } from '../grid/grid.js';
import { maxDegree } from '../grid/grid.js';
import { plainGrid, type UnderWalls, underWalls } from '../grid/weave.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * Growing tree on a weave grid (see `weaveGrid`), the "grow with undercrossings" way: from the cell it grows
 * from, the walk may also tunnel beneath a visited neighbour whose passage runs straight across its way,
 * surfacing in the unvisited cell beyond. With chance `weave` a step takes such a tunnel when one is possible;
 * otherwise it carves to an ordinary unvisited neighbour. The crossing rules hold by construction:
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
  const walk = new WeaveWalk(grid, options.weave ?? 0);
  const { cellCount } = grid;
  if (cellCount === 0) return walk.open;
  const active = new Int32Array(cellCount);
  let count = 0;
  const start = rng.int(cellCount);
  walk.visited[start] = 1;
  active[count++] = start;
  let budget = stepBudget(grid);
  while (count > 0) {
    if (--budget < 0) throw runaway('weave growing tree', grid);
    const i = newest >= 1 || (newest > 0 && rng.next() < newest) ? count - 1 : rng.int(count);
    const c = active[i];
    const next = walk.step(c, rng);
    if (next < 0) active[i] = active[--count];
    else active[count++] = next;
  }
  return walk.open;
}

/**
 * The weave backtracker: the weave growing tree that always grows from the newest cell, with a stack (a cell
 * left with no choice is replaced on the stack by the cell it carved into, as `backtracker` does).
 */
export function weaveBacktracker(grid: Grid, rng: Rng, options: AlgorithmOptions): Uint8Array {
  const walk = new WeaveWalk(grid, options.weave ?? 0);
  const { cellCount } = grid;
  if (cellCount === 0) return walk.open;
  const stack = new Int32Array(cellCount);
  let sp = 0;
  const start = rng.int(cellCount);
  walk.visited[start] = 1;
  stack[sp++] = start;
  let budget = stepBudget(grid);
  while (sp > 0) {
    if (--budget < 0) throw runaway('weave backtracker', grid);
    const next = walk.step(stack[sp - 1], rng);
    if (next < 0) sp--;
    else if (walk.choices === 1) stack[sp - 1] = next;
    else stack[sp++] = next;
  }
  return walk.open;
}

/** Weave Prim: the weave growing tree that always grows from a random active cell. */
export function weavePrim(grid: Grid, rng: Rng, options: AlgorithmOptions): Uint8Array {
  return weaveGrowingTree(grid, rng, { ...options, newest: 0 });
}

/**
 * The state of a weave walk and its one step. It walks the plain grid's neighbour lists (four entries on a
 * square cell, not six) and finds tunnels from the neighbours already visited (`UnderWalls.tunnelVia`); open
 * walls are numbered as in the weave grid (ordinary walls keep their numbers there).
 */
class WeaveWalk {
  readonly open: Uint8Array;
  readonly visited: Uint8Array;
  /** Choices the last step had (ordinary and tunnels); 0 when it carved nothing. */
  choices = 0;
  private readonly weave: number;
  private readonly plain: Grid;
  private readonly under: UnderWalls;
  private readonly wallUnder: Int32Array;
  /** 1 for walls that are open or that an open under-passage runs through. */
  private readonly used: Uint8Array;
  /** Open ordinary inner walls of each cell. */
  private readonly openDeg: Uint8Array;
  private readonly crossed: Uint8Array;
  private readonly plainChoices: Int32Array;
  private readonly tunnelChoices: Int32Array;

  constructor(grid: Grid, weave: number) {
    this.weave = weave;
    this.plain = plainGrid(grid);
    this.under = underWalls(grid);
    this.wallUnder = grid.weave?.under ?? new Int32Array(grid.wallCount).fill(-1);
    this.open = new Uint8Array(grid.wallCount);
    this.used = new Uint8Array(grid.wallCount);
    this.visited = new Uint8Array(grid.cellCount);
    this.openDeg = new Uint8Array(grid.cellCount);
    this.crossed = new Uint8Array(grid.cellCount);
    const degree = maxDegree(this.plain);
    this.plainChoices = new Int32Array(degree);
    this.tunnelChoices = new Int32Array(degree);
  }

  /** Carves from visited cell c to an unvisited cell (a tunnel with chance `weave`) and returns it, or -1. */
  step(c: number, rng: Rng): number {
    const { adjStart, adjCell, adjWall } = this.plain;
    const { near, far, sides, tunnelVia, tunnelTo } = this.under;
    const { visited, openDeg, crossed, used, plainChoices, tunnelChoices } = this;
    let n = 0;
    let m = 0;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      const b = adjCell[k];
      if (visited[b] === 0) {
        plainChoices[n++] = k;
        continue;
      }
      const d = tunnelTo[k];
      if (d < 0 || visited[d] !== 0 || openDeg[b] !== 2 || crossed[b] !== 0 || sides[b] !== 4) continue;
      const t = tunnelVia[k];
      if (used[near[t]] === 0 && used[far[t]] === 0) tunnelChoices[m++] = k;
    }
    this.choices = n + m;
    const { weave } = this;
    let next: number;
    if (m > 0 && (weave >= 1 || rng.next() < weave)) {
      const k = tunnelChoices[m === 1 ? 0 : rng.int(m)];
      const t = tunnelVia[k];
      next = tunnelTo[k];
      this.open[t] = 1;
      used[near[t]] = 1;
      used[far[t]] = 1;
      crossed[this.wallUnder[t]] = 1;
    } else if (n > 0) {
      const k = plainChoices[n === 1 ? 0 : rng.int(n)];
      next = adjCell[k];
      const w = adjWall[k];
      this.open[w] = 1;
      used[w] = 1;
      openDeg[c]++;
      openDeg[next]++;
    } else {
      this.choices = 0;
      return -1;
    }
    visited[next] = 1;
    return next;
  }
}
