import type { ComposedCover } from '../layout/cover.js';
import type { Item } from '../layout/display-list.js';
import type { BookPlan } from '../plan/book-plan.js';
import { inches, spineWidth } from '../plan/cover-geometry.js';
import { inkExtent } from '../plan/cover-text.js';
import type { CoverPlan } from '../plan/plan-cover.js';
import type { Rect } from '../plan/rect.js';
import { textWidth } from '../text/fonts.js';
import { pathBox } from '../vector/path-data.js';

/** Points a drawing may touch a boundary by (rounding of glyph boxes and arcs). */
const EPS = 0.01;

/**
 * The checks every cover build runs on the finished page, each a promise the layout makes: the sheet's spine
 * is the formula's for the interior's final page count, nothing but background crosses a fold or touches the
 * barcode area, and everything drawn (text and art) is inside a safe zone. A broken promise is a bug in
 * mazebook, so it is an internal error listing what broke.
 */
export function checkCover(cover: CoverPlan, composed: ComposedCover, book: BookPlan, pages: number): void {
  const problems = coverProblems(cover, composed, book, pages);
  if (problems.length > 0)
    throw new Error(`internal: the cover breaks its own rules:\n  ${problems.join('\n  ')}`);
}

/** The problems `checkCover` reports, one line each (empty when the cover keeps every rule). */
export function coverProblems(
  cover: CoverPlan,
  composed: ComposedCover,
  book: BookPlan,
  pages: number,
): string[] {
  const g = cover.geometry;
  const page = composed.doc.pages[0];
  const out: string[] = [];
  const expected = spineWidth(book.print.profile, cover.stock, pages);
  const measured = page.width - 2 * g.bleed - 2 * book.paper.width;
  if (Math.abs(measured - expected) > 1e-6 || g.pages !== pages) {
    out.push(
      `the spine is ${inches(measured)} for ${g.pages} pages; the interior has ${pages}, whose spine is ${inches(expected)}`,
    );
  }
  const trim = page.trim;
  if (
    !trim ||
    Math.abs(trim.width - (2 * book.paper.width + expected)) > 1e-6 ||
    Math.abs(trim.height - book.paper.height) > 1e-6
  ) {
    out.push('the trim box is not back + spine + front');
  }
  const safe = [g.backSafe, g.spineSafe, g.frontSafe];
  page.items.forEach((item, i) => {
    const tag = composed.tags[i];
    if (tag.kind === 'background') return;
    const box = itemBox(item, composed.doc.fonts);
    if (!box) return;
    const what = `${tag.kind} of ${tag.field}`;
    for (const x of g.folds) {
      if (box.x < x - EPS && box.x + box.width > x + EPS)
        out.push(`${what} crosses the fold at x=${x.toFixed(1)}pt`);
    }
    if (g.barcode && overlaps(box, g.barcode)) out.push(`${what} runs into the barcode area`);
    // Patterns are decoration: they may run into the bleed, past the safe zone.
    if (tag.kind !== 'pattern' && !safe.some((r) => inside(box, r)))
      out.push(`${what} leaves the safe zone (${fmtRect(box)})`);
  });
  return out;
}

const fmtRect = (r: Rect) =>
  `${r.x.toFixed(1)},${r.y.toFixed(1)} ${r.width.toFixed(1)}×${r.height.toFixed(1)}pt`;

function inside(b: Rect, r: Rect): boolean {
  return (
    b.x >= r.x - EPS &&
    b.y >= r.y - EPS &&
    b.x + b.width <= r.x + r.width + EPS &&
    b.y + b.height <= r.y + r.height + EPS
  );
}

function overlaps(a: Rect, b: Rect): boolean {
  return (
    a.x < b.x + b.width - EPS &&
    b.x < a.x + a.width - EPS &&
    a.y < b.y + b.height - EPS &&
    b.y < a.y + a.height - EPS
  );
}

/**
 * The box an item inks, points: a path's points (Bézier control points bound their curves) grown by half its
 * stroke; a text's advance width and the ink of its glyphs above and below the baseline. Links ink nothing.
 */
export function itemBox(item: Item, fonts: Record<string, string>): Rect | undefined {
  if (item.type === 'link') return undefined;
  if (item.type === 'text') {
    const face = { path: fonts[item.font], name: item.font };
    const ink = inkExtent(face, item.text, item.size);
    const width = textWidth(face, item.text, item.size);
    if (!item.rotate) return { x: item.x, y: item.y - ink.above, width, height: ink.above + ink.below };
    // Turned text: the level box's corners turned about the baseline's start (clockwise, y down).
    const a = (item.rotate * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [u, v] of [
      [0, -ink.above],
      [width, -ink.above],
      [width, ink.below],
      [0, ink.below],
    ]) {
      xs.push(item.x + u * cos - v * sin);
      ys.push(item.y + u * sin + v * cos);
    }
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  }
  // Square caps and miter joins reach out by up to half the width times √2.
  return pathBox(item.path, item.stroke ? (item.stroke.width / 2) * Math.SQRT2 : 0);
}
