import type { MazeRecipe } from '../generate/generate-maze.js';
import type { BookPlan, PuzzlePlan } from '../plan/book-plan.js';
import type { Candidate, RatingDepth } from './candidate-type.js';
import type { ChosenPuzzle } from './chosen-puzzle.js';

/**
 * What a kind of puzzle brings to the book: how a candidate is made and rated, what the book checks of it,
 * and what the lockfile records. The wall maze is the pipeline's own kind (candidate.ts, select.ts and
 * lockfile.ts do its work); every other kind registers here, and those modules hand its puzzles to it.
 */
export interface PuzzleKind {
  /** Candidate `index` of puzzle `p` from `recipe` (seeded from book seed, page key and index), unrated. */
  make(book: BookPlan, p: PuzzlePlan, recipe: MazeRecipe, index: number): Candidate;
  /** The candidate rated as `depth` says (a full rating after a screening one, from the same seed). */
  rate(book: BookPlan, p: PuzzlePlan, c: Candidate, depth: RatingDepth): Candidate;
  /** The book checks of one puzzle (repeats aside, which every kind shares), each `where: what`. */
  check(p: ChosenPuzzle): string[];
  /** Hash of the puzzle exactly as printed. */
  contentHash(p: ChosenPuzzle): string;
  /** The lockfile's generator name (with its version) and recipe. */
  lock(p: ChosenPuzzle): { generator: string; recipe: Record<string, unknown> };
}
