import type { Rng } from '../../random/sfc32.js';
import type { Maze } from '../maze.js';
import { closedInnerWalls, shuffle } from './zones.js';

/**
 * Opens `count` random standing inner walls (McGlinn's loops added after a perfect maze). Each one adds
 * exactly one loop (E − V + 1 grows by one); loops may cross the solution, so the solution may stop being
 * unique. Use `cross-cuts` for loops that keep it unique.
 */
export function addLoops(maze: Maze, rng: Rng, count: number): Maze {
  const open = maze.open.slice();
  const candidates = shuffle(closedInnerWalls(maze.grid, open), rng);
  for (let i = 0; i < Math.min(count, candidates.length); i++) open[candidates[i]] = 1;
  return { ...maze, open };
}
