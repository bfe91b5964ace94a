import { type Solution, solve } from '../analyze/solve.js';
import { generateMaze } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import { topologies } from '../grid/registry.js';
import type { BookPlan, ExamplePlan, FrontPage } from '../plan/book-plan.js';
import { fitMarkers, markerRoom } from '../plan/marker-rule.js';
import { gridClearIn, type Rect } from '../plan/page-geometry.js';
import { textWidth } from '../text/fonts.js';
import type { Page } from './display-list.js';
import { drawMaze, fitGrid } from './draw-maze.js';
import { blankPage, folio, pageHeading, routeStyle } from './page-parts.js';
import { markerStyle } from './puzzle-pages.js';
import { centredText, fitSize, leftText, type TextStyle, wrapText } from './text-items.js';

/** Front matter and section pages: title, instructions, contents, copyright, section openers. */

export function titlePage(book: BookPlan): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  const cx = geometry.content.x + geometry.content.width / 2;
  const width = geometry.content.width;
  const heading: TextStyle = { font: 'heading', size: theme.sizes.title, color: theme.colors.text };
  const lines = wrapText(theme, book.title, heading, width);
  let y = geometry.content.y + geometry.content.height * 0.36;
  for (const line of lines) {
    page.items.push(
      centredText(theme, line, cx, y, {
        ...heading,
        size: fitSize(theme, line, 'heading', heading.size, width),
      }),
    );
    y += heading.size * 1.2;
  }
  if (book.subtitle) {
    const style: TextStyle = { font: 'body', size: theme.sizes.subtitle, color: theme.colors.text };
    for (const line of wrapText(theme, book.subtitle, style, width)) {
      y += style.size * 0.4;
      page.items.push(centredText(theme, line, cx, y + style.size, style));
      y += style.size * 1.3;
    }
  }
  if (book.author) {
    const style: TextStyle = { font: 'body', size: theme.sizes.subtitle, color: theme.colors.muted };
    page.items.push(centredText(theme, book.author, cx, y + style.size * 2.5, style));
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

export function instructionsPage(
  book: BookPlan,
  item: Extract<FrontPage, { kind: 'instructions' }>,
  number: number,
): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  pageHeading(book, page, item.heading);
  const body: TextStyle = { font: 'body', size: theme.sizes.body, color: theme.colors.text };
  // A comfortable measure: about 70 characters, never wider than the page allows.
  const measure = Math.min(geometry.content.width, body.size * 34);
  const x = geometry.content.x + (geometry.content.width - measure) / 2;
  let y = geometry.titleBaseline + theme.sizes.heading * 2.4;
  const paragraphs = item.text.split(/\n+/).filter((p) => p.trim());
  for (const paragraph of paragraphs) {
    for (const line of wrapText(theme, paragraph, body, measure)) {
      page.items.push({ type: 'text', text: line, x, y, ...body });
      y += body.size * 1.45;
    }
    y += body.size * 0.8;
  }
  if (item.example) workedExample(book, page, item.example, y);
  folio(book, page, number);
  return page;
}

/**
 * The worked example's maze: the first candidate whose route winds through at least half its cells (a route
 * worth showing), else the one with the longest route.
 */
export function exampleMaze(example: ExamplePlan): { maze: Maze; solution: Solution } {
  let best: { maze: Maze; solution: Solution } | undefined;
  for (const seed of example.seeds) {
    const maze = generateMaze(example.recipe, seed, '#example');
    const solution = solve(maze);
    if (!best || solution.cells.length > best.solution.cells.length) best = { maze, solution };
    if (solution.cells.length * 2 >= maze.grid.cellCount) break;
  }
  if (!best) throw new Error('internal: a worked example without candidates');
  return best;
}

/** Least height of a worked example's box (caption, maze and markers), pt: below it the example is left out. */
const EXAMPLE_LEAST = (45 / 25.4) * 72;

/**
 * The worked example under an instructions page's text, from `top` (pt) down to the folio band: the caption
 * ("Example" in the book's language), then the small maze solved (the answer keys' route) with its start and
 * finish markers by the book's marker rule. Left out where the text leaves less than {@link EXAMPLE_LEAST}.
 */
