import { topologies } from '../grid/registry.js';
import type { BookPlan, PuzzlePlan } from '../plan/book-plan.js';
import { fitMarkers, markerLabelSize } from '../plan/marker-rule.js';
import {
  bandUnderMaze,
  gridClearIn,
  MARKER_ROOM,
  type PuzzlePageGeometry,
  pageMazeArea,
  type Slot,
} from '../plan/page-geometry.js';
import { HOME_BORDER_MM } from '../plan/print.js';
import type { Rect } from '../plan/rect.js';
import { markerWords } from '../plan/resolve-markers.js';
import { puzzleTemplateVars } from '../plan/template-vars.js';
import { answerPointer, revealInstruction } from '../plan/words.js';
import { capHeight, textWidth } from '../text/fonts.js';
import { renderTemplate } from '../text/template.js';
import { PathBuilder, subpathBoxes } from '../vector/path-data.js';
import { answerKeyStyle, answerWeights, letterColor } from './answer-key-style.js';
import type { Item, Page } from './display-list.js';
import { answerBlanks, drawLetters } from './draw-letters.js';
import { fitGrid } from './draw-maze.js';
import { drawCaption } from './draw-rule-maze.js';
import { type MarkerStyle, PART_CLEARANCE } from './markers.js';
import {
  answerBlankLines,
  blankPage,
  difficultyMark,
  folio,
  nameDateLine,
  pageHeading,
  starRowWidth,
} from './page-parts.js';
import { drawPuzzle } from './puzzle-drawings.js';
import type { PuzzleForLayout } from './puzzle-for-layout.js';
import { answerMarks } from './reveal-answer.js';
import { centredText, fitLine, leftText, type TextStyle, textDoesNotFit } from './text-items.js';

/** Puzzle pages: one maze with its title, or an activity sheet of several (and the answers on its back). */

/** A puzzle's template variables on its page; `{{algorithm}}` is the algorithm's name for readers. */
export function puzzleVars(book: BookPlan, p: PuzzleForLayout, pageNumber: number) {
  const { shape, size, algorithm } = p.recipe ?? p.plan.recipe;
  const { number, key } = p.plan;
  return {
    ...puzzleTemplateVars(
      number,
      pageNumber,
      book.title,
      key,
      shape,
      size,
      algorithm,
      book.words.locale,
      p.rating,
      p.plan.sectionNumber,
    ),
    blanks: p.mazegram ? answerBlanks(p.mazegram.words) : '',
  };
}

/** The geometry of a puzzle's page: by its own mazes per page (a section may set them). */
export function pageGeometry(book: BookPlan, p: PuzzlePlan): PuzzlePageGeometry {
  return book.layouts[p.perPage] ?? book.geometry;
}

/**
 * Where a puzzle's maze goes in `given` (a page's or a slip's maze area, with the theme's room around it) and
 * its markers' size: the marker rule's size for the passage the maze is drawn with, the maze drawn smaller
 * where the markers need more room than `given` has (`fitMarkers`).
 */
export function fitPuzzle(
  book: BookPlan,
  p: Pick<PuzzleForLayout, 'plan' | 'maze' | 'recipe'>,
  given: Rect,
): { area: Rect; size: number } {
  const { narrowest } = topologies[(p.recipe ?? p.plan.recipe).shape];
  const room = book.theme.markers.size * MARKER_ROOM;
  const clear = gridClearIn(p.maze.grid, narrowest, book.theme.walls.width);
  const { area, size } = fitMarkers(given, room, p.plan.markers.fit, clear);
  return { area, size };
}

/**
 * The start and finish markers of a puzzle: arrows or its pictures, `size` big (see {@link fitPuzzle}), with
 * the locale's words when it asks, free to use `frame` (the page's free area around the maze) and keeping
 * clear of `avoid` (the page's other parts, {@link partBoxes}).
 */
