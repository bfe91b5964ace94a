import { UserError } from '../base/errors.js';
import type { FieldPath } from '../base/parse-yaml.js';
import { CodecError } from '../codec/codec-error.js';
import { decodeFm } from '../codec/fm.js';
import type { OptionName } from '../generate/algorithm.js';
import type { EndPlacement } from '../generate/ends/end-placement.js';
import type { Maze } from '../generate/maze.js';
import { type PostStep, postKeepsWeave } from '../generate/post/registry.js';
import {
  type AlgorithmName,
  algorithmInfo,
  algorithmNames,
  weaveAlgorithmNames,
} from '../generate/registry.js';
import { type HexTop, type TopologyName, topologies } from '../grid/registry.js';
import { WEAVE_INSET } from '../grid/weave.js';
import { maskShapeOf } from '../mask/descriptor.js';
import { deriveSeed } from '../random/derive-seed.js';
import type { BookSpec, EndSpec, MazeSpec } from '../spec/schema.js';
import { mm, toFraction, toPoints } from '../spec/units.js';
import { checkTemplate } from '../text/template.js';
import type { Audience, PuzzlePlan, RuleCaption } from './book-plan.js';
import { checkRouteOnMask } from './check-route.js';
import {
  fitScale,
  gridClearIn,
  type MazeRoom,
  type PuzzlePageGeometry,
  puzzleMazeArea,
} from './page-geometry.js';
import type { Rect } from './rect.js';
import { cellsForScore, levelScore, resolveDifficulty, seriesTarget } from './resolve-difficulty.js';
import { drawnExtent, fitMask } from './resolve-fidelity.js';
import { type MarkerContext, resolveMarkers } from './resolve-markers.js';
import { type MaskContext, resolveMask } from './resolve-mask.js';
import { letterSize, mazegramCell, resolveMazegram } from './resolve-mazegram.js';
import { resolvePicture, toneCellsAtMost } from './resolve-picture.js';
import { resolveReveal, revealFloor, revealMarkers } from './resolve-reveal.js';
import {
  checkRuleDifficulty,
  checkRuleSize,
  RULE_DEFAULT_SIDE,
  resolveRule,
  ruleAutoSize,
  ruleCaption,
  ruleCellFloor,
  setAsideWallFields,
} from './resolve-rule.js';
import { resolveSize, sizePhrase } from './resolve-size.js';
import { puzzleTemplateVars, SAMPLE_RATING } from './template-vars.js';
import type { Theme } from './theme.js';
import type { Words } from './words.js';

/** Candidate mazes for a page with a difficulty target, unless it says otherwise. */
export const DEFAULT_CANDIDATES = 8;
/**
 * Candidate mazes each puzzle of a series makes, unless it says otherwise: a series shares its candidates
 * among its puzzles (a series of 40 chooses among 160), so fewer a puzzle suffice.
 */
export const SERIES_CANDIDATES = 4;

/**
 * The narrowest clear passage (the gap between walls, after their width) of each audience, in mm: a pencil
 * line fits an adult's 3 mm; a young child's grip and crayon need about twice that; large print ("bold and
 * easy" books, for solvers who see less well) 5 mm.
 */
export const AUDIENCE_FLOOR_MM: Record<Audience, number> = { adults: 3, kids: 6, 'large-print': 5 };

type Defaults = NonNullable<BookSpec['defaults']>;

/** A section entry of the spec: its heading, defaults, and where it was written. */
interface Section {
  index: number;
  heading: string;
  defaults: Defaults;
  /** Index of the section entry in `pages`. */
  page: number;
  /** The section's own `per-page`, if it sets one. */
  perPage?: number;
}

/** One puzzle to plan: a page, or one page of a series, with the maze fields that apply to it. */
export interface PuzzleEntry {
  page: BookSpec['pages'][number];
  /** Index of the page in `pages`. */
  i: number;
  /** The page's own maze fields, over its section's defaults. */
  spec: MazeSpec;
  part: 'maze' | 'series';
  key: string;
  series?: { index: number; count: number; from: number; to: number };
  section?: Section;
  /** Its number within its section, from 1 (within the puzzles before any section when it has none). */
  inSection: number;
}

