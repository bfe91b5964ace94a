import { UserError } from '../base/errors.js';
import { LIMITS } from '../base/limits.js';
import type { FieldPath } from '../base/parse-yaml.js';
import { closest } from '../base/suggest.js';
import { PAPER_PRESETS, parsePaperName } from '../spec/paper.js';
import type { BookSpec } from '../spec/schema.js';
import { toPoints } from '../spec/units.js';

/** Used when neither the spec nor SOURCE_DATE_EPOCH fixes a date, so builds stay reproducible. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/** Latest date a PDF may carry (the PDF date format has four-digit years). */
const LAST_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/** The trim size in points: a preset, `WxHunit`, or {width, height}, turned by `orientation`. */
export function resolvePaper(s: BookSpec, at: (p: FieldPath) => string): { width: number; height: number } {
  let size: readonly [number, number];
  if (s.paper === undefined) size = PAPER_PRESETS.a4;
  else if (typeof s.paper === 'string') {
    const parsed = parsePaperName(s.paper);
    if (!parsed) {
      const guess = closest(s.paper.toLowerCase(), Object.keys(PAPER_PRESETS));
      throw new UserError(
        at(['paper']),
        `unknown paper "${s.paper}"`,
        `${guess ? `did you mean "${guess}"? ` : ''}presets: ${Object.keys(PAPER_PRESETS).join(', ')}; or a size such as 8.5x11in or 210x297mm`,
      );
    }
    size = parsed;
  } else size = [toPoints(s.paper.width), toPoints(s.paper.height)];
  let [width, height] = size;
  // Presets are portrait; an explicit size keeps its own orientation unless `orientation` says otherwise.
  const landscape = s.orientation ? s.orientation === 'landscape' : width > height;
  if (landscape !== width > height) [width, height] = [height, width];
  for (const side of [width, height]) {
    if (!(side >= 72 && side <= LIMITS.maxPaperSide)) {
      throw new UserError(
        at(['paper']),
        `paper side of ${side.toFixed(1)}pt is outside the usable range 72pt (1in) to ${LIMITS.maxPaperSide}pt (200in)`,
      );
    }
  }
  return { width, height };
}

/** Bleed in points, within LIMITS.maxBleed, and the page with its bleed within the PDF's page limit. */
export function resolveBleed(
  s: BookSpec,
  paper: { width: number; height: number },
  at: (p: FieldPath) => string,
): number {
  const bleed = s.bleed === undefined ? 0 : toPoints(s.bleed);
  if (bleed > LIMITS.maxBleed) {
    throw new UserError(
      at(['bleed']),
      `bleed of ${(bleed / 72).toFixed(3)}in is more than the limit of ${LIMITS.maxBleed / 72}in`,
      'print services ask for 0.125in (3.2mm)',
    );
  }
  if (Math.max(paper.width, paper.height) + 2 * bleed > LIMITS.maxPaperSide) {
    throw new UserError(
      at(['bleed']),
      `the page with its bleed is larger than ${LIMITS.maxPaperSide}pt (200in), the PDF page limit`,
    );
  }
  return bleed;
}

/** The PDF date: the spec's `date`, else SOURCE_DATE_EPOCH, else a fixed date. */
export function resolveDate(date: string | undefined, epoch: number | undefined, where: string): Date {
  if (date) return new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  if (epoch !== undefined) {
    if (!(epoch >= 0 && epoch * 1000 <= LAST_DATE_MS)) {
      throw new UserError(
        where,
        `SOURCE_DATE_EPOCH ${epoch} is past the year 9999`,
        'set it to seconds since 1970, such as 1767225600',
      );
    }
    return new Date(epoch * 1000);
  }
  return FIXED_DATE;
}