export function markerStyle(
  book: BookPlan,
  p: Pick<PuzzlePlan, 'markers'>,
  size: number,
  frame: Rect,
  avoid: readonly Rect[] = [],
  notes?: { page: Page; where: string },
): MarkerStyle {
  const { theme } = book;
  const words = markerWords(book.words);
  const { pictures, fit } = p.markers;
  return {
    color: theme.colors.markers,
    size,
    frame,
    ...(avoid.length > 0 ? { avoid } : {}),
    ...(pictures ? { pictures } : {}),
    ...(pictures && notes
      ? {
          least: fit.rule.least,
          onSmall: (end: 'start' | 'finish', side: number) =>
            smallPicture(book, notes.page, notes.where, end, side, fit.rule.least),
        }
      : {}),
    ...(p.markers.labels
      ? {
          labels: {
            ...words,
            fontKey: 'heading',
            face: theme.fonts.heading,
            size: markerLabelSize(theme, book.floors.text),
            color: theme.colors.markers,
          },
        }
      : {}),
  };
}

/**
 * Notes on `page` that its `end` picture is drawn `side` (pt), under the `least` side the marker rule asks
 * for, because the page has no room for it there.
 */
function smallPicture(
  book: BookPlan,
  page: Page,
  where: string,
  end: 'start' | 'finish',
  side: number,
  least: number,
): void {
  const mm = (pt: number) => ((pt * 25.4) / 72).toFixed(1);
  const word = end === 'start' ? 'start' : 'finish';
  const audience = book.floor.audience === 'kids' ? "the kids' " : 'the ';
  page.notes ??= [];
  page.notes.push(
    `${where}: the ${word} picture is drawn ${mm(side)}mm, under the ${mm(least)}mm ${audience}marker rule asks for: no place beside its opening keeps it that size clear of the walls (give the maze more room, or fewer mazes a page)`,
  );
}

/** "Answer on page N" at the foot of a puzzle page, on the outer side (right on a recto, left on a verso). */
function pointer(book: BookPlan, page: Page, number: number, text: string): void {
  const { theme, geometry } = book;
  const style: TextStyle = { font: 'body', size: theme.sizes.label, color: theme.colors.muted };
  const size =
    fitLine(theme, text, 'body', style.size, book.floors.text, geometry.content.width * 0.4) ??
    book.floors.text;
  const verso = book.print.facing && number % 2 === 0;
  const width = textWidth(theme.fonts.body, text, size);
  const x = verso ? geometry.content.x : geometry.content.x + geometry.content.width - width;
  page.items.push(leftText(text, x, geometry.folioBaseline, { ...style, size }));
}

/**
 * A page with one maze: its title (and stars), a name/date line when asked for, the maze with its markers,
 * a mazegram's letters and blanks, the folio, and where its answer is.
 * @param answerAt the page of its answer, when puzzle pages point to it
 */
