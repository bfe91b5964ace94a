import { type Solution, solve } from '../analyze/solve.js';
import { generateMaze } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import { topologies } from '../grid/registry.js';
import { type Mazegram, messageCells, placeMazegram } from '../mazegram/place.js';
import type { BookPlan, ExamplePlan, FrontPage } from '../plan/book-plan.js';
import { fitMarkers, markerRoom } from '../plan/marker-rule.js';
import { gridClearIn } from '../plan/page-geometry.js';
import type { Rect } from '../plan/rect.js';
import { createRng, type Seed128 } from '../random/sfc32.js';
import { textWidth } from '../text/fonts.js';
import { answerKeyStyle } from './answer-key-style.js';
import type { Page } from './display-list.js';
import { drawLetters } from './draw-letters.js';
import { drawMaze, fitGrid } from './draw-maze.js';
import { blankPage, folio, pageHeading } from './page-parts.js';
import { markerStyle } from './puzzle-pages.js';
import { answerMarks } from './reveal-answer.js';
import { centredText, fitText, leftText, type TextStyle, textDoesNotFit, wrapText } from './text-items.js';

/** Front matter and section pages: title, instructions, contents, copyright, section openers. */

/** The spaces of the title page's block as shares of their sizes: after each title line, and so on. */
const TITLE_LEADING = 1.2;

/**
 * The title page: the title, the subtitle under it and the author, a third of the way down. Each wraps to
 * the content's width; a block too tall for the page is moved up, then set smaller (title and subtitle
 * alike, down to the book's text floor); one that does not fit even then is an error at the longest part.
 */
export function titlePage(book: BookPlan): Page {
  const page = blankPage(book);
  const { theme, geometry, floors } = book;
  const cx = geometry.content.x + geometry.content.width / 2;
  const width = geometry.content.width;
  const top = geometry.content.y;
  const bottom = geometry.folioBaseline - theme.sizes.folio * 2.6;
  /** The block at `k` times the theme's sizes (never under the floor): its lines, or undefined. */
  const setAt = (k: number) => {
    const title = Math.max(floors.text, theme.sizes.title * k);
    const sub = Math.max(floors.text, theme.sizes.subtitle * k);
    const wrap = (text: string, font: 'heading' | 'body', size: number) => {
      const lines = wrapText(theme, text, { font, size, color: '' }, width);
      return lines.every((l) => textWidth(theme.fonts[font], l, size) <= width + 1e-9) ? lines : undefined;
    };
    const titleLines = wrap(book.title, 'heading', title);
    const subLines = book.subtitle ? wrap(book.subtitle, 'body', sub) : [];
    const author = book.author ? wrap(book.author, 'body', sub) : [];
    if (!titleLines || !subLines || !author) return undefined;
    // From the first baseline: the title's lines, each subtitle line, the author's lines under a gap.
    const height =
      (titleLines.length - 1) * title * TITLE_LEADING +
      title * TITLE_LEADING +
      subLines.length * sub * 1.7 +
      (author.length > 0 ? sub * 2.5 + (author.length - 1) * sub * TITLE_LEADING : -title * 0.95) +
      sub * 0.25;
    const first = Math.max(top + title, Math.min(top + geometry.content.height * 0.36, bottom - height));
    if (first - title < top - 1e-9 || first + height > bottom + 1e-9) return undefined;
    return { title, sub, titleLines, subLines, author, first };
  };
  let set = setAt(1);
  for (let k = 1; !set && Math.max(theme.sizes.title, theme.sizes.subtitle) * k > floors.text; k *= 0.96) {
    set = setAt(k * 0.96);
  }
  if (!set) {
    const [where, text] =
      book.subtitle && book.subtitle.length > book.title.length
        ? [book.places.subtitle, book.subtitle]
        : [book.places.title, book.title];
    throw textDoesNotFit(where, text, 'the title page', floors.text);
  }
  let y = set.first;
  const heading: TextStyle = { font: 'heading', size: set.title, color: theme.colors.text };
  for (const line of set.titleLines) {
    page.items.push(centredText(theme, line, cx, y, heading));
    y += set.title * TITLE_LEADING;
  }
  const style: TextStyle = { font: 'body', size: set.sub, color: theme.colors.text };
  for (const line of set.subLines) {
    y += style.size * 0.4;
    page.items.push(centredText(theme, line, cx, y + style.size, style));
    y += style.size * 1.3;
  }
  y += set.sub * 2.5;
  for (const line of set.author) {
    page.items.push(centredText(theme, line, cx, y, { ...style, color: theme.colors.muted }));
    y += set.sub * TITLE_LEADING;
  }
  const small: TextStyle = { font: 'body', size: theme.sizes.label, color: theme.colors.muted };
  if (book.showSeed) {
    page.items.push(centredText(theme, `Seed ${book.seed}`, cx, geometry.folioBaseline, small));
  }
  // A book without a copyright page credits bundled art at the title page's foot.
  if (!book.front.some((f) => f.kind === 'copyright')) {
    let at = geometry.folioBaseline - (book.showSeed ? small.size * 1.6 : 0);
    for (const line of [...book.credits].reverse()) {
      page.items.push(centredText(theme, line, cx, at, small));
      at -= small.size * 1.4;
    }
  }
  return page;
}

