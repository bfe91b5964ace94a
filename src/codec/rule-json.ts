import type { RulePuzzle, RuleRecipe, RuleSide } from '../rules/rule-puzzle.js';

/**
 * Rule maze JSON, format `mazebook-rule-maze` version 1: one rule maze, enough to read and solve it again
 * without mazebook (docs/formats.md, "Rule maze JSON").
 *
 * ```json
 * { "format": "mazebook-rule-maze", "version": 1,
 *   "rule": { "kind": "numbers", "follow": "even" },
 *   "columns": 4, "rows": 3,
 *   "grid": [[2, 7, 9, 3], [4, 6, 8, 12], [5, 1, 3, 10]],
 *   "start": { "x": 0, "y": 0, "side": "left" },
 *   "goal": { "x": 3, "y": 2, "side": "right" },
 *   "solution": [[0, 0], [0, 1], [1, 1], [2, 1], [3, 1], [3, 2]] }
 * ```
 *
 * - `rule`: `{ kind: numbers, follow: even | odd | count-up | { multiples-of: n } }`,
 *   `{ kind: sequence, symbols: [circle, …] }`, `{ kind: arrows, directions: 8 | 4 }` or `{ kind: jumps }`.
 * - `grid`: rows from the top, each its cells from the left: numbers (numbers, jumps), shape names
 *   (sequence), arrow directions `up`, `up-right`, `right`, `down-right`, `down`, `down-left`, `left`,
 *   `up-left` (arrows); the goal of an arrow or jump maze is `"goal"`.
 * - `start`, `goal`: the cells (x from the left, y from the top, from 0) and the rim side their marker is on.
 * - `solution`: the cells of the one solution, start to goal (for arrows and jumps, the cells moved to).
 */
export interface RuleMazeJson {
  format: 'mazebook-rule-maze';
  version: 1;
  rule: Record<string, unknown>;
  columns: number;
  rows: number;
  grid: (number | string)[][];
  start: { x: number; y: number; side: RuleSide };
  goal: { x: number; y: number; side: RuleSide };
  solution: [number, number][];
}

/** Arrow directions by their number (0 up, clockwise in 45° steps). */
export const ARROW_NAMES = [
  'up',
  'up-right',
  'right',
  'down-right',
  'down',
  'down-left',
  'left',
  'up-left',
] as const;

function ruleJson(rule: RuleRecipe): Record<string, unknown> {
  switch (rule.kind) {
    case 'numbers': {
      const f = rule.follow;
      return { kind: 'numbers', follow: f.kind === 'multiples-of' ? { 'multiples-of': f.n } : f.kind };
    }
    case 'sequence':
      return { kind: 'sequence', symbols: [...rule.symbols] };
    case 'arrows':
      return { kind: 'arrows', directions: rule.directions };
    default:
      return { kind: 'jumps' };
  }
}

/** A rule maze as rule maze JSON (see the file's comment). */
export function exportRuleJson(p: RulePuzzle): RuleMazeJson {
  const { columns, rows, rule } = p;
  const at = (c: number): [number, number] => [c % columns, Math.floor(c / columns)];
  const symbol = (c: number): number | string => {
    const v = p.cells[c];
    if (rule.kind === 'sequence') return rule.symbols[v];
    if ((rule.kind === 'arrows' || rule.kind === 'jumps') && c === p.goal) return 'goal';
    if (rule.kind === 'arrows') return ARROW_NAMES[v];
    return v;
  };
  const grid = Array.from({ length: rows }, (_, y) =>
    Array.from({ length: columns }, (_, x) => symbol(y * columns + x)),
  );
  const [sx, sy] = at(p.start);
  const [gx, gy] = at(p.goal);
  return {
    format: 'mazebook-rule-maze',
    version: 1,
    rule: ruleJson(rule),
    columns,
    rows,
    grid,
    start: { x: sx, y: sy, side: p.startSide },
    goal: { x: gx, y: gy, side: p.goalSide },
    solution: Array.from(p.path, at),
  };
}

/**
 * Rule maze JSON as text: indented by two spaces, with each innermost array (a row of the grid, a cell of
 * the solution) on one line, so the grid reads as a grid.
 */
export function ruleJsonText(p: RulePuzzle): string {
  const text = JSON.stringify(exportRuleJson(p), null, 2);
  return `${text.replace(/\[\s+([^[\]{}]*?)\s+\]/g, (_, inner: string) => `[${inner.split(/,\s+/).join(', ')}]`)}\n`;
}
