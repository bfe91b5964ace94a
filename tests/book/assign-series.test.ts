import { describe, expect, it } from 'vitest';
import {
  assignSeries,
  MIN_RISE,
  type ScoredCandidate,
  SHRINK_COST,
  TIE_COST,
} from '../../src/book/assign-series.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng, type Rng } from '../../src/random/sfc32.js';

/** The cost assignSeries minimises, for picks in series order. */
function costOf(
  targets: readonly number[],
  pool: readonly ScoredCandidate[],
  picks: readonly number[],
): number {
  let cost = 0;
  picks.forEach((k, i) => {
    cost += Math.abs(pool[k].score - targets[i]) + pool[k].penalty;
    if (i > 0 && pool[k].score - pool[picks[i - 1]].score < MIN_RISE) cost += TIE_COST;
    if (i > 0 && pool[k].cells < pool[picks[i - 1]].cells) cost += SHRINK_COST;
  });
  return cost;
}

/**
 * The least cost over every way of giving each position a different eligible candidate, never falling: over
 * the ways that never shrink when there is one (`shrinks` false), else over all of them.
 */
function bruteForce(targets: readonly number[], pool: readonly ScoredCandidate[]) {
  let strict = Infinity;
  let any = Infinity;
  const picks: number[] = [];
  const used = new Set<number>();
  const walk = (i: number) => {
    if (i === targets.length) {
      const cost = costOf(targets, pool, picks);
      any = Math.min(any, cost);
      if (picks.every((k, j) => j === 0 || pool[k].cells >= pool[picks[j - 1]].cells))
        strict = Math.min(strict, cost);
      return;
    }
    pool.forEach((c, k) => {
      if (!c.eligible || used.has(k)) return;
      if (i > 0 && c.score < pool[picks[i - 1]].score) return;
      used.add(k);
      picks.push(k);
      walk(i + 1);
      picks.pop();
      used.delete(k);
    });
  };
  walk(0);
  return strict < Infinity ? { cost: strict, shrinks: false } : { cost: any, shrinks: true };
}

/** A random instance: targets rising over `span`, candidates scattered around them (some on equal scores). */
function instance(rng: Rng, n: number, m: number, span: number) {
  const targets = Array.from({ length: n }, (_, i) => 3 + (span * i) / Math.max(1, n - 1));
  const pool: ScoredCandidate[] = Array.from({ length: m }, () => ({
    // Two decimals, so equal scores (ties) happen.
    score: Math.round((2.5 + rng.next() * (span + 1)) * 100) / 100,
    // A few sizes, so a smaller maze after a larger one happens.
    cells: 20 + 10 * Math.floor(rng.next() * 4),
    penalty: rng.next() < 0.1 ? 100 : 0,
    eligible: rng.next() > 0.1,
  }));
  return { targets, pool };
}

describe('assignSeries', () => {
  it('never falls, picks each candidate once, and finds the least cost (against every assignment)', () => {
    const rng = createRng(deriveSeed(28, 'assign', 0));
    for (let t = 0; t < 300; t++) {
      const n = 1 + Math.floor(rng.next() * 4);
      const { targets, pool } = instance(rng, n, n + Math.floor(rng.next() * 5), rng.next() * 2);
      if (pool.filter((c) => c.eligible).length < n) continue;
      const { picks, shrinks } = assignSeries(targets, pool);
      expect(new Set(picks).size).toBe(n);
      for (const k of picks) expect(pool[k].eligible).toBe(true);
      for (let i = 1; i < n; i++)
        expect(pool[picks[i]].score).toBeGreaterThanOrEqual(pool[picks[i - 1]].score);
      const best = bruteForce(targets, pool);
      expect(shrinks).toBe(best.shrinks);
      if (!shrinks)
        for (let i = 1; i < n; i++)
          expect(pool[picks[i]].cells).toBeGreaterThanOrEqual(pool[picks[i - 1]].cells);
      expect(costOf(targets, pool, picks)).toBeCloseTo(best.cost, 9);
    }
  });

  it('rises strictly where the pool allows, even far from the targets', () => {
    // Four positions, candidates all above the targets: the scores still rise, none repeats.
    const pool = [5, 5.2, 5.1, 5.3, 5.3].map((score) => ({ score, cells: 50, penalty: 0, eligible: true }));
    const { picks } = assignSeries([3, 3.1, 3.2, 3.3], pool);
    expect(picks.map((k) => pool[k].score)).toEqual([5, 5.1, 5.2, 5.3]);
  });

  it('takes a tie only when nothing else is left, and one candidate of a series never twice', () => {
    const pool = [4, 4, 4].map((score) => ({ score, cells: 50, penalty: 0, eligible: true }));
    const { picks } = assignSeries([3.9, 4, 4.1], pool);
    expect([...picks].sort()).toEqual([0, 1, 2]);
    expect(() => assignSeries([1, 2, 3, 4], pool)).toThrow(/3 eligible candidates for a series of 4/);
  });

  it('never lets the mazes get smaller where the pool allows, however far that is from the targets', () => {
    const at = (score: number, cells: number) => ({ score, cells, penalty: 0, eligible: true });
    expect(assignSeries([4, 4.1], [at(4, 60), at(4.1, 50), at(4.15, 60)]).picks).toEqual([0, 2]);
    // The step to 60 cells is 0.9 points further from the target than the one to 50: it is taken all the same.
    expect(assignSeries([4, 4.1], [at(4, 60), at(4.1, 50), at(5, 60)])).toEqual({
      picks: [0, 2],
      shrinks: false,
    });
    // Equal scores go in growing size.
    expect(assignSeries([4, 4], [at(4, 60), at(4, 50)]).picks).toEqual([1, 0]);
    // No way keeps the size: the least shrinking one, said so.
    expect(assignSeries([4, 4.1], [at(4, 60), at(4.1, 50)])).toEqual({ picks: [0, 1], shrinks: true });
  });

  it('is the same for the same pool, whatever the order of equal costs (lower index first)', () => {
    const pool = [4.2, 4.0, 4.2, 4.0].map((score) => ({ score, cells: 50, penalty: 0, eligible: true }));
    expect(assignSeries([4.0, 4.2], pool).picks).toEqual([1, 0]);
    expect(assignSeries([4.0, 4.2], pool)).toEqual(assignSeries([4.0, 4.2], [...pool]));
  });

  it('handles a series of 200 from a pool of 1,600 quickly (linear in the pool)', () => {
    const rng = createRng(deriveSeed(28, 'assign', 1));
    const { targets, pool: scattered } = instance(rng, 200, 1600, 3);
    // Larger mazes score higher, a few sizes to a point (sizes of a real pool follow its targets).
    const pool = scattered.map((c) => ({
      ...c,
      cells: 10 * Math.round(Math.exp(c.score) / 2),
    }));
    const { picks, shrinks } = assignSeries(targets, pool);
    expect(shrinks).toBe(false);
    for (let i = 1; i < picks.length; i++) {
      expect(pool[picks[i]].score).toBeGreaterThan(pool[picks[i - 1]].score);
    }
    const off = picks.filter((k, i) => Math.abs(pool[k].score - targets[i]) > 0.6).length;
    expect(off).toBe(0);
  });
});
