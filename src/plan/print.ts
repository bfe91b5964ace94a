import type { BookSpec } from '../spec/schema.js';
import { toPoints } from '../spec/units.js';
import type { Margins } from './page-geometry.js';

/**
 * Print profiles: what each kind of printer (or a screen) needs from the PDF. The rules come from the
 * print-on-demand services' published interior guidelines (KDP, Lulu, IngramSpark) as of 2025: bleed of
 * 0.125 in, gutters that grow with the page count, a minimum line weight, no links or bookmarks in print
 * interiors, an even page count.
 */
export type ProfileName = 'kdp' | 'lulu' | 'ingram' | 'home' | 'screen';

export interface Profile {
  /** KDP adds bleed on the outer edge, top and bottom; Lulu and Ingram on all four sides. */
  bleedStyle: 'outer' | 'all';
  /** Inside margins follow the page-count gutter rule, alternating sides on facing pages. */
  gutterRule: boolean;
  /** Thinnest line that prints reliably, in points. */
  minLine: number;
  /** Smallest text size, in points. */
  minText: number;
  /** Pad the book to an even number of pages. */
  padEven: boolean;
  /** Fewest pages the service prints (a warning below). */
  minPages?: number;
  /** Bookmarks (an outline) and links between puzzles and answers: only for screens. */
  interactive: boolean;
  /** The profile is for paper (dark, ink-heavy themes are warned against). */
  print: boolean;
}

const INCH = 72;

/**
 * The border of a sheet printed at home that nothing may reach into, in mm: many laser and inkjet printers
 * leave the outer 1/4 in (6.35 mm) unprinted, so markers, cut lines and text stay 6.5 mm from the trim
 * (profile `home`; checked on the finished pages).
 */
export const HOME_BORDER_MM = 6.5;

export const PROFILES: Record<ProfileName, Profile> = {
  kdp: {
    bleedStyle: 'outer',
    gutterRule: true,
    minLine: 0.75,
    minText: 7,
    padEven: true,
    minPages: 24,
    interactive: false,
    print: true,
  },
  lulu: {
    bleedStyle: 'all',
    gutterRule: true,
    minLine: 0.5,
    minText: 6,
    padEven: true,
    minPages: 32,
    interactive: false,
    print: true,
  },
  ingram: {
    bleedStyle: 'all',
    gutterRule: true,
    minLine: 0.5,
    minText: 6,
    padEven: true,
    minPages: 18,
    interactive: false,
    print: true,
  },
  home: {
    bleedStyle: 'all',
    gutterRule: false,
    minLine: 0.3,
    minText: 5,
    padEven: false,
    interactive: false,
    print: true,
  },
  screen: {
    bleedStyle: 'all',
    gutterRule: false,
    minLine: 0.3,
    minText: 4,
    padEven: false,
    interactive: true,
    print: false,
  },
};

/** The print-on-demand gutter (inside margin) for a page count: 0.375 in up to 150 pages, then +⅛ in per step. */
export function podGutter(pages: number): number {
  const steps: [number, number][] = [
    [150, 0.375],
    [300, 0.5],
    [500, 0.625],
    [700, 0.75],
  ];
  for (const [upTo, inches] of steps) if (pages <= upTo) return inches * INCH;
  return 0.875 * INCH;
}

/** Everything about the physical page that is not layout: bleed, facing-page margins, colour, the profile. */
export interface PrintPlan {
  profile?: ProfileName;
  rules: Profile;
  /** Bleed in points (0 for none) and on which edges. */
  bleed: number;
  bleedStyle: 'outer' | 'all';
  /** Margins of a right-hand (odd) page; left-hand pages swap left and right when `facing`. */
  margins: Margins;
  facing: boolean;
  color: 'rgb' | 'cmyk';
  /** Notes for the author (the gutter raised, …). */
  notes: string[];
}

const DEFAULT_RULES: Profile = { ...PROFILES.home, minLine: 0.3, minText: 4 };

/**
 * Resolves margins, bleed and profile. `pages` is the expected page count (for the gutter rule).
 * @param defaultMargin the margin used where the spec gives none, in points
 */
export function resolvePrint(s: BookSpec, pages: number, defaultMargin: number): PrintPlan {
  const profile = s.profile;
  const rules = profile ? PROFILES[profile] : DEFAULT_RULES;
  const m = s.margins;
  const notes: string[] = [];
  const get = (v: number | string | undefined): number => (v === undefined ? defaultMargin : toPoints(v));
  let margins: Margins;
  let facing = false;
  if (m === undefined || typeof m !== 'object') {
    const v = m === undefined ? defaultMargin : toPoints(m);
    margins = { top: v, right: v, bottom: v, left: v };
  } else if (m.inside !== undefined || m.outside !== undefined) {
    facing = true;
    const outside = get(m.outside);
    // `auto`: the POD gutter for the page count, and never less than the outside margin.
    const inside = m.inside === 'auto' ? Math.max(podGutter(pages), outside) : get(m.inside);
    margins = { top: get(m.top), bottom: get(m.bottom), left: inside, right: outside };
  } else {
    margins = { top: get(m.top), right: get(m.right), bottom: get(m.bottom), left: get(m.left) };
  }
  if (rules.gutterRule) {
    facing = true;
    const gutter = podGutter(pages);
    if (margins.left < gutter) {
      notes.push(
        `profile ${profile}: inside margin raised to ${(gutter / INCH).toFixed(3)}in, the gutter for ${pages} pages`,
      );
      margins = { ...margins, left: gutter };
    }
  }
  return {
    ...(profile ? { profile } : {}),
    rules,
    bleed: s.bleed === undefined ? 0 : toPoints(s.bleed),
    bleedStyle: rules.bleedStyle,
    margins,
    facing,
    color: s.color ?? 'rgb',
    notes,
  };
}
