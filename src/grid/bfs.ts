import type { Grid } from './grid.js';

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
  return search.dist[target] < 0 ? undefined : routeBack(grid, search.viaWall, target);
}

/**
 * The route to `to` back along `via` (the wall each cell was reached through; negative at the start): cells
 * in walking order, both ends included, and the walls crossed between them.
 */
function routeBack(grid: Grid, via: Int32Array, to: number): { cells: Int32Array; walls: Int32Array } {
  let length = 0;
  for (let c = to; via[c] >= 0; length++) c = across(grid, via[c], c);
  const cells = new Int32Array(length + 1);
  const walls = new Int32Array(length);
  let c = to;
  for (let i = length; i > 0; i--) {
    cells[i] = c;
    const w = via[c];
    walls[i - 1] = w;
    c = across(grid, w, c);
  }
  cells[0] = c;
  return { cells, walls };
}

/** A depth-first walk over a tree of open walls (see `treeSearch`). */
export interface TreeSearch {
  /** The wall each cell was reached through; -2 for the start, -1 for cells not reached. */
  via: Int32Array;
  /** Number of cells reached, the start included. */
  reached: number;
}

/**
 * A depth-first walk from `from` over open walls, when they form a tree in `from`'s part of the maze (a
 * perfect maze): every cell of that part is reached by its only route. Depth first stays in the region it
 * is in, so on big mazes it has far fewer cache misses than a breadth-first front spanning the maze.
 * Undefined when that part holds a loop (two open walls between the same cells included): the walk visits
 * the whole part to know, and the caller then searches breadth first.
 */
export function treeSearch(grid: Grid, open: Uint8Array, from: number): TreeSearch | undefined {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const via = new Int32Array(cellCount).fill(-1);
  const stack = new Int32Array(cellCount);
  let top = 0;
  let reached = 1;
  stack[top++] = from;
  via[from] = -2;
  while (top > 0) {
    const c = stack[--top];
    const back = via[c];
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      const w = adjWall[k];
      if (open[w] === 0 || w === back) continue;
      const n = adjCell[k];
      // An open wall to a cell already reached, other than the one c came through, closes a loop.
      if (via[n] !== -1) return undefined;
      via[n] = w;
      stack[top++] = n;
      reached++;
    }
  }
  return { via, reached };
}

/**
 * The route from a tree search's start to `to`: cells in walking order (both ends included) and the walls
 * crossed between them; undefined when `to` was not reached.
 */
export function treeSearchRoute(
  grid: Grid,
  search: TreeSearch,
  to: number,
): { cells: Int32Array; walls: Int32Array } | undefined {
  return search.via[to] === -1 ? undefined : routeBack(grid, search.via, to);
}

/**
 * The route from `from` to `to` when the open walls of `from`'s part of the maze form a tree: the only
 * route, so the one `routeTo(grid, bfs(grid, open, from), to)` gives. Undefined when `to` is not reached or
 * that part holds a loop (`treeSearch`).
 */
export function treeRoute(
  grid: Grid,
  open: Uint8Array,
  from: number,
  to: number,
): { cells: Int32Array; walls: Int32Array } | undefined {
  const search = treeSearch(grid, open, from);
  return search && treeSearchRoute(grid, search, to);
}
