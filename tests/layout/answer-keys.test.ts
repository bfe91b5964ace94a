import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { buildBook, layoutBook } from '../../src/book/build-book.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { wallMidpoint } from '../../src/grid/grid.js';
import { ANSWER_KEY, answerWallColor, routeColors } from '../../src/layout/answer-key-style.js';
import { MIN_ANSWER_PASSAGE_MM, minAnswerPassage } from '../../src/layout/arrange-answers.js';
import type { Item, Page, PathItem, TextItem } from '../../src/layout/display-list.js';
import { fitGrid, solutionPath } from '../../src/layout/draw-maze.js';
import type { BookPlan } from '../../src/plan/book-plan.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { CURVE, MOVE } from '../../src/vector/path-data.js';
import { recipe, squareMaze, tempDir } from '../helpers.js';
import { inspectPdf } from '../pdf-inspect.js';

async function laidOut(spec: string) {
  const dir = tempDir({ 'b.yaml': spec });
  return layoutBook(join(dir, 'b.yaml'));
}

/** Points of a path, [x, y] per MOVE/LINE end and curve end. */
function points(item: PathItem): [number, number][] {
  const out: [number, number][] = [];
  const { cmds, coords } = item.path;
  let j = 0;
  for (const c of cmds) {
    if (c === CURVE) {
      out.push([coords[j + 4], coords[j + 5]]);
      j += 6;
    } else if (c !== 2) {
      out.push([coords[j], coords[j + 1]]);
      j += 2;
    }
  }
  return out;
}

const MIXED = `title: Answers
seed: 9
paper: a5
front: []
pages:
  - { maze: { cells: [4, 5] } }
  - { maze: { cells: [9, 12] } }
  - { maze: { shape: hex, cells: [12, 14] } }
  - { maze: { shape: triangle, cells: [31, 20] } }
  - { maze: { cells: [36, 48] } }
  - { maze: { shape: circle, rings: 5 } }
  - { maze: { mask: heart, cells: [20, 20] } }
solutions: { per-page: 6 }
`;

/** The walls, bands and route lines of a page (paths in the answer key's colours). */
function keyParts(plan: BookPlan, page: Page) {
  const paths = page.items.filter((i): i is PathItem => i.type === 'path' && i.stroke !== undefined);
  const { band, line } = routeColors(plan);
  const wall = answerWallColor(plan);
  return {
    walls: paths.filter((i) => i.stroke?.color === wall),
    bands: paths.filter((i) => i.stroke?.color === band),
    routes: paths.filter((i) => i.stroke?.color === line),
  };
}

const widths = (items: PathItem[]): number[] => [
  ...new Set(items.map((i) => Math.round((i.stroke?.width ?? 0) * 1000) / 1000)),
];

/** The answer pages of a laid-out book: those that draw a route's band. */
function answerPagesOf(plan: BookPlan, doc: { pages: Page[] }): Page[] {
  return doc.pages.filter((p) => keyParts(plan, p).bands.length > 0);
}

