import { isPictureName, type PictureName, pictureNames } from '../art/picture-names.js';
import { UserError } from '../base/errors.js';
import type { FileAccess } from '../base/files.js';
import { LIMITS } from '../base/limits.js';
import type { FieldPath } from '../base/schema-keys.js';
import { closest } from '../base/suggest.js';
import type { RevealRecipe } from '../generate/picture-maze.js';
import type { GridSize, TopologyName } from '../grid/registry.js';
import { joinPieces, MIN_PIECE, pictureCells } from '../mask/reveal-cells.js';
import type { Bitmap } from '../mask/shape.js';
import { silhouetteBitmap } from '../mask/silhouette.js';
import type { BookSpec, MazeSpec } from '../spec/schema.js';
import { mm, toFraction, toPoints } from '../spec/units.js';
import { mazeFieldsOf } from './maze-fields.js';
import type { Rect } from './rect.js';

/**
 * Hidden-picture mazes in a spec (`reveal` on a maze): the picture — a file through the build's file access,
 * or a bundled silhouette — is read before planning (decoding is asynchronous), then each puzzle's picture is
 * laid on the cells of its grid (`pictureCells`), its pieces joined (`joinPieces`), and the grid sized so its
 * passages keep the floor.
 */

type RevealSpec = NonNullable<MazeSpec['reveal']>;

/** Cells along the longer side of the maze area that a silhouette's maze has, at most (fewer at a wide floor). */
export const SILHOUETTE_CELLS = 48;
/** Share of the grid's width and height left round a silhouette on each side, for the background. */
export const SILHOUETTE_MARGIN = 0.08;
/**
 * The markers of a maze as planned: a hidden-picture maze's page says "from START to FINISH", so without
 * `markers` its arrows are labelled START and FINISH; a written `markers` is kept.
 */
export function revealMarkers(maze: Pick<MazeSpec, 'reveal' | 'markers'>): MazeSpec['markers'] {
  return maze.markers === undefined && maze.reveal !== undefined ? { labels: true } : maze.markers;
}

/** The fewest cells a hidden-picture maze has each way. */
export const MIN_REVEAL_SIDE = 8;
/**
 * The clear passage, mm, a hidden-picture maze keeps when no `min-passage` is written: its route is coloured
 * in with a pencil or a felt-tip, which needs a wider passage than a line drawn with a pen (the adults' 3 mm).
 */
export const COLOURING_FLOOR_MM = 5;

/**
 * The floor of a puzzle with its maze: a hidden-picture maze's floor is at least {@link COLOURING_FLOOR_MM}
 * unless the spec sets `min-passage` (then that, as for every maze); other mazes keep `floor`.
 */
export function revealFloor<F extends { clear: number; from: 'audience' | 'min-passage' }>(
  floor: F,
  maze: Pick<MazeSpec, 'reveal'>,
): F {
  if (maze.reveal === undefined || floor.from === 'min-passage') return floor;
  return { ...floor, clear: Math.max(floor.clear, toPoints(`${COLOURING_FLOOR_MM}mm`)) };
}

/** A `reveal` field with its shorthand spelt out. */
interface RevealFields {
  image?: string;
  silhouette?: string;
  threshold?: number | string;
  invert?: boolean;
  reverse?: boolean;
}

function fieldsOf(spec: RevealSpec): RevealFields {
  return typeof spec === 'string' ? { silhouette: spec } : spec;
}

const imageKey = (real: string, f: RevealFields) =>
  `${real}\u0000${f.threshold === undefined ? 0.5 : toFraction(f.threshold)}\u0000${f.invert ?? false}`;

/** Hidden pictures decoded for one build, by the build's file access (the same object planning is given). */
const decodedBy = new WeakMap<FileAccess, Map<string, Bitmap>>();

/**
 * Decodes every picture file the spec's `reveal` fields name, once per file and options, through `files`, and
 * keeps them for planning with the same `files`. Problems go to `report` and decoding goes on.
 */
