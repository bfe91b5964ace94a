import { basename, dirname } from 'node:path';
import { type DifficultyLabel, LABEL_BANDS } from '../analyze/rate.js';
import { CodecError } from '../codec/codec-error.js';
import { decodeFm } from '../codec/fm.js';
import type { EndPlacement } from '../generate/entry-exit.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import type { PostStep } from '../generate/post/registry.js';
import { type AlgorithmName, algorithmInfo, algorithmNames, type OptionName } from '../generate/registry.js';
import {
  type GridSize,
  type HexTop,
  type TopologyInfo,
  type TopologyName,
  topologies,
} from '../grid/registry.js';
import type { MaskShape } from '../mask/shape.js';
import { type Language, language } from '../mazegram/languages.js';
import { messageLetters } from '../mazegram/place.js';
import { deriveSeed } from '../random/derive-seed.js';
import { murmur3 } from '../random/murmur3.js';
import type { Seed128 } from '../random/sfc32.js';
import { UserError } from '../spec/errors.js';
import { LIMITS } from '../spec/limits.js';
import { PAPER_PRESETS, parsePaperName } from '../spec/paper.js';
import type { FieldPath, LoadedYaml } from '../spec/parse.js';
import type { BookSpec, EndSpec, MazeSpec } from '../spec/schema.js';
import { closest } from '../spec/suggest.js';
import { toFraction, toPoints } from '../spec/units.js';
import { type FontFace, missingCharacters } from '../text/fonts.js';
import { compileTemplate, type Template } from '../text/template.js';
import { type Margins, type PuzzlePageGeometry, sheetGeometry } from './page-geometry.js';
import { defaultPathPolicy } from './paths.js';
import { type PrintPlan, resolvePrint } from './print.js';
import { type MaskContext, resolveFont, resolveMask } from './resolve-mask.js';
import { loadTheme, type Theme } from './theme.js';
import { type Words, wordsFor } from './words.js';

/** One puzzle, fully decided: its key, seed, recipe and the size it will be drawn at. */
export interface PuzzlePlan {
  /** Stable key: the page's `id`, or one derived from its maze options (see docs/spec.md). */
  key: string;
  /** 1-based puzzle number in book order. */
  number: number;
  /** Spec place of the page, for messages. */
  where: string;
  seed: Seed128;
  title: Template;
  recipe: MazeRecipe;
  /** Passage width (a cell's inscribed diameter) on the puzzle page, in points, before masking. */
  cellSize: number;
  /** The difficulty band to aim for, when the spec sets one (or the page is part of a series). */
  difficulty?: DifficultyTarget;
  /** Mazes to generate (from candidate seeds 0, 1, …) to meet the difficulty; 1 without a target. */
  candidates: number;
  /** `cells: auto` / `rings: auto`: the largest size the page allows; the builder searches up to it. */
  autoSize?: { max: GridSize };
  /** The message this maze spells, resolved and checked (letters of the language, glyphs of the font). */
  mazegram?: MazegramPlan;
  /** The section the puzzle belongs to, if the book has sections. */
  section?: { index: number; heading: string };
  /** The title template uses the rating ({{difficulty}} or {{level}}). */
  usesRating: boolean;
  /** Part of a series: the spec page it comes from and its place in the series. */
  series?: { page: number; index: number; count: number };
}

export interface MazegramPlan {
  message: string;
  language: Language;
  fill: number | 'auto';
  case: 'upper' | 'lower' | 'keep';
  font: FontFace;
  /** Letters the solution must hold. */
  letters: number;
  /** The message as shown (after `case`) and its words. */
  shown: string;
  words: string[];
  /** Draw answer blanks under the maze. */
  blanks: boolean;
}

/** A band on the 1–10 difficulty scale and how the spec named it (a label, a score, or a range). */
export interface DifficultyTarget {
  min: number;
  max: number;
  name: string;
}

/** Front matter pages; instructions are rendered here, as nothing in them depends on the layout. */
export type FrontPage =
  | { kind: 'title' }
  | { kind: 'contents' }
  | { kind: 'copyright'; text: string; where: string }
  | { kind: 'instructions'; heading: string; text: string; where: string };

