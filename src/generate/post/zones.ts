import { bfs, routeTo } from '../../grid/bfs.js';
import type { Grid } from '../../grid/grid.js';
import type { Maze } from '../maze.js';
import { runaway, stepBudget } from '../watchdog.js';

/**
 * Splits the cells into zones: the solution's own cells each start a zone, and every other cell joins the
 * zone of the solution cell its branch hangs from. In a perfect maze, opening a wall between two cells of
 * one zone makes a loop that never touches a solution passage, so the solution stays the only simple route
 * (the Amaze cross-cut rule). Also returns the solution cells in order.
 */
export function solutionZones(maze: Maze): {
  zone: Int32Array;
  solution: Int32Array;
  onSolution: Uint8Array;
} {
  const { grid, open } = maze;
  const route = routeTo(grid, bfs(grid, open, maze.entryCell), maze.exitCell);
  const solution = route ? route.cells : new Int32Array([maze.entryCell]);
  const zone = new Int32Array(grid.cellCount).fill(-1);
  const onSolution = new Uint8Array(grid.cellCount);
  const queue = new Int32Array(grid.cellCount);
  let tail = 0;
  for (let i = 0; i < solution.length; i++) {
    zone[solution[i]] = i;
    onSolution[solution[i]] = 1;
    queue[tail++] = solution[i];
  }
  let budget = stepBudget(grid);
  for (let head = 0; head < tail; head++) {
    if (--budget < 0) throw runaway('solution zones', grid);
    const c = queue[head];
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const n = grid.adjCell[k];
      if (zone[n] < 0 && open[grid.adjWall[k]] !== 0) {
        zone[n] = zone[c];
        queue[tail++] = n;
      }
    }
  }
  return { zone, solution, onSolution };
}

/** Closed inner walls as a list (in wall order). */
export function closedInnerWalls(grid: Grid, open: Uint8Array): Int32Array {
  let n = 0;
  for (let w = 0; w < grid.wallCount; w++) if (open[w] === 0 && grid.wallCellB[w] >= 0) n++;
  const out = new Int32Array(n);
  n = 0;
  for (let w = 0; w < grid.wallCount; w++) if (open[w] === 0 && grid.wallCellB[w] >= 0) out[n++] = w;
  return out;
}

/** In-place Fisher–Yates shuffle. */
export function shuffle(items: Int32Array, rng: { int(n: number): number }): Int32Array {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
  return items;
}
