import type { PaperStock } from '../spec/schema.js';
import type { ProfileName } from './print.js';
import type { Rect } from './rect.js';

/**
 * The geometry of a full-wrap paperback cover, all in one place. One flat page, read left to right:
 *
 *   |<-bleed->|<--- back (trim width) --->|<-spine->|<--- front (trim width) --->|<-bleed->|
 *   +---------+---------------------------+---------+----------------------------+---------+  ^ bleed
 *   |         | safe zone (0.125in in)    |  spine  | safe zone                  |         |  |
 *   |         |                           |  safe   |                            |         |  trim height
 *   |         |              [barcode]    |         |                            |         |  |
 *   +---------+---------------------------+---------+----------------------------+---------+  v bleed
 *                                      fold       fold
 *
 *   full width  = bleed + trim width + spine + trim width + bleed
 *   full height = bleed + trim height + bleed
 *   spine       = interior pages × paper thickness per page + the service's cover allowance
 *
 * Coordinates are points with the origin at the top-left corner of the whole sheet (bleed included), y down,
 * like every display list. Sources of the figures (as published when checked, November 2026):
 *
 * - KDP (Amazon KDP Help, "Paperback cover calculator and templates" / "Cover size"): thickness per page white
 *   0.002252in, cream 0.0025in, standard colour 0.002252in, premium colour 0.002347in, no allowance; bleed
 *   0.125in; spine text only on books of more than 79 pages; barcode area 2 × 1.2in at the back's bottom
 *   right, inside the safe zone.
 * - Lulu (Lulu help centre, "How is spine width calculated?"): perfect-bound paperbacks (pages / 444) + 0.06in
 *   whatever the paper; spine text from 80 pages ("Lulu and many of our print partners can print spine text
 *   on books with as few as 80 pages").
 * - IngramSpark: its cover template generator's spine for a 200-page paperback (10.77mm on 50lb white, which
 *   also carries standard colour; 11.63mm on 50lb crème, as reported by preparetopublish.com), that is
 *   0.0021201in and 0.0022894in per page; books under 48 pages carry no spine text. Ingram publishes no
 *   per-page figure for its 70lb premium-colour paper, so `premium-color` is not offered for `ingram`.
 *
 * The safe zone (0.125in inside the trim) and the spine clearance (0.0625in from each fold) are KDP's, used
 * for every profile; the barcode area is KDP's size everywhere (Lulu and Ingram place theirs at the same
 * corner, smaller).
 */

const INCH = 72;

/** A profile's paper stocks: thickness per interior page (inches) and a cover allowance added once (inches). */
interface CoverRules {
  stocks: Partial<Record<PaperStock, number>>;
  allowance: number;
  /** Fewest interior pages with text on the spine. */
  spineTextPages: number;
  /** Bleed on every outer edge of the cover, inches. */
  bleed: number;
}

const KDP_STOCKS = { white: 0.002252, cream: 0.0025, color: 0.002252, 'premium-color': 0.002347 };

export const COVER_RULES: Record<'kdp' | 'lulu' | 'ingram' | 'other', CoverRules> = {
  kdp: { stocks: KDP_STOCKS, allowance: 0, spineTextPages: 80, bleed: 0.125 },
  lulu: {
    stocks: { white: 1 / 444, cream: 1 / 444, color: 1 / 444, 'premium-color': 1 / 444 },
    allowance: 0.06,
    spineTextPages: 80,
    bleed: 0.125,
  },
  ingram: {
    stocks: { white: 0.0021201, cream: 0.0022894, color: 0.0021201 },
    allowance: 0,
    spineTextPages: 48,
    bleed: 0.125,
  },
  // Home printers and screens: KDP's paper (the most common), no bleed unless the book asks for it.
  other: { stocks: KDP_STOCKS, allowance: 0, spineTextPages: 80, bleed: 0 },
};

/** A print-on-demand service's profile: covers get its bleed and are CMYK. */
export function isPrintOnDemand(profile: ProfileName | undefined): profile is 'kdp' | 'lulu' | 'ingram' {
  return profile === 'kdp' || profile === 'lulu' || profile === 'ingram';
}

