import { type Grid, maxDegree } from './grid.js';

/** Result of a breadth-first search over open walls; -1 marks unreached cells. */
export interface Bfs {
  /** Steps from the start cell. */
  dist: Int32Array;
  /** Wall crossed to reach each cell (-1 for the start and unreached cells). */
  viaWall: Int32Array;
  /** Cells in the order they were reached. */
  order: Int32Array;
  /** Number of cells reached (length of the meaningful prefix of `order`). */
  reached: number;
}

/**
 * Breadth-first search from `start`, crossing only walls with `open[w] !== 0`. Linear in cells + walls,
 * allocation-free apart from its three result arrays.
 * @param oneWay optional per-wall direction (see `Maze.oneWay`): +1 lets a wall be crossed only from
 *   `wallCellA` to `wallCellB`, −1 only the other way, 0 both ways
 */
export function bfs(grid: Grid, open: Uint8Array, start: number, oneWay?: Int8Array): Bfs {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const dist = new Int32Array(cellCount).fill(-1);
  const viaWall = new Int32Array(cellCount).fill(-1);
  const order = new Int32Array(cellCount);
  let head = 0;
  let tail = 0;
  dist[start] = 0;
  order[tail++] = start;
  while (head < tail) {
    const c = order[head++];
    const d = dist[c] + 1;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      // Most walls of a maze stand: the open test first spares most reads of dist.
      const w = adjWall[k];
      if (open[w] === 0) continue;
      const n = adjCell[k];
      if (dist[n] < 0) {
        if (oneWay !== undefined && oneWay[w] !== 0) {
          // Crossing from c is allowed when c is the side the wall lets you leave from.
          if ((oneWay[w] > 0 ? grid.wallCellA[w] : grid.wallCellB[w]) !== c) continue;
        }
        dist[n] = d;
        viaWall[n] = w;
        order[tail++] = n;
      }
    }
  }
  return { dist, viaWall, order, reached: tail };
}

/** The cell on the other side of `wall` from `cell`. */
export function across(grid: Grid, wall: number, cell: number): number {
  return grid.wallCellA[wall] === cell ? grid.wallCellB[wall] : grid.wallCellA[wall];
}

/**
 * The route a breadth-first search found from its start to `target`: cells in walking order (both ends
 * included) and the walls crossed between them; undefined when `target` was not reached.
 */
export function routeTo(
  grid: Grid,
  search: Bfs,
  target: number,
): { cells: Int32Array; walls: Int32Array } | undefined {
  return search.dist[target] < 0
    ? undefined
    : routeBack(grid.wallCellA, grid.wallCellB, search.viaWall, 1, 0, target);
}

/**
 * The route to `to` back along `via` (the wall cell c was reached through at `via[stride * c + offset]`;
 * negative at the start): cells in walking order, both ends included, and the walls crossed between them.
 * One pass back along the route into scratch arrays, then copied the right way round.
 */
function routeBack(
  wallCellA: Int32Array,
  wallCellB: Int32Array,
  via: Int32Array,
  stride: number,
  offset: number,
  to: number,
): { cells: Int32Array; walls: Int32Array } {
  // A route visits each cell at most once: at most as many cells as `via` has.
  const longest = via.length / stride;
  if (routeScratch.cells.length < longest) {
    routeScratch.cells = new Int32Array(longest);
    routeScratch.walls = new Int32Array(longest);
  }
  const back = routeScratch.cells;
  const crossed = routeScratch.walls;
  let length = 0;
  let c = to;
  for (let w = via[stride * c + offset]; w >= 0; w = via[stride * c + offset]) {
    back[length] = c;
    crossed[length++] = w;
    c = wallCellA[w] === c ? wallCellB[w] : wallCellA[w];
  }
  const cells = new Int32Array(length + 1);
  const walls = new Int32Array(length);
  cells[0] = c;
  for (let i = 1, j = length - 1; i <= length; i++, j--) {
    cells[i] = back[j];
    walls[i - 1] = crossed[j];
  }
  return { cells, walls };
}

/** Scratch of `routeBack` (per thread), grown to the largest grid. */
const routeScratch = { cells: new Int32Array(0), walls: new Int32Array(0) };

/**
 * A grid's neighbour lists with each neighbour and the wall between side by side (the layout of
 * `neighbourTable` in generate/, made once per grid): cell c's places are `start[c]` … `start[c + 1] − 1`,
 * place k's neighbour at `entries[2k]` and the wall between at `entries[2k + 1]`.
 */
export interface NeighbourLists {
  readonly start: Int32Array;
  readonly entries: Int32Array;
}

/** A depth-first walk over a tree of open walls (see `treeSearch`). */
export interface TreeSearch {
  /** The only route from the walk's start to its target; undefined when the target was not reached. */
  route: { cells: Int32Array; walls: Int32Array } | undefined;
  /** Number of cells reached, the start included. */
  reached: number;
}

