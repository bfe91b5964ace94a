import { UserError } from '../base/errors.js';
import type { Maze } from '../generate/maze.js';
import { deriveSeed } from '../random/derive-seed.js';
import { createRng } from '../random/sfc32.js';
import {
  type DifficultyModel,
  type DifficultyWeights,
  difficultyModelText,
  effortOfScore,
  scoreOfEffort,
} from './difficulty-model.js';
import { loadDifficultyModel } from './model-file.js';
import { rateMaze } from './rate.js';

/** One measured solve of a maze. */
export interface TimedMaze {
  maze: Maze;
  seconds: number;
  /** The solver's age group, when known. */
  group?: string;
  /** Names the maze: rows with the same key are the same maze (rated once). */
  key: string;
}

export interface FittedModel {
  model: DifficultyModel;
  /** The model file's text (difficultyModelText), with a header saying what it was fitted to. */
  text: string;
  /** What the fit found, for the terminal. */
  summary: string[];
  /** How well the fit explains the times (checkSignal). */
  quality: FitQuality;
  /** What the user should know: the times show no sign of difficulty, written anyway with `force`. */
  warnings: string[];
}

/** Fewest solve times, and distinct mazes, a fit accepts. */
export const MIN_TIMES = 10;
export const MIN_MAZES = 5;
/** Fewest score points the timed mazes must span (a fit needs easy and hard mazes). */
const MIN_SPAN = 1;
/**
 * Prior spread of each weight around the base model's, as a factor e^TAU: with few times the weights stay
 * near the base model, with many they follow the data (a ridge penalty on the log weights, scaled by the
 * noise of the times: the posterior mode under a log-normal prior).
 */
const TAU = 1;
/** Book seed of the fit's simulated walks. */
const FIT_SEED = 2015;

const FITTED: readonly (keyof DifficultyWeights)[] = ['search', 'route', 'decisions', 'cycling'];

/** Permutations of the mazes' times in the signal check (deterministic: seeded from FIT_SEED). */
export const PERMUTATIONS = 99;
/** The fit is taken to have found a signal when shuffled times fit as well this rarely, or less. */
export const SIGNAL_P = 0.05;

export interface FitOptions {
  /** Write the model even when the times show no sign of difficulty (a warning instead of an error). */
  force?: boolean;
}

/** The times as the fit reads them: per row its log time, age group and maze. */
interface TimesData {
  /** ln(seconds) per row. */
  y: number[];
  /** Age group index per row. */
  g: number[];
  /** Maze index per row (into the measures). */
  m: number[];
  /** Age groups in order of first appearance: label → index. */
  groups: Map<string, number>;
}

/** A fitted parameter vector: log weights of `free` (P), group offsets (G), slope; and its squared error. */
interface WeightFit {
  theta: number[];
  sse: number;
}

/** How well the fit explains the times, and whether shuffled times are explained as well. */
export interface FitQuality {
  /** Share of the spread of log times within age groups that the fitted model explains, 0 to 1. */
  r2: number;
  /** How often times shuffled among the mazes and fitted again explain as much (permutation test), 0 to 1. */
  p: number;
}

/**
 * Fits a model's weights to measured solve times: log time = group offset + b · ln(1 + E), with E the
 * model's effort (weights search, route, decisions and cycling fitted; turning kept), by Levenberg–Marquardt
 * least squares with a log-normal prior around `base`'s weights. The scale's meaning is kept: `top` is set so
 * the timed mazes keep, on average, the score `base` gives them; the fit changes what makes a maze harder
 * than another, not what `medium` means. The fit's quality is checked (checkSignal): times that fit no
 * better than the same times shuffled among the mazes carry no sign of difficulty, and are refused unless
 * `force`. Deterministic (the mazes are rated, and the shuffles drawn, from fixed seeds).
 * @param source the times file as shown in messages
 * @throws UserError with too few times or mazes, mazes too alike, times that do not rise with difficulty, or
 *   times that show no sign of difficulty (unless `force`)
 */
