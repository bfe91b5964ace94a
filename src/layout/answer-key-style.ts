import type { BookPlan } from '../plan/book-plan.js';
import {
  contrast,
  ensureContrast,
  hexToHsl,
  hslToHex,
  mixColors,
  normalizeHex,
  parseHex,
} from '../plan/palette.js';
import type { Stroke } from './display-list.js';

/**
 * How an answer key is drawn so that the route is the first thing seen, in colour, printed or copied in grey,
 * and in black ink: the walls step back (a mid grey, thin), the route steps forward (dark, at least
 * `routeToWall` wall widths wide), and a band under the walls makes the route a corridor and lets a
 * mazegram's letters sit on it.
 *
 * Figures in "n % K": how much darker than the paper a colour prints in grey ({@link greyInk}: the PDF's
 * RGB-to-grey rule, what a printer set to grey, a photocopy or `pdftoppm -gray` gives), black ink coverage n
 * on white:
 * - walls: 55 % K, so they still read as walls but are half the tone of the route; a picture maze's walls
 *   (their widths draw the picture) 25 %, so the picture steps back behind the route;
 * - route line: black ink: the theme's grayscale line (black in every built-in theme, at least 10 : 1 against
 *   the paper); colour: the theme's route colour or the nearest darker shade of its hue that is 85 % K in
 *   grey. At least `routeToWall` = 2.5 wall widths, never more than `routeMost` of the clear passage (it
 *   never covers the walls): at 50 dpi (arm's length) a 0.75pt wall covers under half a pixel and prints as
 *   a light grey hairline, a 1.9pt route more than a pixel of near black;
 * - band: in colour the route colour washed towards the paper (or a darker shade of it) to 35 % K, so that in
 *   grey the route is a mid-grey corridor with a near-black line along it; in black ink the theme's
 *   grayscale `solution`, light under a black line. Three quarters of the clear passage or 1.6 route widths
 *   wide.
 */
export const ANSWER_KEY = {
  /** Grey of the answer drawing's walls, as black ink coverage (55 % K). */
  wallInk: 0.55,
  /** Grey of a picture maze's walls on its answer, as black ink coverage (25 % K). */
  pictureWallInk: 0.25,
  /** The route line is at least this many wall widths wide. */
  routeToWall: 2.5,
  /** Black ink: greyscale contrast (WCAG ratio) of the route line against the paper, at least. */
  routeContrast: 10,
  /** Colour books: the route line is at least this dark in grey (85 % K). */
  routeInk: 0.85,
  /** Colour books: the band is this dark in grey (35 % K). */
  bandInk: 0.35,
  /** The route line takes at most this share of the clear passage (walls' faces apart) where it can. */
  routeShare: 0.45,
  /** The route line never takes more than this share of the clear passage: it never covers the walls. */
  routeMost: 0.6,
  /**
   * Where a route crosses a door narrower than the passage (the side of a hexagon or an octagon), the line
   * takes at most this share of the door's clear opening: it crosses it, so more of it may go to the line.
   */
  doorShare: 0.6,
  /** A picture maze's route line is at least this wide, in points, where its passages allow. */
  pictureRoute: 1.5,
  /**
   * Where a weave maze's route runs beneath a bridge it is drawn at this share of the line's strength (the
   * line's colour washed towards the paper), under the bridge's walls: one line, fainter where hidden.
   */
  underInk: 0.4,
} as const;

/** Greyscale contrast of the route's line against its band (WCAG ratio), at least. */
export const ROUTE_CONTRAST = { line: 3 } as const;

/** The grey of `ink` black-ink coverage (0 white, 1 black) as `#rrggbb`. */
export function inkGrey(ink: number): string {
  return mixColors('#ffffff', '#000000', ink);
}

/**
 * The black-ink coverage (0 white, 1 black) that `color` prints as in grey: one minus its grey by the PDF's
 * DeviceRGB-to-DeviceGray rule, 0.3 R + 0.59 G + 0.11 B on the sRGB values.
 */
