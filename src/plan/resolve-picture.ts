import { UserError } from '../base/errors.js';
import type { FileAccess } from '../base/files.js';
import type { FieldPath } from '../base/parse-yaml.js';
import type { PictureRecipe } from '../generate/picture-maze.js';
import { type RegionStyle, resolveStyle } from '../generate/region-textures.js';
import { algorithmInfo, algorithmNames } from '../generate/registry.js';
import { adaptiveExtent } from '../grid/adaptive.js';
import type { Raster } from '../grid/raster.js';
import type { GridSize, TopologyName } from '../grid/registry.js';
import { parseHexColour, type RegionMap } from '../mask/regions.js';
import { minUnit, type ToneFloors } from '../mask/tone.js';
import type { BookSpec, MazeSpec } from '../spec/schema.js';
import { mazeFieldsOf } from './maze-fields.js';
import { PROFILES } from './print.js';
import type { Rect } from './rect.js';

/**
 * Picture mazes in a spec (`tone`, `regions`, `route` on a maze): pictures are decoded before planning
 * (decoding is asynchronous) through the build's file access, then each puzzle's fields are checked and
 * resolved into a `PictureRecipe` of plain data, with the tone maze's size.
 */

/** Subdivision levels of a tone maze when the spec gives none: cells of 1, 2, 4 and 8 finest sides. */
export const DEFAULT_TONE_LEVELS = 3;

/** The thinnest toned wall, in points, when the print profile allows thinner: thinner lines print grey. */
export const TONE_LINE_FLOOR = 0.5;

type ToneSpec = NonNullable<MazeSpec['tone']>;
type RegionsSpec = NonNullable<MazeSpec['regions']>;
type StyleSpec = RegionsSpec['styles'][string];

/** Pictures decoded for one build, by file and options. */
interface Decoded {
  lightness: Map<string, Raster>;
  regionMaps: Map<string, RegionMap>;
}

/** Decoded pictures per build, by the build's file access (the same object planning is given). */
const decodedBy = new WeakMap<FileAccess, Decoded>();

const toneKey = (real: string, t: ToneSpec) => `${real}\u0000${t.gamma ?? 1}\u0000${t.contrast ?? 1}`;
const regionsKey = (real: string, colours: readonly string[]) => `${real}\u0000${colours.join(',')}`;

/**
 * Decodes every tone picture and region map the spec names, once per file and options, through `files`, and
 * keeps them for planning with the same `files`. Problems go to `report` and decoding goes on, so one build
 * shows every bad picture at once.
 */
export async function preloadPictures(
  spec: BookSpec,
  specDir: string,
  files: FileAccess,
  at: (path: FieldPath) => string,
  report: (e: UserError) => void,
): Promise<void> {
  let decoded = decodedBy.get(files);
  if (!decoded) {
    decoded = { lightness: new Map(), regionMaps: new Map() };
    decodedBy.set(files, decoded);
  }
  for (const { maze, field } of mazeFieldsOf(spec)) {
    const { tone, regions } = maze;
    if (tone) {
      const where = at([...field, 'tone', 'image']);
      try {
        const ref = files.named(specDir, tone.image, where, 'image');
        const key = toneKey(ref.real, tone);
        if (!decoded.lightness.has(key)) {
          const { decodeLightness } = await import('../mask/tone-image.js');
          const options = {
            ...(tone.gamma !== undefined ? { gamma: tone.gamma } : {}),
            ...(tone.contrast !== undefined ? { contrast: tone.contrast } : {}),
          };
          decoded.lightness.set(key, await decodeLightness(files.read(ref), tone.image, where, options));
        }
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
        report(e);
      }
    }
    if (regions) {
      const where = at([...field, 'regions', 'image']);
      try {
        const colours = regionColours(regions, [...field, 'regions'], at);
        const ref = files.named(specDir, regions.image, where, 'image');
        const key = regionsKey(ref.real, colours);
        if (!decoded.regionMaps.has(key)) {
          const { decodeRegionMap } = await import('../mask/regions.js');
          decoded.regionMaps.set(key, await decodeRegionMap(files.read(ref), colours, regions.image, where));
        }
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
        report(e);
      }
    }
  }
}

