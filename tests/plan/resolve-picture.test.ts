import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { planSpec } from '../../src/book/plan-spec.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { describePicture } from '../../src/generate/picture-maze.js';
import type { BookPlan } from '../../src/plan/book-plan.js';
import { isSpanningTree, tempDir } from '../helpers.js';

const W = 96;
const H = 72;

/** A grey ramp, black on the left to white on the right, as an 8-bit grey PNG. */
async function rampPng(): Promise<Buffer> {
  const data = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data[y * W + x] = Math.round((x / (W - 1)) * 255);
  return sharp(data, { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
}

/** Red on the left, blue on the right, a black line across the red half at two thirds of the height. */
async function regionPng(): Promise<Buffer> {
  const data = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = 3 * (y * W + x);
      const line = x > 8 && x < 40 && Math.abs(y - (2 * H) / 3) < 1;
      const rgb = line ? [0, 0, 0] : x < W / 2 ? [255, 0, 0] : [0, 0, 255];
      data.set(rgb, i);
    }
  }
  return sharp(data, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer();
}

let dir = '';
beforeAll(async () => {
  dir = tempDir({ 'ramp.png': await rampPng(), 'regions.png': await regionPng(), 'junk.png': 'not a png' });
});

const HEAD = 'title: T\nseed: 3\npaper: a5\nmin-passage: 2mm\npages:\n';

async function plan(pages: string): Promise<BookPlan> {
  const file = join(dir, `book-${Math.random().toString(36).slice(2)}.yaml`);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(file, HEAD + pages);
  return planSpec(file);
}

describe('tone mazes from a spec', () => {
  it('plans an adaptive grid of plain data that generates the same maze after a structured clone', async () => {
    const p = await plan('  - maze: { tone: { image: ramp.png } }\n');
    const { recipe } = p.puzzles[0];
    expect(recipe.picture?.tone?.levels).toBe(3);
    expect(recipe.picture?.tone?.lightness.data).toBeInstanceOf(Float32Array);
    const copy = structuredClone(p);
    const a = generateMaze(recipe, p.puzzles[0].seed, 'a');
    const b = generateMaze(copy.puzzles[0].recipe, copy.puzzles[0].seed, 'b');
    expect(a.grid.topology).toBe('adaptive-square');
    expect(Buffer.from(a.open).equals(Buffer.from(b.open))).toBe(true);
    expect(isSpanningTree(a)).toBe(true);
    // Walls are heavier on the dark left than on the light right, and cells come in more than one size.
    const { grid } = a;
    const widths = grid.tone?.wallWidth ?? new Float32Array();
    let left = 0;
    let nLeft = 0;
    let right = 0;
    let nRight = 0;
    for (let w = 0; w < grid.wallCount; w++) {
      const x = (grid.vertexX[grid.wallV0[w]] + grid.vertexX[grid.wallV1[w]]) / 2;
      if (x < grid.width / 4) {
        left += widths[w];
        nLeft++;
      } else if (x > (3 * grid.width) / 4) {
        right += widths[w];
        nRight++;
      }
    }
    expect(left / nLeft).toBeGreaterThan(2 * (right / nRight));
    expect(grid.cellCount).toBeGreaterThan(recipe.size.columns * recipe.size.rows);
    // The lockfile's record names the picture by a digest of its pixels.
    const described = JSON.parse(JSON.stringify(describePicture(recipe.picture ?? {})));
    expect(described.tone.picture).toMatch(/^[0-9a-f]{16}$/);
    expect(described.tone.levels).toBe(3);
  });

  it('keeps every toned wall at least the thinnest printable line', async () => {
    const p = await plan('  - maze: { tone: { image: ramp.png, levels: 2 } }\n');
    const tone = p.puzzles[0].recipe.picture?.tone;
    const maze = generateMaze(p.puzzles[0].recipe, p.puzzles[0].seed, 'a');
    const widths = maze.grid.tone?.wallWidth ?? new Float32Array();
    expect(widths.length).toBe(maze.grid.wallCount);
    const thinnest = Math.min(...widths) * (tone?.unit ?? 0);
    expect(thinnest).toBeGreaterThanOrEqual((tone?.floors.line ?? 1) - 1e-4);
    expect(tone?.floors.passage).toBeCloseTo((2 * 72) / 25.4, 5);
  });

  it('cuts a mask out of the adaptive grid', async () => {
    const full = await plan('  - maze: { tone: { image: ramp.png } }\n');
    const cut = await plan('  - maze: { tone: { image: ramp.png }, mask: circle }\n');
    const a = generateMaze(full.puzzles[0].recipe, full.puzzles[0].seed, 'a');
    const b = generateMaze(cut.puzzles[0].recipe, cut.puzzles[0].seed, 'b');
    expect(b.grid.cellCount).toBeLessThan(a.grid.cellCount);
    expect(b.grid.tone?.wallWidth).toBeDefined();
    expect(isSpanningTree(b)).toBe(true);
  });

  it('lets the picture size a page whose defaults give cells and an algorithm for other pages', async () => {
    const p = await plan(
      "  - section: S\n    defaults: { cells: 12, algorithm: wilson }\n  - maze: { tone: { image: ramp.png } }\n  - maze: { regions: { image: regions.png, styles: { '#ff0000': { texture: random } } } }\n",
    );
    expect(p.puzzles[0].recipe.picture?.tone).toBeDefined();
    expect(p.puzzles[0].recipe.size.columns).not.toBe(12);
    expect(p.puzzles[1].recipe.size.columns).toBe(12);
  });

  it.each([
    ['{ shape: hex, tone: { image: ramp.png } }', /tone needs square or triangle cells, not hex/],
    ['{ tone: { image: ramp.png }, cells: 10 }', /sizes its cells from the picture.*cells cannot be set/],
    ['{ tone: { image: ramp.png }, algorithm: binary-tree }', /binary-tree works on a full rectangle/],
    ['{ tone: { image: missing.png } }', /missing\.png/],
    ['{ tone: { image: junk.png } }', /junk\.png/],
  ])('refuses %s', async (maze, message) => {
    await expect(plan(`  - maze: ${maze}\n`)).rejects.toThrow(message);
  });
});

describe('region and route mazes from a spec', () => {
  const styles =
    "{ '#ff0000': { texture: directional, angle: 90 }, '#0000ff': { texture: concentric }, '#000000': lines }";

  it('plans a region maze that is a spanning tree with the drawn line standing', async () => {
    const p = await plan(
      `  - maze: { cells: [16, 12], regions: { image: regions.png, styles: ${styles} } }\n`,
    );
    const { recipe, seed } = p.puzzles[0];
    expect(recipe.picture?.regions?.map.colours.slice(0, 3)).toEqual(['#ff0000', '#0000ff', '#000000']);
    expect(recipe.picture?.regions?.styles[2]).toBe('lines');
    const maze = generateMaze(recipe, seed, 'a');
    expect(isSpanningTree(maze)).toBe(true);
    expect(generateMaze(structuredClone(recipe), seed, 'b').open).toEqual(maze.open);
  });

  it('routes the solution through the waypoints of a sketch, on a tone maze', async () => {
    const p = await plan(
      `  - maze: { tone: { image: ramp.png, levels: 2 }, regions: { image: regions.png, styles: ${styles} }, route: [[0, 0.2], [0.5, 0.4], [1, 0.2]] }\n`,
    );
    const maze = generateMaze(p.puzzles[0].recipe, p.puzzles[0].seed, 'a');
    expect(isSpanningTree(maze)).toBe(true);
    const { grid } = maze;
    const cells = solve(maze).cells;
    // The solution passes the cell under the middle waypoint and is longer than the sketch's straight line.
    const x = 0.5 * grid.width;
    const y = 0.4 * grid.height;
    const near = Array.from(cells).some((c) => Math.hypot(grid.cellX[c] - x, grid.cellY[c] - y) < 4);
    expect(near).toBe(true);
    expect(cells.length).toBeGreaterThan(20);
  });

  it.each([
    [`{ regions: { image: regions.png, styles: { 'red': random } } }`, /expected lines, route/],
    [
      `{ regions: { image: regions.png, styles: { 'red': { texture: random } } } }`,
      /region colour "red" is not a colour/,
    ],
    [
      `{ regions: { image: regions.png, styles: { '#ff0000': { texture: swirl } } } }`,
      /unknown texture "swirl"/,
    ],
    [
      `{ regions: { image: regions.png, styles: { '#ff0000': { texture: binary-tree } } } }`,
      /binary-tree cannot fill a region/,
    ],
    [
      `{ regions: { image: regions.png, styles: { '#ff0000': { texture: directional, flow: image } } } }`,
      /flow: image follows the edges of the tone picture/,
    ],
    [
      `{ regions: { image: regions.png, styles: { '#ff0000': { texture: random, angle: 30 } } } }`,
      /angle applies to texture directional/,
    ],
    [
      `{ regions: { image: regions.png, styles: ${styles} }, algorithm: wilson }`,
      /filled region by region, so algorithm cannot be set/,
    ],
    [`{ route: [[0, 0.5], [1.5, 0.5]] }`, /must be at most 1/],
    [`{ route: [[0, 0.5], [1, 0.5]], post: [reduce-path] }`, /reduce-path would cut out the detours/],
    [`{ regions: { image: regions.png, styles: ${styles} }, post: [{ braid: 0.5 }] }`, /braid opens walls/],
  ])('refuses %s', async (maze, message) => {
    await expect(plan(`  - maze: ${maze}\n`)).rejects.toThrow(message);
  });

  it('names the route point that falls outside a masked maze when the book is planned', async () => {
    await expect(
      plan('  - maze: { cells: [16, 12], mask: circle, route: [[0.5, 0.5], [0.02, 0.02]] }\n'),
    ).rejects.toThrow(/yaml:\d+:\d+: route point 2 \(0\.02, 0\.02\) is outside the maze/);
    // A stretch that leaves the shape between two points on it is found too.
    await expect(
      plan('  - maze: { cells: [16, 12], mask: star, route: [[0.5, 0.12], [0.2, 0.4]] }\n'),
    ).rejects.toThrow(
      /the route from route point 1 \(0\.5, 0\.12\) to route point 2 \(0\.2, 0\.4\) leaves the maze/,
    );
    // Points on the shape plan, and the maze follows them.
    const p = await plan('  - maze: { cells: [16, 12], mask: circle, route: [[0.5, 0.2], [0.5, 0.8]] }\n');
    expect(generateMaze(p.puzzles[0].recipe, p.puzzles[0].seed, 'page 1').grid.cellCount).toBeGreaterThan(
      100,
    );
  });
});