/**
 * Paragraphs wrapped to `width` at the largest size from `size` down to `floor` (4 % steps) whose block —
 * lines `leading` sizes apart, paragraphs a further `gap` sizes apart — is at most `height` tall.
 */
function fitParagraphs(
  book: BookPlan,
  paragraphs: readonly string[],
  size: number,
  width: number,
  height: number,
  leading: number,
  gap: number,
): { lines: string[][]; size: number } | undefined {
  const { theme, floors } = book;
  const joined = paragraphs.join('\n');
  const fitted = fitText(theme, joined, 'body', size, floors.text, width, (n, s) => {
    return n * s * leading + paragraphs.length * s * gap <= height + 1e-9;
  });
  if (!fitted) return undefined;
  const style: TextStyle = { font: 'body', size: fitted.size, color: '' };
  return { lines: paragraphs.map((p) => wrapText(theme, p, style, width)), size: fitted.size };
}

/**
 * An instructions page: its heading, its text (smaller where it must fit), and its worked example under it.
 * @param letterFont the font key of the example's mazegram letters, if it spells a word
 */
export function instructionsPage(
  book: BookPlan,
  item: Extract<FrontPage, { kind: 'instructions' }>,
  number: number,
  letterFont = 'heading',
): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  pageHeading(book, page, item.heading, item.where);
  // A comfortable measure: about 70 characters, never wider than the page allows.
  const measure = Math.min(geometry.content.width, theme.sizes.body * 34);
  const x = geometry.content.x + (geometry.content.width - measure) / 2;
  let y = geometry.titleBaseline + theme.sizes.heading * 2.4;
  const paragraphs = item.text.split(/\n+/).filter((p) => p.trim());
  // The text runs from under the heading to the folio's band, smaller where it must.
  const room = geometry.folioBaseline - theme.sizes.folio * 2.6 - (y - theme.sizes.body);
  const fitted = fitParagraphs(book, paragraphs, theme.sizes.body, measure, room, 1.45, 0.8);
  if (!fitted) throw textDoesNotFit(item.where, item.text, 'its page', book.floors.text);
  const body: TextStyle = { font: 'body', size: fitted.size, color: theme.colors.text };
  y += fitted.size - theme.sizes.body;
  for (const lines of fitted.lines) {
    for (const line of lines) {
      page.items.push({ type: 'text', text: line, x, y, ...body });
      y += body.size * 1.45;
    }
    y += body.size * 0.8;
  }
  if (item.example) workedExample(book, page, item.example, y, letterFont);
  folio(book, page, number);
  return page;
}

/**
 * The worked example's maze: the first candidate whose route winds through at least half its cells (a route
 * worth showing), else the one with the longest route; of a weave, one whose route goes under a bridge; of
 * a mazegram, one whose route has a cell for each letter, the word placed on it (from the candidate's seed).
 */
export function exampleMaze(example: ExamplePlan): { maze: Maze; solution: Solution; mazegram?: Mazegram } {
  let best: { maze: Maze; solution: Solution; seed: Seed128 } | undefined;
  const weave = example.recipe.options.weave !== undefined;
  const letters = example.mazegram?.letters ?? 0;
  const shows = (maze: Maze, solution: Solution): boolean =>
    (!weave || goesUnder(maze, solution)) && messageCells(maze, solution).length >= letters;
  let shown = false;
  for (const seed of example.seeds) {
    const maze = generateMaze(example.recipe, seed, '#example');
    const solution = solve(maze);
    const ok = shows(maze, solution);
    if (!best || (ok && !shown) || (ok === shown && solution.cells.length > best.solution.cells.length))
      best = { maze, solution, seed };
    shown ||= ok;
    if (ok && solution.cells.length * 2 >= maze.grid.cellCount) break;
  }
  if (!best) throw new Error('internal: a worked example without candidates');
  const { maze, solution, seed } = best;
  const m = example.mazegram;
  if (!m || messageCells(maze, solution).length < m.letters) return { maze, solution };
  const options = { message: m.message, language: m.language, fill: m.fill, case: m.case };
  const mazegram = placeMazegram(maze, solution, options, createRng(seed), '#example');
  return { maze, solution, mazegram };
}

