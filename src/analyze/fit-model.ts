import { UserError } from '../base/errors.js';
import type { Maze } from '../generate/maze.js';
import { deriveSeed } from '../random/derive-seed.js';
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

/**
 * Fits a model's weights to measured solve times: log time = group offset + b · ln(1 + E), with E the
 * model's effort (weights search, route, decisions and cycling fitted; turning kept), by Levenberg–Marquardt
 * least squares with a log-normal prior around `base`'s weights. The scale's meaning is kept: `top` is set so
 * the timed mazes keep, on average, the score `base` gives them; the fit changes what makes a maze harder
 * than another, not what `medium` means. Deterministic (the mazes are rated from fixed seeds).
 * @param source the times file as shown in messages
 * @throws UserError with too few times or mazes, mazes too alike, or times that do not rise with difficulty
 */
export function fitDifficultyModel(
  rows: readonly TimedMaze[],
  base: DifficultyModel,
  source: string,
  name?: string,
): FittedModel {
  // Distinct mazes, each rated once.
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
  // Measures per maze: overlap O, route S + turning·T, decisions D, cycling C.
  const x = mazes.map((m) => {
    const r = rateMaze(m.maze, deriveSeed(FIT_SEED, `calibrate/${m.key}`, 0), { model: base });
    const c = r.components;
    return [
      c.search.overlap,
      c.route.steps + base.weights.turning * c.route.turning,
      c.decisions.cells,
      c.cycling.cells,
    ];
  });
  const baseScores = x.map((xi) => scoreOfEffort(effortOf(base.weights, xi), base));
  const span = Math.max(...baseScores) - Math.min(...baseScores);
  if (span < MIN_SPAN) {
    throw new UserError(
      source,
      `the timed mazes are too alike to fit a model (they all score ${Math.min(...baseScores).toFixed(1)} to ${Math.max(...baseScores).toFixed(1)})`,
      'time mazes of different sizes and difficulties',
    );
  }

  const groups = new Map<string, number>();
  for (const r of rows) if (!groups.has(r.group ?? 'all')) groups.set(r.group ?? 'all', groups.size);
  const G = groups.size;
  const g = rows.map((r) => groups.get(r.group ?? 'all') ?? 0);
  const m = rows.map((r) => index.get(r.key) ?? 0);
  const y = rows.map((r) => Math.log(r.seconds));
  const n = rows.length;

  // Which weights are fitted: non-zero in the base model, and measured on some maze.
  const free = FITTED.filter((k, j) => base.weights[k] > 0 && x.some((xi) => xi[j] > 0));
  const col = FITTED.map((k) => free.indexOf(k));
  const prior = free.map((k) => Math.log(base.weights[k]));
  const P = free.length;
  // Parameters: log weights (P), group offsets (G), slope b.
  const theta = [...prior, ...new Array<number>(G).fill(0), 0];
  const weightsOf = (t: readonly number[]): DifficultyWeights => {
    const w = { ...base.weights };
    free.forEach((k, j) => {
      w[k] = Math.exp(t[j]);
    });
    return w;
  };
  const logEffort = (t: readonly number[]): number[] => x.map((xi) => Math.log1p(effortOf(weightsOf(t), xi)));

  // Start: the base weights, and offsets and slope by linear least squares; this also gives the noise.
  const start = linearFit(logEffort(theta), y, g, m, G);
  if (!(start.slope > 0)) {
    throw new UserError(
      source,
      'the solve times do not rise with the difficulty the model measures',
      'check that each time is written against the right maze, and that the mazes range from easy to hard',
    );
  }
  for (let k = 0; k < G; k++) theta[P + k] = start.offsets[k];
  theta[P + G] = start.slope;
  const lambda = Math.max(start.variance, 1e-4) / (TAU * TAU);

  const objective = (t: readonly number[]): number => {
    const le = logEffort(t);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += (y[i] - t[P + g[i]] - t[P + G] * le[m[i]]) ** 2;
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
    const w = weightsOf(theta);
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

  const weights = weightsOf(theta);
  const le = logEffort(theta);
  // Keep the scale: the timed mazes' mean score stays what the base model gives them.
  const meanBase = baseScores.reduce((a, s) => a + s, 0) / baseScores.length;
  const meanLog = le.reduce((a, v) => a + v, 0) / le.length;
  const logTop = (9 * meanLog) / Math.max(1e-9, meanBase - 1);
  const top = Math.max(2, Math.expm1(logTop));
  const b = theta[P + G];
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (y[i] - theta[P + g[i]] - b * le[m[i]]) ** 2;
  const sd = Math.sqrt(sse / Math.max(1, n - K));
  const model: DifficultyModel = {
    version: 1,
    name: name ?? `fitted to ${n} solve times`,
    weights,
    top,
    calibration: {
      rows: n,
      mazes: mazes.length,
      perPoint: Math.exp((b * Math.log1p(top)) / 9),
      secondsAt5: Object.fromEntries(
        [...groups].map(([label, k]) => [
          label,
          Math.round(Math.exp(theta[P + k] + b * Math.log1p(effortOfScore(5, { ...base, weights, top })))),
        ]),
      ),
      spread: Math.exp(sd),
    },
  };
  const fmt = (v: number): string => String(Number(v.toPrecision(3)));
  const summary = [
    `${n} solve times of ${mazes.length} mazes${G > 1 ? ` in ${G} age groups` : ''}; scores ${Math.min(...baseScores).toFixed(1)} to ${Math.max(...baseScores).toFixed(1)} by the ${base.name} model`,
    ...FITTED.map(
      (k) =>
        `  ${k.padEnd(9)} ${fmt(base.weights[k]).padStart(7)} → ${fmt(weights[k]).padStart(7)}${free.includes(k) ? '' : '  (not fitted: not measured on these mazes)'}`,
    ),
    `  top       ${fmt(base.top).padStart(7)} → ${fmt(top).padStart(7)}`,
    `each point of score multiplies the solve time by ${model.calibration?.perPoint.toFixed(2)}; readers vary by about ×${model.calibration?.spread.toFixed(2)} around that`,
  ];
  const text = difficultyModelText(model, [
    `Fitted by \`mazebook calibrate\` to ${n} solve times of ${mazes.length} mazes, starting from the ${base.name} model.`,
  ]);
  // The model as its file says (rounded to the digits written), so a book built with the file matches.
  return { model: loadDifficultyModel(text, source), text, summary };
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
