import type { Grid } from '../grid/grid.js';
import { buildGrid, type GridSize, type HexTop, type TopologyName } from '../grid/registry.js';
import { maskedGrid } from '../mask/apply.js';
import { type MaskDescriptor, maskRequestOf } from '../mask/descriptor.js';
import { createRng, type Seed128 } from '../random/sfc32.js';
import { UserError } from '../spec/errors.js';
import { type EndPlacement, placeEnds, wallOnSide } from './entry-exit.js';
import type { Maze } from './maze.js';
import { applyPost, type PostStep } from './post/registry.js';
import {
  type AlgorithmInfo,
  type AlgorithmName,
  type AlgorithmOptions,
  algorithmInfo,
  algorithms,
} from './registry.js';
import { RunawayError } from './watchdog.js';

/** Everything that decides a maze's walls, fully resolved (no defaults left to apply). */
export interface MazeRecipe {
  shape: TopologyName;
  size: GridSize;
  /** Hexagon mazes only: which way the cells point. */
  hexTop?: HexTop;
  /** Which cells exist; all of the grid when absent. */
  mask?: MaskDescriptor;
  algorithm: AlgorithmName;
  options: AlgorithmOptions;
  entry: EndPlacement;
  exit: EndPlacement;
  /** Post-processes, in order (none when absent). */
  post?: readonly PostStep[];
  /** A maze given whole (e.g. a Finger Maze string from the spec): used as it is, nothing is generated. */
  fixed?: Maze;
}

/**
 * grid (topology × mask) → spanning tree (algorithm) → entry and exit → post-processes. Pure: the same
 * recipe and seed always give the same maze.
 * @param where names the page in error messages
 * @param warn receives notes the author should see (islands dropped, an end moved onto the shape)
 */
export function generateMaze(
  recipe: MazeRecipe,
  seed: Seed128,
  where: string,
  warn: (what: string) => void = () => {},
): Maze {
  if (recipe.fixed) return recipe.fixed;
  const layout = { shape: recipe.shape, size: recipe.size, hexTop: recipe.hexTop };
  const grid = recipe.mask ? maskedGrid(layout, maskRequestOf(recipe.mask), where, warn) : buildGrid(layout);
  // Topologies and the mask stage hand over one connected region (the grid tests check it).
  const rng = createRng(seed);
  const info: AlgorithmInfo = algorithmInfo[recipe.algorithm];
  const options = info.needsEnds
    ? { ...recipe.options, ends: endsBeforehand(grid, recipe, where) }
    : recipe.options;
  const context = (e: unknown): unknown =>
    e instanceof RunawayError ? e.withContext(`${where}, seed ${seed.join('-')}`) : e;
  let carved: ReturnType<(typeof algorithms)[AlgorithmName]>;
  try {
    carved = algorithms[recipe.algorithm](grid, rng, options);
  } catch (e) {
    throw context(e);
  }
  // An algorithm may choose its own ends; the spec's explicit ends still win.
  const own = (end: EndPlacement, wall: number): EndPlacement =>
    end.kind === 'auto' ? { kind: 'wall', wall } : end;
  const maze =
    carved instanceof Uint8Array
      ? placeEnds(grid, carved, recipe.entry, recipe.exit, where, warn)
      : placeEnds(
          grid,
          carved.open,
          own(recipe.entry, carved.entryWall),
          own(recipe.exit, carved.exitWall),
          where,
          warn,
        );
  if (!recipe.post || recipe.post.length === 0) return maze;
  try {
    return applyPost(maze, rng, recipe.post);
  } catch (e) {
    throw context(e);
  }
}

/** Default ends for algorithms that need them first: north-west top wall in, south-east bottom wall out. */
const FIRST_ENTRY: EndPlacement = { kind: 'side', side: 'top', at: 0 };
const FIRST_EXIT: EndPlacement = { kind: 'side', side: 'bottom', at: 1 };

function endsBeforehand(
  grid: Grid,
  recipe: MazeRecipe,
  where: string,
): { entryWall: number; exitWall: number } {
  const wall = (end: EndPlacement, fallback: EndPlacement, name: string): number => {
    const e = end.kind === 'auto' ? fallback : end;
    if (e.kind === 'centre') {
      throw new UserError(
        where,
        `${name}: ${recipe.algorithm} needs its entry and exit on the rim, not at the centre`,
        'use another algorithm, or a side',
      );
    }
    const w = e.kind === 'side' ? wallOnSide(grid, e.side, e.at).wall : e.kind === 'wall' ? e.wall : -1;
    if (w < 0)
      throw new UserError(
        where,
        `${name}: no rim wall of this maze faces ${e.kind === 'side' ? e.side : 'that way'}`,
      );
    return w;
  };
  const entryWall = wall(recipe.entry, FIRST_ENTRY, 'entry');
  const exitWall = wall(recipe.exit, FIRST_EXIT, 'exit');
  if (entryWall === exitWall) {
    throw new UserError(
      where,
      'entry and exit fall on the same rim wall',
      'give them different sides or positions',
    );
  }
  return { entryWall, exitWall };
}
