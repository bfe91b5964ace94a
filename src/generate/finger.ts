import { type Grid, maxDegree } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions, Carved } from './algorithm.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * The Finger Maze generator, a modified recursive backtracker: the start and exit cells are marked visited
 * first; on a dead end the walk resumes from the *first* cell of its stack (the oldest) rather than the
 * last; and the exit is joined to the neighbour that was active with the deepest stack — the greatest depth
 * in the carved tree — which makes a long winding solution. Needs its ends before it starts, so the planner
 * hands them over in `options.ends` (by default the north-west corner's top wall and the south-east corner's
 * bottom wall, the Finger Maze standard form).
 *
 * A cell leaves the stack only once it has no unvisited neighbour left (as in any backtracker), so every cell
 * reachable from the start without crossing the exit is carved. Cells the exit cuts off from the start (the
 * exit is a narrow neck of a masked shape) are carved last, from the exit itself.
 */
export function finger(grid: Grid, rng: Rng, options: AlgorithmOptions): Carved {
  const ends = options.ends;
  if (!ends) throw new Error('internal: finger needs its entry and exit walls before it starts');
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const open = new Uint8Array(grid.wallCount);
  const start = grid.wallCellA[ends.entryWall];
  const exit = grid.wallCellA[ends.exitWall];
  const visited = new Uint8Array(cellCount);
  visited[start] = 1;
  visited[exit] = 1;
  let unvisited = cellCount - (start === exit ? 1 : 2);
  // The stack is a window [head, tail): the walk pushes at the tail, dead ends resume from the head, and the
  // head cell is dropped once it is exhausted. Every cell is pushed at most once (the exit at most once more
  // than the walk would), so cellCount entries suffice.
  const stack = new Int32Array(cellCount);
  let head = 0;
  let tail = 0;
  stack[tail++] = start;
  let exitQueued = start === exit;
  const choices = new Int32Array(maxDegree(grid));
  /** Tree depth of each cell: the stack depth it would have in the classic recursive formulation. */
  const depth = new Int32Array(cellCount);
  let bestDepth = -1;
  let exitLink = -1;
  let c = start;
  let budget = stepBudget(grid);
  for (;;) {
    if (--budget < 0) throw runaway('finger', grid);
    let n = 0;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      const m = adjCell[k];
      if (m === exit && depth[c] > bestDepth && !exitQueued) {
        bestDepth = depth[c];
        exitLink = adjWall[k];
      }
      if (visited[m] === 0) choices[n++] = k;
    }
    if (n > 0) {
      const k = choices[n === 1 ? 0 : rng.int(n)];
      depth[adjCell[k]] = depth[c] + 1;
      c = adjCell[k];
      open[adjWall[k]] = 1;
      visited[c] = 1;
      unvisited--;
      stack[tail++] = c;
      continue;
    }
    // c is exhausted. If it is the oldest cell, it leaves the stack; then resume from the oldest left.
    if (head < tail && stack[head] === c) head++;
    if (head === tail) {
      if (unvisited === 0 || exitQueued || exitLink < 0) break;
      // The exit cut the remaining cells off from the start: carve them from the exit, one level deeper
      // than the neighbour it is joined to.
      exitQueued = true;
      depth[exit] = bestDepth + 1;
      stack[tail++] = exit;
    }
    c = stack[head];
  }
  if (unvisited > 0)
    throw new Error(
      `internal: finger left ${unvisited} cells of ${grid.topology} ${grid.sizeLabel} unreached (is the grid connected?)`,
    );
  if (exit !== start) {
    if (exitLink < 0) throw new Error('internal: the exit cell has no neighbour reached by the walk');
    open[exitLink] = 1;
  }
  return { open, entryWall: ends.entryWall, exitWall: ends.exitWall };
}
