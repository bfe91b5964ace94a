import type { BookPlan } from './book-plan.js';
import { sheetRanges } from './sheets.js';

/**
 * The interior's final page count, from the plan alone (no maze is needed): front matter, a section opener
 * where each section starts (after a blank left-hand page when a facing book would open it on the left), one
 * page per sheet of its section's `per-page` puzzles (a sheet never runs across a section), the answers inline
 * after each sheet or in an appendix of `solutions.per-page` a page, then one blank page when the profile pads
 * to an even count. It follows `composeBook` and `finishPages` page for page (a test builds books and
 * compares); the one thing it cannot foresee is an answer page given fewer, larger slots for a large maze,
 * which the build's own count (and the cover made with it) takes into account.
 */
export function interiorPageCount(plan: BookPlan): number {
  const { puzzles, solutions } = plan;
  let next = plan.front.length + 1;
  let sections = 0;
  for (const [start] of sheetRanges(puzzles)) {
    const { section } = puzzles[start];
    if (section && sections === section.index) {
      sections++;
      if (plan.print.facing && next % 2 === 0) next++;
      next++;
    }
    next += solutions.inline ? 2 : 1;
  }
  let pages = next - 1;
  if (solutions.appendix) pages += Math.ceil(puzzles.length / solutions.perPage);
  if (plan.print.rules.padEven && pages % 2 === 1) pages++;
  return pages;
}
