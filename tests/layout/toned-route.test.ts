import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { generateMaze, type MazeRecipe } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import type { Raster } from '../../src/grid/raster.js';
import type { PathItem } from '../../src/layout/display-list.js';
import { drawMaze, fitGrid } from '../../src/layout/draw-maze.js';
import { tonedRoute } from '../../src/layout/toned-route.js';
import { minUnit } from '../../src/mask/tone.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { CLOSE, LINE, MOVE } from '../../src/vector/path-data.js';
import { recipe } from '../helpers.js';

/** A left-to-right grey ramp, black to white, darkest at the left. */
function ramp(width = 96, height = 64): Raster {
  const data = new Float32Array(width * height);
  for (let j = 0; j < height; j++) for (let i = 0; i < width; i++) data[j * width + i] = (i + 0.5) / width;
  return { width, height, data };
}

const floors = { passage: 4, line: 0.5 };

function toneRecipe(columns: number, rows: number): MazeRecipe {
  return recipe(columns, rows, {
    picture: { tone: { lightness: ramp(), levels: 3, unit: minUnit('square', floors), floors } },
  });
}

/** Points along a path's straight pieces, `per` to a piece. */
function samples(item: PathItem, per = 8): [number, number][] {
  const out: [number, number][] = [];
  const { cmds, coords } = item.path;
  let i = 0;
  let x = 0;
  let y = 0;
  for (const c of cmds) {
    if (c === MOVE) {
      [x, y] = [coords[i], coords[i + 1]];
      i += 2;
    } else if (c === LINE) {
      const [tx, ty] = [coords[i], coords[i + 1]];
      for (let k = 0; k <= per; k++) out.push([x + ((tx - x) * k) / per, y + ((ty - y) * k) / per]);
      [x, y] = [tx, ty];
      i += 2;
    } else if (c !== CLOSE) throw new Error('a toned route is straight pieces');
  }
  return out;
}

/**
 * Distance in points from a point to the face of the nearest standing wall as drawn (negative inside one),
 * for a maze placed on the page.
 */
function clearanceOf(maze: Maze, place: { ox: number; oy: number; scale: number }) {
  const { grid, open } = maze;
  const widths = grid.tone!.wallWidth;
  const segs: number[] = [];
  for (let w = 0; w < grid.wallCount; w++) {
    if (open[w] !== 0 || w === maze.entryWall || w === maze.exitWall) continue;
    const x0 = place.ox + grid.vertexX[grid.wallV0[w]] * place.scale;
    const y0 = place.oy + grid.vertexY[grid.wallV0[w]] * place.scale;
    const x1 = place.ox + grid.vertexX[grid.wallV1[w]] * place.scale;
    const y1 = place.oy + grid.vertexY[grid.wallV1[w]] * place.scale;
    segs.push(x0, y0, x1 - x0, y1 - y0, (widths[w] * place.scale) / 2);
  }
  const s = Float64Array.from(segs);
  return (px: number, py: number): number => {
    let least = Infinity;
    for (let k = 0; k < s.length; k += 5) {
      const [x0, y0, dx, dy, half] = [s[k], s[k + 1], s[k + 2], s[k + 3], s[k + 4]];
      const t = Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)));
      const d = Math.hypot(px - x0 - t * dx, py - y0 - t * dy) - half;
      if (d < least) least = d;
    }
    return least;
  };
}

const mazes = new Map<string, Maze>();
function toneMaze(columns: number, rows: number, seed: number): Maze {
  const key = `${columns}x${rows}/${seed}`;
  let maze = mazes.get(key);
  if (!maze) {
    maze = generateMaze(toneRecipe(columns, rows), deriveSeed(seed, 'tone', 0), 'test');
    mazes.set(key, maze);
  }
  return maze;
}

describe('the answer route of a tone maze', () => {
  const rect = { x: 20, y: 30, width: 400, height: 300 };
  const walls = { color: '#000000', width: 1, cap: 'square', join: 'miter' } as const;
  const style = {
    walls,
    band: { color: '#f2cdd3', width: 12, cap: 'butt', join: 'round' },
    solution: { color: '#d1495b', width: 3, cap: 'round', join: 'round' },
  } as const;

  for (const [columns, rows, seed] of [
    [12, 8, 5],
    [10, 8, 8],
  ]) {
    it(`${columns}×${rows}: keeps its centre line and its band inside the clear passage`, () => {
      const maze = toneMaze(columns, rows, seed);
      const place = fitGrid(maze.grid, rect);
      const items = drawMaze(maze, rect, style, solve(maze));
      const band = items.find(
        (i): i is PathItem => i.type === 'path' && i.stroke?.color === style.band.color,
      );
      const line = items.find(
        (i): i is PathItem => i.type === 'path' && i.stroke?.color === style.solution.color,
      );
      if (!band?.stroke || !line?.stroke) throw new Error('the route is drawn');
      // Band under the walls, line over them.
      expect(items.indexOf(band)).toBe(0);
      expect(items.at(-1)).toBe(line);
      const points = samples(line);
      const clearance = clearanceOf(maze, place);
      const clear = points.map(([x, y]) => clearance(x, y));
      const narrowest = Math.min(...clear);
      // The centre line never touches a wall, and it stays visible.
      expect(narrowest).toBeGreaterThan(line.stroke.width / 2);
      expect(line.stroke.width).toBeGreaterThanOrEqual(0.5);
      // The band fits the narrowest clear passage (both sides of the line measured from the same point).
      expect(band.stroke.width).toBeLessThanOrEqual(2 * narrowest + 1e-6);
      expect(band.stroke.width).toBeGreaterThan(line.stroke.width);
    });
  }

  it('reports the narrowest clear passage it runs through', () => {
    const maze = toneMaze(12, 8, 5);
    const place = fitGrid(maze.grid, rect);
    const { path, clear } = tonedRoute(maze, solve(maze), place);
    const clearance = clearanceOf(maze, place);
    const least = Math.min(...samples({ type: 'path', path }).map(([x, y]) => clearance(x, y)));
    expect(clear).toBeGreaterThan(0);
    expect(clear).toBeLessThanOrEqual(2 * least * 1.25);
    expect(clear).toBeGreaterThanOrEqual(2 * least * 0.75);
  });
});
