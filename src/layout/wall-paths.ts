import type { Maze } from '../generate/maze.js';
import { arcPieces, CLOSE, CURVE, LINE, MOVE, type PathData, writeArcCurves } from '../vector/path-data.js';
import { hypot } from './hypot.js';
import { warmUpMazes } from './warm-up-mazes.js';

/** Maps grid units to page points: (x, y) → (ox + x·scale, oy + y·scale). */
export interface Placement {
  ox: number;
  oy: number;
  scale: number;
}

/**
 * Bytes from which an array's room is taken as pages fresh from the system (zero pages that hold memory only
 * once written): allocators map blocks this large on their own (glibc's largest mmap threshold is 32 MB).
 */
const FRESH_PAGES = 32 << 20;

/** Sine of the angle below which two directions count as the same (straight on), squared. */
const SAME_DIR2 = 1e-12;

/**
 * Merges the standing walls of a maze into as few pieces as the wall graph allows: chains run through every
 * vertex where exactly two walls meet and straight on (tangent to tangent) through junctions; straight runs
 * become one segment and arcs of one circle one arc (drawn as Béziers); closed loops are closed. One path
 * for the whole maze, in a fixed order.
 */
export function wallPaths(maze: Maze, place: Placement): PathData {
  // Every field is read here, before any long loop: the loops below are small functions of typed arrays and
  // numbers (and the Walk, always made here), so what V8 compiles while they run never meets a grid or maze
  // object of a shape it was not warmed up with.
  const { grid, open } = maze;
  const { vertexCount, wallCount, wallV0, wallV1, vertexX, vertexY } = grid;
  const arcs = grid.arcs?.curved;
  const acx = grid.arcs?.cx ?? 0;
  const acy = grid.arcs?.cy ?? 0;
  const { ox, oy, scale } = place;

  // Vertex → standing walls (CSR, in wall order) as triples [wall, the vertex at its other end, the wall's
  // entry in that vertex's list], so a walk reads its next step from the list it is already reading and
  // marks a drawn wall in both its entries (as ~wall) without a search.
  const start = new Int32Array(vertexCount + 1);
  countStanding(open, wallCount, wallV0, wallV1, start);
  const entries = start[vertexCount];
  const inc = new Int32Array(3 * entries);
  fillIncidence(open, wallCount, wallV0, wallV1, start, inc);

  // Room for the worst case, so the path never grows: a chain of m walls writes a move, at most one line
  // per straight wall and two curves per arc wall (each turns at most π, a curve at most π/2), and a
  // close when it is a loop (m ≥ 2).
  const standing = entries / 2;
  const arcGrid = arcs !== undefined;
  const s: Walk = {
    start,
    inc,
    vertexX,
    vertexY,
    arcs,
    ox,
    oy,
    scale,
    acx,
    acy,
    cx: ox + acx * scale,
    cy: oy + acy * scale,
    cmds: new Uint8Array((arcGrid ? 3 : 2) * standing + 1),
    coords: new Float64Array((arcGrid ? 14 : 4) * standing + 2),
    nc: 0,
    nx: 0,
    drawn: 0,
  };
  walkOpenChains(s, vertexCount);
  // Whatever is left are closed loops of plain bends (a perfect maze has none: its walls all reach the rim).
  if (s.drawn < standing) walkLoops(s, open, wallV0, wallCount, standing);
  if (s.nc > s.cmds.length || s.nx > s.coords.length) throw new Error('internal: wall path overran its room');
  // Views of the arrays when they are mostly used (a copy would cost more than the room it frees) or when
  // their room is so large that it came as fresh pages from the system, which hold memory only where written
  // (a copy would add what it copies to the peak and cost a million-cell circle ~15 ms).
  const cut = <T extends Uint8Array | Float64Array>(a: T, n: number): T =>
    (2 * n >= a.length || a.byteLength >= FRESH_PAGES ? a.subarray(0, n) : a.slice(0, n)) as T;
  return { cmds: cut(s.cmds, s.nc), coords: cut(s.coords, s.nx) };
}

/**
 * Counts the standing walls among the first `wallCount` at each vertex into start[v + 1] (start all zeros,
 * one longer than the vertices) and sums them, so start[v] is where v's list begins and start[vertexCount]
 * the number of entries.
 */
