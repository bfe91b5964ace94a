import type { Solution } from '../analyze/solve.js';
import type { Maze } from '../generate/maze.js';
import type { BookPlan } from '../plan/book-plan.js';
import type { Rect } from '../plan/rect.js';
import { kindOf, type PuzzleKindName } from '../rules/puzzle-kind.js';
import type { RulePuzzle } from '../rules/rule-puzzle.js';
import type { Item } from './display-list.js';
import { drawMaze, type MazeStyle } from './draw-maze.js';
import { drawRuleMaze } from './draw-rule-maze.js';

/** A puzzle as its drawing needs it: a wall maze, or a rule maze with its board. */
export interface DrawnPuzzle {
  maze: Maze;
  rule?: RulePuzzle;
}

/** What a drawing may leave out where it is drawn small (an answer thumbnail): a rule maze's symbols. */
export interface DrawOptions {
  symbols?: boolean;
}

type Drawing = (
  book: BookPlan,
  p: DrawnPuzzle,
  rect: Rect,
  style: MazeStyle,
  solution: Solution | undefined,
  options: DrawOptions,
) => Item[];

/**
 * How each kind of puzzle is drawn (rules/puzzle-kind.ts): a wall maze by `drawMaze`, a rule maze by
 * `drawRuleMaze`. Puzzle pages, sheets, answer pages and `render` draw every puzzle through `drawPuzzle`.
 */
const drawings: Record<PuzzleKindName, Drawing> = {
  wall: (_book, p, rect, style, solution) => drawMaze(p.maze, rect, style, solution),
  rule: (book, p, rect, style, solution, options) => {
    if (!p.rule) throw new Error('internal: a rule maze without its rule');
    return drawRuleMaze(book, { maze: p.maze, rule: p.rule }, rect, style, solution, {
      symbols: options.symbols ?? true,
    });
  },
};

/** A puzzle of any kind fitted into `rect`, with its solution when given (answers). */
export function drawPuzzle(
  book: BookPlan,
  p: DrawnPuzzle,
  rect: Rect,
  style: MazeStyle,
  solution?: Solution,
  options: DrawOptions = {},
): Item[] {
  return drawings[kindOf(p)](book, p, rect, style, solution, options);
}
