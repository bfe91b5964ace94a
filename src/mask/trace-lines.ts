import type { LabelRaster } from '../grid/raster.js';

/**
 * Lines painted in a region map, as polylines: the painted pixels are thinned to a one-pixel skeleton
 * (Zhang & Suen's two-step thinning), the skeleton is followed from its ends and junctions into chains of
 * pixels, and each chain is simplified (Douglas–Peucker, within half a pixel). Coordinates are pixel units
 * with pixel (i, j) centred at (i + ½, j + ½).
 */

/** A polyline as x, y pairs. */
export type Polyline = Float64Array;

/** A traced drawing: polylines, and for each its end nodes (shared where chains meet at a junction). */
export interface TracedDrawing {
  readonly lines: readonly Polyline[];
  /** Node number at the start and at the end of each line (a closed loop starts and ends at one node). */
  readonly ends: readonly [number, number][];
  readonly nodeCount: number;
}

const DX = [1, 1, 0, -1, -1, -1, 0, 1];
const DY = [0, 1, 1, 1, 0, -1, -1, -1];

/**
 * The polylines of the pixels `target` marks. Linear in the raster for the setup, then in the painted pixels
 * per thinning pass.
 */
export function traceLines(labels: LabelRaster, target: (label: number) => boolean): TracedDrawing {
  const { width: w, height: h, data } = labels;
  const on = new Uint8Array(w * h);
  let pixels: number[] = [];
  for (let p = 0; p < w * h; p++) {
    if (target(data[p])) {
      on[p] = 1;
      pixels.push(p);
    }
  }
  pixels = thin(on, w, h, pixels);
  return follow(on, w, h, pixels);
}

/** The 8 neighbours of p clockwise from east, 1 where painted (0 off the raster). */
function ring(on: Uint8Array, w: number, h: number, p: number, out: Uint8Array): void {
  const x = p % w;
  const y = (p - x) / w;
  for (let k = 0; k < 8; k++) {
    const nx = x + DX[k];
    const ny = y + DY[k];
    out[k] = nx >= 0 && ny >= 0 && nx < w && ny < h ? on[ny * w + nx] : 0;
  }
}

/** Zhang–Suen thinning in place; returns the pixels left. */
function thin(on: Uint8Array, w: number, h: number, start: number[]): number[] {
  let pixels = start;
  const n = new Uint8Array(8);
  // Zhang–Suen names the neighbours P2 (north) … P9 clockwise; in `ring` order (from east, clockwise in y-down
  // coordinates) north is index 6.
  const P = (k: number) => n[(6 + k) % 8]; // P(0) = P2 north, P(1) = P3 north-east, …
  for (;;) {
    let changed = false;
    for (const step of [0, 1]) {
      const remove: number[] = [];
      for (const p of pixels) {
        ring(on, w, h, p, n);
        let b = 0;
        for (let k = 0; k < 8; k++) b += n[k];
        if (b < 2 || b > 6) continue;
        let a = 0;
        for (let k = 0; k < 8; k++) if (P(k) === 0 && P((k + 1) % 8) === 1) a++;
        if (a !== 1) continue;
        // P2·P4·P6 and P4·P6·P8 (first step) or P2·P4·P8 and P2·P6·P8 (second step) must be 0.
        const [p2, p4, p6, p8] = [P(0), P(2), P(4), P(6)];
        if (step === 0 ? p2 * p4 * p6 !== 0 || p4 * p6 * p8 !== 0 : p2 * p4 * p8 !== 0 || p2 * p6 * p8 !== 0)
          continue;
        remove.push(p);
      }
      for (const p of remove) on[p] = 0;
      if (remove.length > 0) {
        changed = true;
        pixels = pixels.filter((p) => on[p] !== 0);
      }
    }
    if (!changed) return pixels;
  }
}

/**
 * Skeleton neighbours of p: 4-neighbours, and diagonal ones not already reached through a shared 4-neighbour
 * (so a skeleton turning a corner is a chain, not a triangle).
 */