export function fitDifficultyModel(
  rows: readonly TimedMaze[],
  base: DifficultyModel,
  source: string,
  name?: string,
  options: FitOptions = {},
): FittedModel {
  const { mazes, index } = distinctMazes(rows, source);
  const x = measureMazes(mazes, base);
  const baseScores = x.map((xi) => scoreOfEffort(effortOf(base.weights, xi), base));
  checkSpread(baseScores, source);
  const data = timesData(rows, index);
  // Which weights are fitted: non-zero in the base model, and measured on some maze.
  const free = FITTED.filter((k, j) => base.weights[k] > 0 && x.some((xi) => xi[j] > 0));
  const fit = fitWeights(x, data, base, free);
  if (!fit) {
    throw new UserError(
      source,
      'the solve times do not rise with the difficulty the model measures',
      'check that each time is written against the right maze, and that the mazes range from easy to hard',
    );
  }
  const quality = checkSignal(x, data, base, free, fit);
  const warnings: string[] = [];
  if (quality.p > SIGNAL_P) {
    const problem = noSignal(quality, mazes.length, source);
    if (!options.force) throw problem;
    warnings.push(`${problem.what} (written anyway: --force)`);
  }
  const model = modelOf(fit, x, data, base, free, baseScores, name, mazes.length);
  const summary = fitSummary(model, base, free, baseScores, data, mazes.length, quality);
  const text = difficultyModelText(model, [
    `Fitted by \`mazebook calibrate\` to ${data.y.length} solve times of ${mazes.length} mazes, starting from the ${base.name} model.`,
  ]);
  // The model as its file says (rounded to the digits written), so a book built with the file matches.
  return { model: loadDifficultyModel(text, source), text, summary, quality, warnings };
}

/** The distinct mazes of the rows (the first row of each key), refusing too few times or mazes. */
function distinctMazes(
  rows: readonly TimedMaze[],
  source: string,
): { mazes: TimedMaze[]; index: Map<string, number> } {
  const index = new Map<string, number>();
  const mazes: TimedMaze[] = [];
  for (const r of rows) {
    if (!index.has(r.key)) {
      index.set(r.key, mazes.length);
      mazes.push(r);
    }
  }
  if (rows.length < MIN_TIMES || mazes.length < MIN_MAZES) {
    throw new UserError(
      source,
      `${rows.length} solve times of ${mazes.length} mazes are too few to fit a model (at least ${MIN_TIMES} times of ${MIN_MAZES} different mazes)`,
      'time more mazes, from easy to hard; several readers may solve the same maze',
    );
  }
  return { mazes, index };
}

/** Measures per maze, rated once from a fixed seed: overlap O, route S + turning·T, decisions D, cycling C. */
function measureMazes(mazes: readonly TimedMaze[], base: DifficultyModel): number[][] {
  return mazes.map((m) => {
    const r = rateMaze(m.maze, deriveSeed(FIT_SEED, `calibrate/${m.key}`, 0), { model: base });
    const c = r.components;
    return [
      c.search.overlap,
      c.route.steps + base.weights.turning * c.route.turning,
      c.decisions.cells,
      c.cycling.cells,
    ];
  });
}

function checkSpread(baseScores: readonly number[], source: string): void {
  const span = Math.max(...baseScores) - Math.min(...baseScores);
  if (span < MIN_SPAN) {
    throw new UserError(
      source,
      `the timed mazes are too alike to fit a model (they all score ${Math.min(...baseScores).toFixed(1)} to ${Math.max(...baseScores).toFixed(1)})`,
      'time mazes of different sizes and difficulties',
    );
  }
}

function timesData(rows: readonly TimedMaze[], index: ReadonlyMap<string, number>): TimesData {
  const groups = new Map<string, number>();
  for (const r of rows) if (!groups.has(r.group ?? 'all')) groups.set(r.group ?? 'all', groups.size);
  return {
    y: rows.map((r) => Math.log(r.seconds)),
    g: rows.map((r) => groups.get(r.group ?? 'all') ?? 0),
    m: rows.map((r) => index.get(r.key) ?? 0),
    groups,
  };
}

