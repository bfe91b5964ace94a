import { LIMITS } from '../base/limits.js';
import { topologies } from '../grid/registry.js';
import { WEAVE_INSET } from '../grid/weave.js';
import type { BookPlan } from '../plan/book-plan.js';
import { bandUnderMaze, gridClearIn, puzzleMazeArea } from '../plan/page-geometry.js';
import type { Rect } from '../plan/rect.js';
import { RULE_SYMBOL_SHARE } from '../plan/resolve-rule.js';
import { answerLabel } from '../plan/words.js';
import { capHeight } from '../text/fonts.js';
import { ANSWER_KEY, type AnswerWeights, answerWeights } from './answer-key-style.js';
import { letterCapHeight } from './draw-letters.js';
import { fitGrid } from './draw-maze.js';
import type { PuzzleForLayout } from './puzzle-for-layout.js';
import { pageGeometry } from './puzzle-pages.js';
import { type FittedText, fitLine, fitText, textDoesNotFit } from './text-items.js';

/**
 * The answer appendix as a whole: which puzzles share a page, how each page's thumbnails are arranged, and
 * the scale each is drawn at.
 *
 * - A page holds `solutions.per-page` thumbnails at most, in a grid of columns × rows chosen once per count
 *   for the whole appendix (the arrangement that draws the book's mazes largest, among those that leave no
 *   row or column empty).
 * - Alike mazes (the same tiling, size and outline) form a group, drawn at one scale throughout the
 *   appendix: the largest at which every one of them fits the slot it lands in.
 * - A group's capacity is the largest count at which its thumbnails read ({@link minAnswerPassage} between
 *   wall centres, {@link MIN_WEAVE_ANSWER_PASSAGE_MM} for a weave, the route {@link ANSWER_KEY} `routeToWall` walls wide within its share of the passage and
 *   of the narrowest door, its label and a mazegram's message set at the book's text floor or larger, the message's letters
 *   at least {@link MIN_ANSWER_LETTER} and the floor), judged at the smallest scale at which each of its
 *   mazes fits the slots of that count and of every smaller one: whatever page it lands on, it is drawn at
 *   least that large. A mazegram whose letters reach that size in no slot is drawn without them (its message
 *   is written under the drawing, as always).
 * - Pages are filled in puzzle order, each holding as many thumbnails as the least capacity of those on it;
 *   a page with fewer (the last, or one before a finer maze) takes the smallest grid that holds them, its
 *   thumbnails at their groups' scales all the same.
 */

/** Thumbnails an answer page may hold: the values of `solutions.per-page`. */
export const ANSWER_COUNTS = [1, 2, 3, 4, 6, 8, 9, 12] as const;
export type AnswerCount = (typeof ANSWER_COUNTS)[number];

/** Smallest mazegram letter on an answer thumbnail, in points (raised to the book's text floor). */
export const MIN_ANSWER_LETTER = 5;

/** Narrowest passage (wall centre to wall centre) of an answer thumbnail, in mm: finer, a key turns to stripes. */
export const MIN_ANSWER_PASSAGE_MM = 1.75;

/**
 * A weave maze's answer thumbnail keeps passages at least this wide, in mm: its corridors are drawn inset
 * (to 1 − 2 × WEAVE_INSET of the passage, 2.2 mm here) and every crossing adds a bridge's two lines, so a
 * long route through a dense weave turns to a tangle well before a plain maze turns to stripes.
 */
export const MIN_WEAVE_ANSWER_PASSAGE_MM = 3.5;

/** Large print: answer thumbnails keep passages at least this wide, in mm. */
export const LARGE_PRINT_ANSWER_PASSAGE_MM = 4;

/** The most mazegram message lines under a thumbnail. */
const MESSAGE_LINES = 3;

const MM = 72 / 25.4;

/** The narrowest passage an answer thumbnail may have in this book, in points. */
export function minAnswerPassage(book: BookPlan): number {
  return (book.floor.audience === 'large-print' ? LARGE_PRINT_ANSWER_PASSAGE_MM : MIN_ANSWER_PASSAGE_MM) * MM;
}

/** The grids (columns × rows) holding `n` thumbnails with no empty row or column, at most four a side. */
export function answerGrids(n: number): [number, number][] {
  const grids: [number, number][] = [];
  for (let cols = 1; cols <= Math.min(n, 4); cols++) {
    const rows = Math.ceil(n / cols);
    if (rows <= 4 && (cols - 1) * rows < n) grids.push([cols, rows]);
  }
  return grids;
}

