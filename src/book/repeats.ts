import { UserError } from '../base/errors.js';
import { topologies } from '../grid/registry.js';
import type { BookPlan, PuzzlePlan } from '../plan/plan-book.js';
import { sizeLabel } from '../plan/template-vars.js';
import { type ChosenPuzzle, canonicalOfPuzzle } from './chosen-puzzle.js';

/**
 * No puzzle repeats another. Each unit of work (a puzzle, or a whole series) first avoids the mazes of the
 * `--avoid` lockfiles and, within a series, its own; then, in book order, a unit holding a maze an earlier
 * unit already holds is made again with every earlier maze excluded, so its repeats are re-rolled (the next
 * candidate seeds). Every unit is a function of the plan and of the mazes before it, so the book is the same
 * whatever thread made which unit, and the same for any prefix of it.
 *
 * "Not enough distinct mazes" is found by a bounded number of re-rolls: a puzzle may skip at most REROLLS
 * candidates that repeat earlier mazes. If the mazes of its size were drawn evenly and fewer than half of the
 * distinct ones were taken, all REROLLS skips would happen with probability below 2^−REROLLS (about 3·10⁻¹⁵);
 * when they all do, the book asks for more mazes of that size than its generator makes, and that is a
 * located error. (Most generators do not draw evenly: on a 4×4 grid the backtracker made 1,492 different
 * mazes in 20,000 draws, Wilson's uniform algorithm 15,272; a 2×2 grid has 3, a 3×3 grid at least 124.)
 */
export const REROLLS = 48;

/** A unit as made: its puzzles in order, and each one's warnings (`where: what`). */
export interface MadeUnit {
  puzzles: ChosenPuzzle[];
  warnings: string[][];
}

/**
 * The located error for a puzzle whose every re-roll repeated a maze the book already holds (or an avoided
 * lockfile's). `tried` is how many candidates it skipped; `size` the grid it asked for.
 */
export function notEnoughMazes(p: PuzzlePlan, size: PuzzlePlan['recipe']['size'], tried: number): UserError {
  const { shape } = p.recipe;
  const topo = topologies[shape];
  const cells = topo.count(size);
  // As sizePhrase (plan/resolve-size.ts) words it; that module is not for worker threads (templates).
  const what = topo.sizedBy === 'rings' ? sizeLabel(shape, size) : `${sizeLabel(shape, size)} cells`;
  return new UserError(
    p.where,
    `not enough distinct mazes: puzzle ${p.number} (${what}): each of its next ${tried} candidate mazes repeats a puzzle before it in the book (or in an --avoid lockfile)`,
    `a grid of ${cells} cells has few different mazes (a maze turned or mirrored counts as the same): use more cells, or fewer puzzles of this size, or algorithm: wilson (it makes every maze equally often)`,
  );
}

/**
 * Book-order pass over units made independently: a unit holding a maze of an earlier unit (or of `avoid`) is
 * made again by `remake` with those mazes excluded. Units are replaced in place; returns the units.
 */
export function rerollRepeats(
  plan: BookPlan,
  units: readonly number[][],
  made: MadeUnit[],
  avoid: ReadonlySet<string>,
  remake: (indices: number[], exclude: ReadonlySet<string>) => MadeUnit,
): MadeUnit[] {
  const seen = new Set(avoid);
  units.forEach((indices, u) => {
    const hashes = made[u].puzzles.map(canonicalOfPuzzle);
    // Hand-made mazes (a Finger Maze string) cannot be re-rolled: the book checks report their repeats.
    const repeated = hashes.some((h, k) => seen.has(h) && !plan.puzzles[indices[k]].recipe.fixed);
    if (repeated) {
      made[u] = remake(indices, new Set(seen));
      for (const p of made[u].puzzles) seen.add(canonicalOfPuzzle(p));
    } else for (const h of hashes) seen.add(h);
  });
  return made;
}