/** The styled colours of a region map as `#rrggbb`, in the spec's order; a key that is no colour is refused. */
function regionColours(regions: RegionsSpec, field: FieldPath, at: (p: FieldPath) => string): string[] {
  return Object.keys(regions.styles).map((key) => {
    const v = parseHexColour(key);
    if (v === undefined) {
      throw new UserError(
        at([...field, 'styles', key]),
        `region colour "${key}" is not a colour`,
        "write it as '#rrggbb' in quotes, e.g. '#ff8800'",
      );
    }
    return `#${v.toString(16).padStart(6, '0')}`;
  });
}

/** What planning a picture maze needs from around it. */
export interface PictureContext {
  spec: BookSpec;
  specDir: string;
  files: FileAccess;
  at: (path: FieldPath) => string;
  /** Where each maze field was written (page, section or book defaults). */
  field: (name: keyof MazeSpec) => FieldPath;
}

/** A picture maze resolved: the recipe's picture part, and for tone mazes the coarse grid size. */
export interface ResolvedPicture {
  picture: PictureRecipe;
  /** Tone mazes: coarse cells across and down, and the finest passage (wall centre to wall centre), points. */
  tone?: { size: GridSize; cellSize: number };
}

/**
 * The picture part of a maze spec, or undefined when it has none. A tone maze fills `area` (keeping the
 * picture's proportions) with an adaptive grid whose finest cell holds the floor's clear passage between two
 * walls of the thinnest printable line.
 * @param floor the narrowest clear passage, points
 * @throws UserError at the field for shapes, sizes and algorithms a picture maze cannot take, bad styles and
 *   pictures that could not be decoded
 */
export function resolvePicture(
  maze: MazeSpec,
  shape: TopologyName,
  area: Rect,
  floor: number,
  ctx: PictureContext,
): ResolvedPicture | undefined {
  const { tone, regions, route } = maze;
  if (!tone && !regions && !route) return undefined;
  const { at, field } = ctx;
  const first = tone ? 'tone' : regions ? 'regions' : 'route';
  if (maze.fm !== undefined) {
    throw new UserError(
      at(field(first)),
      `${first} cannot be used with fm (a maze given whole)`,
      'remove fm',
    );
  }
  const picture: PictureRecipe = {};
  let toneSize: ResolvedPicture['tone'];
  if (tone) {
    const resolved = resolveTone(maze, tone, shape, area, floor, ctx);
    picture.tone = resolved.tone;
    picture.flow = resolved.tone.lightness;
    toneSize = resolved.size;
  }
  if ((regions || route) && ownField(maze, 'algorithm', ctx)) {
    throw new UserError(
      at(field('algorithm')),
      'a region or route maze is filled region by region, so algorithm cannot be set',
      regions ? "give a region's style texture: <algorithm> instead" : 'remove algorithm',
    );
  }
  let routeColour: string | undefined;
  if (regions) {
    const resolved = resolveRegions(regions, route !== undefined, picture.tone?.lightness, ctx);
    picture.regions = resolved.regions;
    routeColour = resolved.routeColour;
  }
  checkPost(maze, routeColour !== undefined || route !== undefined, ctx);
  if (route) picture.route = routeRecipe(route);
  return { picture, ...(toneSize ? { tone: toneSize } : {}) };
}

/** Whether the page itself sets maze field `k` (sizes and algorithms from the defaults give way to a picture). */
function ownField(maze: MazeSpec, k: keyof MazeSpec, ctx: PictureContext): boolean {
  return maze[k] !== undefined && !ctx.field(k).includes('defaults');
}

/**
 * A tone maze's picture part and coarse grid: its lightness raster (decoded before planning), levels, finest
 * cell from the floors, and the grid filling `area`; refused for other tilings, page-set sizes, areas too
 * small and algorithms that need a full rectangle.
 */
