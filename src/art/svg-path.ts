/**
 * SVG path data read into any drawing sink: the grammar once, for the layout's paths (display-list
 * `PathBuilder`), for checking a picture while planning, and for rewriting bundled art into plain commands.
 */

/** Where path commands go, in the path's own units (x right, y down). */
export interface PathSink {
  moveTo(x: number, y: number): unknown;
  lineTo(x: number, y: number): unknown;
  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): unknown;
  close(): unknown;
}

/** Thrown by {@link parseSvgPath} with the position of the offending character (1-based). */
export class SvgPathError extends Error {
  constructor(
    readonly what: string,
    readonly column: number,
  ) {
    super(`${what} at character ${column}`);
  }
}

/** Upper bound on commands in one path, so that a hostile file cannot exhaust memory. */
const MAX_COMMANDS = 200_000;

/**
 * Reads SVG path data (the `d` attribute, SVG 1.1 grammar: M L H V C S Q T A Z, absolute and relative,
 * implicit repetitions) into `sink` as moves, lines, cubics and closes in the same units. Quadratic Béziers
 * become cubics, elliptical arcs become cubics of at most 90° each (the SVG implementation notes'
 * endpoint-to-centre conversion, radii scaled up when too small, a zero radius drawing a line). Throws
 * {@link SvgPathError} on malformed data.
 */
export function readSvgPath<S extends PathSink>(d: string, sink: S): S {
  const r = new PathReader(tokenize(d), d, sink);
  const { tokens } = r;
  let count = 0;
  while (r.i < tokens.length) {
    const t = tokens[r.i];
    if (typeof t.value === 'string') {
      r.cmd = t.value;
      r.i++;
    } else if (r.cmd === '') {
      throw new SvgPathError(r.empty ? 'path data must start with M' : 'expected a command letter', t.column);
    }
    if (++count > MAX_COMMANDS) throw new SvgPathError(`more than ${MAX_COMMANDS} commands`, t.column);
    const lower = r.cmd.toLowerCase();
    if (r.empty && lower !== 'm') throw new SvgPathError('path data must start with M', t.column);
    drawCommand(r, t.column);
    if (lower === 'z') r.cmd = '';
  }
  return sink;
}

/**
 * A path being read: its tokens and the next one's index, the current command, whether anything was drawn
 * yet, the pen, the subpath's start and the last control points (for the smooth S and T commands).
 */
class PathReader {
  i = 0;
  cmd = '';
  empty = true;
  x = 0;
  y = 0;
  startX = 0;
  startY = 0;
  lastC: [number, number] | undefined;
  lastQ: [number, number] | undefined;

  constructor(
    readonly tokens: readonly Token[],
    readonly d: string,
    readonly b: PathSink,
  ) {}

  num(): number {
    const t = this.tokens[this.i];
    if (t === undefined || typeof t.value !== 'number') {
      throw new SvgPathError(`expected a number after '${this.cmd}'`, t?.column ?? this.d.length + 1);
    }
    this.i++;
    return t.value;
  }

  flag(): boolean {
    const v = this.num();
    if (v !== 0 && v !== 1)
      throw new SvgPathError('an arc flag must be 0 or 1', this.tokens[this.i - 1].column);
    return v === 1;
  }
}

