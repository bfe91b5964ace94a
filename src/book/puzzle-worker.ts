/**
 * Worker side of parallel generation: plans the same spec (plans hold closures — templates, masks — that
 * cannot cross threads, so each worker rebuilds its own from the file) and makes the puzzles it is given, in
 * the order given. Results are plain data (typed arrays), cloned back to the main thread.
 */
import { parentPort } from 'node:worker_threads';
import type { BookPlan } from '../plan/plan-book.js';
import { planSpec } from './build-book.js';
import type { WorkerJob, WorkerResult } from './parallel.js';
import { choosePuzzle } from './select.js';

let cached: { key: string; plan: Promise<BookPlan> } | undefined;

parentPort?.on('message', async (job: WorkerJob) => {
  try {
    const key = JSON.stringify([job.specPath, job.options]);
    if (cached?.key !== key) cached = { key, plan: planSpec(job.specPath, job.options) };
    const plan = await cached.plan;
    let previous: number | undefined;
    const results: WorkerResult[] = [];
    for (const index of job.indices) {
      const p = plan.puzzles[index];
      const warnings: string[] = [];
      const prev = p.series && p.series.index > 0 ? previous : undefined;
      const chosen = choosePuzzle(plan, p, job.rate, prev, (w) => warnings.push(`${p.where}: ${w}`));
      previous = chosen.rating?.score;
      const { plan: _p, recipe, ...rest } = chosen;
      results.push({ ...rest, index, size: recipe.size, warnings });
    }
    parentPort?.postMessage({ ok: true, results });
  } catch (e) {
    parentPort?.postMessage({
      ok: false,
      error: e instanceof Error ? { message: e.message, name: e.name } : String(e),
    });
  }
});
