import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rateWith } from '../../src/analyze/rating.js';
import { generatePuzzles, planSpec } from '../../src/book/build-book.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { spearman } from '../helpers.js';

const books = readdirSync('books')
  .filter((f) => f.endsWith('.yaml'))
  .sort();

describe('the search computed instead of sampled', () => {
  it('keeps the example books’ scores: against the plain walks on the same mazes, Spearman ≥ 0.99, mean gap ≤ 0.015', async () => {
    const before: number[] = [];
    const now: number[] = [];
    const searchGaps: number[] = [];
    let walksBefore = 0;
    let walksNow = 0;
    for (const book of books) {
      const plan = await planSpec(`books/${book}`);
      for (const p of generatePuzzles(plan, undefined, undefined, true)) {
        // Rule mazes are rated by their own simulated solver over their moves (rules/rate-rule.ts).
        if (p.rule) continue;
        // The seed the build rated the maze with.
        const seed = deriveSeed(p.plan.pageSeed ?? plan.seed, `${p.seedKey ?? p.plan.key}#rate`, p.candidate);
        const rating = p.rating;
        if (!rating) throw new Error(`${book} ${p.plan.key}: not rated`);
        expect(rateWith(p.maze, seed, plan.difficultyModel, { solution: p.solution })).toEqual(rating);
        // As every maze was rated before: plain walks until ±5 % (at most 400 here, for time).
        const plain = rateWith(p.maze, seed, plan.difficultyModel, {
          solution: p.solution,
          method: 'walks',
          maxWalks: 400,
        });
        if (plain.overlapSteps.mean > 5) {
          searchGaps.push(Math.abs(rating.overlapSteps.mean / plain.overlapSteps.mean - 1));
        }
        before.push(plain.score);
        now.push(rating.score);
        walksBefore += plain.walks;
        walksNow += rating.walks;
      }
    }
    expect(before.length).toBeGreaterThan(100);
    const gap = before.reduce((s, x, i) => s + Math.abs(x - now[i]), 0) / before.length;
    expect(spearman(before, now)).toBeGreaterThanOrEqual(0.99);
    // Measured: 0.006, and the search within 2.7 % of the plain walks' on average (their own interval is
    // ±5 %). Giving every wrong branch a chance of ½ instead of w_b/(w_b + w_c) would make these 0.025 and
    // 11 %.
    expect(gap).toBeLessThanOrEqual(0.015);
    expect(searchGaps.reduce((s, x) => s + x, 0) / searchGaps.length).toBeLessThanOrEqual(0.05);
    expect(walksNow * 10).toBeLessThan(walksBefore);
  });
});
