import type { BookPlan } from '../plan/book-plan.js';
import type { Rect } from '../plan/page-geometry.js';
import { answerLabel } from '../plan/words.js';
import type { PuzzleForLayout } from './compose-book.js';
import type { Page } from './display-list.js';
import { drawLetters } from './draw-letters.js';
import { drawMaze, fitGrid } from './draw-maze.js';
import { blankPage, folio, pageHeading, solutionStroke } from './page-parts.js';
import { centredText, fitSize, type TextStyle } from './text-items.js';

/** Columns × rows of answer thumbnails on a portrait page, by thumbnails per page. */
const ANSWER_GRID: Record<number, [number, number]> = { 4: [2, 2], 6: [2, 3], 9: [3, 3], 12: [3, 4] };

/** A page of answer thumbnails, each labelled with its puzzle and the page it is on. */
export function answerPage(
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
    const text = answerLabel(book.words, p.plan.number, pageOf.get(p.plan.number) ?? 0);
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
