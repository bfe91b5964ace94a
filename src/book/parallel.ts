import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GridSize } from '../grid/registry.js';
import { type TopologyInfo, topologies } from '../grid/registry.js';
import type { BookPlan, PlanOptions } from '../plan/plan-book.js';
import { UserError } from '../spec/errors.js';
import type { ChosenPuzzle } from './select.js';

export interface WorkerJob {
  specPath: string;
  options: Pick<PlanOptions, 'seed' | 'allowAnyPath' | 'sourceDateEpoch'>;
  rate: boolean;
  /** Puzzle indices, in order (a series stays together, in order). */
  indices: number[];
}

/** One puzzle as a worker sends it back: the chosen puzzle without its plan (rebuilt on this side). */
export type WorkerResult = Omit<ChosenPuzzle, 'plan' | 'recipe'> & {
  index: number;
  /** The size of the maze kept (it differs from the plan's with `cells: auto`). */
  size: GridSize;
  warnings: string[];
};

/** Below this much estimated work (cell-walk units), threads cost more than they save. */
const PARALLEL_WORK = 3_000_000;

/**
 * How many worker threads to build a plan on (0: none): more than one core, running from compiled code (a
 * worker cannot load TypeScript sources) and enough work; MAZEBOOK_WORKERS=0 switches threads off and
 * MAZEBOOK_WORKERS=n forces n.
 */
export function useWorkers(plan: BookPlan, rate: boolean): number {
  const asked = process.env.MAZEBOOK_WORKERS;
  if (asked === '0') return 0;
  if (import.meta.url.endsWith('.ts')) return 0;
  // MAZEBOOK_WORKERS=n uses n threads whatever the amount of work.
  if (asked && Number(asked) > 0) return Math.min(Number(asked), plan.puzzles.length);
  const cores = Math.min(availableParallelism(), 8);
  if (cores < 2 || plan.puzzles.length < 4) return 0;
  let work = 0;
  for (const p of plan.puzzles) {
    const cells = (topologies[p.recipe.shape] as TopologyInfo).count(p.recipe.size);
    work += cells * (p.difficulty ? p.candidates : 1) * (rate || p.difficulty ? 40 : 1);
  }
  return work >= PARALLEL_WORK ? Math.min(cores, plan.puzzles.length) : 0;
}

/**
 * Makes the plan's puzzles on `threads` worker threads. Work is split into units (a puzzle, or a whole series,
 * whose pages depend on each other) dealt round-robin; results are put back in book order and each puzzle's
 * warnings reported in book order, so the book never depends on which thread finished first.
 */
export async function generateOnWorkers(
  plan: BookPlan,
  specPath: string,
  options: WorkerJob['options'],
  rate: boolean,
  threads: number,
  warn: (message: string) => void,
  onDone: (done: number) => void,
): Promise<ChosenPuzzle[]> {
  const units: number[][] = [];
  for (const [i, p] of plan.puzzles.entries()) {
    const prev = plan.puzzles[i - 1];
    if (p.series && p.series.index > 0 && prev?.series?.page === p.series.page)
      units[units.length - 1].push(i);
    else units.push([i]);
  }
  const jobs: number[][] = Array.from({ length: threads }, () => []);
  // Biggest units first, each to the least loaded thread (by puzzle count), for an even split.
  units
    .map((u, n) => ({ u, n }))
    .sort((a, b) => b.u.length - a.u.length || a.n - b.n)
    .forEach(({ u }) => {
      let least = 0;
      for (let t = 1; t < threads; t++) if (jobs[t].length < jobs[least].length) least = t;
      jobs[least].push(...u);
    });
  const results = new Array<WorkerResult>(plan.puzzles.length);
  let done = 0;
  await Promise.all(
    jobs
      .filter((j) => j.length > 0)
      .map(async (indices) => {
        // Keep a series in order within its job: sort the job's indices by book order.
        indices.sort((a, b) => a - b);
        const worker = new Worker(new URL('./puzzle-worker.js', import.meta.url));
        try {
          const reply = await new Promise<{
            ok: boolean;
            results?: WorkerResult[];
            error?: { message: string; name: string };
          }>((resolve, reject) => {
            worker.once('message', resolve);
            worker.once('error', reject);
            worker.postMessage({ specPath, options, rate, indices } satisfies WorkerJob);
          });
          if (!reply.ok || !reply.results) throw rebuildError(reply.error);
          for (const r of reply.results) {
            results[r.index] = r;
            onDone(++done);
          }
        } finally {
          await worker.terminate();
        }
      }),
  );
  return results.map((r, i) => {
    const p = plan.puzzles[i];
    for (const w of r.warnings) warn(w);
    const { index: _i, size, warnings: _w, ...chosen } = r;
    return { ...chosen, plan: p, recipe: { ...p.recipe, size } };
  });
}

/** Errors from a worker: user errors keep their message (they were planned from the same spec). */
function rebuildError(error: { message: string; name: string } | undefined): Error {
  if (error?.name === 'UserError' || error?.name === 'CodecError') return new UserError('', error.message);
  const e = new Error(error?.message ?? 'a worker failed');
  e.name = error?.name ?? 'Error';
  return e;
}
