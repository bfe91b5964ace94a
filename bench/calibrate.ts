/**
 * `npm run calibrate` (`npx tsx bench/calibrate.ts`): calibration of the difficulty model (docs/difficulty.md).
 *
 * Measures mazes (bench/difficulty-jobs.ts): every shape at comparable cell counts with the main algorithms
 * (the scale tables), post-processes applied to some of them (the levers), and every algorithm at 10–60 cells
 * a side (the sweep). Then prints, for a difficulty model (the default one unless --model), the spread of
 * scores per shape × size × algorithm, label shares, the levers, the acceptance checks of the model (score
 * rises with size for every algorithm, levers move it the right way, stability across simulation seeds), and
 * the start model `cells: auto` should use. With --fit it also fits the default model's weights again and
 * prints the model file.
 *
 * Options:
 *   --seeds N          mazes per shape × size × algorithm (default 8; half as many above 5000 cells)
 *   --workers N        child processes (default: available cores, at most 8)
 *   --quick            smaller run for a smoke test (up to ~1600 cells, 3 seeds, sweep sides 10–30)
 *   --model FILE       score with this model file instead of the default one (what-if: no new walks)
 *   --fit              fit the model's weights and top (see fitWeights) and print the model file
 *   --job-limit S      give up a maze not measured in S seconds (default 600; a generator that hangs)
 *   --json FILE        also write every maze's measures to FILE
 *   --from FILE        print the tables from a FILE written by --json instead of measuring again
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type DifficultyModel, difficultyModelText } from '../src/analyze/difficulty-model.js';
import { defaultDifficultyModel, loadDifficultyModel } from '../src/analyze/model-file.js';
import { spearman } from '../src/analyze/rank-correlation.js';
import { type DifficultyLabel, difficultyLabels, labelOf } from '../src/analyze/rate.js';
import type { SimulatorName } from '../src/analyze/simulate.js';
import type { AlgorithmName } from '../src/generate/registry.js';
import { type TopologyName, topologies } from '../src/grid/registry.js';
import {
  ALGORITHMS,
  BIG_CELLS,
  BOOK_SEED,
  JOB_TIME_LIMIT_MS,
  type Job,
  LEVER_ALGORITHMS,
  LEVER_SIDES,
  LEVERS,
  type Measures,
  makeJobs,
  runAll,
  SHAPES,
  SWEEP_SEEDS,
  SWEEP_SIDES,
  scoreWith,
  serveJobs,
  sizeFor,
  TARGET_CELLS,
  TRIO_MAX_CELLS,
  TRIO_SEEDS,
} from './difficulty-jobs.js';

/**
 * The scale before the effort model: 1 + 9·ln(1 + O)/ln(1 + 5000) on the smart simulator's overlap alone. Fits
 * keep the new score close to it on the algorithms where it was sound (all but the depth-first ones).
 */
const FORMER_TOP = 5000;
const formerScore = (overlap: number): number =>
  Math.min(10, Math.max(1, 1 + (9 * Math.log1p(Math.max(0, overlap))) / Math.log1p(FORMER_TOP)));
/** Algorithms the former score misjudged (the smart walker skips the branches their own corridors seal). */
const DEPTH_FIRST: readonly AlgorithmName[] = ['backtracker', 'skewed-dfs'];

/** Acceptance: Spearman(size, score) per algorithm and shape, lowest score from 30 a side, lever shares. */
const MIN_SPEARMAN = 0.9;
const MIN_SCORE_FROM_30 = 3;
const MIN_LEVER_SHARE = 0.9;
const MIN_STABILITY = 0.99;
/** What braid 0.5 should add to the median score (a judgement: see docs/difficulty.md, "Loops and braids"). */
const BRAID_LIFT = 0.5;

// ---------------------------------------------------------------------------------------------------------
// Statistics and printing.

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
const pct = (x: number): string => (Number.isFinite(x) ? `${Math.round(x * 100)}%` : '—');

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

function labelShares(scores: readonly number[]): string[] {
  const count: Record<DifficultyLabel, number> = { easy: 0, medium: 0, hard: 0, expert: 0 };
  for (const s of scores) count[labelOf(s)]++;
  return difficultyLabels.map((l) => (count[l] === 0 ? '·' : pct(count[l] / scores.length)));
}

