import { type Grid, maxDegree } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions, Carved } from './registry.js';

/**
 * The Finger Maze generator, a modified recursive backtracker: the start and exit cells are marked visited
 * first; on a dead end the walk resumes from the *first* cell of its stack (the oldest) rather than the
 * last; and the exit is joined to the neighbour that was active with the deepest stack — the greatest depth
 * in the carved tree — which makes a long winding solution. Needs its ends before it starts, so the planner hands them over in `options.ends`
 * (by default the north-west corner's top wall and the south-east corner's bottom wall, the Finger Maze
 * standard form).
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
  // The stack is a queue-like window [head, tail): growth pushes at the tail, dead ends resume from the head.
  const stack = new Int32Array(cellCount);
  let head = 0;
  let tail = 0;
  stack[tail++] = start;
  const choices = new Int32Array(maxDegree(grid));
  /** Tree depth of each cell: the stack depth it would have in the classic recursive formulation. */
  const depth = new Int32Array(cellCount);
  let bestDepth = -1;
  let exitLink = -1;
  let c = start;
  for (;;) {
    let n = 0;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      const m = adjCell[k];
      if (m === exit && depth[c] > bestDepth && start !== exit) {
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
      stack[tail++] = c;
      continue;
    }
    if (head >= tail) {
      // If the exit cell cut some cells off from the start, carry on from the exit itself.
      if (exit === start || visited.indexOf(0) < 0 || exitLink < 0) break;
      depth[exit] = bestDepth + 1;
      stack[tail++] = exit;
    }
    c = stack[head++];
  }
  if (exit !== start) {
    if (exitLink < 0) throw new Error('internal: the exit cell has no neighbour reached by the walk');
    open[exitLink] = 1;
  }
  return { open, entryWall: ends.entryWall, exitWall: ends.exitWall };
}