/** Whether a weave maze's route runs beneath a bridge somewhere. */
function goesUnder(maze: Maze, solution: Solution): boolean {
  const under = maze.grid.weave?.under;
  return !!under && solution.walls.some((w) => w >= 0 && under[w] >= 0);
}

/** Least height of a worked example's box (caption, maze and markers), pt: below it the example is left out. */
const EXAMPLE_LEAST = (45 / 25.4) * 72;

/** The worked example takes at most this share of the text block's width. */
const EXAMPLE_WIDTH = 1;

/**
 * The worked example under an instructions page's text, from `top` (pt) down to the folio band: the caption
 * ("Example" in the book's language), then the small maze solved (the answer keys' route, a mazegram's
 * letters over it) with its start and finish markers by the book's marker rule, as large as the room left
 * allows (at most {@link EXAMPLE_WIDTH} of the text block wide). Left out where the text leaves less than
 * {@link EXAMPLE_LEAST}.
 */
function workedExample(
  book: BookPlan,
  page: Page,
  example: ExamplePlan,
  top: number,
  letterFont: string,
): void {
  const { theme, geometry } = book;
  const bottom = geometry.folioBaseline - theme.sizes.folio * 2.6;
  const captionSize = theme.sizes.heading * 0.8;
  const y0 = top + theme.sizes.body;
  if (bottom - y0 < EXAMPLE_LEAST) return;
  const cx = geometry.content.x + geometry.content.width / 2;
  page.items.push(
    centredText(theme, book.words.example, cx, y0 + captionSize, {
      font: 'heading',
      size: captionSize,
      color: theme.colors.muted,
    }),
  );
  const { maze, solution, mazegram } = exampleMaze(example);
  const boxTop = y0 + captionSize * 1.6;
  // A box as wide as the room allows and as tall as the maze at that width (with its markers' room at their
  // least), right under the caption, down to the folio's band.
  const least = markerRoom(example.markers.fit.rule.least, example.markers.fit);
  const aspect = maze.grid.height / maze.grid.width;
  const width = Math.min(
    geometry.content.width * EXAMPLE_WIDTH,
    (bottom - boxTop - 2 * least) / aspect + 2 * least,
  );
  const box: Rect = { x: cx - width / 2, y: boxTop, width, height: (width - 2 * least) * aspect + 2 * least };
  const topo = topologies[example.recipe.shape];
  const clear = gridClearIn(maze.grid, topo.narrowest, theme.walls.width);
  const { area, size } = fitMarkers(box, 0, example.markers.fit, clear);
  const place = fitGrid(maze.grid, area);
  const drawn = place.scale * topo.passage;
  const route = answerKeyStyle(book, theme.walls.width, theme.solution.width, drawn);
  page.items.push(
    ...drawMaze(
      maze,
      area,
      {
        walls: route.walls,
        ...(theme.colors.background ? { background: theme.colors.background } : {}),
        markers: markerStyle(book, example, size, box),
        ...(example.recipe.picture?.reveal
          ? answerMarks(book, example.recipe, maze, solution, route)
          : { band: route.band, solution: route.solution, underRoute: route.underRoute }),
      },
      solution,
    ),
  );
  if (mazegram && example.mazegram) {
    page.items.push(
      ...drawLetters(maze, example.recipe.shape, mazegram, place, {
        fontKey: letterFont,
        face: example.mazegram.font,
        message: theme.colors.letters,
        decoy: theme.colors.muted,
        knockout: route.band.color,
      }),
    );
  }
}

/**
 * A section's opening page: its heading, large, in the middle; wrapped and set smaller (to the book's text
 * floor) where it must, within the middle half of the page. A heading that does not fit is an error at
 * `where`.
 */
export function sectionPage(book: BookPlan, heading: string, where: string, number: number): Page {
  const page = blankPage(book);
  const { theme, geometry, floors } = book;
  const cx = geometry.content.x + geometry.content.width / 2;
  const size = theme.sizes.title;
  const fitted = fitText(theme, heading, 'heading', size, floors.text, geometry.content.width, (n, s) => {
    return n * s * TITLE_LEADING <= geometry.content.height * 0.5;
  });
  if (!fitted) throw textDoesNotFit(where, heading, 'its section page', floors.text);
  // One line sits at 45 % of the page; more lines are centred on that line.
  let y =
    geometry.content.y +
    geometry.content.height * 0.45 -
    ((fitted.lines.length - 1) * fitted.size * TITLE_LEADING) / 2;
  for (const line of fitted.lines) {
    page.items.push(
      centredText(theme, line, cx, y, { font: 'heading', size: fitted.size, color: theme.colors.text }),
    );
    y += fitted.size * TITLE_LEADING;
  }
  folio(book, page, number);
  return page;
}

