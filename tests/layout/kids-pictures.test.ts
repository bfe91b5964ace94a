import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ArtStyle, bundledPicture } from '../../src/art/bundled-pictures.js';
import { pictureNames } from '../../src/art/picture-names.js';
import { layoutBook } from '../../src/book/build-book.js';
import type { PathItem } from '../../src/layout/display-list.js';
import { iconItems } from '../../src/layout/svg-icon.js';
import { CLOSE, CURVE, type PathData } from '../../src/vector/path-data.js';
import { tempDir } from '../helpers.js';

const MM = 72 / 25.4;

/** The box of what a path draws: its points and each cubic sampled finely (not its control points). */
function drawnBox(paths: readonly PathData[]): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number) => {
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  };
  for (const { cmds, coords: k } of paths) {
    let [x, y, j] = [0, 0, 0];
    for (const c of cmds) {
      if (c === CLOSE) continue;
      if (c === CURVE) {
        for (let t = 0.01; t <= 1.0001; t += 0.01) {
          const u = 1 - t;
          add(
            u * u * u * x + 3 * u * u * t * k[j] + 3 * u * t * t * k[j + 2] + t * t * t * k[j + 4],
            u * u * u * y + 3 * u * u * t * k[j + 1] + 3 * u * t * t * k[j + 3] + t * t * t * k[j + 5],
          );
        }
        [x, y] = [k[j + 4], k[j + 5]];
        j += 6;
      } else {
        [x, y] = [k[j], k[j + 1]];
        add(x, y);
        j += 2;
      }
    }
  }
  return [x0, y0, x1, y1];
}

const paths = (items: ReturnType<typeof iconItems>) =>
  items.filter((i): i is PathItem => i.type === 'path').map((i) => i.path);

describe('marker pictures as drawn', () => {
  for (const style of ['color', 'mono'] as ArtStyle[]) {
    it(`fill their side on their larger side, every bundled picture (${style})`, () => {
      const side = 15 * MM;
      for (const name of pictureNames) {
        const [x0, y0, x1, y1] = drawnBox(
          paths(iconItems(bundledPicture(name, style), 100, 50, side, '#000')),
        );
        // The carrot was 13.4 mm, the turtle 13.2 × 8.0 mm in a 15 mm marker: the art's margin in its box.
        expect(Math.max(x1 - x0, y1 - y0) / MM, name).toBeGreaterThan(15 - 0.01);
        expect(x0, name).toBeGreaterThanOrEqual(100 - 1e-6);
        expect(y0, name).toBeGreaterThanOrEqual(50 - 1e-6);
        expect(x1, name).toBeLessThanOrEqual(100 + side + 1e-6);
        expect(y1, name).toBeLessThanOrEqual(50 + side + 1e-6);
      }
    });
  }
});

const KIDS = (paper: string, perPage: number) => `title: Pictures
seed: 2
paper: ${paper}
audience: kids
per-page: ${perPage}
front: []
defaults: { cells: auto, difficulty: easy, markers: { start: rabbit, finish: carrot } }
pages: [{}, {}, { maze: { shape: hex } }, {}, {}, {}]
solutions: false
`;

describe("kids' marker pictures", () => {
  it('are drawn at least 15mm where the page has room, with no warning', async () => {
    const { warnings } = await layoutBook(join(tempDir({ 'b.yaml': KIDS('letter', 2) }), 'b.yaml'));
    expect(warnings.filter((w) => w.includes('picture'))).toEqual([]);
  });

  it('drawn smaller where a page has no room are a located warning, not a silent shrink', async () => {
    const { warnings } = await layoutBook(join(tempDir({ 'b.yaml': KIDS('a5', 6) }), 'b.yaml'));
    const small = warnings.filter((w) => w.includes('picture'));
    expect(small.length).toBeGreaterThan(0);
    for (const w of small) {
      expect(w).toMatch(
        /b\.yaml:\d+:\d+: the (start|finish) picture is drawn \d+\.\dmm, under the 15\.0mm the kids' marker rule asks for/,
      );
    }
  });
});
