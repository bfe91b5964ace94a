import type { BookPlan } from '../plan/book-plan.js';
import { contrast, ensureContrast, mixColors } from '../plan/palette.js';
import { shownStars } from '../plan/resolve-difficulty.js';
import { textWidth } from '../text/fonts.js';
import { PathBuilder, polygon } from '../vector/path-data.js';
import type { Item, Page, Stroke } from './display-list.js';
import { centredText, fitSize, type TextStyle } from './text-items.js';

/** Building blocks every kind of page uses: an empty page, the folio, the heading, marks and strokes. */

export function blankPage(book: BookPlan): Page {
  const bg = book.theme.colors.page.toLowerCase();
  return {
    width: book.paper.width,
    height: book.paper.height,
    background: bg === '#ffffff' || bg === '#fff' ? undefined : bg,
    items: [],
  };
}

export function folio(book: BookPlan, page: Page, number: number): void {
  const { theme, geometry } = book;
  const x = geometry.content.x + geometry.content.width / 2;
  page.items.push(
    centredText(theme, String(number), x, geometry.folioBaseline, {
      font: 'body',
      size: theme.sizes.folio,
      color: theme.colors.muted,
    }),
  );
}

/** The heading at the top of a page, centred, shrunk (down to 60 %) if it would not fit on one line. */
export function pageHeading(book: BookPlan, page: Page, text: string): void {
  const { theme, geometry } = book;
  const size = fitSize(theme, text, 'heading', theme.sizes.heading, geometry.content.width);
  const cx = geometry.content.x + geometry.content.width / 2;
  page.items.push(
    centredText(theme, text, cx, geometry.titleBaseline, { font: 'heading', size, color: theme.colors.text }),
  );
}

/**
 * Five stars (filled as `shownStars` says: they follow the labels, and agree with the page's target band) or
 * the label, under the puzzle title.
 */
export function difficultyMark(
  book: BookPlan,
  page: Page,
  rating: { score: number; label: string },
  at?: { cx: number; y: number; scale: number },
  target?: { min: number; max: number },
): void {
  const { theme, geometry } = book;
  const cx = at?.cx ?? geometry.content.x + geometry.content.width / 2;
  const y = at?.y ?? geometry.titleBaseline + theme.sizes.label * 1.6;
  if (book.showDifficulty === 'label') {
    page.items.push(
      centredText(theme, rating.label, cx, y + theme.sizes.label * 0.35, {
        font: 'body',
        size: theme.sizes.label,
        color: theme.colors.muted,
      }),
    );
    return;
  }
  const r = theme.sizes.label * 0.6 * (at?.scale ?? 1);
  const filled = shownStars(rating.score, target);
  for (let i = 0; i < 5; i++) {
    const x = cx + (i - 2) * r * 2.4;
    const points: [number, number][] = [];
    for (let k = 0; k < 10; k++) {
      const a = -Math.PI / 2 + (k * Math.PI) / 5;
      const rr = k % 2 === 0 ? r : r * 0.45;
      points.push([x + rr * Math.cos(a), y + rr * Math.sin(a)]);
    }
    page.items.push(
      i < filled
        ? { type: 'path', path: polygon(points), fill: theme.colors.text }
        : {
            type: 'path',
            path: polygon(points),
            stroke: {
              color: theme.colors.muted,
              width: Math.max(book.print.rules.minLine, r * 0.12),
              cap: 'round',
              join: 'round',
            },
          },
    );
  }
}

/**
 * "Name: ______  Date: ______" centred on cx at baseline y, as long as fits `width` (the rules shorten
 * before the type shrinks).
 */
export function nameDateLine(
  book: BookPlan,
  page: Page,
  cx: number,
  y: number,
  width: number,
  size: number,
): void {
  const { theme, words } = book;
  const style: TextStyle = { font: 'body', size, color: theme.colors.text };
  const line = (n: number) =>
    `${words.name}: ${'_'.repeat(n)}   ${words.date}: ${'_'.repeat(Math.ceil(n * 0.6))}`;
  let n = 20;
  while (n > 6 && textWidth(theme.fonts.body, line(n), size) > width) n--;
  const text = line(n);
  page.items.push(
    centredText(theme, text, cx, y, { ...style, size: fitSize(theme, text, 'body', size, width) }),
  );
}

/** The thinnest line an answer drawing may use: the profile's, and never under 0.5pt. */
export function thinnestLine(book: BookPlan): number {
  return Math.max(book.print.rules.minLine, 0.5);
}

/** How an answer route is drawn: a wide light band under the walls and a contrasting line along its middle. */
export interface RouteStyle {
  solution: Stroke;
  band: Stroke;
}

/**
 * Greyscale contrast (WCAG ratio of relative luminance, what a greyscale print or photocopy keeps) of the
 * route's band against the paper: at least `least` so the band shows, at most `most` where the theme's own
 * route colour can stay the centre line; and of the centre line against the band.
 */
export const ROUTE_CONTRAST = { bandLeast: 1.35, bandMost: 1.5, line: 3 } as const;