/** The weights `free` of `base` replaced by the exponentials of the first parameters. */
function weightsOf(t: readonly number[], base: DifficultyModel, free: readonly string[]): DifficultyWeights {
  const w = { ...base.weights };
  free.forEach((k, j) => {
    w[k as keyof DifficultyWeights] = Math.exp(t[j]);
  });
  return w;
}

/**
 * The least-squares fit with the prior (see fitDifficultyModel); undefined when the times do not rise with
 * the effort at all (the linear start's slope is not positive).
 */
function fitWeights(
  x: readonly (readonly number[])[],
  data: TimesData,
  base: DifficultyModel,
  free: readonly (keyof DifficultyWeights)[],
): WeightFit | undefined {
  const { y, g, m } = data;
  const G = data.groups.size;
  const n = y.length;
  const col = FITTED.map((k) => free.indexOf(k));
  const prior = free.map((k) => Math.log(base.weights[k]));
  const P = free.length;
  // Parameters: log weights (P), group offsets (G), slope b.
  const theta = [...prior, ...new Array<number>(G).fill(0), 0];
  const logEffort = (t: readonly number[]): number[] => {
    const w = weightsOf(t, base, free);
    return x.map((xi) => Math.log1p(effortOf(w, xi)));
  };

  // Start: the base weights, and offsets and slope by linear least squares; this also gives the noise.
  const start = linearFit(logEffort(theta), y, g, m, G);
  if (!(start.slope > 0)) return undefined;
  for (let k = 0; k < G; k++) theta[P + k] = start.offsets[k];
  theta[P + G] = start.slope;
  const lambda = Math.max(start.variance, 1e-4) / (TAU * TAU);

  const squaredError = (t: readonly number[]): number => {
    const le = logEffort(t);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += (y[i] - t[P + g[i]] - t[P + G] * le[m[i]]) ** 2;
    return sum;
  };
  const objective = (t: readonly number[]): number => {
    let sum = squaredError(t);
    for (let j = 0; j < P; j++) sum += lambda * (t[j] - prior[j]) ** 2;
    return sum;
  };
  let best = objective(theta);
  let mu = 1e-3;
  const K = P + G + 1;
  for (let iter = 0; iter < 200; iter++) {
    // Normal equations of the linearised problem, with the prior.
    const A = Array.from({ length: K }, () => new Array<number>(K).fill(0));
    const rhs = new Array<number>(K).fill(0);
    const w = weightsOf(theta, base, free);
    const e = x.map((xi) => effortOf(w, xi));
    const b = theta[P + G];
    const jac = new Array<number>(K);
    for (let i = 0; i < n; i++) {
      const xi = x[m[i]];
      const ei = e[m[i]];
      jac.fill(0);
      for (let j = 0; j < FITTED.length; j++) {
        const c = col[j];
        if (c >= 0) jac[c] = (b * w[FITTED[j]] * xi[j]) / (1 + ei);
      }
      jac[P + g[i]] = 1;
      jac[P + G] = Math.log1p(ei);
      const r = y[i] - theta[P + g[i]] - b * Math.log1p(ei);
      for (let p = 0; p < K; p++) {
        if (jac[p] === 0) continue;
        rhs[p] += jac[p] * r;
        for (let q = 0; q < K; q++) A[p][q] += jac[p] * jac[q];
      }
    }
    for (let j = 0; j < P; j++) {
      A[j][j] += lambda;
      rhs[j] -= lambda * (theta[j] - prior[j]);
    }
    let stepped = false;
    while (mu < 1e8) {
      const D = A.map((row, p) => row.map((v, q) => (p === q ? v + mu * (v + 1e-9) : v)));
      const delta = solveLinear(D, rhs);
      const next = theta.map((t, p) => t + (delta?.[p] ?? 0));
      const value = delta ? objective(next) : Infinity;
      if (value < best) {
        const gain = best - value;
        best = value;
        theta.splice(0, K, ...next);
        mu = Math.max(1e-9, mu / 4);
        stepped = gain > 1e-12 * (1 + best);
        break;
      }
      mu *= 8;
    }
    if (!stepped) break;
  }
  return { theta, sse: squaredError(theta) };
}

