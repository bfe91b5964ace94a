import type { Icon } from '../art/icon.js';
import { readSvgPath } from '../art/svg-path.js';
import { PathBuilder, type PathData } from '../vector/path-data.js';
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

/**
 * The display items of a picture scaled to fit a square of side `size` with its top-left corner at (x, y),
 * centred in it: one filled path per layer, in the layer's colour, or `color` for layers without one.
 */
export function iconItems(icon: Icon, x: number, y: number, size: number, color: string): Item[] {
  const [vx, vy, vw, vh] = icon.viewBox;
  const k = size / Math.max(vw, vh);
  const dx = x + (size - vw * k) / 2 - vx * k;
  const dy = y + (size - vh * k) / 2 - vy * k;
  return icon.layers.map((layer) => ({
    type: 'path' as const,
    path: transformPath(parseSvgPath(layer.d), [k, 0, 0, k, dx, dy]),
    fill: layer.fill ?? color,
    ...(layer.evenOdd ? { evenOdd: true } : {}),
  }));
}