function links(on: Uint8Array, w: number, h: number, p: number, out: number[]): void {
  out.length = 0;
  const x = p % w;
  const y = (p - x) / w;
  const at = (dx: number, dy: number) => {
    const nx = x + dx;
    const ny = y + dy;
    return nx >= 0 && ny >= 0 && nx < w && ny < h && on[ny * w + nx] !== 0 ? ny * w + nx : -1;
  };
  for (const [dx, dy] of [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ]) {
    const q = at(dx, dy);
    if (q >= 0) out.push(q);
  }
  for (const [dx, dy] of [
    [1, 1],
    [-1, 1],
    [-1, -1],
    [1, -1],
  ]) {
    const q = at(dx, dy);
    if (q >= 0 && at(dx, 0) < 0 && at(0, dy) < 0) out.push(q);
  }
}

/** Chains of skeleton pixels between ends and junctions, then closed loops. */
function follow(on: Uint8Array, w: number, h: number, pixels: number[]): TracedDrawing {
  const degree = new Map<number, number>();
  const nb: number[] = [];
  for (const p of pixels) {
    links(on, w, h, p, nb);
    degree.set(p, nb.length);
  }
  const node = new Map<number, number>();
  let nodeCount = 0;
  const nodeOf = (p: number) => {
    let id = node.get(p);
    if (id === undefined) {
      id = nodeCount++;
      node.set(p, id);
    }
    return id;
  };
  const usedStep = new Set<string>();
  const stepKey = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);
  const lines: Polyline[] = [];
  const ends: [number, number][] = [];
  const walk = (from: number, first: number) => {
    const chain = [from];
    let prev = from;
    let cur = first;
    usedStep.add(stepKey(from, first));
    for (;;) {
      chain.push(cur);
      if (degree.get(cur) !== 2 || cur === from) break;
      links(on, w, h, cur, nb);
      const next = nb.find((q) => q !== prev && !usedStep.has(stepKey(cur, q)));
      if (next === undefined) break;
      usedStep.add(stepKey(cur, next));
      prev = cur;
      cur = next;
    }
    lines.push(simplify(chain, w));
    ends.push([nodeOf(chain[0]), nodeOf(chain[chain.length - 1])]);
  };
  for (const p of pixels) {
    if (degree.get(p) === 2) continue;
    links(on, w, h, p, nb);
    for (const q of [...nb]) if (!usedStep.has(stepKey(p, q))) walk(p, q);
    if (degree.get(p) === 0) {
      lines.push(simplify([p], w));
      ends.push([nodeOf(p), nodeOf(p)]);
    }
  }
  for (const p of pixels) {
    if (degree.get(p) !== 2) continue;
    links(on, w, h, p, nb);
    const q = nb.find((r) => !usedStep.has(stepKey(p, r)));
    if (q !== undefined) walk(p, q);
  }
  return { lines, ends, nodeCount };
}

/** Pixel chain → polyline of pixel centres, simplified within half a pixel. */
function simplify(chain: readonly number[], w: number): Polyline {
  const points = chain.map((p): [number, number] => [(p % w) + 0.5, Math.floor(p / w) + 0.5]);
  return Float64Array.from(reducePoints(points, 0.5).flat());
}

/**
 * Douglas–Peucker: the points needed for the line through them to stay within `tolerance` of all of them
 * (first and last always kept).
 */
export function reducePoints(points: readonly [number, number][], tolerance: number): [number, number][] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [number, number];
    const [ax, ay] = points[a];
    const dx = points[b][0] - ax;
    const dy = points[b][1] - ay;
    const len = Math.hypot(dx, dy);
    let far = -1;
    let farD = tolerance;
    for (let i = a + 1; i < b; i++) {
      const [x, y] = points[i];
      const d = len > 0 ? Math.abs(dx * (y - ay) - dy * (x - ax)) / len : Math.hypot(x - ax, y - ay);
      if (d > farD) {
        farD = d;
        far = i;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([a, far], [far, b]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}
