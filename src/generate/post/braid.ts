import type { Rng } from '../../random/sfc32.js';
import type { Maze } from '../maze.js';

/**
 * Removes a share of the dead ends (`share` in [0, 1]; 1 removes all that can be removed): each dead end,
 * in random order and if still a dead end, opens a standing wall to a neighbour — preferring a neighbour
 * that is itself a dead end, so one cut removes two. Adds loops; the solution may stop being unique.
 * Entry and exit openings count as openings, and a cell with no standing inner wall left stays as it is.
 */
export function braid(maze: Maze, rng: Rng, share: number): Maze {
  const { grid } = maze;
  const open = maze.open.slice();
  const openings = new Uint8Array(grid.cellCount);
  for (let w = 0; w < grid.wallCount; w++) {
    if (open[w] === 0) continue;
    openings[grid.wallCellA[w]]++;
    if (grid.wallCellB[w] >= 0) openings[grid.wallCellB[w]]++;
  }
  const deadEnds: number[] = [];
  for (let c = 0; c < grid.cellCount; c++) if (openings[c] === 1) deadEnds.push(c);
  for (let i = deadEnds.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [deadEnds[i], deadEnds[j]] = [deadEnds[j], deadEnds[i]];
  }
  for (const c of deadEnds) {
    if (openings[c] !== 1 || rng.next() >= share) continue;
    let best = -1;
    let bestIsDeadEnd = false;
    let seen = 0;
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      if (open[grid.adjWall[k]] !== 0) continue;
      const deadEnd = openings[grid.adjCell[k]] === 1;
      if (deadEnd && !bestIsDeadEnd) {
        best = k;
        bestIsDeadEnd = true;
        seen = 1;
      } else if (deadEnd === bestIsDeadEnd && rng.int(++seen) === 0) best = k;
    }
    if (best < 0) continue;
    open[grid.adjWall[best]] = 1;
    openings[c]++;
    openings[grid.adjCell[best]]++;
  }
  return { ...maze, open };
}