/**
 * The contents: each section (or the puzzles as one entry) and the answers, with their page numbers. Rows
 * 2 sizes apart; an entry too wide for its row wraps, and contents too long for the page are set smaller
 * (to the book's text floor); beyond that they are an error.
 */
export function contentsPage(
  book: BookPlan,
  number: number,
  sections: readonly { heading: string; page: number; where: string }[],
  pageOf: ReadonlyMap<number, number>,
  puzzles: number,
  answers: number,
): Page {
  const page = blankPage(book);
  const { theme, geometry, words, floors } = book;
  pageHeading(book, page, words.contents, book.places.front);
  const rows: [string, number][] =
    sections.length > 0
      ? sections.map((s) => [s.heading, s.page])
      : [[`${words.puzzle} 1–${puzzles}`, pageOf.get(1) ?? 1]];
  if (answers > 0) rows.push([book.solutions.title, answers]);
  const left = geometry.content.x + geometry.content.width * 0.15;
  const right = geometry.content.x + geometry.content.width * 0.85;
  const first = geometry.titleBaseline + theme.sizes.heading * 2.6;
  const bottom = geometry.folioBaseline - theme.sizes.folio * 2.6;
  /** Each row's lines at `size`, or undefined when a word is too wide or the rows run past the bottom. */
  const setAt = (size: number): string[][] | undefined => {
    const style: TextStyle = { font: 'body', size, color: '' };
    const gap = size;
    let y = first;
    const out: string[][] = [];
    for (const [label, at] of rows) {
      const width = right - left - textWidth(theme.fonts.body, String(at), size) - gap;
      const lines = wrapText(theme, label, style, width);
      if (lines.some((l) => textWidth(theme.fonts.body, l, size) > width + 1e-9)) return undefined;
      out.push(lines);
      y += (lines.length - 1) * size * 1.2;
      if (y + size * 0.25 > bottom + 1e-9) return undefined;
      y += size * 2;
    }
    return out;
  };
  let size = theme.sizes.body * 1.2;
  let set = setAt(size);
  while (!set && size > floors.text) {
    size = Math.max(floors.text, size * 0.96);
    set = setAt(size);
  }
  if (!set) {
    const longest = rows.reduce((a, b) => (b[0].length > a[0].length ? b : a))[0];
    const where = sections.find((s) => s.heading === longest)?.where ?? book.places.front;
    throw textDoesNotFit(where, longest, `the contents page (${rows.length} entries)`, floors.text);
  }
  const body: TextStyle = { font: 'body', size, color: theme.colors.text };
  let y = first;
  rows.forEach(([, at], i) => {
    const lines = set[i];
    lines.forEach((line, k) => {
      page.items.push(leftText(line, left, y + k * size * 1.2, body));
    });
    y += (lines.length - 1) * size * 1.2;
    const n = String(at);
    page.items.push(leftText(n, right - textWidth(theme.fonts.body, n, size), y, body));
    y += size * 2;
  });
  folio(book, page, number);
  return page;
}

/**
 * A copyright or colophon page: the author's text low on the page, and the book's seed when asked for; a
 * text too long for the page is set smaller (to the book's text floor), beyond that an error at `where`.
 */
export function copyrightPage(book: BookPlan, text: string, where: string): Page {
  const page = blankPage(book);
  const { theme, geometry, floors } = book;
  const width = geometry.content.width;
  // The author's text, then the credits bundled art asks for, each its own paragraph, at one size.
  const credits = (size: number) =>
    book.credits.flatMap((t) => wrapText(theme, t, { font: 'body', size, color: '' }, width));
  const fitted = fitText(theme, text, 'body', theme.sizes.body, floors.text, width, (n, s) => {
    return geometry.content.height - (n + credits(s).length + 3) * s * 1.4 - s >= 0;
  });
  if (!fitted) throw textDoesNotFit(where, text, 'its page', floors.text);
  const body: TextStyle = { font: 'body', size: fitted.size, color: theme.colors.text };
  const lines = [...fitted.lines, ...credits(fitted.size)];
  let y = geometry.content.y + geometry.content.height - (lines.length + 3) * body.size * 1.4;
  for (const line of lines) {
    page.items.push(leftText(line, geometry.content.x, y, body));
    y += body.size * 1.4;
  }
  y += body.size * 1.4;
  if (book.showSeed) {
    page.items.push(
      leftText(`Seed ${book.seed} · mazebook`, geometry.content.x, y, { ...body, color: theme.colors.muted }),
    );
  }
  return page;
}
