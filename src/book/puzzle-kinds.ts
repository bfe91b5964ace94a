import { kindOf, type PuzzleKindName } from '../rules/puzzle-kind.js';
import type { PuzzleKind } from './puzzle-kind.js';
import { ruleKind } from './rule-candidate.js';

export type { PuzzleKind } from './puzzle-kind.js';

const kinds: Partial<Record<PuzzleKindName, PuzzleKind>> = { rule: ruleKind };

/** The kind of `p` when it is not a wall maze (undefined for a wall maze). */
export function otherKind(p: { rule?: unknown }): PuzzleKind | undefined {
  return kinds[kindOf(p)];
}