/** One thumbnail as placed: its puzzle, slot, the rectangle the drawing is fitted to, scale and texts. */
export interface AnswerThumb {
  puzzle: PuzzleForLayout;
  slot: Rect;
  /** Where the drawing may go (under the label line, over the message); drawn top-aligned, centred across. */
  maze: Rect;
  /** Points per grid unit, the same for every alike maze of the appendix. */
  scale: number;
  /**
   * Draw the mazegram's letters, or a rule maze's symbols (false where they would be under the floor in any
   * slot).
   */
  letters: boolean;
  /** A mazegram's message as set under the drawing. */
  message?: FittedText;
}

export interface AnswerPageLayout {
  /** Thumbnails the page's grid holds (its columns × rows may hold more). */
  count: AnswerCount;
  grid: [number, number];
  thumbs: AnswerThumb[];
}

/** What the appendix decides once: each count's grid, and every group's scale and capacity. */
interface Arrangement {
  grids: Map<number, [number, number]>;
  counts: AnswerCount[];
}

/** The area of an answer page the thumbnails share: below the heading, above the folio's band. */
function answerArea(book: BookPlan): Rect {
  const { theme, geometry } = book;
  const top = geometry.titleBaseline + theme.sizes.heading;
  return {
    x: geometry.content.x,
    y: top,
    width: geometry.content.width,
    height: geometry.folioBaseline - theme.sizes.folio * 2 - top,
  };
}

/** The slots of a grid on an answer page, in reading order. */
export function gridSlots(book: BookPlan, [cols, rows]: [number, number]): Rect[] {
  const area = answerArea(book);
  const gutter = book.theme.sizes.label * 1.5;
  const w = (area.width - gutter * (cols - 1)) / cols;
  const h = (area.height - gutter * (rows - 1)) / rows;
  return Array.from({ length: cols * rows }, (_, i) => ({
    x: area.x + (i % cols) * (w + gutter),
    y: area.y + Math.floor(i / cols) * (h + gutter),
    width: w,
    height: h,
  }));
}

/** Height of the line a thumbnail's label takes above its drawing, in points. */
function labelBand(book: BookPlan): number {
  return book.theme.sizes.label * 1.8;
}

/** Line height of a mazegram's message under its drawing, as a share of its size. */
export const MESSAGE_LEADING = 1.25;

/** A mazegram's message set under a thumbnail `width` wide (undefined when it cannot be). */
function fitMessage(book: BookPlan, p: PuzzleForLayout, width: number): FittedText | undefined {
  const message = p.mazegram?.message;
  if (message === undefined) return undefined;
  const { theme, floors } = book;
  return fitText(theme, message, 'body', theme.sizes.label, floors.text, width, (n) => n <= MESSAGE_LINES);
}

/** The band a message takes under the drawing: its lines and a gap above them. */
function messageBand(book: BookPlan, message: FittedText | undefined): number {
  if (!message) return 0;
  return book.theme.sizes.label * 0.6 + message.lines.length * message.size * MESSAGE_LEADING;
}

/** The rectangle a thumbnail's drawing is fitted to in its slot: under its label line, over its message. */
export function thumbRect(book: BookPlan, slot: Rect, message: FittedText | undefined): Rect {
  const pad = book.theme.walls.width;
  const top = labelBand(book);
  return {
    x: slot.x + pad,
    y: slot.y + top + pad,
    width: slot.width - 2 * pad,
    height: slot.height - top - 2 * pad - messageBand(book, message),
  };
}

/** The widest label a puzzle can have: its number and the widest page number a book can reach. */
function widestLabel(book: BookPlan, p: PuzzleForLayout): string {
  return answerLabel(book.words, p.plan.number, Number('8'.repeat(String(LIMITS.maxPages).length)));
}

/** Alike mazes share a key: the same tiling, size and outline give the same grid. */
function alikeKey(p: PuzzleForLayout): string {
  const { shape, size, hexTop } = p.recipe ?? p.plan.recipe;
  const { grid } = p.maze;
  return [
    shape,
    hexTop ?? '',
    size.columns,
    size.rows,
    grid.cellCount,
    grid.width,
    grid.height,
    ...(p.rule ? ['rule'] : []),
  ].join('|');
}

/** Points per grid unit of a puzzle's drawing in a slot (with its message under it). */
function scaleIn(book: BookPlan, p: PuzzleForLayout, slot: Rect): number {
  return fitGrid(p.maze.grid, thumbRect(book, slot, fitMessage(book, p, slot.width))).scale;
}