/** The box of a path's points. */
function box(item: PathItem): { x: number; y: number; width: number; height: number } {
  const pts = points(item);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

const labelsOf = (page: Page) =>
  page.items.filter((i): i is TextItem => i.type === 'text' && i.text.startsWith('Puzzle '));

describe('answer pages', () => {
  it('use one wall weight and one route weight each, the route at least 2.5 walls wide', async () => {
    const { doc, plan } = await laidOut(MIXED);
    const pages = answerPagesOf(plan, doc);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      const { walls, bands, routes } = keyParts(plan, page);
      expect(widths(walls)).toHaveLength(1);
      expect(widths(routes)).toHaveLength(1);
      expect(widths(bands)).toHaveLength(1);
      expect(walls).toHaveLength(labelsOf(page).length);
      expect(widths(walls)[0]).toBeGreaterThanOrEqual(0.5);
      expect(widths(routes)[0]).toBeGreaterThanOrEqual(ANSWER_KEY.routeToWall * widths(walls)[0] - 2e-3);
      // The route is drawn over the walls, the band under them.
      for (const r of routes) expect(page.items.indexOf(r)).toBeGreaterThan(page.items.indexOf(walls[0]));
      for (const b of bands)
        expect(page.items.indexOf(b)).toBeLessThan(page.items.indexOf(walls.at(-1) as Item));
    }
  });

  it('in black ink: 55 % K walls, a black route, a grey band; never under the profile’s thinnest line', async () => {
    const { doc, plan } = await laidOut(`${MIXED.replace('paper: a5', 'paper: trim-6x9')}profile: kdp\n`);
    expect(plan.ink).toBe('black');
    for (const page of answerPagesOf(plan, doc)) {
      const { walls, bands, routes } = keyParts(plan, page);
      for (const w of walls) expect(w.stroke?.color).toBe('#737373');
      for (const r of routes) expect(r.stroke?.color).toBe('#000000');
      for (const b of bands) expect(b.stroke?.color).toBe(plan.theme.grayscale.solution);
      expect(widths(walls)[0]).toBeGreaterThanOrEqual(0.75);
      expect(widths(routes)[0]).toBeGreaterThanOrEqual(2.5 * 0.75);
    }
  });

  it('give a maze too fine for the spec’s slot a larger one, its passages at least the answer floor', async () => {
    const { doc, plan, puzzles } = await laidOut(MIXED);
    const big = puzzles[4];
    const page = answerPagesOf(plan, doc).find((a) =>
      labelsOf(a).some((l) => l.text.startsWith('Puzzle 5 ')),
    ) as Page;
    const labels = labelsOf(page);
    const { walls } = keyParts(plan, page);
    // The 36×48 maze's page has fewer, larger slots than the spec's six.
    expect(labels.length).toBeLessThan(6);
    const k = labels.findIndex((l) => l.text.startsWith('Puzzle 5 '));
    const passage = box(walls[k]).width / big.maze.grid.width;
    expect(passage).toBeGreaterThanOrEqual(minAnswerPassage(plan) - 0.05);
    expect(passage).toBeGreaterThanOrEqual((MIN_ANSWER_PASSAGE_MM / 25.4) * 72 - 0.05);
  });

  it('put each label right above its drawing', async () => {
    const { doc, plan } = await laidOut(MIXED);
    for (const page of answerPagesOf(plan, doc)) {
      const labels = labelsOf(page);
      const { walls } = keyParts(plan, page);
      expect(labels).toHaveLength(walls.length);
      labels.forEach((label, k) => {
        const top = box(walls[k]).y;
        expect(top - label.y).toBeGreaterThan(0);
        expect(top - label.y).toBeLessThan(label.size * 1.2);
      });
    }
  });

  it('say on every puzzle page where its answer is, unless turned off', async () => {
    const { doc, plan } = await laidOut(MIXED);
    const starts: number[] = [];
    doc.pages.forEach((p, i) => {
      if (p.items.some((x) => x.type === 'text' && x.text.startsWith('Puzzle 1 '))) starts.push(i + 1);
    });
    const pointer = doc.pages[0].items.find((i) => i.type === 'text' && i.text.startsWith('Answer on page'));
    expect(pointer?.type === 'text' && pointer.text).toBe(`Answer on page ${starts[0]}`);
    expect(
      doc.pages
        .slice(0, plan.puzzles.length)
        .every((p) => p.items.some((i) => i.type === 'text' && i.text.startsWith('Answer on page'))),
    ).toBe(true);
    const off = await laidOut(MIXED.replace('{ per-page: 6 }', '{ per-page: 6, pointers: false }'));
    expect(
      off.doc.pages.some((p) => p.items.some((i) => i.type === 'text' && i.text.startsWith('Answer on'))),
    ).toBe(false);
  });
});

