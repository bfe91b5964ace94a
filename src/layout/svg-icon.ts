import type { Icon } from '../art/icon.js';
import { readSvgPath } from '../art/svg-path.js';
import { type Box, CLOSE, CURVE, PathBuilder, type PathData } from '../vector/path-data.js';
import type { Item } from './display-list.js';

export { SvgPathError } from '../art/svg-path.js';

/**
 * SVG path data as a display-list path in the same units (see `readSvgPath`: every command of SVG 1.1,
 * quadratics and arcs as cubics). Throws `SvgPathError` on malformed data.
 */
export function parseSvgPath(d: string): PathData {
  return readSvgPath(d, new PathBuilder()).finish();
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

/** The extent of a cubic Bézier's coordinate p0→p3 (controls p1, p2): its ends and its turning points. */
function cubicRange(p0: number, p1: number, p2: number, p3: number): [number, number] {
  let lo = Math.min(p0, p3);
  let hi = Math.max(p0, p3);
  // B'(t)/3 = a t² + b t + c
  const a = -p0 + 3 * p1 - 3 * p2 + p3;
  const b = 2 * (p0 - 2 * p1 + p2);
  const c = p1 - p0;
  const roots: number[] = [];
  if (Math.abs(a) < 1e-12) {
    if (Math.abs(b) > 1e-12) roots.push(-c / b);
  } else {
    const d = b * b - 4 * a * c;
    if (d >= 0) roots.push((-b + Math.sqrt(d)) / (2 * a), (-b - Math.sqrt(d)) / (2 * a));
  }
  for (const t of roots) {
    if (t <= 0 || t >= 1) continue;
    const u = 1 - t;
    const v = u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return [lo, hi];
}

const inkBoxes = new WeakMap<Icon, Box>();

/**
 * What a picture draws: the exact bounding box of its layers' outlines (curves by their extremes, not their
 * control points), in the picture's own units; its `viewBox` for a picture with nothing drawn. Art sits in
 * its viewBox with a margin (Fluent Emoji's 32-unit box holds a carrot 28.6 units tall), so sizes measured
 * on the viewBox would draw pictures smaller than asked.
 */
export function inkBox(icon: Icon): Box {
  const known = inkBoxes.get(icon);
  if (known) return known;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const layer of icon.layers) {
    const { cmds, coords } = parseSvgPath(layer.d);
    let j = 0;
    let px = 0;
    let py = 0;
    for (const c of cmds) {
      if (c === CLOSE) continue;
      if (c === CURVE) {
        const [ax, bx] = cubicRange(px, coords[j], coords[j + 2], coords[j + 4]);
        const [ay, by] = cubicRange(py, coords[j + 1], coords[j + 3], coords[j + 5]);
        [x0, x1, y0, y1] = [Math.min(x0, ax), Math.max(x1, bx), Math.min(y0, ay), Math.max(y1, by)];
        [px, py] = [coords[j + 4], coords[j + 5]];
        j += 6;
        continue;
      }
      // MOVE or LINE: one point.
      [px, py] = [coords[j], coords[j + 1]];
      [x0, x1, y0, y1] = [Math.min(x0, px), Math.max(x1, px), Math.min(y0, py), Math.max(y1, py)];
      j += 2;
    }
  }
  const [vx, vy, vw, vh] = icon.viewBox;
  const box =
    x0 < x1 || y0 < y1
      ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
      : { x: vx, y: vy, width: vw, height: vh };
  inkBoxes.set(icon, box);
  return box;
}

/**
 * The display items of a picture scaled so that what it draws ({@link inkBox}) fills a square of side `size`
 * with its top-left corner at (x, y) on its larger side, centred in it: one filled path per layer, in the
 * layer's colour, or `color` for layers without one. `mirror` flips it left to right within the square.
 */
export function iconItems(
  icon: Icon,
  x: number,
  y: number,
  size: number,
  color: string,
  mirror = false,
): Item[] {
  const { x: vx, y: vy, width: vw, height: vh } = inkBox(icon);
  const k = size / Math.max(vw, vh, 1e-9);
  const dy = y + (size - vh * k) / 2 - vy * k;
  // x' = x0 + (x - vx)·k, or mirrored x0 + (vx + vw - x)·k, with x0 the drawing's left edge in the square.
  const x0 = x + (size - vw * k) / 2;
  const [a, dx] = mirror ? [-k, x0 + (vx + vw) * k] : [k, x0 - vx * k];
  return icon.layers.map((layer) => ({
    type: 'path' as const,
    path: transformPath(parseSvgPath(layer.d), [a, 0, 0, k, dx, dy]),
    fill: layer.fill ?? color,
    ...(layer.evenOdd ? { evenOdd: true } : {}),
  }));
}
