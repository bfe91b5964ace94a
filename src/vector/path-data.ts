/**
 * Vector paths in points: the path data every drawing is made of (the display list's paths, icons, the
 * walls of a maze), a builder over typed arrays, arcs as cubic Béziers, and bounding boxes. Coordinates are
 * y down, as on the page.
 */

export const MOVE = 0;
export const LINE = 1;
export const CLOSE = 2;
export const CURVE = 3;

/**
 * A path as parallel arrays: `cmds[i]` is MOVE/LINE (two coordinates each), CURVE (a cubic Bézier: two
 * control points and the end point, six coordinates) or CLOSE (none).
 */
export interface PathData {
  cmds: Uint8Array;
  coords: Float64Array;
}

/** Growable path builder over typed arrays; `finish()` returns exactly-sized arrays. */
export class PathBuilder {
  private cmds: Uint8Array;
  private coords: Float64Array;
  private nc = 0;
  private nx = 0;

  /** @param cmds, coords room to start with (the builder grows as needed) */
  constructor(cmds = 64, coords = 128) {
    this.cmds = new Uint8Array(Math.max(1, cmds));
    this.coords = new Float64Array(Math.max(2, coords));
  }

  private reserve(cmds: number, coords: number): void {
    if (this.nc + cmds > this.cmds.length) {
      const next = new Uint8Array(Math.max(this.cmds.length * 2, this.nc + cmds));
      next.set(this.cmds);
      this.cmds = next;
    }
    if (this.nx + coords > this.coords.length) {
      const next = new Float64Array(Math.max(this.coords.length * 2, this.nx + coords));
      next.set(this.coords);
      this.coords = next;
    }
  }

  moveTo(x: number, y: number): this {
    this.reserve(1, 2);
    this.cmds[this.nc++] = MOVE;
    this.coords[this.nx++] = x;
    this.coords[this.nx++] = y;
    return this;
  }

  lineTo(x: number, y: number): this {
    this.reserve(1, 2);
    this.cmds[this.nc++] = LINE;
    this.coords[this.nx++] = x;
    this.coords[this.nx++] = y;
    return this;
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): this {
    this.reserve(1, 6);
    this.cmds[this.nc++] = CURVE;
    const c = this.coords;
    c[this.nx++] = x1;
    c[this.nx++] = y1;
    c[this.nx++] = x2;
    c[this.nx++] = y2;
    c[this.nx++] = x;
    c[this.nx++] = y;
    return this;
  }

  /**
   * A circular arc around (cx, cy) of radius r from angle a0 to a1 (radians, y down, so increasing angles
   * turn clockwise on the page), as cubic Béziers of at most 90° each (error below 0.03 % of r). The current
   * point must already be the arc's start.
   */
  arc(cx: number, cy: number, r: number, a0: number, a1: number): this {
    const pieces = arcPieces(a1 - a0);
    this.reserve(pieces, 6 * pieces);
    this.cmds.fill(CURVE, this.nc, this.nc + pieces);
    this.nc += pieces;
    this.nx = writeArcCurves(this.coords, this.nx, cx, cy, r, a0, a1, pieces);
    return this;
  }

  /** The arc around (cx, cy) from (x0, y0) — the current point — to (x1, y1), the short way round. */
  arcAround(cx: number, cy: number, x0: number, y0: number, x1: number, y1: number): this {
    const { start, sweep } = shortSweep(cx, cy, x0, y0, x1, y1);
    return this.arc(cx, cy, Math.hypot(x0 - cx, y0 - cy), start, start + sweep);
  }

  /** Moves the end of the last LINE to (x, y): used to extend a straight run instead of adding a point. */
  replaceLast(x: number, y: number): this {
    this.coords[this.nx - 2] = x;
    this.coords[this.nx - 1] = y;
    return this;
  }

  close(): this {
    this.reserve(1, 0);
    this.cmds[this.nc++] = CLOSE;
    return this;
  }