/** A puzzle's passage on its own page, in points: what its thumbnail's weights are scaled against. */
function pagePassage(book: BookPlan, p: PuzzleForLayout): number {
  const topo = topologies[(p.recipe ?? p.plan.recipe).shape];
  const area = puzzleMazeArea(
    pageGeometry(book, p.plan),
    book.theme,
    { blanks: bandUnderMaze(p.plan), markers: p.plan.markers.fit },
    gridClearIn(p.maze.grid, topo.narrowest, book.theme.walls.width),
  );
  return fitGrid(p.maze.grid, area).scale * topo.passage;
}

/** Passage and narrowest door of a puzzle's drawing at `scale`, in points (weave cells drawn inset). */
export function thumbPassages(p: PuzzleForLayout, scale: number): { passage: number; door: number } {
  const topo = topologies[(p.recipe ?? p.plan.recipe).shape];
  const inset = p.maze.grid.weave !== undefined ? 1 - 2 * WEAVE_INSET : 1;
  return { passage: scale * topo.passage, door: scale * topo.narrowest * inset };
}

/** Whether a puzzle's answer reads at `scale` in slots `width` wide; `letters`: with its mazegram letters. */
function reads(book: BookPlan, p: PuzzleForLayout, scale: number, width: number, letters: boolean): boolean {
  const { theme, floors } = book;
  const { passage, door } = thumbPassages(p, scale);
  if (passage < minAnswerPassage(book) - 1e-9) return false;
  if (p.maze.grid.weave !== undefined && passage < MIN_WEAVE_ANSWER_PASSAGE_MM * MM - 1e-9) return false;
  const { wall } = answerWeights(book, passage, passage / pagePassage(book, p));
  const route = ANSWER_KEY.routeToWall * wall;
  if (route > ANSWER_KEY.routeShare * (passage - wall) + 1e-9) return false;
  if (route > ANSWER_KEY.doorShare * (door - wall) + 1e-9) return false;
  const label = widestLabel(book, p);
  if (fitLine(theme, label, 'body', theme.sizes.label, floors.text, width) === undefined) return false;
  if (p.mazegram && fitMessage(book, p, width) === undefined) return false;
  if (letters && p.mazegram && p.plan.mazegram) {
    const size = letterCapHeight(passage) / capHeight(p.plan.mazegram.font, 1);
    if (size < Math.max(MIN_ANSWER_LETTER, floors.text) - 1e-9) return false;
  }
  // A rule maze's symbols, as its drawing sizes them (layout/draw-rule-maze.ts).
  if (letters && p.rule && passage * RULE_SYMBOL_SHARE < Math.max(MIN_ANSWER_LETTER, floors.text) - 1e-9)
    return false;
  return true;
}

/**
 * The grid for each count up to the spec's: of the grids holding that many, the one whose slots draw the
 * book's mazes largest (the sum of the logarithms of their scales; the first listed on a tie).
 */
function chooseGrids(book: BookPlan, puzzles: readonly PuzzleForLayout[], counts: readonly number[]) {
  const landscape = book.paper.width > book.paper.height;
  const grids = new Map<number, [number, number]>();
  for (const n of counts) {
    // On a tie a portrait page takes the grid with more rows (2 stacked, 2×3, 3×4), a landscape page the
    // one with more columns.
    let options = answerGrids(n);
    if (landscape) options = [...options].reverse();
    let best = options[0];
    let bestScore = -Infinity;
    for (const grid of options) {
      const slot = gridSlots(book, grid)[0];
      let score = 0;
      for (const p of puzzles) score += Math.log(Math.max(scaleIn(book, p, slot), 1e-9));
      if (score > bestScore + 1e-9) {
        best = grid;
        bestScore = score;
      }
    }
    grids.set(n, best);
  }
  return grids;
}

/** How a group of alike mazes is drawn: its capacity, scale and whether its letters show. */
interface GroupPlan {
  capacity: AnswerCount;
  scale: number;
  letters: boolean;
}

/** The capacity, scale and letters of one group of alike mazes (see the module's contract). */
function planGroup(book: BookPlan, members: readonly PuzzleForLayout[], a: Arrangement): GroupPlan {
  const slot = (n: number): Rect => gridSlots(book, a.grids.get(n) ?? [1, 1])[0];
  /** The group's scale at capacity c: it fits the slots of c and of every smaller count. */
  const scaleAt = (c: number): number => {
    let s = Infinity;
    for (const n of a.counts) {
      if (n > c) continue;
      for (const p of members) s = Math.min(s, scaleIn(book, p, slot(n)));
    }
    return s;
  };
  /** The narrowest slot of capacity c and of every smaller count. */
  const widthAt = (c: number): number =>
    Math.min(...a.counts.filter((n) => n <= c).map((n) => slot(n).width));
  const descending = [...a.counts].sort((x, y) => y - x);
  for (const letters of [true, false]) {
    for (const c of descending) {
      const scale = scaleAt(c);
      if (members.every((p) => reads(book, p, scale, widthAt(c), letters))) {
        return { capacity: c, scale, letters };
      }
    }
    if (!members.some((p) => p.mazegram || p.rule)) break;
  }
  return { capacity: 1, scale: scaleAt(1), letters: false };
}