function countStanding(
  open: Uint8Array,
  wallCount: number,
  wallV0: Int32Array,
  wallV1: Int32Array,
  start: Int32Array,
): void {
  for (let w = 0; w < wallCount; w++) {
    if (open[w] !== 0) continue;
    start[wallV0[w] + 1]++;
    start[wallV1[w] + 1]++;
  }
  const vertexCount = start.length - 1;
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
}

/**
 * Fills the vertex lists (see wallPaths) in wall order. Each list is filled by advancing its start, which
 * then holds the next list's start, and the starts are shifted back after.
 */
function fillIncidence(
  open: Uint8Array,
  wallCount: number,
  wallV0: Int32Array,
  wallV1: Int32Array,
  start: Int32Array,
  inc: Int32Array,
): void {
  for (let w = 0; w < wallCount; w++) {
    if (open[w] !== 0) continue;
    const v0 = wallV0[w];
    const v1 = wallV1[w];
    const k0 = start[v0]++;
    const k1 = start[v1]++;
    inc[3 * k0] = w;
    inc[3 * k0 + 1] = v1;
    inc[3 * k0 + 2] = k1;
    inc[3 * k1] = w;
    inc[3 * k1 + 1] = v0;
    inc[3 * k1 + 2] = k0;
  }
  start.copyWithin(1, 0, start.length - 1);
  start[0] = 0;
}

/** The open chains: from every vertex where the wall graph has an end or a junction, in vertex order. */
function walkOpenChains(s: Walk, vertexCount: number): void {
  const { start, inc } = s;
  const chain = s.arcs === undefined ? walkStraight : walk;
  for (let v = 0; v < vertexCount; v++) {
    const k1 = start[v + 1];
    const deg = k1 - start[v];
    if (deg === 0 || deg === 2) continue;
    for (let k = start[v]; k < k1; k++) if (inc[3 * k] >= 0) chain(s, v, k);
  }
}

/**
 * `walk` where the grid has no arcs: the same chains and the same path, from a function a fraction of walk's
 * size, which V8 compiles sooner (it runs unoptimized until then) and runs faster, having no arc to test for.
 */
function walkStraight(s: Walk, from: number, first: number): void {
  const { start, inc, vertexX, vertexY, ox, oy, scale } = s;
  const { cmds, coords } = s;
  let { nc, nx } = s;
  let v = from;
  let e = first;
  let steps = 0;
  let dx = 0;
  let dy = 0;
  let straightLine = false;
  cmds[nc++] = MOVE;
  coords[nx++] = ox + vertexX[v] * scale;
  coords[nx++] = oy + vertexY[v] * scale;
  while (e >= 0) {
    const w = inc[3 * e];
    const u = inc[3 * e + 1];
    inc[3 * e] = ~w;
    inc[3 * inc[3 * e + 2]] = ~w;
    steps++;
    const ux = ox + vertexX[u] * scale;
    const uy = oy + vertexY[u] * scale;
    const tx = vertexX[u] - vertexX[v];
    const ty = vertexY[u] - vertexY[v];
    if (straightLine && sameDirection(dx, dy, tx, ty)) {
      coords[nx - 2] = ux;
      coords[nx - 1] = uy;
    } else {
      cmds[nc++] = LINE;
      coords[nx++] = ux;
      coords[nx++] = uy;
    }
    straightLine = true;
    dx = tx;
    dy = ty;
    v = u;
    if (v === from) break;
    const k0 = start[v];
    const k1 = start[v + 1];
    if (k1 - k0 === 2) {
      e = inc[3 * k0] >= 0 ? k0 : inc[3 * k0 + 3] >= 0 ? k0 + 1 : -1;
      continue;
    }
    e = -1;
    for (let k = k0; k < k1; k++) {
      if (inc[3 * k] < 0) continue;
      const t = inc[3 * k + 1];
      if (sameDirection(dx, dy, vertexX[t] - vertexX[v], vertexY[t] - vertexY[v])) {
        e = k;
        break;
      }
    }
  }
  if (v === from) cmds[nc++] = CLOSE;
  s.drawn += steps;
  s.nc = nc;
  s.nx = nx;
}

/** The closed loops left, each from its lowest wall's first vertex. */
function walkLoops(s: Walk, open: Uint8Array, wallV0: Int32Array, wallCount: number, standing: number): void {
  const { start, inc } = s;
  for (let w = 0; w < wallCount && s.drawn < standing; w++) {
    if (open[w] !== 0) continue;
    const v = wallV0[w];
    let k = start[v];
    while (inc[3 * k] !== w && inc[3 * k] !== ~w) k++;
    if (inc[3 * k] === w) (s.arcs === undefined ? walkStraight : walk)(s, v, k);
  }
}

