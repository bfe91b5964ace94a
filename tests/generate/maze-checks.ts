import { solve } from '../../src/analyze/solve.js';
import type { Maze } from '../../src/generate/maze.js';
import { bfs } from '../../src/grid/bfs.js';

/** E − V + 1 over inner passages: the number of independent loops. */
export function loops(m: Maze): number {
  let e = 0;
  for (let w = 0; w < m.grid.wallCount; w++) if (m.open[w] && m.grid.wallCellB[w] >= 0) e++;
  return e - m.grid.cellCount + 1;
}

/** True when every solution passage is a bridge between entry and exit: no second simple route exists. */
export function uniqueSolution(m: Maze): boolean {
  for (const w of solve(m).walls) {
    const open = m.open.slice();
    open[w] = 0;
    if (bfs(m.grid, open, m.entryCell).dist[m.exitCell] >= 0) return false;
  }
  return true;
}