  get isEmpty(): boolean {
    return this.nc === 0;
  }

  finish(): PathData {
    return { cmds: this.cmds.slice(0, this.nc), coords: this.coords.slice(0, this.nx) };
  }
}

/**
 * The angle of (x0, y0) around (cx, cy) and the signed turn (−π, π] to (x1, y1): the short way round, as
 * the arcs of circle mazes (walls and solutions) are drawn.
 */
export function shortSweep(
  cx: number,
  cy: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): { start: number; sweep: number } {
  const start = Math.atan2(y0 - cy, x0 - cx);
  let sweep = Math.atan2(y1 - cy, x1 - cx) - start;
  if (sweep > Math.PI) sweep -= 2 * Math.PI;
  if (sweep < -Math.PI) sweep += 2 * Math.PI;
  return { start, sweep };
}

/** A closed polygon through the given points. */
export function polygon(points: readonly (readonly [number, number])[]): PathData {
  const b = new PathBuilder();
  points.forEach(([x, y], i) => {
    if (i === 0) b.moveTo(x, y);
    else b.lineTo(x, y);
  });
  return b.close().finish();
}

/** An axis-aligned box, pt. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bounding box of each subpath of a path (its points and Bézier control points), grown by `grow` all round. */
export function subpathBoxes(path: PathData, grow = 0): Box[] {
  const { cmds, coords } = path;
  const boxes: Box[] = [];
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  const flush = () => {
    if (x0 <= x1)
      boxes.push({ x: x0 - grow, y: y0 - grow, width: x1 - x0 + 2 * grow, height: y1 - y0 + 2 * grow });
    x0 = y0 = Number.POSITIVE_INFINITY;
    x1 = y1 = Number.NEGATIVE_INFINITY;
  };
  let j = 0;
  for (const c of cmds) {
    if (c === MOVE) flush();
    const n = c === CURVE ? 6 : c === CLOSE ? 0 : 2;
    for (let k = 0; k < n; k += 2) {
      x0 = Math.min(x0, coords[j + k]);
      x1 = Math.max(x1, coords[j + k]);
      y0 = Math.min(y0, coords[j + k + 1]);
      y1 = Math.max(y1, coords[j + k + 1]);
    }
    j += n;
  }
  flush();
  return boxes;
}

/** The bounding box of a whole path grown by `grow`, or undefined for a path with no points. */
export function pathBox(path: PathData, grow = 0): Box | undefined {
  const boxes = subpathBoxes(path, grow);
  if (boxes.length === 0) return undefined;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** How many cubic Béziers (of at most 90° each) draw an arc sweeping `sweep` radians (either way). */
export function arcPieces(sweep: number): number {
  return Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
}

/**
 * Writes the control points and ends of the `pieces` (`arcPieces(a1 - a0)`) cubic Béziers of the circular arc
 * around (cx, cy) of radius r from angle a0 to a1 (radians, y down) into `coords` from `at`, six numbers per
 * piece (error below 0.03 % of r); the caller writes the CURVE commands and makes the room.
 * @returns where the next coordinate goes
 */
export function writeArcCurves(
  coords: Float64Array,
  at: number,
  cx: number,
  cy: number,
  r: number,
  a0: number,
  a1: number,
  pieces: number,
): number {
  const step = (a1 - a0) / pieces;
  const k = (4 / 3) * Math.tan(step / 4) * r;
  let nx = at;
  for (let i = 0; i < pieces; i++) {
    const s = a0 + i * step;
    const e = s + step;
    const cs = Math.cos(s);
    const ss = Math.sin(s);
    const ce = Math.cos(e);
    const se = Math.sin(e);
    coords[nx++] = cx + r * cs - k * ss;
    coords[nx++] = cy + r * ss + k * cs;
    coords[nx++] = cx + r * ce + k * se;
    coords[nx++] = cy + r * se - k * ce;
    coords[nx++] = cx + r * ce;
    coords[nx++] = cy + r * se;
  }
  return nx;
}
