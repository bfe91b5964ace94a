/**
 * `npx tsx bench/calibrate.ts`: calibration of the difficulty scale (see docs/difficulty.md).
 *
 * Generates mazes of every shape at comparable cell counts with the main algorithms, rates each with the
 * `smart` simulator (and, on a subset, with `tremaux` and `directional`), and prints the spread of mean
 * overlap steps and scores per shape × size × algorithm, the share of mazes per label, and a compact
 * "cells → median score" table per shape. Everything is derived from fixed seeds, so the figures are the
 * same on every run; only the timings change.
 *
 * Work is shared among child processes (one per core by default), which does not change any figure.
 *
 * Options:
 *   --seeds N          mazes per shape × size × algorithm (default 8; half as many above 5000 cells)
 *   --workers N        child processes (default: available cores, at most 8)
 *   --quick            smaller run for a smoke test (3 seeds, up to ~1600 cells, no levers)
 *   --o-top X          what-if: score with this O_TOP instead of rate.ts's
 *   --bands a,b,c      what-if: easy/medium, medium/hard and hard/expert edges instead of rate.ts's
 *   --json FILE        also write every maze's figures to FILE
 *   --from FILE        print the tables from a FILE written by --json instead of rating again (for what-ifs)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { measure } from '../src/analyze/metrics.js';
import { type DifficultyLabel, difficultyLabels, LABEL_BANDS, O_TOP, rateMaze } from '../src/analyze/rate.js';
import type { SimulatorName } from '../src/analyze/simulate.js';
import { solve } from '../src/analyze/solve.js';
import { generateMaze, type MazeRecipe } from '../src/generate/generate-maze.js';
import type { PostStep } from '../src/generate/post/registry.js';
import type { AlgorithmName } from '../src/generate/registry.js';
import { type TopologyName, topologies } from '../src/grid/registry.js';
import { deriveSeed } from '../src/random/derive-seed.js';

/** Book seed of every maze and walk here; changing it gives a fresh, equally valid sample. */
const BOOK_SEED = 2015;

const SHAPES: readonly TopologyName[] = ['square', 'hex', 'triangle', 'octagon', 'circle'];
const ALGORITHMS: readonly AlgorithmName[] = [
  'backtracker',
  'hunt-and-kill',
  'kruskal',
  'wilson',
  'prim',
  'growing-tree',
];
/** Target cell counts; each shape gets the size whose cell count is nearest (square: 5², 10², … 100²). */
const TARGET_CELLS = [25, 100, 400, 1600, 4900, 10000];
/** Sizes above this many cells get half the seeds (they take most of the time). */
const BIG_CELLS = 5000;
/**
 * The other two simulators, and `smart` with entry and exit swapped, run on mazes up to this many cells,
 * first TRIO_SEEDS seeds only.
 */
const TRIO_MAX_CELLS = 1600;
const TRIO_SEEDS = 4;
/** Post-process levers, on square mazes of these sides, with these algorithms. */
const LEVER_SIDES = [20, 40];
const LEVER_ALGORITHMS: readonly AlgorithmName[] = ['backtracker', 'kruskal'];
const LEVERS: readonly { name: string; post: PostStep[] }[] = [
  { name: 'none', post: [] },
  { name: 'reverse-wasted-turns', post: [{ name: 'reverse-wasted-turns' }] },
  { name: 'loops 10', post: [{ name: 'loops', count: 10 }] },
  { name: 'braid 0.5', post: [{ name: 'braid', share: 0.5 }] },
];

// ---------------------------------------------------------------------------------------------------------
// Jobs: one maze each, run in a child process.

interface Job {
  id: number;
  group: 'main' | 'lever';
  shape: TopologyName;
  size: number;
  cells: number;
  algorithm: AlgorithmName;
  lever: string;
  post: PostStep[];
  seed: number;
  trio: boolean;
}

interface Result {
  id: number;
  overlap: Partial<Record<SimulatorName, number>>;
  /** Mean overlap steps of `smart` with entry and exit swapped (trio mazes only). */
  swapped?: number;
  walks: number;
  steps: number;
  solutionShare: number;
  deadEndShare: number;
  ms: number;
}

function recipeOf(job: Job): MazeRecipe {
  return {
    shape: job.shape,
    size: { columns: job.size, rows: job.size },
    algorithm: job.algorithm,
    options: { straightness: 0 },
    entry: { kind: 'auto' },
    exit: { kind: 'auto' },
    post: job.post,
  };
}