export function puzzlePage(
  book: BookPlan,
  p: PuzzleForLayout,
  number: number,
  letterFont: string,
  answerAt?: number,
): Page {
  const page = blankPage(book);
  const { theme } = book;
  const geometry = pageGeometry(book, p.plan);
  const title = renderTemplate(p.plan.title, puzzleVars(book, p, number));
  const stars = book.showDifficulty !== 'none' && p.rating !== undefined;
  const last = pageHeading(book, page, title, p.plan.title.where, { stars });
  if (stars && p.rating) {
    const cx = geometry.content.x + geometry.content.width / 2;
    const at = { cx, y: last + theme.sizes.label * 1.6, scale: 1 };
    difficultyMark(book, page, p.rating, at, p.plan.difficulty);
  }
  const { content } = geometry;
  if (geometry.nameLine !== undefined) {
    nameDateLine(
      book,
      page,
      content.x + content.width / 2,
      geometry.nameLine,
      content.width,
      theme.sizes.body,
    );
  }
  const gram = p.mazegram && p.plan.mazegram;
  // The maze's rectangle (smaller where its markers need more room) within the room its markers may use.
  const around = pageMazeArea(geometry, theme, bandUnderMaze(p.plan));
  const { area, size } = fitPuzzle(book, p, around);
  const reveal = p.plan.recipe.picture?.reveal;
  if (reveal) {
    // What to do with a hidden picture, in the band under the maze (below the room its arrows need).
    const room = theme.markers.size * MARKER_ROOM;
    const text = revealInstruction(book.words, reveal.reverse);
    const style: TextStyle = { font: 'body', size: theme.sizes.body, color: theme.colors.text };
    const fitted = fitLine(theme, text, 'body', style.size, book.floors.text, content.width);
    if (fitted === undefined)
      throw textDoesNotFit(p.plan.where, text, 'the line under its maze', book.floors.text);
    const y = around.y + around.height + room + theme.sizes.body * 2.4 * 0.7;
    page.items.push(centredText(theme, text, content.x + content.width / 2, y, { ...style, size: fitted }));
  } else if (p.plan.caption) {
    // A rule maze's instructions, in the band under it (below the room its arrows need).
    const room = theme.markers.size * MARKER_ROOM;
    const y = around.y + around.height + room + theme.sizes.body * 2.4 * 0.55;
    page.items.push(...caption(book, p.plan, around.x + around.width / 2, y, content.width));
  }
  if (gram && p.plan.mazegram?.blanks) {
    // Answer blanks under the maze (below the room its arrows need): a drawn rule per letter.
    const room = theme.markers.size * MARKER_ROOM;
    const line = theme.sizes.body * 2.4;
    page.items.push(
      answerBlankLines(
        p.mazegram?.words ?? [],
        around.x + around.width / 2,
        around.y + around.height + room + line * 0.7,
        area.width,
        theme,
      ),
    );
  }
  // The foot of the page is drawn last but kept clear of as well.
  const foot: Page = { ...page, items: [] };
  folio(book, foot, number);
  if (answerAt !== undefined) pointer(book, foot, number, answerPointer(book.words, [answerAt], true));
  const room = theme.markers.size * MARKER_ROOM;
  const frame = widen(
    book,
    { x: content.x, y: around.y - room, width: content.width, height: around.height + 2 * room },
    number,
  );
  const avoid = partBoxes(book, [...page.items, ...foot.items]);
  page.items.push(
    ...drawPuzzle(book, p, area, {
      walls: { color: theme.colors.walls, ...theme.walls },
      ...(theme.colors.background ? { background: theme.colors.background } : {}),
      markers: markerStyle(book, p.plan, size, frame, avoid, { page, where: p.plan.where }),
    }),
  );
  if (p.mazegram && p.plan.mazegram) {
    page.items.push(
      ...drawLetters(p.maze, (p.recipe ?? p.plan.recipe).shape, p.mazegram, fitGrid(p.maze.grid, area), {
        fontKey: letterFont,
        face: p.plan.mazegram.font,
        message: letterColor(book),
        decoy: letterColor(book),
      }),
    );
  }
  page.items.push(...foot.items);
  return page;
}

/** A puzzle's caption (a rule maze's instructions) centred on `cx` in `lines` lines, or a located error when it cannot fit. */
function caption(book: BookPlan, p: PuzzlePlan, cx: number, y: number, width: number, lines = 2): Item[] {
  const c = p.caption;
  if (!c) return [];
  const items = drawCaption(book, c, cx, y, width, lines);
  if (!items) throw textDoesNotFit(c.where, c.text, 'the line under its maze', book.floors.text);
  return items;
}

/** The free area around a page's one maze: the content's width, from the title band to the folio band. */
function pageFrame(book: BookPlan, slot: Slot, number: number): Rect {
  const room = book.theme.markers.size * MARKER_ROOM;
  const { content } = book.geometry;
  const frame = {
    x: content.x,
    y: slot.maze.y - room,
    width: content.width,
    height: slot.maze.height + 2 * room,
  };
  return widen(book, frame, number);
}

/**
 * A page's frame for markers and their words, widened on the left and right as far as {@link outerSpan}
 * allows.
 */
function widen(book: BookPlan, frame: Rect, number: number): Rect {
  const span = outerSpan(book, number);
  if (!span) return frame;
  const x0 = Math.min(frame.x, span[0]);
  const x1 = Math.max(frame.x + frame.width, span[1]);
  return { ...frame, x: x0, width: x1 - x0 };
}

/**
 * How far left and right (layout x, pt) markers may reach beyond the margins on page `number`, for books
 * printed at home (no print-on-demand profile; their margins are not a print shop's safe zone): out to the
 * border a home printer cannot print (HOME_BORDER), but in a book with facing pages only on the outer side, never
 * into the gutter. Layout works on right-hand pages (the inside margin on the left) and left-hand pages are
 * moved left by the difference of the margins afterwards (`finishPages`), so a left-hand page's border is
 * that much further right here. Undefined when markers stay within the margins.
 */