/** Every page entry becomes one puzzle, or `count` puzzles for a series; sections set the defaults that follow. */
export function expandEntries(s: BookSpec, keys: readonly string[]): PuzzleEntry[] {
  let section: Section | undefined;
  let sectionCount = 0;
  let inSection = 0;
  return s.pages.flatMap((page, i): PuzzleEntry[] => {
    if (page.section !== undefined) {
      inSection = 0;
      section = {
        index: sectionCount++,
        heading: page.section,
        defaults: page.defaults ?? {},
        page: i,
        ...(page['per-page'] !== undefined ? { perPage: page['per-page'] } : {}),
      };
      return [];
    }
    const here = section;
    if (!page.series) {
      return [
        {
          page,
          i,
          spec: { ...here?.defaults, ...page.maze },
          part: 'maze',
          key: keys[i],
          section: here,
          inSection: ++inSection,
        },
      ];
    }
    const { count, from, to, ...rest } = page.series;
    return Array.from({ length: count }, (_, j) => ({
      page,
      i,
      // A series takes its difficulty from `from` and `to`, not from its section's defaults.
      spec: { ...here?.defaults, difficulty: undefined, ...rest },
      section: here,
      part: 'series' as const,
      key: `${keys[i]}-${j + 1}`,
      series: { index: j, count, from: levelScore(from), to: levelScore(to) },
      inSection: ++inSection,
    }));
  });
}

/** What every puzzle of a book shares while it is planned. */
export interface PuzzleContext {
  spec: BookSpec;
  at: (path: FieldPath) => string;
  seed: number;
  /** Puzzle page geometry by mazes per page. */
  layouts: Record<number, PuzzlePageGeometry>;
  /** The book's mazes per page (sections may set their own). */
  perPage: number;
  /** The audience when the spec names none (the kids theme implies kids). */
  audience: Audience;
  /** The book's print floors (its smallest text, its thinnest wall), in points. */
  floors: { text: number; wall: number };
  theme: Theme;
  words: Words;
  masks: MaskContext;
  markers: MarkerContext;
}

/**
 * The floor of a puzzle: its section's, the book defaults', or the book's `min-passage` or `audience` (the
 * book's own floor without a section).
 */
export function resolveFloor(
  ctx: Pick<PuzzleContext, 'spec' | 'audience'>,
  entry?: Pick<PuzzleEntry, 'section'>,
): PuzzlePlan['floor'] {
  const { spec: s } = ctx;
  const section = entry?.section?.defaults ?? {};
  const audience = section.audience ?? s.defaults?.audience ?? s.audience ?? ctx.audience;
  const minPassage = section['min-passage'] ?? s.defaults?.['min-passage'] ?? s['min-passage'];
  return minPassage !== undefined
    ? { clear: toPoints(minPassage), audience, from: 'min-passage' }
    : { clear: toPoints(`${AUDIENCE_FLOOR_MM[audience]}mm`), audience, from: 'audience' };
}

/**
 * The maze area a puzzle is sized in: its page's, with the room its markers need at the clear passage the
 * spec asks for (`passage`, or the one `cells`/`rings` give the unmasked grid there), or, when mazebook
 * chooses the size, at the floor's (`floorCell`: pt, wall centre to wall centre). The layout fits the generated
 * maze the same way (`puzzleMazeArea` with its grid): a maze sized here gets a passage at least the one it
 * was sized for there, so a chosen size keeps the floor. With `clearPassage` (large print), `passage` is
 * that clear passage itself.
 */
function plannedMazeArea(
  maze: MazeSpec,
  shape: TopologyName,
  geometry: PuzzlePageGeometry,
  theme: Theme,
  room: MazeRoom,
  floorCell: number,
  clearPassage: boolean,
): Rect {
  const topo = topologies[shape];
  const wall = theme.walls.width;
  if (maze.passage !== undefined) {
    const clear = clearPassage
      ? toPoints(maze.passage)
      : (toPoints(maze.passage) * topo.narrowest) / topo.passage - wall;
    return puzzleMazeArea(geometry, theme, room, () => clear);
  }
  const sized = topo.sizedBy === 'rings' ? maze.rings : maze.cells;
  if (typeof sized === 'number' || Array.isArray(sized)) {
    const [columns, rows] = typeof sized === 'number' ? [sized, sized] : sized;
    if (columns >= 1 && rows >= 1) {
      const hexTop: HexTop | undefined = shape === 'hex' ? (maze['hex-top'] ?? 'pointy') : undefined;
      const extent = topo.extent({ columns, rows }, hexTop);
      return puzzleMazeArea(geometry, theme, room, gridClearIn(extent, topo.narrowest, wall));
    }
  }
  const floorClear = (floorCell * topo.narrowest) / topo.passage - wall;
  return puzzleMazeArea(geometry, theme, room, () => floorClear);
}

/** Where a field of one puzzle was written: on the page, in its section's defaults, or in the book's defaults. */
type FieldOf = (name: keyof MazeSpec) => FieldPath;

