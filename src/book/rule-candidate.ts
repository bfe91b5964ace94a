import type { MazeRecipe } from '../generate/generate-maze.js';
import type { BookPlan, PuzzlePlan } from '../plan/book-plan.js';
import { deriveSeed } from '../random/derive-seed.js';
import { generateRuleMaze, proveRuleMaze, rateRuleMaze } from '../rules/registry.js';
import { ruleBoard } from '../rules/rule-board.js';
import { ruleCanonicalHash, ruleContentHash } from '../rules/rule-hash.js';
import { ruleLabel } from '../rules/rule-puzzle.js';
import type { Candidate, RatingDepth } from './candidate-type.js';
import type { ChosenPuzzle } from './chosen-puzzle.js';
import type { PuzzleKind } from './puzzle-kind.js';

/**
 * Rule mazes as the book makes them: candidate `index` of a page is generated from the same derived seed a
 * wall maze's would be (book seed, page key, index), proved to have one solution by its rule's solver, rated
 * from the walks' own seed (`key#rate`), and hashed for repeats (its canonical hash is computed at once: it is
 * cheap, and a repeat is then found without the wall maze's hash).
 */

/** Version of the rule generators: bump when a change makes them give other mazes from the same seed. */
export const RULE_GENERATOR_VERSION = 1;

function make(book: BookPlan, p: PuzzlePlan, recipe: MazeRecipe, index: number): Candidate {
  const rule = p.rule;
  if (!rule) throw new Error('internal: a rule candidate without a rule');
  const seed = deriveSeed(p.pageSeed ?? book.seed, p.key, index);
  const puzzle = generateRuleMaze(rule, recipe.size.columns, recipe.size.rows, seed);
  const { maze, solution } = ruleBoard(puzzle);
  return {
    recipe,
    key: p.key,
    index,
    maze,
    solution,
    full: false,
    room: 0,
    penalty: 0,
    notes: [],
    canonical: ruleCanonicalHash(puzzle),
    rule: puzzle,
  };
}

function rate(book: BookPlan, p: PuzzlePlan, c: Candidate, depth: RatingDepth): Candidate {
  if (depth === 'none' || c.full || (depth === 'screen' && c.rating)) return c;
  if (!c.rule) throw new Error('internal: a rule candidate without its maze');
  const seed = deriveSeed(p.pageSeed ?? book.seed, `${c.key}#rate`, c.index);
  const rating = rateRuleMaze(c.rule, seed, book.difficultyModel, depth);
  return { ...c, rating, full: depth === 'full' };
}

/** The book check of a rule maze: its single solution proved again, on the maze as kept. */
function check(p: ChosenPuzzle): string[] {
  if (!p.rule) return [];
  const proof = proveRuleMaze(p.rule);
  if (proof.count === 1 && !proof.exhausted) return [];
  const what = proof.exhausted
    ? 'could not be proved to have one solution'
    : proof.count === 0
      ? 'has no solution'
      : 'has more than one solution';
  return [`${p.plan.where}: puzzle ${p.plan.number} (${ruleLabel(p.rule.rule)}) ${what}`];
}

export const ruleKind: PuzzleKind = {
  make,
  rate,
  check,
  contentHash: (p) => (p.rule ? ruleContentHash(p.rule) : ''),
  lock: (p) => {
    const rule = p.rule?.rule ?? p.plan.rule;
    return {
      generator: `rule-${rule?.kind ?? 'unknown'}@${RULE_GENERATOR_VERSION}`,
      recipe: { rule: rule ?? null, size: p.recipe.size },
    };
  },
};
