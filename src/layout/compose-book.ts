import type { Solution } from '../analyze/solve.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import type { Mazegram } from '../mazegram/place.js';
import type { Rect } from '../plan/page-geometry.js';
import { mixColors } from '../plan/palette.js';
import { type BookPlan, type FrontPage, type PuzzlePlan, puzzleTemplateVars } from '../plan/plan-book.js';
import { textWidth } from '../text/fonts.js';
import {
  type DisplayDocument,
  type Item,
  type Page,
  PathBuilder,
  polygon,
  type Stroke,
  translatePage,
} from './display-list.js';
import { answerBlanks, drawLetters } from './draw-letters.js';
import { drawMaze, fitGrid } from './draw-maze.js';
import { centredText, checkGlyphs, fitSize, leftText, type TextStyle, wrapText } from './text-items.js';

/** A generated puzzle as the layout needs it. */
export interface PuzzleForLayout {
  plan: PuzzlePlan;
  maze: Maze;
  solution: Solution;
  /** The recipe of the maze as built, when it differs from the plan's (automatic size). */
  recipe?: MazeRecipe;
  rating?: { score: number; label: string };
  mazegram?: Mazegram;
}

/** Columns × rows of answer thumbnails on a portrait page, by thumbnails per page. */
const ANSWER_GRID: Record<number, [number, number]> = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 12: [3, 4] };

/**
 * Composes the whole book: front matter, one page per puzzle, then the answer pages. Page numbers count
 * from the first page (the title page is page 1 but shows no number).
 */
export function composeBook(book: BookPlan, puzzles: readonly PuzzleForLayout[]): DisplayDocument {
  const pages: Page[] = [];
  let contentsAt = -1;
  for (const item of book.front) {
    if (item.kind === 'title') pages.push(titlePage(book));
    else if (item.kind === 'instructions') pages.push(instructionsPage(book, item, pages.length + 1));
    else if (item.kind === 'copyright') pages.push(copyrightPage(book, item.text, item.where));
    else {
      contentsAt = pages.length;
      pages.push(blankPage(book)); // filled in once the page numbers are known
    }
  }
  /** Section headings and the pages they start on, for the contents. */
  const sectionPages: { heading: string; page: number }[] = [];
  // Mazegram letter fonts: one font key per distinct file, in book order.
  const letterFonts = new Map<string, string>();
  for (const p of puzzles) {
    const path = p.plan.mazegram?.font.path;
    if (path && !letterFonts.has(path)) letterFonts.set(path, `letters${letterFonts.size + 1}`);
  }
  const fontKey = (p: PuzzleForLayout) => letterFonts.get(p.plan.mazegram?.font.path ?? '') ?? 'heading';
  const interactive = book.print.rules.interactive;
  /** The page each puzzle is printed on (for answer labels and links). */
  const pageOf = new Map<number, number>();
  for (let i = 0; i < puzzles.length; ) {
    // A sheet holds up to perPage puzzles, and never runs across a section boundary.
    let end = i + 1;
    while (
      end < i + book.perPage &&
      end < puzzles.length &&
      puzzles[end].plan.section?.index === puzzles[i].plan.section?.index
    )
      end++;
    const group = puzzles.slice(i, end);
    i = end;
    const section = group[0].plan.section;
    if (section && sectionPages.length === section.index) {
      sectionPages.push({ heading: section.heading, page: pages.length + 1 });
      pages.push(sectionPage(book, section.heading, pages.length + 1));
    }
    const number = pages.length + 1;
    const page =
      book.perPage === 1
        ? puzzlePage(book, group[0], number, fontKey(group[0]))
        : sheetPage(book, group, number, fontKey, false);
    for (const p of group) pageOf.set(p.plan.number, number);
    if (interactive) page.bookmark = group.map((p) => `${book.words.puzzle} ${p.plan.number}`).join(', ');
    pages.push(page);
    // `solutions: inline`: the answers on the next page, the back of the sheet when printed double-sided.
    if (book.solutions.inline) pages.push(sheetPage(book, group, pages.length + 1, fontKey, true));
  }
  const answersStart = pages.length;
  if (book.solutions.appendix) {
    for (let i = 0; i < puzzles.length; i += book.solutions.perPage) {
      pages.push(
        answerPage(book, puzzles.slice(i, i + book.solutions.perPage), pageOf, pages.length + 1, fontKey),
      );
      if (interactive && i === 0) pages[pages.length - 1].bookmark = book.solutions.title;
    }
  }
  if (interactive && book.solutions.appendix) {
    // Screen PDFs: each puzzle page's title links to the answers of its first puzzle.
    const g = book.geometry;
    for (const [n, pageNumber] of pageOf) {
      const page = pages[pageNumber - 1];
      if (page.items.some((i) => i.type === 'link')) continue;
      page.items.push({
        type: 'link',
        x: g.content.x,
        y: g.content.y,
        width: g.content.width,
        height: g.titleBaseline - g.content.y + book.theme.sizes.heading * 0.4,
        page: answersStart + Math.floor((n - 1) / book.solutions.perPage),
      });
    }
  }
  if (contentsAt >= 0) {
    const answers = book.solutions.appendix
      ? pages.length - Math.ceil(puzzles.length / book.solutions.perPage) + 1
      : 0;
    pages[contentsAt] = contentsPage(book, contentsAt + 1, sectionPages, pageOf, puzzles.length, answers);
  }
  finishPages(book, pages);
  return {
    color: book.print.color,
    info: {
      title: book.title,
      author: book.author,
      subject: `${puzzles.length} mazes`,
      keywords: `maze, puzzle, seed ${book.seed}`,
      date: book.date,
    },
    fonts: {
      heading: book.theme.fonts.heading.path,
      body: book.theme.fonts.body.path,
      ...Object.fromEntries([...letterFonts].map(([path, key]) => [key, path])),
    },
    pages,
  };
}