function sizeName(shape: TopologyName, size: number): string {
  return topologies[shape].sizedBy === 'rings' ? `${size} rings` : `${size}×${size}`;
}

// ---------------------------------------------------------------------------------------------------------
// The data, as pairs of job and measures, and the acceptance figures of a model on it.

interface Maze {
  job: Job;
  m: Measures;
}

/** Side a sweep maze stands for (its cell count is nearest side²). */
const sweepSide = (j: Job): number =>
  SWEEP_SIDES.reduce((a, s) => (Math.abs(s * s - j.cells) < Math.abs(a * a - j.cells) ? s : a));

interface Acceptance {
  /** Lowest Spearman(size, score) of an algorithm on a shape, and which. */
  spearman: number;
  worstGroup: string;
  /** Per algorithm and shape: Spearman, and the most it can be with the sizes' ties (mazes of one size). */
  perGroup: Map<string, { rho: number; most: number }>;
  /** Lowest score of a sweep maze of 30 cells a side or more whose solution is at least a side long. */
  lowFrom30: number;
  /** Sweep mazes of 30 a side or more whose ends lie less than a side apart along the solution. */
  shortRoutes: { count: number; low: number; which: string[] };
  /** Share of lever pairs that move the score the expected way. */
  rwtUp: number;
  reduceDown: number;
  /** Median score change per lever (lever − none). */
  leverShift: Map<string, number>;
  /** Spearman of the scores from two simulation seeds (sweep mazes rated twice). */
  stability: number;
}

