import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutBook } from '../../src/book/build-book.js';
import { type Page, translatePage } from '../../src/layout/display-list.js';
import { finishPages } from '../../src/layout/finish-pages.js';
import type { BookPlan } from '../../src/plan/book-plan.js';
import { LINE, MOVE, type PathData } from '../../src/vector/path-data.js';
import { tempDir } from '../helpers.js';

const square = (): PathData => ({
  cmds: new Uint8Array([MOVE, LINE]),
  coords: new Float64Array([0, 0, 10, 10]),
});
const stroke = { color: '#000000', width: 1, cap: 'butt', join: 'miter' } as const;

describe('finished pages', () => {
  it('move a path shared by two items of a page once', () => {
    const shared = square();
    const page: Page = {
      width: 100,
      height: 100,
      items: [
        { type: 'path', path: shared, stroke: { ...stroke, width: 4 } },
        { type: 'path', path: shared, stroke },
      ],
    };
    translatePage(page, 5, 7);
    expect([...shared.coords]).toEqual([5, 7, 15, 17]);
  });

  it('give each page its own copy of a path drawn on two pages', () => {
    const shared = square();
    const page = (): Page => ({ width: 100, height: 100, items: [{ type: 'path', path: shared, stroke }] });
    const pages = [page(), page()];
    // Facing margins 10 inside, 20 outside: the left-hand page moves 10 to the right, the right-hand one stays.
    const book = {
      print: { rules: {}, margins: { left: 10, right: 20 }, bleed: 0, facing: true },
    } as unknown as BookPlan;
    finishPages(book, pages);
    const coords = pages.map((p) => (p.items[0].type === 'path' ? [...p.items[0].path.coords] : []));
    expect(coords).toEqual([
      [0, 0, 10, 10],
      [10, 0, 20, 10],
    ]);
  });

  // Under bleed and facing margins every page is moved; an answer route (a band and a line over the same
  // points) must move with its maze, on recto and verso pages alike.
  it('keep every answer route on its maze in a bleed book with facing pages', async () => {
    const dir = tempDir({
      'b.yaml': `title: Bleed
seed: 4
paper: trim-6x9
profile: kdp
bleed: 0.125in
margins: { top: 0.6in, bottom: 0.6in, inside: 0.8in, outside: 0.4in }
front: []
defaults: { entry: top, exit: bottom }
pages:
  - { maze: { cells: [8, 10] } }
  - { maze: { cells: [9, 9] } }
  - { maze: { shape: hex, cells: [8, 9] } }
  - { maze: { shape: circle, rings: 5, entry: auto, exit: centre } }
solutions: { per-page: 4 }
`,
    });
    const { doc, plan } = await layoutBook(join(dir, 'b.yaml'));
    const answers = doc.pages.slice(plan.puzzles.length);
    let routes = 0;
    for (const page of answers) {
      const paths = page.items.filter((i) => i.type === 'path' && i.stroke);
      if (paths.length === 0) continue; // the blank page that makes the count even
      // The walls: the page's wall weight is that of its biggest drawing; routes are every other stroke.
      const biggest = paths.reduce((a, b) =>
        a.type === 'path' && b.type === 'path' && b.path.cmds.length > a.path.cmds.length ? b : a,
      );
      const wall = biggest.type === 'path' ? biggest.stroke?.width : undefined;
      const isWall = (i: (typeof paths)[number]) => i.type === 'path' && i.stroke?.width === wall;
      const boxes = paths.filter(isWall).map((w) => (w.type === 'path' ? box(w.path) : []));
      for (const item of paths) {
        if (item.type !== 'path' || isWall(item)) continue;
        routes++;
        const [x0, y0, x1, y1] = box(item.path);
        // The route lies inside one thumbnail's walls (its ends are on the rim or at the centre).
        const inside = boxes.some(
          ([a, b, c, d]) => x0 >= a - 0.5 && y0 >= b - 0.5 && x1 <= c + 0.5 && y1 <= d + 0.5,
        );
        expect(inside, `route ${x0.toFixed(1)},${y0.toFixed(1)}–${x1.toFixed(1)},${y1.toFixed(1)}`).toBe(
          true,
        );
      }
    }
    // A band and a line for each of the four mazes.
    expect(routes).toBe(8);
  });
});

function box({ coords }: PathData): number[] {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < coords.length; i += 2) {
    x0 = Math.min(x0, coords[i]);
    x1 = Math.max(x1, coords[i]);
    y0 = Math.min(y0, coords[i + 1]);
    y1 = Math.max(y1, coords[i + 1]);
  }
  return [x0, y0, x1, y1];
}