function resolveTone(
  maze: MazeSpec,
  tone: ToneSpec,
  shape: TopologyName,
  area: Rect,
  floor: number,
  ctx: PictureContext,
): { tone: NonNullable<PictureRecipe['tone']>; size: NonNullable<ResolvedPicture['tone']> } {
  const { at, field } = ctx;
  const where = at([...field('tone'), 'image']);
  const ref = ctx.files.named(ctx.specDir, tone.image, where, 'image');
  const lightness = decodedBy.get(ctx.files)?.lightness.get(toneKey(ref.real, tone));
  if (!lightness) throw new UserError(where, `picture ${tone.image} could not be used (see above)`);
  if (shape !== 'square' && shape !== 'triangle') {
    throw new UserError(
      at(field('tone')),
      `tone needs square or triangle cells, not ${shape}: its cells split into four smaller ones where the picture is dark`,
      'use shape: square or shape: triangle',
    );
  }
  for (const k of ['cells', 'rings', 'passage'] as const) {
    if (ownField(maze, k, ctx)) {
      throw new UserError(
        at(field(k)),
        `a tone maze sizes its cells from the picture and the passage floor, so ${k} cannot be set`,
        `remove ${k}; min-passage (of the book or a section) sets the finest passage`,
      );
    }
  }
  const levels = tone.levels ?? DEFAULT_TONE_LEVELS;
  const profileLine = ctx.spec.profile ? PROFILES[ctx.spec.profile].minLine : 0;
  const floors: ToneFloors = { passage: floor, line: Math.max(TONE_LINE_FLOOR, profileLine) };
  const unit = minUnit(shape, floors);
  const size = toneSize_(shape, lightness, area, unit, levels);
  if (!size) {
    throw new UserError(
      at(field('tone')),
      `the maze area is too small for a tone maze: its coarsest cells are ${(unit * 2 ** levels).toFixed(0)}pt across`,
      'use fewer levels, a lower min-passage, or a larger page',
    );
  }
  if (maze.algorithm !== undefined && !maze.regions && !maze.route) {
    const info = algorithmInfo[maze.algorithm];
    if ('squareOnly' in info && info.squareOnly) {
      throw new UserError(
        at(field('algorithm')),
        `${maze.algorithm} works on a full rectangle of equal squares, not on a tone maze's split cells`,
        `choose one of ${algorithmNames.filter((n) => !('squareOnly' in algorithmInfo[n])).join(', ')}`,
      );
    }
  }
  return { tone: { lightness, levels, unit, floors }, size: { size, cellSize: unit } };
}

/**
 * A region maze's map (decoded before planning) and each of its colours' styles, in the map's colour order;
 * at most one colour draws the route, and not beside a route given as points (`pointsRoute`).
 */
function resolveRegions(
  regions: RegionsSpec,
  pointsRoute: boolean,
  lightness: Raster | undefined,
  ctx: PictureContext,
): { regions: NonNullable<PictureRecipe['regions']>; routeColour?: string } {
  const { at } = ctx;
  const f = ctx.field('regions');
  const colours = regionColours(regions, f, at);
  const where = at([...f, 'image']);
  const ref = ctx.files.named(ctx.specDir, regions.image, where, 'image');
  const map = decodedBy.get(ctx.files)?.regionMaps.get(regionsKey(ref.real, colours));
  if (!map) throw new UserError(where, `region map ${regions.image} could not be used (see above)`);
  const byColour = new Map<string, RegionStyle | 'lines' | 'route'>();
  let routeColour: string | undefined;
  Object.keys(regions.styles).forEach((key, i) => {
    const style = regionStyle(regions.styles[key], colours[i], at([...f, 'styles', key]), lightness);
    if (style === 'route') {
      if (routeColour !== undefined) {
        throw new UserError(
          at([...f, 'styles', key]),
          `only one colour can draw the route (${routeColour} already does)`,
        );
      }
      if (pointsRoute) {
        throw new UserError(
          at([...f, 'styles', key]),
          'the route is drawn in the region map and given as points; keep one',
          'remove route from the maze, or this style',
        );
      }
      routeColour = colours[i];
    }
    byColour.set(colours[i], style);
  });
  return {
    regions: { map, styles: map.colours.map((c) => byColour.get(c)) },
    ...(routeColour !== undefined ? { routeColour } : {}),
  };
}

/** A sketched route as the recipe holds it: the main line's points and any branches'. */
function routeRecipe(route: NonNullable<MazeSpec['route']>): NonNullable<PictureRecipe['route']> {
  const main = Array.isArray(route) ? route : route.points;
  const branches = Array.isArray(route) ? [] : (route.branches ?? []);
  return {
    main: main.map(([x, y]) => [x, y] as [number, number]),
    ...(branches.length > 0
      ? { branches: branches.map((b) => b.map(([x, y]) => [x, y] as [number, number])) }
      : {}),
  };
}

/**
 * Post-processes that would break a picture maze's promises: `reduce-path` cuts the detours a sketched route
 * plans, and those that open walls (`loops`, `braid`, `cross-cuts`) would open the lines a region map draws.
 */
