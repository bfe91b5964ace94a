import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import type { LabelRaster } from '../../src/grid/raster.js';
import type { RegionMap } from '../../src/mask/regions.js';
import { traceRouteColour } from '../../src/mask/regions-route.js';
import { traceLines } from '../../src/mask/trace-lines.js';

/** Pixels within `half` of any of the segments (pixel units), label 1; the rest 0. */
function painted(w: number, h: number, segments: number[][], half = 2.5): LabelRaster {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (const [ax, ay, bx, by] of segments) {
        const len2 = (bx - ax) ** 2 + (by - ay) ** 2;
        const t =
          len2 > 0
            ? Math.max(0, Math.min(1, ((x + 0.5 - ax) * (bx - ax) + (y + 0.5 - ay) * (by - ay)) / len2))
            : 0;
        if (Math.hypot(x + 0.5 - ax - t * (bx - ax), y + 0.5 - ay - t * (by - ay)) <= half)
          data[y * w + x] = 1;
      }
    }
  }
  return { width: w, height: h, data };
}

const mapOf = (labels: LabelRaster): RegionMap => ({
  labels,
  colours: ['#ffffff', '#ff00ff'],
  listed: 2,
  pixels: [0, 0],
});

const ends = (line: Float64Array): [number, number][] => [
  [line[0], line[1]],
  [line[line.length - 2], line[line.length - 1]],
];
const near = (p: [number, number], q: [number, number], d: number) =>
  Math.hypot(p[0] - q[0], p[1] - q[1]) <= d;

describe('traceLines', () => {
  it('thins a painted Y to three lines meeting at one junction, ending where the strokes end', () => {
    const labels = painted(120, 100, [
      [60, 50, 20, 10],
      [60, 50, 100, 10],
      [60, 50, 60, 95],
    ]);
    const drawing = traceLines(labels, (l) => l === 1);
    expect(drawing.lines).toHaveLength(3);
    const count = new Map<number, number>();
    for (const [a, b] of drawing.ends) for (const n of [a, b]) count.set(n, (count.get(n) ?? 0) + 1);
    expect([...count.values()].sort()).toEqual([1, 1, 1, 3]);
    const tips = drawing.lines.flatMap(ends);
    for (const tip of [
      [20, 10],
      [100, 10],
      [60, 95],
    ] as [number, number][]) {
      expect(tips.some((p) => near(p, tip, 4))).toBe(true);
    }
  });

  it('traces a ring as one closed line', () => {
    const segments: number[][] = [];
    for (let k = 0; k < 24; k++) {
      const a = (k / 24) * 2 * Math.PI;
      const b = ((k + 1) / 24) * 2 * Math.PI;
      segments.push([
        50 + 30 * Math.cos(a),
        50 + 30 * Math.sin(a),
        50 + 30 * Math.cos(b),
        50 + 30 * Math.sin(b),
      ]);
    }
    const drawing = traceLines(painted(100, 100, segments), (l) => l === 1);
    expect(drawing.lines).toHaveLength(1);
    expect(drawing.ends[0][0]).toBe(drawing.ends[0][1]);
    // Simplified, yet every point stays on the ring.
    const line = drawing.lines[0];
    expect(line.length / 2).toBeLessThan(80);
    for (let i = 0; i < line.length; i += 2)
      expect(Math.abs(Math.hypot(line[i] - 50, line[i + 1] - 50) - 30)).toBeLessThan(1.5);
  });
});

describe('traceRouteColour', () => {
  const frame = { x: 0, y: 0, width: 20, height: 10 };

  it('takes the longest way as the main line from the top-left end, other branches as side lines', () => {
    // Main: (10, 20) → (100, 60) → (190, 20); a side line from (100, 60) down to (100, 95); a tiny spur.
    const labels = painted(200, 100, [
      [10, 20, 100, 60],
      [100, 60, 190, 20],
      [100, 60, 100, 95],
      [55, 40, 57, 35],
    ]);
    const notes: string[] = [];
    const route = traceRouteColour(mapOf(labels), 1, frame, 'here', (m) => notes.push(m));
    expect(notes).toEqual([]);
    const first = route.main[0];
    const last = route.main[route.main.length - 1];
    expect(near([first.x, first.y], [1, 2], 0.6)).toBe(true);
    expect(near([last.x, last.y], [19, 2], 0.6)).toBe(true);
    expect(route.main.some((p) => near([p.x, p.y], [10, 6], 0.6))).toBe(true);
    expect(route.branches).toHaveLength(1);
    const branch = route.branches?.[0] ?? [];
    expect(near([branch[0].x, branch[0].y], [10, 6], 0.6)).toBe(true);
    expect(near([branch[branch.length - 1].x, branch[branch.length - 1].y], [10, 9.5], 0.6)).toBe(true);
    // Starting near the right end turns the main line round.
    const reversed = traceRouteColour(mapOf(labels), 1, frame, 'here', () => {}, { x: 20, y: 0 });
    expect(near([reversed.main[0].x, reversed.main[0].y], [19, 2], 0.6)).toBe(true);
  });

  it('keeps the longest piece and cuts loops, saying so', () => {
    const labels = painted(200, 100, [
      [10, 50, 120, 50],
      [150, 20, 190, 20],
      [60, 50, 60, 20],
      [60, 20, 90, 20],
      [90, 20, 90, 50],
    ]);
    const notes: string[] = [];
    const route = traceRouteColour(mapOf(labels), 1, frame, 'here', (m) => notes.push(m));
    expect(notes.join(' ')).toMatch(/2 separate pieces; only the longest is used/);
    expect(notes.join(' ')).toMatch(/closes 1 loop/);
    expect(route.main.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a colour that draws nothing', () => {
    const labels = painted(50, 50, []);
    expect(() => traceRouteColour(mapOf(labels), 1, frame, 'book.yaml:9:3')).toThrow(UserError);
    expect(() => traceRouteColour(mapOf(labels), 1, frame, 'book.yaml:9:3')).toThrow(/#ff00ff draws no line/);
  });
});
