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
  const length = search.dist[target];
  if (length < 0) return undefined;
  const cells = new Int32Array(length + 1);
  const walls = new Int32Array(length);
  let c = target;
  for (let i = length; i > 0; i--) {
    cells[i] = c;
    const w = search.viaWall[c];
    walls[i - 1] = w;
    c = across(grid, w, c);
  }
  cells[0] = c;
  return { cells, walls };
}

/**
 * The route from `from` to `to` when the open walls of `from`'s part of the maze form a tree (a perfect
 * maze), found depth first: the route is then the only one, so it is the one `routeTo(grid, bfs(grid, open,
 * from), to)` gives, found with far fewer cache misses on big mazes (a depth-first walk stays in the region
 * it is in; a breadth-first front spans the maze). Cells in walking order, both ends included, and the walls
 * crossed. Undefined when `to` is not reached or when that part holds a loop (two open walls between the
 * same cells included) — the walk visits the whole part to know — so the caller searches breadth first.
 */
export function treeRoute(
  grid: Grid,
  open: Uint8Array,
  from: number,
  to: number,
): { cells: Int32Array; walls: Int32Array } | undefined {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  /** The wall each cell was reached through; -2 for `from`, -1 for cells not reached. */
  const via = new Int32Array(cellCount).fill(-1);
  const stack = new Int32Array(cellCount);
  let top = 0;
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
    }
  }
  if (via[to] === -1) return undefined;
  let length = 0;
  for (let c = to; c !== from; length++) c = across(grid, via[c], c);
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