/**
 * Puts the composed pages on paper: pads to an even count for print profiles that want it, moves left-hand
 * pages so the inside margin is on the spine side, and adds the bleed (on the outer edge, top and bottom for
 * KDP; all round otherwise) with the trim box marked. Layout itself works on right-hand trim pages.
 */
function finishPages(book: BookPlan, pages: Page[]): void {
  const { print } = book;
  if (print.rules.padEven && pages.length % 2 === 1) pages.push(blankPage(book));
  const { left: inside, right: outside } = print.margins;
  const b = print.bleed;
  pages.forEach((page, i) => {
    const verso = (i + 1) % 2 === 0;
    if (print.facing && verso) translatePage(page, outside - inside, 0);
    if (b <= 0) return;
    const trimW = page.width;
    const trimH = page.height;
    const left = print.bleedStyle === 'all' || verso ? b : 0;
    const right = print.bleedStyle === 'all' || !verso ? b : 0;
    translatePage(page, left, b);
    page.width = trimW + left + right;
    page.height = trimH + 2 * b;
    page.trim = { x: left, y: b, width: trimW, height: trimH };
  });
}

function blankPage(book: BookPlan): Page {
  const bg = book.theme.colors.page.toLowerCase();
  return {
    width: book.paper.width,
    height: book.paper.height,
    background: bg === '#ffffff' || bg === '#fff' ? undefined : bg,
    items: [],
  };
}

function folio(book: BookPlan, page: Page, number: number): void {
  const { theme, geometry } = book;
  const x = geometry.content.x + geometry.content.width / 2;
  page.items.push(
    centredText(theme, String(number), x, geometry.folioBaseline, {
      font: 'body',
      size: theme.sizes.folio,
      color: theme.colors.muted,
    }),
  );
}

/** The heading at the top of a page, centred, shrunk (down to 60 %) if it would not fit on one line. */
function pageHeading(book: BookPlan, page: Page, text: string): void {
  const { theme, geometry } = book;
  const size = fitSize(theme, text, 'heading', theme.sizes.heading, geometry.content.width);
  const cx = geometry.content.x + geometry.content.width / 2;
  page.items.push(
    centredText(theme, text, cx, geometry.titleBaseline, { font: 'heading', size, color: theme.colors.text }),
  );
}

function titlePage(book: BookPlan): Page {
  const page = blankPage(book);
  checkGlyphs(book.theme, 'heading', book.title, book.placeOf(['title']));
  if (book.subtitle) checkGlyphs(book.theme, 'body', book.subtitle, book.placeOf(['subtitle']));
  if (book.author) checkGlyphs(book.theme, 'body', book.author, book.placeOf(['author']));
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
  page.items.push(centredText(theme, `Seed ${book.seed}`, cx, geometry.folioBaseline, small));
  return page;
}

