import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ArtStyle, bundledPicture } from '../../src/art/bundled-pictures.js';
import { pictureNames } from '../../src/art/picture-names.js';
import { layoutBook } from '../../src/book/build-book.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import type { PathItem } from '../../src/layout/display-list.js';
import { fitGrid } from '../../src/layout/draw-maze.js';
import { drawMarkers, placeMarkers } from '../../src/layout/markers.js';
import { iconItems } from '../../src/layout/svg-icon.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { CLOSE, CURVE, type PathData } from '../../src/vector/path-data.js';
import { recipe, tempDir } from '../helpers.js';

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

describe('start pictures', () => {
  const RECT = { x: 100, y: 100, width: 300, height: 300 };
  const at = (side: 'left' | 'right' | 'top') =>
    generateMaze(
      recipe(6, 6, {
        entry: { kind: 'side', side, at: 0.5 },
        exit: { kind: 'side', side: side === 'left' ? 'right' : 'left', at: 0.5 },
      }),
      deriveSeed(4, side, 0),
      'test',
    );
  const drawn = (side: 'left' | 'right' | 'top', start: string) => {
    const maze = at(side);
    const place = fitGrid(maze.grid, RECT);
    const style = {
      color: '#000',
      size: 15 * MM,
      frame: { x: 0, y: 0, width: 500, height: 500 },
      pictures: {
        start: bundledPicture(start as 'rabbit', 'color'),
        finish: bundledPicture('carrot', 'color'),
      },
    };
    const [m] = placeMarkers(maze, place, RECT, 1.5, style);
    const items = drawMarkers(maze, place, RECT, 1.5, style);
    const [x, y] = m.outline[0];
    const as = (mirror: boolean) => paths(iconItems(style.pictures.start, x, y, m.size, '#000', mirror));
    const first = (items[0] as PathItem).path.coords;
    const same = (p: PathData) => p.coords.every((v, i) => Math.abs(v - first[i]) < 1e-9);
    return { mirrored: same(as(true)[0]), plain: same(as(false)[0]) };
  };

  it('face into the maze: a rabbit (drawn looking left) looks right at a left-hand entry', () => {
    expect(drawn('left', 'rabbit')).toEqual({ mirrored: true, plain: false });
    expect(drawn('right', 'rabbit')).toEqual({ mirrored: false, plain: true });
    // A rocket flies right as drawn: mirrored at a right-hand entry only.
    expect(drawn('left', 'rocket')).toEqual({ mirrored: false, plain: true });
    expect(drawn('right', 'rocket')).toEqual({ mirrored: true, plain: false });
  });

  it('stay as drawn at the top, and when they have no way to face (a flag, a bear)', () => {
    expect(drawn('top', 'rabbit')).toEqual({ mirrored: false, plain: true });
    expect(drawn('left', 'pirate')).toEqual({ mirrored: false, plain: true });
    expect(drawn('left', 'bear')).toEqual({ mirrored: false, plain: true });
  });
});
