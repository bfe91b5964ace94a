import type { DisplayDocument } from '../layout/display-list.js';
import { HOME_BORDER_MM } from '../plan/print.js';
import { pathBox } from '../vector/path-data.js';

const MM = 72 / 25.4;

/**
 * The drawings of a book printed at home that reach into the border a home printer leaves unprinted
 * ({@link HOME_BORDER_MM} from the trim): every path's box (walls, markers, pictures, cut lines) and every
 * line of text's baseline start. A page's background paint is not an item and is not checked.
 * @param name how messages name the book (its spec file and profile)
 * @returns one message for the whole book, or none
 */
export function homeBorderMisses(doc: DisplayDocument, name: string): string[] {
  const border = HOME_BORDER_MM * MM - 1e-6;
  let count = 0;
  let firstPage = 0;
  let nearest = Number.POSITIVE_INFINITY;
  doc.pages.forEach((page, i) => {
    const trim = page.trim ?? { x: 0, y: 0, width: page.width, height: page.height };
    const gap = (x0: number, y0: number, x1: number, y1: number) =>
      Math.min(x0 - trim.x, y0 - trim.y, trim.x + trim.width - x1, trim.y + trim.height - y1);
    for (const item of page.items) {
      let d = Number.POSITIVE_INFINITY;
      if (item.type === 'path') {
        // A stroke reaches half its width past the points, except at the ends of butt-capped lines (a cut
        // line runs exactly to the border).
        const stroke = item.stroke;
        const b = pathBox(item.path, stroke && stroke.cap !== 'butt' ? stroke.width / 2 : 0);
        if (b) d = gap(b.x, b.y, b.x + b.width, b.y + b.height);
      } else if (item.type === 'text') d = gap(item.x, item.y - item.size * 0.7, item.x, item.y);
      if (d >= border) continue;
      if (count++ === 0) firstPage = i + 1;
      nearest = Math.min(nearest, d);
    }
  });
  if (count === 0) return [];
  return [
    `${name}: ${count} drawing${count > 1 ? 's come' : ' comes'} within ${HOME_BORDER_MM}mm of the page edge, which many home printers do not print (the nearest ${(nearest / MM).toFixed(1)}mm, first on page ${firstPage})`,
  ];
}