export async function preloadReveals(
  spec: BookSpec,
  specDir: string,
  files: FileAccess,
  at: (path: FieldPath) => string,
  report: (e: UserError) => void,
): Promise<void> {
  let decoded = decodedBy.get(files);
  if (!decoded) {
    decoded = new Map();
    decodedBy.set(files, decoded);
  }
  for (const { maze, field } of mazeFieldsOf(spec)) {
    if (maze.reveal === undefined) continue;
    const f = fieldsOf(maze.reveal);
    if (f.image === undefined) continue;
    const where = at([...field, 'reveal', 'image']);
    try {
      const ref = files.named(specDir, f.image, where, 'image');
      const key = imageKey(ref.real, f);
      if (decoded.has(key)) continue;
      const { decodeRevealImage } = await import('../mask/reveal-image.js');
      const options = {
        threshold: f.threshold === undefined ? 0.5 : toFraction(f.threshold),
        invert: f.invert ?? false,
      };
      decoded.set(key, await decodeRevealImage(files.read(ref), f.image, where, options));
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      report(e);
    }
  }
}

/** What planning a hidden-picture maze needs from around it. */
export interface RevealContext {
  specDir: string;
  files: FileAccess;
  at: (path: FieldPath) => string;
  /** Where each maze field was written (page, section or book defaults). */
  field: (name: keyof MazeSpec) => FieldPath;
  /** Whether a field was written by the page itself (not inherited from defaults). */
  own: (name: keyof MazeSpec) => boolean;
}

/** A hidden-picture maze resolved: its recipe part, its grid and passage, notes for the author. */
export interface ResolvedReveal {
  recipe: RevealRecipe;
  size: GridSize;
  /** Passage, wall centre to wall centre, on the page, points. */
  cellSize: number;
  notes: string[];
}

/** Fields a hidden-picture maze decides itself, or that would break its one route through the picture. */
const REFUSED: readonly [keyof MazeSpec, string][] = [
  ['mask', 'the picture decides where the route goes; the maze is the whole rectangle'],
  ['tone', 'a hidden-picture maze draws its picture with the route, not with its walls'],
  ['regions', 'a hidden-picture maze fills its own regions'],
  ['route', 'the picture is the route'],
  ['fm', 'a Finger Maze string is a whole maze already'],
  ['mazegram', 'the route is coloured in, so letters on it would be covered'],
  ['weave', 'crossings would hide which way the coloured route goes'],
  ['post', 'post-processes would cut the route short or open second ways through the picture'],
  ['rings', 'hidden-picture mazes are square'],
];

/**
 * The `reveal` part of a maze spec, or undefined when it has none.
 * @param area the maze area, points
 * @param floorCell the narrowest passage (wall centre to wall centre) the page's floor allows, points
 * @throws UserError at the field for pictures and sizes a hidden-picture maze cannot take
 */