export function greyInk(color: string): number {
  const { r, g, b } = parseHex(color);
  return 1 - (0.3 * r + 0.59 * g + 0.11 * b);
}

/** How far apart in grey two colours print, as black-ink coverage (0 alike, 1 black on white). */
export function greyApart(a: string, b: string): number {
  return Math.abs(greyInk(a) - greyInk(b));
}

/** The thinnest line an answer drawing may use: the profile's, the book's wall floor, and never under 0.5pt. */
export function thinnestLine(book: BookPlan): number {
  return Math.max(book.print.rules.minLine, book.floors?.wall ?? 0, 0.5);
}

/** The weights of an answer drawing: its wall width and its route's, in points. */
export interface AnswerWeights {
  wall: number;
  route: number;
}

/**
 * The weights of one answer drawing whose passage (wall centre to wall centre) is `passage` points, `ratio`
 * of its puzzle page's: walls thinned with the drawing (never thicker than the theme's, never more than an
 * eighth of the passage, never under the thinnest line allowed), the route the theme's width thinned likewise
 * and at least {@link ANSWER_KEY} `routeToWall` walls.
 */
export function answerWeights(book: BookPlan, passage: number, ratio: number): AnswerWeights {
  const { theme } = book;
  const k = Math.min(1, ratio);
  const wall = Math.max(thinnestLine(book), Math.min(theme.walls.width * k, passage / 8));
  return { wall, route: Math.max(ANSWER_KEY.routeToWall * wall, theme.solution.width * k) };
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
 * The shade of `color`'s hue (its HSL lightness moved away from `paper`, darker on light paper, its saturation
 * raised with it unless it is a grey) nearest to `color` that prints at least `ink` apart from the paper in
 * grey ({@link greyApart}); `color` itself where it does already, the furthest shade (black or white) where
 * none does.
 */
function shadeApart(color: string, paper: string, ink: number): string {
  const ok = (c: string): boolean => greyApart(c, paper) >= ink;
  if (ok(color)) return normalizeHex(color);
  const hsl = hexToHsl(color);
  const end = greyInk(paper) < 0.5 ? 0 : 1;
  // Saturation rises as the lightness moves (a grey stays grey), so a deep shade still reads as the hue.
  const saturated = hsl.s < 0.05 ? hsl.s : 1;
  const at = (t: number): string =>
    hslToHex({ h: hsl.h, s: hsl.s + (saturated - hsl.s) * t, l: hsl.l + (end - hsl.l) * t });
  let lo = 0;
  let hi = 1;
  if (!ok(at(hi))) return at(hi);
  for (let k = 0; k < 24; k++) {
    const t = (lo + hi) / 2;
    if (ok(at(t))) hi = t;
    else lo = t;
  }
  return at(hi);
}

/**
 * The colour of an answer drawing's walls: in black ink 55 % K ({@link ANSWER_KEY} `wallInk`); in colour the
 * theme's walls washed towards the paper until they print that far from it in grey (walls that are lighter
 * already stay). A picture maze's (`picture`) the same at 25 % K (`pictureWallInk`).
 */
export function answerWallColor(book: BookPlan, picture = false): string {
  const ink = picture ? ANSWER_KEY.pictureWallInk : ANSWER_KEY.wallInk;
  if (book.ink === 'black') return inkGrey(ink);
  const paper = paperOf(book);
  return furthestWash(book.theme.colors.walls, paper, (c) => greyApart(c, paper) >= ink);
}

/** How dark a mazegram's letters print on a puzzle page, as black ink coverage (60 % K; see {@link letterColor}). */
export const LETTER_INK = 0.6;

/**
 * The colour of a mazegram's letters on a puzzle page, message and decoys alike (so none stands out): the
 * theme's letter colour washed towards the paper until it prints {@link LETTER_INK} (60 % K) in grey, where it
 * is darker. Letters as dark as the walls make a densely lettered maze read as a word-search grid; at 60 %
 * the walls stay the structure and the letters still read (6 : 1 against white).
 */
export function letterColor(book: BookPlan): string {
  const paper = paperOf(book);
  return furthestWash(book.theme.colors.letters, paper, (c) => greyApart(c, paper) >= LETTER_INK);
}

