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
      const n = adjCell[k];
      const w = adjWall[k];
      if (dist[n] < 0 && open[w] !== 0) {
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