export function resolveReveal(
  maze: MazeSpec,
  shape: TopologyName,
  area: Rect,
  floorCell: number,
  ctx: RevealContext,
): ResolvedReveal | undefined {
  if (maze.reveal === undefined) return undefined;
  const { at, field } = ctx;
  const place = at(field('reveal'));
  const f = fieldsOf(maze.reveal);
  if (shape !== 'square') {
    throw new UserError(
      at(field('shape')),
      `hidden-picture mazes are square, not ${shape}: the picture is laid on square cells`,
      'use shape: square, or remove reveal',
    );
  }
  for (const [name, why] of REFUSED) {
    if (maze[name] !== undefined) {
      throw new UserError(at(field(name)), `${name} cannot be used with reveal: ${why}`, `remove ${name}`);
    }
  }
  if (maze.algorithm !== undefined && ctx.own('algorithm')) {
    throw new UserError(
      at(field('algorithm')),
      'a hidden-picture maze grows its own route through the picture, so algorithm cannot be set',
      'remove algorithm',
    );
  }
  if (maze.cells === 'auto') {
    throw new UserError(
      at(field('cells')),
      'cells: auto cannot size a hidden-picture maze: its size comes from the picture',
      'give cells: [columns, rows], or leave cells out to use one cell per pixel',
    );
  }
  for (const end of ['entry', 'exit'] as const) {
    const e = maze[end];
    if (e === 'centre' || e === 'center') {
      throw new UserError(
        at(field(end)),
        `${end}: a hidden-picture maze opens on its rim, not at the centre`,
      );
    }
  }
  const picture = pictureOf(f, place, ctx);
  const sized = revealSize(maze, picture, area, floorCell, at, field, place);
  const { columns, rows } = sized.size;
  const notes = sized.note ? [sized.note] : [];
  const dark = pictureCells(picture.bitmap, columns, rows, picture.bundled ? SILHOUETTE_MARGIN : 0);
  let darkCount = 0;
  for (const d of dark) darkCount += d;
  const reverse = f.reverse ?? false;
  const wanted = reverse ? columns * rows - darkCount : darkCount;
  if (wanted < MIN_PIECE || darkCount === 0) {
    throw new UserError(
      place,
      `${picture.label} has ${darkCount === 0 ? 'no dark cell' : wanted === 0 ? 'no light cell' : 'too few cells'} for the route at ${columns}×${rows} cells${darkCount === 0 ? ': its dark parts are thinner than a cell' : ''}`,
      darkCount === 0
        ? 'use more cells, or a bolder picture'
        : 'leave a light margin round the picture, or use more cells',
    );
  }
  const target = reverse ? dark.map((d) => 1 - d) : dark;
  const joined = joinPieces(target, columns, rows);
  if (joined.pieces > 1) {
    const part = reverse ? 'light part of' : '';
    const bits = [
      joined.bridged > 0
        ? `joined by bridges of ${joined.bridged} cell${joined.bridged === 1 ? '' : 's'} that the route runs along`
        : '',
      joined.dropped > 0
        ? `${joined.dropped} speck${joined.dropped === 1 ? '' : 's'} of ${joined.droppedCells} cell${joined.droppedCells === 1 ? '' : 's'} left out`
        : '',
    ].filter((b) => b !== '');
    notes.push(
      `the ${part ? `${part} ` : ''}${picture.label} is in ${joined.pieces} pieces at ${columns}×${rows} cells: ${bits.join('; ')} (draw it in one piece to avoid this)`,
    );
  }
  return {
    recipe: {
      dark,
      target: joined.cells,
      reverse,
      label: picture.label,
      ...(f.silhouette !== undefined ? { silhouette: f.silhouette } : {}),
    },
    size: sized.size,
    cellSize: sized.cellSize,
    notes,
  };
}

/** The picture a `reveal` field names: a decoded file or a bundled silhouette. */
function pictureOf(
  f: RevealFields,
  place: string,
  ctx: RevealContext,
): { bitmap: Bitmap; label: string; bundled: boolean } {
  if ((f.image === undefined) === (f.silhouette === undefined)) {
    throw new UserError(
      place,
      'reveal needs one picture: an image file or a silhouette',
      'write reveal: { image: fish.png } or reveal: cat',
    );
  }
  if (f.silhouette !== undefined) {
    for (const k of ['threshold', 'invert'] as const) {
      if (f[k] !== undefined) {
        throw new UserError(place, `${k} applies to an image, not a silhouette`, `remove ${k}`);
      }
    }
    const name = f.silhouette;
    if (!isPictureName(name)) {
      const guess = closest(name, pictureNames);
      throw new UserError(
        place,
        `unknown silhouette "${name}"`,
        `${guess ? `did you mean "${guess}"? ` : ''}silhouettes: ${pictureNames.join(', ')}`,
      );
    }
    return { bitmap: silhouetteBitmap(name as PictureName), label: `silhouette ${name}`, bundled: true };
  }
  const image = f.image as string;
  const where = ctx.at([...ctx.field('reveal'), 'image']);
  const ref = ctx.files.named(ctx.specDir, image, where, 'image');
  const bitmap = decodedBy.get(ctx.files)?.get(imageKey(ref.real, f));
  if (!bitmap) throw new UserError(where, `picture ${image} could not be used (see above)`);
  return { bitmap, label: `picture ${image}`, bundled: false };
}

/**
 * The grid of a hidden-picture maze and its passage on the page:
 * - `cells` given: that grid (the picture fitted inside it), refused when its passages break the floor;
 * - `passage` given: as many cells as fit at that passage in the picture's proportions, refused under the
 *   floor;
 * - neither: a picture file gets one cell per pixel, or, when the page cannot hold that many at the floor,
 *   the most it holds in the picture's proportions (a note says so and what to do); a silhouette fills the
 *   maze area with cells at the floor's passage, at most {@link SILHOUETTE_CELLS} along its longer side.
 */
