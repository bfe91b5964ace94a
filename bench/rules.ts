import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultDifficultyModel } from '../src/analyze/model-file.js';
import { generatePuzzles, planSpec } from '../src/book/build-book.js';
import { deriveSeed } from '../src/random/derive-seed.js';
import { generateRuleMaze, proveRuleMaze, rateRuleMaze } from '../src/rules/registry.js';
import type { RuleRecipe } from '../src/rules/rule-puzzle.js';
import { report, say, timeRuns } from './measure.js';

/**
 * Rule mazes (issue 33's targets): a hard 9×9 jump maze and a 15×15 number maze, each generated (with its
 * proof of one solution), proved again, and rated in full, one by one; then a book page of each with a
 * difficulty target, as the build chooses among its candidates (generate, prove, screen, rate).
 */
export async function rulesBench(): Promise<void> {
  say('\nrule mazes');
  const model = defaultDifficultyModel();
  const cases: { label: string; rule: RuleRecipe; side: number; page: string }[] = [
    {
      label: 'jump maze 9×9',
      rule: { kind: 'jumps' },
      side: 9,
      page: '{ rule: jumps, cells: 9, difficulty: 7.6, candidates: 16 }',
    },
    {
      label: 'number maze 15×15',
      rule: { kind: 'numbers', follow: { kind: 'even' } },
      side: 15,
      page: '{ rule: numbers, cells: 15, difficulty: 6 }',
    },
  ];
  for (const { label, rule, side, page } of cases) {
    let i = 0;
    const made = generateRuleMaze(rule, side, side, deriveSeed(1, label, 0));
    const generate = timeRuns(20, () => void generateRuleMaze(rule, side, side, deriveSeed(1, label, i++)));
    const prove = timeRuns(200, () => void proveRuleMaze(made));
    const mazes = Array.from({ length: 20 }, (_, k) =>
      generateRuleMaze(rule, side, side, deriveSeed(2, label, k)),
    );
    const scores: number[] = [];
    let k = 0;
    const rate = timeRuns(
      20,
      () =>
        void scores.push(rateRuleMaze(mazes[k], deriveSeed(2, `${label}#rate`, k++), model, 'full').score),
      0,
    );
    report(`${label}: generate (proof included)`, generate, 'ms', false, 1);
    report(`${label}: prove one solution again`, prove, 'ms', false, 3);
    report(`${label}: rate in full (96 walks)`, rate, 'ms', false, 1);
    scores.sort((a, b) => a - b);
    say(`  ${label}: scores of 20 seeds ${scores[0].toFixed(1)}–${scores[scores.length - 1].toFixed(1)}`);
    // One page of a book with a difficulty target: candidates generated, proved and rated as the build does.
    const dir = mkdtempSync(join(tmpdir(), 'mazebook-rule-bench-'));
    const spec = join(dir, 'r.yaml');
    writeFileSync(spec, `title: Bench\nseed: 3\npages:\n  - { maze: ${page} }\n`);
    const plan = await planSpec(spec);
    let chosen = { score: 0, tried: 0 };
    const book = timeRuns(5, () => {
      const [p] = generatePuzzles(plan, undefined, undefined, true);
      chosen = { score: p.rating?.score ?? 0, tried: p.tried };
    });
    report(`${label}: a page with ${page.replace(/.*(difficulty: [^}]+) }/, '$1')}`, book, 'ms', false, 1);
    say(`  ${label} page: kept a maze scoring ${chosen.score.toFixed(2)} after ${chosen.tried} candidates`);
  }
}