/** The state of the chains being walked: the standing walls' lists and the path written so far. */
interface Walk {
  readonly start: Int32Array;
  /** Per vertex, [wall, other end, entry at the other end] of each standing wall; ~wall once drawn. */
  readonly inc: Int32Array;
  readonly vertexX: Float64Array;
  readonly vertexY: Float64Array;
  readonly arcs: Uint8Array | undefined;
  readonly ox: number;
  readonly oy: number;
  readonly scale: number;
  /** The arcs' centre, in grid units and on the page. */
  readonly acx: number;
  readonly acy: number;
  readonly cx: number;
  readonly cy: number;
  readonly cmds: Uint8Array;
  readonly coords: Float64Array;
  nc: number;
  nx: number;
  /** Walls drawn so far. */
  drawn: number;
}

/**
 * One chain from vertex `from` through the wall of its list entry `first`: on through every plain bend,
 * and straight on (tangent to tangent) through junctions. The path's ends are kept in locals while the
 * chain runs (the room for its moves and lines is already there) and put back at its end. A pending arc is
 * written in one place, when the next wall does not extend it or the chain ends (one more turn of the loop
 * with no wall), so the optimizer compiles the Bézier writing once.
 */
function walk(s: Walk, from: number, first: number): void {
  const { start, inc, vertexX, vertexY, ox, oy, scale, acx, acy, cx, cy } = s;
  const arcs = s.arcs as Uint8Array;
  const { cmds, coords } = s;
  let { nc, nx } = s;
  let v = from;
  let e = first;
  let steps = 0;
  // Direction of travel at v (not of unit length), and whether the last piece was a straight line.
  let dx = 0;
  let dy = 0;
  let straightLine = false;
  // A pending arc (page units), extended while the chain stays on the same circle, then written once.
  let arcOn = false;
  let arcR = 0;
  let arcA0 = 0;
  let arcA1 = 0;
  // The angle of v around the arcs' centre when the last piece was an arc that ended there.
  let arcEnd = false;
  let vAngle = 0;
  cmds[nc++] = MOVE;
  coords[nx++] = ox + vertexX[v] * scale;
  coords[nx++] = oy + vertexY[v] * scale;
  for (;;) {
    // The next wall (none at the chain's end): an arc's start angle and its turn, and whether it extends the
    // pending arc (the same circle, turning the same way).
    let w = -1;
    let u = v;
    let arc = false;
    let extend = false;
    let a = 0;
    let sweep = 0;
    if (e >= 0) {
      w = inc[3 * e];
      u = inc[3 * e + 1];
      // Drawn: marked here and in u's list.
      inc[3 * e] = ~w;
      inc[3 * inc[3 * e + 2]] = ~w;
      steps++;
      arc = arcs[w] !== 0;
      if (arc) {
        // The short way round from v to u (as shortSweep turns); v's angle is u's of the arc before, if any.
        const qx = ox + vertexX[v] * scale - cx;
        const qy = oy + vertexY[v] * scale - cy;
        a = arcEnd ? vAngle : Math.atan2(qy, qx);
        vAngle = Math.atan2(oy + vertexY[u] * scale - cy, ox + vertexX[u] * scale - cx);
        arcEnd = true;
        sweep = vAngle - a;
        if (sweep > Math.PI) sweep -= 2 * Math.PI;
        if (sweep < -Math.PI) sweep += 2 * Math.PI;
        extend = arcOn && Math.sign(sweep) === Math.sign(arcA1 - arcA0) && onCircle(qx, qy, arcR);
      }
    }
    if (arcOn && !extend) {
      const pieces = arcPieces(arcA1 - arcA0);
      // A loop, not fill(): a built-in call costs more than one or two stores.
      for (let i = 0; i < pieces; i++) cmds[nc + i] = CURVE;
      nc += pieces;
      nx = writeArcCurves(coords, nx, cx, cy, arcR, arcA0, arcA1, pieces);
      arcOn = false;
    }
    if (e < 0) break;
    const ux = ox + vertexX[u] * scale;
    const uy = oy + vertexY[u] * scale;
    if (arc) {
      if (extend) {
        arcA1 += sweep;
      } else {
        arcOn = true;
        arcR = hypot(ox + vertexX[v] * scale - cx, oy + vertexY[v] * scale - cy);
        arcA0 = a;
        arcA1 = a + sweep;
      }
      straightLine = false;
      // The arc's direction at u: perpendicular to the radius, the way the chord goes.
      const rx = vertexX[u] - acx;
      const ry = vertexY[u] - acy;
      const sign = -ry * (vertexX[u] - vertexX[v]) + rx * (vertexY[u] - vertexY[v]) < 0 ? -1 : 1;
      dx = sign * -ry;
      dy = sign * rx;
    } else {
      arcEnd = false;
      // A straight wall leaves and arrives in one direction.
      const tx = vertexX[u] - vertexX[v];
      const ty = vertexY[u] - vertexY[v];
      if (straightLine && sameDirection(dx, dy, tx, ty)) {
        coords[nx - 2] = ux;
        coords[nx - 1] = uy;
      } else {
        cmds[nc++] = LINE;
        coords[nx++] = ux;
        coords[nx++] = uy;
      }
      straightLine = true;
      dx = tx;
      dy = ty;
    }
    v = u;
    e = -1;
    if (v === from) continue;
    // The next wall: at a plain bend the other one, whichever way it goes; at a junction the unused one
    // that continues straight on, if any.
    const k0 = start[v];
    const k1 = start[v + 1];
    if (k1 - k0 === 2) {
      e = inc[3 * k0] >= 0 ? k0 : inc[3 * k0 + 3] >= 0 ? k0 + 1 : -1;
      continue;
    }
    e = straightOn(s, v, dx, dy);
  }
  if (v === from) cmds[nc++] = CLOSE;
  s.drawn += steps;
  s.nc = nc;
  s.nx = nx;
}

