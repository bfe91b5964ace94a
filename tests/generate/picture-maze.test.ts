import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { generateMaze, type MazeRecipe } from '../../src/generate/generate-maze.js';
import { algorithmInfo, algorithmNames } from '../../src/generate/registry.js';
import type { Raster } from '../../src/grid/raster.js';
import { minUnit } from '../../src/mask/tone.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { isSpanningTree, recipe } from '../helpers.js';

/** Dark in the middle, light at the edges. */
function spot(width = 64, height = 48): Raster {
  const data = new Float32Array(width * height);
  for (let j = 0; j < height; j++)
    for (let i = 0; i < width; i++)
      data[j * width + i] = Math.min(1, Math.hypot(i / width - 0.5, j / height - 0.5) * 2);
  return { width, height, data };
}

const floors = { passage: 4, line: 0.5 };

function tone(shape: 'square' | 'triangle', extra: Partial<MazeRecipe> = {}): MazeRecipe {
  return recipe(shape === 'square' ? 5 : 9, 4, {
    shape,
    picture: { tone: { lightness: spot(), levels: 2, unit: minUnit(shape, floors), floors } },
    ...extra,
  });
}

describe('tone mazes with every algorithm', () => {
  const usable = algorithmNames.filter((a) => !('squareOnly' in algorithmInfo[a]));
  it.each(usable)('%s makes a spanning tree of an adaptive square and triangle grid', (algorithm) => {
    for (const shape of ['square', 'triangle'] as const) {
      const maze = generateMaze(tone(shape, { algorithm }), deriveSeed(9, algorithm, 0), 'test');
      expect(maze.grid.topology).toBe(`adaptive-${shape}`);
      expect(isSpanningTree(maze)).toBe(true);
      expect(solve(maze).cells.length).toBeGreaterThan(1);
    }
  });

  it('gives the same maze for the same seed, and shares the grid between candidates', () => {
    const r = tone('square');
    const a = generateMaze(r, deriveSeed(1, 'k', 0), 'test');
    const b = generateMaze({ ...r }, deriveSeed(1, 'k', 0), 'test');
    const c = generateMaze(r, deriveSeed(1, 'k', 1), 'test');
    expect(b.open).toEqual(a.open);
    expect(c.grid).toBe(a.grid);
    expect(c.open).not.toEqual(a.open);
  });

  it('keeps a spanning tree with a route on triangles, ends where the sketch does', () => {
    const r = tone('triangle', {
      picture: {
        ...tone('triangle').picture,
        route: {
          main: [
            [0, 0.5],
            [0.5, 0.5],
            [1, 0.5],
          ],
        },
      },
    });
    const maze = generateMaze(r, deriveSeed(2, 'route', 0), 'test');
    expect(isSpanningTree(maze)).toBe(true);
    const { grid } = maze;
    expect(grid.cellX[maze.entryCell]).toBeLessThan(grid.width / 4);
    expect(grid.cellX[maze.exitCell]).toBeGreaterThan((3 * grid.width) / 4);
  });
});
