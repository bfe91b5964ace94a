import type { BookPlan } from '../plan/book-plan.js';
import { answerLabel } from '../plan/words.js';
import { answerKeyStyle } from './answer-key-style.js';
import {
  type AnswerPageLayout,
  arrangeAnswers,
  MESSAGE_LEADING,
  pageWeights,
  thumbPassages,
} from './arrange-answers.js';
import type { Page } from './display-list.js';
import { drawLetters } from './draw-letters.js';
import { fitGrid } from './draw-maze.js';
import { tonedOverhang } from './draw-toned-walls.js';
import { blankPage, folio, pageHeading } from './page-parts.js';
import { drawPuzzle } from './puzzle-drawings.js';
import type { PuzzleForLayout } from './puzzle-for-layout.js';
import { answerMarks } from './reveal-answer.js';
import { centredText, fitLine, type TextStyle } from './text-items.js';

/**
 * The answer pages: puzzles in book order, grouped on pages as {@link arrangeAnswers} decides.
 * @returns each page's puzzles
 */
export function paginateAnswers(book: BookPlan, puzzles: readonly PuzzleForLayout[]): PuzzleForLayout[][] {
  return arrangeAnswers(book, puzzles).map((page) => page.thumbs.map((t) => t.puzzle));
}

/** The rectangle a drawing of `grid` at `scale` takes, top-aligned and centred across in `rect`. */
function drawnRect(p: PuzzleForLayout, rect: { x: number; y: number; width: number }, scale: number) {
  const { grid } = p.maze;
  // fitGrid's margin for grids with their own wall widths, so fitting this rectangle gives back `scale`.
  const over = 2 * tonedOverhang(grid);
  const width = (grid.width + over) * scale;
  const height = (grid.height + over) * scale;
  return { x: rect.x + (rect.width - width) / 2, y: rect.y, width, height };
}

/**
 * A page of answer thumbnails, each labelled with its puzzle and the page it is on, the label directly above
 * the drawing. Every thumbnail on the page has the same wall and route weights ({@link pageWeights}); alike
 * mazes have one scale in the whole appendix. A mazegram's letters sit over the route (it passes under them),
 * its decoys muted, its message under the drawing.
 */
export function answerPage(
  book: BookPlan,
  layout: AnswerPageLayout,
  pageOf: ReadonlyMap<number, number>,
  number: number,
  letterFont: (p: PuzzleForLayout) => string,
): Page {
  const page = blankPage(book);
  const { theme, solutions, floors } = book;
  pageHeading(book, page, solutions.title, book.places.solutions);
  const { wall, route } = pageWeights(book, layout.thumbs);
  const narrowest = Math.min(...layout.thumbs.map((t) => thumbPassages(t.puzzle, t.scale).passage));
  // One style for the page: band and line sized to its narrowest passage, like its walls and routes.
  const style = answerKeyStyle(book, wall, route, narrowest);
  const label: TextStyle = { font: 'body', size: theme.sizes.label, color: theme.colors.muted };
  for (const thumb of layout.thumbs) {
    const { puzzle: p, slot } = thumb;
    const rect = drawnRect(p, thumb.maze, thumb.scale);
    const place = fitGrid(p.maze.grid, rect);
    const drawnTop = place.oy;
    const drawnBottom = place.oy + p.maze.grid.height * place.scale;
    const text = answerLabel(book.words, p.plan.number, pageOf.get(p.plan.number) ?? 0);
    const size = fitLine(theme, text, 'body', label.size, floors.text, slot.width) ?? floors.text;
    // The label sits right above the drawing.
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
      ...drawPuzzle(
        book,
        p,
        rect,
        {
          walls: style.walls,
          ...(theme.colors.background ? { background: theme.colors.background } : {}),
          ...answerMarks(book, p.recipe ?? p.plan.recipe, p.maze, p.solution, style),
        },
        p.solution,
        { symbols: thumb.letters },
      ),
    );
    if (p.mazegram && p.plan.mazegram && thumb.letters) {
      page.items.push(
        ...drawLetters(p.maze, (p.recipe ?? p.plan.recipe).shape, p.mazegram, place, {
          fontKey: letterFont(p),
          face: p.plan.mazegram.font,
          message: theme.colors.letters,
          decoy: theme.colors.muted,
          knockout: style.band.color,
        }),
      );
    }
    if (thumb.message) {
      const { lines, size: msgSize } = thumb.message;
      let y = drawnBottom + wall + theme.sizes.label * 0.6 + msgSize;
      for (const line of lines) {
        page.items.push(
          centredText(theme, line, slot.x + slot.width / 2, y, {
            font: 'body',
            size: msgSize,
            color: theme.colors.text,
          }),
        );
        y += msgSize * MESSAGE_LEADING;
      }
    }
  }
  folio(book, page, number);
  return page;
}
