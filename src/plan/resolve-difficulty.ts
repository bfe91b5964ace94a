import { LABEL_BANDS } from '../analyze/rate.js';
import type { DifficultyLabel } from '../spec/names.js';
import type { MazeSpec } from '../spec/schema.js';
import type { DifficultyTarget } from './book-plan.js';

/** Half-width of the band around a single target score. */
export const SCORE_TOLERANCE = 0.3;

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