function instructionsPage(
  book: BookPlan,
  item: Extract<FrontPage, { kind: 'instructions' }>,
  number: number,
): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  checkGlyphs(theme, 'heading', item.heading, item.where);
  checkGlyphs(theme, 'body', item.text, item.where);
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
  folio(book, page, number);
  return page;
}

function puzzleVars(book: BookPlan, p: PuzzleForLayout, pageNumber: number) {
  const { shape, size, algorithm } = p.recipe ?? p.plan.recipe;
  const { number, key } = p.plan;
  return {
    ...puzzleTemplateVars(number, pageNumber, book.title, key, shape, size, algorithm, p.rating),
    blanks: p.mazegram ? answerBlanks(p.mazegram.words) : '',
  };
}

/** Five stars (one per two points of the 1–10 score, rounded up) or the label, under the puzzle title. */
function difficultyMark(
  book: BookPlan,
  page: Page,
  rating: { score: number; label: string },
  at?: { cx: number; y: number; scale: number },
): void {
  const { theme, geometry } = book;
  const cx = at?.cx ?? geometry.content.x + geometry.content.width / 2;
  const y = at?.y ?? geometry.titleBaseline + theme.sizes.label * 1.6;
  if (book.showDifficulty === 'label') {
    page.items.push(
      centredText(theme, rating.label, cx, y + theme.sizes.label * 0.35, {
        font: 'body',
        size: theme.sizes.label,
        color: theme.colors.muted,
      }),
    );
    return;
  }
  const r = theme.sizes.label * 0.6 * (at?.scale ?? 1);
  const filled = Math.min(5, Math.max(1, Math.ceil(rating.score / 2)));
  for (let i = 0; i < 5; i++) {
    const x = cx + (i - 2) * r * 2.4;
    const points: [number, number][] = [];
    for (let k = 0; k < 10; k++) {
      const a = -Math.PI / 2 + (k * Math.PI) / 5;
      const rr = k % 2 === 0 ? r : r * 0.45;
      points.push([x + rr * Math.cos(a), y + rr * Math.sin(a)]);
    }
    page.items.push(
      i < filled
        ? { type: 'path', path: polygon(points), fill: theme.colors.text }
        : {
            type: 'path',
            path: polygon(points),
            stroke: {
              color: theme.colors.muted,
              width: Math.max(book.print.rules.minLine, r * 0.12),
              cap: 'round',
              join: 'round',
            },
          },
    );
  }
}

function puzzlePage(book: BookPlan, p: PuzzleForLayout, number: number, letterFont: string): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  const title = p.plan.title(puzzleVars(book, p, number));
  checkGlyphs(theme, 'heading', title, p.plan.where);
  pageHeading(book, page, title);
  if (book.showDifficulty !== 'none' && p.rating) difficultyMark(book, page, p.rating);
  let area = geometry.mazeArea;
  const gram = p.mazegram && p.plan.mazegram;
  if (gram && p.plan.mazegram?.blanks) {
    // Answer blanks under the maze (below the room its arrows need): a drawn rule per letter.
    const room = theme.markers.size * 1.75;
    const line = theme.sizes.body * 2.4;
    area = { ...area, height: area.height - line - room };
    page.items.push(
      answerBlankLines(
        p.mazegram?.words ?? [],
        area.x + area.width / 2,
        area.y + area.height + room + line * 0.7,
        area.width,
        theme,
      ),
    );
  }
  page.items.push(
    ...drawMaze(p.maze, area, {
      walls: { color: theme.colors.walls, ...theme.walls },
      ...(theme.colors.background ? { background: theme.colors.background } : {}),
      markers: { color: theme.colors.markers, size: theme.markers.size },
    }),
  );
  if (p.mazegram && p.plan.mazegram) {
    page.items.push(
      ...drawLetters(p.maze, (p.recipe ?? p.plan.recipe).shape, p.mazegram, fitGrid(p.maze.grid, area), {
        fontKey: letterFont,
        face: p.plan.mazegram.font,
        message: theme.colors.letters,
        decoy: theme.colors.letters,
      }),
    );
  }
  folio(book, page, number);
  return page;
}