/** One puzzle's maze fields and how to name the place of each in an error. */
interface MazeFields {
  /** The page's own fields over its section's and the book's defaults (edited as fields are set aside). */
  maze: MazeSpec;
  /** The page's own fields, over its section's defaults. */
  own: MazeSpec;
  field: FieldOf;
  at: (path: FieldPath) => string;
  /** The page, for errors that name no one field. */
  where: string;
}

/** What a maze carries besides its walls: a picture, a hidden picture, a mazegram and its letters' cell floor. */
interface Overlays {
  picture: ReturnType<typeof resolvePicture>;
  reveal: ReturnType<typeof resolveReveal>;
  mazegram: ReturnType<typeof resolveMazegram> | undefined;
  /** pt: the smallest cell (wall centre to wall centre) that sets the mazegram's letters at the text floor; 0 without. */
  letterCell: number;
}

/** The room a puzzle is sized in: its floor, markers, smallest cell and maze area (pt). */
interface PuzzleRoom {
  perPage: number;
  floor: PuzzlePlan['floor'];
  markers: PuzzlePlan['markers'];
  /** pt, wall centre to wall centre: the smallest cell that keeps the floor (and a rule maze's symbols). */
  floorCell: number;
  /** In large print `passage` is the clear passage, wall to wall where the route is narrowest. */
  clearPassage: boolean;
  area: Rect;
}

/** A puzzle's size as planned: the grid, its cell (pt), the range `auto` may pick from, and notes on the way. */
interface PuzzleSize {
  size: PuzzlePlan['recipe']['size'];
  cellSize: number;
  auto: PuzzlePlan['autoSize'];
  /** True when mazebook chose the size (it keeps the floor by construction). */
  chosen: boolean;
  notes: string[];
}

/** Plans one puzzle: its maze fields resolved over the defaults, sized, checked and seeded. */
export function resolvePuzzle(ctx: PuzzleContext, entry: PuzzleEntry, n: number): PuzzlePlan {
  const { spec: s } = ctx;
  const { page, i } = entry;
  const f = mergeMazeFields(ctx, entry);
  const { maze, own, field, at, where } = f;
  const { rule, caption } = resolveRuleMaze(ctx, entry, f);
  const fixed = resolveFixedMaze(f);
  const shape = maze.shape ?? 'square';
  const room = resolveRoom(ctx, entry, f, shape, rule, caption);
  const { perPage, floor, markers, area } = room;
  const mask = resolveMask(maze.mask, field('mask'), at, ctx.masks, area.width / area.height);
  const hexTop = shape === 'hex' ? (maze['hex-top'] ?? 'pointy') : undefined;
  if (maze['hex-top'] !== undefined && shape !== 'hex' && own['hex-top'] !== undefined) {
    throw new UserError(at(field('hex-top')), `hex-top applies to hex mazes only, not ${shape}`);
  }
  const difficulty = resolveTarget(entry, f);
  const overlays = resolveOverlays(ctx, f, shape, room);
  const { picture, reveal, mazegram } = overlays;
  const sized = sizePuzzle(ctx, entry, f, { shape, hexTop, mask, room, difficulty, fixed, rule, overlays });
  const { size, cellSize, auto, notes } = sized;
  const floorMiss = checkDrawnPassages(ctx, f, { shape, size, hexTop, mask, fixed, room, overlays, sized });
  // A sketched route must stay on the cells a mask keeps: found here, so `validate` reports it.
  if (picture?.picture.route && mask) {
    checkRouteOnMask(picture.picture, { shape, size, hexTop }, mask, at(field('route')));
  }
  const algorithm = maze.algorithm ?? 'backtracker';
  checkAlgorithm(algorithm, shape, mask !== undefined, own, s.defaults ?? {}, field, at);
  if (maze.weave !== undefined) checkWeave(algorithm, shape, maze, fixed !== undefined, field, at);
  const { title, usesRating } = resolveTitle(ctx, entry, n, { shape, size, algorithm });
  return {
    key: entry.key,
    number: n + 1,
    ...(entry.inSection !== n + 1 ? { sectionNumber: entry.inSection } : {}),
    where,
    // A page's own `seed` replaces the book seed for its maze; the key stays, so the page keeps its identity.
    seed: deriveSeed(page.seed ?? ctx.seed, entry.key, 0),
    ...(page.seed !== undefined ? { pageSeed: page.seed } : {}),
    title,
    usesRating,
    recipe: {
      shape,
      size,
      ...(hexTop ? { hexTop } : {}),
      ...(mask ? { mask } : {}),
      algorithm,
      options: {
        straightness: maze.straightness ?? 0,
        newest: maze.newest,
        weights: maze.weights,
        ...(maze.weave !== undefined ? { weave: maze.weave } : {}),
      },
      entry: resolveEnd(maze.entry),
      exit: resolveEnd(maze.exit),
      post: fixed ? [] : (maze.post ?? []).map(resolvePost),
      ...(fixed ? { fixed } : {}),
      ...(picture ? { picture: picture.picture } : {}),
      ...(reveal ? { picture: { reveal: reveal.recipe } } : {}),
    },
    cellSize,
    ...(difficulty
      ? { difficulty, candidates: maze.candidates ?? (entry.series ? SERIES_CANDIDATES : DEFAULT_CANDIDATES) }
      : { candidates: 1 }),
    ...(auto ? { autoSize: auto } : {}),
    perPage,
    floor,
    markers,
    reach: puzzleReach(maze, shape, algorithm, { rule, overlays }),
    notes,
    ...(floorMiss ? { floorMiss } : {}),
    ...(mazegram ? { mazegram } : {}),
    ...(entry.series ? { series: { page: i, index: entry.series.index, count: entry.series.count } } : {}),
    ...(entry.section ? { section: sectionOf(entry.section, at) } : {}),
    ...(rule ? { rule } : {}),
    ...(caption ? { caption } : {}),
  };
}

