import { createHash } from 'node:crypto';
import type { AdaptiveTiling } from '../grid/adaptive.js';
import type { Grid } from '../grid/grid.js';
import type { Raster } from '../grid/raster.js';
import { buildGrid, type GridLayout } from '../grid/registry.js';
import { cutMasked, maskCellsOn } from '../mask/apply.js';
import { type MaskDescriptor, maskRequestOf } from '../mask/descriptor.js';
import type { RegionMap } from '../mask/regions.js';
import { type ToneFloors, toneGrid } from '../mask/tone.js';
import type { Rng } from '../random/sfc32.js';
import type { EndPlacement } from './ends/end-placement.js';
import { gridKey } from './grid-key.js';
import type { Maze } from './maze.js';
import { regionPictureMaze } from './region-picture.js';
import type { RegionStyle } from './region-textures.js';

/**
 * What makes a maze a picture maze, as plans carry it: plain data (decoded pictures as typed arrays), so it
 * crosses to worker threads like the rest of a recipe.
 *
 * - `tone`: the grid is an adaptive grid of the recipe's shape (square or triangle), `columns × rows` coarse
 *   cells (the recipe's size) split up to `levels` times where the picture is dark, each wall as wide as the
 *   tone around it asks (`toneGrid`); `unit` is the side of the finest cell in points.
 * - `regions` and `route`: the maze is a region maze (`regionPictureMaze`) on the grid: textures per colour of
 *   the map, drawn walls, doors between regions, and a solution along the sketch. The recipe's algorithm is
 *   then not used (each region says how it is filled).
 */
export interface PictureRecipe {
  tone?: { lightness: Raster; levels: number; unit: number; floors: ToneFloors };
  /** The picture whose edges `flow: image` styles follow (the tone picture). */
  flow?: Raster;
  regions?: { map: RegionMap; styles: readonly (RegionStyle | 'lines' | 'route' | undefined)[] };
  /** Waypoints as fractions of the maze box (x to the right, y down). */
  route?: { main: readonly [number, number][]; branches?: readonly (readonly [number, number][])[] };
}

/** The grid of a picture maze before any mask (`full`) and the mask's cut, with the mask stage's notes. */
interface PictureGrid {
  full: Grid;
  keep?: Uint8Array;
  /** The kept cells cut out of `full` (or `full` itself). */
  grid: Grid;
  notes: string[];
}

/** Grids per picture recipe object (candidates of a page share one), by layout and mask. */
const built = new WeakMap<PictureRecipe, Map<string, PictureGrid>>();

/**
 * The grid of a picture maze: the tone's adaptive grid, or the layout's grid, cut by the mask when there is
 * one. Built once per picture recipe, layout and mask; the mask stage's notes go to `warn` each time.
 * @throws UserError when the mask leaves too few cells
 */
export function pictureGrid(
  picture: PictureRecipe,
  layout: GridLayout,
  mask: MaskDescriptor | undefined,
  where: string,
  warn: (what: string) => void = () => {},
): PictureGrid {
  let byKey = built.get(picture);
  if (!byKey) {
    byKey = new Map();
    built.set(picture, byKey);
  }
  const key = gridKey(layout, mask);
  let hit = byKey.get(key);
  if (!hit) {
    const full = picture.tone ? toneFull(picture.tone, layout) : buildGrid(layout);
    const notes: string[] = [];
    if (mask) {
      const request = maskRequestOf(mask);
      const cells = maskCellsOn(full, request, (w) => notes.push(w));
      hit = { full, keep: cells.keep, grid: cutMasked(cells, request, where), notes };
    } else hit = { full, grid: full, notes };
    byKey.set(key, hit);
  }
  for (const note of hit.notes) warn(note);
  return hit;
}

function toneFull(tone: NonNullable<PictureRecipe['tone']>, layout: GridLayout): Grid {
  if (layout.shape !== 'square' && layout.shape !== 'triangle') {
    throw new Error(`internal: tone grids are square or triangle, not ${layout.shape}`);
  }
  const tiling: AdaptiveTiling = layout.shape;
  return toneGrid({
    lightness: tone.lightness,
    tiling,
    columns: layout.size.columns,
    rows: layout.size.rows,
    levels: tone.levels,
    unit: tone.unit,
    ...tone.floors,
  });
}

/** Whether a picture recipe makes a region maze (its own generation) rather than a grid for an algorithm. */
export function isRegionPicture(picture: PictureRecipe): boolean {
  return picture.regions !== undefined || picture.route !== undefined;
}

/**
 * A region maze on the picture's grid (see `regionPictureMaze`): a spanning tree of the kept cells with its
 * ends where the sketch starts and ends, or placed as `ends` say.
 * @throws UserError from the region and route checks
 */
export function regionPicture(
  picture: PictureRecipe,
  at: PictureGrid,
  ends: { entry: EndPlacement; exit: EndPlacement },
  rng: Rng,
  where: string,
  warn: (what: string) => void,
): Maze {
  return regionPictureMaze(
    at.full,
    at.keep,
    {
      ...(picture.flow ? { lightness: picture.flow } : {}),
      ...(picture.regions ? { regions: picture.regions } : {}),
      ...(picture.route ? { route: picture.route } : {}),
    },
    ends,
    rng,
    where,
    warn,
  );
}

/**
 * A picture recipe as a lockfile records it: the pictures by a digest of their decoded pixels (so a changed
 * picture shows as a changed recipe), everything else as it is.
 */
export function describePicture(p: PictureRecipe): Record<string, unknown> {
  const digest = (a: ArrayBufferView): string =>
    createHash('sha256')
      .update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength))
      .digest('hex')
      .slice(0, 16);
  return {
    ...(p.tone
      ? {
          tone: {
            picture: digest(p.tone.lightness.data),
            levels: p.tone.levels,
            unit: Math.round(p.tone.unit * 1000) / 1000,
            floors: p.tone.floors,
          },
        }
      : {}),
    ...(p.regions
      ? {
          regions: {
            map: digest(p.regions.map.labels.data),
            colours: p.regions.map.colours,
            styles: p.regions.styles.map((s) => s ?? null),
          },
        }
      : {}),
    ...(p.route ? { route: p.route } : {}),
  };
}