function outerSpan(book: BookPlan, number: number): [number, number] | undefined {
  const home = book.print.profile === undefined || book.print.profile === 'home';
  if (!home) return undefined;
  const { content } = book.geometry;
  const right = book.paper.width - HOME_BORDER;
  if (!book.print.facing) return [HOME_BORDER, right];
  if (number % 2 === 1) return [content.x, right];
  const shift = book.print.margins.left - book.print.margins.right;
  return [Math.min(content.x, HOME_BORDER + shift), content.x + content.width];
}

/**
 * The slips of a sheet: the geometry's slots, or for a page of one maze the maze's area (less a mazegram's
 * blanks, as on the puzzle page) as one slip the width of the page.
 */
function slotsOf(book: BookPlan, geometry: PuzzlePageGeometry, first: PuzzleForLayout): Slot[] {
  if (geometry.slots) return geometry.slots;
  const room = book.theme.markers.size * MARKER_ROOM;
  // Each slip's maze is fitted to its own markers.
  const maze = pageMazeArea(geometry, book.theme, bandUnderMaze(first.plan));
  const box = {
    x: geometry.content.x,
    y: maze.y - room,
    width: geometry.content.width,
    height: maze.height + 2 * room,
  };
  return [{ label: maze.y - room, box, maze }];
}

/**
 * Where the back of a slip is when the sheet is printed double-sided: flipped on the long edge, a portrait
 * page mirrors left and right (a landscape page top and bottom); on the short edge the other way round.
 * `none` (single-sided) keeps the slip where it is.
 */
export function backOf(book: BookPlan, slot: Slot): Slot {
  const { width: W, height: H } = book.paper;
  if (book.duplex === 'none') return slot;
  const portrait = H >= W;
  const mirrorX = (book.duplex === 'long-edge') === portrait;
  const dx = mirrorX ? W - 2 * slot.box.x - slot.box.width : 0;
  const dy = mirrorX ? 0 : H - 2 * slot.box.y - slot.box.height;
  const move = (r: Rect): Rect => ({ ...r, x: r.x + dx, y: r.y + dy });
  return {
    label: slot.label + dy,
    ...(slot.nameLine !== undefined ? { nameLine: slot.nameLine + dy } : {}),
    box: move(slot.box),
    maze: move(slot.maze),
  };
}

/**
 * An activity sheet: several mazes in a grid, each on its own slip with its title and its markers, and a
 * name/date line when asked for (the page's, or each slip's on a sheet cut into slips); cut lines between the slips for home printing; where the answers are.
 * @param answerAt the page of each puzzle's answer, when puzzle pages point to them
 */
export function sheetPage(
  book: BookPlan,
  group: readonly PuzzleForLayout[],
  number: number,
  letterFont: (p: PuzzleForLayout) => string,
  answerAt?: (p: PuzzleForLayout) => number,
): Page {
  const page = blankPage(book);
  const geometry = pageGeometry(book, group[0].plan);
  const section = group[0].plan.section;
  pageHeading(book, page, section?.heading ?? book.title, section?.where ?? book.places.title);
  if (geometry.nameLine !== undefined) {
    // The sheet's one name/date line under its heading (a sheet cut into slips has one on each slip instead).
    const { content } = geometry;
    const cx = content.x + content.width / 2;
    nameDateLine(book, page, cx, geometry.nameLine, content.width, book.theme.sizes.body);
  }
  const slots = slotsOf(book, geometry, group[0]);
  if (book.print.profile === 'home' && slots.length > 1) cutLines(book, page, slots);
  folio(book, page, number);
  if (answerAt)
    pointer(book, page, number, answerPointer(book.words, group.map(answerAt), group.length === 1));
  drawSlips(book, page, group, slots, number, letterFont, false);
  return page;
}

/**
 * The back of a puzzle page or sheet (`solutions: inline`): each maze solved, on the back of its own slip
 * when the page is printed double-sided the `duplex` way.
 */
