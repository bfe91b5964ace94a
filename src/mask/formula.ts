/**
 * Formula masks: a condition over the plane decides which cells of the maze exist.
 *
 *            y = 1
 *              ↑
 *   x = -1 ────┼────→ x = 1      r = √(x² + y²), distance from the centre (1 at the middle of each side)
 *              │                 a = atan2(y, x), angle from the +x axis in radians, in (-π, π], ccw
 *            y = -1
 *
 * The language (grammar in formula-parse.ts), in short: numbers, x y r a, pi and e, + − × ÷ ^ % °,
 * functions (min max abs floor ceil sin cos tan log exp sqrt atan atan2 mod, and Amaze's S C T L E),
 * comparisons (chains like a < b < c), and, or, not, and c ? p : q.
 *
 * Every value is either a number or a condition (true/false), checked while parsing: arithmetic, `%`, `°` and
 * functions need numbers; `and`, `or`, `not` and the test of `?` need conditions; `<`-style comparisons need
 * numbers; `=` and `!=` compare two values of the same kind. log is the natural log; mod(a, b) is the floored
 * remainder a − b·floor(a / b), with the sign of b. `%` is only percent, never a remainder.
 *
 * Evaluation never throws: NaN and ±∞ (sqrt(-1), log(0), 1/0) flow through arithmetic and make every
 * comparison they reach false — `=` and `!=` included — so such points are simply outside the shape.
 *
 * The work is split by stage: formula-tokenize.ts (characters → tokens), formula-parse.ts (tokens → a
 * checked tree, formula-node.ts), formula-compile.ts (tree → closures); formula-names.ts holds the names
 * they share and formula-error.ts the one error they throw.
 */
import { compileFormula } from './formula-compile.js';
import { parseFormula } from './formula-parse.js';
import type { MaskShape } from './shape.js';

export { compileFormula } from './formula-compile.js';
export { FormulaError } from './formula-error.js';
export type {
  ArithmeticOp,
  CompareOp,
  FormulaNode,
  FunctionName,
  VariableName,
} from './formula-node.js';
export { MAX_FORMULA_DEPTH, MAX_FORMULA_LENGTH, parseFormula } from './formula-parse.js';

/** A mask shape from a formula, stretched over the whole frame (no aspect of its own). */
export function formulaShape(source: string): MaskShape {
  const inside = compileFormula(parseFormula(source));
  return { label: `formula "${source}"`, aspect: undefined, inside };
}
