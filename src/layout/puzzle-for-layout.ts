import type { Solution } from '../analyze/solve.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import type { Mazegram } from '../mazegram/place.js';
import type { PuzzlePlan } from '../plan/book-plan.js';
import type { RulePuzzle } from '../rules/rule-puzzle.js';

/** A generated puzzle as the layout needs it. */
export interface PuzzleForLayout {
  plan: PuzzlePlan;
  maze: Maze;
  solution: Solution;
  /** The recipe of the maze as built, when it differs from the plan's (automatic size). */
  recipe?: MazeRecipe;
  rating?: { score: number; label: string };
  mazegram?: Mazegram;
  /** A rule maze: its grid of symbols (`maze` is then its board). */
  rule?: RulePuzzle;
}