/** A book of `n` alike 10×13 mazes, with a finer maze every `every` puzzles (so pages hold fewer). */
function alikeBook(n: number, perPage: number, paper = 'a4', every = 0): string {
  const pages = Array.from({ length: n }, (_, i) =>
    every > 0 && i % every === every - 1
      ? '  - { maze: { cells: [44, 60] } }'
      : '  - { maze: { cells: [10, 13] } }',
  );
  return `title: Alike\nseed: 4\npaper: ${paper}\nfront: []\npages:\n${pages.join('\n')}\nsolutions: { per-page: ${perPage} }\n`;
}

describe('answers at any count', () => {
  it.each([1, 2, 3, 4, 6, 8, 9, 12])(
    'per-page %i: pages of at most that many, in slots that never overlap',
    async (n) => {
      for (const paper of ['a4', '{ width: 297mm, height: 210mm }']) {
        const count = n * 2 + 1;
        const { doc, plan } = await laidOut(alikeBook(count, n, paper));
        const pages = answerPagesOf(plan, doc);
        expect(pages.length).toBe(Math.ceil(count / n));
        const g = plan.geometry.content;
        for (const page of pages) {
          const boxes = keyParts(plan, page).walls.map(box);
          expect(boxes.length).toBeLessThanOrEqual(n);
          for (const [i, a] of boxes.entries()) {
            expect(a.x).toBeGreaterThanOrEqual(g.x - 1e-6);
            expect(a.x + a.width).toBeLessThanOrEqual(g.x + g.width + 1e-6);
            expect(a.y + a.height).toBeLessThan(plan.geometry.folioBaseline - plan.theme.sizes.folio);
            for (const b of boxes.slice(i + 1)) {
              const apart =
                a.x + a.width < b.x || b.x + b.width < a.x || a.y + a.height < b.y || b.y + b.height < a.y;
              expect(apart).toBe(true);
            }
          }
        }
      }
    },
  );

  it.each([1, 2])('per-page %i builds into a PDF', async (n) => {
    const dir = tempDir({ 'b.yaml': alikeBook(5, n, 'a4', 2) });
    const result = await buildBook(join(dir, 'b.yaml'), { output: join(dir, 'b.pdf') });
    // Five puzzles, then the answers: n a page.
    expect(result.pages).toBe(5 + Math.ceil(5 / n));
    expect((await inspectPdf(readFileSync(join(dir, 'b.pdf')))).pageCount).toBe(result.pages);
  });

  it('refuses other counts, naming the ones it takes', async () => {
    const dir = tempDir({ 'b.yaml': alikeBook(3, 5) });
    await expect(layoutBook(join(dir, 'b.yaml'))).rejects.toThrow(
      /solutions\.per-page: expected 1, 2, 3, 4, 6, 8, 9 or 12 \(got 5\)/,
    );
  });

  it('draw alike mazes at one scale across the whole appendix, whatever page they land on', async () => {
    // Every fifth maze is too fine for a slot of six: the pages around it hold fewer, larger slots.
    const { doc, plan, puzzles } = await laidOut(alikeBook(23, 6, 'a4', 5));
    const pages = answerPagesOf(plan, doc);
    const counts = new Set(pages.map((p) => labelsOf(p).length));
    expect(counts.size).toBeGreaterThan(1);
    const drawn = new Map<string, Set<string>>();
    for (const page of pages) {
      const labels = labelsOf(page);
      keyParts(plan, page).walls.forEach((w, k) => {
        const number = Number(/Puzzle (\d+)/.exec(labels[k].text)?.[1]);
        const { columns, rows } = puzzles[number - 1].plan.recipe.size;
        const key = `${columns}x${rows}`;
        const b = box(w);
        const set = drawn.get(key) ?? new Set<string>();
        set.add(`${b.width.toFixed(6)}×${b.height.toFixed(6)}`);
        drawn.set(key, set);
      });
    }
    expect([...drawn.keys()].sort()).toEqual(['10x13', '44x60']);
    for (const sizes of drawn.values()) expect(sizes.size).toBe(1);
  });

  it('lay out a 200-page appendix, and 200 answers two a page', { timeout: 60_000 }, async () => {
    const pages = Array.from({ length: 200 }, () => '  - {}').join('\n');
    const spec = (n: number) =>
      `title: Many\nseed: 1\npaper: a5\nfront: []\ndefaults: { cells: [4, 5] }\npages:\n${pages}\nsolutions: { per-page: ${n} }\n`;
    const one = await laidOut(spec(1));
    expect(answerPagesOf(one.plan, one.doc)).toHaveLength(200);
    const two = await laidOut(spec(2));
    expect(answerPagesOf(two.plan, two.doc)).toHaveLength(100);
  });
});