function runJob(job: Job): Result {
  const t = performance.now();
  const key = `calibrate/${job.shape}/${job.size}/${job.algorithm}/${job.lever}`;
  const maze = generateMaze(recipeOf(job), deriveSeed(BOOK_SEED, key, job.seed), key);
  const metrics = measure(maze, solve(maze));
  const smart = rateMaze(maze, deriveSeed(BOOK_SEED, `${key}/walks`, job.seed));
  const overlap: Partial<Record<SimulatorName, number>> = { smart: smart.overlapSteps.mean };
  let swapped: number | undefined;
  if (job.trio) {
    for (const simulator of ['tremaux', 'directional'] as const) {
      const r = rateMaze(maze, deriveSeed(BOOK_SEED, `${key}/walks/${simulator}`, job.seed), { simulator });
      overlap[simulator] = r.overlapSteps.mean;
    }
    // The same maze walked the other way: `smart` can depend strongly on which end is the entry.
    const reversed = {
      ...maze,
      entryWall: maze.exitWall,
      exitWall: maze.entryWall,
      entryCell: maze.exitCell,
      exitCell: maze.entryCell,
    };
    swapped = rateMaze(reversed, deriveSeed(BOOK_SEED, `${key}/walks/swapped`, job.seed)).overlapSteps.mean;
  }
  return {
    id: job.id,
    overlap,
    swapped,
    walks: smart.walks,
    steps: smart.steps.mean,
    solutionShare: metrics.solutionLength / metrics.cells,
    deadEndShare: metrics.deadEnds / metrics.cells,
    ms: performance.now() - t,
  };
}

/** The size (columns = rows, or rings) of a shape whose cell count is nearest `target`. */
function sizeFor(shape: TopologyName, target: number): number {
  let best = 2;
  let bestErr = Infinity;
  for (let n = 2; n <= 400; n++) {
    const err = Math.abs(topologies[shape].count({ columns: n, rows: n }) - target);
    if (err < bestErr) {
      best = n;
      bestErr = err;
    }
  }
  return best;
}

function makeJobs(seeds: number, targets: readonly number[], levers: boolean): Job[] {
  const jobs: Job[] = [];
  const add = (j: Omit<Job, 'id' | 'cells'>): void => {
    jobs.push({ ...j, id: jobs.length, cells: topologies[j.shape].count({ columns: j.size, rows: j.size }) });
  };
  for (const shape of SHAPES) {
    for (const target of targets) {
      const size = sizeFor(shape, target);
      const n = target > BIG_CELLS ? Math.ceil(seeds / 2) : seeds;
      for (const algorithm of ALGORITHMS) {
        for (let seed = 0; seed < n; seed++) {
          const trio = target <= TRIO_MAX_CELLS && seed < TRIO_SEEDS;
          add({ group: 'main', shape, size, algorithm, lever: 'none', post: [], seed, trio });
        }
      }
    }
  }
  if (levers) {
    for (const size of LEVER_SIDES) {
      for (const algorithm of LEVER_ALGORITHMS) {
        for (const lever of LEVERS.slice(1)) {
          for (let seed = 0; seed < seeds; seed++) {
            add({
              group: 'lever',
              shape: 'square',
              size,
              algorithm,
              lever: lever.name,
              post: lever.post,
              seed,
              trio: false,
            });
          }
        }
      }
    }
  }
  return jobs;
}

/** Runs the jobs on `workers` child processes, biggest first; results come back in job order. */
async function runAll(jobs: Job[], workers: number): Promise<Result[]> {
  const results: Result[] = new Array(jobs.length);
  const order = [...jobs].sort(
    (a, b) => b.cells * (b.trio ? 4 : 1) - a.cells * (a.trio ? 4 : 1) || a.id - b.id,
  );
  let next = 0;
  let done = 0;
  const self = fileURLToPath(import.meta.url);
  await new Promise<void>((resolveAll, reject) => {
    const feed = (child: ChildProcess): void => {
      if (next < order.length) child.send(order[next++]);
      else child.disconnect();
    };
    for (let w = 0; w < workers; w++) {
      const child = fork(self, ['--worker'], { execArgv: process.execArgv });
      child.on('message', (r: Result) => {
        results[r.id] = r;
        done++;
        if (process.stderr.isTTY) process.stderr.write(`\r  ${done}/${jobs.length} mazes rated`);
        if (done === jobs.length) {
          if (process.stderr.isTTY) process.stderr.write('\n');
          resolveAll();
        }
        feed(child);
      });
      child.on('error', reject);
      child.on('exit', (code) => {
        if (code !== 0 && done < jobs.length) reject(new Error(`a calibration worker exited with ${code}`));
      });
      feed(child);
    }
  });
  return results;
}

// ---------------------------------------------------------------------------------------------------------
// Statistics and printing.

