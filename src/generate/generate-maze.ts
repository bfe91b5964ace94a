import { bfs } from '../grid/bfs.js';
import { buildGrid, type GridSize, type TopologyName } from '../grid/registry.js';
import { createRng, type Seed128 } from '../random/sfc32.js';
import { type EndPlacement, placeEnds } from './entry-exit.js';
import type { Maze } from './maze.js';
import { type AlgorithmName, type AlgorithmOptions, algorithms } from './registry.js';

/** Everything that decides a maze's walls, fully resolved (no defaults left to apply). */
export interface MazeRecipe {
  shape: TopologyName;
  size: GridSize;
  algorithm: AlgorithmName;
  options: AlgorithmOptions;
  entry: EndPlacement;
  exit: EndPlacement;
}

/**
 * grid (topology) → spanning tree (algorithm) → entry and exit. Pure: the same recipe and seed always give
 * the same maze.
 * @param where names the page in error messages
 */
export function generateMaze(recipe: MazeRecipe, seed: Seed128, where: string): Maze {
  const grid = buildGrid(recipe.shape, recipe.size);
  if (bfs(grid, new Uint8Array(grid.wallCount).fill(1), 0).reached !== grid.cellCount) {
    // Topologies and masks hand over one connected region; anything else is a bug upstream.
    throw new Error(`internal: the ${grid.topology} grid ${grid.sizeLabel} is not connected`);
  }
  const rng = createRng(seed);
  const carved = algorithms[recipe.algorithm](grid, rng, recipe.options);
  if (carved instanceof Uint8Array) return placeEnds(grid, carved, recipe.entry, recipe.exit, where);
  // The algorithm chose its own ends; the spec's explicit ends still win.
  const own = (end: EndPlacement, wall: number): EndPlacement =>
    end.kind === 'auto' ? { kind: 'wall', wall } : end;
  return placeEnds(
    grid,
    carved.open,
    own(recipe.entry, carved.entryWall),
    own(recipe.exit, carved.exitWall),
    where,
  );
}
