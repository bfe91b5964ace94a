import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { absentColours, regionPictureMaze } from '../../src/generate/region-picture.js';
import { bfs } from '../../src/grid/bfs.js';
import type { Grid } from '../../src/grid/grid.js';
import type { Raster } from '../../src/grid/raster.js';
import { coverage } from '../../src/mask/apply.js';
import type { RegionMap } from '../../src/mask/regions.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { toneGrid } from '../../src/mask/tone.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';

const W = 120;
const H = 100;
/** Lightness: dark at the top, light at the bottom. */
const lightness: Raster = {
  width: W,
  height: H,
  data: Float32Array.from({ length: W * H }, (_, p) => Math.floor(p / W) / H),
};
/**
 * Labels: 0 left, 1 right, 2 a drawn line across the left half, 3 a route from (5 %, 30 %) across to
 * (95 %, 70 %), 4 an unlisted colour in the bottom-right corner.
 */
function regionMap(): RegionMap {
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const fx = (x + 0.5) / W;
      const fy = (y + 0.5) / H;
      let l = fx < 0.5 ? 0 : 1;
      if (fx > 0.85 && fy > 0.85) l = 4;
      if (fx > 0.1 && fx < 0.4 && Math.abs(fy - 0.6) < 0.01) l = 2;
      const t = (fx - 0.05) / 0.9;
      if (t >= 0 && t <= 1 && Math.abs(fy - (0.3 + 0.4 * t)) < 0.012) l = 3;
      data[y * W + x] = l;
    }
  }
  const pixels = [0, 0, 0, 0, 0];
  for (const l of data) pixels[l]++;
  return {
    labels: { width: W, height: H, data },
    colours: ['#3366cc', '#cc6633', '#111111', '#e0309a', '#00ff00'],
    listed: 4,
    pixels,
  };
}

function isTree(grid: Grid, open: Uint8Array, ends: number[]): boolean {
  const inner = open.slice();
  for (const w of ends) if (w >= 0) inner[w] = 0;
  let passages = 0;
  for (let w = 0; w < grid.wallCount; w++) if (inner[w] && grid.wallCellB[w] >= 0) passages++;
  return passages === grid.cellCount - 1 && bfs(grid, inner, 0).reached === grid.cellCount;
}

describe('regionPictureMaze', () => {
  const full = toneGrid({
    lightness,
    tiling: 'square',
    columns: 12,
    rows: 10,
    levels: 2,
    unit: 3.5,
    passage: 3,
    line: 0.5,
  });
  const styles = [
    { texture: 'directional', angle: 0 } as const,
    { texture: 'concentric' } as const,
    'lines' as const,
    'route' as const,
  ];
  const ends = { entry: { kind: 'auto' } as const, exit: { kind: 'auto' } as const };

  it('follows a route drawn in the region map, keeps drawn walls, and names colours with no style', () => {
    const notes: string[] = [];
    const maze = regionPictureMaze(
      full,
      undefined,
      { lightness, regions: { map: regionMap(), styles } },
      ends,
      createRng(deriveSeed(1, 'picture')),
      'page 3',
      (m) => notes.push(m),
    );
    expect(isTree(maze.grid, maze.open, [maze.entryWall, maze.exitWall])).toBe(true);
    expect(notes.join('\n')).toMatch(/colours with no style, filled random: #00ff00 \(\d+ px\)/);
    // The route starts by the left edge and ends by the right edge, as drawn.
    expect(maze.grid.cellX[maze.entryCell]).toBeLessThan(0.2 * maze.grid.width);
    expect(maze.grid.cellX[maze.exitCell]).toBeGreaterThan(0.8 * maze.grid.width);
    const sketchLength = (0.9 * maze.grid.width) / 2; // in finest cells at most
    expect(solve(maze).cells.length).toBeGreaterThan(sketchLength);
  });

  it('keeps regions and waypoints registered with the picture under a mask', () => {
    const keep = coverage(full, builtinShape('circle'));
    const notes: string[] = [];
    const maze = regionPictureMaze(
      full,
      keep,
      {
        lightness,
        regions: { map: regionMap(), styles: [styles[0], styles[1], 'lines', { texture: 'random' }] },
        route: {
          main: [
            [0.3, 0.5],
            [0.7, 0.5],
          ],
        },
      },
      ends,
      createRng(deriveSeed(2, 'picture')),
      'page 4',
      (m) => notes.push(m),
    );
    expect(isTree(maze.grid, maze.open, [maze.entryWall, maze.exitWall])).toBe(true);
    expect(maze.grid.cellCount).toBe(keep.reduce((a, b) => a + b, 0));
    // The waypoints are 30 % and 70 % across the picture's box, which the circle does not fill edge to edge.
    const firstKept = keep.indexOf(1);
    const shiftX = maze.grid.cellX[0] - full.cellX[firstKept];
    const entryX = maze.grid.cellX[maze.entryCell] - shiftX;
    const exitX = maze.grid.cellX[maze.exitCell] - shiftX;
    expect(Math.abs(entryX - 0.3 * full.width)).toBeLessThan(4);
    expect(Math.abs(exitX - 0.7 * full.width)).toBeLessThan(4);
    expect(maze.entryWall).toBe(-1);
  });

  it('names route points by their place in the box when they cannot be honoured', () => {
    const keep = coverage(full, builtinShape('circle'));
    expect(() =>
      regionPictureMaze(
        full,
        keep,
        {
          route: {
            main: [
              [0.5, 0.5],
              [0.01, 0.01],
            ],
          },
        },
        ends,
        createRng([1, 2, 3, 4]),
        'page 5',
      ),
    ).toThrow(/route point 2 \(0.01, 0.01\) is outside the maze/);
    // Across the hole of a ring.
    const ring = coverage(full, builtinShape('ring'));
    const across = {
      main: [
        [0.5, 0.05],
        [0.5, 0.95],
      ] as [number, number][],
    };
    expect(() =>
      regionPictureMaze(full, ring, { route: across }, ends, createRng([1, 2, 3, 4]), 'page 5'),
    ).toThrow(/the route from route point 1 \(0.5, 0.05\) to route point 2 \(0.5, 0.95\) leaves the maze/);
  });

  it('lists the styled colours the map does not show', () => {
    const map = regionMap();
    expect(absentColours({ ...map, pixels: [5, 0, 3, 0, 9] })).toEqual(['#cc6633', '#e0309a']);
  });
});
