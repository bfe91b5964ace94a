import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutBook } from '../../src/book/build-book.js';
import { answerWallColor } from '../../src/layout/answer-key-style.js';
import type { Page, PathItem } from '../../src/layout/display-list.js';
import { HOME_BORDER } from '../../src/layout/puzzle-pages.js';
import { pathBox } from '../../src/vector/path-data.js';
import { tempDir } from '../helpers.js';

async function laidOut(spec: string) {
  const dir = tempDir({ 'b.yaml': spec });
  return layoutBook(join(dir, 'b.yaml'));
}

function bounds(item: PathItem): [number, number, number, number] {
  const b = pathBox(item.path);
  if (!b) throw new Error('an empty path');
  return [b.x, b.y, b.x + b.width, b.y + b.height];
}

/** The boxes of the mazes drawn on a page (their wall paths), in drawing order. */
const mazeBoxes = (page: Page, walls: string) =>
  page.items
    .filter((i): i is PathItem => i.type === 'path' && i.stroke?.color === walls && !i.stroke.dash)
    .map(bounds);

const SHEET = (extra: string) => `title: Sheet
seed: 6
paper: a4
profile: home
per-page: 4
name-date: true
${extra}
front: []
defaults: { cells: auto, difficulty: easy }
pages: [{}, { maze: { shape: hex } }, { maze: { shape: circle, rings: auto } }, { maze: { cells: [5, 9] } }]
solutions: inline
`;

describe('activity sheets printed double-sided', () => {
  for (const duplex of ['long-edge', 'short-edge', 'none'] as const) {
    it(`put each answer on the back of its own slip (${duplex})`, async () => {
      const { doc, plan } = await laidOut(SHEET(`duplex: ${duplex}`));
      const [front, back] = doc.pages;
      const W = plan.paper.width;
      const H = plan.paper.height;
      const fronts = mazeBoxes(front, plan.theme.colors.walls);
      // Answers are drawn with lighter walls.
      const backs = mazeBoxes(back, answerWallColor(plan));
      const slips = plan.layouts[4].slots?.map((s) => s.box) ?? [];
      expect(fronts).toHaveLength(4);
      expect(backs).toHaveLength(4);
      const within = (
        [x0, y0, x1, y1]: number[],
        r: { x: number; y: number; width: number; height: number },
      ) => x0 >= r.x - 1e-6 && y0 >= r.y - 1e-6 && x1 <= r.x + r.width + 1e-6 && y1 <= r.y + r.height + 1e-6;
      slips.forEach((slip, i) => {
        expect(within(fronts[i], slip)).toBe(true);
        // The back of the slip: mirrored across the long edge (columns swap on portrait paper), the short
        // edge (rows swap), or not at all.
        const back =
          duplex === 'long-edge'
            ? { ...slip, x: W - slip.x - slip.width }
            : duplex === 'short-edge'
              ? { ...slip, y: H - slip.y - slip.height }
              : slip;
        expect(within(backs[i], back), `slip ${i + 1}`).toBe(true);
      });
      const moved = Math.max(...backs[0].map((v, k) => Math.abs(v - fronts[0][k])));
      if (duplex !== 'none') expect(moved).toBeGreaterThan(10);
    });
  }
});

describe('slips', () => {
  it('each carry their own name and date line; one-maze pages get it too', async () => {
    const { doc } = await laidOut(SHEET(''));
    const names = (p: Page) => p.items.filter((i) => i.type === 'text' && i.text.startsWith('Name:')).length;
    expect(names(doc.pages[0])).toBe(4);
    expect(names(doc.pages[1])).toBe(0);
    const single = await laidOut(SHEET('').replace('per-page: 4', 'per-page: 1'));
    expect(single.doc.pages.filter((p) => names(p) === 1)).toHaveLength(4);
  });

  it('are cut apart along dashed lines that stay out of the 5mm border', async () => {
    const { doc, plan } = await laidOut(SHEET(''));
    const page = doc.pages[0];
    const cuts = page.items.filter((i): i is PathItem => i.type === 'path' && !!i.stroke?.dash);
    expect(cuts).toHaveLength(1);
    const [x0, y0, x1, y1] = bounds(cuts[0]);
    expect(x0).toBeGreaterThanOrEqual(HOME_BORDER - 1e-9);
    expect(y0).toBeGreaterThanOrEqual(HOME_BORDER - 1e-9);
    expect(x1).toBeLessThanOrEqual(plan.paper.width - HOME_BORDER + 1e-9);
    expect(y1).toBeLessThanOrEqual(plan.paper.height - HOME_BORDER + 1e-9);
    // Nothing else on the sheet reaches into the border either.
    for (const item of page.items) {
      if (item.type !== 'path') continue;
      const [a, b, c, d] = bounds(item);
      expect(Math.min(a, b, plan.paper.width - c, plan.paper.height - d)).toBeGreaterThanOrEqual(
        HOME_BORDER - 1e-9,
      );
    }
  });

  it('follow their section’s per-page, and its heading tops the sheet', async () => {
    const { doc, plan } = await laidOut(`title: Mixed
seed: 1
front: []
pages:
  - section: Warm-up
    per-page: 2
  - { maze: { cells: 5 } }
  - { maze: { cells: 6 } }
  - { maze: { cells: 7 } }
  - section: Big
  - { maze: { cells: 12 } }
solutions: false
`);
    expect(plan.puzzles.map((p) => p.perPage)).toEqual([2, 2, 2, 1]);
    // Section page, a sheet of two, a sheet of one, section page, one-maze page.
    const heading = (p: Page) => p.items.find((i) => i.type === 'text');
    expect(doc.pages).toHaveLength(5);
    expect(mazeBoxes(doc.pages[1], plan.theme.colors.walls)).toHaveLength(2);
    expect(mazeBoxes(doc.pages[2], plan.theme.colors.walls)).toHaveLength(1);
    expect(heading(doc.pages[1])).toMatchObject({ text: 'Warm-up' });
  });
});

describe('the title and copyright pages', () => {
  it('print the seed only when asked', async () => {
    const spec = (extra: string) =>
      `title: T\nseed: 77\n${extra}\nfront: [title-page, { copyright: "© me" }]\npages: [{}]\n`;
    const texts = (p: Page[]) =>
      p.flatMap((x) => x.items.flatMap((i) => (i.type === 'text' ? [i.text] : [])));
    expect(texts((await laidOut(spec(''))).doc.pages).some((t) => t.includes('Seed'))).toBe(false);
    const on = texts((await laidOut(spec('show-seed: true'))).doc.pages);
    expect(on).toContain('Seed 77');
    expect(on).toContain('Seed 77 · mazebook');
  });
});
