import type { Maze } from '../../src/generate/maze.js';
import { underWalls } from '../../src/grid/weave.js';

/**
 * The crossing rules, checked on a finished weave maze: every open under-passage runs beneath a cell whose only
 * open walls are the two across the tunnel (a straight over-passage), that cell is crossed once, and every
 * ordinary wall is either open, passed through by one tunnel, or neither — never two of those.
 */
export function crossingProblems(maze: Maze): string[] {
  const { grid, open } = maze;
  const wallUnder = grid.weave!.under;
  const { near, far } = underWalls(grid);
  const problems: string[] = [];
  const use = new Uint8Array(grid.wallCount);
  const crossed = new Uint8Array(grid.cellCount);
  for (let w = 0; w < grid.wallCount; w++) if (wallUnder[w] < 0 && open[w]) use[w]++;
  for (let t = 0; t < grid.wallCount; t++) {
    const b = wallUnder[t];
    if (b < 0 || !open[t]) continue;
    if (crossed[b]++) problems.push(`cell ${b} crossed twice`);
    use[near[t]]++;
    use[far[t]]++;
    let openWalls = 0;
    for (let k = grid.adjStart[b]; k < grid.adjStart[b + 1]; k++) {
      const w = grid.adjWall[k];
      if (wallUnder[w] >= 0) continue;
      if (open[w]) openWalls++;
      if (open[w] && (w === near[t] || w === far[t])) problems.push(`tunnel ${t} opens into its bridge`);
    }
    if (openWalls !== 2) problems.push(`bridge ${b} has ${openWalls} open walls`);
    if (grid.rimStart[b + 1] !== grid.rimStart[b]) problems.push(`bridge ${b} on the rim`);
    // A straight line a – b – c.
    const [a, c] = [grid.wallCellA[t], grid.wallCellB[t]];
    const cross =
      (grid.cellX[b] - grid.cellX[a]) * (grid.cellY[c] - grid.cellY[b]) -
      (grid.cellY[b] - grid.cellY[a]) * (grid.cellX[c] - grid.cellX[b]);
    if (Math.abs(cross) > 1e-9) problems.push(`tunnel ${t} turns`);
  }
  for (let w = 0; w < grid.wallCount; w++) if (use[w] > 1) problems.push(`wall ${w} used ${use[w]} times`);
  return problems;
}
