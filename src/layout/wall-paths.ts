import type { Maze } from '../generate/maze.js';
import { PathBuilder, type PathData, shortSweep } from './display-list.js';

/** Maps grid units to page points: (x, y) → (ox + x·scale, oy + y·scale). */
export interface Placement {
  ox: number;
  oy: number;
  scale: number;
}

/** Sine of the angle below which two directions count as the same (straight on), squared. */
const SAME_DIR2 = 1e-12;

/**
 * Merges the standing walls of a maze into as few pieces as the wall graph allows: chains run through every
 * vertex where exactly two walls meet and straight on (tangent to tangent) through junctions; straight runs
 * become one segment and arcs of one circle one arc (drawn as Béziers); closed loops are closed. One path
 * for the whole maze, in a fixed order.
 */
export function wallPaths(maze: Maze, place: Placement): PathData {
  const { grid, open } = maze;
  const { vertexCount, wallCount, wallV0, wallV1, vertexX, vertexY } = grid;
  const arcs = grid.wallArc;
  const acx = grid.arcCX ?? 0;
  const acy = grid.arcCY ?? 0;

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
  // Room for the worst case of straight walls (a move and a line each), so the path never regrows; arcs
  // may still make it grow (each can become up to four curves).
  const standing = incident.length / 2;
  const out = new PathBuilder(2 * standing + 1, 4 * standing + 2);
  const { ox, oy, scale } = place;
  const px = (v: number): number => ox + vertexX[v] * scale;
  const py = (v: number): number => oy + vertexY[v] * scale;

  // Direction of travel along a wall at one of its ends, left in (tx, ty) to spare allocations; not of unit
  // length (`same` compares directions whatever their lengths).
  let tx = 0;
  let ty = 0;
  const tangent = (w: number, from: number, to: number, at: number): void => {
    const cx = vertexX[to] - vertexX[from];
    const cy = vertexY[to] - vertexY[from];
    if (arcs === undefined || arcs[w] === 0) {
      tx = cx;
      ty = cy;
      return;
    }
    // Tangent of the arc at `at`: perpendicular to the radius, pointing the way the chord goes.
    const rx = vertexX[at] - acx;
    const ry = vertexY[at] - acy;
    const sign = -ry * cx + rx * cy < 0 ? -1 : 1;
    tx = sign * -ry;
    ty = sign * rx;
  };
  /** Same direction: the sine of the angle between them below SAME_DIR, pointing the same way. */
  const same = (ax: number, ay: number, bx: number, by: number): boolean => {
    const cross = ax * by - ay * bx;
    return cross * cross < SAME_DIR2 * (ax * ax + ay * ay) * (bx * bx + by * by) && ax * bx + ay * by > 0;
  };

  /** Next unused wall leaving v that continues the direction (dx, dy), or any unused one if v is a plain bend. */
  const nextWall = (v: number, dx: number, dy: number): number => {
    const from = start[v];
    const to = start[v + 1];
    if (to - from === 2) {
      // A plain bend: the other wall, whichever way it goes.
      const a = incident[from];
      if (used[a] === 0) return a;
      const b = incident[from + 1];
      return used[b] === 0 ? b : -1;
    }
    for (let k = from; k < to; k++) {
      const w = incident[k];
      if (used[w] !== 0) continue;
      const u = wallV0[w] === v ? wallV1[w] : wallV0[w];
      tangent(w, v, u, v);
      if (same(dx, dy, tx, ty)) return w;
    }
    return -1;
  };

  // A pending arc (page units) is extended while the chain stays on the same circle, then written once.
  const cx = ox + acx * scale;
  const cy = oy + acy * scale;
  let arcOn = false;
  let arcR = 0;
  let arcA0 = 0;
  let arcA1 = 0;
  const flushArc = (): void => {
    if (arcOn) out.arc(cx, cy, arcR, arcA0, arcA1);
    arcOn = false;
  };
  const addArc = (v: number, u: number): void => {
    const r = Math.hypot(px(v) - cx, py(v) - cy);
    const { start: a, sweep } = shortSweep(cx, cy, px(v), py(v), px(u), py(u));
    if (arcOn && Math.abs(r - arcR) < 1e-6 * r && Math.sign(sweep) === Math.sign(arcA1 - arcA0)) {
      arcA1 += sweep;
      return;
    }
    flushArc();
    arcOn = true;
    arcR = r;
    arcA0 = a;
    arcA1 = a + sweep;
  };

  const walk = (from: number, first: number): void => {
    let v = from;
    let w = first;
    let dx = 0;
    let dy = 0;
    let straightLine = false;
    out.moveTo(px(v), py(v));
    while (w >= 0) {
      used[w] = 1;
      const u = wallV0[w] === v ? wallV1[w] : wallV0[w];
      if (arcs !== undefined && arcs[w] !== 0) {
        addArc(v, u);
        straightLine = false;
        tangent(w, v, u, u);
      } else {
        flushArc();
        // A straight wall leaves and arrives in one direction.
        tangent(w, v, u, v);
        if (straightLine && same(dx, dy, tx, ty)) out.replaceLast(px(u), py(u));
        else out.lineTo(px(u), py(u));
        straightLine = true;
      }
      dx = tx;
      dy = ty;
      v = u;
      if (v === from) {
        flushArc();
        out.close();
        return;
      }
      w = nextWall(v, dx, dy);
    }
    flushArc();
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
