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

  // Vertex → standing walls (CSR, in wall order), each with the vertex at its other end, so a walk reads
  // its next step from the list it is already reading.
  const start = new Int32Array(vertexCount + 1);
  for (let w = 0; w < wallCount; w++) {
    if (open[w] !== 0) continue;
    start[wallV0[w] + 1]++;
    start[wallV1[w] + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const fill = start.slice(0, vertexCount);
  const incident = new Int32Array(start[vertexCount]);
  const otherEnd = new Int32Array(incident.length);
  for (let w = 0; w < wallCount; w++) {
    if (open[w] !== 0) continue;
    const v0 = wallV0[w];
    const v1 = wallV1[w];
    let k = fill[v0]++;
    incident[k] = w;
    otherEnd[k] = v1;
    k = fill[v1]++;
    incident[k] = w;
    otherEnd[k] = v0;
  }

  const used = new Uint8Array(wallCount);
  // Room for the worst case of straight walls (a move and a line each), so the path never regrows; arcs
  // may still make it grow (each can become up to four curves).
  const standing = incident.length / 2;
  const out = new PathBuilder(2 * standing + 1, 4 * standing + 2);
  const { ox, oy, scale } = place;
  const cx = ox + acx * scale;
  const cy = oy + acy * scale;
  /** Scratch for an arc's tangent: [x, y]. */
  const arcDir = new Float64Array(2);
  /**
   * The direction of arc wall w (chord from → to) at its end `at`: perpendicular to the radius, pointing
   * the way the chord goes; into arcDir, not of unit length.
   */
  const arcTangent = (from: number, to: number, at: number): void => {
    const rx = vertexX[at] - acx;
    const ry = vertexY[at] - acy;
    const sign = -ry * (vertexX[to] - vertexX[from]) + rx * (vertexY[to] - vertexY[from]) < 0 ? -1 : 1;
    arcDir[0] = sign * -ry;
    arcDir[1] = sign * rx;
  };

  /**
   * One chain from vertex `from` through the wall of its list entry `first`: on through every plain bend,
   * and straight on (tangent to tangent) through junctions. All its changing state is local, so it stays in
   * registers.
   */
  const walk = (from: number, first: number): void => {
    let v = from;
    let e = first;
    // Direction of travel at v (not of unit length), and whether the last piece was a straight line.
    let dx = 0;
    let dy = 0;
    let straightLine = false;
    // A pending arc (page units), extended while the chain stays on the same circle, then written once.
    let arcOn = false;
    let arcR = 0;
    let arcA0 = 0;
    let arcA1 = 0;
    out.moveTo(ox + vertexX[v] * scale, oy + vertexY[v] * scale);
    while (e >= 0) {
      const w = incident[e];
      const u = otherEnd[e];
      used[w] = 1;
      const ux = ox + vertexX[u] * scale;
      const uy = oy + vertexY[u] * scale;
      if (arcs !== undefined && arcs[w] !== 0) {
        const vx = ox + vertexX[v] * scale;
        const vy = oy + vertexY[v] * scale;
        const r = Math.hypot(vx - cx, vy - cy);
        const { start: a, sweep } = shortSweep(cx, cy, vx, vy, ux, uy);
        if (arcOn && Math.abs(r - arcR) < 1e-6 * r && Math.sign(sweep) === Math.sign(arcA1 - arcA0)) {
          arcA1 += sweep;
        } else {
          if (arcOn) out.arc(cx, cy, arcR, arcA0, arcA1);
          arcOn = true;
          arcR = r;
          arcA0 = a;
          arcA1 = a + sweep;
        }
        straightLine = false;
        arcTangent(v, u, u);
        dx = arcDir[0];
        dy = arcDir[1];
      } else {
        if (arcOn) out.arc(cx, cy, arcR, arcA0, arcA1);
        arcOn = false;
        // A straight wall leaves and arrives in one direction.
        const tx = vertexX[u] - vertexX[v];
        const ty = vertexY[u] - vertexY[v];
        if (straightLine && sameDirection(dx, dy, tx, ty)) out.replaceLast(ux, uy);
        else out.lineTo(ux, uy);
        straightLine = true;
        dx = tx;
        dy = ty;
      }
      v = u;
      if (v === from) {
        if (arcOn) out.arc(cx, cy, arcR, arcA0, arcA1);
        out.close();
        return;
      }
      // The next wall: at a plain bend the other one, whichever way it goes; at a junction the unused one
      // that continues straight on, if any.
      const k0 = start[v];
      const k1 = start[v + 1];
      if (k1 - k0 === 2) {
        e = used[incident[k0]] === 0 ? k0 : used[incident[k0 + 1]] === 0 ? k0 + 1 : -1;
        continue;
      }
      e = -1;
      for (let k = k0; k < k1; k++) {
        const c = incident[k];
        if (used[c] !== 0) continue;
        const t = otherEnd[k];
        let ex = vertexX[t] - vertexX[v];
        let ey = vertexY[t] - vertexY[v];
        if (arcs !== undefined && arcs[c] !== 0) {
          arcTangent(v, t, v);
          ex = arcDir[0];
          ey = arcDir[1];
        }
        if (sameDirection(dx, dy, ex, ey)) {
          e = k;
          break;
        }
      }
    }
    if (arcOn) out.arc(cx, cy, arcR, arcA0, arcA1);
  };

  // Open chains start where the wall graph has an end or a junction...
  for (let v = 0; v < vertexCount; v++) {
    const deg = start[v + 1] - start[v];
    if (deg === 0 || deg === 2) continue;
    for (let k = start[v]; k < start[v + 1]; k++) if (used[incident[k]] === 0) walk(v, k);
  }
  // ...and whatever is left are closed loops of plain bends, each from its lowest wall's first vertex.
  for (let w = 0; w < wallCount; w++) {
    if (open[w] !== 0 || used[w] !== 0) continue;
    const v = wallV0[w];
    let k = start[v];
    while (incident[k] !== w) k++;
    walk(v, k);
  }
  return out.finish();
}

/** Same direction: the sine of the angle between them below SAME_DIR, pointing the same way (any lengths). */
function sameDirection(ax: number, ay: number, bx: number, by: number): boolean {
  const cross = ax * by - ay * bx;
  return cross * cross < SAME_DIR2 * (ax * ax + ay * ay) * (bx * bx + by * by) && ax * bx + ay * by > 0;
}
