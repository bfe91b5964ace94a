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
  /**
   * The narrowest clear passage along the route, wall face to wall face, in points (of its pieces that run
   * clear of the walls; 0 when none does).
   */
  clear: number;
}

/** The route in page points (see the module comment) and the narrowest clear passage it runs through. */
export function tonedRoute(maze: Maze, solution: Solution, { ox, oy, scale }: Placement): TonedRoute {
  const { grid, open } = maze;
  const widths = grid.tone?.wallWidth;
  if (!widths) throw new Error('internal: tonedRoute needs a grid with wall widths');
  const walls: ToneWalls = {
    grid,
    widths,
    standing: (w) => open[w] === 0 && w !== maze.entryWall && w !== maze.exitWall,
  };
  const { points, pieceWalls } = traceRoutePoints(walls, maze, solution);
  const narrowest = narrowestPiece(walls, points, pieceWalls);
  const b = new PathBuilder();
  points.forEach(([x, y], i) => {
    if (i === 0) b.moveTo(ox + x * scale, oy + y * scale);
    else b.lineTo(ox + x * scale, oy + y * scale);
  });
  return { path: b.finish(), clear: Number.isFinite(narrowest) ? Math.max(0, 2 * narrowest * scale) : 0 };
}

/** A tone maze's walls as the route sees them: their widths (grid units) and which of them stand. */
interface ToneWalls {
  grid: Maze['grid'];
  widths: Float32Array;
  /** True for a closed wall that is not the entry or exit opening. */
  standing: (w: number) => boolean;
}

/**
 * Traces the route's points (grid units): the entry opening, the clearest point of each cell and of each wall
 * crossed, the exit opening; `pieceWalls[i]` are the walls the piece points[i] → points[i + 1] must keep clear of.
 */
function traceRoutePoints(
  t: ToneWalls,
  maze: Maze,
  solution: Solution,
): { points: [number, number][]; pieceWalls: number[][] } {
  const { cells, walls: crossed } = solution;
  const points: [number, number][] = [];
  const pieceWalls: number[][] = [];
  const near = cells.length > 0 ? standingAround(t, cells[0]) : [];
  if (maze.entryWall >= 0) points.push(acrossWall(t, maze.entryWall, near));
  let here = near;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    if (points.length > 0) pieceWalls.push(here);
    points.push(clearestInCell(t, c, here));
    if (i + 1 < cells.length) {
      const next = standingAround(t, cells[i + 1]);
      const both = [...here, ...next];
      pieceWalls.push(here);
      points.push(crossed[i] >= 0 ? acrossWall(t, crossed[i], both) : points[points.length - 1]);
      here = next;
    }
  }
  if (maze.exitWall >= 0) {
    pieceWalls.push(here);
    points.push(acrossWall(t, maze.exitWall, here));
  }
  return { points, pieceWalls };
}

/**
 * The narrowest clearance (grid units) of the pieces that run clear of the walls, Infinity when none does: a
 * piece that cuts a thick wall's corner (a door between two thick posts, crossed on the slant) is no passage a
 * narrower line would fit.
 */
function narrowestPiece(t: ToneWalls, points: readonly [number, number][], pieceWalls: number[][]): number {
  let narrowest = Infinity;
  for (let i = 0; i + 1 < points.length; i++) {
    const [ax, ay] = points[i];
    const [bx, by] = points[i + 1];
    let piece = Infinity;
    for (let k = 0; k <= PIECE_SAMPLES; k++) {
      const s = k / PIECE_SAMPLES;
      piece = Math.min(piece, wallClearance(t, ax + (bx - ax) * s, ay + (by - ay) * s, pieceWalls[i]));
    }
    if (piece > 0 && piece < narrowest) narrowest = piece;
  }
  return narrowest;
}

/** The standing walls of cell c and of its neighbours (the posts at its corners among them). */
function standingAround(t: ToneWalls, c: number): number[] {
  const { grid, standing } = t;
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
}

/** Distance from (x, y) to the nearest face of the walls (grid units; negative inside a wall). */
function wallClearance(t: ToneWalls, x: number, y: number, walls: readonly number[]): number {
  const { vertexX, vertexY, wallV0, wallV1 } = t.grid;
  let least = Infinity;
  for (const w of walls) {
    const x0 = vertexX[wallV0[w]];
    const y0 = vertexY[wallV0[w]];
    const dx = vertexX[wallV1[w]] - x0;
    const dy = vertexY[wallV1[w]] - y0;
    const len2 = dx * dx + dy * dy;
    const s = len2 > 0 ? Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / len2)) : 0;
    const d = Math.hypot(x - x0 - s * dx, y - y0 - s * dy) - t.widths[w] / 2;
    if (d < least) least = d;
  }
  return least;
}

/** The best of candidate points: most clearance (to a millionth of a unit), then the earliest. */
function bestPoint(t: ToneWalls, candidates: [number, number][], walls: readonly number[]): [number, number] {
  let pick = candidates[0];
  let most = -Infinity;
  for (const p of candidates) {
    const c = wallClearance(t, p[0], p[1], walls);
    if (c > most + 1e-6) {
      most = c;
      pick = p;
    }
  }
  return pick;
}

/** The clearest point of cell c: tried from its centre towards each of its corners and wall midpoints. */
function clearestInCell(t: ToneWalls, c: number, walls: readonly number[]): [number, number] {
  const { grid } = t;
  const { vertexX, vertexY, wallV0, wallV1 } = grid;
  const cx = grid.cellX[c];
  const cy = grid.cellY[c];
  const targets: [number, number][] = [];
  const own: number[] = [];
  for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) own.push(grid.adjWall[k]);
  for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++) own.push(grid.rimWall[k]);
  for (const w of own) {
    const x0 = vertexX[wallV0[w]];
    const y0 = vertexY[wallV0[w]];
    const x1 = vertexX[wallV1[w]];
    const y1 = vertexY[wallV1[w]];
    targets.push([x0, y0], [(x0 + x1) / 2, (y0 + y1) / 2]);
  }
  const candidates: [number, number][] = [[cx, cy]];
  for (const s of CELL_STEPS.slice(1))
    for (const [tx, ty] of targets) candidates.push([cx + (tx - cx) * s, cy + (ty - cy) * s]);
  return bestPoint(t, candidates, walls);
}

/** The clearest point along wall w where the route crosses it, middle first. */
function acrossWall(t: ToneWalls, w: number, walls: readonly number[]): [number, number] {
  const { vertexX, vertexY, wallV0, wallV1 } = t.grid;
  const x0 = vertexX[wallV0[w]];
  const y0 = vertexY[wallV0[w]];
  const dx = vertexX[wallV1[w]] - x0;
  const dy = vertexY[wallV1[w]] - y0;
  return bestPoint(
    t,
    WALL_STEPS.map((s) => [x0 + dx * s, y0 + dy * s]),
    walls,
  );
}