/**
 * The colours of an answer route on `paper` (the page, or the background behind the maze). Under `ink: black`
 * the theme's colours are already its grayscale rule's: the band is `solution`, the line `solutionLine`. In
 * colour the band is the theme's route colour washed towards the paper, as dark as {@link ROUTE_CONTRAST}
 * `bandMost` allows while the route colour keeps `line` contrast against it (never lighter than `bandLeast`);
 * where the route colour cannot keep that contrast on the lightest band, the line is the nearest shade of it
 * (same hue, another lightness) that does.
 */
export function routeColors(book: BookPlan): { band: string; line: string } {
  const { colors, grayscale } = book.theme;
  if (book.ink === 'black') return { band: colors.solution, line: grayscale.solutionLine };
  const paper = colors.background ?? colors.page;
  const route = colors.solution;
  const wash = (t: number): string => mixColors(route, paper, t);
  /** The wash furthest towards the paper that still satisfies `ok` (the route colour itself if none does). */
  const furthest = (ok: (c: string) => boolean): string => {
    if (!ok(wash(0))) return wash(0);
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 24; k++) {
      const t = (lo + hi) / 2;
      if (ok(wash(t))) lo = t;
      else hi = t;
    }
    return wash(lo);
  };
  const darkest = furthest((c) => contrast(c, paper) >= ROUTE_CONTRAST.bandMost);
  if (contrast(darkest, route) >= ROUTE_CONTRAST.line) return { band: darkest, line: route };
  const lightest = furthest((c) => contrast(c, paper) >= ROUTE_CONTRAST.bandLeast);
  if (contrast(lightest, route) >= ROUTE_CONTRAST.line) {
    // The darkest band between the two that still lets the route colour read along its middle.
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 24; k++) {
      const t = (lo + hi) / 2;
      if (contrast(mixColors(darkest, lightest, t), route) >= ROUTE_CONTRAST.line) hi = t;
      else lo = t;
    }
    return { band: mixColors(darkest, lightest, hi), line: route };
  }
  const line =
    ensureContrast(route, [lightest], ROUTE_CONTRAST.line) ??
    (contrast('#000000', lightest) >= contrast('#ffffff', lightest) ? '#000000' : '#ffffff');
  return { band: lightest, line };
}

/**
 * The answer route's strokes for walls of width `wall` and passages `passage` wide (wall centre to wall
 * centre), all in points, the same in every ink so that a route reads in colour and in greyscale (colours:
 * {@link routeColors}). The band lies under the walls, 2.5 wall widths wide or three quarters of the clear
 * passage where that is more (`highlight`: nine tenths). The centre line is `route` wide (`highlight`: the
 * thinnest line allowed), at most 0.4 of the band, and never has the walls' weight: a line within a fifth
 * of it is drawn at half the walls' width instead (1.6 times where half would be thinner than the thinnest
 * line allowed). Under `ink: black` the line is always that half (or 1.6×) width. `dashed` dashes the line.
 */
export function routeStyle(book: BookPlan, wall: number, route: number, passage: number): RouteStyle {
  const { band, line } = routeColors(book);
  const thinnest = thinnestLine(book);
  const clear = Math.max(0, passage - wall);
  const highlight = book.solutions.style === 'highlight';
  const bandWidth = Math.max(2.5 * wall, (highlight ? 0.9 : 0.75) * clear);
  const unlikeWalls = wall * 0.5 >= thinnest ? wall * 0.5 : Math.max(thinnest, wall * 1.6);
  let width =
    book.ink === 'black'
      ? unlikeWalls
      : Math.max(thinnest, Math.min(highlight ? thinnest : route, 0.4 * bandWidth));
  if (Math.abs(width - wall) < 0.2 * wall) width = unlikeWalls;
  return {
    band: { color: band, width: bandWidth, cap: 'butt', join: 'round' },
    solution: {
      color: line,
      width,
      cap: 'round',
      join: 'round',
      ...(book.solutions.style === 'dashed' ? { dash: [width * 3, width * 2.5] as [number, number] } : {}),
    },
  };
}

/**
 * Answer blanks as drawn rules, one per letter and words set apart, centred on cx with the rules' baseline at
 * y: about 6 mm a letter, narrower when the line must fit `width`.
 */
export function answerBlankLines(
  words: readonly string[],
  cx: number,
  y: number,
  width: number,
  theme: BookPlan['theme'],
): Item {
  const letters = words.reduce((n, w) => n + [...w].length, 0);
  const gaps = letters - words.length;
  const spaces = Math.max(0, words.length - 1);
  // rule : letter gap : word gap = 1 : 0.35 : 1.2
  const unit = Math.min(17, width / (letters + gaps * 0.35 + spaces * 1.2));
  const total = unit * (letters + gaps * 0.35 + spaces * 1.2);
  let x = cx - total / 2;
  const b = new PathBuilder();
  words.forEach((w, i) => {
    [...w].forEach((_, j) => {
      if (j > 0) x += unit * 0.35;
      b.moveTo(x, y).lineTo(x + unit, y);
      x += unit;
    });
    if (i < words.length - 1) x += unit * 1.2;
  });
  return {
    type: 'path',
    path: b.finish(),
    stroke: {
      color: theme.colors.text,
      width: Math.max(0.75, theme.walls.width * 0.5),
      cap: 'butt',
      join: 'miter',
    },
  };
}