/** Merges a puzzle's maze fields over the defaults; a page that sizes itself drops every sizing of the defaults. */
function mergeMazeFields(ctx: PuzzleContext, entry: PuzzleEntry): MazeFields {
  const { spec: s, at } = ctx;
  const { page, i, spec: own, part } = entry;
  const sectionDefaults = entry.section?.defaults ?? {};
  const maze: MazeSpec = { ...s.defaults, ...own };
  // A page that sizes itself (by cells, rings or passage) overrides every way of sizing from the defaults.
  const sizing = ['cells', 'rings', 'passage'] as const;
  const pageOwn = part === 'series' ? page.series : page.maze;
  const ownSizing = sizing.filter((k) => own[k] !== undefined);
  if (ownSizing.length > 0) for (const k of sizing) if (!ownSizing.includes(k)) delete maze[k];
  const field: FieldOf = (name) =>
    pageOwn?.[name] !== undefined
      ? ['pages', i, part, name]
      : entry.section && sectionDefaults[name] !== undefined
        ? ['pages', entry.section.page, 'defaults', name]
        : ['defaults', name];
  return { maze, own, field, at, where: at(['pages', i]) };
}

/**
 * Resolves a rule maze (a grid of symbols read by a rule) and its caption, or none; sets the wall maze's fields
 * aside and, without a size or a difficulty to size it for, gives it RULE_DEFAULT_SIDE cells a side.
 */
function resolveRuleMaze(
  ctx: PuzzleContext,
  entry: PuzzleEntry,
  f: MazeFields,
): { rule: PuzzlePlan['rule']; caption: RuleCaption | undefined } {
  const { maze, own, field, at } = f;
  const rule = maze.rule === undefined ? undefined : resolveRule(maze.rule, field('rule'), at);
  if (rule) setAsideWallFields(maze, own, field, at);
  if (
    rule &&
    maze.cells === undefined &&
    maze.passage === undefined &&
    maze.difficulty === undefined &&
    !entry.series
  )
    maze.cells = RULE_DEFAULT_SIDE;
  const caption: RuleCaption | undefined = rule && ruleCaption(rule, ctx.words, at(field('rule')));
  return { rule, caption };
}

/** Decodes a hand-made maze (`fm`), or none; it brings its own size, so sizing and generation fields are dropped. */
function resolveFixedMaze(f: MazeFields): Maze | undefined {
  const { maze, own, field, at } = f;
  const fixed = maze.fm === undefined ? undefined : readFm(maze.fm, own, at(field('fm')));
  if (fixed) {
    for (const k of ['cells', 'rings', 'passage', 'mask', 'difficulty', 'candidates'] as const)
      delete maze[k];
    maze.cells = [fixed.grid.width, fixed.grid.height];
  }
  return fixed;
}

