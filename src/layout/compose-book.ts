import type { Solution } from '../analyze/solve.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import type { Mazegram } from '../mazegram/place.js';
import type { BookPlan, PuzzlePlan } from '../plan/book-plan.js';
import { answerPage } from './answer-pages.js';
import type { DisplayDocument, Page } from './display-list.js';
import { finishPages } from './finish-pages.js';
import { contentsPage, copyrightPage, instructionsPage, sectionPage, titlePage } from './front-pages.js';
import { blankPage } from './page-parts.js';
import { puzzlePage, sheetPage } from './puzzle-pages.js';

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
