/**
 * The mazes behind the difficulty calibration (bench/calibrate.ts): which mazes are made, what is measured on
 * each, and a pool of child processes that measures them. Every maze and walk derives its seed from a fixed
 * book seed, so every figure is the same on every run; only the timings change.
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { type DifficultyModel, effortParts, scoreOfEffort } from '../src/analyze/difficulty-model.js';
import { measure } from '../src/analyze/metrics.js';
import { rateMaze } from '../src/analyze/rate.js';
import type { SimulatorName } from '../src/analyze/simulate.js';
import { solve } from '../src/analyze/solve.js';
import { generateMaze, type MazeRecipe } from '../src/generate/generate-maze.js';
import type { PostStep } from '../src/generate/post/registry.js';
import { type AlgorithmName, algorithmInfo, algorithmNames } from '../src/generate/registry.js';
import { type TopologyName, topologies } from '../src/grid/registry.js';
import { deriveSeed } from '../src/random/derive-seed.js';

/** Book seed of every maze and walk here; changing it gives a fresh, equally valid sample. */
export const BOOK_SEED = 2015;

export const SHAPES: readonly TopologyName[] = ['square', 'hex', 'triangle', 'octagon', 'circle'];
/** Algorithms of the scale tables (every shape, every size). */
export const ALGORITHMS: readonly AlgorithmName[] = [
  'backtracker',
  'hunt-and-kill',
  'kruskal',
  'wilson',
  'prim',
  'growing-tree',
];
/** Target cell counts; each shape gets the size whose cell count is nearest (square: 5², 10², … 100²). */
export const TARGET_CELLS = [25, 100, 400, 1600, 4900, 10000];
/** Sizes above this many cells get half the seeds (they take most of the time). */
export const BIG_CELLS = 5000;
/** The other two simulators, and `smart` with entry and exit swapped, on mazes up to this many cells. */
export const TRIO_MAX_CELLS = 1600;
export const TRIO_SEEDS = 4;

/** The sweep: every algorithm at these sides (square; circle and hex too where the algorithm runs there). */
export const SWEEP_SIDES = [10, 20, 30, 45, 60];
export const SWEEP_SEEDS = 5;
export const SWEEP_SHAPES: readonly TopologyName[] = ['square', 'hex', 'circle'];
/** Sweep mazes rated a second time from another simulation seed (the first seeds of each group). */
export const TWICE_SEEDS = 2;

/** Post-processes as levers, on square mazes of the main run's sides 20 and 40 (the same base mazes). */
export const LEVER_SIDES = [20, 40];
export const LEVER_ALGORITHMS: readonly AlgorithmName[] = [
  'backtracker',
  'kruskal',
  'wilson',
  'hunt-and-kill',
];
export const LEVERS: readonly { name: string; post: PostStep[] }[] = [
  { name: 'none', post: [] },
  { name: 'reverse-wasted-turns', post: [{ name: 'reverse-wasted-turns' }] },
  { name: 'reduce-path', post: [{ name: 'reduce-path' }] },
  { name: 'loops 10', post: [{ name: 'loops', count: 10 }] },
  { name: 'braid 0.25', post: [{ name: 'braid', share: 0.25 }] },
  { name: 'braid 0.5', post: [{ name: 'braid', share: 0.5 }] },
  { name: 'braid 1', post: [{ name: 'braid', share: 1 }] },
];

export interface Job {
  id: number;
  /** main: the scale tables; lever: a post-process on a main maze; sweep: every algorithm, sides 10–60. */
  group: 'main' | 'lever' | 'sweep';
  shape: TopologyName;
  size: number;
  cells: number;
  algorithm: AlgorithmName;
  lever: string;
  post: PostStep[];
  seed: number;
  /** Also rate with tremaux and directional, and with entry and exit swapped. */
  trio: boolean;
  /** Also rate from a second simulation seed (stability). */
  twice: boolean;
}