interface Scale {
  oTop: number;
  /** easy/medium, medium/hard, hard/expert */
  edges: [number, number, number];
}

function scoreWith(scale: Scale, overlap: number): number {
  const s = 1 + (9 * Math.log1p(Math.max(0, overlap))) / Math.log1p(scale.oTop);
  return Math.min(10, Math.max(1, s));
}

function labelWith(scale: Scale, score: number): DifficultyLabel {
  for (let i = 0; i < 3; i++) if (score < scale.edges[i]) return difficultyLabels[i];
  return 'expert';
}

/** Quantile with linear interpolation between order statistics (R's type 7). */
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(s.length - 1, lo + 1);
  return s[lo] + (h - lo) * (s[hi] - s[lo]);
}

const median = (v: readonly number[]): number => quantile(v, 0.5);

function fmtO(x: number): string {
  if (!Number.isFinite(x)) return '—';
  if (x >= 1000) return `${(x / 1000).toFixed(x >= 10000 ? 0 : 1)}k`;
  return x >= 100 ? x.toFixed(0) : x.toFixed(1);
}

const fmtS = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '—');
const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** Prints rows as a table with columns padded to width (first column left-aligned, others right). */
function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]): string =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('');
}

function labelShares(scale: Scale, overlaps: readonly number[]): string[] {
  const count: Record<DifficultyLabel, number> = { easy: 0, medium: 0, hard: 0, expert: 0 };
  for (const o of overlaps) count[labelWith(scale, scoreWith(scale, o))]++;
  return difficultyLabels.map((l) => (count[l] === 0 ? '·' : pct(count[l] / overlaps.length)));
}

function sizeName(shape: TopologyName, size: number): string {
  return topologies[shape].sizedBy === 'rings' ? `${size} rings` : `${size}×${size}`;
}