function checkPost(maze: MazeSpec, routed: boolean, ctx: PictureContext): void {
  const drawn = Object.values(maze.regions?.styles ?? {}).includes('lines');
  (maze.post ?? []).forEach((step, i) => {
    const name = typeof step === 'string' ? step : Object.keys(step)[0];
    const where = ctx.at([...ctx.field('post'), i]);
    if (routed && name === 'reduce-path') {
      throw new UserError(
        where,
        'reduce-path would cut out the detours of the sketched route',
        'remove it; the route already decides the solution',
      );
    }
    if (drawn && (name === 'loops' || name === 'braid' || name === 'cross-cuts')) {
      throw new UserError(
        where,
        `${name} opens walls, and would open the lines the region map draws`,
        'remove it, or make the drawn colour a region style',
      );
    }
  });
}

/** One colour's style from the spec, checked the way generation will use it. */
function regionStyle(
  spec: StyleSpec,
  colour: string,
  where: string,
  lightness: Raster | undefined,
): RegionStyle | 'lines' | 'route' {
  if (spec === 'lines' || spec === 'route') return spec;
  if (spec.flow !== undefined && !lightness) {
    throw new UserError(
      where,
      'flow: image follows the edges of the tone picture, and this maze has none',
      'add tone: {image: …} to the maze, or give an angle',
    );
  }
  if (spec.flow !== undefined && spec.angle !== undefined) {
    throw new UserError(where, 'give either angle or flow: image, not both');
  }
  const style: RegionStyle = {
    texture: spec.texture as RegionStyle['texture'],
    ...(spec.angle !== undefined ? { angle: spec.angle } : {}),
    ...(spec.flow !== undefined ? { flow: true } : {}),
    ...(spec.strength !== undefined ? { strength: spec.strength } : {}),
    ...(spec.doors !== undefined ? { doors: spec.doors } : {}),
  };
  const options = {
    ...(spec.straightness !== undefined ? { straightness: spec.straightness } : {}),
    ...(spec.newest !== undefined ? { newest: spec.newest } : {}),
  };
  if (Object.keys(options).length > 0) style.options = options;
  const checked = resolveStyle({ ...style, name: colour }, where);
  const t = checked.texture;
  const directional = t === 'directional';
  if (!directional && (spec.angle !== undefined || spec.flow !== undefined)) {
    throw new UserError(
      where,
      `${spec.angle !== undefined ? 'angle' : 'flow'} applies to texture directional, not ${t}`,
    );
  }
  if (spec.strength !== undefined && !directional && t !== 'concentric') {
    throw new UserError(where, `strength applies to textures directional and concentric, not ${t}`);
  }
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const info = (algorithmNames as readonly string[]).includes(t)
      ? algorithmInfo[t as keyof typeof algorithmInfo]
      : undefined;
    if (!info || !(info.options as readonly string[]).includes(name)) {
      throw new UserError(
        where,
        `${name} does not apply to texture ${t}`,
        `${name} is an option of an algorithm texture that reads it`,
      );
    }
  }
  return style;
}

/**
 * Coarse cells of a tone maze filling `area` at `unit` points per finest side, keeping the picture's
 * proportions, with a finest cell to spare around it for the widest rim walls; undefined when not one fits.
 */
function toneSize_(
  tiling: 'square' | 'triangle',
  lightness: Raster,
  area: Rect,
  unit: number,
  levels: number,
): GridSize | undefined {
  const aspect = lightness.width / lightness.height;
  let width = area.width - 2 * unit;
  let height = area.height - 2 * unit;
  if (width / height > aspect) width = height * aspect;
  else height = width / aspect;
  const coarse = unit * 2 ** levels;
  const columns = tiling === 'square' ? Math.floor(width / coarse) : Math.floor((2 * width) / coarse) - 1;
  const rows =
    tiling === 'square' ? Math.floor(height / coarse) : Math.floor(height / ((coarse * Math.sqrt(3)) / 2));
  if (columns < 1 || rows < 1) return undefined;
  const ext = adaptiveExtent(tiling, columns, rows, levels);
  if (ext.width * unit > area.width || ext.height * unit > area.height) return undefined;
  return { columns, rows };
}

/** The most cells a tone maze of this size can have (every coarse cell split to the finest level). */
export function toneCellsAtMost(size: GridSize, levels: number): number {
  return size.columns * size.rows * 4 ** levels;
}
