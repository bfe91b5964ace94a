/**
 * Rating that costs little (`npm run bench -- rating`): issue 28's targets, each beside the old figure from
 * the same run.
 *
 * - one 40×40 perfect maze rated as now (the search exact where it can be, per branch for `smart`) and as
 *   before (plain walks until ±5 %, `method: 'walks'`): CPU per rating, the median of 5 rounds, for six algorithms on
 *   four mazes each; the target is ≥ 10× faster;
 * - a book of 40 `difficulty: hard` pages of 32×44 cells and the same book without a difficulty, built by
 *   the CLI in a fresh process each (CPU of the whole process, all threads, the median of 5 alternating rounds); the
 *   target is ≤ 1.4× the CPU of the book without a target (it was 2.3×).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rateMaze } from '../src/analyze/rate.js';
import { generateMaze } from '../src/generate/generate-maze.js';
import type { Maze } from '../src/generate/maze.js';
import type { AlgorithmName } from '../src/generate/registry.js';
import { deriveSeed } from '../src/random/derive-seed.js';
import { collect, measureProcess, record, report, say, timingOf } from './measure.js';

const ALGORITHMS: readonly AlgorithmName[] = [
  'backtracker',
  'kruskal',
  'wilson',
  'hunt-and-kill',
  'prim',
  'growing-tree',
];
const MAZES_EACH = 4;
const ROUNDS = 5;

/** CPU milliseconds (user + system) of `fn`. */
function cpuOf(fn: () => void): number {
  const t = process.cpuUsage();
  fn();
  const used = process.cpuUsage(t);
  return (used.user + used.system) / 1000;
}

/**
 * A 40×40 perfect maze rated now and as before, on the same mazes and seeds; each rating of a fresh copy of
 * its maze (nothing kept from the last), old and new alternating, the median of ROUNDS per maze.
 */
export function rateFortyByForty(): void {
  say('\none 40×40 perfect maze rated, CPU per rating (target: ≥ 10× faster than before)');
  const mazes: { algorithm: AlgorithmName; maze: Maze }[] = [];
  for (const algorithm of ALGORITHMS) {
    for (let i = 0; i < MAZES_EACH; i++) {
      const maze = generateMaze(
        {
          shape: 'square',
          size: { columns: 40, rows: 40 },
          algorithm,
          options: { straightness: 0 },
          entry: { kind: 'auto' },
          exit: { kind: 'auto' },
        },
        deriveSeed(28, `rate ${algorithm}`, i),
        'bench',
      );
      mazes.push({ algorithm, maze });
    }
  }
  const runs = mazes.map(() => ({ old: [] as number[], now: [] as number[], oldWalks: 0, walks: 0 }));
  // Warm up both paths, then time.
  for (const { maze } of mazes.slice(0, 4)) {
    rateMaze({ ...maze }, deriveSeed(28, 'warm'), { method: 'walks' });
    rateMaze({ ...maze }, deriveSeed(28, 'warm'));
  }
  for (let round = 0; round < ROUNDS; round++) {
    collect();
    for (const [i, { maze }] of mazes.entries()) {
      const seed = deriveSeed(28, 'rate', i);
      let oldWalks = 0;
      let walks = 0;
      const old = cpuOf(() => {
        oldWalks = rateMaze({ ...maze }, seed, { method: 'walks' }).walks;
      });
      const now = cpuOf(() => {
        walks = rateMaze({ ...maze }, seed).walks;
      });
      const r = runs[i];
      r.old.push(old);
      r.now.push(now);
      r.oldWalks = oldWalks;
      r.walks = walks;
    }
  }
  const best = runs.map((r) => ({
    old: timingOf(r.old).median,
    now: timingOf(r.now).median,
    oldWalks: r.oldWalks,
    walks: r.walks,
  }));
  say(
    `  ${'algorithm'.padEnd(14)}${'before ms'.padStart(11)}${'walks'.padStart(8)}${'now ms'.padStart(9)}${'walks'.padStart(8)}${'faster'.padStart(9)}`,
  );
  let allOld = 0;
  let allNow = 0;
  for (const algorithm of ALGORITHMS) {
    const rows = best.filter((_, i) => mazes[i].algorithm === algorithm);
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0) / rows.length;
    const old = sum((r) => r.old);
    const now = sum((r) => r.now);
    allOld += old;
    allNow += now;
    say(
      `  ${algorithm.padEnd(14)}${old.toFixed(2).padStart(11)}${sum((r) => r.oldWalks)
        .toFixed(0)
        .padStart(8)}${now.toFixed(2).padStart(9)}${sum((r) => r.walks)
        .toFixed(0)
        .padStart(8)}${`${(old / now).toFixed(1)}×`.padStart(9)}`,
    );
    record(`rate 40×40 ${algorithm}: now`, now);
  }
  report('rate 40×40 perfect maze: before (plain walks)', allOld / ALGORITHMS.length, 'ms CPU', false, 2);
  report('rate 40×40 perfect maze: now', allNow / ALGORITHMS.length, 'ms CPU', false, 2);
  report('rate 40×40 perfect maze: faster than before', allOld / allNow, '×', true, 1);
}

/**
 * 40 `difficulty: hard` pages of 32×44 against the same pages without a difficulty, whole CLI processes
 * (compiled code), alternating, the median of ROUNDS: on one thread (the work itself, as the 2.3× was measured),
 * and as the CLI chooses (it may start worker threads for the hard book, whose start-up costs CPU).
 */
export function hardPages(): void {
  say(
    '\n40 pages of 32×44, with difficulty: hard and without, CPU of the whole build (target ≤ 1.4×, was 2.3×)',
  );
  if (!existsSync('dist/cli/main.js')) {
    say('  (no dist/: run `npm run build` first; skipped)');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-bench-'));
  const pages = Array.from({ length: 40 }, () => '  - {}').join('\n');
  const book = (name: string, defaults: string) => {
    const file = join(dir, `${name}.yaml`);
    writeFileSync(file, `title: Bench\nseed: 7\ndefaults: { ${defaults} }\npages:\n${pages}\n`);
    return file;
  };
  const specs = {
    plain: book('plain', 'cells: [32, 44]'),
    hard: book('hard', 'cells: [32, 44], difficulty: hard'),
  };
  const runs: { label: string; env: Record<string, string> }[] = [
    { label: 'one thread', env: { MAZEBOOK_WORKERS: '0' } },
    { label: 'threads as the CLI chooses', env: {} },
  ];
  try {
    for (const { label, env } of runs) {
      const cpu = { plain: [] as number[], hard: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of ['plain', 'hard'] as const) {
          const args = ['bin/mazebook.js', 'build', specs[name], '-q', '-o', join(dir, `${name}.pdf`)];
          const run = measureProcess(args, env);
          if (!run.ok) {
            say(`  build failed: ${run.stderr.trim().split('\n')[0]}`);
            return;
          }
          cpu[name].push(run.cpuMs / 1000);
        }
      }
      const best = { plain: timingOf(cpu.plain), hard: timingOf(cpu.hard) };
      report(`40 pages 32×44, ${label}: no difficulty`, best.plain, 's CPU', false, 2);
      report(`40 pages 32×44, ${label}: difficulty hard`, best.hard, 's CPU', false, 2);
      report(
        `40 pages 32×44, ${label}: hard ÷ none (was 2.3×)`,
        best.hard.median / best.plain.median,
        '×',
        false,
        2,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