/**
 * An activity sheet: several mazes in a grid, each labelled with its number and title; or, with `answers`,
 * the same sheet solved (for `solutions: inline`, printed on the back).
 */
function sheetPage(
  book: BookPlan,
  group: readonly PuzzleForLayout[],
  number: number,
  letterFont: (p: PuzzleForLayout) => string,
  answers: boolean,
): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  const first = group[0];
  const heading = answers
    ? book.solutions.title
    : book.perPage === 1
      ? first.plan.title(puzzleVars(book, first, number))
      : book.title;
  checkGlyphs(theme, 'heading', heading, first.plan.where);
  pageHeading(book, page, heading);
  if (!answers) nameDateLine(book, page);
  const slots = geometry.slots ?? [
    { label: geometry.mazeArea.y - theme.sizes.label, maze: geometry.mazeArea },
  ];
  group.forEach((p, i) => {
    const slot = slots[i];
    if (book.perPage > 1) {
      const label = p.plan.title(puzzleVars(book, p, number));
      checkGlyphs(theme, 'body', label, p.plan.where);
      const style: TextStyle = { font: 'body', size: theme.sizes.label * 1.2, color: theme.colors.text };
      const size = fitSize(theme, label, 'body', style.size, slot.maze.width);
      page.items.push(
        centredText(theme, label, slot.maze.x + slot.maze.width / 2, slot.label, { ...style, size }),
      );
    }
    page.items.push(
      ...drawMaze(
        p.maze,
        slot.maze,
        {
          walls: { color: theme.colors.walls, ...theme.walls },
          ...(theme.colors.background ? { background: theme.colors.background } : {}),
          markers: { color: theme.colors.markers, size: theme.markers.size },
          ...(answers
            ? {
                solution: solutionStroke(book, theme.solution.width, fitGrid(p.maze.grid, slot.maze).scale),
                solutionUnder: book.solutions.style === 'highlight',
              }
            : {}),
        },
        answers ? p.solution : undefined,
      ),
    );
    if (p.mazegram && p.plan.mazegram) {
      page.items.push(
        ...drawLetters(
          p.maze,
          (p.recipe ?? p.plan.recipe).shape,
          p.mazegram,
          fitGrid(p.maze.grid, slot.maze),
          {
            fontKey: letterFont(p),
            face: p.plan.mazegram.font,
            message: theme.colors.letters,
            decoy: answers ? theme.colors.muted : theme.colors.letters,
          },
        ),
      );
    }
    if (p.mazegram && book.perPage > 1) {
      // Under a sheet's mazegram: the blanks to fill in, or on the answer sheet the message itself.
      const y = slot.maze.y + slot.maze.height + theme.markers.size * 1.75 - theme.sizes.label * 0.2;
      if (answers) {
        const msg = p.mazegram.message;
        const size = fitSize(theme, msg, 'body', theme.sizes.label * 1.2, slot.maze.width);
        page.items.push(
          centredText(theme, msg, slot.maze.x + slot.maze.width / 2, y, {
            font: 'body',
            size,
            color: theme.colors.text,
          }),
        );
      } else {
        page.items.push(
          answerBlankLines(p.mazegram.words, slot.maze.x + slot.maze.width / 2, y, slot.maze.width, theme),
        );
      }
    }
  });
  if (book.print.profile === 'home' && book.perPage > 1 && geometry.slots)
    cutMarks(book, page, geometry.slots);
  folio(book, page, number);
  return page;
}

/**
 * Home printing of activity sheets: short cut marks at the page edges along the middle of the gaps between
 * mazes, so a sheet can be cut into single mazes.
 */
function cutMarks(book: BookPlan, page: Page, slots: readonly { label: number; maze: Rect }[]): void {
  const { theme } = book;
  const room = theme.markers.size * 1.75;
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (const a of slots) {
    for (const b of slots) {
      if (b.maze.x > a.maze.x + a.maze.width)
        xs.add((a.maze.x + a.maze.width + room + (b.maze.x - room)) / 2);
      // The next row starts with its label line above the maze.
      if (b.label > a.maze.y + a.maze.height)
        ys.add((a.maze.y + a.maze.height + room + b.label - theme.sizes.label * 1.5) / 2);
    }
  }
  const len = 10;
  const path = new PathBuilder();
  for (const x of xs) {
    path.moveTo(x, 0).lineTo(x, len);
    path.moveTo(x, page.height - len).lineTo(x, page.height);
  }
  for (const y of ys) {
    path.moveTo(0, y).lineTo(len, y);
    path.moveTo(page.width - len, y).lineTo(page.width, y);
  }
  if (path.isEmpty) return;
  page.items.push({
    type: 'path',
    path: path.finish(),
    stroke: {
      color: theme.colors.muted,
      width: Math.max(0.5, book.print.rules.minLine),
      cap: 'butt',
      join: 'miter',
    },
  });
}

