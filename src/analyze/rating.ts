import type { Maze } from '../generate/maze.js';
import { createRng, type Seed128 } from '../random/sfc32.js';
import { type DifficultyModel, effortParts, scoreOfEffort } from './difficulty-model.js';
import { measureEffort } from './effort.js';
import { Simulator, type SimulatorName } from './simulate.js';
import { type Solution, solve } from './solve.js';

/**
 * Difficulty: the effort of solving a maze, from simulated walks (the search) and from its structure (the
 * route, the decisions along it, the loops), added up by a difficulty model and mapped to a 1–10 score
 * (difficulty-model.ts; the calibration is in docs/difficulty.md). The score is logarithmic in the effort:
 * each point up the scale is roughly a constant factor more work, which is how difficulty feels. rate.ts is
 * the same with the shipped model as the default; this module reads no file (the worker threads that rate a
 * book's mazes load it).
 */
export interface Rating {
  simulator: SimulatorName;
  walks: number;
  overlapSteps: { mean: number; sd: number; ci95: number };
  steps: { mean: number };
  /** Difficulty in [1, 10]. */
  score: number;
  label: DifficultyLabel;
  /** What the score is made of: each measure and the effort (in steps) the model gives it. */
  components: RatingComponents;
  /** Name of the difficulty model that weighed the components. */
  model: string;
}

export interface RatingComponents {
  /** The simulated solvers' wandering: mean overlap steps (as `overlapSteps.mean`). */
  search: { overlap: number; effort: number };
  /** Tracing the solution: its steps, turning in right angles, and hallways (pieces between junctions). */
  route: { steps: number; turning: number; hallways: number; effort: number };
  /**
   * Choices along the solution: junctions with wrong branches, the branches, the cells a solver drawn
   * towards the exit is expected to explore in them, and the step (from the entry) of the costliest one.
   */
  decisions: { junctions: number; branches: number; cells: number; worstStep: number; effort: number };
  /** Going round loops with no dead end to say so: off-route cells on loops, and independent loops. */
  cycling: { cells: number; loops: number; effort: number };
  /** Sum of the four efforts, E. */
  effort: number;
}

export type DifficultyLabel = 'easy' | 'medium' | 'hard' | 'expert';
export const difficultyLabels: readonly DifficultyLabel[] = ['easy', 'medium', 'hard', 'expert'];

/** Score bands of the labels: [lowest, highest) on the 1–10 scale; the centre is the label's target. */
export const LABEL_BANDS: Record<DifficultyLabel, readonly [number, number]> = {
  easy: [1, 5],
  medium: [5, 6.5],
  hard: [6.5, 8],
  expert: [8, 10.01],
};

export function labelOf(score: number): DifficultyLabel {
  for (const l of difficultyLabels) if (score < LABEL_BANDS[l][1]) return l;
  return 'expert';
}

/** How a maze is rated: which solver walks it, how many walks, and what the caller has already. */
export interface WalkOptions {
  simulator?: SimulatorName;
  /** Walks before the precision check; default 100. */
  minWalks?: number;
  /** Upper bound on walks; default 2000. */
  maxWalks?: number;
  /** Stop once the 95 % interval of the mean is within this share of the mean; default 0.05 (±5 %). */
  precision?: number;
  /** Keep the simulator (its per-cell visit counts make heatmaps). */
  keep?: (sim: Simulator) => void;
  /** The maze's solution, when the caller has it already (solve(maze)). */
  solution?: Solution;
}

const BATCH = 50;

/**
 * Rates a maze: walks in batches until the mean overlap is known to ±`precision` (95 % interval) or
 * `maxWalks` is reached, then adds the structural components and scores the whole with `model`.
 * Deterministic: the walks draw from one generator seeded with `seed`.
 */
export function rateWith(
  maze: Maze,
  seed: Seed128,
  model: DifficultyModel,
  options: WalkOptions = {},
): Rating {
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
  const structure = measureEffort(maze, options.solution ?? solve(maze));
  const { route, decisions, cycling } = structure;
  const parts = effortParts(
    {
      overlap: mean,
      steps: route.steps,
      turning: route.turning,
      decisions: decisions.cells,
      cycling: cycling.cells,
    },
    model,
  );
  const score = scoreOfEffort(parts.total, model);
  return {
    simulator,
    walks: n,
    overlapSteps: { mean, sd, ci95: ci() === Infinity ? 0 : ci() },
    steps: { mean: stepSum / n },
    score,
    label: labelOf(score),
    components: {
      search: { overlap: mean, effort: parts.search },
      route: { ...route, effort: parts.route },
      decisions: {
        junctions: decisions.junctions,
        branches: decisions.branches,
        cells: decisions.cells,
        worstStep: decisions.worst.step,
        effort: parts.decisions,
      },
      cycling: { ...cycling, effort: parts.cycling },
      effort: parts.total,
    },
    model: model.name,
  };
}
