import { topologies } from '../grid/registry.js';
import type { BookPlan } from '../plan/book-plan.js';
import { fitScale, puzzleMazeArea, type Rect } from '../plan/page-geometry.js';
import { answerLabel } from '../plan/words.js';
import { capHeight } from '../text/fonts.js';
import type { Page } from './display-list.js';
import { drawLetters, letterCapHeight } from './draw-letters.js';
import { drawMaze, fitGrid } from './draw-maze.js';
import { blankPage, folio, pageHeading, routeStyle, thinnestLine } from './page-parts.js';
import type { PuzzleForLayout } from './puzzle-for-layout.js';
import { pageGeometry } from './puzzle-pages.js';
import { centredText, fitSize, type TextStyle } from './text-items.js';

/** Columns × rows of answer thumbnails on a portrait page, by thumbnails per page. */
const ANSWER_GRID: Record<number, [number, number]> = {
  1: [1, 1],
  2: [1, 2],
  4: [2, 2],
  6: [2, 3],
  9: [3, 3],
  12: [3, 4],
};

/** Narrowest clear passage of an answer thumbnail, in points (1.2 mm): narrower, a printed route closes up. */
export const MIN_ANSWER_CLEAR = (1.2 / 25.4) * 72;
/** Smallest mazegram letter on an answer thumbnail, in points. */
export const MIN_ANSWER_LETTER = 5;

/** A thumbnail's place on an answer page: its slot, and within it the rectangle the maze is fitted to. */
interface Thumb {
  slot: Rect;
  maze: Rect;
}

/** The slots of an answer page holding `n` thumbnails, in reading order. */
function answerSlots(book: BookPlan, n: number): Rect[] {
  const { theme, geometry } = book;
  let [cols, rows] = ANSWER_GRID[n];
  if (book.paper.width > book.paper.height) [cols, rows] = [rows, cols];
  const top = geometry.titleBaseline + theme.sizes.heading;
  const area: Rect = {
    x: geometry.content.x,
    y: top,
    width: geometry.content.width,
    height: geometry.folioBaseline - theme.sizes.folio * 2 - top,
  };
  const gutter = theme.sizes.label * 1.5;
  const w = (area.width - gutter * (cols - 1)) / cols;
  const h = (area.height - gutter * (rows - 1)) / rows;
  return Array.from({ length: n }, (_, i) => ({
    x: area.x + (i % cols) * (w + gutter),
    y: area.y + Math.floor(i / cols) * (h + gutter),
    width: w,
    height: h,
  }));
}

/** The rectangle a thumbnail is fitted to in its slot: under its label line, over a mazegram's message. */
function thumbIn(book: BookPlan, slot: Rect, p: PuzzleForLayout): Thumb {
  const label = book.theme.sizes.label;
  const pad = book.theme.walls.width;
  const message = p.mazegram ? label * 2 : 0;
  return {
    slot,
    maze: {
      x: slot.x + pad,
      y: slot.y + label * 1.8 + pad,
      width: slot.width - 2 * pad,
      height: slot.height - label * 1.8 - 2 * pad - message,
    },
  };
}

/** What a thumbnail's drawing needs: its passage (wall centre to wall centre) and its scale against its page. */
interface ThumbMeasure {
  passage: number;
  /** The thumbnail's passage ÷ the puzzle page's. */
  ratio: number;
}

function measure(book: BookPlan, p: PuzzleForLayout, maze: Rect): ThumbMeasure {
  const topo = topologies[(p.recipe ?? p.plan.recipe).shape];
  const passage = fitScale(p.maze.grid, maze) * topo.passage;
  const area = puzzleMazeArea(pageGeometry(book, p.plan), book.theme, {
    blanks: !!p.plan.mazegram?.blanks,
    pictures: p.plan.markers.pictures !== undefined,
  });
  const full = fitScale(p.maze.grid, area) * topo.passage;
  return { passage, ratio: passage / full };
}

/**
 * The weights of an answer drawing: walls thinned with the drawing (never thicker than the theme's, never
 * more than a fifth of the passage) and the route likewise (at most 0.4 of the passage), neither under the
 * thinnest line the book allows. An answer page uses one pair for all its thumbnails (its smallest's).
 */
function weights(book: BookPlan, m: ThumbMeasure): { wall: number; route: number } {
  const { theme } = book;
  const thinnest = thinnestLine(book);
  const k = Math.min(1, m.ratio);
  return {
    wall: Math.max(thinnest, Math.min(theme.walls.width * k, m.passage * 0.2)),
    route: Math.max(thinnest, Math.min(theme.solution.width * k, m.passage * 0.4)),
  };
}

/** The answer slots a page may have for the spec's `per-page`, largest count first: it, then fewer and larger. */
function capacities(perPage: number): number[] {
  return [perPage, ...[9, 6, 4, 2, 1].filter((n) => n < perPage)];
}

/**
 * The most thumbnails per page (from the spec's `per-page` down to one) at which a puzzle's answer still
 * reads: passages at least {@link MIN_ANSWER_CLEAR} clear after the walls, and a mazegram's letters at
 * least {@link MIN_ANSWER_LETTER} tall. A puzzle too fine even alone on a page gets a page to itself.
 */
