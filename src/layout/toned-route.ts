import type { Solution } from '../analyze/solve.js';
import type { Maze } from '../generate/maze.js';
import { PathBuilder, type PathData } from '../vector/path-data.js';
import type { Placement } from './wall-paths.js';

/**
 * The answer route of a maze whose walls have their own widths (a tone maze: `grid.tone`, grid units).
 * Thick walls eat into the cells unevenly, so the route of a plain maze (wall midpoints, straight across each
 * cell) would cut through them. This route runs through the clear part of each passage instead: from the
 * entry opening to the clearest point of each cell (farthest from every standing wall of the cell and of its
 * neighbours, nearest the cell's centre among equals), through the clearest point of each wall it crosses,
 * to the exit opening.
 */

/** Shares of the way from a cell's centre towards each of its corners and wall midpoints tried as its clearest point. */
const CELL_STEPS = [0, 0.15, 0.3, 0.45, 0.6, 0.75];
/** Shares along a crossed wall tried as the route's crossing, middle first. */
const WALL_STEPS = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9];
/** Points sampled on each piece of the route to measure its narrowest clearance. */
const PIECE_SAMPLES = 6;

export interface TonedRoute {
  path: PathData;
  /** The narrowest clear passage along the route, wall face to wall face, in points. */
  clear: number;
}

/** The route in page points (see the module comment) and the narrowest clear passage it runs through. */
export function tonedRoute(maze: Maze, solution: Solution, { ox, oy, scale }: Placement): TonedRoute {
  const { grid, open } = maze;
  const widths = grid.tone?.wallWidth;
  if (!widths) throw new Error('internal: tonedRoute needs a grid with wall widths');
  const { vertexX, vertexY, wallV0, wallV1 } = grid;
  const standing = (w: number): boolean => open[w] === 0 && w !== maze.entryWall && w !== maze.exitWall;

  /** The standing walls of cell c and of its neighbours (the posts at its corners among them). */
  const around = (c: number): number[] => {
    const out: number[] = [];
    const add = (cell: number): void => {
      for (let k = grid.adjStart[cell]; k < grid.adjStart[cell + 1]; k++)
        if (standing(grid.adjWall[k])) out.push(grid.adjWall[k]);
      for (let k = grid.rimStart[cell]; k < grid.rimStart[cell + 1]; k++)
        if (standing(grid.rimWall[k])) out.push(grid.rimWall[k]);
    };
    add(c);
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) add(grid.adjCell[k]);
    return out;
  };
  /** Distance from (x, y) to the nearest face of the walls (grid units; negative inside a wall). */
  const clearance = (x: number, y: number, walls: readonly number[]): number => {
    let least = Infinity;
    for (const w of walls) {
      const x0 = vertexX[wallV0[w]];
      const y0 = vertexY[wallV0[w]];
      const dx = vertexX[wallV1[w]] - x0;
      const dy = vertexY[wallV1[w]] - y0;
      const len2 = dx * dx + dy * dy;
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / len2)) : 0;
      const d = Math.hypot(x - x0 - t * dx, y - y0 - t * dy) - widths[w] / 2;
      if (d < least) least = d;
    }
    return least;
  };
  /** The best of candidate points: most clearance (to a millionth of a unit), then the earliest. */
  const best = (candidates: [number, number][], walls: readonly number[]): [number, number] => {
    let pick = candidates[0];
    let most = -Infinity;
    for (const p of candidates) {
      const c = clearance(p[0], p[1], walls);
      if (c > most + 1e-6) {
        most = c;
        pick = p;
      }
    }
    return pick;
  };
  const cellWalls = (c: number): number[] => {
    const out: number[] = [];
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) out.push(grid.adjWall[k]);
    for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++) out.push(grid.rimWall[k]);
    return out;
  };
  const clearest = (c: number, walls: readonly number[]): [number, number] => {
    const cx = grid.cellX[c];
    const cy = grid.cellY[c];
    const targets: [number, number][] = [];
    for (const w of cellWalls(c)) {
      const x0 = vertexX[wallV0[w]];
      const y0 = vertexY[wallV0[w]];
      const x1 = vertexX[wallV1[w]];
      const y1 = vertexY[wallV1[w]];
      targets.push([x0, y0], [(x0 + x1) / 2, (y0 + y1) / 2]);
    }
    const candidates: [number, number][] = [[cx, cy]];
    for (const s of CELL_STEPS.slice(1))
      for (const [tx, ty] of targets) candidates.push([cx + (tx - cx) * s, cy + (ty - cy) * s]);
    return best(candidates, walls);
  };
  const across = (w: number, walls: readonly number[]): [number, number] => {
    const x0 = vertexX[wallV0[w]];
    const y0 = vertexY[wallV0[w]];
    const dx = vertexX[wallV1[w]] - x0;
    const dy = vertexY[wallV1[w]] - y0;
    return best(
      WALL_STEPS.map((t) => [x0 + dx * t, y0 + dy * t]),
      walls,
    );
  };

  const { cells, walls: crossed } = solution;
  const points: [number, number][] = [];
  /** For each piece of the route (points[i] → points[i + 1]), the walls it must keep clear of. */
  const pieceWalls: number[][] = [];
  const near = cells.length > 0 ? around(cells[0]) : [];
  if (maze.entryWall >= 0) points.push(across(maze.entryWall, near));
  let here = near;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    if (points.length > 0) pieceWalls.push(here);
    points.push(clearest(c, here));
    if (i + 1 < cells.length) {
      const next = around(cells[i + 1]);
      const both = [...here, ...next];
      pieceWalls.push(here);
      points.push(crossed[i] >= 0 ? across(crossed[i], both) : points[points.length - 1]);
      here = next;
    }
  }
  if (maze.exitWall >= 0) {
    pieceWalls.push(here);
    points.push(across(maze.exitWall, here));
  }

  let narrowest = Infinity;
  for (let i = 0; i + 1 < points.length; i++) {
    const [ax, ay] = points[i];
    const [bx, by] = points[i + 1];
    for (let k = 0; k <= PIECE_SAMPLES; k++) {
      const t = k / PIECE_SAMPLES;
      const c = clearance(ax + (bx - ax) * t, ay + (by - ay) * t, pieceWalls[i]);
      if (c < narrowest) narrowest = c;
    }
  }
  const b = new PathBuilder();
  points.forEach(([x, y], i) => {
    if (i === 0) b.moveTo(ox + x * scale, oy + y * scale);
    else b.lineTo(ox + x * scale, oy + y * scale);
  });
  return { path: b.finish(), clear: Number.isFinite(narrowest) ? Math.max(0, 2 * narrowest * scale) : 0 };
}
