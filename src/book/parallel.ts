import { availableParallelism } from 'node:os';
import { UserError } from '../base/errors.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { GridSize } from '../grid/registry.js';
import type { BookPlan, PuzzlePlan } from '../plan/book-plan.js';
import { cellsToGenerate } from '../plan/resolve-puzzles.js';
import type { ChosenPuzzle } from './chosen-puzzle.js';
import { workUnits } from './make-unit.js';
import type { MadeUnit } from './repeats.js';

export { workUnits } from './make-unit.js';

/** The plan a worker receives once, when it starts (structured-cloned: the plan is plain data). */
export interface WorkerSetup {
  plan: BookPlan;
  rate: boolean;
  /** Canonical hashes of the mazes no puzzle may repeat (the `--avoid` lockfiles'). */
  avoid: string[];
}

/** One unit of work: a puzzle, or a whole series (its pages depend on each other), in book order. */
export interface WorkerTask {
  indices: number[];
}

/** One puzzle as a worker sends it back: the chosen puzzle without its plan (the main thread has it). */
export type WorkerResult = Omit<ChosenPuzzle, 'plan' | 'recipe'> & {
  /** The size of the maze kept (it differs from the plan's with `cells: auto`). */
  size: GridSize;
  /** Its algorithm and post-processes (the search may change them to reach a difficulty). */
  algorithm: MazeRecipe['algorithm'];
  post: MazeRecipe['post'];
  warnings: string[];
};

/** Below this much estimated work (cell-walk units), threads cost more than they save. */
const PARALLEL_WORK = 3_000_000;
/**
 * Rated mazes cost about this many times their cells: a screening rating, some 8 smart walks and the
 * rating's own set-up (measured on 32×44 mazes: the search is exact or per branch, docs/difficulty.md).
 */
const RATING_COST = 12;

/** Estimated cost of a puzzle, in cell-walk units: cells to generate, times the rating's walks. */
export function puzzleCost(p: PuzzlePlan, rate: boolean): number {
  return cellsToGenerate(p) * (rate || p.difficulty ? RATING_COST : 1);
}

/** The worker count MAZEBOOK_WORKERS asks for (undefined when unset), never more than the cores. */
function askedWorkers(cores: number): number | undefined {
  const asked = process.env.MAZEBOOK_WORKERS;
  if (asked === undefined || asked === '') return undefined;
  if (!/^\d+$/.test(asked)) {
    throw new UserError('MAZEBOOK_WORKERS', `expected a whole number of worker threads, got "${asked}"`);
  }
  return Math.min(Number(asked), cores);
}

/**
 * How many worker threads to build a plan on (0: none): more than one core, running from compiled code (a
 * worker cannot load TypeScript sources) and enough work. MAZEBOOK_WORKERS=0 switches threads off and
 * MAZEBOOK_WORKERS=n asks for n, at most the number of cores.
 */
export function useWorkers(plan: BookPlan, rate: boolean): number {
  const cores = availableParallelism();
  const asked = askedWorkers(cores);
  if (asked === 0) return 0;
  if (import.meta.url.endsWith('.ts')) return 0;
  if (asked !== undefined) return Math.min(asked, plan.puzzles.length);
  if (cores < 2 || plan.puzzles.length < 4) return 0;
  let work = 0;
  for (const p of plan.puzzles) work += puzzleCost(p, rate);
  return work >= PARALLEL_WORK ? Math.min(cores, plan.puzzles.length) : 0;
}

/**
 * Makes the plan's units of work (`workUnits`) on `threads` worker threads. Each worker gets the plan once
 * (no worker reads the spec or a picture again); units are handed out biggest first (by the plan's cost
 * estimate) to whichever worker is free. `onStarted` is called once the pool exists and every unit is queued.
 * Units come back in book order, each exactly as `makeUnit` makes it on this thread, so the book never
 * depends on which thread finished first.
 */
export async function generateOnWorkers(
  plan: BookPlan,
  rate: boolean,
  avoid: ReadonlySet<string>,
  threads: number,
  onDone: (done: number) => void,
  onStarted?: () => void,
): Promise<MadeUnit[]> {
  const units = workUnits(plan);
  const cost = units.map((u) => u.reduce((a, i) => a + puzzleCost(plan.puzzles[i], rate), 0));
  const order = units.map((_, n) => n).sort((a, b) => cost[b] - cost[a] || a - b);
  const { Piscina } = await import('piscina');
  const pool = new Piscina({
    filename: new URL('./puzzle-worker.js', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 1000,
    workerData: { plan, rate, avoid: [...avoid] } satisfies WorkerSetup,
  });
  const made = new Array<MadeUnit>(units.length);
  let done = 0;
  try {
    const all = Promise.all(
      order.map(async (n) => {
        const task: WorkerTask = { indices: units[n] };
        let reply:
          | { ok: true; results: WorkerResult[] }
          | { ok: false; error: { message: string; name: string } };
        try {
          reply = await pool.run(task);
        } catch (e) {
          throw new Error(
            `a worker thread stopped while making puzzle${units[n].length > 1 ? 's' : ''} ${units[n].map((i) => plan.puzzles[i].number).join(', ')}: ${(e as Error).message}`,
          );
        }
        if (!reply.ok) throw rebuildError(reply.error);
        made[n] = unitOf(plan, units[n], reply.results);
        done += units[n].length;
        onDone(done);
      }),
    );
    // Every task is queued and the threads are starting: this thread may take on other work now.
    onStarted?.();
    await all;
  } finally {
    await pool.destroy();
  }
  return made;
}

/** A unit as a worker sent it back, with each puzzle's plan and recipe put back. */
function unitOf(plan: BookPlan, indices: readonly number[], results: readonly WorkerResult[]): MadeUnit {
  const puzzles = results.map((r, k) => {
    const p = plan.puzzles[indices[k]];
    const { size, algorithm, post, warnings: _w, ...chosen } = r;
    return { ...chosen, plan: p, recipe: { ...p.recipe, size, algorithm, post } };
  });
  return { puzzles, warnings: results.map((r) => r.warnings) };
}

/** Errors from a worker: user errors keep their message (they concern the same plan). */
function rebuildError(error: { message: string; name: string }): Error {
  if (error.name === 'UserError' || error.name === 'CodecError') return new UserError('', error.message);
  const e = new Error(error.message);
  e.name = error.name;
  return e;
}