function revealSize(
  maze: MazeSpec,
  picture: { bitmap: Bitmap; label: string; bundled: boolean },
  area: Rect,
  floorCell: number,
  at: (path: FieldPath) => string,
  field: (name: keyof MazeSpec) => FieldPath,
  place: string,
): { size: GridSize; cellSize: number; note?: string } {
  const { width: pw, height: ph } = picture.bitmap;
  // The proportions of the grid: the picture's, or the maze area's for a silhouette (drawn with a margin).
  const aspect = picture.bundled ? area.width / area.height : pw / ph;
  const holds = (cell: number): GridSize => {
    let { width, height } = area;
    if (width / height > aspect) width = height * aspect;
    else height = width / aspect;
    return { columns: Math.floor(width / cell + 1e-9), rows: Math.floor(height / cell + 1e-9) };
  };
  const cellIn = (size: GridSize): number => Math.min(area.width / size.columns, area.height / size.rows);
  const atFloor = holds(floorCell);
  const under = (size: GridSize, what: string, where: string): never => {
    throw new UserError(
      where,
      `${what} gives cells of ${mm(cellIn(size))} (wall centre to wall centre), smaller than the ${mm(floorCell)} that the floor's clear passage and a wall need: the page holds at most ${atFloor.columns}×${atFloor.rows} cells of this picture`,
      'use fewer cells, a lower min-passage or a larger page',
    );
  };
  let size: GridSize;
  let note: string | undefined;
  if (maze.cells !== undefined && maze.cells !== 'auto') {
    const [columns, rows] = typeof maze.cells === 'number' ? [maze.cells, maze.cells] : maze.cells;
    size = { columns, rows };
    if (cellIn(size) < floorCell - 0.01) under(size, `cells: [${columns}, ${rows}]`, at(field('cells')));
  } else if (maze.passage !== undefined) {
    const passage = toPoints(maze.passage);
    size = holds(passage);
    if (passage < floorCell - 0.01) under(size, `passage: ${maze.passage}`, at(field('passage')));
  } else if (picture.bundled) {
    const long = Math.max(area.width, area.height);
    size = holds(Math.max(floorCell, long / SILHOUETTE_CELLS));
  } else if (pw <= atFloor.columns && ph <= atFloor.rows) {
    size = { columns: pw, rows: ph };
  } else {
    size = atFloor;
    note = `${picture.label} is ${pw}×${ph} pixels, one cell each, but the page holds at most ${atFloor.columns}×${atFloor.rows} cells at the floor of ${mm(floorCell)}: it is drawn with ${atFloor.columns}×${atFloor.rows} cells (set cells: [${atFloor.columns}, ${atFloor.rows}] to say so, or draw the picture that size)`;
  }
  if (size.columns < MIN_REVEAL_SIDE || size.rows < MIN_REVEAL_SIDE) {
    throw new UserError(
      place,
      `${size.columns}×${size.rows} cells are too few to hide a picture (at least ${MIN_REVEAL_SIDE} each way)`,
      'use more cells, a lower min-passage or a larger page',
    );
  }
  if (size.columns * size.rows > LIMITS.maxCells || Math.max(size.columns, size.rows) > LIMITS.maxSide) {
    throw new UserError(
      place,
      `${size.columns}×${size.rows} cells is over the limit of ${LIMITS.maxCells} cells (${LIMITS.maxSide} a side) per maze`,
    );
  }
  return { size, cellSize: cellIn(size), ...(note ? { note } : {}) };
}

/** The silhouette and cells of a hidden-picture book's worked example: a small picture that still reads. */
export const REVEAL_EXAMPLE = { silhouette: 'heart' as PictureName, columns: 12, rows: 11 };

/**
 * The hidden picture of a worked example: a small bundled silhouette laid on {@link REVEAL_EXAMPLE}'s cells,
 * the way the book's first puzzle shows its picture (coloured route, or wrong turns for a reverse one).
 */
export function exampleReveal(first: RevealRecipe): { recipe: RevealRecipe; size: GridSize } {
  const { silhouette, columns, rows } = REVEAL_EXAMPLE;
  const dark = pictureCells(silhouetteBitmap(silhouette), columns, rows, SILHOUETTE_MARGIN);
  const target = joinPieces(first.reverse ? dark.map((d) => 1 - d) : dark, columns, rows).cells;
  return {
    recipe: { dark, target, reverse: first.reverse, label: `silhouette ${silhouette}`, silhouette },
    size: { columns, rows },
  };
}
