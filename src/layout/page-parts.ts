import type { BookPlan } from '../plan/book-plan.js';
import { mixColors } from '../plan/palette.js';
import { shownStars } from '../plan/resolve-difficulty.js';
import { textWidth } from '../text/fonts.js';
import { type Item, type Page, PathBuilder, polygon, type Stroke } from './display-list.js';
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

/** How an answer route is drawn: its line, and (black ink) a wide light band under the walls. */
export interface RouteStyle {
  solution: Stroke;
  band?: Stroke;
  solutionUnder?: boolean;
}

/**
 * The answer route's strokes for walls of width `wall` and passages `passage` wide (wall centre to wall
 * centre), all in points. In colour: the book's solution style (see {@link solutionStroke}) at width `route`.
 * With `ink: black` the route must survive without colour: a light band under the walls, 2.5 wall widths
 * wide or more, and a dark centre line that never has the walls' weight (half of it, or 1.6 times it where
 * half would be thinner than the thinnest line allowed).
 */
export function routeStyle(book: BookPlan, wall: number, route: number, passage: number): RouteStyle {
  if (book.ink !== 'black') {
    return {
      solution: solutionStroke(book, route, passage),
      solutionUnder: book.solutions.style === 'highlight',
    };
  }
  const thinnest = thinnestLine(book);
  const clear = Math.max(0, passage - wall);
  const line = wall * 0.5 >= thinnest ? wall * 0.5 : Math.max(thinnest, wall * 1.6);
  return {
    band: {
      color: book.theme.colors.solution,
      width: Math.max(2.5 * wall, 0.75 * clear),
      cap: 'round',
      join: 'round',
    },
    solution: {
      color: book.theme.grayscale.solutionLine,
      width: line,
      cap: 'round',
      join: 'round',
      ...(book.solutions.style === 'dashed' ? { dash: [line * 3, line * 2.5] as [number, number] } : {}),
    },
  };
}

/** The colour a mazegram letter on the route is set on (so the route passes under it, not through it). */
export function knockoutColor(book: BookPlan, route: RouteStyle): string {
  return route.band?.color ?? (route.solutionUnder ? route.solution.color : book.theme.colors.page);
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

/**
 * The answer path's stroke in the book's solution style: a solid `line`, a `dashed` line, or a `highlight`
 * (a wide pale band under the walls). `scale` is points per grid unit, for the highlight's width.
 */
export function solutionStroke(book: BookPlan, width: number, scale: number): Stroke {
  const { theme, solutions } = book;
  if (solutions.style === 'highlight') {
    return {
      color: mixColors(theme.colors.solution, theme.colors.page, 0.55),
      width: Math.max(width, scale * 0.55),
      cap: 'round',
      join: 'round',
    };
  }
  return {
    color: theme.colors.solution,
    width,
    cap: 'round',
    join: 'round',
    ...(solutions.style === 'dashed' ? { dash: [width * 2.5, width * 2] as [number, number] } : {}),
  };
}
