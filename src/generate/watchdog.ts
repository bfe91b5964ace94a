import type { Grid } from '../grid/grid.js';

/**
 * Loop budgets for generators and post-processes. Every loop whose end depends on the grid or on the random
 * draws (a `while` or `for (;;)`, not a for-loop counting over a fixed range) takes its iterations from a
 * budget proportional to the grid's cells plus walls, so no grid — masked, holed, joined islands, one-cell
 * strips — can make it run forever. The budget is a plain counter decremented once per iteration; checking it
 * costs one subtraction and one comparison that is never taken.
 *
 *     let budget = stepBudget(grid);
 *     while (sp > 0) {
 *       if (--budget < 0) throw runaway('backtracker', grid);
 *       …
 *     }
 *
 * Linear algorithms never come near their budget: running out of it is an internal bug and throws a
 * `RunawayError`. Random walks (wilson, aldous-broder) have no such bound on their own — their expected time
 * grows faster than the grid — so they get `WALK_STEPS` per cell and wall and, when the walk is not done by
 * then, finish the tree deterministically (see `completeTree`) instead of throwing.
 */

/**
 * Iterations per cell and wall for a linear loop. The loops here take at most about two per cell (one to
 * enter, one to leave) plus one per adjacency entry, which is under four per cell-and-wall on every grid.
 */
export const LINEAR_STEPS = 4;

/**
 * Iterations per cell and wall for a random walk. Measured means: aldous-broder takes about 7 steps per cell
 * and wall on a 20×20 square grid, 13 on 100×100 and 17 on 300×300 (its cover time grows as n log² n, so
 * about 35 at the 1M-cell limit); wilson takes about 3 on all of them. 256 leaves room for the walks' tails on
 * every ordinary grid, so the budget is not reached there and the tree stays uniform. Long thin shapes, where
 * a walk's time grows with the square of the length (aldous-broder needs about 320 on a 1×2000 strip), reach
 * it and are finished by `completeTree`, which keeps the whole run linear.
 */
export const WALK_STEPS = 256;

/** Iterations a loop over `grid` may take: `perElement` per cell and wall, plus a small constant. */
export function stepBudget(grid: Grid, perElement: number = LINEAR_STEPS): number {
  return perElement * (grid.cellCount + grid.wallCount) + 64;
}

/** A generator or post-process that ran past its step budget: always an internal bug, never the user's. */
export class RunawayError extends Error {
  constructor(
    /** The algorithm or post-process, as the registry names it. */
    readonly algorithm: string,
    /** The grid, e.g. `octagon 24×20 (911 cells, 1852 walls)`. */
    readonly gridLabel: string,
    readonly budget: number,
  ) {
    super(`internal: ${algorithm} did not finish within ${budget} steps on ${gridLabel}`);
    this.name = 'RunawayError';
  }

  /** The same error with the page and seed that led to it, for the message a user reports. */
  withContext(context: string): RunawayError {
    const e = new RunawayError(this.algorithm, this.gridLabel, this.budget);
    e.message = `${this.message} (${context})`;
    return e;
  }
}

/** The error to throw when `name` ran past `stepBudget(grid, perElement)`. */
export function runaway(name: string, grid: Grid, perElement: number = LINEAR_STEPS): RunawayError {
  return new RunawayError(
    name,
    `${grid.topology} ${grid.sizeLabel} (${grid.cellCount} cells, ${grid.wallCount} walls)`,
    stepBudget(grid, perElement),
  );
}
