import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { layoutBook } from '../../src/book/build-book.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { wallMidpoint } from '../../src/grid/grid.js';
import { answerCapacity, MIN_ANSWER_CLEAR } from '../../src/layout/answer-pages.js';
import type { Item, Page, PathItem } from '../../src/layout/display-list.js';
import { fitGrid, solutionPath } from '../../src/layout/draw-maze.js';
import { routeColors } from '../../src/layout/page-parts.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { CURVE, MOVE } from '../../src/vector/path-data.js';
import { recipe, squareMaze, tempDir } from '../helpers.js';

async function laidOut(spec: string) {
  const dir = tempDir({ 'b.yaml': spec });
  return layoutBook(join(dir, 'b.yaml'));
}

const strokes = (page: Page, color: string): number[] => [
  ...new Set(
    page.items
      .filter((i): i is PathItem => i.type === 'path' && i.stroke?.color === color)
      .map((i) => Math.round((i.stroke?.width ?? 0) * 1000) / 1000),
  ),
];

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

describe('answer pages', () => {
  it('use one wall weight and one route weight each, never under 0.5pt', async () => {
    const { doc, plan } = await laidOut(MIXED);
    const answerPages = doc.pages.filter((p) =>
      p.items.some((i) => i.type === 'path' && i.stroke?.color === plan.theme.colors.solution),
    );
    expect(answerPages.length).toBeGreaterThan(1);
    for (const page of answerPages) {
      const walls = strokes(page, plan.theme.colors.walls);
      const routes = strokes(page, plan.theme.colors.solution);
      const bands = strokes(page, routeColors(plan).band);
      expect(walls).toHaveLength(1);
      expect(routes).toHaveLength(1);
      expect(bands).toHaveLength(1);
      expect(walls[0]).toBeGreaterThanOrEqual(0.5);
      expect(routes[0]).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('give a maze too fine for the spec’s slot a larger one, keeping its passages 1.2mm clear', async () => {
    const { doc, plan, puzzles } = await laidOut(MIXED);
    const answers = doc.pages.slice(plan.puzzles.length);
    const big = puzzles[4];
    const page = answers.find((a) =>
      a.items.some((i) => i.type === 'text' && i.text.startsWith('Puzzle 5 ')),
    ) as Page;
    const labels = page.items.filter((i) => i.type === 'text' && i.text.startsWith('Puzzle '));
    const drawn = page.items.filter(
      (i): i is PathItem => i.type === 'path' && i.stroke?.color === plan.theme.colors.walls,
    );
    // The 36×48 maze's page has fewer, larger slots than the spec's six.
    expect(labels.length).toBeLessThan(6);
    const k = labels.findIndex((l) => l.type === 'text' && l.text.startsWith('Puzzle 5 '));
    const xs = points(drawn[k]).map((p) => p[0]);
    const passage = (Math.max(...xs) - Math.min(...xs)) / big.maze.grid.width;
    expect(passage - strokes(page, plan.theme.colors.walls)[0]).toBeGreaterThanOrEqual(
      MIN_ANSWER_CLEAR - 0.05,
    );
    // At the spec's six a page its passages would close up.
    expect(answerCapacity(plan, big)).toBeLessThan(6);
  });

  it('put each label right above its drawing', async () => {
    const { doc, plan } = await laidOut(MIXED);
    for (const page of doc.pages.slice(plan.puzzles.length)) {
      const labels = page.items.filter((i) => i.type === 'text' && i.text.startsWith('Puzzle '));
      const drawings = page.items.filter(
        (i): i is PathItem => i.type === 'path' && i.stroke?.color === plan.theme.colors.walls,
      );
      expect(labels).toHaveLength(drawings.length);
      labels.forEach((label, k) => {
        if (label.type !== 'text') return;
        const top = Math.min(...points(drawings[k]).map((p) => p[1]));
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
