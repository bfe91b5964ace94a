import type { BookPlan, FrontPage } from '../plan/book-plan.js';

/** What one page of a composed book shows. */
export interface PageContents {
  kind: 'front' | 'section' | 'puzzles' | 'answers';
  /** For people: "Title page", "Puzzle 3", "Answers 1–6"… */
  label: string;
  /** 0-based indices (into `plan.puzzles`) of the puzzles drawn on the page, as mazes or as answers. */
  puzzles: number[];
}

const FRONT_LABEL: Record<FrontPage['kind'], string> = {
  title: 'Title page',
  contents: 'Contents',
  copyright: 'Copyright',
  instructions: 'Instructions',
};

function range(word: string, numbers: readonly number[]): string {
  const first = numbers[0] + 1;
  const last = numbers[numbers.length - 1] + 1;
  return first === last ? `${word} ${first}` : `${word}s ${first}–${last}`;
}

/**
 * The pages `composeBook` makes from a plan, in its order: front matter, then per group of puzzles (a sheet
 * of `perPage`, never across a section boundary) an optional section heading page, the puzzle page and, with
 * `solutions: inline`, its answers; then the answer appendix. `composeBook` stays the authority: callers
 * compare the count with the document's pages.
 */
export function pageContents(plan: BookPlan): PageContents[] {
  const pages: PageContents[] = plan.front.map((f) => ({
    kind: 'front',
    label: FRONT_LABEL[f.kind],
    puzzles: [],
  }));
  const { puzzles } = plan;
  let sections = 0;
  for (let i = 0; i < puzzles.length; ) {
    let end = i + 1;
    while (
      end < i + plan.perPage &&
      end < puzzles.length &&
      puzzles[end].section?.index === puzzles[i].section?.index
    )
      end++;
    const group = Array.from({ length: end - i }, (_, k) => i + k);
    const section = puzzles[i].section;
    if (section && sections === section.index) {
      sections++;
      pages.push({ kind: 'section', label: `Section: ${section.heading}`, puzzles: [] });
    }
    pages.push({ kind: 'puzzles', label: range('Puzzle', group), puzzles: group });
    if (plan.solutions.inline) pages.push({ kind: 'answers', label: range('Answer', group), puzzles: group });
    i = end;
  }
  if (plan.solutions.appendix) {
    for (let i = 0; i < puzzles.length; i += plan.solutions.perPage) {
      const group = Array.from(
        { length: Math.min(plan.solutions.perPage, puzzles.length - i) },
        (_, k) => i + k,
      );
      pages.push({ kind: 'answers', label: range('Answer', group), puzzles: group });
    }
  }
  return pages;
}
