import type { BookPlan } from '../plan/plan-book.js';
import { chooseSeries } from './choose-series.js';
import type { ChosenPuzzle } from './chosen-puzzle.js';
import { type MadeUnit, rerollRepeats } from './repeats.js';
import { choosePuzzle } from './select.js';

/**
 * Makes one unit of work: a puzzle on its own (`choosePuzzle`), or a whole series (`chooseSeries`), none of
 * whose mazes is in `exclude` (canonical hashes). Each puzzle's warnings come as `where: what`. The result is
 * a function of the plan, the unit and `exclude` alone: a worker thread makes the same.
 */
export function makeUnit(
  plan: BookPlan,
  indices: readonly number[],
  rate: boolean,
  exclude: ReadonlySet<string>,
): MadeUnit {
  const plans = indices.map((i) => plan.puzzles[i]);
  const warnings = plans.map((): string[] => []);
  if (plans[0].series) {
    const puzzles = chooseSeries(plan, plans, exclude, (k, what) =>
      warnings[k].push(`${plans[k].where}: ${what}`),
    );
    return { puzzles, warnings };
  }
  const puzzles = plans.map((p, k) =>
    choosePuzzle(plan, p, rate, (what) => warnings[k].push(`${p.where}: ${what}`), exclude),
  );
  return { puzzles, warnings };
}

/** Units of work: each puzzle alone, except that a series stays together, in order. */
export function workUnits(plan: BookPlan): number[][] {
  const units: number[][] = [];
  for (const [i, p] of plan.puzzles.entries()) {
    const prev = plan.puzzles[i - 1];
    if (p.series && p.series.index > 0 && prev?.series?.page === p.series.page)
      units[units.length - 1].push(i);
    else units.push([i]);
  }
  return units;
}

/** Whether any puzzle is rated: asked for, shown on the page, or used in a title. */
export function ratesPuzzles(plan: BookPlan, rateAll: boolean): boolean {
  return rateAll || plan.showDifficulty !== 'none' || plan.puzzles.some((p) => p.usesRating);
}

/**
 * The book's puzzles up to index `last` (0-based, in book order) as a whole build makes them — every unit
 * up to the one that holds it, made on this thread, and their repeats re-rolled in book order (a unit depends
 * only on the ones before it) — with their warnings in book order. For the few puzzles a command needs
 * without building the book (the cover's thumbnails, `render --page`).
 */
export function makeBookPrefix(
  plan: BookPlan,
  last: number,
  rate: boolean,
  warn: (message: string) => void,
): ChosenPuzzle[] {
  const units = workUnits(plan).filter((u) => u[0] <= last);
  const made = units.map((u) => makeUnit(plan, u, rate, NONE));
  rerollRepeats(plan, units, made, NONE, (indices, exclude) => makeUnit(plan, indices, rate, exclude));
  return made.flatMap((u) => {
    u.warnings.forEach((ws) => {
      for (const w of ws) warn(w);
    });
    return u.puzzles;
  });
}

const NONE: ReadonlySet<string> = new Set();
