import type { Maze } from '../generate/maze.js';
import type { Solution } from './solve.js';

/** Whole-maze counts for reports. Entry and exit openings count as openings of their cells. */
export interface Metrics {
  cells: number;
  /** Cells on the solution, entry and exit cells included. */
  solutionLength: number;
  /** Cells with exactly one opening. */
  deadEnds: number;
  /** Cells with three or more openings. */
  junctions: number;
}

export function measure(maze: Maze, solution: Solution): Metrics {
  const { grid, open } = maze;
  const openings = new Uint8Array(grid.cellCount);
  for (let w = 0; w < grid.wallCount; w++) {
    if (open[w] === 0) continue;
    openings[grid.wallCellA[w]]++;
    const b = grid.wallCellB[w];
    if (b >= 0) openings[b]++;
  }
  let deadEnds = 0;
  let junctions = 0;
  for (let c = 0; c < grid.cellCount; c++) {
    if (openings[c] === 1) deadEnds++;
    else if (openings[c] >= 3) junctions++;
  }
  return { cells: grid.cellCount, solutionLength: solution.cells.length, deadEnds, junctions };
}