/**
 * A depth-first walk from `from` over open walls, when they form a tree in `from`'s part of the maze (a
 * perfect maze): every cell of that part is reached by its only route, and the route to `to` is the one
 * `routeTo(grid, bfs(grid, open, from), to)` gives. Depth first stays in the region it is in, so on big
 * mazes it has far fewer cache misses than a breadth-first front spanning the maze. Undefined when that
 * part holds a loop (two open walls between the same cells included): the walk stops at the first open wall
 * to a cell already reached, other than the one it came by, and the caller then searches breadth first.
 *
 * Reads the neighbour lists one stretch per cell (`lists`, the grid's neighbour table; cells of at
 * most 31 neighbours: `maxDegree`), finds a cell's branches without a branch per wall, follows the last branch without
 * the stack, and writes only per-thread scratch arrays that stay between calls (a stamp per call marks the
 * cells reached, so they are never cleared): about 12 bytes per cell of the largest grid walked.
 * @param wallCellA the grid's `wallCellA`, @param wallCellB its `wallCellB` (to walk the route back)
 */
export function treeSearch(
  lists: NeighbourLists,
  wallCellA: Int32Array,
  wallCellB: Int32Array,
  open: Uint8Array,
  from: number,
  to: number,
): TreeSearch | undefined {
  const { start, entries } = lists;
  const stamp = treeScratch.next(start.length - 1);
  // Per cell: mark[c] the stamp of the last walk that reached c, via[c] the wall it came by (-1: the start).
  const { mark, via, stack } = treeScratch;
  let top = 0;
  let reached = 1;
  let c = from;
  let entered = -1;
  mark[from] = stamp;
  via[from] = -1;
  for (;;) {
    // c's open walls other than the one it was entered by, a bit per neighbour (no branch per wall).
    const first = start[c];
    let bits = 0;
    for (let i = 2 * first + 1, j = 0, end = start[c + 1] - first; j < end; i += 2, j++) {
      const w = entries[i];
      const other = w ^ entered;
      bits |= (open[w] & ((other | -other) >>> 31)) << j;
    }
    if (bits === 0) {
      if (top === 0) break;
      c = stack[--top];
      entered = via[c];
      continue;
    }
    // Every branch but the last waits on the stack; the walk goes on along the last without it.
    for (;;) {
      const last = (bits & (bits - 1)) === 0;
      const i = 2 * (first + 31 - Math.clz32(last ? bits : bits & -bits));
      const n = entries[i];
      // An open wall to a cell already reached, other than the one c came through, closes a loop.
      if (mark[n] === stamp) return undefined;
      mark[n] = stamp;
      via[n] = entries[i + 1];
      reached++;
      if (last) {
        c = n;
        entered = entries[i + 1];
        break;
      }
      stack[top++] = n;
      bits &= bits - 1;
    }
  }
  if (mark[to] !== stamp) return { route: undefined, reached };
  return { route: routeBack(wallCellA, wallCellB, via, 1, 0, to), reached };
}

/**
 * Scratch arrays of `treeSearch`, one set per thread (calls never overlap), grown to the largest grid
 * walked. `next` hands out a new stamp; a cell's stamp is set only by the walk that reaches it.
 */
const treeScratch = {
  mark: new Int32Array(0),
  via: new Int32Array(0),
  stack: new Int32Array(0),
  stamp: 0,
  next(cellCount: number): number {
    if (this.stack.length < cellCount) {
      this.mark = new Int32Array(cellCount);
      this.via = new Int32Array(cellCount);
      this.stack = new Int32Array(cellCount);
      this.stamp = 0;
    }
    if (this.stamp === 0x7fffffff) {
      this.mark.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  },
};

/**
 * The route from `from` to `to` when the open walls of `from`'s part of the maze form a tree: the only
 * route, so the one `routeTo(grid, bfs(grid, open, from), to)` gives. Undefined when `to` is not reached or
 * that part holds a loop (`treeSearch`).
 * @param lists the grid's neighbour lists side by side (generate/'s `neighbourTable(grid)`); made for this
 *   call from the grid's CSR lists when not given
 */
export function treeRoute(
  grid: Grid,
  open: Uint8Array,
  from: number,
  to: number,
  lists: NeighbourLists = listsOf(grid),
): { cells: Int32Array; walls: Int32Array } | undefined {
  // Cells of more than 31 neighbours (no grid has them) are searched breadth first.
  if (maxDegree(grid) > 31) return routeTo(grid, bfs(grid, open, from), to);
  return treeSearch(lists, grid.wallCellA, grid.wallCellB, open, from, to)?.route;
}

/** The grid's CSR neighbour lists interleaved (`NeighbourLists`), made anew. */
function listsOf(grid: Grid): NeighbourLists {
  const { adjStart, adjCell, adjWall } = grid;
  const entries = new Int32Array(2 * adjCell.length);
  for (let k = 0; k < adjCell.length; k++) {
    entries[2 * k] = adjCell[k];
    entries[2 * k + 1] = adjWall[k];
  }
  return { start: adjStart, entries };
}