/**
 * The colours of an answer route: the band (under the walls) and the line along its middle. In black ink the
 * theme's grayscale rule (`solution`, `solution-line`, darkened where it has less than {@link ANSWER_KEY}
 * `routeContrast`). In colour the line is the theme's route colour, or the nearest darker shade of its hue
 * that prints `routeInk` (85 % K) in grey; the band is the route colour washed towards the paper to `bandInk`
 * (35 % K), or a darker shade of it where the colour itself is lighter than that; the line is darkened
 * further where it would have less than {@link ROUTE_CONTRAST} `line` against the band.
 */
export function routeColors(book: BookPlan): { band: string; line: string } {
  const { colors, grayscale } = book.theme;
  const paper = paperOf(book);
  if (book.ink === 'black') {
    const line = ensureContrast(grayscale.solutionLine, [paper], ANSWER_KEY.routeContrast);
    return { band: colors.solution, line: line ?? '#000000' };
  }
  const line = shadeApart(colors.solution, paper, ANSWER_KEY.routeInk);
  const base = shadeApart(colors.solution, paper, ANSWER_KEY.bandInk);
  const band = furthestWash(base, paper, (c) => greyApart(c, paper) >= ANSWER_KEY.bandInk);
  const darker = ensureContrast(line, [band], ROUTE_CONTRAST.line) ?? line;
  return { band, line: darker };
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
  /** The walls of a picture maze (a grid that gives each wall its width): lighter, at 25 % K. */
  pictureWalls: Stroke;
  band: Stroke;
  solution: Stroke;
  /** The route where it runs beneath a weave's bridge: the line's colour at `underInk` of its strength. */
  underRoute: Stroke;
}

/**
 * The answer key's strokes for walls `wall` wide and passages `passage` wide (wall centre to wall centre),
 * all in points (colours: {@link answerWallColor}, {@link routeColors}). The route line is `route` wide but at
 * least {@link ANSWER_KEY} `routeToWall` wall widths, at most `routeShare` of the clear passage where that
 * still leaves it `routeToWall` walls wide (the answer pages give every maze a passage where it does), and
 * never more than `routeMost` of the clear passage (where the walls are too thick for both, the line gives
 * way: it never covers the walls); `highlight` draws it at that least. The band is three quarters of the
 * clear passage or 1.6 route widths, whichever is more (`highlight`: nine tenths of the passage), never wider
 * than the clear passage. `dashed` dashes the line. A picture maze's walls have their own widths: `drawMaze`
 * widens its route to {@link ANSWER_KEY} `pictureRoute` and `routeToWall` of its thinnest wall, and narrows
 * every route to `routeMost` of the clear passage it runs through.
 */
export function answerKeyStyle(book: BookPlan, wall: number, route: number, passage: number): AnswerKeyStyle {
  const { theme, solutions } = book;
  const { band, line } = routeColors(book);
  const clear = Math.max(0, passage - wall);
  const least = ANSWER_KEY.routeToWall * wall;
  const highlight = solutions.style === 'highlight';
  const wanted = highlight ? least : Math.max(least, Math.min(route, ANSWER_KEY.routeShare * clear));
  const width = Math.min(wanted, ANSWER_KEY.routeMost * clear);
  const bandWidth = Math.min(Math.max(clear, width), Math.max(width * 1.6, (highlight ? 0.9 : 0.75) * clear));
  const solution: Stroke = {
    color: line,
    width,
    cap: 'round',
    join: 'round',
    ...(solutions.style === 'dashed' ? { dash: [width * 3, width * 2.5] as [number, number] } : {}),
  };
  return {
    walls: { color: answerWallColor(book), ...theme.walls, width: wall },
    pictureWalls: { color: answerWallColor(book, true), ...theme.walls, width: wall },
    band: { color: band, width: bandWidth, cap: 'butt', join: 'round' },
    solution,
    underRoute: { ...solution, cap: 'butt', color: mixColors(line, paperOf(book), 1 - ANSWER_KEY.underInk) },
  };
}
