import { DIRECTION_DX, DIRECTION_DY, type SymbolName, symbolNames } from '../rules/rule-puzzle.js';
import { PathBuilder, type PathData } from '../vector/path-data.js';

/**
 * The vector symbols of rule mazes: the shapes of sequence mazes, the arrows of arrow mazes and the goal star,
 * each drawn around a centre (cx, cy) with a size `r` (points: about the radius of the circle it fills, so
 * every shape looks as large as the others) into a filled path. Page coordinates, y down.
 */

/** Colours of the shapes in colour books (Okabe and Ito's palette, told apart by readers with colour
 * vision deficiencies), each shape always its own; black-ink books fill them with the text colour. */
export const SYMBOL_COLORS: Record<SymbolName, string> = {
  circle: '#0072B2',
  square: '#E69F00',
  triangle: '#009E73',
  diamond: '#CC79A7',
  star: '#F0E442',
  hexagon: '#56B4E9',
  cross: '#555555',
  heart: '#D55E00',
};

/** Adds the outline of a shape, closed, to `b`. */
export function shapePath(b: PathBuilder, name: SymbolName, cx: number, cy: number, r: number): void {
  switch (name) {
    case 'circle':
      b.moveTo(cx + r, cy)
        .arc(cx, cy, r, 0, 2 * Math.PI)
        .close();
      return;
    case 'square': {
      const h = r * 0.86;
      polygon(b, [
        [cx - h, cy - h],
        [cx + h, cy - h],
        [cx + h, cy + h],
        [cx - h, cy + h],
      ]);
      return;
    }
    case 'triangle': {
      // Equilateral, point up; its centroid a little below the cell's centre so it looks centred.
      const R = r * 1.22;
      const y0 = cy + r * 0.1;
      polygon(b, regular(3, cx, y0, R, -Math.PI / 2));
      return;
    }
    case 'diamond':
      polygon(b, [
        [cx, cy - r * 1.15],
        [cx + r * 0.85, cy],
        [cx, cy + r * 1.15],
        [cx - r * 0.85, cy],
      ]);
      return;
    case 'star': {
      const points: [number, number][] = [];
      for (let k = 0; k < 10; k++) {
        const a = -Math.PI / 2 + (k * Math.PI) / 5;
        const rr = k % 2 === 0 ? r * 1.2 : r * 0.5;
        points.push([cx + rr * Math.cos(a), cy + r * 0.08 + rr * Math.sin(a)]);
      }
      polygon(b, points);
      return;
    }
    case 'hexagon':
      polygon(b, regular(6, cx, cy, r * 1.05, 0));
      return;
    case 'cross': {
      const a = r * 0.36;
      const e = r * 1.05;
      polygon(b, [
        [cx - a, cy - e],
        [cx + a, cy - e],
        [cx + a, cy - a],
        [cx + e, cy - a],
        [cx + e, cy + a],
        [cx + a, cy + a],
        [cx + a, cy + e],
        [cx - a, cy + e],
        [cx - a, cy + a],
        [cx - e, cy + a],
        [cx - e, cy - a],
        [cx - a, cy - a],
      ]);
      return;
    }
    default: {
      // Heart: two lobes on top, the point at the bottom.
      const s = r * 1.1;
      const top = cy - s * 0.45;
      b.moveTo(cx, cy + s * 0.95);
      b.curveTo(cx - s * 0.2, cy + s * 0.6, cx - s * 1.05, cy + s * 0.15, cx - s, top + s * 0.05);
      b.curveTo(cx - s * 0.95, top - s * 0.55, cx - s * 0.1, top - s * 0.6, cx, top + s * 0.05);
      b.curveTo(cx + s * 0.1, top - s * 0.6, cx + s * 0.95, top - s * 0.55, cx + s, top + s * 0.05);
      b.curveTo(cx + s * 1.05, cy + s * 0.15, cx + s * 0.2, cy + s * 0.6, cx, cy + s * 0.95);
      b.close();
    }
  }
}

/** A shape alone, as path data. */
export function shapeData(name: SymbolName, cx: number, cy: number, r: number): PathData {
  const b = new PathBuilder();
  shapePath(b, name, cx, cy, r);
  return b.finish();
}

/**
 * Adds an arrow pointing in direction `d` (0 up, clockwise in 45° steps) to `b`: a filled outline of shaft
 * and head, `length` points long from tail to tip, centred on (cx, cy).
 */
export function arrowPath(b: PathBuilder, d: number, cx: number, cy: number, length: number): void {
  const norm = Math.hypot(DIRECTION_DX[d], DIRECTION_DY[d]);
  const ux = DIRECTION_DX[d] / norm;
  const uy = DIRECTION_DY[d] / norm;
  // Across the arrow (to its left on the page).
  const vx = uy;
  const vy = -ux;
  const half = length / 2;
  const head = length * 0.42;
  const headHalf = length * 0.3;
  const shaftHalf = length * 0.085;
  const at = (along: number, across: number): [number, number] => [
    cx + ux * along + vx * across,
    cy + uy * along + vy * across,
  ];
  polygon(b, [
    at(-half, -shaftHalf),
    at(half - head, -shaftHalf),
    at(half - head, -headHalf),
    at(half, 0),
    at(half - head, headHalf),
    at(half - head, shaftHalf),
    at(-half, shaftHalf),
  ]);
}

function polygon(b: PathBuilder, points: readonly (readonly [number, number])[]): void {
  b.moveTo(points[0][0], points[0][1]);
  for (let k = 1; k < points.length; k++) b.lineTo(points[k][0], points[k][1]);
  b.close();
}

function regular(n: number, cx: number, cy: number, R: number, a0: number): [number, number][] {
  return Array.from({ length: n }, (_, k): [number, number] => {
    const a = a0 + (2 * Math.PI * k) / n;
    return [cx + R * Math.cos(a), cy + R * Math.sin(a)];
  });
}

/** Every shape name, for tests and docs. */
export const symbolShapes: readonly SymbolName[] = symbolNames;
