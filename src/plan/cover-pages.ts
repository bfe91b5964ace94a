import type { BookPlan } from './book-plan.js';

/**
 * The interior's final page count, from the plan alone (no maze is needed): front matter, a section opener
 * where each section starts, one page per sheet of `perPage` puzzles (a sheet never runs across a section),
 * the answers inline after each sheet or in an appendix, then one blank page when the profile pads to an even
 * count. It follows `composeBook` and `finishPages` page for page; a test builds books and compares.
 */
export function interiorPageCount(plan: BookPlan): number {
  let pages = plan.front.length;
  const { puzzles, perPage, solutions } = plan;
  let sections = 0;
  for (let i = 0; i < puzzles.length; ) {
    let end = i + 1;
    while (
      end < i + perPage &&
      end < puzzles.length &&
      puzzles[end].section?.index === puzzles[i].section?.index
    )
      end++;
    const section = puzzles[i].section;
    if (section && sections === section.index) {
      sections++;
      pages++;
    }
    pages += solutions.inline ? 2 : 1;
    i = end;
  }
  if (solutions.appendix) pages += Math.ceil(puzzles.length / solutions.perPage);
  if (plan.print.rules.padEven && pages % 2 === 1) pages++;
  return pages;
}
