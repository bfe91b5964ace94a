/**
 * Worker side of parallel generation: receives the plan once (plain data, structured-cloned) and makes each
 * unit of work it is handed (`makeUnit`: a puzzle, or a whole series). Results are plain data (typed arrays),
 * cloned back.
 */
import { workerData } from 'piscina';
import { makeUnit } from './make-unit.js';
import type { WorkerResult, WorkerSetup, WorkerTask } from './parallel.js';

const { plan, rate, avoid } = workerData as WorkerSetup;
const excluded = new Set(avoid);

export default function makePuzzles(
  task: WorkerTask,
): { ok: true; results: WorkerResult[] } | { ok: false; error: { message: string; name: string } } {
  try {
    const unit = makeUnit(plan, task.indices, rate, excluded);
    const results = unit.puzzles.map((chosen, k): WorkerResult => {
      const { plan: _p, recipe, ...rest } = chosen;
      return {
        ...rest,
        size: recipe.size,
        algorithm: recipe.algorithm,
        post: recipe.post,
        warnings: unit.warnings[k],
      };
    });
    return { ok: true, results };
  } catch (e) {
    return {
      ok: false,
      error:
        e instanceof Error ? { message: e.message, name: e.name } : { message: String(e), name: 'Error' },
    };
  }
}
