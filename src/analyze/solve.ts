import { takeWalkedRoute } from '../generate/ends/walked-route.js';
import type { Maze } from '../generate/maze.js';
import { neighbourTable } from '../generate/neighbour-table.js';
import { bfs, routeTo, treeSearch } from '../grid/bfs.js';
import { maxDegree } from '../grid/grid.js';

/** The shortest route from entry to exit: cells in walking order and the walls crossed between them. */
export interface Solution {
  /** Cells from the entry cell to the exit cell inclusive. */
  cells: Int32Array;
  /** Inner walls crossed, `walls[i]` between `cells[i]` and `cells[i + 1]`. */
  walls: Int32Array;
}

/**
 * The shortest route from entry to exit. A maze just made by `placeEnds` with both ends auto on a tree has
 * it already (found by the ends walk, taken once: `takeWalkedRoute`). Otherwise, where the entry's part of
 * the maze is a tree (a perfect maze, cells of at most 31 neighbours) the route is the only one and a
 * depth-first walk finds it (`treeSearch`); elsewhere, and where passages are one-way (`maze.oneWay`,
 * crossed only the way they allow), a breadth-first search does. All give the same route on a perfect maze.
 * @throws Error when the exit is unreachable, which a generated maze never allows (an internal error)
 */
export function solve(maze: Maze): Solution {
  return solveReaching(maze).solution;
}

/** `solve`, and how many cells the search reached from the entry (the entry included). */
export function solveReaching(maze: Maze): { solution: Solution; reached: number } {
  const { grid, open, entryCell, exitCell, oneWay } = maze;
  const walked = oneWay === undefined ? takeWalkedRoute(maze) : undefined;
  if (walked) return { solution: { cells: walked.cells, walls: walked.walls }, reached: walked.reached };
  const tree =
    oneWay === undefined && maxDegree(grid) <= 31
      ? treeSearch(neighbourTable(grid), grid.wallCellA, grid.wallCellB, open, entryCell, exitCell)
      : undefined;
  if (tree) return reachedRoute(tree.route, tree.reached);
  const search = bfs(grid, open, entryCell, oneWay);
  return reachedRoute(routeTo(grid, search, exitCell), search.reached);
}

function reachedRoute(
  solution: Solution | undefined,
  reached: number,
): { solution: Solution; reached: number } {
  if (!solution) throw new Error('internal: the exit of the maze is not reachable from its entry');
  return { solution, reached };
}
