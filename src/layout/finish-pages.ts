import type { BookPlan } from '../plan/book-plan.js';
import { type Page, translatePage } from './display-list.js';
import { blankPage } from './page-parts.js';

/**
 * Puts the composed pages on paper: pads to an even count for print profiles that want it, moves left-hand
 * pages so the inside margin is on the spine side, and adds the bleed (on the outer edge, top and bottom for
 * KDP; all round otherwise) with the trim box marked. Layout itself works on right-hand trim pages.
 */
export function finishPages(book: BookPlan, pages: Page[]): void {
  const { print } = book;
  if (print.rules.padEven && pages.length % 2 === 1) pages.push(blankPage(book));
  const { left: inside, right: outside } = print.margins;
  const b = print.bleed;
  ownPaths(pages);
  pages.forEach((page, i) => {
    const verso = (i + 1) % 2 === 0;
    if (print.facing && verso) translatePage(page, outside - inside, 0);
    if (b <= 0) return;
    const trimW = page.width;
    const trimH = page.height;
    const left = print.bleedStyle === 'all' || verso ? b : 0;
    const right = print.bleedStyle === 'all' || !verso ? b : 0;
    translatePage(page, left, b);
    page.width = trimW + left + right;
    page.height = trimH + 2 * b;
    page.trim = { x: left, y: b, width: trimW, height: trimH };
  });
}

/**
 * Gives every page its own path coordinates: a path drawn on two pages (a shared figure) is copied for the
 * later page, so moving one page never moves another's drawing.
 */
function ownPaths(pages: readonly Page[]): void {
  const owner = new Map<Float64Array, Page>();
  for (const page of pages) {
    for (const item of page.items) {
      if (item.type !== 'path') continue;
      const first = owner.get(item.path.coords);
      if (first === undefined) owner.set(item.path.coords, page);
      else if (first !== page) item.path = { ...item.path, coords: item.path.coords.slice() };
    }
  }
}
