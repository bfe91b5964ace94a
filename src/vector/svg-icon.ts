import { UserError } from '../base/errors.js';
import { arcPieces, CLOSE, CURVE, LINE, MOVE, PathBuilder, type PathData } from './path-data.js';

/**
 * A vector picture: filled outlines in the picture's own units (SVG user units: x right, y down), within
 * the box `viewBox` (`[x, y, width, height]`).
 */
export interface Icon {
  readonly name: string;
  readonly path: PathData;
  readonly viewBox: readonly [number, number, number, number];
  /** Fill rule of the outlines: even-odd (holes by any inner loop) or nonzero. */
  readonly evenOdd: boolean;
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
 * SVG path data (the `d` attribute, SVG 1.1 grammar: M L H V C S Q T A Z, absolute and relative, implicit
 * repetitions) as a display-list path in the same units. Quadratic Béziers become cubics, elliptical arcs
 * become cubics of at most 90° each (the SVG implementation notes' endpoint-to-centre conversion, radii
 * scaled up when too small, a zero radius drawing a line). Throws {@link SvgPathError} on malformed data.
 */
export function parseSvgPath(d: string): PathData {
  const r = new PathReader(tokenize(d), d);
  const { tokens, b } = r;
  let count = 0;
  while (r.i < tokens.length) {
    const t = tokens[r.i];
    if (typeof t.value === 'string') {
      r.cmd = t.value;
      r.i++;
    } else if (r.cmd === '') {
      throw new SvgPathError(
        b.isEmpty ? 'path data must start with M' : 'expected a command letter',
        t.column,
      );
    }
    if (++count > MAX_COMMANDS) throw new SvgPathError(`more than ${MAX_COMMANDS} commands`, t.column);
    const lower = r.cmd.toLowerCase();
    if (b.isEmpty && lower !== 'm') throw new SvgPathError('path data must start with M', t.column);
    drawCommand(r, t.column);
    if (lower === 'z') r.cmd = '';
  }
  return b.finish();
}

/**
 * A path being read: its tokens and the next one's index, the current command, the pen, the subpath's start
 * and the last control points (for the smooth S and T commands).
 */
class PathReader {
  readonly b = new PathBuilder();
  i = 0;
  cmd = '';
  x = 0;
  y = 0;
  startX = 0;
  startY = 0;
  lastC: [number, number] | undefined;
  lastQ: [number, number] | undefined;