function workedExample(book: BookPlan, page: Page, example: ExamplePlan, top: number): void {
  const { theme, geometry } = book;
  const bottom = geometry.folioBaseline - theme.sizes.folio * 2.6;
  const captionSize = theme.sizes.heading * 0.8;
  const y0 = top + theme.sizes.body;
  const height = Math.min(bottom - y0, geometry.content.width * 0.55);
  if (height < EXAMPLE_LEAST) return;
  const cx = geometry.content.x + geometry.content.width / 2;
  page.items.push(
    centredText(theme, book.words.example, cx, y0 + captionSize, {
      font: 'heading',
      size: captionSize,
      color: theme.colors.muted,
    }),
  );
  const { maze, solution } = exampleMaze(example);
  const boxTop = y0 + captionSize * 1.6;
  // A box as wide as 60 % of the text block and as tall as the maze at that width (with its markers' room at
  // their least), right under the caption; lower pages get a smaller one.
  const least = markerRoom(example.markers.fit.rule.least, example.markers.fit);
  const aspect = maze.grid.height / maze.grid.width;
  const width = Math.min(geometry.content.width * 0.6, (bottom - boxTop - 2 * least) / aspect + 2 * least);
  const box: Rect = { x: cx - width / 2, y: boxTop, width, height: (width - 2 * least) * aspect + 2 * least };
  const topo = topologies[example.recipe.shape];
  const clear = gridClearIn(maze.grid, topo.narrowest, theme.walls.width);
  const { area, size } = fitMarkers(box, 0, example.markers.fit, clear);
  const drawn = fitGrid(maze.grid, area).scale * topo.passage;
  const route = routeStyle(book, theme.walls.width, theme.solution.width, drawn);
  page.items.push(
    ...drawMaze(
      maze,
      area,
      {
        walls: { color: theme.colors.walls, ...theme.walls },
        ...(theme.colors.background ? { background: theme.colors.background } : {}),
        markers: markerStyle(book, example, size, box),
        ...route,
      },
      solution,
    ),
  );
}

/** A section's opening page: its heading, large, in the middle. */
export function sectionPage(book: BookPlan, heading: string, number: number): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  const cx = geometry.content.x + geometry.content.width / 2;
  const size = fitSize(theme, heading, 'heading', theme.sizes.title, geometry.content.width);
  page.items.push(
    centredText(theme, heading, cx, geometry.content.y + geometry.content.height * 0.45, {
      font: 'heading',
      size,
      color: theme.colors.text,
    }),
  );
  folio(book, page, number);
  return page;
}

/** The contents: each section (or the puzzles as one entry) and the answers, with their page numbers. */
export function contentsPage(
  book: BookPlan,
  number: number,
  sections: readonly { heading: string; page: number }[],
  pageOf: ReadonlyMap<number, number>,
  puzzles: number,
  answers: number,
): Page {
  const page = blankPage(book);
  const { theme, geometry, words } = book;
  pageHeading(book, page, words.contents);
  const rows: [string, number][] =
    sections.length > 0
      ? sections.map((s) => [s.heading, s.page])
      : [[`${words.puzzle} 1–${puzzles}`, pageOf.get(1) ?? 1]];
  if (answers > 0) rows.push([book.solutions.title, answers]);
  const body: TextStyle = { font: 'body', size: theme.sizes.body * 1.2, color: theme.colors.text };
  const left = geometry.content.x + geometry.content.width * 0.15;
  const right = geometry.content.x + geometry.content.width * 0.85;
  let y = geometry.titleBaseline + theme.sizes.heading * 2.6;
  for (const [label, at] of rows) {
    page.items.push(leftText(label, left, y, body));
    const n = String(at);
    page.items.push(leftText(n, right - textWidth(theme.fonts.body, n, body.size), y, body));
    y += body.size * 2;
  }
  folio(book, page, number);
  return page;
}

/** A copyright or colophon page: the author's text low on the page, and the book's seed when asked for. */
export function copyrightPage(book: BookPlan, text: string, _where: string): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  const body: TextStyle = { font: 'body', size: theme.sizes.body, color: theme.colors.text };
  // The author's text, then the credits bundled art asks for, each its own paragraph.
  const lines = [text, ...book.credits].flatMap((t) => wrapText(theme, t, body, geometry.content.width));
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
