import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { generateRuleMaze, proveRuleMaze, ruleKinds } from '../../src/rules/registry.js';
import { RULE_MAX_SIDE, RULE_MIN_SIDE, type RuleRecipe } from '../../src/rules/rule-puzzle.js';

/**
 * Every rule generator terminates with a proved maze on every size it accepts (RULE_MIN_SIDE to RULE_MAX_SIDE
 * cells each way), gives the same maze from the same seed, and its solver finds a second way once one is made.
 */

const FAST: readonly RuleRecipe[] = [
  { kind: 'numbers', follow: { kind: 'even' } },
  { kind: 'numbers', follow: { kind: 'multiples-of', n: 20 } },
  { kind: 'numbers', follow: { kind: 'count-up' } },
  { kind: 'sequence', symbols: ['circle', 'square'] },
  {
    kind: 'sequence',
    symbols: ['circle', 'square', 'triangle', 'diamond', 'star', 'hexagon', 'cross', 'heart'],
  },
];
const SLOW: readonly RuleRecipe[] = [
  { kind: 'arrows', directions: 8 },
  { kind: 'arrows', directions: 4 },
  { kind: 'jumps' },
];

const SIDES = [4, 5, 6, 7, 8, 11, 16, 25];

describe('rule generators', () => {
  it('accept the same smallest and largest sides', () => {
    for (const rule of [...FAST, ...SLOW]) expect(ruleKinds[rule.kind].minSide(rule)).toBe(RULE_MIN_SIDE);
    expect(RULE_MAX_SIDE).toBe(25);
  });

  for (const rule of FAST) {
    it(`terminate on every shape: ${rule.kind} ${JSON.stringify(Object.values(rule).slice(1))}`, () => {
      for (const w of SIDES) {
        for (const h of SIDES) {
          const p = generateRuleMaze(rule, w, h, deriveSeed(5, `${w}x${h}`, 0));
          expect(p.columns * p.rows).toBe(w * h);
        }
      }
    }, 120_000);
  }

  for (const rule of SLOW) {
    it(`terminate on every side: ${rule.kind} ${JSON.stringify(Object.values(rule).slice(1))}`, () => {
      for (let s = RULE_MIN_SIDE; s <= RULE_MAX_SIDE; s += s < 12 ? 1 : 4) {
        const p = generateRuleMaze(rule, s, s, deriveSeed(5, `${s}`, 0));
        expect(p.path.length).toBeGreaterThan(1);
      }
      for (const [w, h] of [
        [4, 25],
        [25, 4],
        [5, 13],
      ]) {
        const p = generateRuleMaze(rule, w, h, deriveSeed(5, `${w}x${h}`, 0));
        expect(p.path.length).toBeGreaterThan(1);
      }
    }, 120_000);
  }

  it('give the same maze from the same seed', () => {
    for (const rule of [...FAST, ...SLOW]) {
      const a = generateRuleMaze(rule, 7, 6, deriveSeed(9, 'same', 3));
      const b = generateRuleMaze(rule, 7, 6, deriveSeed(9, 'same', 3));
      expect([...a.cells]).toEqual([...b.cells]);
      expect([...a.path]).toEqual([...b.path]);
    }
  });

  it('prove a second way when one is made (the proof can fail)', () => {
    const even = generateRuleMaze(FAST[0], 7, 7, deriveSeed(2, 'x', 0));
    expect(proveRuleMaze({ ...even, cells: even.cells.map(() => 4) }).count).toBe(2);
    const seq = generateRuleMaze(FAST[3], 6, 6, deriveSeed(2, 'x', 1));
    // A chequerboard of the two shapes: every neighbour is the next shape.
    const board = seq.cells.map(
      (_, c) => ((c % 6) + Math.floor(c / 6) + (seq.start % 6) + Math.floor(seq.start / 6)) % 2,
    );
    expect(proveRuleMaze({ ...seq, cells: board }).count).toBe(2);
    const jumps = generateRuleMaze(SLOW[2], 5, 5, deriveSeed(2, 'x', 2));
    expect(
      proveRuleMaze({ ...jumps, cells: jumps.cells.map((_, c) => (c === jumps.goal ? 0 : 1)) }).count,
    ).toBe(2);
  });
});