export function answerSheet(
  book: BookPlan,
  group: readonly PuzzleForLayout[],
  number: number,
  letterFont: (p: PuzzleForLayout) => string,
): Page {
  const page = blankPage(book);
  const geometry = pageGeometry(book, group[0].plan);
  pageHeading(book, page, book.solutions.title, book.places.solutions);
  const slots = slotsOf(book, geometry, group[0]);
  const backs = slots.map((slot) => backOf(book, slot));
  folio(book, page, number);
  drawSlips(book, page, group, backs, number, letterFont, true);
  return page;
}

/**
 * The slips of a sheet or of its back: first every slip's label, name line and blanks, then the mazes, whose
 * markers keep clear of those and of whatever the page already holds.
 */
function drawSlips(
  book: BookPlan,
  page: Page,
  group: readonly PuzzleForLayout[],
  slots: readonly Slot[],
  number: number,
  letterFont: (p: PuzzleForLayout) => string,
  answers: boolean,
): void {
  group.forEach((p, i) => {
    slipParts(book, page, p, slots[i], number, answers);
  });
  const avoid = partBoxes(book, page.items);
  group.forEach((p, i) => {
    const frame =
      slots.length > 1 ? slipFrame(book, slots, slots[i], number) : pageFrame(book, slots[i], number);
    slipMaze(book, page, p, slots[i], letterFont(p), answers, frame, avoid);
  });
}

/** The size of a slip's difficulty stars, as a share of those under a one-maze page's title. */
const SLIP_STARS = 0.8;

/**
 * The width (pt) of a slip's difficulty mark beside its title: five stars {@link SLIP_STARS} the size of a
 * page's, or its label; 0 when the book shows no difficulty.
 */
function slipMarkWidth(book: BookPlan, rating: { label: string }): number {
  const { theme } = book;
  if (book.showDifficulty === 'none') return 0;
  if (book.showDifficulty === 'label') return textWidth(theme.fonts.body, rating.label, theme.sizes.label);
  return starRowWidth(theme.sizes.label * 0.6 * SLIP_STARS);
}

/** Whether a puzzle's pages hold several slips. */
function manySlips(book: BookPlan, p: PuzzleForLayout): boolean {
  return (book.layouts[p.plan.perPage]?.slots?.length ?? 1) > 1;
}

/**
 * What a slip holds besides its maze: its label, its name/date line, and under a mazegram the blanks to fill
 * in (or on the answer sheet the message itself).
 */
function slipParts(
  book: BookPlan,
  page: Page,
  p: PuzzleForLayout,
  slot: Slot,
  number: number,
  answers: boolean,
): void {
  const { theme } = book;
  const many = manySlips(book, p);
  const cx = slot.maze.x + slot.maze.width / 2;
  const reveal = p.plan.recipe.picture?.reveal;
  if (many || answers) {
    const title = renderTemplate(p.plan.title, puzzleVars(book, p, number));
    // A hidden picture's slip says what to do on its title line: under the maze, the line would meet the
    // arrow of an end opening on the bottom rim.
    const label =
      reveal && many && !answers ? `${title} · ${revealInstruction(book.words, reveal.reverse)}` : title;
    const style: TextStyle = { font: 'body', size: theme.sizes.label * 1.2, color: theme.colors.text };
    // A slip's difficulty (as under a one-maze page's title) follows its title on the same line.
    const mark = many && !answers && p.rating ? slipMarkWidth(book, p.rating) : 0;
    const gap = mark > 0 ? theme.sizes.label : 0;
    const size = fitLine(theme, label, 'body', style.size, book.floors.text, slot.box.width - mark - gap);
    if (size === undefined)
      throw textDoesNotFit(p.plan.title.where, label, 'the title line of its slip', book.floors.text);
    const width = textWidth(theme.fonts.body, label, size);
    const left = cx - (width + gap + mark) / 2;
    page.items.push(centredText(theme, label, left + width / 2, slot.label, { ...style, size }));
    if (mark > 0 && p.rating) {
      const at = { cx: left + width + gap + mark / 2, y: slot.label - size * 0.35, scale: SLIP_STARS };
      difficultyMark(book, page, p.rating, at, p.plan.difficulty);
    }
  }
  if (!answers && slot.nameLine !== undefined) {
    nameDateLine(book, page, cx, slot.nameLine, slot.box.width, theme.sizes.label * 1.1);
  }
  if (p.plan.caption && !answers) {
    const room = theme.markers.size * MARKER_ROOM;
    const y = many
      ? slot.maze.y + slot.maze.height + room - theme.sizes.label * 0.2
      : slot.maze.y + slot.maze.height + room + theme.sizes.body * 2.4 * 0.55;
    // Between slips there is room for one line (as for a mazegram's blanks); under a page's one maze, two.
    page.items.push(...caption(book, p.plan, cx, y, many ? slot.box.width : slot.maze.width, many ? 1 : 2));
  }
  if (p.mazegram && (many || answers)) {
    const room = theme.markers.size * MARKER_ROOM;
    const y = many
      ? slot.maze.y + slot.maze.height + room - theme.sizes.label * 0.2
      : slot.maze.y + slot.maze.height + room + theme.sizes.body * 2.4 * 0.7;
    if (answers) {
      const msg = p.mazegram.message;
      const size = fitLine(theme, msg, 'body', theme.sizes.label * 1.2, book.floors.text, slot.maze.width);
      if (size === undefined)
        throw textDoesNotFit(p.plan.where, msg, 'the line under its answer', book.floors.text);
      page.items.push(centredText(theme, msg, cx, y, { font: 'body', size, color: theme.colors.text }));
    } else {
      page.items.push(answerBlankLines(p.mazegram.words, cx, y, slot.maze.width, theme));
    }
  }
}

