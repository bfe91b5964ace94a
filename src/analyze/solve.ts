import type { Maze } from '../generate/maze.js';
import { bfs } from '../grid/bfs.js';

/** The shortest route from entry to exit: cells in walking order and the walls crossed between them. */
export interface Solution {
  /** Cells from the entry cell to the exit cell inclusive. */
  cells: Int32Array;
  /** Inner walls crossed, `walls[i]` between `cells[i]` and `cells[i + 1]`. */
  walls: Int32Array;
}

/**
 * Breadth-first search from the entry cell; on a perfect maze the result is the unique solution.
 * @throws Error when the exit is unreachable, which a generated maze never allows (an internal error)
 */
export function solve(maze: Maze): Solution {
  const { dist, viaWall } = bfs(maze.grid, maze.open, maze.entryCell);
  const length = dist[maze.exitCell];
  if (length < 0) throw new Error('internal: the exit of the maze is not reachable from its entry');
  const cells = new Int32Array(length + 1);
  const walls = new Int32Array(length);
  let c = maze.exitCell;
  for (let i = length; i > 0; i--) {
    cells[i] = c;
    const w = viaWall[c];
    walls[i - 1] = w;
    c = maze.grid.wallCellA[w] === c ? maze.grid.wallCellB[w] : maze.grid.wallCellA[w];
  }
  cells[0] = c;
  return { cells, walls };
}