/**
 * Answer blanks as drawn rules, one per letter and words set apart, centred on cx with the rules' baseline at
 * y: about 6 mm a letter, narrower when the line must fit `width`.
 */
function answerBlankLines(
  words: readonly string[],
  cx: number,
  y: number,
  width: number,
  theme: BookPlan['theme'],
): Item {
  const letters = words.reduce((n, w) => n + [...w].length, 0);
  const gaps = letters - words.length;
  const spaces = Math.max(0, words.length - 1);
  // rule : letter gap : word gap = 1 : 0.35 : 1.2
  const unit = Math.min(17, width / (letters + gaps * 0.35 + spaces * 1.2));
  const total = unit * (letters + gaps * 0.35 + spaces * 1.2);
  let x = cx - total / 2;
  const b = new PathBuilder();
  words.forEach((w, i) => {
    [...w].forEach((_, j) => {
      if (j > 0) x += unit * 0.35;
      b.moveTo(x, y).lineTo(x + unit, y);
      x += unit;
    });
    if (i < words.length - 1) x += unit * 1.2;
  });
  return {
    type: 'path',
    path: b.finish(),
    stroke: {
      color: theme.colors.text,
      width: Math.max(0.75, theme.walls.width * 0.5),
      cap: 'butt',
      join: 'miter',
    },
  };
}

/** A section's opening page: its heading, large, in the middle. */
function sectionPage(book: BookPlan, heading: string, number: number): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  checkGlyphs(theme, 'heading', heading, book.placeOf(['pages']));
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
function contentsPage(
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
    checkGlyphs(theme, 'body', label, book.placeOf(['front']));
    page.items.push(leftText(label, left, y, body));
    const n = String(at);
    page.items.push(leftText(n, right - textWidth(theme.fonts.body, n, body.size), y, body));
    y += body.size * 2;
  }
  folio(book, page, number);
  return page;
}

/** A copyright or colophon page: the author's text low on the page, and the book's seed. */
function copyrightPage(book: BookPlan, text: string, where: string): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  const body: TextStyle = { font: 'body', size: theme.sizes.body, color: theme.colors.text };
  checkGlyphs(theme, 'body', text, where);
  const lines = wrapText(theme, text, body, geometry.content.width);
  let y = geometry.content.y + geometry.content.height - (lines.length + 3) * body.size * 1.4;
  for (const line of lines) {
    page.items.push(leftText(line, geometry.content.x, y, body));
    y += body.size * 1.4;
  }
  y += body.size * 1.4;
  page.items.push(
    leftText(`Seed ${book.seed} · mazebook`, geometry.content.x, y, { ...body, color: theme.colors.muted }),
  );
  return page;
}

/** "Name: ______  Date: ______" under the title, when the book asks for it. */
function nameDateLine(book: BookPlan, page: Page): void {
  const { theme, geometry, words } = book;
  if (geometry.nameLine === undefined) return;
  const text = `${words.name}: ____________________     ${words.date}: ____________`;
  page.items.push(
    centredText(theme, text, geometry.content.x + geometry.content.width / 2, geometry.nameLine, {
      font: 'body',
      size: theme.sizes.body,
      color: theme.colors.text,
    }),
  );
}

/**
 * The answer path's stroke in the book's solution style: a solid `line`, a `dashed` line, or a `highlight`
 * (a wide pale band under the walls). `scale` is points per grid unit, for the highlight's width.
 */
