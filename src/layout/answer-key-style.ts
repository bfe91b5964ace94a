import type { BookPlan } from '../plan/book-plan.js';
import { contrast, ensureContrast, mixColors } from '../plan/palette.js';
import type { Stroke } from './display-list.js';

/**
 * How an answer key is drawn so that the route is the first thing seen, in colour, printed or copied in grey,
 * and in black ink: the walls step back (a mid grey, thin), the route steps forward (dark, at least
 * `routeToWall` wall widths wide), and a light band under the walls makes the route a corridor and lets a
 * mazegram's letters sit on it.
 *
 * Figures, greyscale contrast as WCAG ratios of relative luminance (what a grey print or a photocopy keeps):
 * - walls: as dark as 55 % K on white (4.7 : 1), so they still read as walls (over the 4.5 : 1 of text) but
 *   are half the tone of the route;
 * - route line: at least 7 : 1 against the paper (black ink: 100 % K; colour: the theme's route colour or
 *   the nearest darker shade of its hue) and at least `routeToWall` = 2.5 wall widths: at 50 dpi (arm's
 *   length) a 0.75pt wall covers under half a pixel and prints as a light grey hairline, a 1.9pt route more
 *   than a pixel of near black;
 * - band: 1.35–1.5 : 1 against the paper (colour: the route colour washed towards it; black ink: the
 *   theme's grayscale `solution`), three quarters of the clear passage or 1.6 route widths wide.
 */
export const ANSWER_KEY = {
  /** Grey of the answer drawing's walls in black ink, as black ink coverage (55 % K). */
  wallInk: 0.55,
  /** The route line is at least this many wall widths wide. */
  routeToWall: 2.5,
  /** Greyscale contrast of the route line against the paper, at least. */
  routeContrast: 7,
  /** The route line takes at most this share of the clear passage (walls' faces apart). */
  routeShare: 0.45,
  /**
   * Where a route crosses a door narrower than the passage (the side of a hexagon or an octagon), the line
   * takes at most this share of the door's clear opening: it crosses it, so more of it may go to the line.
   */
  doorShare: 0.6,
} as const;

/**
 * Greyscale contrast (WCAG ratio of relative luminance, what a greyscale print or photocopy keeps) of the
 * route's band against the paper: at least `least` so the band shows, at most `most` so the line stands out
 * on it; and of the centre line against the band.
 */
export const ROUTE_CONTRAST = { bandLeast: 1.35, bandMost: 1.5, line: 3 } as const;

/** The grey of `ink` black-ink coverage (0 white, 1 black) as `#rrggbb`. */
export function inkGrey(ink: number): string {
  return mixColors('#ffffff', '#000000', ink);
}

/** The thinnest line an answer drawing may use: the profile's, the book's wall floor, and never under 0.5pt. */
export function thinnestLine(book: BookPlan): number {
  return Math.max(book.print.rules.minLine, book.floors?.wall ?? 0, 0.5);
}

/** The paper an answer drawing sits on: the maze background where the theme has one, else the page. */
function paperOf(book: BookPlan): string {
  return book.theme.colors.background ?? book.theme.colors.page;
}

/** The wash of `color` towards `paper` furthest from `color` that still satisfies `ok` (`color` if none does). */
function furthestWash(color: string, paper: string, ok: (c: string) => boolean): string {
  const wash = (t: number): string => mixColors(color, paper, t);
  if (!ok(wash(0))) return wash(0);
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 24; k++) {
    const t = (lo + hi) / 2;
    if (ok(wash(t))) lo = t;
    else hi = t;
  }
  return wash(lo);
}

/**
 * The colour of an answer drawing's walls: in black ink 55 % K ({@link ANSWER_KEY} `wallInk`); in colour the
 * theme's walls washed towards the paper until they are as light in grey as 55 % K is on white (walls that
 * are lighter already stay).
 */
export function answerWallColor(book: BookPlan): string {
  const grey = inkGrey(ANSWER_KEY.wallInk);
  if (book.ink === 'black') return grey;
  const paper = paperOf(book);
  const target = contrast(grey, '#ffffff');
  return furthestWash(book.theme.colors.walls, paper, (c) => contrast(c, paper) >= target);
}