/**
 * At junction v, the list entry of the unused wall that leaves in direction (dx, dy) (grid units, not of unit
 * length; an arc's direction is its tangent at v), or -1 when none continues straight on.
 */
function straightOn(s: Walk, v: number, dx: number, dy: number): number {
  const { start, inc, vertexX, vertexY, acx, acy } = s;
  const arcs = s.arcs as Uint8Array;
  for (let k = start[v]; k < start[v + 1]; k++) {
    const c = inc[3 * k];
    if (c < 0) continue;
    const t = inc[3 * k + 1];
    let ex = vertexX[t] - vertexX[v];
    let ey = vertexY[t] - vertexY[v];
    if (arcs[c] !== 0) {
      // The arc's direction at v, leaving towards t.
      const rx = vertexX[v] - acx;
      const ry = vertexY[v] - acy;
      const sign = -ry * (vertexX[t] - vertexX[v]) + rx * (vertexY[t] - vertexY[v]) < 0 ? -1 : 1;
      ex = sign * -ry;
      ey = sign * rx;
    }
    if (sameDirection(dx, dy, ex, ey)) return k;
  }
  return -1;
}

/**
 * Whether the point (qx, qy) from the arcs' centre (page units) lies on the circle of radius r, as
 * `Math.abs(hypot(qx, qy) - r) < 1e-6 * hypot(qx, qy)` decides it, mostly from squares alone: the distance's
 * square within 1e-9 of r's (relative to it) is on the circle and beyond 1e-3 off it, whatever the rounding;
 * only between the two is the distance taken. Rings of a circle maze are a whole unit apart, so the hypot
 * runs only where an arc starts.
 */
export function onCircle(qx: number, qy: number, r: number): boolean {
  const d2 = qx * qx + qy * qy;
  const off = Math.abs(d2 - r * r);
  if (off < 1e-9 * d2) return true;
  if (off > 1e-3 * d2) return false;
  const d = hypot(qx, qy);
  return Math.abs(d - r) < 1e-6 * d;
}

/** Same direction: the sine of the angle between them below SAME_DIR, pointing the same way (any lengths). */
function sameDirection(ax: number, ay: number, bx: number, by: number): boolean {
  const cross = ax * by - ay * bx;
  return cross * cross < SAME_DIR2 * (ax * ax + ay * ay) * (bx * bx + by * by) && ax * bx + ay * by > 0;
}

// wallPaths runs once per maze, so for a million-cell maze V8 would optimize its loops from what their first
// stretch showed it and deoptimize at every case met later (an arc, a junction, a loop): a few runs over tiny
// mazes with every case first (see warmUpMazes).
for (let i = 0; i < 12; i++)
  for (const maze of warmUpMazes()) wallPaths(maze, { ox: 1.5, oy: 2.25, scale: 3.5 });
