import { basename, resolve } from 'node:path';
import { makeBook } from '../book/build-book.js';
import { type ChosenPuzzle, canonicalOfPuzzle } from '../book/chosen-puzzle.js';
import { renderDocument, type SingleMazeFrame, singleMazeFrame } from '../book/render-maze.js';
import type { BookPlan, PlanOptions } from '../plan/book-plan.js';
import { renderSvgPage } from '../render/svg.js';
import { type Board, boardOf } from './board.js';

/**
 * Mazes with more cells than this are not offered for play: on a screen their cells would be a few pixels
 * wide (a 200×200 square maze on a 1000-pixel board), too small to draw through with a finger or to follow
 * with the keys. The page says so and offers the next maze.
 */
export const MAX_PLAY_CELLS = 40_000;

/** One puzzle of the book as the play page offers it. */
export interface PlayPuzzle {
  /** 0-based place in the book's puzzles. */
  index: number;
  puzzle: ChosenPuzzle;
  /** The maze's canonical hash (the recording's `hash`). */
  hash: string;
  frame: SingleMazeFrame;
  /** Why the maze cannot be played here, when it cannot. */
  unplayable?: string;
}

/**
 * A book made for a playtest: the same plan and the same mazes `build` makes (same seed, same candidates,
 * repeats re-rolled), each drawn alone as `render --spec … --page …` draws it, with its markers, from the
 * same display list (render-maze.ts); the drawings and boards are made when first asked for, and kept.
 */
export class PlayBook {
  private readonly svgs = new Map<string, string>();
  private readonly boards = new Map<number, Board>();

  private constructor(
    readonly spec: string,
    readonly plan: BookPlan,
    readonly puzzles: readonly PlayPuzzle[],
    /** Warnings the build gave (as `build` prints them). */
    readonly warnings: readonly string[],
  ) {}

  /**
   * Plans and makes the book's mazes (no rating: the reader's page shows none).
   * @throws UserError for a spec with a mistake, as `build` reports it
   */
  static async make(specPath: string, options: PlanOptions = {}): Promise<PlayBook> {
    const spec = resolve(specPath);
    const made = await makeBook(spec, options, false);
    const puzzles = made.puzzles.map((puzzle, index): PlayPuzzle => {
      const cells = puzzle.maze.grid.cellCount;
      // A rule maze's board has no walls (its rule is the maze): walking it on a screen would measure nothing.
      const unplayable = puzzle.rule
        ? `this is a ${puzzle.rule.rule.kind} rule maze: the browser plays wall mazes only, a rule maze is solved on paper`
        : cells > MAX_PLAY_CELLS
          ? `this maze has ${cells.toLocaleString('en')} cells, too many to walk on a screen (at most ${MAX_PLAY_CELLS.toLocaleString('en')})`
          : undefined;
      return {
        index,
        puzzle,
        hash: canonicalOfPuzzle(puzzle),
        frame: singleMazeFrame(made.plan, puzzle, {}),
        ...(unplayable ? { unplayable } : {}),
      };
    });
    return new PlayBook(spec, made.plan, puzzles, [...made.warnings, ...made.problems]);
  }

  /** The spec's file name, as the recording names it. */
  get specName(): string {
    return basename(this.spec);
  }

  /** The puzzle's drawing as SVG: the maze alone with its markers, or with the answer route (`answer`). */
  svg(index: number, answer: boolean): string | undefined {
    const p = this.puzzles[index];
    if (!p || p.unplayable) return undefined;
    const id = `${index}:${answer}`;
    let svg = this.svgs.get(id);
    if (svg === undefined) {
      svg = renderSvgPage(renderDocument(this.plan, p.puzzle, { solution: answer }), 0);
      this.svgs.set(id, svg);
    }
    return svg;
  }

  /** The cells and moves of the puzzle's maze, in its drawing's coordinates. */
  board(index: number): Board | undefined {
    const p = this.puzzles[index];
    if (!p || p.unplayable) return undefined;
    let board = this.boards.get(index);
    if (!board) {
      board = boardOf(p.puzzle.maze, p.frame.place);
      this.boards.set(index, board);
    }
    return board;
  }
}
