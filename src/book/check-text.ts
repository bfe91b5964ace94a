import { copyrightPage, instructionsPage, sectionPage, titlePage } from '../layout/front-pages.js';
import { blankPage, pageHeading } from '../layout/page-parts.js';
import type { BookPlan } from '../plan/book-plan.js';
import { joinProblems, UserError } from '../spec/errors.js';

/**
 * Lays out the text that does not depend on the mazes — the title page, instructions, copyright, section
 * openers, the answers' heading — so that `validate` reports text that cannot fit its place, as `build` would
 * (layout refuses it with a located UserError). Every such problem is reported together.
 */
export function checkFixedText(plan: BookPlan): void {
  const problems: UserError[] = [];
  const attempt = (lay: () => unknown): void => {
    try {
      lay();
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      problems.push(e);
    }
  };
  for (const item of plan.front) {
    if (item.kind === 'title') attempt(() => titlePage(plan));
    else if (item.kind === 'instructions') attempt(() => instructionsPage(plan, item, 1));
    else if (item.kind === 'copyright') attempt(() => copyrightPage(plan, item.text, item.where));
  }
  const sections = new Map(plan.puzzles.flatMap((p) => (p.section ? [[p.section.index, p.section]] : [])));
  for (const s of sections.values()) attempt(() => sectionPage(plan, s.heading, s.where, 1));
  if (plan.solutions.appendix || plan.solutions.inline) {
    attempt(() => pageHeading(plan, blankPage(plan), plan.solutions.title, plan.places.solutions));
  }
  if (problems.length > 0) throw joinProblems(problems);
}
