import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPrint, layoutBook } from '../../src/book/build-book.js';
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

  it('of a bound book (not cut apart) share one name and date line per page, under its heading', async () => {
    for (const perPage of [2, 4, 6]) {
      const spec = SHEET('').replace('profile: home\n', '').replace('per-page: 4', `per-page: ${perPage}`);
      const { doc, plan } = await laidOut(spec);
      const lines = doc.pages[0].items.filter(
        (i): i is Extract<Page['items'][number], { type: 'text' }> =>
          i.type === 'text' && i.text.startsWith('Name:'),
      );
      expect(lines, `${perPage} a page`).toHaveLength(1);
      const slots = plan.layouts[perPage].slots ?? [];
      expect(slots.every((s) => s.nameLine === undefined)).toBe(true);
      // Between the heading and the first row of slips.
      expect(lines[0].y).toBeGreaterThan(plan.layouts[perPage].titleBaseline);
      expect(lines[0].y).toBeLessThan(Math.min(...slots.map((s) => s.box.y)));
    }
  });

  it('show their difficulty stars beside their titles, as a one-maze page shows them under its title', async () => {
    const spec = (show: string, perPage: number) => `title: Stars
seed: 3
paper: letter
show-difficulty: ${show}
per-page: ${perPage}
front: []
defaults: { title: "Puzzle {{number}}", cells: auto, difficulty: { min: 2, max: 3.5 } }
pages: [{}, { maze: { shape: hex } }]
solutions: false
`;
    // Paths a page gains with stars: five stars per maze, whether on slips or alone on its page.
    const paths = (p: Page) => p.items.filter((i) => i.type === 'path').length;
    const sheet = (await laidOut(spec('stars', 2))).doc.pages[0];
    const plain = (await laidOut(spec('none', 2))).doc.pages[0];
    expect(paths(sheet) - paths(plain)).toBe(10);
    const one = (await laidOut(spec('stars', 1))).doc.pages;
    const oneplain = (await laidOut(spec('none', 1))).doc.pages;
    expect(paths(one[0]) - paths(oneplain[0])).toBe(5);
    // The stars sit on the slip's title line, right of the title and inside the slip.
    const { plan, doc } = await laidOut(spec('stars', 2));
    const slots = plan.layouts[2].slots ?? [];
    const titles = doc.pages[0].items.filter(
      (i): i is Extract<Page['items'][number], { type: 'text' }> =>
        i.type === 'text' && (i.text === 'Puzzle 1' || i.text === 'Puzzle 2'),
    );
    expect(titles).toHaveLength(2);
    const starBoxes = doc.pages[0].items
      .filter((i): i is PathItem => i.type === 'path' && i.path.coords.length === 20)
      .map(bounds);
    expect(starBoxes).toHaveLength(10);
    starBoxes.forEach(([x0, y0, x1, y1], k) => {
      const slot = slots[Math.floor(k / 5)];
      const title = titles[Math.floor(k / 5)];
      expect(y0).toBeLessThan(slot.label);
      expect(y1).toBeGreaterThan(slot.label - title.size);
      expect(x0).toBeGreaterThan(title.x);
      expect(x1).toBeLessThanOrEqual(slot.box.x + slot.box.width);
    });
  });

  it('are cut apart along dashed lines that stay out of the 6.5mm border', async () => {
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

  it('keep every drawing, markers included, 6.5mm from the edge, and the build reports one that is not', async () => {
    expect(HOME_BORDER / (72 / 25.4)).toBeCloseTo(6.5, 9);
    const { doc, plan } = await laidOut(SHEET(''));
    expect(checkPrint(plan, doc)).toEqual([]);
    const page = doc.pages[0];
    const nearest = Math.min(
      ...page.items
        .filter((i): i is PathItem => i.type === 'path')
        .map(bounds)
        .map(([a, b, c, d]) => Math.min(a, b, page.width - c, page.height - d)),
    );
    expect(nearest / (72 / 25.4)).toBeGreaterThanOrEqual(6.5 - 1e-6);
    // A drawing 5mm from the left edge is reported.
    const moved = page.items.find((i): i is PathItem => i.type === 'path' && !i.stroke?.dash);
    const [x0] = bounds(moved as PathItem);
    const coords = (moved as PathItem).path.coords;
    const dx = (5 * 72) / 25.4 - x0 - ((moved as PathItem).stroke?.width ?? 0) / 2;
    for (let k = 0; k < coords.length; k += 2) coords[k] += dx;
    expect(checkPrint(plan, doc).join('\n')).toMatch(
      /profile home: \d+ drawings? comes? within 6\.5mm of the page edge, .*\(the nearest [45]\.\dmm, first on page 1\)/,
    );
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