/** Resolves the room a puzzle is sized in: its floor, its markers, the smallest cell keeping both, its maze area. */
function resolveRoom(
  ctx: PuzzleContext,
  entry: PuzzleEntry,
  f: MazeFields,
  shape: TopologyName,
  rule: PuzzlePlan['rule'],
  caption: RuleCaption | undefined,
): PuzzleRoom {
  const { maze, field, at, where } = f;
  const perPage = entry.section?.perPage ?? ctx.perPage;
  const geometry = ctx.layouts[perPage];
  // A band under the maze: a mazegram's answer blanks, or what to do with a hidden picture.
  const blanks =
    caption !== undefined ||
    maze.reveal !== undefined ||
    (maze.mazegram !== undefined && (typeof maze.mazegram === 'string' || maze.mazegram.blanks !== false));
  const floor = revealFloor(resolveFloor(ctx, entry), maze);
  const markers = resolveMarkers(
    revealMarkers(maze),
    floor.audience,
    Math.max(floor.clear, toPoints(`${AUDIENCE_FLOOR_MM[floor.audience]}mm`)),
    field('markers'),
    at,
    where,
    ctx.markers,
  );
  const wall = ctx.theme.walls.width;
  // The floor holds where a route is narrowest (a door narrower than the cell, in hex and octagon mazes);
  // weave mazes draw passages inset in their cells: a cell must be wider to keep it.
  // A rule maze's cells hold its symbols: large enough to read them.
  const floorCell = Math.max(
    ((floor.clear + wall) * topologies[shape].passage) /
      topologies[shape].narrowest /
      (maze.weave !== undefined ? 1 - 2 * WEAVE_INSET : 1),
    rule ? ruleCellFloor(ctx.floors.text) : 0,
  );
  const clearPassage = floor.audience === 'large-print';
  const area = plannedMazeArea(
    maze,
    shape,
    geometry,
    ctx.theme,
    { blanks, markers: markers.fit },
    floorCell,
    clearPassage,
  );
  return { perPage, floor, markers, floorCell, clearPassage, area };
}

/** Resolves the difficulty a puzzle aims for: a series' step between `from` and `to`, its own, or none. */
function resolveTarget(entry: PuzzleEntry, f: MazeFields): PuzzlePlan['difficulty'] {
  const { maze, at } = f;
  if (entry.series && entry.page.series?.difficulty !== undefined) {
    throw new UserError(
      at(['pages', entry.i, 'series', 'difficulty']),
      'a series takes its difficulty from `from` and `to`',
      'remove difficulty from the series',
    );
  }
  return entry.series
    ? seriesTarget(entry.series)
    : maze.difficulty !== undefined
      ? resolveDifficulty(maze.difficulty)
      : undefined;
}

/** Resolves what a maze carries besides its walls: a picture, a hidden picture, a mazegram. */
function resolveOverlays(ctx: PuzzleContext, f: MazeFields, shape: TopologyName, room: PuzzleRoom): Overlays {
  const { maze, own, field, at } = f;
  const picture = resolvePicture(maze, shape, room.area, room.floor.clear, {
    spec: ctx.spec,
    specDir: ctx.masks.specDir,
    files: ctx.masks.files,
    at,
    field,
  });
  const reveal = resolveReveal(maze, shape, room.area, room.floorCell, {
    specDir: ctx.masks.specDir,
    files: ctx.masks.files,
    at,
    field,
    own: (k) => own[k] !== undefined,
  });
  const mazegram =
    maze.mazegram === undefined
      ? undefined
      : resolveMazegram(maze.mazegram, field('mazegram'), at, ctx.masks);
  // A mazegram's letters are text: half a passage tall, never under the book's smallest text.
  const letterCell = mazegram ? mazegramCell(mazegram, ctx.floors.text) : 0;
  return { picture, reveal, mazegram, letterCell };
}

/**
 * Sizes a puzzle: a tone or hidden picture's own size, or the one its fields or difficulty give in its room,
 * fitted to its mask; checks a rule maze's size and difficulty against its rule.
 */