function accept(model: DifficultyModel, data: readonly Maze[]): Acceptance {
  const score = (d: Maze): number => scoreWith(model, d.m);
  const perGroup = new Map<string, { rho: number; most: number }>();
  const groups = new Map<string, Maze[]>();
  for (const d of data) {
    if (d.job.group !== 'sweep') continue;
    const key = `${d.job.algorithm} ${d.job.shape}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  let worst = Infinity;
  let worstGroup = '';
  for (const [key, ds] of groups) {
    const cells = ds.map((d) => d.job.cells);
    const s = spearman(cells, ds.map(score));
    perGroup.set(key, {
      rho: s,
      most: spearman(
        cells,
        cells.map((c, i) => c + i * 1e-6),
      ),
    });
    if (s < worst) {
      worst = s;
      worstGroup = key;
    }
  }
  const big = data.filter((d) => d.job.group === 'sweep' && sweepSide(d.job) >= 30);
  // A maze whose exit is a few steps from its entry is easy whatever its size; such mazes are counted apart.
  const short = big.filter((d) => d.m.steps < sweepSide(d.job));
  const long = big.filter((d) => d.m.steps >= sweepSide(d.job));
  const base = new Map<string, Maze>();
  for (const d of data)
    if (d.job.group === 'main') base.set(`${d.job.shape}/${d.job.size}/${d.job.algorithm}/${d.job.seed}`, d);
  const pairs = (lever: string): [Maze, Maze][] =>
    data
      .filter((d) => d.job.group === 'lever' && d.job.lever === lever)
      .flatMap((d) => {
        const b = base.get(`${d.job.shape}/${d.job.size}/${d.job.algorithm}/${d.job.seed}`);
        return b ? [[b, d] as [Maze, Maze]] : [];
      });
  const share = (lever: string, up: boolean): number => {
    const ps = pairs(lever);
    return ps.filter(([a, b]) => (up ? score(b) > score(a) : score(b) < score(a))).length / ps.length;
  };
  const leverShift = new Map(
    LEVERS.slice(1).map((l) => [l.name, median(pairs(l.name).map(([a, b]) => score(b) - score(a)))] as const),
  );
  const twice = data.filter((d) => d.m.again !== undefined);
  return {
    spearman: worst,
    worstGroup,
    perGroup,
    lowFrom30: Math.min(...long.map(score)),
    shortRoutes: {
      count: short.length,
      low: Math.min(...short.map(score)),
      which: [...new Set(short.map((d) => `${d.job.algorithm} on ${d.job.shape}`))],
    },
    rwtUp: share('reverse-wasted-turns', true),
    reduceDown: share('reduce-path', false),
    leverShift,
    stability: spearman(
      twice.map(score),
      twice.map((d) => scoreWith(model, d.m, d.m.again)),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Fitting the default model.

/** Nelder–Mead minimisation (deterministic), from x0 with initial steps `step`. */
function nelderMead(f: (x: number[]) => number, x0: number[], step: number, iterations: number): number[] {
  const n = x0.length;
  let simplex = [x0, ...x0.map((_, i) => x0.map((v, j) => (i === j ? v + step : v)))].map((x) => ({
    x,
    f: f(x),
  }));
  for (let it = 0; it < iterations; it++) {
    simplex.sort((a, b) => a.f - b.f);
    const centroid = x0.map((_, j) => simplex.slice(0, n).reduce((s, p) => s + p.x[j], 0) / n);
    const worst = simplex[n];
    const along = (t: number): number[] => centroid.map((c, j) => c + t * (worst.x[j] - c));
    const r = { x: along(-1), f: 0 };
    r.f = f(r.x);
    if (r.f < simplex[0].f) {
      const e = { x: along(-2), f: 0 };
      e.f = f(e.x);
      simplex[n] = e.f < r.f ? e : r;
    } else if (r.f < simplex[n - 1].f) simplex[n] = r;
    else {
      const c = { x: along(r.f < worst.f ? -0.5 : 0.5), f: 0 };
      c.f = f(c.x);
      if (c.f < Math.min(r.f, worst.f)) simplex[n] = c;
      else {
        const best = simplex[0].x;
        simplex = simplex.map((p, i) => {
          if (i === 0) return p;
          const x = p.x.map((v, j) => (v + best[j]) / 2);
          return { x, f: f(x) };
        });
      }
    }
  }
  simplex.sort((a, b) => a.f - b.f);
  return simplex[0].x;
}

/**
 * Fits search, route, decisions and top (turning kept): the new score stays as close as it can (least squares)
 * to the former score on mazes of the algorithms where that was sound, while meeting the acceptance checks
 * with a margin (penalties). Then sets cycling so that braid 0.5 lifts the median score by BRAID_LIFT.
 */
function fitWeights(start: DifficultyModel, data: readonly Maze[]): DifficultyModel {
  const sound = data.filter((d) => d.job.group !== 'lever' && !DEPTH_FIRST.includes(d.job.algorithm));
  const former = sound.map((d) => formerScore(d.m.overlap.smart ?? 0));
  const modelOf = (x: readonly number[], cycling = start.weights.cycling): DifficultyModel => ({
    ...start,
    name: start.name,
    weights: {
      ...start.weights,
      search: Math.exp(x[0]),
      route: Math.exp(x[1]),
      decisions: Math.exp(x[2]),
      cycling,
    },
    top: Math.exp(x[3]),
  });
  const objective = (x: number[]): number => {
    const model = modelOf(x);
    let dev = 0;
    sound.forEach((d, i) => {
      dev += (scoreWith(model, d.m) - former[i]) ** 2;
    });
    const a = accept(model, data);
    const margin = (have: number, want: number): number => Math.max(0, want - have);
    return (
      dev / sound.length +
      20 * margin(a.spearman, MIN_SPEARMAN + 0.02) +
      margin(a.lowFrom30, MIN_SCORE_FROM_30 + 0.5) +
      20 * margin(a.rwtUp, MIN_LEVER_SHARE + 0.05) +
      20 * margin(a.reduceDown, MIN_LEVER_SHARE + 0.05)
    );
  };
  // The penalties make the landscape rough: start from the model and from even weights, restart each
  // search from where it stopped, and keep the best.
  const w = start.weights;
  let best: number[] = [];
  let bestValue = Infinity;
  for (const x0 of [
    [w.search, w.route, w.decisions, start.top],
    [0.15, 0.15, 0.15, 2000],
  ]) {
    let x = x0.map(Math.log);
    for (let round = 0; round < 3; round++) x = nelderMead(objective, x, 0.3, 200);
    const value = objective(x);
    if (value < bestValue) {
      best = x;
      bestValue = value;
    }
  }
  const x = best;
  // Cycling: bisection on the median lift of braid 0.5 (it rises with the weight).
  let lo = 0;
  let hi = 5;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    const lift = accept(modelOf(x, mid), data).leverShift.get('braid 0.5') ?? 0;
    if (lift < BRAID_LIFT) lo = mid;
    else hi = mid;
  }
  const round = (v: number): number => Number(v.toPrecision(3));
  const fitted = modelOf(x, (lo + hi) / 2);
  return {
    ...fitted,
    weights: {
      search: round(fitted.weights.search),
      route: round(fitted.weights.route),
      turning: fitted.weights.turning,
      decisions: round(fitted.weights.decisions),
      cycling: round(fitted.weights.cycling),
    },
    top: Math.round(fitted.top),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The report.

function report(
  data: readonly Maze[],
  model: DifficultyModel,
  seeds: number,
  targets: readonly number[],
): void {
  const score = (d: Maze): number => scoreWith(model, d.m);
  const main = data.filter((d) => d.job.group === 'main');
  const cell = (shape: TopologyName, target: number, algorithm?: AlgorithmName): Maze[] => {
    const size = sizeFor(shape, target);
    return main.filter(
      (d) =>
        d.job.shape === shape &&
        d.job.size === size &&
        (algorithm === undefined || d.job.algorithm === algorithm),
    );
  };
  const nearTarget = (target: number) => (d: Maze) => Math.abs(d.job.cells - target) / target < 0.25;
  const algorithmMedians = (shape: TopologyName, target: number): number[] =>
    ALGORITHMS.map((a) => median(cell(shape, target, a).map(score))).filter(Number.isFinite);

  console.log(
    'Per shape, size and algorithm: p10 / median / p90 over the mazes of the smart simulator’s mean overlap',
  );
  console.log(
    `steps O and of the score (${seeds} mazes, ${Math.ceil(seeds / 2)} above ${BIG_CELLS} cells); label shares;`,
  );
  console.log(
    'median shares of the effort from search, route, decisions; median O of tremaux and directional',
  );
  console.log(`on the first ${TRIO_SEEDS} mazes up to ${TRIO_MAX_CELLS} cells.\n`);
  for (const shape of SHAPES) {
    const rows: string[][] = [];
    for (const target of targets) {
      for (const algorithm of ALGORITHMS) {
        const ds = cell(shape, target, algorithm);
        if (ds.length === 0) continue;
        const o = ds.map((d) => d.m.overlap.smart ?? 0);
        const s = ds.map(score);
        const trio = ds.filter((d) => d.m.overlap.tremaux !== undefined);
        const trioMedian = (sim: SimulatorName): string =>
          trio.length > 0 ? fmtO(median(trio.map((d) => d.m.overlap[sim] ?? 0))) : '—';
        const share = (part: 'search' | 'route' | 'decisions'): string =>
          pct(
            median(
              ds.map((d) => {
                const w = model.weights;
                const parts = {
                  search: w.search * (d.m.overlap.smart ?? 0),
                  route: w.route * (d.m.steps + w.turning * d.m.turning),
                  decisions: w.decisions * d.m.decisions,
                };
                return parts[part] / (parts.search + parts.route + parts.decisions + w.cycling * d.m.cycling);
              }),
            ),
          );
        const size = sizeFor(shape, target);
        rows.push([
          `${topologies[shape].count({ columns: size, rows: size })} (${sizeName(shape, size)})`,
          algorithm,
          `${fmtO(quantile(o, 0.1))} / ${fmtO(median(o))} / ${fmtO(quantile(o, 0.9))}`,
          `${fmtS(quantile(s, 0.1))} / ${fmtS(median(s))} / ${fmtS(quantile(s, 0.9))}`,
          ...labelShares(s),
          share('search'),
          share('route'),
          share('decisions'),
          trioMedian('tremaux'),
          trioMedian('directional'),
        ]);
      }
    }
    console.log(`## ${shape}\n`);
    const header = ['cells', 'algorithm', 'O p10/med/p90', 'score p10/med/p90', 'easy', 'med', 'hard', 'exp'];
    table([...header, 'srch', 'route', 'dec', 'trem', 'dir'], rows);
  }

  console.log('## Cells → median score (six algorithms pooled) [lowest … highest algorithm median]\n');
  table(
    ['shape', ...targets.map((t) => `~${t}`)],
    SHAPES.map((shape) => [
      shape,
      ...targets.map((target) => {
        const meds = algorithmMedians(shape, target);
        return `${fmtS(median(cell(shape, target).map(score)))} [${fmtS(Math.min(...meds))}…${fmtS(Math.max(...meds))}]`;
      }),
    ]),
  );

  console.log(
    '## Label shares by cell count (all shapes and algorithms pooled), and agreement with the former score\n',
  );
  const sound = (d: Maze): boolean => !DEPTH_FIRST.includes(d.job.algorithm);
  const agree = (ds: Maze[]): string => {
    const s = ds.filter(sound);
    return pct(
      s.filter((d) => labelOf(score(d)) === labelOf(formerScore(d.m.overlap.smart ?? 0))).length / s.length,
    );
  };
  table(
    ['cells', 'mazes', ...difficultyLabels, 'same label'],
    [
      ...targets.map((target) => {
        const ds = main.filter(nearTarget(target));
        return [`~${target}`, String(ds.length), ...labelShares(ds.map(score)), agree(ds)];
      }),
      ['all', String(main.length), ...labelShares(main.map(score)), agree(main)],
    ],
  );
  console.log('(same label: share of mazes, all algorithms but the depth-first ones, whose label the former');
  console.log(`score 1 + 9·ln(1 + O)/ln(1 + ${FORMER_TOP}) agrees with.)\n`);

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

  if (main.some((d) => d.job.trio)) {
    console.log('## Simulators compared: median ratio of mean overlap steps to smart\n');
    table(
      ['shape', 'mazes', 'tremaux/smart', 'directional/smart'],
      SHAPES.map((shape) => {
        // Mazes where smart wastes almost nothing would make the ratios meaningless.
        const ds = main.filter((d) => d.job.trio && d.job.shape === shape && (d.m.overlap.smart ?? 0) >= 1);
        const ratio = (sim: SimulatorName): string =>
          ds.length > 0
            ? median(ds.map((d) => (d.m.overlap[sim] ?? 0) / (d.m.overlap.smart ?? 1))).toFixed(2)
            : '—';
        return [shape, String(ds.length), ratio('tremaux'), ratio('directional')];
      }),
    );
    console.log('## Direction: smart with entry and exit swapped (the same mazes, 100 cells and up)\n');
    console.log(
      'Median O each way; lopsided: the share of mazes where one way wastes under a quarter of the other.\n',
    );
    table(
      ['algorithm', 'mazes', 'O as built', 'O swapped', 'lopsided'],
      ALGORITHMS.map((algorithm) => {
        const ds = main.filter((d) => d.job.trio && d.job.algorithm === algorithm && d.job.cells >= 100);
        const lopsided = ds.filter((d) => {
          const a = d.m.overlap.smart ?? 0;
          const b = d.m.swapped ?? 0;
          return Math.min(a, b) < 0.25 * Math.max(a, b);
        }).length;
        return [
          algorithm,
          String(ds.length),
          fmtO(median(ds.map((d) => d.m.overlap.smart ?? 0))),
          fmtO(median(ds.map((d) => d.m.swapped ?? 0))),
          pct(lopsided / ds.length),
        ];
      }),
    );
  }

  const a = accept(model, data);
  if (data.some((d) => d.job.group === 'lever')) {
    console.log('## Post-processes as levers (square, median score; "none" is the main run)\n');
    const rows: string[][] = [];
    for (const side of LEVER_SIDES) {
      for (const algorithm of LEVER_ALGORITHMS) {
        const levers = LEVERS.map((lever) => {
          const ds =
            lever.name === 'none'
              ? cell('square', side * side, algorithm)
              : data.filter(
                  (d) =>
                    d.job.group === 'lever' &&
                    d.job.size === side &&
                    d.job.algorithm === algorithm &&
                    d.job.lever === lever.name,
                );
          return ds.length > 0 ? fmtS(median(ds.map(score))) : '—';
        });
        if (levers.some((l) => l !== '—')) rows.push([`${side}×${side}`, algorithm, ...levers]);
      }
    }
    table(['size', 'algorithm', ...LEVERS.map((l) => l.name)], rows);
    console.log('Median change of the same maze’s score: ');
    console.log(
      `  ${[...a.leverShift].map(([name, shift]) => `${name} ${shift >= 0 ? '+' : ''}${shift.toFixed(2)}`).join(', ')}\n`,
    );
  }

  const check = (ok: boolean): string => (ok ? 'ok' : 'FAILS');
  console.log('## Acceptance checks\n');
  if (data.some((d) => d.job.group === 'sweep')) {
    const sides = [...new Set(data.filter((d) => d.job.group === 'sweep').map((d) => sweepSide(d.job)))];
    console.log(
      `Sweep: every algorithm, ${SWEEP_SEEDS} mazes at ${sides.join(', ')} cells a side (square; hex and circle where it runs).`,
    );
    const most = Math.max(...[...a.perGroup.values()].map((g) => g.most));
    console.log(
      `  Spearman(size, score), lowest: ${a.spearman.toFixed(3)} (${a.worstGroup}; with mazes of equal size tied, ` +
        `at most ${most.toFixed(3)}), want ≥ ${MIN_SPEARMAN}: ${check(a.spearman >= MIN_SPEARMAN)}`,
    );
    const weak = [...a.perGroup]
      .filter(([, g]) => g.rho < g.most - 0.005)
      .map(([k, g]) => `${k} ${g.rho.toFixed(3)}`);
    console.log(`  not in order of size: ${weak.length > 0 ? weak.join(', ') : 'none'}`);
    if (sides.some((s) => s >= 30)) {
      console.log(
        `  lowest score from 30 a side: ${a.lowFrom30.toFixed(2)}, want ≥ ${MIN_SCORE_FROM_30}: ${check(a.lowFrom30 >= MIN_SCORE_FROM_30)}`,
      );
      if (a.shortRoutes.count > 0) {
        console.log(
          `  (not counted: ${a.shortRoutes.count} mazes whose solution is shorter than their side, ` +
            `${a.shortRoutes.which.join(', ')}; lowest score ${a.shortRoutes.low.toFixed(2)})`,
        );
      }
    }
    console.log(
      `  stability across simulation seeds, Spearman: ${a.stability.toFixed(4)}, want ≥ ${MIN_STABILITY}: ${check(a.stability >= MIN_STABILITY)}`,
    );
    const sweep = data.filter((d) => d.job.group === 'sweep');
    const rows = [...new Set(sweep.map((d) => d.job.algorithm))].map((algorithm) => [
      algorithm,
      ...[...new Set(sweep.map((d) => sweepSide(d.job)))].map((side) =>
        fmtS(
          median(
            sweep
              .filter(
                (d) => d.job.algorithm === algorithm && d.job.shape === 'square' && sweepSide(d.job) === side,
              )
              .map(score),
          ),
        ),
      ),
    ]);
    console.log('\nMedian score of the square sweep mazes:\n');
    table(['algorithm', ...sides.map((s) => `${s}×${s}`)], rows);
  }
  if (data.some((d) => d.job.group === 'lever')) {
    console.log(
      `Levers: reverse-wasted-turns raises the score in ${pct(a.rwtUp)} of pairs, reduce-path lowers it in ${pct(a.reduceDown)}; want ≥ ${pct(MIN_LEVER_SHARE)}: ${check(a.rwtUp >= MIN_LEVER_SHARE && a.reduceDown >= MIN_LEVER_SHARE)}\n`,
    );
  }

  // The start model of `cells: auto`: score against ln(cells), medians pooled over shapes and algorithms.
  const fitTargets = targets.filter((t) => t >= 100 && t <= 4900);
  if (fitTargets.length >= 2) {
    const xs = fitTargets.map((t) => Math.log(t));
    const ys = fitTargets.map((t) => median(main.filter(nearTarget(t)).map(score)));
    const mx = xs.reduce((p, q) => p + q, 0) / xs.length;
    const my = ys.reduce((p, q) => p + q, 0) / ys.length;
    const slope =
      xs.reduce((s, x, i) => s + (x - mx) * (ys[i] - my), 0) / xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    const at100 = my + slope * (Math.log(100) - mx);
    console.log(
      '## The size model of `cells: auto` (src/plan/resolve-difficulty.ts: AUTO_CELLS_AT, AUTO_SCORE_AT, AUTO_SCORE_PER_E)\n',
    );
    console.log(
      `Median score against ln(cells), ${fitTargets.join(', ')} cells: 100 cells score ${at100.toFixed(2)}, ` +
        `${slope.toFixed(2)} points per e-fold of cells.\n`,
    );
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
  const modelFile = option('--model');
  const workers = Math.max(1, Number(option('--workers') ?? Math.min(8, availableParallelism())));
  const model = modelFile
    ? loadDifficultyModel(readFileSync(modelFile, 'utf8'), modelFile)
    : defaultDifficultyModel();
  let seeds = Number(option('--seeds') ?? (quick ? 3 : 8));
  if (!(seeds >= 1 && workers >= 1)) {
    throw new Error(
      'usage: calibrate.ts [--seeds N] [--workers N] [--quick] [--model FILE] [--fit] [--json FILE] [--from FILE]',
    );
  }
  const w = model.weights;
  const modelLine =
    `Model ${model.name}: E = ${w.search}·O + ${w.route}·(S + ${w.turning}·T) + ${w.decisions}·D + ${w.cycling}·C, ` +
    `score = 1 + 9·ln(1 + E)/ln(1 + ${model.top})`;

  let data: Maze[];
  let targets: readonly number[];
  const t0 = performance.now();
  if (from) {
    const rows = JSON.parse(readFileSync(from, 'utf8')) as { job: Job; m: Measures }[];
    data = rows;
    seeds =
      1 +
      Math.max(
        ...rows.filter((r) => r.job.group === 'main' && r.job.cells <= BIG_CELLS).map((r) => r.job.seed),
      );
    targets = TARGET_CELLS.filter((t) =>
      rows.some((r) => r.job.group === 'main' && Math.abs(r.job.cells - t) / t < 0.25),
    );
    console.log(
      `Difficulty calibration from ${from}: ${rows.length} mazes, book seed ${BOOK_SEED}, auto ends`,
    );
  } else {
    targets = quick ? TARGET_CELLS.filter((t) => t <= TRIO_MAX_CELLS) : TARGET_CELLS;
    const jobs = makeJobs({
      seeds,
      targets,
      levers: true,
      sweepSides: quick ? SWEEP_SIDES.filter((s) => s <= 30) : SWEEP_SIDES,
      sweepSeeds: quick ? 2 : SWEEP_SEEDS,
    });
    console.log(
      `Difficulty calibration: ${jobs.length} mazes, book seed ${BOOK_SEED}, auto ends, ` +
        `${workers} worker process${workers === 1 ? '' : 'es'}`,
    );
    const limit = Number(option('--job-limit') ?? JOB_TIME_LIMIT_MS / 1000) * 1000;
    const results = await runAll(jobs, workers, fileURLToPath(import.meta.url), limit);
    data = jobs.map((job) => ({ job, m: results[job.id] }));
  }
  const wall = performance.now() - t0;
  const leftOut = (why: string, out: (d: Maze) => boolean): void => {
    const gone = data.filter(out);
    if (gone.length === 0) return;
    const which = [
      ...new Set(
        gone.map((d) => `${d.job.algorithm} on ${d.job.shape} ${sizeName(d.job.shape, d.job.size)}`),
      ),
    ];
    const shown = which.length > 8 ? [...which.slice(0, 8), '…'] : which;
    console.log(`Left out: ${gone.length} mazes ${why} (${shown.join(', ')}).`);
    data = data.filter((d) => !out(d));
  };
  leftOut('whose entry and exit are one cell', (d) => d.m.degenerate);
  leftOut('not generated and measured in time (see --job-limit)', (d) => d.m.unfinished === true);

  let shown = model;
  if (process.argv.includes('--fit')) {
    shown = fitWeights(model, data);
    console.log('\nFitted model (docs/difficulty-model.yaml):\n');
    console.log(difficultyModelText(shown));
  }
  const sw = shown.weights;
  console.log(
    shown === model
      ? modelLine
      : `Fitted: E = ${sw.search}·O + ${sw.route}·(S + ${sw.turning}·T) + ${sw.decisions}·D + ${sw.cycling}·C, top ${shown.top}`,
  );
  console.log('');
  report(data, shown, seeds, targets);

  if (!from) {
    const work = data.reduce((s, d) => s + d.m.ms, 0);
    const slowest = data.reduce((p, d) => (d.m.ms > p.m.ms ? d : p));
    console.log('## Timing\n');
    console.log(
      `measuring ${(wall / 1000).toFixed(1)} s wall on ${workers} worker(s); ${(work / 1000).toFixed(1)} s of maze work (summed over workers)`,
    );
    const sj = slowest.job;
    console.log(
      `slowest maze: ${sj.shape} ${sizeName(sj.shape, sj.size)} ${sj.algorithm} (${sj.group}) ${(slowest.m.ms / 1000).toFixed(2)} s, ${slowest.m.walks} smart walks`,
    );
  }
  const json = option('--json');
  if (json) {
    writeFileSync(json, `${JSON.stringify(data)}\n`);
    console.log(`measures of every maze written to ${json}`);
  }
}

if (process.argv[2] === '--worker') serveJobs();
else {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
