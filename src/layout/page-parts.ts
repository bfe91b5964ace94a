import type { BookPlan } from '../plan/book-plan.js';
import { headingBand } from '../plan/page-geometry.js';
import { shownStars } from '../plan/resolve-difficulty.js';
import { textWidth } from '../text/fonts.js';
import { PathBuilder, polygon } from '../vector/path-data.js';
import type { Item, Page } from './display-list.js';
import { centredText, fitLine, fitText, type TextStyle, textDoesNotFit } from './text-items.js';

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

/** Line height of a heading that wraps, as a share of its size. */
export const HEADING_LEADING = 1.15;

/**
 * The heading at the top of a page, centred on the content: one line at the theme's heading size where it
 * fits; else wrapped to the content's width and set smaller (in steps, down to the book's text floor) until
 * its lines end above `bottom` — the page's heading band ({@link headingBand}), less the row of difficulty
 * stars under it when `stars`. Text that does not fit even at the floor is an error at `where`.
 * @returns the baseline of the heading's last line, in points
 */
export function pageHeading(
  book: BookPlan,
  page: Page,
  text: string,
  where: string,
  options: { stars?: boolean; bottom?: number } = {},
): number {
  const { theme, geometry, floors } = book;
  const top = geometry.titleBaseline - theme.sizes.heading;
  const bottom = options.bottom ?? top + headingBand(theme);
  const below = (size: number): number => (options.stars ? theme.sizes.label * 2.2 : size * 0.25);
  const fitted = fitText(
    theme,
    text,
    'heading',
    theme.sizes.heading,
    floors.text,
    geometry.content.width,
    (n, size) => top + size + (n - 1) * size * HEADING_LEADING + below(size) <= bottom + 1e-9,
  );
  if (!fitted) throw textDoesNotFit(where, text, 'the heading band at the top of its page', floors.text);
  const cx = geometry.content.x + geometry.content.width / 2;
  let y = fitted.size === theme.sizes.heading ? geometry.titleBaseline : top + fitted.size;
  const last = y + (fitted.lines.length - 1) * fitted.size * HEADING_LEADING;
  for (const line of fitted.lines) {
    page.items.push(
      centredText(theme, line, cx, y, { font: 'heading', size: fitted.size, color: theme.colors.text }),
    );
    y += fitted.size * HEADING_LEADING;
  }
  return last;
}

/** Distance between the centres of neighbouring difficulty stars, in star radii. */
const STAR_PITCH = 2.4;

/** The width (pt) of a row of five difficulty stars of outer radius `r` (pt). */
export function starRowWidth(r: number): number {
  return 4 * STAR_PITCH * r + 2 * r;
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
    const x = cx + (i - 2) * r * STAR_PITCH;
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
    centredText(theme, text, cx, y, {
      ...style,
      size: fitLine(theme, text, 'body', size, book.floors.text, width) ?? book.floors.text,
    }),
  );
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
