/**
 * The kinds of puzzle a book holds. A wall maze (a grid and its open walls) is the pipeline's own kind; a rule
 * maze (a grid of symbols read by a rule, src/rules/) is another. Each kind brings its generator, solver,
 * rater and drawing behind a registry (book/puzzle-kinds.ts for making and checking, layout/puzzle-drawings.ts
 * for drawing) and shares everything else: spec, seeds, plan, selection, layout, answer keys, lockfile.
 */
export const puzzleKindNames = ['wall', 'rule'] as const;
export type PuzzleKindName = (typeof puzzleKindNames)[number];

/** The kind of a puzzle (a plan, a candidate, a chosen puzzle): a rule maze carries its rule. */
export function kindOf(p: { rule?: unknown }): PuzzleKindName {
  return p.rule !== undefined ? 'rule' : 'wall';
}
