import type { RulePuzzle } from '../../src/rules/rule-puzzle.js';

/**
 * A brute-force solver for rule mazes, written apart from src/rules/ (it shares none of its code): it reads
 * the rule straight off the grid of symbols and enumerates solutions one by one.
 *
 * - numbers and sequences: every simple path from the start to the goal, depth first (the only pruning is a
 *   fixed set of cells from which the goal can be reached at all, found once by a fixed-point sweep);
 * - arrows and jumps: the least number of moves by repeated relaxation over all cells (no queue), then every
 *   move sequence of exactly that length, depth first, enumerated through cells that are exactly one move
 *   closer to the goal each time.
 *
 * Counts stop at 2; `steps` bounds the enumeration (the test fails when it runs out rather than pass unproven).
 */
export interface BruteCount {
  count: number;
  /** The first solution found (cells, start to goal). */
  first?: number[];
  /** The enumeration stopped at its bound. */
  outOfSteps: boolean;
}

const DX4 = [0, 1, 0, -1];
const DY4 = [-1, 0, 1, 0];
/** Arrow directions as the puzzle numbers them: 0 up, clockwise in 45° steps. */
const DX8 = [0, 1, 1, 1, 0, -1, -1, -1];
const DY8 = [-1, -1, 0, 1, 1, 1, 0, -1];

/** Every cell one move from `c`, by the puzzle's rule, read off its symbols. */
export function movesFrom(p: RulePuzzle, c: number): number[] {
  const w = p.columns;
  const h = p.rows;
  const x = c % w;
  const y = Math.floor(c / w);
  const v = p.cells[c];
  const out: number[] = [];
  const inside = (a: number, b: number) => a >= 0 && a < w && b >= 0 && b < h;
  const rule = p.rule;
  if (rule.kind === 'jumps') {
    if (c === p.goal) return out;
    for (let k = 0; k < 4; k++) {
      const nx = x + DX4[k] * v;
      const ny = y + DY4[k] * v;
      if (v > 0 && inside(nx, ny)) out.push(ny * w + nx);
    }
    return out;
  }
  if (rule.kind === 'arrows') {
    if (c === p.goal || v < 0) return out;
    for (let s = 1; inside(x + DX8[v] * s, y + DY8[v] * s); s++)
      out.push((y + DY8[v] * s) * w + x + DX8[v] * s);
    return out;
  }
  for (let k = 0; k < 4; k++) {
    const nx = x + DX4[k];
    const ny = y + DY4[k];
    if (!inside(nx, ny)) continue;
    const d = ny * w + nx;
    const u = p.cells[d];
    if (rule.kind === 'sequence') {
      if (u === (v + 1) % rule.symbols.length) out.push(d);
    } else if (rule.follow.kind === 'count-up') {
      if (u === v + 1) out.push(d);
    } else if (follows(rule.follow, v) && follows(rule.follow, u)) {
      out.push(d);
    }
  }
  return out;
}

function follows(f: { kind: string; n?: number }, v: number): boolean {
  if (f.kind === 'even') return v % 2 === 0;
  if (f.kind === 'odd') return v % 2 === 1;
  return v % (f.n ?? 0) === 0;
}

/** Whether the start cell itself obeys the rule (a way must begin on a cell of the rule). */
export function startObeys(p: RulePuzzle): boolean {
  const rule = p.rule;
  const v = p.cells[p.start];
  if (rule.kind === 'sequence') return v === 0;
  if (rule.kind === 'numbers') {
    if (rule.follow.kind === 'count-up') return v === 1;
    return follows(rule.follow, v) && follows(rule.follow, p.cells[p.goal]);
  }
  return true;
}

/** Counts the simple paths from start to goal (up to 2). */
export function countSimplePaths(p: RulePuzzle, steps = 20_000_000): BruteCount {
  const n = p.columns * p.rows;
  const moves = Array.from({ length: n }, (_, c) => movesFrom(p, c));
  // Cells from which the goal can be reached at all: grown to a fixed point.
  const reaches = new Array<boolean>(n).fill(false);
  reaches[p.goal] = true;
  for (let changed = true; changed; ) {
    changed = false;
    for (let c = 0; c < n; c++) {
      if (!reaches[c] && moves[c].some((d) => reaches[d])) {
        reaches[c] = true;
        changed = true;
      }
    }
  }
  const result: BruteCount = { count: 0, outOfSteps: false };
  if (!startObeys(p) || !reaches[p.start]) return result;
  const on = new Array<boolean>(n).fill(false);
  const path: number[] = [];
  let left = steps;
  const walk = (c: number): void => {
    if (result.count >= 2 || result.outOfSteps) return;
    if (--left < 0) {
      result.outOfSteps = true;
      return;
    }
    path.push(c);
    on[c] = true;
    if (c === p.goal) {
      result.count++;
      if (!result.first) result.first = [...path];
    } else {
      for (const d of moves[c]) if (!on[d] && reaches[d]) walk(d);
    }
    on[c] = false;
    path.pop();
  };
  walk(p.start);
  return result;
}

/** Counts the shortest move sequences from start to goal (up to 2), and their length in moves. */
export function countShortestPaths(p: RulePuzzle, steps = 20_000_000): BruteCount & { moves: number } {
  const n = p.columns * p.rows;
  const moves = Array.from({ length: n }, (_, c) => movesFrom(p, c));
  // Moves still needed to reach the goal from each cell, by relaxation until nothing changes.
  const toGoal = new Array<number>(n).fill(Infinity);
  toGoal[p.goal] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let c = 0; c < n; c++) {
      for (const d of moves[c]) {
        if (toGoal[d] + 1 < toGoal[c]) {
          toGoal[c] = toGoal[d] + 1;
          changed = true;
        }
      }
    }
  }
  const result = { count: 0, outOfSteps: false, moves: toGoal[p.start] } as BruteCount & { moves: number };
  if (toGoal[p.start] === Infinity) return result;
  const path: number[] = [];
  let left = steps;
  const walk = (c: number): void => {
    if (result.count >= 2 || result.outOfSteps) return;
    if (--left < 0) {
      result.outOfSteps = true;
      return;
    }
    path.push(c);
    if (c === p.goal) {
      result.count++;
      if (!result.first) result.first = [...path];
    } else {
      for (const d of moves[c]) if (toGoal[d] === toGoal[c] - 1) walk(d);
    }
    path.pop();
  };
  walk(p.start);
  return result;
}