/** The counts a page may hold for the book's `per-page`: it and every smaller one. */
function countsUpTo(perPage: number): AnswerCount[] {
  return ANSWER_COUNTS.filter((n) => n <= perPage);
}

/**
 * The answer appendix laid out: pages of thumbnails in puzzle order, each page as full as its least
 * capacity allows, every alike maze at its group's scale (see the module's contract).
 */
export function arrangeAnswers(book: BookPlan, puzzles: readonly PuzzleForLayout[]): AnswerPageLayout[] {
  if (puzzles.length === 0) return [];
  const counts = countsUpTo(book.solutions.perPage);
  const arrangement: Arrangement = { grids: chooseGrids(book, puzzles, counts), counts };
  const groups = new Map<string, PuzzleForLayout[]>();
  for (const p of puzzles) {
    const key = alikeKey(p);
    const members = groups.get(key);
    if (members) members.push(p);
    else groups.set(key, [p]);
  }
  const plans = new Map<string, GroupPlan>();
  for (const [key, members] of groups) plans.set(key, planGroup(book, members, arrangement));
  const planOf = (p: PuzzleForLayout): GroupPlan => plans.get(alikeKey(p)) as GroupPlan;
  const pages = paginate(puzzles, planOf).map((group) => layoutPage(book, group, planOf, arrangement));
  // Each group at the largest scale all its thumbnails fit their slots at, the same on every page.
  const scales = new Map<string, number>();
  for (const page of pages) {
    for (const t of page.thumbs) {
      const key = alikeKey(t.puzzle);
      const fit = fitGrid(t.puzzle.maze.grid, t.maze).scale;
      scales.set(key, Math.min(scales.get(key) ?? Infinity, fit));
    }
  }
  for (const page of pages) for (const t of page.thumbs) t.scale = scales.get(alikeKey(t.puzzle)) ?? t.scale;
  return pages;
}

/** Puzzles in order, a page as full as the least capacity of those on it allows. */
function paginate(
  puzzles: readonly PuzzleForLayout[],
  planOf: (p: PuzzleForLayout) => GroupPlan,
): PuzzleForLayout[][] {
  const pages: PuzzleForLayout[][] = [];
  let page: PuzzleForLayout[] = [];
  let room = 0;
  for (const p of puzzles) {
    const cap = planOf(p).capacity;
    if (page.length > 0 && page.length < Math.min(room, cap)) {
      page.push(p);
      room = Math.min(room, cap);
      continue;
    }
    if (page.length > 0) pages.push(page);
    page = [p];
    room = cap;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

/**
 * One page: its count, the fewest slots that hold its thumbnails (never more than the least capacity on it,
 * so every thumbnail fits its slot at its group's scale), its grid's slots and each thumbnail in its slot.
 */
function layoutPage(
  book: BookPlan,
  group: readonly PuzzleForLayout[],
  planOf: (p: PuzzleForLayout) => GroupPlan,
  a: Arrangement,
): AnswerPageLayout {
  const least = Math.min(...group.map((p) => planOf(p).capacity));
  const count = a.counts.find((n) => n >= group.length && n <= least) ?? (least as AnswerCount);
  const grid = a.grids.get(count) ?? [1, 1];
  const slots = gridSlots(book, grid);
  const thumbs = group.map((p, i): AnswerThumb => {
    const slot = slots[i];
    const message = fitMessage(book, p, slot.width);
    if (p.mazegram && !message) {
      throw textDoesNotFit(
        p.plan.where,
        p.mazegram.message,
        `under its answer, in ${MESSAGE_LINES} lines`,
        book.floors.text,
      );
    }
    const { scale, letters } = planOf(p);
    return {
      puzzle: p,
      slot,
      maze: thumbRect(book, slot, message),
      scale,
      letters,
      ...(message ? { message } : {}),
    };
  });
  return { count, grid, thumbs };
}

/** The weights of an answer page: the thinnest wall and route of its thumbnails, so one pair per page. */
export function pageWeights(book: BookPlan, thumbs: readonly AnswerThumb[]): AnswerWeights {
  const all = thumbs.map((t) => {
    const { passage } = thumbPassages(t.puzzle, t.scale);
    return answerWeights(book, passage, passage / pagePassage(book, t.puzzle));
  });
  return { wall: Math.min(...all.map((w) => w.wall)), route: Math.min(...all.map((w) => w.route)) };
}
