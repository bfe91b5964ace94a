import type { Rating } from '../analyze/rating.js';
import type { Solution } from '../analyze/solve.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import type { RulePuzzle } from '../rules/rule-puzzle.js';

/**
 * One maze the builder made for a puzzle from one candidate seed: generated, solved, rated when asked, with
 * what counts against it. The choice among candidates (a page's search, a series' assignment) is made
 * elsewhere; this file makes and measures them.
 */
export interface Candidate {
  recipe: MazeRecipe;
  /**
   * The page key its seeds derive from (the puzzle that made it: a series shares its candidates among its
   * puzzles) and its candidate index: the maze derives from `deriveSeed(seed, key, index)`.
   */
  key: string;
  index: number;
  maze: Maze;
  solution: Solution;
  /** Cells the solving search reached (mazes without one-way passages). */
  reached?: number;
  rating?: Rating;
  /** Rated in full (±5 % on the walks' mean), not only screened (±10 %). */
  full: boolean;
  /** Solution cells that can hold a mazegram letter (0 without a mazegram). */
  room: number;
  /** What counts against it besides its difficulty: RIM_PENALTY, SHORT_PENALTY, or 0. */
  penalty: number;
  /** The generator's notes on this maze (a mask's islands joined…), each `what`. */
  notes: string[];
  /** Its canonical hash, once asked for (`canonicalOf`). */
  canonical?: string;
  /**
   * A rule maze: its grid of symbols, ends and solution (`maze` is then its board: the square grid it is drawn
   * on, one open room with the start and goal as entry and exit; see rules/rule-board.ts).
   */
  rule?: RulePuzzle;
}

/** How a candidate is rated: not at all, screened (quicker, ±10 %), or in full (±5 %). */
export type RatingDepth = 'none' | 'screen' | 'full';