function sizePuzzle(
  ctx: PuzzleContext,
  entry: PuzzleEntry,
  f: MazeFields,
  p: {
    shape: TopologyName;
    hexTop: HexTop | undefined;
    mask: PuzzlePlan['recipe']['mask'];
    room: PuzzleRoom;
    difficulty: PuzzlePlan['difficulty'];
    fixed: Maze | undefined;
    rule: PuzzlePlan['rule'];
    overlays: Overlays;
  },
): PuzzleSize {
  const { maze, field, at, where } = f;
  const { shape, hexTop, mask, room, difficulty, fixed, rule } = p;
  const { picture, reveal } = p.overlays;
  const sized = picture?.tone
    ? { size: picture.tone.size, cellSize: picture.tone.cellSize, chosen: true, auto: undefined }
    : reveal
      ? { size: reveal.size, cellSize: reveal.cellSize, chosen: true, auto: undefined }
      : resolveSize(
          maze,
          shape,
          hexTop,
          mask ? maskShapeOf(mask).aspect : undefined,
          room.area,
          ctx.theme,
          Math.max(room.floorCell, p.overlays.letterCell),
          (name) => at(field(name)),
          where,
          difficulty !== undefined && !fixed,
          room.clearPassage,
        );
  if (sized.auto && !difficulty) {
    throw new UserError(
      at(field(maze.cells === 'auto' ? 'cells' : 'rings')),
      `${maze.cells === 'auto' ? 'cells' : 'rings'}: auto needs a difficulty to aim for`,
      'add difficulty: easy, medium, hard, expert or a score, or give the size',
    );
  }
  const notes: string[] = reveal ? [...reveal.notes] : [];
  // A tone maze's size is its picture's (a mask is cut from its adaptive grid when it is generated), and so
  // is a hidden picture's.
  const fitted =
    fixed || picture?.tone || reveal
      ? { size: sized.size, cellSize: sized.cellSize, auto: undefined }
      : fitMask(sized as ReturnType<typeof resolveSize>, { shape, hexTop, mask, area: room.area, notes });
  const { size, cellSize } = fitted;
  const auto = rule && fitted.auto ? ruleAutoSize(rule, fitted.auto) : fitted.auto;
  if (rule && !auto) {
    const sizedBy = maze.cells !== undefined ? 'cells' : maze.passage !== undefined ? 'passage' : undefined;
    checkRuleSize(rule, size, sizedBy ? at(field(sizedBy)) : where);
  }
  if (rule && difficulty && ctx.spec['difficulty-model'] === undefined) {
    const difficultyAt = entry.series ? where : at(field('difficulty'));
    const sizes = auto ? { min: auto.min ?? auto.max, max: auto.max } : { min: size, max: size };
    checkRuleDifficulty(rule, difficulty, sizes, difficultyAt);
  }
  return { size, cellSize, auto, chosen: sized.chosen, notes };
}

/**
 * Checks passages the spec asked for (not chosen by mazebook) as drawn: adds a note for a passage narrower than
 * the floor or letters under the book's smallest text, and returns the floor miss. A mask that leaves (nearly)
 * nothing is found here too, so `validate` reports it.
 */
function checkDrawnPassages(
  ctx: PuzzleContext,
  f: MazeFields,
  p: {
    shape: TopologyName;
    size: PuzzleSize['size'];
    hexTop: HexTop | undefined;
    mask: PuzzlePlan['recipe']['mask'];
    fixed: Maze | undefined;
    room: PuzzleRoom;
    overlays: Overlays;
    sized: PuzzleSize;
  },
): PuzzlePlan['floorMiss'] {
  const { maze, field, at, where } = f;
  const { shape, size, hexTop, mask, fixed, room, sized } = p;
  const { picture, reveal, mazegram, letterCell } = p.overlays;
  const { floor, area } = room;
  const { notes, auto } = sized;
  const wall = ctx.theme.walls.width;
  let floorMiss: PuzzlePlan['floorMiss'];
  const drawn =
    picture?.tone || reveal ? undefined : drawnExtent(shape, size, hexTop, mask, fixed?.grid, where);
  if (drawn && !sized.chosen && !auto) {
    const clear = fitScale(drawn, area) * topologies[shape].narrowest - wall;
    if (clear < floor.clear - 0.01) {
      const what = `passages are ${mm(clear)} clear between walls at ${sizePhrase(shape, size)}, under the ${floor.from === 'min-passage' ? 'min-passage' : floor.audience === 'large-print' ? 'large-print floor' : `${floor.audience}' floor`} of ${mm(floor.clear)}; use ${topologies[shape].sizedBy === 'rings' ? 'fewer rings' : 'fewer cells'} or a wider passage`;
      notes.push(what);
      const sizeField = (['cells', 'rings', 'passage'] as const).find((k) => maze[k] !== undefined);
      floorMiss = { where: sizeField ? at(field(sizeField)) : where, what };
    }
  }
  if (drawn && !sized.chosen && !auto && mazegram) {
    const cell = fitScale(drawn, area) * topologies[shape].passage;
    if (cell < letterCell - 0.01) {
      notes.push(
        `the mazegram's letters are ${letterSize(mazegram, cell).toFixed(2)}pt at ${sizePhrase(shape, size)}, under the book's smallest text of ${ctx.floors.text}pt; use ${topologies[shape].sizedBy === 'rings' ? 'fewer rings' : 'fewer cells'} or a wider passage`,
      );
    }
  }
  return floorMiss;
}

