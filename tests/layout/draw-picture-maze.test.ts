import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { exportMazeJson } from '../../src/codec/json.js';
import { amazingText } from '../../src/codec/text.js';
import { generateMaze, type MazeRecipe } from '../../src/generate/generate-maze.js';
import type { Raster } from '../../src/grid/raster.js';
import { drawMaze, fitGrid } from '../../src/layout/draw-maze.js';
import { tonedOverhang } from '../../src/layout/draw-toned-walls.js';
import { minUnit, tonedClearPassage } from '../../src/mask/tone.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { recipe } from '../helpers.js';

/** A left-to-right grey ramp, black to white. */
function ramp(width = 96, height = 64): Raster {
  const data = new Float32Array(width * height);
  for (let j = 0; j < height; j++) for (let i = 0; i < width; i++) data[j * width + i] = (i + 0.5) / width;
  return { width, height, data };
}

const floors = { passage: 4, line: 0.5 };

function toneRecipe(): MazeRecipe {
  return recipe(6, 4, {
    picture: { tone: { lightness: ramp(), levels: 3, unit: minUnit('square', floors), floors } },
  });
}

describe('drawing a tone maze', () => {
  const maze = generateMaze(toneRecipe(), deriveSeed(5, 'tone', 0), 'test');
  const rect = { x: 20, y: 30, width: 400, height: 300 };
  const walls = { color: '#000000', width: 1, cap: 'square', join: 'miter' } as const;

  it('draws the walls in a few width bands, thinnest first, inside the rectangle', () => {
    const items = drawMaze(maze, rect, { walls });
    const paths = items.filter((i) => i.type === 'path');
    expect(paths.length).toBeGreaterThan(3);
    expect(paths.length).toBeLessThan(60);
    const widths = paths.map((p) => (p.type === 'path' ? (p.stroke?.width ?? 0) : 0));
    expect([...widths].sort((a, b) => a - b)).toEqual(widths);
    expect(widths[0]).toBeGreaterThanOrEqual(floors.line - 1e-6);
    // The widest rim wall, half outside the box, still lies in the rectangle.
    const place = fitGrid(maze.grid, rect);
    const over = tonedOverhang(maze.grid) * place.scale;
    expect(over).toBeGreaterThan(0);
    expect(place.ox - over).toBeGreaterThanOrEqual(rect.x - 1e-6);
    expect(place.oy - over).toBeGreaterThanOrEqual(rect.y - 1e-6);
    expect(place.ox + maze.grid.width * place.scale + over).toBeLessThanOrEqual(rect.x + rect.width + 1e-6);
    expect(place.oy + maze.grid.height * place.scale + over).toBeLessThanOrEqual(rect.y + rect.height + 1e-6);
  });

  it('draws an answer over the toned walls', () => {
    const items = drawMaze(
      maze,
      rect,
      { walls, solution: { color: '#ff0000', width: 2, cap: 'round', join: 'round' } },
      solve(maze),
    );
    const last = items.at(-1);
    expect(last?.type === 'path' ? last.stroke?.color : undefined).toBe('#ff0000');
  });

  it('keeps the passage floor between toned walls', () => {
    const clear = tonedClearPassage(maze.grid) ?? 0;
    expect(clear * minUnit('square', floors)).toBeGreaterThanOrEqual(floors.passage - 1e-4);
    expect(clear * minUnit('square', floors)).toBeLessThan(floors.passage * 3);
  });

  it('is refused by maze JSON and the text formats, with the reason', () => {
    expect(() => exportMazeJson(maze)).toThrow(/maze JSON cannot hold a tone maze/);
    expect(() => amazingText(maze)).toThrow(
      /full rectangular square mazes only; this one is adaptive-square/,
    );
  });
});
