import type { BookPlan } from '../plan/plan-book.js';
import type { ChosenPuzzle } from './chosen-puzzle.js';

/**
 * How far (in score points, the 0–10 difficulty scale) a puzzle may rate below the hardest one before it in
 * its section before the book is said to get easier: a series rises at every step, but two fixed pages that
 * aim at one band (say `difficulty: medium`) may land a little apart.
 */
export const FALL_TOLERANCE = 0.3;

/**
 * A book that shows difficulty (`show-difficulty` other than `none`) promises puzzles that get harder page
 * by page within each section (within the whole book when it has no sections). The promise covers the pages
 * whose difficulty the build chooses, those with a target (a `difficulty`, their section's, or a series'):
 * a page with a fixed size and no target is the author's own choice, and is not compared. One message per
 * targeted puzzle that rates more than FALL_TOLERANCE below the hardest targeted puzzle before it in its
 * section, `where: what` (a warning, an error with `--strict`).
 */
export function checkRising(plan: BookPlan, puzzles: readonly ChosenPuzzle[]): string[] {
  if (plan.showDifficulty === 'none') return [];
  const hardest = new Map<number, ChosenPuzzle>();
  const out: string[] = [];
  for (const puzzle of puzzles) {
    const { plan: p, rating } = puzzle;
    if (!rating || !p.difficulty) continue;
    const group = p.section?.index ?? -1;
    const top = hardest.get(group);
    const topScore = top?.rating?.score ?? -Infinity;
    if (top && rating.score < topScore - FALL_TOLERANCE) {
      const inWhat = p.section ? `section "${p.section.heading}"` : 'the book';
      out.push(
        `${p.where}: puzzle ${p.number} (score ${rating.score.toFixed(2)}) is easier than puzzle ${top.plan.number} ` +
          `before it (${topScore.toFixed(2)}) in ${inWhat}, which shows difficulty and so should get harder: ` +
          'move it earlier, or give it (or the pages before it) a target that agrees with its place',
      );
    }
    if (rating.score > topScore) hardest.set(group, puzzle);
  }
  return out;
}
