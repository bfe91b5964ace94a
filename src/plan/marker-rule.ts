import { textWidth } from '../text/fonts.js';
import type { Rect } from './rect.js';
import type { Theme } from './theme.js';

/**
 * The one rule that sizes start and finish markers through a book. A marker's size follows the maze's clear
 * passage as the page draws it (the gap between the walls where a route is narrowest: the measure of the
 * audience's floor and of the lockfile's `clearPassage`), clamped:
 *
 *   arrows    length = clamp(0.6 × clear, least, least + 8mm),  least = max(6mm, 1.5 × base, 1.25 × theme size)
 *   pictures  side   = clamp(1.0 × clear, least, least + 10mm), least = max(10mm, 2.5 × base, 1.4 × theme size)
 *
 * where `base` is the clear passage the puzzle's audience must keep (its `min-passage` when wider): 3mm for
 * adults gives arrows of 6–14mm and pictures of 10–20mm; 6mm for children gives arrows of 9–17mm and
 * pictures of 15–25mm; any other audience's floor scales alike (5mm: arrows of 7.5–15.5mm). Both ends get the same size, and mazes with
 * the same passage get the same markers. The page makes room for the marker ({@link markerRoom}) by drawing
 * the maze smaller rather than shrinking the marker.
 */
export interface MarkerRule {
  kind: 'arrow' | 'picture';
  /** Marker size per unit of passage. */
  share: number;
  /** Least and largest marker size, pt: an arrow's length, a picture's side. */
  least: number;
  most: number;
}

const MM = 72 / 25.4;

/** Arrow length per unit of passage: an arrow reads as pointing into its passage without dwarfing it. */
export const ARROW_SHARE = 0.6;
/** Picture side per unit of passage: a picture as wide as the doorway it stands in. */
export const PICTURE_SHARE = 1;
/** No arrow under 6mm (a head 4mm across, which reads at arm's length). */
const ARROW_FLOOR = 6 * MM;
/** Least arrow length in clear passages of the audience (6mm for children → 9mm). */
const ARROW_LEAST = 1.5;
/** Least picture side in clear passages (6mm → 15mm for children: big enough to name what it shows). */
const PICTURE_LEAST = 2.5;
/** No picture under 10mm in any book: below it the art's details run together. */
const PICTURE_FLOOR = 10 * MM;
/** How far markers grow above their least size, pt: they stay smaller than the page's title. */
const ARROW_GROWTH = 8 * MM;
const PICTURE_GROWTH = 10 * MM;

/**
 * Least free space between a marker (or label) and any wall's stroke: this share of the marker's size, at
 * least a wall's width.
 */
export const CLEARANCE_SHARE = 0.15;

/**
 * The rule for a puzzle's markers.
 * @param base the clear passage its audience keeps (the larger of the audience's floor and `min-passage`), pt
 * @param themeSize the theme's `markers.size`, pt
 */
export function markerRule(pictures: boolean, base: number, themeSize: number): MarkerRule {
  if (pictures) {
    const least = Math.max(PICTURE_LEAST * base, PICTURE_FLOOR, 1.4 * themeSize);
    return { kind: 'picture', share: PICTURE_SHARE, least, most: least + PICTURE_GROWTH };
  }
  const least = Math.max(ARROW_FLOOR, ARROW_LEAST * base, 1.25 * themeSize);
  return { kind: 'arrow', share: ARROW_SHARE, least, most: least + ARROW_GROWTH };
}

/** The marker size for a clear passage (pt, between the walls where the route is narrowest, as drawn), pt. */
export function markerSize(rule: MarkerRule, passage: number): number {
  return Math.min(rule.most, Math.max(rule.least, rule.share * passage));
}

/** What, besides the rule, decides the room markers take beside a maze. */
export interface MarkerFit {
  rule: MarkerRule;
  /** The walls' stroke width, pt. */
  wall: number;
  /** The widest start or finish word beside the markers, pt (0 without words). */
  label: number;
}

/**
 * How far beyond the maze's rectangle a marker of `size` reaches, pt, on any side: its clearance from the
 * walls (half a wall, then {@link CLEARANCE_SHARE} of its size, at least a wall), the marker (or a word beside
 * it, if longer), a tenth of its size for the placing's steps, and half a point.
 */
export function markerRoom(size: number, fit: Omit<MarkerFit, 'rule'>): number {
  const first = fit.wall / 2 + Math.max(fit.wall, CLEARANCE_SHARE * size);
  return first + Math.max(size, fit.label) + 0.1 * size + 0.5;
}

/** Start and finish words shrink down to this share of their size where room is short, then are left out. */
export const LABEL_SHRINK = 0.72;

/**
 * The type size of the start and finish words, pt: a little larger than labels, never under 85 % of body,
 * and large enough that shrinking to {@link LABEL_SHRINK} keeps them at the book's smallest text (`textFloor`).
 */
export function markerLabelSize(theme: Theme, textFloor = 0): number {
  return Math.max(theme.sizes.label * 1.2, theme.sizes.body * 0.85, textFloor / LABEL_SHRINK);
}

/** The widest of the start and finish words as printed beside markers (heading font), pt. */
export function markerLabelWidth(
  theme: Theme,
  words: { start: string; finish: string },
  textFloor = 0,
): number {
  const size = markerLabelSize(theme, textFloor);
  return Math.max(
    textWidth(theme.fonts.heading, words.start, size),
    textWidth(theme.fonts.heading, words.finish, size),
  );
}

/** The clear passage a maze would be drawn with in a rectangle, pt (a grid fitted to it keeping its shape). */
export type PassageIn = (area: Rect) => number;

/**
 * A maze's rectangle and its markers' size and room, from the rectangle the page gives it with `given` room
 * on every side: the room the rule's markers need for the passage the maze gets once that room is taken (the
 * fixed point, found by halving: room grows with the passage, the passage shrinks as room grows). Without
 * `passageIn` the markers' least size. The room never takes more than a quarter of the rectangle's smaller
 * side beyond `given` (a maze with no room left would be drawn over its markers otherwise).
 * @param area the maze's rectangle with `given` points of room around it (a page's maze area)
 */
export function fitMarkers(
  area: Rect,
  given: number,
  fit: MarkerFit,
  passageIn?: PassageIn,
): { area: Rect; room: number; size: number } {
  const inset = (room: number): Rect => {
    const d = room - given;
    return { x: area.x + d, y: area.y + d, width: area.width - 2 * d, height: area.height - 2 * d };
  };
  const cap = given + Math.min(area.width, area.height) / 4;
  const lo0 = markerRoom(fit.rule.least, fit);
  if (!passageIn || lo0 >= cap) {
    const room = Math.min(lo0, cap);
    return { area: inset(room), room, size: fit.rule.least };
  }
  const need = (room: number): number => markerRoom(markerSize(fit.rule, passageIn(inset(room))), fit);
  let lo = lo0;
  let hi = Math.min(markerRoom(fit.rule.most, fit), cap);
  if (need(lo) <= lo) hi = lo;
  else if (need(hi) > hi) lo = hi;
  for (let i = 0; i < 48 && hi - lo > 1e-9; i++) {
    const mid = (lo + hi) / 2;
    if (need(mid) <= mid) hi = mid;
    else lo = mid;
  }
  const drawn = inset(hi);
  return { area: drawn, room: hi, size: markerSize(fit.rule, passageIn(drawn)) };
}
