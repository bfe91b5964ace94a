import { describe, expect, it } from 'vitest';
import { WEAVE_INSET } from '../../src/grid/weave.js';
import { fitGrid } from '../../src/layout/draw-maze.js';
import { weaveWallPaths } from '../../src/layout/draw-weave.js';
import type { Placement } from '../../src/layout/wall-paths.js';
import { squareMaze, straightPieces } from '../helpers.js';

function distance(px: number, py: number, [x0, y0, x1, y1]: number[]): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const t = Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - x0 - t * dx, py - y0 - t * dy);
}

const covered = (segs: number[][], x: number, y: number): boolean =>
  segs.some((s) => distance(x, y, s) < 1e-6);

describe('the rim of a weave maze', () => {
  for (const [columns, rows, seed] of [
    [12, 10, 3],
    [7, 9, 11],
  ]) {
    it(`${columns}×${rows}: is one closed inset outline, open only at the entry and the exit`, () => {
      const maze = squareMaze(columns, rows, seed, {
        algorithm: 'kruskal',
        options: { straightness: 0, weave: 1 },
      });
      const { grid } = maze;
      const place: Placement = fitGrid(grid, { x: 0, y: 0, width: 360, height: 300 });
      const segs = straightPieces(weaveWallPaths(maze, place, 1));
      const X = (x: number) => place.ox + x * place.scale;
      const Y = (y: number) => place.oy + y * place.scale;
      // The inset outline of the rim: each rim cell's rim side, WEAVE_INSET of the cell in from the edge, and
      // across each rim vertex shared with the next rim cell. Its point at share t along rim wall w of cell c
      // (t below WEAVE_INSET or above 1 − WEAVE_INSET lies in the strip between two rim cells).
      const outline = (c: number, w: number, t: number): [number, number] => {
        const v0 = grid.wallV0[w];
        const v1 = grid.wallV1[w];
        const x0 = grid.vertexX[v0];
        const y0 = grid.vertexY[v0];
        const x1 = grid.vertexX[v1];
        const y1 = grid.vertexY[v1];
        // Offset from the edge to the inset outline: inset corner minus its foot on the edge.
        const ox = (grid.cellX[c] - x0) * 2 * WEAVE_INSET - (x1 - x0) * WEAVE_INSET;
        const oy = (grid.cellY[c] - y0) * 2 * WEAVE_INSET - (y1 - y0) * WEAVE_INSET;
        return [X(x0 + (x1 - x0) * t + ox), Y(y0 + (y1 - y0) * t + oy)];
      };
      // Rim vertices where two rim walls of different cells meet in line: the outline runs on across them.
      const rimOf = new Map<number, number[]>();
      for (const w of grid.rimWall) {
        for (const v of [grid.wallV0[w], grid.wallV1[w]]) rimOf.set(v, [...(rimOf.get(v) ?? []), w]);
      }
      const shared = (v: number, w: number): boolean =>
        (rimOf.get(v) ?? []).some((u) => u !== w && grid.wallCellA[u] !== grid.wallCellA[w]);
      let gaps = 0;
      let checked = 0;
      for (let c = 0; c < grid.cellCount; c++) {
        for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++) {
          const w = grid.rimWall[k];
          const opening = w === maze.entryWall || w === maze.exitWall;
          for (let i = 0; i <= 40; i++) {
            const t = i / 40;
            const end = t < WEAVE_INSET ? grid.wallV0[w] : t > 1 - WEAVE_INSET ? grid.wallV1[w] : -1;
            if (end >= 0 && !shared(end, w)) continue;
            const [x, y] = outline(c, w, t);
            const inDoor = opening && t > WEAVE_INSET + 0.01 && t < 1 - WEAVE_INSET - 0.01;
            if (inDoor) {
              expect(covered(segs, x, y)).toBe(false);
              gaps++;
            } else {
              expect(covered(segs, x, y), `rim wall ${w} at ${t}`).toBe(true);
              checked++;
            }
          }
        }
      }
      expect(gaps).toBeGreaterThan(0);
      expect(checked).toBeGreaterThan(40 * (columns + rows));
    });

    it(`${columns}×${rows}: leaves no wall end loose but the tunnels' stubs and the openings' corridor walls`, () => {
      const maze = squareMaze(columns, rows, seed, {
        algorithm: 'kruskal',
        options: { straightness: 0, weave: 1 },
      });
      const { grid, open } = maze;
      const place: Placement = fitGrid(grid, { x: 0, y: 0, width: 360, height: 300 });
      const segs = straightPieces(weaveWallPaths(maze, place, 1));
      // An end is loose when no other piece ends at it or runs through it (a T-junction is not loose).
      const ends = segs.flatMap((s, i) => [
        [s[0], s[1], i],
        [s[2], s[3], i],
      ]);
      const loose = ends.filter(([x, y, i]) => !segs.some((s, j) => j !== i && distance(x, y, s) < 1e-6));
      // Two corridor walls at each opening; two stubs each side of every bridge an open tunnel runs under.
      const under = grid.weave!.under;
      let tunnels = 0;
      for (let t = 0; t < grid.wallCount; t++) if (under[t] >= 0 && open[t]) tunnels++;
      expect(loose).toHaveLength(4 + 4 * tunnels);
    });
  }
});