function solutionStroke(book: BookPlan, width: number, scale: number): Stroke {
  const { theme, solutions } = book;
  if (solutions.style === 'highlight') {
    return {
      color: mixColors(theme.colors.solution, theme.colors.page, 0.55),
      width: Math.max(width, scale * 0.55),
      cap: 'round',
      join: 'round',
    };
  }
  return {
    color: theme.colors.solution,
    width,
    cap: 'round',
    join: 'round',
    ...(solutions.style === 'dashed' ? { dash: [width * 2.5, width * 2] as [number, number] } : {}),
  };
}

function answerPage(
  book: BookPlan,
  group: readonly PuzzleForLayout[],
  pageOf: ReadonlyMap<number, number>,
  number: number,
  letterFont: (p: PuzzleForLayout) => string,
): Page {
  const page = blankPage(book);
  const { theme, geometry, solutions } = book;
  pageHeading(book, page, solutions.title);
  let [cols, rows] = ANSWER_GRID[solutions.perPage];
  if (book.paper.width > book.paper.height) [cols, rows] = [rows, cols];
  const top = geometry.titleBaseline + theme.sizes.heading;
  const area: Rect = {
    x: geometry.content.x,
    y: top,
    width: geometry.content.width,
    height: geometry.folioBaseline - theme.sizes.folio * 2 - top,
  };
  const gutter = theme.sizes.label * 1.5;
  const slotW = (area.width - gutter * (cols - 1)) / cols;
  const slotH = (area.height - gutter * (rows - 1)) / rows;
  const label: TextStyle = { font: 'body', size: theme.sizes.label, color: theme.colors.muted };
  group.forEach((p, i) => {
    const x = area.x + (i % cols) * (slotW + gutter);
    const y = area.y + Math.floor(i / cols) * (slotH + gutter);
    const text = book.words.answerLabel(p.plan.number, pageOf.get(p.plan.number) ?? 0);
    page.items.push(centredText(theme, text, x + slotW / 2, y + label.size, label));
    const pad = theme.walls.width;
    if (book.print.rules.interactive) {
      // Screen PDFs: each thumbnail links back to its puzzle.
      page.items.push({
        type: 'link',
        x,
        y,
        width: slotW,
        height: slotH,
        page: (pageOf.get(p.plan.number) ?? 1) - 1,
      });
    }
    // A mazegram's decoded message goes under its thumbnail.
    const messageLine = p.mazegram ? label.size * 2 : 0;
    const mazeRect: Rect = {
      x: x + pad,
      y: y + label.size * 1.8 + pad,
      width: slotW - 2 * pad,
      height: slotH - label.size * 1.8 - 2 * pad - messageLine,
    };
    if (p.mazegram) {
      const msg = p.mazegram.message;
      page.items.push(
        centredText(theme, msg, x + slotW / 2, mazeRect.y + mazeRect.height + messageLine * 0.8, {
          font: 'body',
          size: fitSize(theme, msg, 'body', label.size, slotW),
          color: theme.colors.text,
        }),
      );
    }
    const { grid } = p.maze;
    const cell = Math.min(mazeRect.width / grid.width, mazeRect.height / grid.height);
    // Thin the strokes in proportion to how much smaller the thumbnail is than the puzzle page.
    const ratio = Math.min(1, cell / fitGrid(grid, geometry.mazeArea).scale);
    page.items.push(
      ...drawMaze(
        p.maze,
        mazeRect,
        {
          walls: {
            color: theme.colors.walls,
            ...theme.walls,
            width: Math.max(book.print.rules.minLine, Math.min(theme.walls.width * ratio, cell * 0.2)),
          },
          ...(theme.colors.background ? { background: theme.colors.background } : {}),
          solution: solutionStroke(
            book,
            Math.max(book.print.rules.minLine, 0.5, Math.min(theme.solution.width * ratio, cell * 0.4)),
            cell,
          ),
          solutionUnder: book.solutions.style === 'highlight',
        },
        p.solution,
      ),
    );
    if (p.mazegram && p.plan.mazegram) {
      // The message's letters stand out on the path; decoys are muted, and left out when too small to read.
      page.items.push(
        ...drawLetters(p.maze, (p.recipe ?? p.plan.recipe).shape, p.mazegram, fitGrid(grid, mazeRect), {
          fontKey: letterFont(p),
          face: p.plan.mazegram.font,
          message: theme.colors.letters,
          decoy: theme.colors.muted,
          minDecoySize: 3,
        }),
      );
    }
  });
  folio(book, page, number);
  return page;
}
