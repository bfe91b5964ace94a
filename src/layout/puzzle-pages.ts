import type { BookPlan } from '../plan/book-plan.js';
import type { Rect } from '../plan/page-geometry.js';
import { puzzleTemplateVars } from '../plan/template-vars.js';
import { renderTemplate } from '../text/template.js';
import type { PuzzleForLayout } from './compose-book.js';
import { type Page, PathBuilder } from './display-list.js';
import { answerBlanks, drawLetters } from './draw-letters.js';
import { drawMaze, fitGrid } from './draw-maze.js';
import {
  answerBlankLines,
  blankPage,
  difficultyMark,
  folio,
  nameDateLine,
  pageHeading,
  solutionStroke,
} from './page-parts.js';
import { centredText, fitSize, type TextStyle } from './text-items.js';

/** Puzzle pages: one maze with its title, or an activity sheet of several (and its answers). */

export function puzzleVars(book: BookPlan, p: PuzzleForLayout, pageNumber: number) {
  const { shape, size, algorithm } = p.recipe ?? p.plan.recipe;
  const { number, key } = p.plan;
  return {
    ...puzzleTemplateVars(number, pageNumber, book.title, key, shape, size, algorithm, p.rating),
    blanks: p.mazegram ? answerBlanks(p.mazegram.words) : '',
  };
}

export function puzzlePage(book: BookPlan, p: PuzzleForLayout, number: number, letterFont: string): Page {
  const page = blankPage(book);
  const { theme, geometry } = book;
  const title = renderTemplate(p.plan.title, puzzleVars(book, p, number));
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
export function sheetPage(
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
      ? renderTemplate(first.plan.title, puzzleVars(book, first, number))
      : book.title;
  pageHeading(book, page, heading);
  if (!answers) nameDateLine(book, page);
  const slots = geometry.slots ?? [
    { label: geometry.mazeArea.y - theme.sizes.label, maze: geometry.mazeArea },
  ];
  group.forEach((p, i) => {
    const slot = slots[i];
    if (book.perPage > 1) {
      const label = renderTemplate(p.plan.title, puzzleVars(book, p, number));
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