/** Draws one command of the reader's current kind with its numbers into the sink, and moves the pen. */
function drawCommand(r: PathReader, column: number): void {
  const { b, cmd } = r;
  const lower = cmd.toLowerCase();
  const rel = cmd !== cmd.toUpperCase() || cmd === 'z';
  const ox = rel ? r.x : 0;
  const oy = rel ? r.y : 0;
  let c: [number, number] | undefined;
  let q: [number, number] | undefined;
  switch (lower) {
    case 'm':
      r.x = ox + r.num();
      r.y = oy + r.num();
      b.moveTo(r.x, r.y);
      r.empty = false;
      r.startX = r.x;
      r.startY = r.y;
      r.cmd = rel ? 'l' : 'L'; // further pairs are lines
      break;
    case 'l':
      r.x = ox + r.num();
      r.y = oy + r.num();
      b.lineTo(r.x, r.y);
      break;
    case 'h':
      r.x = ox + r.num();
      b.lineTo(r.x, r.y);
      break;
    case 'v':
      r.y = oy + r.num();
      b.lineTo(r.x, r.y);
      break;
    case 'c':
    case 's': {
      // S takes its first control point from the last one mirrored about the current point.
      const { x, y, lastC } = r;
      const [x1, y1] =
        lower === 'c' ? [ox + r.num(), oy + r.num()] : lastC ? [2 * x - lastC[0], 2 * y - lastC[1]] : [x, y];
      const x2 = ox + r.num();
      const y2 = oy + r.num();
      r.x = ox + r.num();
      r.y = oy + r.num();
      b.curveTo(x1, y1, x2, y2, r.x, r.y);
      c = [x2, y2];
      break;
    }
    case 'q':
    case 't': {
      const { x, y, lastQ } = r;
      let qx: number;
      let qy: number;
      if (lower === 'q') {
        qx = ox + r.num();
        qy = oy + r.num();
      } else [qx, qy] = lastQ ? [2 * x - lastQ[0], 2 * y - lastQ[1]] : [x, y];
      const ex = ox + r.num();
      const ey = oy + r.num();
      b.curveTo(
        x + (2 / 3) * (qx - x),
        y + (2 / 3) * (qy - y),
        ex + (2 / 3) * (qx - ex),
        ey + (2 / 3) * (qy - ey),
        ex,
        ey,
      );
      r.x = ex;
      r.y = ey;
      q = [qx, qy];
      break;
    }
    case 'a': {
      const rx = r.num();
      const ry = r.num();
      const rotation = r.num();
      const large = r.flag();
      const sweep = r.flag();
      const ex = ox + r.num();
      const ey = oy + r.num();
      arcTo(b, r.x, r.y, rx, ry, rotation, large, sweep, ex, ey);
      r.x = ex;
      r.y = ey;
      break;
    }
    case 'z':
      b.close();
      r.x = r.startX;
      r.y = r.startY;
      // A command after Z starts from the subpath's start; a bare number would be an error.
      break;
    default:
      throw new SvgPathError(`unknown path command '${cmd}'`, column);
  }
  r.lastC = c;
  r.lastQ = q;
}

interface Token {
  value: number | string;
  column: number;
}