/**
 * The colours of an answer route: the band (light, under the walls) and the line along its middle. In black
 * ink the theme's grayscale rule (`solution`, `solution-line`, darkened where it has less than
 * {@link ANSWER_KEY} `routeContrast`). In colour the line is the theme's route colour,
 * or the nearest darker shade of its hue that has {@link ANSWER_KEY} `routeContrast` against the paper; the
 * band is the route colour washed towards the paper, as dark as {@link ROUTE_CONTRAST} `bandMost` allows and
 * never lighter than `bandLeast`, while the line keeps `line` contrast against it.
 */
export function routeColors(book: BookPlan): { band: string; line: string } {
  const { colors, grayscale } = book.theme;
  if (book.ink === 'black') {
    const line = ensureContrast(grayscale.solutionLine, [paperOf(book)], ANSWER_KEY.routeContrast);
    return { band: colors.solution, line: line ?? '#000000' };
  }
  const paper = paperOf(book);
  const line = ensureContrast(colors.solution, [paper], ANSWER_KEY.routeContrast) ?? '#000000';
  const darkest = furthestWash(colors.solution, paper, (c) => contrast(c, paper) >= ROUTE_CONTRAST.bandMost);
  const lightest = furthestWash(
    colors.solution,
    paper,
    (c) => contrast(c, paper) >= ROUTE_CONTRAST.bandLeast,
  );
  if (contrast(darkest, line) >= ROUTE_CONTRAST.line) return { band: darkest, line };
  return { band: lightest, line };
}

/**
 * Greyscale contrast (WCAG ratio) against the paper of the cells a hidden-picture answer colours: dark enough
 * that the picture is the first thing seen at arm's length, light enough that the answer's walls (55 % K,
 * 4.7 : 1 on white) still show on it (about 2 : 1 against the fill).
 */
export const REVEAL_FILL_CONTRAST = 2.4;

/**
 * The colour a hidden-picture answer fills its cells with: in black ink the grey of {@link
 * REVEAL_FILL_CONTRAST} against the paper; in colour the theme's route colour washed towards the paper until
 * it has that contrast.
 */
export function revealFill(book: BookPlan): string {
  const paper = paperOf(book);
  const ok = (c: string): boolean => contrast(c, paper) >= REVEAL_FILL_CONTRAST;
  if (book.ink === 'black') return furthestWash('#000000', paper, ok);
  const { line } = routeColors(book);
  return furthestWash(line, paper, ok);
}

/** The strokes of an answer key: its walls, the band under them along the route, the route line. */
export interface AnswerKeyStyle {
  walls: Stroke;
  band: Stroke;
  solution: Stroke;
}

/**
 * The answer key's strokes for walls `wall` wide and passages `passage` wide (wall centre to wall centre),
 * all in points (colours: {@link answerWallColor}, {@link routeColors}). The route line is `route` wide but at
 * least {@link ANSWER_KEY} `routeToWall` wall widths, at most `routeShare` of the clear passage where that
 * still leaves it `routeToWall` walls wide (the answer pages give every maze a passage where it does), and
 * `highlight` draws it at that least. The band is three quarters of the clear passage or 1.6 route widths,
 * whichever is more (`highlight`: nine tenths of the passage), never wider than the clear passage. `dashed`
 * dashes the line.
 */
export function answerKeyStyle(book: BookPlan, wall: number, route: number, passage: number): AnswerKeyStyle {
  const { theme, solutions } = book;
  const { band, line } = routeColors(book);
  const clear = Math.max(0, passage - wall);
  const least = ANSWER_KEY.routeToWall * wall;
  const highlight = solutions.style === 'highlight';
  const width = highlight ? least : Math.max(least, Math.min(route, ANSWER_KEY.routeShare * clear));
  const bandWidth = Math.min(Math.max(clear, width), Math.max(width * 1.6, (highlight ? 0.9 : 0.75) * clear));
  return {
    walls: { color: answerWallColor(book), ...theme.walls, width: wall },
    band: { color: band, width: bandWidth, cap: 'butt', join: 'round' },
    solution: {
      color: line,
      width,
      cap: 'round',
      join: 'round',
      ...(solutions.style === 'dashed' ? { dash: [width * 3, width * 2.5] as [number, number] } : {}),
    },
  };
}
