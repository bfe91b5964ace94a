import type { BookPlan } from '../plan/book-plan.js';
import { capHeight, textWidth } from '../text/fonts.js';
import type { Page } from './display-list.js';
import { PART_CLEARANCE } from './markers.js';
import { iconItems } from './svg-icon.js';

/** Largest side of a corner picture: 14mm, pt. */
const MOST = (14 / 25.4) * 72;

/**
 * The book's `decorations` in the top corners of a puzzle page, beside its title: each picture 1.8 × the
 * heading size (at most 14mm), its middle level with the title's capitals, against the left and right edges
 * of the text block, in the art style the book prints (one colour in the markers' colour, or its own
 * colours). Left out on a page whose title comes within {@link PART_CLEARANCE} of them. The title band lies
 * above the markers' frame, so markers never reach them.
 */
export function decoratePage(book: BookPlan, page: Page): void {
  const d = book.decorations;
  if (!d) return;
  const { theme, geometry } = book;
  const { content } = geometry;
  const side = Math.min(theme.sizes.heading * 1.8, MOST);
  const middle = geometry.titleBaseline - capHeight(theme.fonts.heading, theme.sizes.heading) / 2;
  const y = Math.max(content.y, middle - side / 2);
  const left = content.x;
  const right = content.x + content.width - side;
  for (const item of page.items) {
    if (item.type !== 'text' || Math.abs(item.y - geometry.titleBaseline) > 0.01) continue;
    const face = item.font === 'body' ? theme.fonts.body : theme.fonts.heading;
    const x1 = item.x + textWidth(face, item.text, item.size);
    if (item.x < left + side + PART_CLEARANCE || x1 > right - PART_CLEARANCE) return;
  }
  page.items.push(
    ...iconItems(d.left, left, y, side, theme.colors.markers),
    ...iconItems(d.right, right, y, side, theme.colors.markers),
  );
}