export function answerCapacity(book: BookPlan, p: PuzzleForLayout): number {
  for (const n of capacities(book.solutions.perPage)) {
    const m = measure(book, p, thumbIn(book, answerSlots(book, n)[0], p).maze);
    const { wall } = weights(book, m);
    if (m.passage - wall < MIN_ANSWER_CLEAR) continue;
    if (p.mazegram && p.plan.mazegram) {
      const size = letterCapHeight(m.passage) / capHeight(p.plan.mazegram.font, 1);
      if (size < MIN_ANSWER_LETTER) continue;
    }
    return n;
  }
  return 1;
}

/**
 * The answer pages: puzzles in book order, each page as full as its smallest slot allows: a page holds as
 * many thumbnails as the least capacity (see {@link answerCapacity}) of those on it.
 */
export function paginateAnswers(book: BookPlan, puzzles: readonly PuzzleForLayout[]): PuzzleForLayout[][] {
  const pages: PuzzleForLayout[][] = [];
  let page: PuzzleForLayout[] = [];
  let room = 0;
  for (const p of puzzles) {
    const cap = answerCapacity(book, p);
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
 * The slot count of an answer page holding `group`: the fewest (so the largest slots) that hold them all,
 * within what each of them allows. A full page keeps the spec's count; a last page with fewer thumbnails
 * draws them larger.
 */
function pageCapacity(book: BookPlan, group: readonly PuzzleForLayout[]): number {
  const least = Math.min(...group.map((p) => answerCapacity(book, p)));
  const fits = capacities(book.solutions.perPage).filter((n) => n <= least && n >= group.length);
  return fits.length > 0 ? Math.min(...fits) : group.length;
}

/**
 * A page of answer thumbnails, each labelled with its puzzle and the page it is on, the label directly above
 * the drawing. Every thumbnail on the page has the same wall and route weights; a mazegram's letters sit over
 * the route (it passes under them), its decoys muted, its message under the drawing.
 */
export function answerPage(
  book: BookPlan,
  group: readonly PuzzleForLayout[],
  pageOf: ReadonlyMap<number, number>,
  number: number,
  letterFont: (p: PuzzleForLayout) => string,
): Page {
  const page = blankPage(book);
  const { theme, solutions } = book;
  pageHeading(book, page, solutions.title);
  const slots = answerSlots(book, pageCapacity(book, group));
  const thumbs = group.map((p, i) => thumbIn(book, slots[i], p));
  const measures = group.map((p, i) => measure(book, p, thumbs[i].maze));
  const all = measures.map((m) => weights(book, m));
  const wall = Math.min(...all.map((w) => w.wall));
  const route = Math.min(...all.map((w) => w.route));
  // One route style for the page: band and line sized to its narrowest passage, like its walls and routes.
  const style = routeStyle(book, wall, route, Math.min(...measures.map((m) => m.passage)));
  const label: TextStyle = { font: 'body', size: theme.sizes.label, color: theme.colors.muted };
  group.forEach((p, i) => {
    const { slot, maze } = thumbs[i];
    const { grid } = p.maze;
    const place = fitGrid(grid, maze);
    const drawnTop = place.oy;
    const drawnBottom = place.oy + grid.height * place.scale;
    const text = answerLabel(book.words, p.plan.number, pageOf.get(p.plan.number) ?? 0);
    const size = fitSize(theme, text, 'body', label.size, slot.width);
    // The label sits right above the drawing, however short the drawing is in its slot.
    page.items.push(
      centredText(theme, text, slot.x + slot.width / 2, drawnTop - wall - label.size * 0.45, {
        ...label,
        size,
      }),
    );
    if (book.print.rules.interactive) {
      // Screen PDFs: each thumbnail links back to its puzzle.
      page.items.push({
        type: 'link',
        ...slot,
        page: (pageOf.get(p.plan.number) ?? 1) - 1,
      });
    }
    page.items.push(
      ...drawMaze(
        p.maze,
        maze,
        {
          walls: { color: theme.colors.walls, ...theme.walls, width: wall },
          ...(theme.colors.background ? { background: theme.colors.background } : {}),
          ...style,
        },
        p.solution,
      ),
    );
    if (p.mazegram && p.plan.mazegram) {
      page.items.push(
        ...drawLetters(p.maze, (p.recipe ?? p.plan.recipe).shape, p.mazegram, place, {
          fontKey: letterFont(p),
          face: p.plan.mazegram.font,
          message: theme.colors.letters,
          decoy: theme.colors.muted,
          knockout: style.band.color,
        }),
      );
      const msg = p.mazegram.message;
      page.items.push(
        centredText(theme, msg, slot.x + slot.width / 2, drawnBottom + wall + label.size * 1.4, {
          font: 'body',
          size: fitSize(theme, msg, 'body', label.size, slot.width),
          color: theme.colors.text,
        }),
      );
    }
  });
  folio(book, page, number);
  return page;
}
