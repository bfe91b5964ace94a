/**
 * Rule mazes: a grid of symbols read by a rule. The way from the start cell to the goal cell is not walled
 * in; a solver finds it by reading the symbols (follow the even numbers, step to the next shape, go where the
 * arrow points, jump as far as the number says). Every rule maze mazebook prints has exactly one solution,
 * proved by its rule's solver (see registry.ts).
 *
 * Cells are numbered as on a square grid (src/grid/square.ts): cell (x, y), column x from the left and row y
 * from the top, is `y·columns + x`.
 *
 *      x →   0     1     2
 *   y      +-----+-----+-----+
 *   ↓  0   |  0  |  1  |  2  |
 *          +-----+-----+-----+
 *      1   |  3  |  4  |  5  |
 *          +-----+-----+-----+
 */

/** The four rules. */
export const ruleNames = ['numbers', 'sequence', 'arrows', 'jumps'] as const;
export type RuleName = (typeof ruleNames)[number];

/** The shapes a sequence maze may use, drawn as vector shapes (layout/rule-symbols.ts). */
export const symbolNames = [
  'circle',
  'square',
  'triangle',
  'diamond',
  'star',
  'hexagon',
  'cross',
  'heart',
] as const;
export type SymbolName = (typeof symbolNames)[number];

/** What a number maze's way follows. */
export type NumbersFollow =
  | { kind: 'even' }
  | { kind: 'odd' }
  | { kind: 'multiples-of'; n: number }
  | { kind: 'count-up' };

/** A rule with every option resolved: plain data, in the plan. */
export type RuleRecipe =
  | { kind: 'numbers'; follow: NumbersFollow }
  | { kind: 'sequence'; symbols: readonly SymbolName[] }
  | { kind: 'arrows'; directions: 4 | 8 }
  | { kind: 'jumps' };

/** A rim side of the grid, where a start or goal marker points in or out. */
export type RuleSide = 'top' | 'right' | 'bottom' | 'left';

/**
 * One rule maze: its grid of symbols, its ends and its solution. Plain data (typed arrays), so it crosses to
 * and from worker threads as it is.
 */
export interface RulePuzzle {
  rule: RuleRecipe;
  columns: number;
  rows: number;
  /**
   * The symbol of each cell:
   * - numbers: the number printed (1 or more);
   * - sequence: the index of the cell's shape in `rule.symbols`;
   * - arrows: the direction 0–7 (0 up, then clockwise in steps of 45°: 2 right, 4 down, 6 left), −1 on the
   *   goal;
   * - jumps: the length of the jump, 0 on the goal.
   */
  cells: Int32Array;
  start: number;
  goal: number;
  /** The sides of the rim the start is entered from and the goal left by (both cells lie on that side). */
  startSide: RuleSide;
  goalSide: RuleSide;
  /** The one solution: cells from the start to the goal, both included. */
  path: Int32Array;
}

/** Unit steps of the eight arrow directions (0 up, clockwise), x right and y down. */
export const DIRECTION_DX = [0, 1, 1, 1, 0, -1, -1, -1] as const;
export const DIRECTION_DY = [-1, -1, 0, 1, 1, 1, 0, -1] as const;

/** The smallest and largest sides a rule maze may have, in cells. */
export const RULE_MIN_SIDE = 4;
export const RULE_MAX_SIDE = 25;

/** The side a cell on the rim lies on, preferring `wanted` at a corner. */
export function sideOf(columns: number, rows: number, cell: number, wanted: RuleSide): RuleSide | undefined {
  const x = cell % columns;
  const y = (cell - x) / columns;
  const on: Record<RuleSide, boolean> = {
    top: y === 0,
    bottom: y === rows - 1,
    left: x === 0,
    right: x === columns - 1,
  };
  if (on[wanted]) return wanted;
  return (['left', 'right', 'top', 'bottom'] as const).find((s) => on[s]);
}

/** Whether a rule admits `value` (numbers mazes other than count-up). */
export function obeys(follow: NumbersFollow, value: number): boolean {
  switch (follow.kind) {
    case 'even':
      return value % 2 === 0;
    case 'odd':
      return value % 2 === 1;
    case 'multiples-of':
      return value % follow.n === 0;
    default:
      return false;
  }
}

/** A short name of the rule for reports: `numbers (even)`, `sequence (circle, square, triangle)`, `jumps`. */
export function ruleLabel(rule: RuleRecipe): string {
  switch (rule.kind) {
    case 'numbers':
      return `numbers (${rule.follow.kind === 'multiples-of' ? `multiples of ${rule.follow.n}` : rule.follow.kind})`;
    case 'sequence':
      return `sequence (${rule.symbols.join(', ')})`;
    case 'arrows':
      return rule.directions === 4 ? 'arrows (4 directions)' : 'arrows';
    default:
      return rule.kind;
  }
}
