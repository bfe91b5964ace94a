import type { MaskShape } from './shape.js';

/**
 * Built-in mask shapes. Each fills its own box (so it touches all four sides of it) and carries that box's
 * width ÷ height, so the mask stage can centre it in the maze frame without distorting it.
 */
export interface ShapeParams {
  /** star: number of points (3..24); default 5. */
  points?: number;
  /** star: inner radius as a share of the outer; ring: hole radius as a share of the outer. */
  inner?: number;
}

export const shapeNames = ['heart', 'circle', 'star', 'diamond', 'hexagon', 'triangle', 'ring'] as const;
export type ShapeName = (typeof shapeNames)[number];

export function builtinShape(name: ShapeName, params: ShapeParams = {}): MaskShape {
  switch (name) {
    case 'circle':
      return { label: 'circle', aspect: 1, inside: (x, y) => x * x + y * y <= 1 };
    case 'ring': {
      const inner = params.inner ?? 0.5;
      const i2 = inner * inner;
      return {
        label: `ring (inner ${Math.round(inner * 100)}%)`,
        aspect: 1,
        inside: (x, y) => {
          const r2 = x * x + y * y;
          return r2 <= 1 && r2 >= i2;
        },
      };
    }
    case 'heart':
      return heart();
    case 'diamond':
      return polygonShape('diamond', [
        [0, 1],
        [1, 0],
        [0, -1],
        [-1, 0],
      ]);
    case 'hexagon':
      return polygonShape('hexagon', regular(6, 1, 0));
    case 'triangle':
      return polygonShape('triangle', regular(3, 1, Math.PI / 2));
    case 'star': {
      const points = params.points ?? 5;
      const inner = params.inner ?? 0.45;
      const outline: [number, number][] = [];
      for (let i = 0; i < 2 * points; i++) {
        const r = i % 2 === 0 ? 1 : inner;
        const t = Math.PI / 2 + (i * Math.PI) / points;
        outline.push([r * Math.cos(t), r * Math.sin(t)]);
      }
      return polygonShape(`${points}-point star`, outline);
    }
  }
}

/** Corners of a regular polygon of radius r, the first at angle `start` (y up). */
function regular(sides: number, r: number, start: number): [number, number][] {
  return Array.from({ length: sides }, (_, i) => {
    const t = start + (2 * Math.PI * i) / sides;
    return [r * Math.cos(t), r * Math.sin(t)] as [number, number];
  });
}

/** Box of the classic heart curve (x² + y² − 1)³ ≤ x²y³, found numerically. */
const HEART_X = 1.1386;
const HEART_BOTTOM = -1;
const HEART_TOP = 1.2361;

function heart(): MaskShape {
  const half = (HEART_TOP - HEART_BOTTOM) / 2;
  const mid = (HEART_TOP + HEART_BOTTOM) / 2;
  return {
    label: 'heart',
    aspect: HEART_X / half,
    inside(u, v) {
      const x = u * HEART_X;
      const y = mid + v * half;
      const a = x * x + y * y - 1;
      return a * a * a - x * x * y * y * y <= 0;
    },
  };
}

/** A polygon (y up, any scale) stretched to fill [-1, 1]² of its own bounding box; even-odd inside test. */
export function polygonShape(label: string, outline: readonly (readonly [number, number])[]): MaskShape {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [x, y] of outline) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const n = outline.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  outline.forEach(([x, y], i) => {
    xs[i] = ((x - minX) / (maxX - minX)) * 2 - 1;
    ys[i] = ((y - minY) / (maxY - minY)) * 2 - 1;
  });
  return {
    label,
    aspect: (maxX - minX) / (maxY - minY),
    inside(x, y) {
      let inside = false;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        if (ys[i] > y !== ys[j] > y && x < ((xs[j] - xs[i]) * (y - ys[i])) / (ys[j] - ys[i]) + xs[i]) {
          inside = !inside;
        }
      }
      return inside;
    },
  };
}