/** Share of the spread of log times within age groups that a fit explains (0 when it explains none). */
function explained(fit: WeightFit | undefined, data: TimesData): number {
  if (!fit) return 0;
  const G = data.groups.size;
  const sum = new Array<number>(G).fill(0);
  const count = new Array<number>(G).fill(0);
  data.y.forEach((v, i) => {
    sum[data.g[i]] += v;
    count[data.g[i]]++;
  });
  let total = 0;
  data.y.forEach((v, i) => {
    total += (v - sum[data.g[i]] / count[data.g[i]]) ** 2;
  });
  return total > 0 ? Math.max(0, 1 - fit.sse / total) : 0;
}

/**
 * Whether the times carry a sign of difficulty: the fit's explained share is compared with the shares of
 * PERMUTATIONS fits to the same times with the mazes shuffled (each maze's times, in every age group, moved
 * together to another maze's measures) — if times unrelated to the mazes fit as well often, the fit found
 * nothing. The weights are fitted again for each shuffle, so the test is fair to the fit's freedom.
 */
function checkSignal(
  x: readonly (readonly number[])[],
  data: TimesData,
  base: DifficultyModel,
  free: readonly (keyof DifficultyWeights)[],
  fit: WeightFit,
): FitQuality {
  const r2 = explained(fit, data);
  let asGood = 0;
  for (let k = 0; k < PERMUTATIONS; k++) {
    const rng = createRng(deriveSeed(FIT_SEED, 'calibrate/shuffle', k));
    const order = x.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    const shuffled = { ...data, m: data.m.map((mi) => order[mi]) };
    if (explained(fitWeights(x, shuffled, base, free), shuffled) >= r2) asGood++;
  }
  return { r2, p: (1 + asGood) / (1 + PERMUTATIONS) };
}

/** The refusal (or, with --force, the warning) for times that show no sign of difficulty. */
function noSignal(quality: FitQuality, mazes: number, source: string): UserError {
  const times = Math.round(quality.p * (1 + PERMUTATIONS)) - 1;
  return new UserError(
    source,
    `the solve times show no sign of difficulty: the fitted model explains ${percent(quality.r2)} of how they vary, and the same times shuffled among the ${mazes} mazes fit as well ${times} times in ${PERMUTATIONS}`,
    'time more mazes, from easy to hard, by more readers; check that each time is written against the right maze; --force writes the model anyway',
  );
}

function percent(share: number): string {
  return `${Math.round(share * 100)} %`;
}

/** The model a fit gives: its weights, `top` keeping the timed mazes' mean score, and the calibration notes. */
function modelOf(
  fit: WeightFit,
  x: readonly (readonly number[])[],
  data: TimesData,
  base: DifficultyModel,
  free: readonly (keyof DifficultyWeights)[],
  baseScores: readonly number[],
  name: string | undefined,
  mazeCount: number,
): DifficultyModel {
  const { theta } = fit;
  const P = free.length;
  const G = data.groups.size;
  const n = data.y.length;
  const K = P + G + 1;
  const weights = weightsOf(theta, base, free);
  const le = x.map((xi) => Math.log1p(effortOf(weights, xi)));
  // Keep the scale: the timed mazes' mean score stays what the base model gives them.
  const meanBase = baseScores.reduce((a, s) => a + s, 0) / baseScores.length;
  const meanLog = le.reduce((a, v) => a + v, 0) / le.length;
  const logTop = (9 * meanLog) / Math.max(1e-9, meanBase - 1);
  const top = Math.max(2, Math.expm1(logTop));
  const b = theta[P + G];
  const sd = Math.sqrt(fit.sse / Math.max(1, n - K));
  return {
    version: 1,
    name: name ?? `fitted to ${n} solve times`,
    weights,
    top,
    calibration: {
      rows: n,
      mazes: mazeCount,
      perPoint: Math.exp((b * Math.log1p(top)) / 9),
      secondsAt5: Object.fromEntries(
        [...data.groups].map(([label, k]) => [
          label,
          Math.round(Math.exp(theta[P + k] + b * Math.log1p(effortOfScore(5, { ...base, weights, top })))),
        ]),
      ),
      spread: Math.exp(sd),
    },
  };
}