/** Resolves a puzzle's title template (the page's, its section's, the book's or the default) and checks it. */
function resolveTitle(
  ctx: PuzzleContext,
  entry: PuzzleEntry,
  n: number,
  p: { shape: TopologyName; size: PuzzleSize['size']; algorithm: AlgorithmName },
): { title: PuzzlePlan['title']; usesRating: boolean } {
  const { spec: s, at } = ctx;
  const { page, i } = entry;
  const sectionTitle = entry.section?.defaults.title;
  const titleSource = page.title ?? sectionTitle ?? s.defaults?.title ?? `${ctx.words.maze} {{number}}`;
  const titlePlace =
    page.title !== undefined
      ? at(['pages', i, 'title'])
      : sectionTitle !== undefined && entry.section
        ? at(['pages', entry.section.page, 'defaults', 'title'])
        : s.defaults?.title
          ? at(['defaults', 'title'])
          : at(['pages', i]);
  const sample = puzzleTemplateVars(
    n + 1,
    n + 1,
    s.title,
    entry.key,
    p.shape,
    p.size,
    p.algorithm,
    ctx.words.locale,
    SAMPLE_RATING,
    entry.inSection,
  );
  return {
    title: checkTemplate(titleSource, titlePlace, sample),
    usesRating: /\{\{[^}]*\b(difficulty|level)\b/.test(titleSource),
  };
}

/**
 * The algorithms and post-processes a puzzle's candidates may vary over: none for a rule maze (only its size and
 * candidates vary), the one named or implied by its options, the weave algorithms, or every one its shape takes.
 */
function puzzleReach(
  maze: MazeSpec,
  shape: TopologyName,
  algorithm: AlgorithmName,
  p: { rule: PuzzlePlan['rule']; overlays: Overlays },
): PuzzlePlan['reach'] {
  const { picture, reveal } = p.overlays;
  return p.rule
    ? { algorithms: [], post: false }
    : {
        algorithms:
          picture ||
          reveal ||
          maze.algorithm !== undefined ||
          ALGORITHM_OPTIONS.some((o) => maze[o] !== undefined)
            ? [algorithm]
            : maze.weave !== undefined
              ? weaveAlgorithmNames
              : algorithmNames.filter((a) => !('squareOnly' in algorithmInfo[a]) || shape === 'square'),
        post: maze.post === undefined && maze.weave === undefined && reveal === undefined,
      };
}

/** What a puzzle knows of its section: its place, heading and the difficulty its `defaults` name. */
function sectionOf(section: Section, at: (path: FieldPath) => string): NonNullable<PuzzlePlan['section']> {
  const d = section.defaults.difficulty;
  return {
    index: section.index,
    heading: section.heading,
    where: at(['pages', section.page, 'section']),
    ...(d !== undefined ? { difficulty: resolveDifficulty(d) } : {}),
  };
}

/** A Finger Maze string from the spec, decoded; its errors point at the string with the column. */
function readFm(fm: string, own: MazeSpec, where: string): Maze {
  for (const k of ['shape', 'cells', 'rings', 'passage', 'mask', 'difficulty', 'candidates'] as const) {
    if (own[k] !== undefined && !(k === 'shape' && own.shape === 'square')) {
      throw new UserError(
        where,
        `fm: a Finger Maze string gives the whole square maze, so ${k} cannot be set with it`,
        `remove ${k}`,
      );
    }
  }
  try {
    return decodeFm(fm);
  } catch (e) {
    if (!(e instanceof CodecError)) throw e;
    throw new UserError(
      where,
      `fm: ${e.column !== undefined ? `column ${e.column}: ` : ''}${e.what}`,
      e.hint,
    );
  }
}

function resolvePost(step: NonNullable<MazeSpec['post']>[number]): PostStep {
  if (typeof step === 'string') return { name: step };
  if ('cross-cuts' in step) return { name: 'cross-cuts', count: step['cross-cuts'] };
  if ('loops' in step) return { name: 'loops', count: step.loops };
  return { name: 'braid', share: step.braid };
}

function resolveEnd(end: EndSpec | undefined): EndPlacement {
  if (end === undefined || end === 'auto') return { kind: 'auto' };
  if (end === 'centre' || end === 'center') return { kind: 'centre' };
  if (typeof end === 'string') return { kind: 'side', side: end, at: 0.5 };
  return { kind: 'side', side: end.side, at: end.at === undefined ? 0.5 : toFraction(end.at) };
}

const ALGORITHM_OPTIONS: readonly OptionName[] = ['straightness', 'newest', 'weights'];

/**
 * Refuses `weave` where it cannot be kept: on shapes other than square, with an algorithm that has no weave
 * variant, with a Finger Maze string, or with post-processes (none keeps the crossing rules).
 */
function checkWeave(
  algorithm: AlgorithmName,
  shape: string,
  maze: MazeSpec,
  fixed: boolean,
  field: (name: keyof MazeSpec) => FieldPath,
  at: (p: FieldPath) => string,
): void {
  if (shape !== 'square') {
    throw new UserError(
      at(field('weave')),
      `weave works on square mazes only, not ${shape}`,
      'remove weave or use shape: square',
    );
  }
  if (fixed) {
    throw new UserError(at(field('weave')), 'weave cannot be set with a Finger Maze string', 'remove weave');
  }
  const picture = (['tone', 'regions', 'route'] as const).find((name) => maze[name] !== undefined);
  if (picture) {
    throw new UserError(
      at(field('weave')),
      `weave cannot be set on a picture maze (${picture}): its cells are split by the picture and its walls drawn in their own widths`,
      `remove weave or ${picture}`,
    );
  }
  if (!('weave' in algorithmInfo[algorithm])) {
    throw new UserError(
      at(field('algorithm')),
      `${algorithm} cannot make weave mazes`,
      `with weave, choose one of ${weaveAlgorithmNames.join(', ')}`,
    );
  }
  for (const option of ['straightness', 'weights'] as const) {
    if (maze[option] === undefined) continue;
    throw new UserError(
      at(field(option)),
      `${option} does not apply to weave mazes`,
      `the weave walks choose among their ways evenly; remove ${option} or weave`,
    );
  }
  const refused = (maze.post ?? []).map(resolvePost).find((step) => !postKeepsWeave[step.name]);
  if (refused) {
    throw new UserError(
      at(field('post')),
      `post-process ${refused.name} cannot keep a weave maze's crossings`,
      'remove the post-process or weave',
    );
  }
}

/**
 * Refuses an option the chosen algorithm does not read, and a square-only algorithm on another shape.
 * An option from `defaults` that a page's own algorithm does not read is simply not used.
 */
function checkAlgorithm(
  algorithm: AlgorithmName,
  shape: string,
  masked: boolean,
  page: MazeSpec,
  defaults: MazeSpec,
  field: (name: keyof MazeSpec) => FieldPath,
  at: (p: FieldPath) => string,
): void {
  const info = algorithmInfo[algorithm];
  if ('squareOnly' in info && info.squareOnly && (shape !== 'square' || masked)) {
    throw new UserError(
      at(field('algorithm')),
      shape !== 'square'
        ? `${algorithm} works on square mazes only, not ${shape}`
        : `${algorithm} works row by row on a full rectangle, so not with a mask`,
      `choose one of ${algorithmNames.filter((n) => !('squareOnly' in algorithmInfo[n])).join(', ')}`,
    );
  }
  const algorithmFromPage = page.algorithm !== undefined;
  for (const option of ALGORITHM_OPTIONS) {
    const onPage = page[option] !== undefined;
    const inDefaults = defaults[option] !== undefined && !algorithmFromPage;
    if ((onPage || inDefaults) && !(info.options as readonly string[]).includes(option)) {
      const users = algorithmNames.filter((n) =>
        (algorithmInfo[n].options as readonly string[]).includes(option),
      );
      throw new UserError(
        at(field(option)),
        `${option} does not apply to algorithm ${algorithm}`,
        `${option} is read by ${users.join(', ')}; remove it or change the algorithm`,
      );
    }
  }
}

/**
 * Cells a puzzle may generate, candidates counted: the book's work estimate. An automatic size counts the
 * cells its target asks for by the size model of docs/difficulty.md (about 100 cells score 4.3, one point more
 * per e-fold of cells), with room for the search to overshoot, within the page's largest size.
 */
export function cellsToGenerate(p: PuzzlePlan): number {
  const topo = topologies[p.recipe.shape];
  if (p.recipe.fixed) return topo.count(p.recipe.size);
  const tone = p.recipe.picture?.tone;
  if (tone) return toneCellsAtMost(p.recipe.size, tone.levels) * p.candidates;
  let cells = topo.count(p.recipe.size);
  if (p.autoSize && p.difficulty) {
    const wanted = 2 * cellsForScore(p.difficulty.max);
    cells = Math.min(topo.count(p.autoSize.max), Math.max(cells, wanted));
  }
  return cells * p.candidates;
}
