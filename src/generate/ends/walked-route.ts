import type { Grid } from '../../grid/grid.js';
import type { Maze } from '../maze.js';

/**
 * The route between the ends the auto ends walk chose, read back from the walk (`routeThrough`) and kept
 * with the maze for its first solve (`takeWalkedRoute`).
 */

/** The route between a maze's ends, found while they were placed, and the cells reachable from the entry. */
export interface WalkedRoute {
  cells: Int32Array;
  walls: Int32Array;
  reached: number;
}

/**
 * Routes found by `placeEnds`, per maze it returned. Keyed by that object, whose walls only `placeEnds`
 * had: a post-process or any other change makes a new maze (`{ ...maze, open }`), which is not here.
 */
const walkedRoutes = new WeakMap<Maze, WalkedRoute>();

/**
 * The solution of a maze `placeEnds` returned with both ends `auto` on open walls that form a tree in the
 * entry's part of the maze, found by its walk: the route from entry to exit (the only one) and how many
 * cells are reachable from the entry, the entry included — what a search from the entry would give. Handed
 * out once (the first solve of the maze takes it, and may keep the arrays); undefined for any other maze.
 */
export function takeWalkedRoute(maze: Maze): WalkedRoute | undefined {
  const walked = walkedRoutes.get(maze);
  if (walked === undefined) return undefined;
  walkedRoutes.delete(maze);
  return walked;
}

/** Keeps the route `placeEnds` found for the maze it returns, for `takeWalkedRoute`. */
export function keepWalkedRoute(maze: Maze, route: WalkedRoute): void {
  walkedRoutes.set(maze, route);
}

/**
 * The route between two cells of the tree `pairOnTree` walked, through `fork`, the cell both hang from (their
 * only route, `length` passages): cells from `from` to `to` inclusive and the walls crossed between them,
 * read back along the walk's `via` in one pass up from each end.
 */
export function routeThrough(
  grid: Grid,
  via: Int32Array,
  from: number,
  fork: number,
  to: number,
  length: number,
): { cells: Int32Array; walls: Int32Array } {
  const { wallCellA, wallCellB } = grid;
  const cells = new Int32Array(length + 1);
  const walls = new Int32Array(length);
  // Up from `from` to the fork, filling the route from its start; then up from `to`, from its end.
  let i = 0;
  for (let c = from; c !== fork; i++) {
    const w = via[c];
    if (w < 0 || i === length) throw strayRoute(from, fork);
    cells[i] = c;
    walls[i] = w;
    c = wallCellA[w] === c ? wallCellB[w] : wallCellA[w];
  }
  cells[i] = fork;
  let j = length;
  for (let c = to; c !== fork; j--) {
    const w = via[c];
    if (w < 0 || j === i) throw strayRoute(to, fork);
    cells[j] = c;
    walls[j - 1] = w;
    c = wallCellA[w] === c ? wallCellB[w] : wallCellA[w];
  }
  if (j !== i) throw strayRoute(to, fork);
  return { cells, walls };
}

const strayRoute = (cell: number, fork: number): Error =>
  new Error(`internal: the ends walk's route from cell ${cell} misses the cell ${fork} it hangs from`);