/** What the fit found, for the terminal. */
function fitSummary(
  model: DifficultyModel,
  base: DifficultyModel,
  free: readonly string[],
  baseScores: readonly number[],
  data: TimesData,
  mazeCount: number,
  quality: FitQuality,
): string[] {
  const fmt = (v: number): string => String(Number(v.toPrecision(3)));
  const G = data.groups.size;
  const shuffled = Math.round(quality.p * (1 + PERMUTATIONS)) - 1;
  return [
    `${data.y.length} solve times of ${mazeCount} mazes${G > 1 ? ` in ${G} age groups` : ''}; scores ${Math.min(...baseScores).toFixed(1)} to ${Math.max(...baseScores).toFixed(1)} by the ${base.name} model`,
    ...FITTED.map(
      (k) =>
        `  ${k.padEnd(9)} ${fmt(base.weights[k]).padStart(7)} → ${fmt(model.weights[k]).padStart(7)}${free.includes(k) ? '' : '  (not fitted: not measured on these mazes)'}`,
    ),
    `  top       ${fmt(base.top).padStart(7)} → ${fmt(model.top).padStart(7)}`,
    `each point of score multiplies the solve time by ${model.calibration?.perPoint.toFixed(2)}; readers vary by about ×${model.calibration?.spread.toFixed(2)} around that`,
    `the model explains ${percent(quality.r2)} of how the times vary; the same times shuffled among the mazes fit as well ${shuffled} times in ${PERMUTATIONS}`,
  ];
}

/** Effort of a maze's measures [O, S + turning·T, D, C] under weights w (turning already applied). */
function effortOf(w: DifficultyWeights, xi: readonly number[]): number {
  return w.search * xi[0] + w.route * xi[1] + w.decisions * xi[2] + w.cycling * xi[3];
}

/** Least squares of y on per-group offsets and one slope on v[m[i]]; with the residual variance. */
function linearFit(
  v: readonly number[],
  y: readonly number[],
  g: readonly number[],
  m: readonly number[],
  G: number,
): { offsets: number[]; slope: number; variance: number } {
  const K = G + 1;
  const A = Array.from({ length: K }, () => new Array<number>(K).fill(0));
  const rhs = new Array<number>(K).fill(0);
  for (let i = 0; i < y.length; i++) {
    const vi = v[m[i]];
    A[g[i]][g[i]] += 1;
    A[g[i]][G] += vi;
    A[G][g[i]] += vi;
    A[G][G] += vi * vi;
    rhs[g[i]] += y[i];
    rhs[G] += vi * y[i];
  }
  const sol = solveLinear(A, rhs);
  if (!sol) return { offsets: new Array<number>(G).fill(0), slope: 0, variance: 1 };
  let sse = 0;
  for (let i = 0; i < y.length; i++) sse += (y[i] - sol[g[i]] - sol[G] * v[m[i]]) ** 2;
  return { offsets: sol.slice(0, G), slope: sol[G], variance: sse / Math.max(1, y.length - K) };
}

/** Solves A·x = b by Gaussian elimination with partial pivoting; undefined when A is singular. */
export function solveLinear(A: readonly (readonly number[])[], b: readonly number[]): number[] | undefined {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    if (Math.abs(M[p][c]) < 1e-12) return undefined;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / M[c][c];
      if (f === 0) continue;
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  const out = new Array<number>(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r][n];
    for (let k = r + 1; k < n; k++) s -= M[r][k] * out[k];
    out[r] = s / M[r][r];
  }
  return out;
}
