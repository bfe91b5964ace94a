import type { Maze } from '../generate/maze.js';
import { PathBuilder, type PathData } from './display-list.js';

/** Maps grid units to page points: (x, y) → (ox + x·scale, oy + y·scale). */
export interface Placement {
  ox: number;
  oy: number;
  scale: number;
}

/** Cross product below which three points count as collinear (grid units squared). */
const COLLINEAR_EPS = 1e-9;

/**
 * Merges the standing walls of a maze into as few polylines as the wall graph allows: chains run through
 * every vertex where exactly two walls meet and straight on through junctions; straight runs become one
 * segment; closed loops are closed. One path for the whole maze, in a fixed order.
 */
export function wallPaths(maze: Maze, place: Placement): PathData {
  const { grid, open } = maze;
  const { vertexCount, wallCount, wallV0, wallV1, vertexX, vertexY } = grid;

  // Vertex → standing walls (CSR).
  const start = new Int32Array(vertexCount + 1);
  for (let w = 0; w < wallCount; w++) {
    if (open[w] !== 0) continue;
    start[wallV0[w] + 1]++;
    start[wallV1[w] + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const fill = start.slice(0, vertexCount);
  const incident = new Int32Array(start[vertexCount]);
  for (let w = 0; w < wallCount; w++) {
    if (open[w] !== 0) continue;
    incident[fill[wallV0[w]]++] = w;
    incident[fill[wallV1[w]]++] = w;
  }

  const used = new Uint8Array(wallCount);
  const out = new PathBuilder();
  const { ox, oy, scale } = place;
  const px = (v: number): number => ox + vertexX[v] * scale;
  const py = (v: number): number => oy + vertexY[v] * scale;

  /** Next unused wall leaving v that continues the direction (dx, dy), or any unused one if v is a plain bend. */
  const nextWall = (v: number, dx: number, dy: number): number => {
    const deg = start[v + 1] - start[v];
    let fallback = -1;
    for (let k = start[v]; k < start[v + 1]; k++) {
      const w = incident[k];
      if (used[w] !== 0) continue;
      const u = wallV0[w] === v ? wallV1[w] : wallV0[w];
      const ex = vertexX[u] - vertexX[v];
      const ey = vertexY[u] - vertexY[v];
      if (Math.abs(dx * ey - dy * ex) < COLLINEAR_EPS && dx * ex + dy * ey > 0) return w;
      fallback = w;
    }
    return deg === 2 ? fallback : -1;
  };

  const walk = (from: number, first: number): void => {
    let v = from;
    let w = first;
    let dx = 0;
    let dy = 0;
    let straight = false;
    out.moveTo(px(v), py(v));
    while (w >= 0) {
      used[w] = 1;
      const u = wallV0[w] === v ? wallV1[w] : wallV0[w];
      const ex = vertexX[u] - vertexX[v];
      const ey = vertexY[u] - vertexY[v];
      const collinear = straight && Math.abs(dx * ey - dy * ex) < COLLINEAR_EPS && dx * ex + dy * ey > 0;
      if (collinear) out.replaceLast(px(u), py(u));
      else out.lineTo(px(u), py(u));
      dx = ex;
      dy = ey;
      straight = true;
      v = u;
      if (v === from) {
        out.close();
        return;
      }
      w = nextWall(v, dx, dy);
    }
  };

  // Open chains start where the wall graph has an end or a junction...
  for (let v = 0; v < vertexCount; v++) {
    const deg = start[v + 1] - start[v];
    if (deg === 0 || deg === 2) continue;
    for (let k = start[v]; k < start[v + 1]; k++) if (used[incident[k]] === 0) walk(v, incident[k]);
  }
  // ...and whatever is left are closed loops of plain bends.
  for (let w = 0; w < wallCount; w++) if (open[w] === 0 && used[w] === 0) walk(wallV0[w], w);
  return out.finish();
}