/** The cover rules of a print profile (KDP's paper for home, screen and no profile). */
export function coverRules(profile: ProfileName | undefined): CoverRules {
  return isPrintOnDemand(profile) ? COVER_RULES[profile] : COVER_RULES.other;
}

/** The stocks a profile offers, in the schema's order. */
export function stocksOf(profile: ProfileName | undefined): PaperStock[] {
  return Object.keys(coverRules(profile).stocks) as PaperStock[];
}

/**
 * Spine width in points: interior pages × the stock's thickness per page, plus the profile's allowance.
 * @param pages the interior's final page count (after padding to even pages)
 */
export function spineWidth(profile: ProfileName | undefined, stock: PaperStock, pages: number): number {
  const rules = coverRules(profile);
  const perPage = rules.stocks[stock];
  if (perPage === undefined) throw new Error(`internal: profile ${profile} has no ${stock} paper`);
  return (pages * perPage + rules.allowance) * INCH;
}

/** Safe zone inside the trim for all text and art, points. */
export const SAFE = 0.125 * INCH;
/** Spine text clearance from each fold, points. */
export const SPINE_CLEARANCE = 0.0625 * INCH;
/** The barcode area at the back's bottom right, points. */
export const BARCODE = { width: 2 * INCH, height: 1.2 * INCH };

export interface CoverGeometry {
  /** The whole sheet (MediaBox and BleedBox). */
  width: number;
  height: number;
  bleed: number;
  /** The trimmed cover (TrimBox): back, spine and front. */
  trim: Rect;
  back: Rect;
  spine: Rect;
  front: Rect;
  /** Where text and art may go on each panel. */
  backSafe: Rect;
  frontSafe: Rect;
  /** The spine less its clearance from the folds (and the safe zone at top and bottom). */
  spineSafe: Rect;
  /** x of the two folds (back|spine, spine|front). */
  folds: [number, number];
  /** The empty barcode box, or undefined with `barcode: false`. */
  barcode?: Rect;
  pages: number;
  spineWidth: number;
}

/**
 * Lays out the sheet of a cover for a trim size (points) and spine width (points).
 * @param bleed points on every outer edge
 */
export function coverGeometry(
  trimW: number,
  trimH: number,
  spine: number,
  bleed: number,
  pages: number,
  barcode: boolean,
): CoverGeometry {
  const back: Rect = { x: bleed, y: bleed, width: trimW, height: trimH };
  const spineRect: Rect = { x: bleed + trimW, y: bleed, width: spine, height: trimH };
  const front: Rect = { x: bleed + trimW + spine, y: bleed, width: trimW, height: trimH };
  const inset = (r: Rect, dx: number, dy: number): Rect => ({
    x: r.x + dx,
    y: r.y + dy,
    width: Math.max(0, r.width - 2 * dx),
    height: Math.max(0, r.height - 2 * dy),
  });
  const backSafe = inset(back, SAFE, SAFE);
  return {
    width: 2 * bleed + 2 * trimW + spine,
    height: 2 * bleed + trimH,
    bleed,
    trim: { x: bleed, y: bleed, width: 2 * trimW + spine, height: trimH },
    back,
    spine: spineRect,
    front,
    backSafe,
    frontSafe: inset(front, SAFE, SAFE),
    spineSafe: inset(spineRect, SPINE_CLEARANCE, SAFE),
    folds: [spineRect.x, spineRect.x + spine],
    ...(barcode
      ? {
          barcode: {
            x: backSafe.x + backSafe.width - BARCODE.width,
            y: backSafe.y + backSafe.height - BARCODE.height,
            ...BARCODE,
          },
        }
      : {}),
    pages,
    spineWidth: spine,
  };
}

/** A length in points as inches with three decimals, as services quote spines: `0.225in`. */
export function inches(points: number): string {
  return `${(points / INCH).toFixed(3)}in`;
}
