import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { HEAT_HIGH, HEAT_LOW, heatColor, heatmapSvg } from '../../src/render/heatmap.js';
import { recipe, squareMaze } from '../helpers.js';

/** The `d` and `fill` of every path inside `<g id="cells">`, in order. */
function cellPaths(svg: string): { d: string; fill: string }[] {
  const group = /<g id="cells"[^>]*>([\s\S]*?)<\/g>/.exec(svg);
  if (!group) throw new Error('no cells group');
  return [...group[1].matchAll(/<path d="([^"]*)" fill="(#[0-9a-f]{6})"/g)].map((m) => ({
    d: m[1],
    fill: m[2],
  }));
}

/** Relative luminance (Rec. 709 weights on sRGB bytes, not linearised: enough to order shades). */
function luma(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Shoelace area of a path made of M/L/Z commands only. */
function polygonArea(d: string): number {
  const pts = [...d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  let a = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x0, y0] = pts[i];
    const [x1, y1] = pts[(i + 1) % pts.length];
    a += x0 * y1 - x1 * y0;
  }
  return Math.abs(a) / 2;
}

function rampVisits(maze: Maze, walks: number): Float64Array {
  const v = new Float64Array(maze.grid.cellCount);
  for (let c = 0; c < v.length; c++) v[c] = ((c % 7) * walks) / 2; // 0 to 3 visits per walk
  return v;
}

describe('heatmapSvg', () => {
  const mazes: [string, Maze][] = [
    ['square', squareMaze(8, 6, 3)],
    ['hex', generateMaze(recipe(7, 6, { shape: 'hex' }), deriveSeed(1, 'hex', 0), 'test')],
    ['triangle', generateMaze(recipe(8, 6, { shape: 'triangle' }), deriveSeed(1, 'tri', 0), 'test')],
    ['circle', generateMaze(recipe(1, 5, { shape: 'circle' }), deriveSeed(1, 'circle', 0), 'test')],
  ];

  it.each(mazes)('%s: one closed, filled path per cell, the same every time', (_, maze) => {
    const visits = rampVisits(maze, 10);
    const svg = heatmapSvg(maze, visits, 10, solve(maze));
    const cells = cellPaths(svg);
    expect(cells).toHaveLength(maze.grid.cellCount);
    for (const c of cells) expect(c.d).toMatch(/^M[^M]*Z$/);
    expect(cells.map((c) => c.fill)).toEqual([...visits].map((v) => heatColor(v / 10)));
    expect(heatmapSvg(maze, visits.slice(), 10, solve(maze))).toBe(svg);
  });

  it('square cells tile the maze: equal areas that add up to its drawing', () => {
    const maze = squareMaze(8, 6, 3);
    const svg = heatmapSvg(maze, new Float64Array(maze.grid.cellCount), 1, solve(maze), { size: 800 });
    const areas = cellPaths(svg).map((c) => polygonArea(c.d));
    for (const a of areas) expect(a).toBeCloseTo(100 * 100, 0); // 800 units over 8 columns
    expect(areas.reduce((s, a) => s + a, 0)).toBeCloseTo(800 * 600, -1);
  });

  it('draws a cell visited more darker than one visited less, and unvisited cells white', () => {
    const maze = squareMaze(6, 6, 2);
    const walks = 200;
    const visits = new Float64Array(maze.grid.cellCount);
    visits[0] = 2 * walks;
    visits[1] = 0.5 * walks;
    visits[2] = 1; // a single visit in all the walks: the palest shade, still not white
    const fills = cellPaths(heatmapSvg(maze, visits, walks, solve(maze))).map((c) => c.fill);
    expect(luma(fills[0])).toBeLessThan(luma(fills[1]));
    expect(luma(fills[1])).toBeLessThan(luma(fills[2]));
    expect(fills[2]).not.toBe('#ffffff');
    expect(fills[3]).toBe('#ffffff');
  });

  it('darkens steadily from HEAT_LOW to HEAT_HIGH visits per walk', () => {
    let prev = Infinity;
    for (let v = HEAT_LOW; v <= HEAT_HIGH; v *= 1.25) {
      const l = luma(heatColor(v));
      expect(l).toBeLessThan(prev);
      prev = l;
    }
    expect(heatColor(0)).toBe('#ffffff');
    expect(heatColor(HEAT_HIGH * 10)).toBe(heatColor(HEAT_HIGH));
  });

  it('refuses visit counts that do not match the cells', () => {
    const maze = squareMaze(4, 4);
    expect(() => heatmapSvg(maze, new Float64Array(3), 1, solve(maze))).toThrow(
      /3 visit counts for 16 cells/,
    );
  });
});