  constructor(
    readonly tokens: readonly Token[],
    readonly d: string,
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

/** Draws one command of the reader's current kind with its numbers, and moves the pen. */
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
  b: PathBuilder,
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
  const pieces = arcPieces(delta);
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

/**
 * A path mapped by x' = a·x + c·y + e, y' = b·x + d·y + f (the SVG `matrix(a b c d e f)` convention).
 */
export function transformPath(
  path: PathData,
  [a, b, c, d, e, f]: readonly [number, number, number, number, number, number],
): PathData {
  const coords = new Float64Array(path.coords.length);
  for (let i = 0; i < coords.length; i += 2) {
    const x = path.coords[i];
    const y = path.coords[i + 1];
    coords[i] = a * x + c * y + e;
    coords[i + 1] = b * x + d * y + f;
  }
  return { cmds: path.cmds.slice(), coords };
}

/** Every on-curve and control point of a path, for bounds and clearance (control points bound a Bézier). */
export function pathPoints(path: PathData): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i < path.coords.length; i += 2) points.push([path.coords[i], path.coords[i + 1]]);
  return points;
}

/** Upper bound on an SVG file's size, in characters. */
const MAX_SVG_CHARS = 2_000_000;

/**
 * An icon from the text of an SVG file: the `d` of every `<path>`, plus `<circle>`, `<ellipse>`, `<rect>`
 * (square corners), `<polygon>` and `<polyline>` outlines, filled in one colour within the root's `viewBox`
 * (or its `width`×`height`). Strokes, colours, gradients, `<use>`, text and transforms are not read: the
 * icon is drawn as the union of its shapes' fills, in the theme's colour. The first `fill-rule` the file
 * names decides the fill rule (nonzero otherwise).
 * @param name the file as the user wrote it, for messages
 * @param where the place that named the file
 */
export function svgIcon(text: string, name: string, where: string): Icon {
  if (text.length > MAX_SVG_CHARS) {
    throw new UserError(where, `SVG ${name} is over ${MAX_SVG_CHARS} characters`, 'use a simpler picture');
  }
  const root = /<svg\b([^>]*)>/i.exec(text);
  if (!root) throw new UserError(where, `${name} is not an SVG file (no <svg> element)`);
  const attrs = root[1];
  const viewBox = attr(attrs, 'viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  let box: [number, number, number, number];
  if (viewBox && viewBox.length === 4 && viewBox.every(Number.isFinite) && viewBox[2] > 0 && viewBox[3] > 0) {
    box = [viewBox[0], viewBox[1], viewBox[2], viewBox[3]];
  } else {
    const w = Number.parseFloat(attr(attrs, 'width') ?? '');
    const h = Number.parseFloat(attr(attrs, 'height') ?? '');
    if (!(w > 0 && h > 0)) {
      throw new UserError(
        where,
        `SVG ${name} has neither a viewBox nor a width and height`,
        'add viewBox="0 0 W H"',
      );
    }
    box = [0, 0, w, h];
  }
  const b = new PathBuilder();
  const add = (path: PathData): void => {
    let j = 0;
    for (const c of path.cmds) {
      const co = path.coords;
      if (c === MOVE) b.moveTo(co[j], co[j + 1]);
      else if (c === LINE) b.lineTo(co[j], co[j + 1]);
      else if (c === CURVE) b.curveTo(co[j], co[j + 1], co[j + 2], co[j + 3], co[j + 4], co[j + 5]);
      else b.close();
      j += c === CURVE ? 6 : c === CLOSE ? 0 : 2;
    }
  };
  const elements = /<(path|circle|ellipse|rect|polygon|polyline)\b([^>]*?)\/?>/gi;
  for (const m of text.matchAll(elements)) {
    const kind = m[1].toLowerCase();
    const a = m[2];
    const n = (key: string): number => Number.parseFloat(attr(a, key) ?? '0') || 0;
    if (kind === 'path') {
      const d = attr(a, 'd');
      if (!d) continue;
      try {
        add(parseSvgPath(d));
      } catch (e) {
        if (!(e instanceof SvgPathError)) throw e;
        throw new UserError(
          where,
          `SVG ${name}: path data ${e.message}`,
          'export the picture again, or simplify it',
        );
      }
    } else if (kind === 'circle' || kind === 'ellipse') {
      const rx = kind === 'circle' ? n('r') : n('rx');
      const ry = kind === 'circle' ? n('r') : n('ry');
      const cx = n('cx');
      const cy = n('cy');
      if (rx <= 0 || ry <= 0) continue;
      add(
        parseSvgPath(
          `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`,
        ),
      );
    } else if (kind === 'rect') {
      const w = n('width');
      const h = n('height');
      if (w <= 0 || h <= 0) continue;
      const x = n('x');
      const y = n('y');
      add(parseSvgPath(`M${x} ${y}H${x + w}V${y + h}H${x}Z`));
    } else {
      const points = (attr(a, 'points') ?? '').trim();
      if (points === '') continue;
      try {
        add(parseSvgPath(`M${points}${kind === 'polygon' ? 'Z' : ''}`));
      } catch (e) {
        if (!(e instanceof SvgPathError)) throw e;
        throw new UserError(where, `SVG ${name}: points ${e.message}`);
      }
    }
  }
  const path = b.finish();
  if (path.cmds.length === 0) {
    throw new UserError(
      where,
      `SVG ${name} has no shapes mazebook can draw`,
      'the picture must contain <path>, <circle>, <ellipse>, <rect> or <polygon> elements',
    );
  }
  const rule = /fill-rule\s*[:=]\s*["']?\s*(evenodd|nonzero)/i.exec(text);
  return { name, path, viewBox: box, evenOdd: rule?.[1].toLowerCase() === 'evenodd' };
}

/** The value of attribute `key` in an element's attribute text (either quote), or undefined. */
function attr(attrs: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? (m[1] ?? m[2]) : undefined;
}
