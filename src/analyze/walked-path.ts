import type { Maze } from '../generate/maze.js';

/**
 * A walk a person made through a maze (mazebook play records them): the cells stood on, in order, from the
 * entry cell, one step at a time. McGlinn's analysis program checked every recorded path the same way — no
 * step through a wall, none off the maze — before counting its overlap steps.
 *
 * The reader's line is kept as a stack while walking: a step back onto the cell before the last one on the
 * line takes the line back (the pencil retracing, or the finger erasing, its own line); any other step
 * extends it. So a one-way passage (Finger Maze strings can hold them) may be started only the way it
 * allows, and left again only by taking the line back along it, as the simulated solvers do.
 */

/** Why a walk is not a walk through this maze: the step (0-based, into the moves) and what is wrong. */
export interface WalkProblem {
  step: number;
  what: string;
}

/**
 * Checks that `path` walks through the maze: it starts at the entry cell, every move crosses an open wall
 * between neighbouring cells (under-passages of weave mazes included) the way a one-way passage allows
 * unless it takes the line back, and, when `solved`, it ends at the exit cell.
 * @returns undefined for a good walk, else the first problem
 */
export function checkWalk(maze: Maze, path: ArrayLike<number>, solved: boolean): WalkProblem | undefined {
  const { grid, open, oneWay } = maze;
  const n = grid.cellCount;
  if (path.length === 0) return { step: 0, what: 'the path is empty' };
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (!Number.isInteger(c) || c < 0 || c >= n) {
      return { step: Math.max(0, i - 1), what: `cell ${i} of the path is not a cell of the maze` };
    }
  }
  if (path[0] !== maze.entryCell) return { step: 0, what: 'the path does not start at the entry cell' };
  const line: number[] = [path[0]];
  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1];
    const to = path[i];
    if (line.length >= 2 && line[line.length - 2] === to) {
      line.pop();
      continue;
    }
    let wall = -1;
    for (let k = grid.adjStart[from]; k < grid.adjStart[from + 1]; k++) {
      if (grid.adjCell[k] === to && open[grid.adjWall[k]] !== 0) {
        wall = grid.adjWall[k];
        break;
      }
    }
    if (wall < 0) return { step: i - 1, what: `move ${i} crosses a wall or jumps` };
    if (
      oneWay &&
      oneWay[wall] !== 0 &&
      (oneWay[wall] > 0 ? grid.wallCellA[wall] : grid.wallCellB[wall]) !== from
    ) {
      return { step: i - 1, what: `move ${i} enters a one-way passage against its direction` };
    }
    line.push(to);
  }
  if (solved && path[path.length - 1] !== maze.exitCell) {
    return { step: path.length - 1, what: 'the path does not end at the exit cell' };
  }
  return undefined;
}

/**
 * Overlap steps as McGlinn counts them: moves onto a cell stood on before in this walk (the entry cell is
 * stood on from the start). Going back out of a dead end is a string of them; so is coming round a loop.
 * @param cells the maze's cell count (the cells of `path` are below it)
 */
export function walkOverlap(path: ArrayLike<number>, cells: number): number {
  const seen = new Uint8Array(cells);
  if (path.length === 0) return 0;
  seen[path[0]] = 1;
  let overlap = 0;
  for (let i = 1; i < path.length; i++) {
    if (seen[path[i]] !== 0) overlap++;
    else seen[path[i]] = 1;
  }
  return overlap;
}
