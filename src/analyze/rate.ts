import type { Maze } from '../generate/maze.js';
import { createRng, type Seed128 } from '../random/sfc32.js';
import { Simulator, type SimulatorName } from './simulate.js';

/**
 * Difficulty by Monte Carlo: many simulated walks, their mean overlap steps, and a 1–10 score.
 *
 * The score is logarithmic in the mean overlap steps O of the `smart` simulator (see docs/difficulty.md for
 * the calibration): score = 1 + 9 · ln(1 + O) / ln(1 + O_TOP), clamped to [1, 10]. Each point up the scale is
 * roughly a constant factor more wandering, which is how difficulty feels: a maze where a solver wastes 40
 * steps is much harder than one with 10, a maze with 4040 barely harder than 4000.
 */
export interface Rating {
  simulator: SimulatorName;
  walks: number;
  overlapSteps: { mean: number; sd: number; ci95: number };
  steps: { mean: number };
  score: number;
  label: DifficultyLabel;
}

export type DifficultyLabel = 'easy' | 'medium' | 'hard' | 'expert';
export const difficultyLabels: readonly DifficultyLabel[] = ['easy', 'medium', 'hard', 'expert'];

/**
 * Mean overlap steps that score 10: about 20,000 cells, the densest maze a Letter or A4 page prints at the
 * narrowest passage (calibration in docs/difficulty.md: from ~400 cells up, O is about cells / 4).
 */
export const O_TOP = 5000;

/** Score bands of the labels: [lowest, highest) on the 1–10 scale; the centre is the label's target. */
export const LABEL_BANDS: Record<DifficultyLabel, readonly [number, number]> = {
  easy: [1, 5],
  medium: [5, 6.5],
  hard: [6.5, 8],
  expert: [8, 10.01],
};

export function scoreOf(meanOverlap: number): number {
  const s = 1 + (9 * Math.log1p(Math.max(0, meanOverlap))) / Math.log1p(O_TOP);
  return Math.min(10, Math.max(1, s));
}

export function labelOf(score: number): DifficultyLabel {
  for (const l of difficultyLabels) if (score < LABEL_BANDS[l][1]) return l;
  return 'expert';
}

export interface RateOptions {
  simulator?: SimulatorName;
  /** Walks before the precision check; default 100. */
  minWalks?: number;
  /** Upper bound on walks; default 2000. */
  maxWalks?: number;
  /** Stop once the 95 % interval of the mean is within this share of the mean; default 0.05 (±5 %). */
  precision?: number;
  /** Keep the simulator (its per-cell visit counts make heatmaps). */
  keep?: (sim: Simulator) => void;
}

const BATCH = 50;

/**
 * Rates a maze: walks in batches until the mean overlap is known to ±`precision` (95 % interval) or
 * `maxWalks` is reached. Deterministic: the walks draw from one generator seeded with `seed`.
 */
export function rateMaze(maze: Maze, seed: Seed128, options: RateOptions = {}): Rating {
  const simulator = options.simulator ?? 'smart';
  const minWalks = options.minWalks ?? 100;
  const maxWalks = Math.max(minWalks, options.maxWalks ?? 2000);
  const precision = options.precision ?? 0.05;
  const sim = new Simulator(maze);
  const rng = createRng(seed);
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let stepSum = 0;
  const ci = (): number => {
    if (n < 2) return Infinity;
    const mean = sum / n;
    const variance = Math.max(0, (sumSq - n * mean * mean) / (n - 1));
    return 1.96 * Math.sqrt(variance / n);
  };
  while (n < maxWalks) {
    const batch = Math.min(n < minWalks ? minWalks - n : BATCH, maxWalks - n);
    for (let i = 0; i < batch; i++) {
      const w = sim.walk(simulator, rng);
      sum += w.overlap;
      sumSq += w.overlap * w.overlap;
      stepSum += w.steps;
      n++;
    }
    const mean = sum / n;
    if (n >= minWalks && (mean === 0 || ci() <= precision * mean)) break;
  }
  options.keep?.(sim);
  const mean = sum / n;
  const sd = n > 1 ? Math.sqrt(Math.max(0, (sumSq - n * mean * mean) / (n - 1))) : 0;
  const score = scoreOf(mean);
  return {
    simulator,
    walks: n,
    overlapSteps: { mean, sd, ci95: ci() === Infinity ? 0 : ci() },
    steps: { mean: stepSum / n },
    score,
    label: labelOf(score),
  };
}
