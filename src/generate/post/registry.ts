import type { Rng } from '../../random/sfc32.js';
import type { Maze } from '../maze.js';
import { braid } from './braid.js';
import { crossCuts } from './cross-cuts.js';
import { addLoops } from './loops.js';
import { reducePath } from './reduce-path.js';
import { reverseWastedTurns } from './reverse-wasted-turns.js';

/** One post-process as the planner resolved it; applied in the order the spec lists them. */
export type PostStep =
  | { name: 'reduce-path' }
  | { name: 'reverse-wasted-turns' }
  | { name: 'cross-cuts'; count: number }
  | { name: 'loops'; count: number }
  | { name: 'braid'; share: number };

export type PostName = PostStep['name'];

/** Whether each post-process keeps a perfect maze perfect (one route between any two cells). */
export const postKeepsPerfect: Record<PostName, boolean> = {
  'reduce-path': true,
  'reverse-wasted-turns': true,
  'cross-cuts': false, // adds loops, but none through the solution: the solution stays unique
  loops: false,
  braid: false,
};

/** Whether the solution stays the only simple route from entry to exit. */
export const postKeepsUniqueSolution: Record<PostName, boolean> = {
  'reduce-path': true,
  'reverse-wasted-turns': true,
  'cross-cuts': true,
  loops: false,
  braid: false,
};

export const postNames = Object.keys(postKeepsPerfect) as PostName[];

/**
 * Whether each post-process keeps the crossing rules of a weave maze. None does: each opens or moves walls
 * without knowing that a crossing cell's walls are its over-passage or the tunnel's, so a weave maze refuses
 * them (in planning, at the `post` field).
 */
export const postKeepsWeave: Record<PostName, boolean> = {
  'reduce-path': false,
  'reverse-wasted-turns': false,
  'cross-cuts': false,
  loops: false,
  braid: false,
};

export function applyPost(maze: Maze, rng: Rng, steps: readonly PostStep[]): Maze {
  const refused = maze.grid.weave ? steps.find((s) => !postKeepsWeave[s.name]) : undefined;
  if (refused) throw new Error(`internal: post-process ${refused.name} was asked for on a weave maze`);
  let m = maze;
  for (const step of steps) {
    switch (step.name) {
      case 'reduce-path':
        m = reducePath(m, rng);
        break;
      case 'reverse-wasted-turns':
        m = reverseWastedTurns(m, rng);
        break;
      case 'cross-cuts': {
        const { cuts: _cuts, ...rest } = crossCuts(m, rng, step.count);
        m = rest;
        break;
      }
      case 'loops':
        m = addLoops(m, rng, step.count);
        break;
      case 'braid':
        m = braid(m, rng, step.share);
        break;
    }
  }
  return m;
}
