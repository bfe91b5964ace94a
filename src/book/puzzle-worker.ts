/**
 * Worker side of parallel generation: receives the plan once (plain data, structured-cloned) and makes the
 * puzzles of each task it is handed, in order. Results are plain data (typed arrays), cloned back.
 */
import { workerData } from 'piscina';
import type { WorkerResult, WorkerSetup, WorkerTask } from './parallel.js';
import { choosePuzzle } from './select.js';

const { plan, rate } = workerData as WorkerSetup;

export default function makePuzzles(
  task: WorkerTask,
): { ok: true; results: WorkerResult[] } | { ok: false; error: { message: string; name: string } } {
  try {
    let previous: number | undefined;
    const results: WorkerResult[] = [];
    for (const index of task.indices) {
      const p = plan.puzzles[index];
      const warnings: string[] = [];
      const prev = p.series && p.series.index > 0 ? previous : undefined;
      const chosen = choosePuzzle(plan, p, rate, prev, (w) => warnings.push(`${p.where}: ${w}`));
      previous = chosen.rating?.score;
      const { plan: _p, recipe, ...rest } = chosen;
      results.push({
        ...rest,
        index,
        size: recipe.size,
        algorithm: recipe.algorithm,
        post: recipe.post,
        warnings,
      });
    }
    return { ok: true, results };
  } catch (e) {
    return {
      ok: false,
      error:
        e instanceof Error ? { message: e.message, name: e.name } : { message: String(e), name: 'Error' },
    };
  }
}