function report(
  jobs: Job[],
  results: Result[],
  scale: Scale,
  seeds: number,
  targets: readonly number[],
): void {
  const where = (pred: (j: Job) => boolean): Result[] => jobs.filter(pred).map((j) => results[j.id]);
  /** Main-run mazes of a shape at a target size, of one algorithm or all. */
  const cell = (shape: TopologyName, target: number, algorithm?: AlgorithmName): Result[] => {
    const size = sizeFor(shape, target);
    return where(
      (j) =>
        j.group === 'main' &&
        j.shape === shape &&
        j.size === size &&
        (algorithm === undefined || j.algorithm === algorithm),
    );
  };
  const nearTarget = (target: number) => (j: Job) =>
    j.group === 'main' && Math.abs(j.cells - target) / target < 0.25;
  const smart = (rs: Result[]): number[] => rs.map((r) => r.overlap.smart ?? 0);
  const scores = (rs: Result[]): number[] => smart(rs).map((o) => scoreWith(scale, o));
  const algorithmMedians = (shape: TopologyName, target: number): number[] =>
    ALGORITHMS.map((a) => median(scores(cell(shape, target, a)))).filter(Number.isFinite);

  console.log(
    'Per shape, size and algorithm: mean overlap steps O of the smart simulator per maze and its score,',
  );
  console.log(
    `p10 / median / p90 over ${seeds} mazes (${Math.ceil(seeds / 2)} above ${BIG_CELLS} cells); label shares; ` +
      'median dead-end and solution shares of the cells;',
  );
  console.log(
    `median O of tremaux and directional on the first ${TRIO_SEEDS} mazes up to ${TRIO_MAX_CELLS} cells.\n`,
  );
  for (const shape of SHAPES) {
    const rows: string[][] = [];
    for (const target of targets) {
      for (const algorithm of ALGORITHMS) {
        const rs = cell(shape, target, algorithm);
        if (rs.length === 0) continue;
        const o = smart(rs);
        const s = scores(rs);
        const trio = rs.filter((r) => r.overlap.tremaux !== undefined);
        const trioMedian = (sim: SimulatorName): string =>
          trio.length > 0 ? fmtO(median(trio.map((r) => r.overlap[sim] ?? 0))) : '—';
        const size = sizeFor(shape, target);
        rows.push([
          `${topologies[shape].count({ columns: size, rows: size })} (${sizeName(shape, size)})`,
          algorithm,
          `${fmtO(quantile(o, 0.1))} / ${fmtO(median(o))} / ${fmtO(quantile(o, 0.9))}`,
          `${fmtS(quantile(s, 0.1))} / ${fmtS(median(s))} / ${fmtS(quantile(s, 0.9))}`,
          ...labelShares(scale, o),
          pct(median(rs.map((r) => r.deadEndShare))),
          pct(median(rs.map((r) => r.solutionShare))),
          trioMedian('tremaux'),
          trioMedian('directional'),
        ]);
      }
    }
    console.log(`## ${shape}\n`);
    const header = ['cells', 'algorithm', 'O p10/med/p90', 'score p10/med/p90', 'easy', 'med', 'hard', 'exp'];
    table([...header, 'dead', 'sol', 'trem', 'dir'], rows);
  }

  console.log('## Cells → median score (six algorithms pooled) [lowest … highest algorithm median]\n');
  table(
    ['shape', ...targets.map((t) => `~${t}`)],
    SHAPES.map((shape) => [
      shape,
      ...targets.map((target) => {
        const meds = algorithmMedians(shape, target);
        const pooled = median(scores(cell(shape, target)));
        return `${fmtS(pooled)} [${fmtS(Math.min(...meds))}…${fmtS(Math.max(...meds))}]`;
      }),
    ]),
  );

  console.log('## Label shares by cell count (all shapes and algorithms pooled)\n');
  const all = where((j) => j.group === 'main');
  table(
    ['cells', 'mazes', ...difficultyLabels],
    [
      ...targets.map((target) => {
        const rs = where(nearTarget(target));
        return [`~${target}`, String(rs.length), ...labelShares(scale, smart(rs))];
      }),
      ['all', String(all.length), ...labelShares(scale, smart(all))],
    ],
  );

  console.log('## Label shares by shape (all sizes and algorithms pooled)\n');
  table(
    ['shape', 'mazes', ...difficultyLabels],
    SHAPES.map((shape) => {
      const rs = where((j) => j.group === 'main' && j.shape === shape);
      return [shape, String(rs.length), ...labelShares(scale, smart(rs))];
    }),
  );

  console.log('## Spread between algorithms: highest − lowest algorithm median score\n');
  table(
    ['shape', ...targets.map((t) => `~${t}`)],
    SHAPES.map((shape) => [
      shape,
      ...targets.map((target) => {
        const meds = algorithmMedians(shape, target);
        return meds.length > 0 ? (Math.max(...meds) - Math.min(...meds)).toFixed(1) : '—';
      }),
    ]),
  );

  if (jobs.some((j) => j.trio)) {
    console.log('## Simulators compared: median ratio of mean overlap steps to smart\n');
    table(
      ['shape', 'mazes', 'tremaux/smart', 'directional/smart'],
      SHAPES.map((shape) => {
        // Mazes where smart wastes almost nothing would make the ratios meaningless.
        const rs = where((j) => j.trio && j.shape === shape).filter((r) => (r.overlap.smart ?? 0) >= 1);
        const ratio = (sim: SimulatorName): string =>
          rs.length > 0
            ? median(rs.map((r) => (r.overlap[sim] ?? 0) / (r.overlap.smart ?? 1))).toFixed(2)
            : '—';
        return [shape, String(rs.length), ratio('tremaux'), ratio('directional')];
      }),
    );

    console.log('## Direction: smart with entry and exit swapped (the same mazes, 100 cells and up)\n');
    console.log(
      'Median O each way; lopsided: the share of mazes where one way wastes under a quarter of the other.\n',
    );
    table(
      ['algorithm', 'mazes', 'O as built', 'O swapped', 'lopsided'],
      ALGORITHMS.map((algorithm) => {
        const rs = where((j) => j.trio && j.algorithm === algorithm && j.cells >= 100);
        const lopsided = rs.filter((r) => {
          const a = r.overlap.smart ?? 0;
          const b = r.swapped ?? 0;
          return Math.min(a, b) < 0.25 * Math.max(a, b);
        }).length;
        const back = rs.map((r) => r.swapped ?? 0);
        return [
          algorithm,
          String(rs.length),
          fmtO(median(smart(rs))),
          fmtO(median(back)),
          pct(lopsided / rs.length),
        ];
      }),
    );
  }

  if (jobs.some((j) => j.group === 'lever')) {
    console.log('## Post-processes as levers (square, median score; "none" is the main run)\n');
    const rows: string[][] = [];
    for (const side of LEVER_SIDES) {
      for (const algorithm of LEVER_ALGORITHMS) {
        const levers = LEVERS.map((lever) => {
          const rs =
            lever.name === 'none'
              ? cell('square', side * side, algorithm)
              : where(
                  (j) =>
                    j.shape === 'square' &&
                    j.size === side &&
                    j.algorithm === algorithm &&
                    j.lever === lever.name,
                );
          return rs.length > 0 ? fmtS(median(scores(rs))) : '—';
        });
        rows.push([`${side}×${side}`, algorithm, ...levers]);
      }
    }
    table(['size', 'algorithm', ...LEVERS.map((l) => l.name)], rows);
  }
}

