import type { PuzzlePlan } from './book-plan.js';

/**
 * How puzzles fall on pages: consecutive runs `[start, end)` of at most the first puzzle's `per-page`
 * puzzles, a run never crossing into another section. One run is one puzzle page or activity sheet.
 */
export function sheetRanges(puzzles: readonly Pick<PuzzlePlan, 'perPage' | 'section'>[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (let i = 0; i < puzzles.length; ) {
    const first = puzzles[i];
    let end = i + 1;
    while (
      end < i + first.perPage &&
      end < puzzles.length &&
      puzzles[end].section?.index === first.section?.index
    )
      end++;
    ranges.push([i, end]);
    i = end;
  }
  return ranges;
}