/**
 * A slip's maze (solved for answers) with its markers, kept inside `frame` and clear of `avoid`, and a
 * mazegram's letters.
 */
function slipMaze(
  book: BookPlan,
  page: Page,
  p: PuzzleForLayout,
  slot: Slot,
  letterFont: string,
  answers: boolean,
  frame: Rect,
  avoid: readonly Rect[],
): void {
  const { theme } = book;
  const { area: mazeRect, size } = fitPuzzle(book, p, slot.maze);
  const place = fitGrid(p.maze.grid, mazeRect);
  const passage = place.scale * topologyPassage(p);
  // The answer's weights as on answer pages: walls thinned where the passage is narrow (never more than an
  // eighth of it), so the route fits between them.
  const { wall, route: routeWidth } = answerWeights(book, passage, 1);
  const route = answerKeyStyle(book, wall, routeWidth, passage);
  page.items.push(
    ...drawPuzzle(
      book,
      p,
      mazeRect,
      {
        walls: answers ? route.walls : { color: theme.colors.walls, ...theme.walls },
        ...(theme.colors.background ? { background: theme.colors.background } : {}),
        markers: markerStyle(
          book,
          p.plan,
          size,
          frame,
          avoid,
          answers ? undefined : { page, where: p.plan.where },
        ),
        ...(answers ? answerMarks(book, p.recipe ?? p.plan.recipe, p.maze, p.solution, route) : {}),
      },
      answers ? p.solution : undefined,
    ),
  );
  if (p.mazegram && p.plan.mazegram) {
    page.items.push(
      ...drawLetters(p.maze, (p.recipe ?? p.plan.recipe).shape, p.mazegram, place, {
        fontKey: letterFont,
        face: p.plan.mazegram.font,
        message: answers ? theme.colors.letters : letterColor(book),
        decoy: answers ? theme.colors.muted : letterColor(book),
        ...(answers ? { knockout: route.band.color } : {}),
      }),
    );
  }
}

/** Passage width of a puzzle's tiling, in grid units. */
function topologyPassage(p: PuzzleForLayout): number {
  return topologies[(p.recipe ?? p.plan.recipe).shape].passage;
}

/** The border of a sheet a home printer cannot print, in points ({@link HOME_BORDER_MM}). */
export const HOME_BORDER = (HOME_BORDER_MM / 25.4) * 72;

/**
 * Where a slip's markers and their words may go: below its title and name lines, across the slip and half
 * the gap to its neighbours less {@link PART_CLEARANCE} (3 mm short of the cut line); on the sheet's outer
 * sides as far as {@link outerSpan} allows.
 */