// ---------------------------------------------------------------------------------------------------------

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const from = option('--from');
  const workers = Math.max(1, Number(option('--workers') ?? Math.min(8, availableParallelism())));
  const bands = option('--bands')?.split(',').map(Number);
  const scale: Scale = {
    oTop: Number(option('--o-top') ?? O_TOP),
    edges:
      bands && bands.length === 3
        ? [bands[0], bands[1], bands[2]]
        : [LABEL_BANDS.easy[1], LABEL_BANDS.medium[1], LABEL_BANDS.hard[1]],
  };
  let seeds = Number(option('--seeds') ?? (quick ? 3 : 8));
  if (!(seeds >= 1 && workers >= 1 && scale.oTop > 0 && scale.edges.every(Number.isFinite))) {
    throw new Error(
      'usage: calibrate.ts [--seeds N] [--workers N] [--quick] [--o-top X] [--bands a,b,c] [--json FILE] [--from FILE]',
    );
  }
  const what = scale.oTop !== O_TOP || bands ? ' (what-if: not the values in rate.ts)' : '';
  const scaleLine =
    `Scale: score = 1 + 9·ln(1+O)/ln(1+${scale.oTop}); easy < ${scale.edges[0]} ≤ medium < ${scale.edges[1]} ` +
    `≤ hard < ${scale.edges[2]} ≤ expert${what}`;

  if (from) {
    const rows = JSON.parse(readFileSync(from, 'utf8')) as (Omit<Job, 'post'> & Result)[];
    const jobs: Job[] = rows.map((r) => ({
      id: r.id,
      group: r.group,
      shape: r.shape,
      size: r.size,
      cells: r.cells,
      algorithm: r.algorithm,
      lever: r.lever,
      post: [],
      seed: r.seed,
      trio: r.trio,
    }));
    seeds =
      1 + Math.max(...rows.filter((r) => r.group === 'main' && r.cells <= BIG_CELLS).map((r) => r.seed));
    const targets = TARGET_CELLS.filter((t) => rows.some((r) => Math.abs(r.cells - t) / t < 0.25));
    console.log(
      `Difficulty calibration from ${from}: ${rows.length} mazes, book seed ${BOOK_SEED}, auto ends`,
    );
    console.log(`${scaleLine}\n`);
    report(jobs, rows, scale, seeds, targets);
    return;
  }

  const targets = quick ? TARGET_CELLS.filter((t) => t <= TRIO_MAX_CELLS) : TARGET_CELLS;
  const jobs = makeJobs(seeds, targets, !quick);
  console.log(
    `Difficulty calibration: ${jobs.length} mazes, book seed ${BOOK_SEED}, auto ends, ` +
      `${workers} worker process${workers === 1 ? '' : 'es'}`,
  );
  console.log(`${scaleLine}\n`);
  const t0 = performance.now();
  const results = await runAll(jobs, workers);
  const wall = performance.now() - t0;
  report(jobs, results, scale, seeds, targets);

  const work = results.reduce((a, r) => a + r.ms, 0);
  const slowest = results.reduce((a, r) => (r.ms > a.ms ? r : a));
  const sj = jobs[slowest.id];
  console.log('## Timing\n');
  console.log(
    `rating ${(wall / 1000).toFixed(1)} s wall on ${workers} worker(s), ${(performance.now() / 1000).toFixed(1)} s ` +
      `since start; ${(work / 1000).toFixed(1)} s of maze work (summed over workers)`,
  );
  for (const target of targets) {
    const rs = jobs.filter((j) => Math.abs(j.cells - target) / target < 0.25).map((j) => results[j.id]);
    console.log(
      `  ~${target} cells: ${(rs.reduce((a, r) => a + r.ms, 0) / 1000).toFixed(1)} s for ${rs.length} mazes`,
    );
  }
  console.log(
    `slowest maze: ${sj.shape} ${sizeName(sj.shape, sj.size)} ${sj.algorithm}${sj.trio ? ' (trio)' : ''}` +
      ` ${(slowest.ms / 1000).toFixed(2)} s, ${slowest.walks} smart walks`,
  );

  const json = option('--json');
  if (json) {
    const rows = jobs.map((j) => {
      const { post: _post, ...rest } = j;
      return { ...rest, ...results[j.id] };
    });
    writeFileSync(json, `${JSON.stringify(rows, null, 1)}\n`);
    console.log(`figures of every maze written to ${json}`);
  }
}

if (process.argv[2] === '--worker') {
  process.on('message', (job: Job) => {
    process.send?.(runJob(job));
  });
} else {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
