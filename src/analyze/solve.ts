import type { Maze } from '../generate/maze.js';
import { bfs, routeTo } from '../grid/bfs.js';

/** The shortest route from entry to exit: cells in walking order and the walls crossed between them. */
export interface Solution {
  /** Cells from the entry cell to the exit cell inclusive. */
  cells: Int32Array;
  /** Inner walls crossed, `walls[i]` between `cells[i]` and `cells[i + 1]`. */
  walls: Int32Array;
}

/**
 * Breadth-first search from the entry cell; on a perfect maze the result is the unique solution. One-way
 * passages (`maze.oneWay`) are crossed only the way they allow.
 * @throws Error when the exit is unreachable, which a generated maze never allows (an internal error)
 */
export function solve(maze: Maze): Solution {
  const route = routeTo(maze.grid, bfs(maze.grid, maze.open, maze.entryCell, maze.oneWay), maze.exitCell);
  if (!route) throw new Error('internal: the exit of the maze is not reachable from its entry');
  return route;
}
