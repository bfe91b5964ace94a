import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { generateRuleMaze } from '../../src/rules/registry.js';
import { type RulePuzzle, type RuleRecipe, sideOf } from '../../src/rules/rule-puzzle.js';
import { countShortestPaths, countSimplePaths, movesFrom } from './brute-force.js';

/**
 * Every rule maze the generators make has exactly one solution, proved again by the brute-force solver of
 * brute-force.ts (which shares no code with src/rules/): the only simple path for numbers and sequences, the
 * only shortest move sequence for arrows and jumps; and it is the solution the maze carries (the answer key).
 * Many seeds on small grids, fewer on large ones (the brute force grows fast, the generators too).
 */

const RULES: Record<string, RuleRecipe> = {
  even: { kind: 'numbers', follow: { kind: 'even' } },
  odd: { kind: 'numbers', follow: { kind: 'odd' } },
  'multiples of 3': { kind: 'numbers', follow: { kind: 'multiples-of', n: 3 } },
  'count-up': { kind: 'numbers', follow: { kind: 'count-up' } },
  'sequence of 3': { kind: 'sequence', symbols: ['circle', 'square', 'triangle'] },
  'sequence of 2': { kind: 'sequence', symbols: ['star', 'heart'] },
  'sequence of 5': { kind: 'sequence', symbols: ['circle', 'square', 'triangle', 'diamond', 'star'] },
  arrows: { kind: 'arrows', directions: 8 },
  'arrows (4)': { kind: 'arrows', directions: 4 },
  jumps: { kind: 'jumps' },
};

/** Sizes (columns × rows) and seeds per size: hundreds on small grids, a few on the largest. */
const SIZES: readonly [number, number, number][] = [
  [4, 4, 200],
  [5, 5, 200],
  [6, 4, 120],
  [7, 7, 120],
  [9, 6, 40],
  [9, 9, 30],
  [15, 15, 4],
];

/** The solution is a chain of legal moves from the start to the goal, both on the rim on their sides. */
function checkCarriedSolution(p: RulePuzzle): void {
  expect(p.path[0]).toBe(p.start);
  expect(p.path[p.path.length - 1]).toBe(p.goal);
  for (let i = 1; i < p.path.length; i++) expect(movesFrom(p, p.path[i - 1])).toContain(p.path[i]);
  expect(sideOf(p.columns, p.rows, p.start, p.startSide)).toBe(p.startSide);
  expect(sideOf(p.columns, p.rows, p.goal, p.goalSide)).toBe(p.goalSide);
  expect(p.start).not.toBe(p.goal);
}

describe('rule mazes have exactly one solution (brute force)', () => {
  for (const [name, rule] of Object.entries(RULES)) {
    it(name, () => {
      let total = 0;
      for (const [w, h, seeds] of SIZES) {
        for (let k = 0; k < seeds; k++) {
          const p = generateRuleMaze(rule, w, h, deriveSeed(11, `${name} ${w}x${h}`, k));
          const shortest = rule.kind === 'arrows' || rule.kind === 'jumps';
          const brute = shortest ? countShortestPaths(p) : countSimplePaths(p);
          const label = `${name} ${w}×${h} seed ${k}`;
          expect(brute.outOfSteps, label).toBe(false);
          expect(brute.count, label).toBe(1);
          expect(brute.first, label).toEqual([...p.path]);
          checkCarriedSolution(p);
          total++;
        }
      }
      expect(total).toBeGreaterThan(700);
    }, 120_000);
  }
});

describe('the brute-force solver', () => {
  it('finds a second way where a maze has one (the test can fail)', () => {
    const p = generateRuleMaze(RULES.even, 7, 7, deriveSeed(3, 'second', 0));
    // Make every cell even: the way then has many companions.
    const open = { ...p, cells: p.cells.map(() => 2) };
    expect(countSimplePaths(open).count).toBe(2);
    const q = generateRuleMaze(RULES.jumps, 5, 5, deriveSeed(3, 'second', 1));
    // All ones: many shortest ways across the grid (between opposite corners).
    const ones = { ...q, cells: q.cells.map((_v, c) => (c === q.goal ? 0 : 1)) };
    expect(countShortestPaths(ones).count).toBe(2);
    const arrows = generateRuleMaze(RULES.arrows, 5, 5, deriveSeed(3, 'second', 2));
    // Every arrow pointing right: the goal (a corner) cannot be reached from the start across the grid.
    const right = { ...arrows, cells: arrows.cells.map((_v, c) => (c === arrows.goal ? -1 : 2)) };
    expect(countShortestPaths(right).count).toBe(0);
  });
});