/** The whole book decided, with every length in points; the input to generation and layout. */
export interface BookPlan {
  specFile: string;
  /** `file:line:col` of a spec field, for messages from later stages. */
  placeOf: (path: FieldPath) => string;
  title: string;
  subtitle?: string;
  author?: string;
  seed: number;
  date: Date;
  paper: { width: number; height: number };
  margins: Margins;
  theme: Theme;
  geometry: PuzzlePageGeometry;
  front: FrontPage[];
  puzzles: PuzzlePlan[];
  solutions: {
    appendix: boolean;
    /** `solutions: inline`: each puzzle page is followed by its answers (the back of the sheet). */
    inline: boolean;
    perPage: number;
    title: string;
    style: 'line' | 'dashed' | 'highlight';
  };
  /** Mazes per puzzle page (activity sheets when above 1), and whether pages carry name/date lines. */
  perPage: number;
  nameDate: boolean;
  /** Bleed, facing-page margins, colour space and the print profile's rules. */
  print: PrintPlan;
  /** Built-in words in the book's language. */
  words: Words;
  /** What to show under each puzzle title. */
  showDifficulty: 'none' | 'stars' | 'label';
}

export interface PlanOptions {
  /** Replaces the spec's seed (`--seed`). */
  seed?: number;
  /** Seconds since 1970 for the PDF dates when the spec gives no `date` (the SOURCE_DATE_EPOCH convention). */
  sourceDateEpoch?: number;
  /** Accept theme and font files from any folder. */
  allowAnyPath?: boolean;
  /** Image masks decoded beforehand by `preloadImageMasks` (needed when the spec has any). */
  images?: ReadonlyMap<string, MaskShape>;
}

const DEFAULT_SEED = 1;
/** Used when neither the spec nor SOURCE_DATE_EPOCH fixes a date, so builds stay reproducible. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));
const DEFAULT_PASSAGE = '8mm';
const DEFAULT_MARGIN = '15mm';
const DEFAULT_CANDIDATES = 8;
/** Half-width of the band around a single target score. */
const SCORE_TOLERANCE = 0.3;
/** A rating with every field, for checking templates before any maze exists. */
const SAMPLE_RATING = { score: 5.5, label: 'medium' } as const;

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

function resolveMazegram(
  m: NonNullable<MazeSpec['mazegram']>,
  field: FieldPath,
  at: (p: FieldPath) => string,
  ctx: MaskContext,
): MazegramPlan {
  const spec = typeof m === 'string' ? { message: m } : m;
  const where = at(typeof m === 'string' ? field : [...field, 'message']);
  const lang = language(spec.language ?? 'en');
  const mode = spec.case ?? 'upper';
  const { letters, words, shown } = messageLetters(spec.message, lang, mode, where);
  const fontWhere = typeof m === 'object' && m.font ? at([...field, 'font']) : where;
  const font = resolveFont(typeof m === 'object' ? m.font : undefined, ctx, fontWhere);
  // Every letter the maze may show: the message's and the language's decoys.
  const decoys = lang.letters.map((l) => (mode === 'lower' ? l.toLocaleLowerCase() : l)).join('');
  const missing = missingCharacters(font, shown + decoys);
  if (missing.length > 0) {
    throw new UserError(
      fontWhere,
      `mazegram: the font ${basename(font.path)} has no glyph for ${missing.map((c) => `"${c}"`).join(', ')}`,
      'choose a font that covers the language (lato and lato-bold cover all the mazegram languages)',
    );
  }
  return {
    message: spec.message,
    language: lang,
    fill: spec.fill === undefined || spec.fill === 'auto' ? 'auto' : toFraction(spec.fill),
    case: mode,
    font,
    letters: letters.length,
    shown,
    words,
    blanks: typeof m === 'object' ? (m.blanks ?? true) : true,
  };
}

/** A label's band centre, or the score itself. */
export function levelScore(level: DifficultyLabel | number): number {
  if (typeof level === 'number') return level;
  const [lo, hi] = LABEL_BANDS[level];
  return (lo + Math.min(hi, 10)) / 2;
}

function resolveDifficulty(d: NonNullable<MazeSpec['difficulty']>): DifficultyTarget {
  if (typeof d === 'string') {
    const [min, max] = LABEL_BANDS[d];
    return { min, max: Math.min(max, 10), name: d };
  }
  if (typeof d === 'number')
    return { min: d - SCORE_TOLERANCE, max: d + SCORE_TOLERANCE, name: d.toFixed(1) };
  return { min: d.min, max: d.max, name: `${d.min}–${d.max}` };
}

