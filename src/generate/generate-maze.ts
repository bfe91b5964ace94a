import { UserError } from '../base/errors.js';
import type { Grid } from '../grid/grid.js';
import {
  buildGrid,
  type GridLayout,
  type GridSize,
  type HexTop,
  type TopologyName,
} from '../grid/registry.js';
import { weaveGrid } from '../grid/weave.js';
import { maskedGrid } from '../mask/apply.js';
import { type MaskDescriptor, maskRequestOf } from '../mask/descriptor.js';
import { createRng, type Seed128 } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import type { EndPlacement } from './ends/end-placement.js';
import { wallOnSide } from './ends/fixed-ends.js';
import { placeEnds } from './ends/place-ends.js';
import { gridKey } from './grid-key.js';
import type { Maze } from './maze.js';
import { isRegionPicture, type PictureRecipe, pictureGrid, regionPicture } from './picture-maze.js';
import { applyPost, type PostStep } from './post/registry.js';
import { type AlgorithmInfo, type AlgorithmName, algorithmInfo, algorithms } from './registry.js';
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
  /** A picture maze: a toned grid, region textures, a sketched route (see `PictureRecipe`). */
  picture?: PictureRecipe;
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
  const picture = recipe.picture && pictureGrid(recipe.picture, layout, recipe.mask, where, warn);
  const plain = picture ? picture.grid : gridFor(layout, recipe.mask, where, warn);
  // Topologies and the mask stage hand over one connected region (the grid tests check it).
  const rng = createRng(seed);
  if (picture && recipe.picture && isRegionPicture(recipe.picture)) {
    const maze = regionPicture(recipe.picture, picture, recipe, rng, where, warn);
    return recipe.post && recipe.post.length > 0 ? applyPost(maze, rng, recipe.post) : maze;
  }
  const info: AlgorithmInfo = algorithmInfo[recipe.algorithm];
  // A weave maze runs the algorithm's weave variant on the grid with its possible under-passages.
  const weave = recipe.options.weave !== undefined;
  if (weave && !info.weave) throw new Error(`internal: ${recipe.algorithm} has no weave variant`);
  const grid = weave ? weaveGrid(plain) : plain;
  const run = weave && info.weave ? info.weave : algorithms[recipe.algorithm];
  const options = info.needsEnds
    ? { ...recipe.options, ends: endsBeforehand(grid, recipe, where) }
    : recipe.options;
  const context = (e: unknown): unknown =>
    e instanceof RunawayError ? e.withContext(`${where}, seed ${seed.join('-')}`) : e;
  let carved: ReturnType<(typeof algorithms)[AlgorithmName]>;
  try {
    carved = run(grid, rng, options);
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

/** A grid with the notes its mask stage gave (replayed each time the grid is handed out again). */
interface CachedGrid {
  grid: Grid;
  notes: string[];
  cells: number;
}

/**
 * Most grids kept, and most cells in all of them together (a million-cell grid is about 80–150 MB, and its
 * neighbour table, made by the first backtracker or ends walk on it, 26–66 MB more; its cells' rings, made
 * by the first smart walk when a maze on it is rated, 24–48 MB more).
 */
const CACHE_GRIDS = 32;
const CACHE_CELLS = 2_500_000;
/** Recently built grids, least recently used first. */
const gridCache = new Map<string, CachedGrid>();
let cachedCells = 0;

/**
 * The grid of a layout and mask: built (and masked) once, then the same `Grid` object for every later
 * request of that layout and mask — candidates of a page and pages of one size share it, and with it
 * everything computed per grid (straight-ahead steps, outer rim, symmetries). Grids are never modified, so
 * sharing them cannot change a maze. The mask stage's notes are passed to `warn` on every request.
 */
export function gridFor(
  layout: GridLayout,
  mask: MaskDescriptor | undefined,
  where: string,
  warn: (what: string) => void = () => {},
): Grid {
  const key = gridKey(layout, mask);
  const hit = gridCache.get(key);
  if (hit) {
    gridCache.delete(key);
    gridCache.set(key, hit);
    for (const note of hit.notes) warn(note);
    return hit.grid;
  }
  const notes: string[] = [];
  const grid = mask
    ? maskedGrid(layout, maskRequestOf(mask), where, (w) => notes.push(w))
    : buildGrid(layout);
  for (const note of notes) warn(note);
  const entry = { grid, notes, cells: grid.cellCount };
  gridCache.set(key, entry);
  cachedCells += entry.cells;
  for (const [k, e] of gridCache) {
    if (gridCache.size <= CACHE_GRIDS && cachedCells <= CACHE_CELLS) break;
    if (e === entry) break;
    gridCache.delete(k);
    cachedCells -= e.cells;
  }
  return grid;
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