describe('answer routes', () => {
  it('run through the midpoints of the walls they cross: a straight run of triangles is a straight line', () => {
    const maze = generateMaze(
      recipe(1, 1, { shape: 'triangle', size: { columns: 15, rows: 6 } }),
      deriveSeed(2, 'tri', 0),
      'test',
    );
    const solution = solve(maze);
    const place = fitGrid(maze.grid, { x: 0, y: 0, width: 300, height: 200 });
    const path = solutionPath(maze, solution, place);
    expect(path.cmds[0]).toBe(MOVE);
    const pts = points({ type: 'path', path });
    // Entry opening, one point per step (the wall between two solution cells), exit opening.
    expect(pts).toHaveLength(solution.cells.length + 1);
    const { grid } = maze;
    const walls = new Set<string>();
    for (let w = 0; w < grid.wallCount; w++) {
      const [x, y] = wallMidpoint(grid, w);
      walls.add(`${(place.ox + x * place.scale).toFixed(6)},${(place.oy + y * place.scale).toFixed(6)}`);
    }
    for (const [x, y] of pts) expect(walls.has(`${x.toFixed(6)},${y.toFixed(6)}`)).toBe(true);
  });

  it('pass under a mazegram’s letters: each letter on the route sits on a patch of the route’s ground', async () => {
    const { doc, plan } = await laidOut(`title: M
seed: 2
front: []
pages:
  - { maze: { cells: [8, 10], mazegram: "Hello" } }
solutions: { per-page: 4 }
`);
    const page = doc.pages[1];
    const items: Item[] = page.items;
    const letters = items.filter(
      (i) => i.type === 'text' && i.color === plan.theme.colors.letters && i.text.length === 1,
    );
    expect(letters.length).toBe(5);
    for (const letter of letters) {
      const before = items[items.indexOf(letter) - 1];
      expect(before.type === 'path' && before.fill).toBe(routeColors(plan).band);
    }
  });

  it('keep the square ones even too, turning at cell centres', () => {
    const maze = squareMaze(6, 6, 4);
    const path = solutionPath(maze, solve(maze), { ox: 0, oy: 0, scale: 10 });
    const pts = points({ type: 'path', path });
    // Every point is a wall's midpoint or a cell's centre: coordinates on the half-cell lattice.
    for (const [x, y] of pts) expect((x / 5) % 1 === 0 && (y / 5) % 1 === 0).toBe(true);
    // Every stretch runs along a row or a column (no corner cut), and a centre is only where the way turns.
    for (let i = 1; i < pts.length; i++) {
      expect(pts[i - 1][0] === pts[i][0] || pts[i - 1][1] === pts[i][1]).toBe(true);
    }
    let turns = 0;
    for (let i = 1; i + 1 < pts.length; i++) {
      const [x, y] = pts[i];
      if ((x / 10) % 1 === 0 || (y / 10) % 1 === 0) continue; // a midpoint
      turns++;
      const inAlongRow = pts[i - 1][1] === y;
      const outAlongRow = pts[i + 1][1] === y;
      expect(inAlongRow).not.toBe(outAlongRow);
    }
    expect(turns).toBeGreaterThan(0);
  });
});