/** Commands and numbers of path data; numbers as SVG writes them (`-1.5e-3`, `.5.5` is two numbers). */
function tokenize(d: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*,?\s*([MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/y;
  let at = 0;
  while (at < d.length) {
    if (/^[\s,]*$/.test(d.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(d);
    if (!m) throw new SvgPathError(`unexpected '${d.slice(at).trim()[0]}'`, at + 1 + leading(d, at));
    const text = m[1];
    const column = m.index + m[0].length - text.length + 1;
    tokens.push({ value: /^[A-Za-z]$/.test(text) ? text : Number(text), column });
    at = re.lastIndex;
  }
  return tokens;
}

function leading(d: string, at: number): number {
  let n = 0;
  while (at + n < d.length && /[\s,]/.test(d[at + n])) n++;
  return n;
}

/**
 * Appends the elliptical arc from (x0, y0) to (x1, y1) as cubic Béziers (SVG 1.1 implementation notes,
 * F.6.5 and F.6.6). Angles are in degrees in the file, y down.
 */
function arcTo(
  b: PathSink,
  x0: number,
  y0: number,
  rxIn: number,
  ryIn: number,
  rotationDeg: number,
  large: boolean,
  sweep: boolean,
  x1: number,
  y1: number,
): void {
  if (x0 === x1 && y0 === y1) return;
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0) {
    b.lineTo(x1, y1);
    return;
  }
  const phi = (rotationDeg * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  // Step 1: the midpoint in the ellipse's own axes.
  const dx = (x0 - x1) / 2;
  const dy = (y0 - y1) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  // Radii too small for the endpoints are scaled up just enough.
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) {
    const k = Math.sqrt(lambda);
    rx *= k;
    ry *= k;
  }
  // Step 2: the centre in those axes.
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  let co = Math.sqrt(Math.max(0, num / den));
  if (large === sweep) co = -co;
  const cxp = (co * rx * y1p) / ry;
  const cyp = (-co * ry * x1p) / rx;
  // Step 3: the centre in the file's axes.
  const cx = cos * cxp - sin * cyp + (x0 + x1) / 2;
  const cy = sin * cxp + cos * cyp + (y0 + y1) / 2;
  // Step 4: start angle and sweep on the unit circle.
  const angle = (ux: number, uy: number, vx: number, vy: number): number =>
    Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const ux = (x1p - cxp) / rx;
  const uy = (y1p - cyp) / ry;
  const vx = (-x1p - cxp) / rx;
  const vy = (-y1p - cyp) / ry;
  const theta = angle(1, 0, ux, uy);
  let delta = angle(ux, uy, vx, vy);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  // Cubics of at most 90° on the unit circle, mapped through the ellipse's scale, rotation and centre.
  const pieces = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9));
  const step = delta / pieces;
  const k = (4 / 3) * Math.tan(step / 4);
  const map = (px: number, py: number): [number, number] => [
    cx + cos * rx * px - sin * ry * py,
    cy + sin * rx * px + cos * ry * py,
  ];
  for (let p = 0; p < pieces; p++) {
    const a0 = theta + p * step;
    const a1 = a0 + step;
    const c0 = Math.cos(a0);
    const s0 = Math.sin(a0);
    const c1 = Math.cos(a1);
    const s1 = Math.sin(a1);
    const [q1x, q1y] = map(c0 - k * s0, s0 + k * c0);
    const [q2x, q2y] = map(c1 + k * s1, s1 - k * c1);
    const [ex, ey] = p === pieces - 1 ? [x1, y1] : map(c1, s1);
    b.curveTo(q1x, q1y, q2x, q2y, ex, ey);
  }
}

/** An affine map x' = a·x + c·y + e, y' = b·x + d·y + f (the SVG `matrix(a b c d e f)` convention). */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m` after `n`: the map that applies `n` first, then `m`. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  const [a, b, c, d, e, f] = m;
  const [A, B, C, D, E, F] = n;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

/**
 * Writes what it is sent as path data of absolute M, L, C and Z commands only, each point mapped by `matrix`
 * and rounded to `digits` decimals: a path any reader takes without state (no relative commands, arcs or
 * shorthands), so paths can be joined one after another.
 */
export class SvgPathWriter implements PathSink {
  private readonly parts: string[] = [];

  constructor(
    private readonly matrix: Matrix = IDENTITY,
    private readonly digits = 3,
  ) {}

  private point(x: number, y: number): string {
    const [a, b, c, d, e, f] = this.matrix;
    return `${this.num(a * x + c * y + e)} ${this.num(b * x + d * y + f)}`;
  }

  private num(v: number): string {
    const s = v.toFixed(this.digits).replace(/\.?0+$/, '');
    return s === '-0' ? '0' : s;
  }

  moveTo(x: number, y: number): void {
    this.parts.push(`M${this.point(x, y)}`);
  }

  lineTo(x: number, y: number): void {
    this.parts.push(`L${this.point(x, y)}`);
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void {
    this.parts.push(`C${this.point(x1, y1)} ${this.point(x2, y2)} ${this.point(x, y)}`);
  }

  close(): void {
    this.parts.push('Z');
  }

  get isEmpty(): boolean {
    return this.parts.length === 0;
  }

  /** Commands written so far. */
  get count(): number {
    return this.parts.length;
  }

  toString(): string {
    return this.parts.join('');
  }
}

/**
 * An SVG `transform` attribute's list (`matrix`, `translate`, `scale`, `rotate` with or without a centre,
 * `skewX`, `skewY`) as one matrix, or undefined when it holds anything else.
 */
export function parseTransform(text: string): Matrix | undefined {
  let m: Matrix = IDENTITY;
  const re = /\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?/y;
  let at = 0;
  const s = text.trim();
  while (at < s.length) {
    re.lastIndex = at;
    const hit = re.exec(s);
    if (!hit) return undefined;
    at = re.lastIndex;
    const v = hit[2]
      .trim()
      .split(/[\s,]+/)
      .filter((t) => t !== '')
      .map(Number);
    if (v.some((n) => !Number.isFinite(n))) return undefined;
    const rad = ((v[0] ?? 0) * Math.PI) / 180;
    let step: Matrix;
    switch (hit[1]) {
      case 'matrix':
        if (v.length !== 6) return undefined;
        step = [v[0], v[1], v[2], v[3], v[4], v[5]];
        break;
      case 'translate':
        step = [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0];
        break;
      case 'scale':
        step = [v[0] ?? 1, 0, 0, v[1] ?? v[0] ?? 1, 0, 0];
        break;
      case 'rotate': {
        const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
        const r: Matrix = [Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad), 0, 0];
        step = multiply([1, 0, 0, 1, cx, cy], multiply(r, [1, 0, 0, 1, -cx, -cy]));
        break;
      }
      case 'skewX':
        step = [1, 0, Math.tan(rad), 1, 0, 0];
        break;
      default:
        step = [1, Math.tan(rad), 0, 1, 0, 0];
    }
    m = multiply(m, step);
  }
  return m;
}
