import type { BookPlan, DifficultyTarget } from '../plan/plan-book.js';
import { difficultyStars, shownStars } from '../plan/resolve-difficulty.js';
import type { ChosenPuzzle } from './chosen-puzzle.js';

/** The stars (1–5) a band spans: those of its lowest score and of its highest (the band's top is open). */
function starsOf(band: { min: number; max: number }): [number, number] {
  return [difficultyStars(band.min), difficultyStars(band.max - 1e-6)];
}

const stars = (n: number) => `${n} star${n > 1 ? 's' : ''}`;
const span = ([lo, hi]: [number, number]) => (lo === hi ? stars(lo) : `${lo}–${hi} stars`);

/**
 * The band a section stands for: the difficulty its `defaults` name, else the hull of its puzzles' target
 * bands (a series' `from` … `to`, pages' own difficulties); undefined for a section without targets.
 */
export function sectionBands(puzzles: readonly ChosenPuzzle[]): Map<number, DifficultyTarget> {
  const bands = new Map<number, DifficultyTarget>();
  for (const { plan: p } of puzzles) {
    const s = p.section;
    if (!s) continue;
    if (s.difficulty) {
      bands.set(s.index, s.difficulty);
      continue;
    }
    if (!p.difficulty) continue;
    const had = bands.get(s.index);
    const min = Math.min(had?.min ?? Infinity, p.difficulty.min);
    const max = Math.max(had?.max ?? -Infinity, p.difficulty.max);
    bands.set(s.index, { min, max, name: `${min.toFixed(1)}–${max.toFixed(1)}` });
  }
  return bands;
}

/**
 * With `show-difficulty: stars`, the stars each page shows agree with what it is meant to be: within the
 * stars of its section's band (`sectionBands`), within those of its own target band, and never fewer than the
 * puzzle before it in its series. One message per puzzle that does not, `where: what` (a warning, an error
 * with `--strict`).
 */
export function checkStars(plan: BookPlan, puzzles: readonly ChosenPuzzle[]): string[] {
  if (plan.showDifficulty !== 'stars') return [];
  const bands = sectionBands(puzzles);
  const out: string[] = [];
  puzzles.forEach((puzzle, i) => {
    const { plan: p, rating } = puzzle;
    if (!rating) return;
    const shown = shownStars(rating.score, p.difficulty);
    const what = `puzzle ${p.number} shows ${stars(shown)} (score ${rating.score.toFixed(2)})`;
    const section = p.section && bands.get(p.section.index);
    const inSection = section && starsOf(section);
    const own = p.difficulty && starsOf(p.difficulty);
    const before = puzzles[i - 1];
    if (p.section && inSection && (shown < inSection[0] || shown > inSection[1])) {
      out.push(
        `${p.where}: ${what} in section "${p.section.heading}", whose puzzles aim at ${section.name} (${span(inSection)})`,
      );
    } else if (p.difficulty && own && (shown < own[0] || shown > own[1])) {
      out.push(
        `${p.where}: ${what} but its target ${p.difficulty.name} (${p.difficulty.min.toFixed(1)}–${p.difficulty.max.toFixed(1)}) is ${span(own)}`,
      );
    } else if (
      p.series &&
      p.series.index > 0 &&
      before?.rating &&
      before.plan.series?.page === p.series.page
    ) {
      const earlier = shownStars(before.rating.score, before.plan.difficulty);
      if (shown < earlier) out.push(`${p.where}: ${what}, fewer than puzzle ${before.plan.number} before it`);
    }
  });
  return out;
}