/** Page j of a series aims at its share of the way from `from` to `to`. */
function seriesTarget(sr: { index: number; count: number; from: number; to: number }): DifficultyTarget {
  const t = sr.from + ((sr.to - sr.from) * sr.index) / (sr.count - 1);
  return { min: t - SCORE_TOLERANCE, max: t + SCORE_TOLERANCE, name: t.toFixed(1) };
}

/** Expands defaults, resolves units, paper and theme, and gives every puzzle its key and seed. */
export function planBook(spec: LoadedYaml<BookSpec>, options: PlanOptions = {}): BookPlan {
  const s = spec.value;
  const at = spec.placeOf;
  checkUniqueIds(spec);
  const policy = defaultPathPolicy(dirname(spec.file), options.allowAnyPath);
  const theme = loadTheme(
    s.theme ?? 'classic',
    dirname(spec.file),
    policy,
    s.theme ? at(['theme']) : spec.file,
  );

  const paper = resolvePaper(s, at);
  const print = resolvePrint(s, expectedPages(s), toPoints(DEFAULT_MARGIN));
  const words = wordsFor(s.locale ?? 'en');
  const margins = print.margins;
  const perPage = s['per-page'] ?? 1;
  const nameDate = s['name-date'] ?? false;
  const geometry = sheetGeometry(paper.width, paper.height, margins, theme, perPage, nameDate);
  if (geometry.mazeArea.width < 36 || geometry.mazeArea.height < 36) {
    throw new UserError(
      s.margins !== undefined ? at(['margins']) : at(['paper']),
      `the margins leave no room for a maze on ${Math.round(paper.width)}×${Math.round(paper.height)}pt paper`,
      'use smaller margins or larger paper',
    );
  }

  const front: FrontPage[] = (s.front ?? ['title-page']).map((item, i): FrontPage => {
    if (item === 'title-page') return { kind: 'title' };
    if (item === 'contents') return { kind: 'contents' };
    if ('copyright' in item) {
      const date = resolveDate(s.date, options.sourceDateEpoch);
      const vars = {
        book: s.title,
        author: s.author ?? '',
        seed: options.seed ?? s.seed ?? DEFAULT_SEED,
        year: date.getUTCFullYear(),
      };
      return {
        kind: 'copyright',
        where: at(['front', i]),
        text: compileTemplate(item.copyright, at(['front', i, 'copyright']), vars)(vars),
      };
    }
    const sample = {
      book: s.title,
      author: s.author ?? '',
      puzzles: s.pages.length,
      start: words.start,
      finish: words.finish,
    };
    return {
      kind: 'instructions',
      heading: item.heading ?? words.howToPlay,
      where: at(['front', i]),
      text: compileTemplate(item.instructions, at(['front', i, 'instructions']), sample)(sample),
    };
  });

  const maskContext: MaskContext = {
    specDir: dirname(spec.file),
    policy,
    theme,
    images: options.images ?? new Map(),
  };
  const keys = pageKeys(s);
  const seed = options.seed ?? s.seed ?? DEFAULT_SEED;
  // Every page entry becomes one puzzle, or `count` puzzles for a series.
  interface Entry {
    page: BookSpec['pages'][number];
    i: number;
    spec: MazeSpec;
    part: 'maze' | 'series';
    key: string;
    series?: { index: number; count: number; from: number; to: number };
    section?: { index: number; heading: string; defaults: MazeSpec & { title?: string } };
  }
  let section: { index: number; heading: string; defaults: MazeSpec & { title?: string } } | undefined;
  let sectionCount = 0;
  const entries = s.pages.flatMap((page, i): Entry[] => {
    if (page.section !== undefined) {
      section = { index: sectionCount++, heading: page.section, defaults: page.defaults ?? {} };
      return [];
    }
    const here = section;
    if (!page.series)
      return [
        { page, i, spec: { ...here?.defaults, ...page.maze }, part: 'maze', key: keys[i], section: here },
      ];
    const { count, from, to, ...rest } = page.series;
    return Array.from({ length: count }, (_, j) => ({
      page,
      i,
      // A series takes its difficulty from `from` and `to`, not from its section's defaults.
      spec: { ...here?.defaults, difficulty: undefined, ...rest },
      section: here,
      part: 'series',
      key: `${keys[i]}-${j + 1}`,
      series: { index: j, count, from: levelScore(from), to: levelScore(to) },
    }));
  });
  const puzzles = entries.map((entry, n): PuzzlePlan => {
    const { page, i, spec: own, part } = entry;
    const where = at(['pages', i]);
    const maze: MazeSpec = { ...s.defaults, ...own };
    // A page that sizes itself (by cells, rings or passage) overrides every way of sizing from the defaults.
    const sizing = ['cells', 'rings', 'passage'] as const;
    const ownSizing = sizing.filter((k) => own[k] !== undefined);
    if (ownSizing.length > 0) for (const k of sizing) if (!ownSizing.includes(k)) delete maze[k];
    const field = (name: keyof MazeSpec): FieldPath =>
      own[name] !== undefined ? ['pages', i, part, name] : ['defaults', name];
    const fixed = maze.fm === undefined ? undefined : readFm(maze.fm, own, at(field('fm')));
    if (fixed) {
      // A hand-made maze brings its own size; sizing and generation fields do not apply.
      for (const k of ['cells', 'rings', 'passage', 'mask', 'difficulty', 'candidates'] as const)
        delete maze[k];
      maze.cells = [fixed.grid.width, fixed.grid.height];
    }
    const shape = maze.shape ?? 'square';
    const mask = resolveMask(maze.mask, field('mask'), at, maskContext);
    const hexTop = shape === 'hex' ? (maze['hex-top'] ?? 'pointy') : undefined;
    if (maze['hex-top'] !== undefined && shape !== 'hex' && own['hex-top'] !== undefined) {
      throw new UserError(at(field('hex-top')), `hex-top applies to hex mazes only, not ${shape}`);
    }
    if (entry.series && page.series?.difficulty !== undefined) {
      throw new UserError(
        at(['pages', i, 'series', 'difficulty']),
        'a series takes its difficulty from `from` and `to`',
        'remove difficulty from the series',
      );
    }
    const difficulty = entry.series
      ? seriesTarget(entry.series)
      : maze.difficulty !== undefined
        ? resolveDifficulty(maze.difficulty)
        : undefined;
    const { size, cellSize, auto } = resolveSize(
      maze,
      shape,
      hexTop,
      mask?.shape.aspect,
      geometry,
      theme,
      (name) => at(field(name)),
      where,
    );
    if (auto && !difficulty) {
      throw new UserError(
        at(field(maze.cells === 'auto' ? 'cells' : 'rings')),
        `${maze.cells === 'auto' ? 'cells' : 'rings'}: auto needs a difficulty to aim for`,
        'add difficulty: easy, medium, hard, expert or a score, or give the size',
      );
    }
    const algorithm = maze.algorithm ?? 'backtracker';
    checkAlgorithm(algorithm, shape, own, s.defaults ?? {}, field, at);
    const mazegram =
      maze.mazegram === undefined
        ? undefined
        : resolveMazegram(maze.mazegram, field('mazegram'), at, maskContext);
    const sectionTitle = entry.section?.defaults.title;
    const titleSource = page.title ?? sectionTitle ?? s.defaults?.title ?? `${words.maze} {{number}}`;
    const titlePlace =
      page.title !== undefined
        ? at(['pages', i, 'title'])
        : sectionTitle !== undefined
          ? where
          : s.defaults?.title
            ? at(['defaults', 'title'])
            : where;
    const sample = puzzleTemplateVars(
      n + 1,
      n + 1,
      s.title,
      entry.key,
      shape,
      size,
      algorithm,
      SAMPLE_RATING,
    );
    return {
      key: entry.key,
      number: n + 1,
      where,
      seed: deriveSeed(seed, entry.key, 0),
      title: compileTemplate(titleSource, titlePlace, sample),
      usesRating: /\{\{[^}]*\b(difficulty|level)\b/.test(titleSource),
      recipe: {
        shape,
        size,
        ...(hexTop ? { hexTop } : {}),
        ...(mask ? { mask } : {}),
        algorithm,
        options: { straightness: maze.straightness ?? 0, newest: maze.newest, weights: maze.weights },
        entry: resolveEnd(maze.entry),
        exit: resolveEnd(maze.exit),
        post: fixed ? [] : (maze.post ?? []).map(resolvePost),
        ...(fixed ? { fixed } : {}),
      },
      cellSize,
      ...(difficulty ? { difficulty, candidates: maze.candidates ?? DEFAULT_CANDIDATES } : { candidates: 1 }),
      ...(auto ? { autoSize: auto } : {}),
      ...(mazegram ? { mazegram } : {}),
      ...(entry.series ? { series: { page: i, index: entry.series.index, count: entry.series.count } } : {}),
      ...(entry.section ? { section: { index: entry.section.index, heading: entry.section.heading } } : {}),
    };
  });

  const sol = s.solutions;
  const solutions: BookPlan['solutions'] = {
    appendix:
      sol === undefined
        ? true
        : typeof sol === 'boolean'
          ? sol
          : sol === 'inline'
            ? false
            : (sol.appendix ?? true),
    inline: sol === 'inline',
    perPage: typeof sol === 'object' ? (sol['per-page'] ?? 6) : 6,
    title: typeof sol === 'object' ? (sol.title ?? words.solutions) : words.solutions,
    style: typeof sol === 'object' ? (sol.style ?? 'line') : 'line',
  };
  const sheets = Math.ceil(puzzles.length / perPage);
  const answerPages = solutions.appendix
    ? Math.ceil(puzzles.length / solutions.perPage)
    : solutions.inline
      ? sheets
      : 0;
  if (puzzles.length > LIMITS.maxPages) {
    throw new UserError(
      at(['pages']),
      `the series expand to ${puzzles.length} puzzles; the limit is ${LIMITS.maxPages}`,
      'use smaller counts or split the book into volumes',
    );
  }
  const pageCount = front.length + sheets + answerPages;
  if (pageCount > LIMITS.maxPages) {
    throw new UserError(
      at(['pages']),
      `the book would have ${pageCount} pages; the limit is ${LIMITS.maxPages}`,
      'split it into volumes',
    );
  }

  return {
    specFile: spec.file,
    placeOf: at,
    title: s.title,
    subtitle: s.subtitle,
    author: s.author,
    seed,
    date: resolveDate(s.date, options.sourceDateEpoch),
    paper,
    margins,
    theme,
    geometry,
    front,
    puzzles,
    solutions,
    showDifficulty: s['show-difficulty'] ?? 'none',
    perPage,
    nameDate,
    print,
    words,
  };
}

/** Pages the book will have, before it is planned in detail (for the gutter rule). */
function expectedPages(s: BookSpec): number {
  const front = (s.front ?? ['title-page']).length;
  const puzzles = s.pages.reduce((n, p) => n + (p.series ? p.series.count : 1), 0);
  const sheets = Math.ceil(puzzles / (s['per-page'] ?? 1));
  const sol = s.solutions;
  const appendix = sol === undefined || sol === true || (typeof sol === 'object' && sol.appendix !== false);
  const perPage = typeof sol === 'object' ? (sol['per-page'] ?? 6) : 6;
  return front + sheets + (appendix ? Math.ceil(puzzles / perPage) : sol === 'inline' ? sheets : 0);
}

function resolvePaper(s: BookSpec, at: (p: FieldPath) => string): { width: number; height: number } {
  let size: readonly [number, number];
  if (s.paper === undefined) size = PAPER_PRESETS.a4;
  else if (typeof s.paper === 'string') {
    const parsed = parsePaperName(s.paper);
    if (!parsed) {
      const guess = closest(s.paper.toLowerCase(), Object.keys(PAPER_PRESETS));
      throw new UserError(
        at(['paper']),
        `unknown paper "${s.paper}"`,
        `${guess ? `did you mean "${guess}"? ` : ''}presets: ${Object.keys(PAPER_PRESETS).join(', ')}; or a size such as 8.5x11in or 210x297mm`,
      );
    }
    size = parsed;
  } else size = [toPoints(s.paper.width), toPoints(s.paper.height)];
  let [width, height] = size;
  // Presets are portrait; an explicit size keeps its own orientation unless `orientation` says otherwise.
  const landscape = s.orientation ? s.orientation === 'landscape' : width > height;
  if (landscape !== width > height) [width, height] = [height, width];
  for (const side of [width, height]) {
    if (side < 72 || side > LIMITS.maxPaperSide) {
      throw new UserError(
        at(['paper']),
        `paper side of ${side.toFixed(1)}pt is outside the usable range 72pt (1in) to ${LIMITS.maxPaperSide}pt (200in)`,
      );
    }
  }
  return { width, height };
}

function resolveDate(date: string | undefined, epoch: number | undefined): Date {
  if (date) return new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  if (epoch !== undefined) return new Date(epoch * 1000);
  return FIXED_DATE;
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

/**
 * The grid size and the passage width in points: from `cells`/`rings` (scaled to fill the maze area) or from
 * `passage` (as many cells as fit). With a mask that keeps its proportions, the passage-sized grid covers
 * just the shape's box, so the masked maze fills the frame. Refuses sizes over the cell limit, a sizing that
 * does not suit the shape, and passages too narrow to print for the theme's wall width.
 */
function resolveSize(
  maze: MazeSpec,
  shape: TopologyName,
  hexTop: HexTop | undefined,
  aspect: number | undefined,
  geometry: PuzzlePageGeometry,
  theme: Theme,
  at: (name: keyof MazeSpec) => string,
  where: string,
): { size: GridSize; cellSize: number; auto?: { max: GridSize } } {
  const topo: TopologyInfo = topologies[shape];
  const area = geometry.mazeArea;
  const minCell = Math.max(3 * theme.walls.width, 4);
  if (maze.cells === 'auto' || maze.rings === 'auto') {
    // The builder searches sizes for the difficulty; here: the largest the page allows and a start.
    const box = (unit: number): GridSize => {
      let { width, height } = area;
      if (aspect !== undefined) {
        if (width / height > aspect) width = height * aspect;
        else height = width / aspect;
      }
      return topo.fit(width / unit, height / unit, hexTop);
    };
    const max = box(minCell / topo.passage);
    while (topo.count(max) > LIMITS.maxCells) {
      max.columns = Math.floor(max.columns * 0.9);
      max.rows = Math.floor(max.rows * 0.9);
    }
    const start = box(toPoints(DEFAULT_PASSAGE) / topo.passage);
    const size = { columns: Math.max(2, start.columns), rows: Math.max(2, start.rows) };
    const ext = topo.extent(size, hexTop);
    const unit = Math.min(area.width / ext.width, area.height / ext.height);
    return { size, cellSize: unit * topo.passage, auto: { max } };
  }
  const wrong = topo.sizedBy === 'rings' ? 'cells' : 'rings';
  if (maze[wrong] !== undefined) {
    throw new UserError(
      at(wrong),
      `${shape} mazes are sized by ${topo.sizedBy}, not ${wrong}`,
      `use ${topo.sizedBy}: … or passage: …`,
    );
  }
  let size: GridSize;
  let unit: number; // points per grid unit
  let place: string;
  if (maze.cells !== undefined || maze.rings !== undefined) {
    if (typeof maze.rings === 'number') size = { columns: maze.rings, rows: maze.rings };
    else {
      const cells = maze.cells as number | [number, number];
      const [columns, rows] = typeof cells === 'number' ? [cells, cells] : cells;
      size = { columns, rows };
    }
    const ext = topo.extent(size, hexTop);
    unit = Math.min(area.width / ext.width, area.height / ext.height);
    place = at(maze.rings !== undefined ? 'rings' : 'cells');
  } else {
    unit = toPoints(maze.passage ?? DEFAULT_PASSAGE) / topo.passage;
    let { width, height } = area;
    if (aspect !== undefined) {
      if (width / height > aspect) width = height * aspect;
      else height = width / aspect;
    }
    size = topo.fit(width / unit, height / unit, hexTop);
    place = maze.passage !== undefined ? at('passage') : where;
    if (size.columns < 2 || size.rows < 2) {
      throw new UserError(
        place,
        `a passage of ${(unit * topo.passage).toFixed(1)}pt leaves room for only ${sizePhrase(shape, size)} in the ${area.width.toFixed(0)}×${area.height.toFixed(0)}pt maze area`,
        'use a smaller passage',
      );
    }
  }
  const count = topo.count(size);
  if (count > LIMITS.maxCells || Math.max(size.columns, size.rows) > LIMITS.maxSide) {
    throw new UserError(
      place,
      `${sizePhrase(shape, size)} = ${count} cells is over the limit of ${LIMITS.maxCells} cells (${LIMITS.maxSide} a side) per maze`,
    );
  }
  const cellSize = unit * topo.passage;
  if (cellSize < minCell) {
    throw new UserError(
      place,
      `${sizePhrase(shape, size)} would leave passages ${cellSize.toFixed(2)}pt wide in the ${area.width.toFixed(0)}×${area.height.toFixed(0)}pt maze area; theme "${theme.name}" (walls ${theme.walls.width}pt) needs at least ${minCell.toFixed(1)}pt`,
      'use fewer cells, larger paper, smaller margins, or a theme with thinner walls',
    );
  }
  return { size, cellSize };
}

function sizePhrase(shape: TopologyName, size: GridSize): string {
  const label = sizeLabel(shape, size);
  return topologies[shape].sizedBy === 'rings' ? label : `${label} cells`;
}

/** A size as authors write it: `12×16` cells, or `9 rings`. */
export function sizeLabel(shape: TopologyName, size: GridSize): string {
  return topologies[shape].sizedBy === 'rings' ? `${size.rows} rings` : `${size.columns}×${size.rows}`;
}

const encoder = new TextEncoder();

/** Key order-independent JSON, so `{a, b}` and `{b, a}` give the same page key. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A page's key is its `id`; otherwise `m<hash>` of the maze options it writes itself (title aside), with
 * `-2`, `-3`… for later pages that write the same options. Editing, inserting or moving one page therefore
 * leaves the other pages' mazes alone (except pages identical to the one inserted, which renumber).
 */
function pageKeys(s: BookSpec): string[] {
  const seen = new Map<string, number>();
  const ids = new Set(s.pages.map((p) => p.id).filter((id) => id !== undefined));
  return s.pages.map((page) => {
    if (page.section !== undefined) return '';
    if (page.id !== undefined) return page.id;
    const what = page.series ? { series: page.series } : (page.maze ?? {});
    const base = `${page.series ? 's' : 'm'}${murmur3(encoder.encode(canonicalJson(what)), 0)
      .toString(16)
      .padStart(8, '0')}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const key = n === 1 ? base : `${base}-${n}`;
    return ids.has(key) ? `${key}~` : key;
  });
}

function checkUniqueIds(spec: LoadedYaml<BookSpec>): void {
  const first = new Map<string, number>();
  spec.value.pages.forEach((page, i) => {
    if (page.id === undefined) return;
    const prev = first.get(page.id);
    if (prev !== undefined) {
      throw new UserError(
        spec.placeOf(['pages', i, 'id']),
        `page id "${page.id}" is already used by pages[${prev}]`,
        'every page id must be unique',
      );
    }
    first.set(page.id, i);
  });
}

const ALGORITHM_OPTIONS: readonly OptionName[] = ['straightness', 'newest', 'weights'];

/**
 * Refuses an option the chosen algorithm does not read, and a square-only algorithm on another shape.
 * An option from `defaults` that a page's own algorithm does not read is simply not used.
 */
function checkAlgorithm(
  algorithm: AlgorithmName,
  shape: string,
  page: MazeSpec,
  defaults: MazeSpec,
  field: (name: keyof MazeSpec) => FieldPath,
  at: (p: FieldPath) => string,
): void {
  const info = algorithmInfo[algorithm];
  if ('squareOnly' in info && info.squareOnly && shape !== 'square') {
    throw new UserError(
      at(field('algorithm')),
      `${algorithm} works on square mazes only, not ${shape}`,
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

/** The variables a puzzle title template may use (see docs/spec.md, Templates). */
export function puzzleTemplateVars(
  number: number,
  page: number,
  book: string,
  key: string,
  shape: TopologyName,
  size: GridSize,
  algorithm: string,
  rating?: { score: number; label: string },
) {
  const { columns, rows } = size;
  return {
    number,
    page,
    book,
    key,
    shape,
    size: sizeLabel(shape, size),
    columns,
    rows,
    algorithm,
    difficulty: rating ? rating.score.toFixed(1) : '',
    level: rating?.label ?? '',
    blanks: '',
  };
}
