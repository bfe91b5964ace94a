import { LABEL_BANDS, labelOf } from '../analyze/rating.js';
import type { DifficultyLabel } from '../base/names.js';
import type { MazeSpec } from '../spec/schema.js';
import type { DifficultyTarget } from './book-plan.js';

/** Half-width of the band around a single target score. */
export const SCORE_TOLERANCE = 0.3;

/**
 * The size model automatic sizes start from (docs/difficulty.md, "Calibration"): AUTO_CELLS_AT cells score
 * about AUTO_SCORE_AT under the default model, and each e-fold of cells adds AUTO_SCORE_PER_E points, on
 * every shape and algorithm alike.
 */
export const AUTO_CELLS_AT = 100;
export const AUTO_SCORE_AT = 4.3;
export const AUTO_SCORE_PER_E = 1.12;

/** Cells a maze needs to score about `score` by the size model. */
export function cellsForScore(score: number): number {
  return AUTO_CELLS_AT * Math.exp((score - AUTO_SCORE_AT) / AUTO_SCORE_PER_E);
}

/** A label's band centre, or the score itself. */
export function levelScore(level: DifficultyLabel | number): number {
  if (typeof level === 'number') return level;
  const [lo, hi] = LABEL_BANDS[level];
  return (lo + Math.min(hi, 10)) / 2;
}

/** The band a spec's `difficulty` names: a label's band, a score ± SCORE_TOLERANCE, or {min, max}. */
export function resolveDifficulty(d: NonNullable<MazeSpec['difficulty']>): DifficultyTarget {
  if (typeof d === 'string') {
    const [min, max] = LABEL_BANDS[d];
    return { min, max: Math.min(max, 10), name: d };
  }
  if (typeof d === 'number')
    return { min: d - SCORE_TOLERANCE, max: d + SCORE_TOLERANCE, name: d.toFixed(1) };
  return { min: d.min, max: d.max, name: `${d.min}–${d.max}` };
}

/** Page j of a series aims at its share of the way from `from` to `to`. */
export function seriesTarget(sr: {
  index: number;
  count: number;
  from: number;
  to: number;
}): DifficultyTarget {
  const t = sr.from + ((sr.to - sr.from) * sr.index) / (sr.count - 1);
  return { min: t - SCORE_TOLERANCE, max: t + SCORE_TOLERANCE, name: t.toFixed(1) };
}

/**
 * Stars (1–5) shown for a score, following the label bands so that stars and labels agree: easy is 1 star
 * below 3 and 2 stars from 3, medium 3, hard 4, expert 5.
 */
export function difficultyStars(score: number): number {
  const label = labelOf(score);
  if (label === 'easy') return score < 3 ? 1 : 2;
  return label === 'medium' ? 3 : label === 'hard' ? 4 : 5;
}

/** Score distance from a target band still counted as meeting it (the ratings' own precision). */
export const NEAR_MISS = 0.1;

/**
 * The stars a page shows for its score: {@link difficultyStars}, with a score a hair outside its page's
 * target band (within {@link NEAR_MISS}, which counts as meeting it) taken at the band's edge, so a page that
 * meets its target never shows the stars of the next label.
 */
export function shownStars(score: number, target?: { min: number; max: number }): number {
  if (!target) return difficultyStars(score);
  const s =
    score < target.min && target.min - score <= NEAR_MISS
      ? target.min
      : score >= target.max && score - target.max <= NEAR_MISS
        ? target.max - 1e-6
        : score;
  return difficultyStars(s);
}