/** What is measured on one maze: the model's inputs (see difficulty-model.ts), and some context. */
export interface Measures {
  id: number;
  /** Mean overlap steps of `smart` (and of the others, on trio mazes). */
  overlap: Partial<Record<SimulatorName, number>>;
  /** `smart` with entry and exit swapped (trio mazes). */
  swapped?: number;
  /** `smart` from a second simulation seed (twice mazes). */
  again?: number;
  steps: number;
  turning: number;
  decisions: number;
  cycling: number;
  loops: number;
  /** Entry and exit in one cell: a maze with nothing to solve (reported, left out of the figures). */
  degenerate: boolean;
  /** Not measured within JOB_TIME_LIMIT_MS (reported, left out of the figures). */
  unfinished?: boolean;
  walks: number;
  solutionShare: number;
  deadEndShare: number;
  ms: number;
}

/** The score a model gives a maze's measures (with another overlap, e.g. `again`, when given). */
export function scoreWith(model: DifficultyModel, m: Measures, overlap = m.overlap.smart ?? 0): number {
  const parts = effortParts(
    { overlap, steps: m.steps, turning: m.turning, decisions: m.decisions, cycling: m.cycling },
    model,
  );
  return scoreOfEffort(parts.total, model);
}

export function recipeOf(job: Job): MazeRecipe {
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

/** Measures one maze. The generation key leaves out the lever, so a lever maze is its main maze, post-processed. */
export function runJob(job: Job): Measures {
  const t = performance.now();
  const key = `calibrate/${job.group === 'sweep' ? 'sweep/' : ''}${job.shape}/${job.size}/${job.algorithm}`;
  const walksKey = `${key}/${job.lever}/walks`;
  const maze = generateMaze(recipeOf(job), deriveSeed(BOOK_SEED, key, job.seed), key);
  const solution = solve(maze);
  const metrics = measure(maze, solution);
  const smart = rateMaze(maze, deriveSeed(BOOK_SEED, walksKey, job.seed), { solution });
  const c = smart.components;
  const overlap: Partial<Record<SimulatorName, number>> = { smart: smart.overlapSteps.mean };
  let swapped: number | undefined;
  if (job.trio) {
    for (const simulator of ['tremaux', 'directional'] as const) {
      const r = rateMaze(maze, deriveSeed(BOOK_SEED, `${walksKey}/${simulator}`, job.seed), { simulator });
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
    swapped = rateMaze(reversed, deriveSeed(BOOK_SEED, `${walksKey}/swapped`, job.seed)).overlapSteps.mean;
  }
  const again = job.twice
    ? rateMaze(maze, deriveSeed(BOOK_SEED + 1, walksKey, job.seed), { solution }).overlapSteps.mean
    : undefined;
  return {
    id: job.id,
    overlap,
    ...(swapped !== undefined ? { swapped } : {}),
    ...(again !== undefined ? { again } : {}),
    steps: c.route.steps,
    turning: c.route.turning,
    decisions: c.decisions.cells,
    cycling: c.cycling.cells,
    loops: c.cycling.loops,
    degenerate: maze.entryCell === maze.exitCell,
    walks: smart.walks,
    solutionShare: metrics.solutionLength / metrics.cells,
    deadEndShare: metrics.deadEnds / metrics.cells,
    ms: performance.now() - t,
  };
}

/** The size (columns = rows, or rings) of a shape whose cell count is nearest `target`. */
export function sizeFor(shape: TopologyName, target: number): number {
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

export interface JobPlan {
  seeds: number;
  targets: readonly number[];
  levers: boolean;
  sweepSides: readonly number[];
  sweepSeeds: number;
}

export function makeJobs(plan: JobPlan): Job[] {
  const jobs: Job[] = [];
  const add = (j: Omit<Job, 'id' | 'cells'>): void => {
    jobs.push({ ...j, id: jobs.length, cells: topologies[j.shape].count({ columns: j.size, rows: j.size }) });
  };
  const none = { lever: 'none', post: [] as PostStep[], twice: false };
  for (const shape of SHAPES) {
    for (const target of plan.targets) {
      const size = sizeFor(shape, target);
      const n = target > BIG_CELLS ? Math.ceil(plan.seeds / 2) : plan.seeds;
      for (const algorithm of ALGORITHMS) {
        for (let seed = 0; seed < n; seed++) {
          const trio = target <= TRIO_MAX_CELLS && seed < TRIO_SEEDS;
          add({ group: 'main', shape, size, algorithm, seed, trio, ...none });
        }
      }
    }
  }
  if (plan.levers) {
    for (const size of LEVER_SIDES) {
      if (!plan.targets.includes(size * size)) continue;
      for (const algorithm of LEVER_ALGORITHMS) {
        if (!ALGORITHMS.includes(algorithm)) continue;
        for (const lever of LEVERS.slice(1)) {
          for (let seed = 0; seed < plan.seeds; seed++) {
            const post = lever.post;
            add({
              group: 'lever',
              shape: 'square',
              size,
              algorithm,
              lever: lever.name,
              post,
              seed,
              trio: false,
              twice: false,
            });
          }
        }
      }
    }
  }
  for (const shape of SWEEP_SHAPES) {
    for (const algorithm of algorithmNames) {
      if (shape !== 'square' && 'squareOnly' in algorithmInfo[algorithm]) continue;
      for (const side of plan.sweepSides) {
        const size = sizeFor(shape, side * side);
        for (let seed = 0; seed < plan.sweepSeeds; seed++) {
          add({
            group: 'sweep',
            shape,
            size,
            algorithm,
            seed,
            trio: false,
            ...none,
            twice: seed < TWICE_SEEDS,
          });
        }
      }
    }
  }
  return jobs;
}

/** The cost of a job relative to others, to hand out the biggest first. */
const cost = (j: Job): number => j.cells * (j.trio ? 4 : 1) * (j.twice ? 2 : 1);

/** A maze not measured in this time is given up (a generator that never finishes must not stop the run). */
export const JOB_TIME_LIMIT_MS = 10 * 60 * 1000;

/** The record of a maze given up. */
function unfinished(job: Job): Measures {
  return {
    id: job.id,
    overlap: {},
    steps: 0,
    turning: 0,
    decisions: 0,
    cycling: 0,
    loops: 0,
    degenerate: false,
    unfinished: true,
    walks: 0,
    solutionShare: 0,
    deadEndShare: 0,
    ms: JOB_TIME_LIMIT_MS,
  };
}

/**
 * Measures the jobs on `workers` child processes running `script` (which must call serveJobs when started
 * with `--worker`), biggest first; results come back in job order. A job that takes longer than `limitMs`
 * is recorded as unfinished and its worker replaced.
 */
export async function runAll(
  jobs: Job[],
  workers: number,
  script: string,
  limitMs = JOB_TIME_LIMIT_MS,
): Promise<Measures[]> {
  const results: Measures[] = new Array(jobs.length);
  if (jobs.length === 0) return results;
  const order = [...jobs].sort((a, b) => cost(b) - cost(a) || a.id - b.id);
  let next = 0;
  let done = 0;
  await new Promise<void>((resolveAll, reject) => {
    const record = (r: Measures): void => {
      results[r.id] = r;
      done++;
      if (process.stderr.isTTY) process.stderr.write(`\r  ${done}/${jobs.length} mazes measured`);
      if (done === jobs.length) {
        if (process.stderr.isTTY) process.stderr.write('\n');
        resolveAll();
      }
    };
    const startWorker = (): void => {
      if (next >= order.length) return;
      const child = fork(script, ['--worker'], { execArgv: process.execArgv });
      let current: Job | undefined;
      let timer: NodeJS.Timeout | undefined;
      const feed = (): void => {
        clearTimeout(timer);
        current = next < order.length ? order[next++] : undefined;
        if (!current) {
          child.disconnect();
          return;
        }
        const job = current;
        child.send(job);
        timer = setTimeout(() => {
          current = undefined;
          child.removeAllListeners('exit');
          child.kill();
          record({ ...unfinished(job), ms: limitMs });
          startWorker();
        }, limitMs);
      };
      child.on('message', (r: Measures) => {
        record(r);
        feed();
      });
      child.on('error', reject);
      child.on('exit', (code) => {
        if (code !== 0 && current) reject(new Error(`a calibration worker exited with ${code}`));
      });
      feed();
    };
    for (let w = 0; w < Math.min(workers, jobs.length); w++) startWorker();
  });
  return results;
}

/** The child side of runAll. */
export function serveJobs(): void {
  process.on('message', (job: Job) => {
    process.send?.(runJob(job));
  });
}
