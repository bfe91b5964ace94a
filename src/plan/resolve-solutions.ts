import type { BookSpec } from '../spec/schema.js';
import type { BookPlan } from './book-plan.js';
import type { Words } from './words.js';

/** Answer thumbnails per appendix page unless the spec says otherwise. */
export const DEFAULT_ANSWERS_PER_PAGE = 6;

/** Large print: fewer, larger answers a page unless the spec says otherwise. */
export const LARGE_PRINT_ANSWERS_PER_PAGE = 4;

/** The book is large print: `audience: large-print` at its top level or in its `defaults`. */
export function isLargePrint(s: BookSpec): boolean {
  return (s.defaults?.audience ?? s.audience) === 'large-print';
}

/** Answer thumbnails per appendix page: the spec's, else the default for the book's audience. */
function answersPerPage(s: BookSpec): number {
  const sol = s.solutions;
  const fallback = isLargePrint(s) ? LARGE_PRINT_ANSWERS_PER_PAGE : DEFAULT_ANSWERS_PER_PAGE;
  return typeof sol === 'object' ? (sol['per-page'] ?? fallback) : fallback;
}

/** Where the answers go (an appendix, inline after each sheet, or nowhere) and how they are drawn. */
export function resolveSolutions(s: BookSpec, words: Words): BookPlan['solutions'] {
  const sol = s.solutions;
  const appendix =
    sol === undefined
      ? true
      : typeof sol === 'boolean'
        ? sol
        : sol === 'inline'
          ? false
          : (sol.appendix ?? true);
  return {
    appendix,
    inline: sol === 'inline',
    perPage: answersPerPage(s),
    title: typeof sol === 'object' ? (sol.title ?? words.solutions) : words.solutions,
    style: typeof sol === 'object' ? (sol.style ?? 'line') : 'line',
    pointers: appendix && (typeof sol !== 'object' || sol.pointers !== false),
  };
}

/** Pages the book will have, before it is planned in detail (for the gutter rule). */
export function expectedPages(s: BookSpec): number {
  const front = (s.front ?? ['title-page']).length;
  const puzzles = s.pages.reduce(
    (n, p) => n + (p.series ? p.series.count : p.section !== undefined ? 0 : 1),
    0,
  );
  const sections = s.pages.filter((p) => p.section !== undefined).length;
  // Sheets per section, each at its own mazes per page.
  let sheets = 0;
  let run = 0;
  let perPage = s['per-page'] ?? 1;
  const close = () => {
    sheets += Math.ceil(run / perPage);
    run = 0;
  };
  for (const p of s.pages) {
    if (p.section !== undefined) {
      close();
      perPage = p['per-page'] ?? s['per-page'] ?? 1;
    } else run += p.series ? p.series.count : 1;
  }
  close();
  const sol = s.solutions;
  const appendix = sol === undefined || sol === true || (typeof sol === 'object' && sol.appendix !== false);
  const answers = answersPerPage(s);
  return (
    front + sections + sheets + (appendix ? Math.ceil(puzzles / answers) : sol === 'inline' ? sheets : 0)
  );
}
