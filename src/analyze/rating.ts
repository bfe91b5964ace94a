import type { Maze } from '../generate/maze.js';
import { createRng, type Seed128 } from '../random/sfc32.js';
import { type DifficultyModel, effortParts, scoreOfEffort } from './difficulty-model.js';
import { type Effort, measureEffort } from './effort.js';
import { type SearchMethod, SearchRun } from './search-effort.js';
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
  /** Walks made (0 when the search was computed exactly). */
  walks: number;
  /**
   * Expected overlap steps of the simulator (`mean`), the half-width of its 95 % interval (0 when exact),
   * and the spread of one walk's overlap (`sd`).
   */
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
  /**
   * The simulated solvers' wandering: expected overlap steps (as `overlapSteps.mean`), and how they were
   * found (search-effort.ts): `exact` (in closed form, no walks), `branches` (the route's choices exactly,
   * what each wrong branch costs from `walks` walks) or `walks` (the mean of `walks` walks).
   */
  search: { overlap: number; effort: number; method: SearchMethod; walks: number };
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
  /** Walks before the precision check; default 8 per branch, 16 for stratified walks (100 with `method: 'walks'`). */
  minWalks?: number;
  /** Upper bound on walks; default 2000. */
  maxWalks?: number;
  /**
   * Walks stop once the 95 % interval of the expected overlap is within this share of it (default 0.05,
   * ±5 %), or once the score it gives is known to ±`scorePrecision`.
   */
  precision?: number;
  /** Walks stop once the 95 % interval of the score is within ± this many points; default 0.02. */
  scorePrecision?: number;
  /**
   * `auto` (default): the search in closed form where the maze allows, per branch or from stratified walks
   * elsewhere (search-effort.ts); `walks`: the plain mean of walks, as every maze was rated before (batches
   * of 50 from 100 walks until ±`precision`), for comparisons.
   */
  method?: 'auto' | 'walks';
  /** Keep the simulator (its per-cell visit counts make heatmaps); the search is then always walked. */
  keep?: (sim: Simulator) => void;
  /** The maze's solution, when the caller has it already (solve(maze)). */
  solution?: Solution;
}

/** What ratings of one maze share: its route, structural measures, simulator and the search runs begun. */
interface Prepared {
  maze: Maze;
  solution: Solution;
  effort: Effort;
  sim: Simulator;
  /** By simulator and seed. */
  runs: Map<string, SearchRun>;
}

/**
 * The mazes rated last, the most recent last: a screening rating is followed by the full one of the same
 * maze. A few only, so that a book's mazes are not all kept with their simulators.
 */
const recent: Prepared[] = [];
const RECENT = 4;

/**
 * What ratings of `maze` share, made afresh or (`reuse`) found among the mazes rated last — the same maze
 * object, with the same solution object when one is given.
 */
function prepare(maze: Maze, solution: Solution | undefined, reuse: boolean): Prepared {
  if (reuse) {
    const i = recent.findIndex((p) => p.maze === maze && (solution === undefined || p.solution === solution));
    if (i >= 0) {
      const [known] = recent.splice(i, 1);
      recent.push(known);
      return known;
    }
  }
  const route = solution ?? solve(maze);
  const made = {
    maze,
    solution: route,
    effort: measureEffort(maze, route),
    sim: new Simulator(maze),
    runs: new Map(),
  };
  if (reuse) {
    recent.push(made);
    if (recent.length > RECENT) recent.shift();
  }
  return made;
}

/**
 * The search run of a rating: a new one, or (unless `fresh`) the one begun by an earlier rating of the same
 * maze from the same seed, when it can go on to where a new one would stop (SearchRun.canResume): the result
 * is the same either way, the walks made already are not made again.
 */
function searchRun(
  prepared: Prepared,
  simulator: SimulatorName,
  seed: Seed128,
  options: WalkOptions,
  fresh: boolean,
): SearchRun {
  const start = () =>
    new SearchRun(prepared.sim, simulator, prepared.solution.cells, createRng(seed), {
      method: options.method ?? 'auto',
      needWalks: options.keep !== undefined,
    });
  if (fresh) return start();
  const key = `${simulator} ${seed.join(' ')}`;
  const known = prepared.runs.get(key);
  const run = known?.canResume(options) ? known : start();
  prepared.runs.set(key, run);
  return run;
}

/**
 * Rates a maze: the expected overlap of the simulated solver (exact where the maths allows, otherwise from
 * walks until it is known to ±`precision` or the score to ±`scorePrecision`, 95 % interval, or `maxWalks`),
 * the structural components, and the score of the whole under `model`. Deterministic: the walks draw from
 * one generator seeded with `seed`.
 */
export function rateWith(
  maze: Maze,
  seed: Seed128,
  model: DifficultyModel,
  options: WalkOptions = {},
): Rating {
  const simulator = options.simulator ?? 'smart';
  const method = options.method ?? 'auto';
  // A heatmap wants the visits of this rating's walks alone, and the plain walks are a comparison: both
  // start afresh. Otherwise a maze rated again (the full rating after a screening one) goes on from there.
  const fresh = options.keep !== undefined || method === 'walks';
  const prepared = prepare(maze, options.solution, !fresh);
  const { route, decisions, cycling } = prepared.effort;
  const measures = (overlap: number) => ({
    overlap,
    steps: route.steps,
    turning: route.turning,
    decisions: decisions.cells,
    cycling: cycling.cells,
  });
  const scoreAt = (overlap: number): number =>
    scoreOfEffort(effortParts(measures(overlap), model).total, model);
  const precision = options.precision ?? 0.05;
  const scorePrecision = options.scorePrecision ?? 0.02;
  const enough = (mean: number, ci95: number): boolean => {
    if (mean === 0 && (method === 'walks' || ci95 === 0)) return true;
    if (ci95 <= precision * mean) return true;
    if (method === 'walks') return false;
    const span = (scoreAt(mean + ci95) - scoreAt(Math.max(0, mean - ci95))) / 2;
    return span <= scorePrecision;
  };
  const { sim } = prepared;
  const search = searchRun(prepared, simulator, seed, options, fresh).advance({
    ...(options.minWalks !== undefined ? { minWalks: options.minWalks } : {}),
    ...(options.maxWalks !== undefined ? { maxWalks: options.maxWalks } : {}),
    enough,
  });
  options.keep?.(sim);
  const parts = effortParts(measures(search.mean), model);
  const score = scoreOfEffort(parts.total, model);
  return {
    simulator,
    walks: search.walks,
    overlapSteps: { mean: search.mean, sd: search.sd, ci95: search.ci95 },
    steps: { mean: search.steps },
    score,
    label: labelOf(score),
    components: {
      search: { overlap: search.mean, effort: parts.search, method: search.method, walks: search.walks },
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
