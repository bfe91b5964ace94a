import { createHash } from 'node:crypto';

/**
 * A difficulty model: how the parts of the effort of solving a maze add up to its 1–10 score.
 *
 *   E     = search · O + route · (S + turning · T) + decisions · D + cycling · C        (in steps)
 *   score = 1 + 9 · ln(1 + E) / ln(1 + top),   clamped to [1, 10]
 *
 * with O the simulated solvers' mean overlap steps, S and T the solution's steps and turning (right angles),
 * D the cells a solver is expected to explore in wrong branches, and C the off-route cells on loops (see
 * effort.ts and docs/difficulty.md). The default model ships as `docs/difficulty-model.yaml`; an author can
 * write their own, or fit one to measured solve times (fit-model.ts). Model files are read by model-file.ts:
 * this module is the arithmetic only, which the worker threads that rate mazes load without the YAML and
 * schema libraries.
 */
export interface DifficultyModel {
  /** Format of the file; 1 is the only one so far. */
  version: 1;
  /** Shown in reports, e.g. `default` or `class 3b, spring 2026`. */
  name: string;
  weights: DifficultyWeights;
  /** The effort E that scores 10; E = 0 scores 1. */
  top: number;
  /** What a fit to measured solve times found (absent in hand-written models). */
  calibration?: ModelCalibration;
}

/** Effort per unit of each measure, in steps (`turning`: steps of the solution per right angle turned). */
export interface DifficultyWeights {
  search: number;
  route: number;
  turning: number;
  decisions: number;
  cycling: number;
}

export interface ModelCalibration {
  /** Solve times and distinct mazes the fit used. */
  rows: number;
  mazes: number;
  /** Solve time multiplies by this much per point of score (for the readers measured). */
  perPoint: number;
  /** Typical solve time, in seconds, of a maze scoring 5, per age group (`all` when none was given). */
  secondsAt5: Record<string, number>;
  /** Spread of the readers' times around the fit, as a factor (e^sd of the log-time residuals). */
  spread: number;
}

/**
 * What identifies a model's scoring: 16 hex digits of the SHA-256 of its version, weights and top (not its
 * name, comments or calibration notes, which change no score). Lockfiles record it.
 */
export function difficultyModelHash(model: DifficultyModel): string {
  const w = model.weights;
  const scoring = [model.version, w.search, w.route, w.turning, w.decisions, w.cycling, model.top];
  return createHash('sha256').update(JSON.stringify(scoring)).digest('hex').slice(0, 16);
}

/** The measures a model weighs, as rateMaze gathers them. */
export interface EffortMeasures {
  /** Mean overlap steps of the simulated solver. */
  overlap: number;
  /** Steps and turning (right angles) of the solution. */
  steps: number;
  turning: number;
  /** Expected cells explored in wrong branches. */
  decisions: number;
  /** Off-route cells on loops. */
  cycling: number;
}

/** Effort of each part and their sum E, in steps. */
export interface EffortParts {
  search: number;
  route: number;
  decisions: number;
  cycling: number;
  total: number;
}

export function effortParts(m: EffortMeasures, model: DifficultyModel): EffortParts {
  const w = model.weights;
  const search = w.search * Math.max(0, m.overlap);
  const route = w.route * (m.steps + w.turning * m.turning);
  const decisions = w.decisions * m.decisions;
  const cycling = w.cycling * m.cycling;
  return { search, route, decisions, cycling, total: search + route + decisions + cycling };
}

/** @returns the score of an effort E, in [1, 10] */
export function scoreOfEffort(effort: number, model: DifficultyModel): number {
  const s = 1 + (9 * Math.log1p(Math.max(0, effort))) / Math.log1p(model.top);
  return Math.min(10, Math.max(1, s));
}

/** The inverse of scoreOfEffort on (1, 10): the effort that scores `score`. */
export function effortOfScore(score: number, model: DifficultyModel): number {
  return Math.expm1(((score - 1) / 9) * Math.log1p(model.top));
}

/** A model as the text of its file, with comments an author can follow (what `calibrate` writes). */
export function difficultyModelText(model: DifficultyModel, header: readonly string[] = []): string {
  const w = model.weights;
  const num = (x: number): string => String(Number(x.toPrecision(4)));
  const lines = [
    ...header.map((h) => `# ${h}`),
    '# A mazebook difficulty model (docs/difficulty.md, "The model file"). The effort of a maze, in steps, is',
    '#   E = search·O + route·(S + turning·T) + decisions·D + cycling·C',
    '# and its score is 1 + 9·ln(1 + E)/ln(1 + top), from 1 to 10.',
    'model: mazebook-difficulty',
    'version: 1',
    `name: ${JSON.stringify(model.name)}`,
    'weights:',
    `  search: ${num(w.search)}  # per overlap step O of the simulated solvers`,
    `  route: ${num(w.route)}  # per step S of the solution`,
    `  turning: ${num(w.turning)}  # steps each right angle T turned along the solution counts as`,
    `  decisions: ${num(w.decisions)}  # per cell D a solver is expected to explore in wrong branches`,
    `  cycling: ${num(w.cycling)}  # per cell C off the solution that lies on a loop`,
    `top: ${num(model.top)}  # the effort that scores 10`,
  ];
  const c = model.calibration;
  if (c) {
    lines.push(
      '# What the measured solve times showed (for information; it does not change the score):',
      'calibration:',
      `  rows: ${c.rows}`,
      `  mazes: ${c.mazes}`,
      `  perPoint: ${num(c.perPoint)}  # solve time × this per point of score`,
      `  spread: ${num(c.spread)}  # readers' times vary by about × this around the fit`,
      '  secondsAt5:  # typical seconds for a maze scoring 5, per age group',
      ...Object.entries(c.secondsAt5).map(([g, s]) => `    ${JSON.stringify(g)}: ${num(s)}`),
    );
  }
  return `${lines.join('\n')}\n`;
}
