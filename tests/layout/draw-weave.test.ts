import { describe, expect, it } from 'vitest';
import { measure } from '../../src/analyze/metrics.js';
import { solve } from '../../src/analyze/solve.js';
import { underWalls, WEAVE_INSET } from '../../src/grid/weave.js';
import { fitGrid } from '../../src/layout/draw-maze.js';
import { weaveGap, weaveSolutionPath, weaveWallPaths } from '../../src/layout/draw-weave.js';
import { LINE, MOVE, type PathData } from '../../src/vector/path-data.js';
import { squareMaze } from '../helpers.js';

/** The free ends of a path's pieces (a point that no other piece starts or ends at), as "x,y" strings. */
function freeEnds(path: PathData): Map<string, number> {
  const ends = new Map<string, number>();
  const add = (x: number, y: number) => {
    const key = `${x.toFixed(3)},${y.toFixed(3)}`;
    ends.set(key, (ends.get(key) ?? 0) + 1);
  };
  let i = 0;
  let lastX = 0;
  let lastY = 0;
  let open = false;
  for (const cmd of path.cmds) {
    if (cmd === MOVE) {
      if (open) add(lastX, lastY);
      add(path.coords[i], path.coords[i + 1]);
      open = true;
    }
    if (cmd === MOVE || cmd === LINE) {
      lastX = path.coords[i];
      lastY = path.coords[i + 1];
      i += 2;
    } else if (cmd !== 2) i += 6;
    else open = false;
  }
  if (open) add(lastX, lastY);
  return ends;
}

describe('inset drawing of weave mazes', () => {
  const maze = squareMaze(12, 10, 3, { algorithm: 'kruskal', options: { straightness: 0, weave: 1 } });
  const rect = { x: 0, y: 0, width: 360, height: 300 };
  const place = fitGrid(maze.grid, rect);
  const wall = 1;

  it('ends the tunnel walls a gap short of each bridge, and leaves no other wall end loose', () => {
    const { grid, open } = maze;
    const under = grid.weave!.under;
    const { near, far } = underWalls(grid);
    const gap = weaveGap(place, wall);
    expect(gap).toBeGreaterThan(0.5 * WEAVE_INSET);
    const expected = new Set<string>();
    const X = (x: number) => place.ox + x * place.scale;
    const Y = (y: number) => place.oy + y * place.scale;
    for (let t = 0; t < grid.wallCount; t++) {
      if (under[t] < 0 || !open[t]) continue;
      const b = under[t];
      for (const w of [near[t], far[t]]) {
        for (const [v, u] of [
          [grid.wallV0[w], grid.wallV1[w]],
          [grid.wallV1[w], grid.wallV0[w]],
        ]) {
          // The stub runs from the foot on the edge towards the inset corner and stops `gap` short of it.
          const rx = grid.vertexX[v] + (grid.vertexX[u] - grid.vertexX[v]) * WEAVE_INSET;
          const ry = grid.vertexY[v] + (grid.vertexY[u] - grid.vertexY[v]) * WEAVE_INSET;
          const qx = grid.vertexX[v] + (grid.cellX[b] - grid.vertexX[v]) * 2 * WEAVE_INSET;
          const qy = grid.vertexY[v] + (grid.cellY[b] - grid.vertexY[v]) * 2 * WEAVE_INSET;
          const keep = 1 - gap / WEAVE_INSET;
          expected.add(`${X(rx + (qx - rx) * keep).toFixed(3)},${Y(ry + (qy - ry) * keep).toFixed(3)}`);
        }
      }
    }
    expect(expected.size).toBeGreaterThan(0);
    const ends = freeEnds(weaveWallPaths(maze, place, wall));
    // Other loose ends (the openings' corridor walls, the rim caps' T-junctions) are checked in weave-rim.
    for (const key of expected) expect(ends.get(key)).toBe(1);
  });

  it('interrupts the route once for each bridge it runs under', () => {
    const solution = solve(maze);
    const { routeCrossings } = measure(maze, solution);
    const route = weaveSolutionPath(maze, solution, place, wall);
    expect(routeCrossings).toBeGreaterThan(0);
    const moves = route.cmds.filter((c) => c === MOVE).length;
    expect(moves).toBe(1 + (routeCrossings ?? 0));
  });
});
