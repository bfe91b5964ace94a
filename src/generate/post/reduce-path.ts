import { bfs, routeTo } from '../../grid/bfs.js';
import type { Rng } from '../../random/sfc32.js';
import type { Maze } from '../maze.js';
import { runaway, stepBudget } from '../watchdog.js';

/**
 * Shortens the solution by cutting out its loops (Amaze `reducePath`): walking the solution from the entry,
 * when the current cell borders a later solution cell through a standing wall, that wall is opened and the
 * wall to the current cell's old successor is closed, so the route skips the whole detour. Of several later
 * neighbours the farthest along is taken. Each cut swaps one tree edge for another, so a perfect maze stays
 * perfect; the solution never gets longer.
 */
export function reducePath(maze: Maze, _rng: Rng): Maze {
  const { grid } = maze;
  const open = maze.open.slice();
  const route = routeTo(grid, bfs(grid, open, maze.entryCell), maze.exitCell);
  if (!route) return maze;
  const { cells, walls } = route;
  const pos = new Int32Array(grid.cellCount).fill(-1);
  for (let i = 0; i < cells.length; i++) pos[cells[i]] = i;
  let i = 0;
  let budget = stepBudget(grid);
  while (i < cells.length - 1) {
    if (--budget < 0) throw runaway('reduce-path', grid);
    const c = cells[i];
    let best = i + 1;
    let bestWall = -1;
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const p = pos[grid.adjCell[k]];
      if (p > best) {
        best = p;
        bestWall = grid.adjWall[k];
      }
    }
    if (bestWall >= 0) {
      open[walls[i]] = 0; // detach the detour...
      open[bestWall] = 1; // ...and step straight to the farther solution cell
    }
    i = best;
  }
  return { ...maze, open };
}
