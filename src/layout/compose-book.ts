import type { BookPlan } from '../plan/book-plan.js';
import { sheetRanges } from '../plan/sheets.js';
import { answerPage } from './answer-pages.js';
import { arrangeAnswers } from './arrange-answers.js';
import { decoratePage } from './decorations.js';
import type { DisplayDocument, Page } from './display-list.js';
import { finishPages } from './finish-pages.js';
import { contentsPage, copyrightPage, instructionsPage, sectionPage, titlePage } from './front-pages.js';
import { blankPage } from './page-parts.js';
import type { PuzzleForLayout } from './puzzle-for-layout.js';
import { answerSheet, puzzlePage, sheetPage } from './puzzle-pages.js';

/**
 * Composes the whole book: front matter, one page per puzzle, then the answer pages. Page numbers count
 * from the first page (the title page is page 1 but shows no number).
 */
export function composeBook(book: BookPlan, puzzles: readonly PuzzleForLayout[]): DisplayDocument {
  const { pages, contentsAt } = frontPages(book);
  const letterFonts = letterFontKeys(puzzles);
  const fontKey = (p: PuzzleForLayout) => letterFonts.get(p.plan.mazegram?.font.path ?? '') ?? 'heading';
  const interactive = book.print.rules.interactive;

  // Page numbers first (puzzle pages say where their answers are): section openers, sheets, their backs.
  const groups = sheetGroups(puzzles);
  const numbers = numberPages(book, groups, pages.length + 1);
  const { sectionPages, pageOf, sheetAt, blankBefore } = numbers;
  const answerGroups = book.solutions.appendix ? arrangeAnswers(book, puzzles) : [];
  const answerOf = new Map<number, number>();
  answerGroups.forEach((group, k) => {
    for (const t of group.thumbs) answerOf.set(t.puzzle.plan.number, numbers.next + k);
  });
  const pointTo = book.solutions.pointers && answerGroups.length > 0;

  groups.forEach((group, g) => {
    const section = group[0].plan.section;
    if (blankBefore.has(g)) pages.push(blankPage(book));
    if (section && pages.length + 1 < sheetAt[g])
      pages.push(sectionPage(book, section.heading, section.where, pages.length + 1));
    const number = sheetAt[g];
    const page =
      group[0].plan.perPage === 1
        ? puzzlePage(
            book,
            group[0],
            number,
            fontKey(group[0]),
            pointTo ? answerOf.get(group[0].plan.number) : undefined,
          )
        : sheetPage(
            book,
            group,
            number,
            fontKey,
            pointTo ? (p) => answerOf.get(p.plan.number) ?? 0 : undefined,
          );
    decoratePage(book, page);
    if (interactive) page.bookmark = group.map((p) => `${book.words.puzzle} ${p.plan.number}`).join(', ');
    pages.push(page);
    // `solutions: inline`: the answers on the next page, the back of the sheet when printed double-sided.
    if (book.solutions.inline) pages.push(answerSheet(book, group, pages.length + 1, fontKey));
  });
  const answersStart = pages.length;
  answerGroups.forEach((group, k) => {
    pages.push(answerPage(book, group, pageOf, pages.length + 1, fontKey));
    if (interactive && k === 0) pages[pages.length - 1].bookmark = book.solutions.title;
  });
  if (interactive && book.solutions.appendix)
    linkTitlesToAnswers(book, pages, pageOf, answerOf, answersStart);
  if (contentsAt >= 0) {
    const answers = answerGroups.length > 0 ? answersStart + 1 : 0;
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
 * The front matter's pages, the contents page left blank (`contentsAt`, -1 for none) until the page numbers
 * are known.
 */
function frontPages(book: BookPlan): { pages: Page[]; contentsAt: number } {
  const pages: Page[] = [];
  let contentsAt = -1;
  for (const item of book.front) {
    if (item.kind === 'title') pages.push(titlePage(book));
    else if (item.kind === 'instructions') pages.push(instructionsPage(book, item, pages.length + 1));
    else if (item.kind === 'copyright') pages.push(copyrightPage(book, item.text, item.where));
    else {
      contentsAt = pages.length;
      pages.push(blankPage(book));
    }
  }
  return { pages, contentsAt };
}

/** Mazegram letter fonts: one font key per distinct file, in book order. */
function letterFontKeys(puzzles: readonly PuzzleForLayout[]): Map<string, string> {
  const letterFonts = new Map<string, string>();
  for (const p of puzzles) {
    const path = p.plan.mazegram?.font.path;
    if (path && !letterFonts.has(path)) letterFonts.set(path, `letters${letterFonts.size + 1}`);
  }
  return letterFonts;
}

/** The page numbers of the puzzle pages, from page `first` on. */
interface PageNumbers {
  /** Section headings and the pages they start on, for the contents. */
  sectionPages: { heading: string; page: number; where: string }[];
  /** The page each puzzle is printed on (for answer labels and links), and each sheet's page. */
  pageOf: Map<number, number>;
  sheetAt: number[];
  /** Sheets with a blank left-hand page before their section opener (a right-hand page in facing books). */
  blankBefore: Set<number>;
  /** The first page after them. */
  next: number;
}

function numberPages(book: BookPlan, groups: readonly PuzzleForLayout[][], first: number): PageNumbers {
  const sectionPages: { heading: string; page: number; where: string }[] = [];
  const pageOf = new Map<number, number>();
  const sheetAt: number[] = [];
  const blankBefore = new Set<number>();
  let next = first;
  for (const [g, group] of groups.entries()) {
    const section = group[0].plan.section;
    if (section && sectionPages.length === section.index) {
      if (book.print.facing && next % 2 === 0) {
        blankBefore.add(g);
        next++;
      }
      sectionPages.push({ heading: section.heading, page: next++, where: section.where });
    }
    sheetAt.push(next);
    for (const p of group) pageOf.set(p.plan.number, next);
    next += book.solutions.inline ? 2 : 1;
  }
  return { sectionPages, pageOf, sheetAt, blankBefore, next };
}

/** Screen PDFs: each puzzle page's title links to the answers of its first puzzle. */
function linkTitlesToAnswers(
  book: BookPlan,
  pages: Page[],
  pageOf: ReadonlyMap<number, number>,
  answerOf: ReadonlyMap<number, number>,
  answersStart: number,
): void {
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
      page: (answerOf.get(n) ?? answersStart + 1) - 1,
    });
  }
}

/** Puzzles by page: a sheet holds up to its `per-page` puzzles and never runs across a section. */
export function sheetGroups(puzzles: readonly PuzzleForLayout[]): PuzzleForLayout[][] {
  return sheetRanges(puzzles.map((p) => p.plan)).map(([start, end]) => puzzles.slice(start, end));
}