function slipFrame(book: BookPlan, slots: readonly Slot[], slot: Slot, number: number): Rect {
  const room = book.theme.markers.size * MARKER_ROOM;
  const { box } = slot;
  const span = outerSpan(book, number);
  const overlaps = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;
  const gapTo = (side: 'left' | 'right' | 'below'): number | undefined => {
    const gaps: number[] = [];
    for (const o of slots) {
      if (o === slot) continue;
      const b = o.box;
      const row = overlaps(b.y, b.y + b.height, box.y, box.y + box.height);
      const column = overlaps(b.x, b.x + b.width, box.x, box.x + box.width);
      if (side === 'left' && row && b.x + b.width <= box.x) gaps.push(box.x - (b.x + b.width));
      if (side === 'right' && row && b.x >= box.x + box.width) gaps.push(b.x - (box.x + box.width));
      if (side === 'below' && column && b.y >= box.y + box.height) gaps.push(b.y - (box.y + box.height));
    }
    return gaps.length > 0 ? Math.min(...gaps) : undefined;
  };
  const left = gapTo('left');
  const right = gapTo('right');
  const below = gapTo('below');
  // Towards a neighbour: up to the slip's edge (the middle of the gap, where the cut line runs) less the
  // clearance every page part keeps from markers.
  const x0 = left !== undefined ? box.x - left / 2 + PART_CLEARANCE : Math.min(box.x, span?.[0] ?? box.x);
  const x1 =
    right !== undefined
      ? box.x + box.width + right / 2 - PART_CLEARANCE
      : Math.max(box.x + box.width, span?.[1] ?? box.x + box.width);
  const y0 = slot.maze.y - room;
  const y1 = below !== undefined ? box.y + box.height + below / 2 - PART_CLEARANCE : box.y + box.height;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * Home printing of activity sheets: dashed cut lines along the middle of the gaps between slips, rows across
 * the printable width and columns down the slips' block, all clear of the border a home printer cannot
 * print, so a sheet can be cut into single slips.
 */
function cutLines(book: BookPlan, page: Page, slots: readonly Slot[]): void {
  const xs = new Set<number>();
  const ys = new Set<number>();
  const top = Math.min(...slots.map((s) => s.box.y));
  const bottom = Math.max(...slots.map((s) => s.box.y + s.box.height));
  // Each slip's nearest neighbour to the right and below (never one further on: its line would run
  // through the slips between).
  for (const a of slots) {
    const right = slots.filter((b) => b.box.x > a.box.x + a.box.width).map((b) => b.box.x);
    const below = slots.filter((b) => b.box.y > a.box.y + a.box.height).map((b) => b.box.y);
    if (right.length > 0) xs.add((a.box.x + a.box.width + Math.min(...right)) / 2);
    if (below.length > 0) ys.add((a.box.y + a.box.height + Math.min(...below)) / 2);
  }
  const path = new PathBuilder();
  for (const x of [...xs].sort((a, b) => a - b)) path.moveTo(x, top).lineTo(x, bottom);
  for (const y of [...ys].sort((a, b) => a - b)) {
    path.moveTo(HOME_BORDER, y).lineTo(page.width - HOME_BORDER, y);
  }
  if (path.isEmpty) return;
  const width = Math.max(0.5, book.print.rules.minLine);
  page.items.push({
    type: 'path',
    path: path.finish(),
    stroke: { color: book.theme.colors.muted, width, cap: 'butt', join: 'miter', dash: [4, 3] },
  });
}

/**
 * The boxes of a page's parts drawn so far, which markers and their words keep clear of: each line of text
 * in a theme font (its advance width, from the ascender — at least the cap height, 0.75 em — to 0.25 em
 * under the baseline, where underscores and descenders reach) and each piece of a path (one box per subpath,
 * grown by half its stroke). Page coordinates, pt.
 */
export function partBoxes(book: BookPlan, items: readonly Item[]): Rect[] {
  const { fonts } = book.theme;
  const boxes: Rect[] = [];
  for (const item of items) {
    if (item.type === 'text') {
      if (item.font !== 'heading' && item.font !== 'body') continue;
      const face = fonts[item.font];
      const top = Math.max(capHeight(face, item.size), 0.75 * item.size);
      const width = textWidth(face, item.text, item.size);
      boxes.push({ x: item.x, y: item.y - top, width, height: top + 0.25 * item.size });
    } else if (item.type === 'path') {
      boxes.push(...subpathBoxes(item.path, (item.stroke?.width ?? 0) / 2));
    }
  }
  return boxes;
}
