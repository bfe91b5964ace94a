import { type Grid, vertexWalls } from '../../grid/grid.js';
import type { Rng } from '../../random/sfc32.js';
import type { Maze } from '../maze.js';
import { runaway, stepBudget } from '../watchdog.js';
import { closedInnerWalls, shuffle, solutionZones } from './zones.js';

/** A cut may not leave a floating piece of wall with fewer segments than this (the "niceness" rule). */
const MIN_ISLAND = 4;

/**
 * Adds up to `count` loops away from the solution (Amaze cross-cuts): candidate walls are taken in random
 * order and opened only when both sides are in the same zone (see `solutionZones`) — so the solution stays
 * the only simple route — and when opening them leaves no small floating wall piece behind. Returns the
 * maze and how many cuts were made (fewer than asked when the maze has no more room).
 */
export function crossCuts(maze: Maze, rng: Rng, count: number): Maze & { cuts: number } {
  const { grid } = maze;
  const open = maze.open.slice();
  const { zone } = solutionZones(maze);
  // The walls at each vertex, to walk the wall structure on both sides of a cut.
  const standing = vertexWalls(grid);
  let cuts = 0;
  for (const w of shuffle(closedInnerWalls(grid, open), rng)) {
    if (cuts >= count) break;
    if (zone[grid.wallCellA[w]] !== zone[grid.wallCellB[w]]) continue;
    open[w] = 1;
    if (leavesSmallIsland(grid, open, standing, w)) {
      open[w] = 0;
      continue;
    }
    cuts++;
  }
  return { ...maze, open, cuts };
}

/**
 * True when, with wall `cut` open, one of its end vertices belongs to a piece of standing wall of fewer
 * than MIN_ISLAND segments that no longer reaches the rim. The search stops as soon as it proves the
 * piece big enough or anchored, so each test costs O(MIN_ISLAND).
 */
function leavesSmallIsland(
  grid: Grid,
  open: Uint8Array,
  { start, walls }: { start: Int32Array; walls: Int32Array },
  cut: number,
): boolean {
  for (const v0 of [grid.wallV0[cut], grid.wallV1[cut]]) {
    const seenWalls: number[] = [];
    const stack = [v0];
    const seenVertices = new Set<number>([v0]);
    let anchored = false;
    let budget = stepBudget(grid);
    while (stack.length > 0 && !anchored && seenWalls.length < MIN_ISLAND) {
      if (--budget < 0) throw runaway('cross-cuts', grid);
      const v = stack.pop()!;
      for (let k = start[v]; k < start[v + 1]; k++) {
        const w = walls[k];
        if (open[w] !== 0 || seenWalls.includes(w)) continue;
        if (grid.wallCellB[w] < 0) {
          anchored = true;
          break;
        }
        seenWalls.push(w);
        const u = grid.wallV0[w] === v ? grid.wallV1[w] : grid.wallV0[w];
        if (!seenVertices.has(u)) {
          seenVertices.add(u);
          stack.push(u);
        }
      }
    }
    // A vertex with no standing wall left is fine (nothing floats); a small unanchored piece is not.
    if (!anchored && seenWalls.length > 0 && seenWalls.length < MIN_ISLAND) return true;
  }
  return false;
}
