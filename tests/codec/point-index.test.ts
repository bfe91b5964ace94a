import { describe, expect, it } from 'vitest';
import { pointIndex, pointLookup } from '../../src/codec/point-index.js';
import { buildGrid } from '../../src/grid/registry.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { squareMaze } from '../helpers.js';

describe('pointIndex', () => {
  it('finds every vertex and cell centre of each topology, also a rounding error away', () => {
    for (const shape of ['square', 'hex', 'triangle', 'octagon', 'circle'] as const) {
      const grid = buildGrid({ shape, size: { columns: 9, rows: 9 } });
      for (const [xs, ys] of [
        [grid.vertexX, grid.vertexY],
        [grid.cellX, grid.cellY],
      ]) {
        const at = pointIndex(xs, ys);
        let wrong = 0;
        for (let i = 0; i < xs.length; i++) {
          if (at(xs[i], ys[i]) !== i || at(xs[i] + 3e-6, ys[i] - 3e-6) !== i) wrong++;
          if (at(xs[i] + 0.01, ys[i]) !== -1) wrong++;
        }
        expect(wrong).toBe(0);
      }
    }
  });

  it('finds points on bucket borders and outside the box not at all', () => {
    // Unit-spaced points: some fall near the buckets' edges whatever their origin.
    const n = 50;
    const xs = Float64Array.from({ length: n * n }, (_, i) => (i % n) * 0.37);
    const ys = Float64Array.from({ length: n * n }, (_, i) => Math.floor(i / n) * 0.41);
    const at = pointIndex(xs, ys);
    let wrong = 0;
    for (let i = 0; i < xs.length; i++) {
      for (const [dx, dy] of [
        [9e-6, 9e-6],
        [-9e-6, -9e-6],
        [9e-6, -9e-6],
      ]) {
        if (at(xs[i] + dx, ys[i] + dy) !== i) wrong++;
      }
    }
    expect(wrong).toBe(0);
    expect(at(-1, -1)).toBe(-1);
    expect(at(100, 100)).toBe(-1);
    expect(at(Number.NaN, 0)).toBe(-1);
  });

  it('handles no points, one point and points on a line', () => {
    expect(pointIndex(new Float64Array(0), new Float64Array(0))(0, 0)).toBe(-1);
    expect(pointIndex(Float64Array.of(2), Float64Array.of(3))(2, 3)).toBe(0);
    const line = pointIndex(Float64Array.of(0, 1, 2, 3), Float64Array.of(5, 5, 5, 5));
    expect([0, 1, 2, 3].map((x) => line(x, 5))).toEqual([0, 1, 2, 3]);
    expect(line(1.5, 5)).toBe(-1);
  });
});

describe('pointLookup', () => {
  it('finds what pointIndex finds in grids of every topology, plain and masked, by rows or by columns', () => {
    const heart = maskOf(builtinShape('heart'), 'largest');
    for (const shape of ['square', 'hex', 'triangle', 'octagon', 'circle'] as const) {
      for (const extra of [{}, { mask: heart }, ...(shape === 'hex' ? [{ hexTop: 'flat' as const }] : [])]) {
        const { grid } = squareMaze(12, 9, 1, { shape, ...extra });
        for (const [xs, ys] of [
          [grid.vertexX, grid.vertexY],
          [grid.cellX, grid.cellY],
        ]) {
          const at = pointLookup(xs, ys);
          const index = pointIndex(xs, ys);
          let wrong = 0;
          for (let i = 0; i < xs.length; i++) {
            for (const [dx, dy] of [
              [0, 0],
              [9e-6, -9e-6],
              [-9e-6, 9e-6],
            ])
              if (at(xs[i] + dx, ys[i] + dy) !== i) wrong++;
            // Between points, beside them and off the grid: as the bucket index says (nothing).
            for (const [dx, dy] of [
              [0.01, 0],
              [0, -0.01],
              [0.29, 0.31],
              [-40, 0],
            ])
              if (at(xs[i] + dx, ys[i] + dy) !== index(xs[i] + dx, ys[i] + dy)) wrong++;
          }
          expect(wrong, `${shape} ${JSON.stringify(extra)}`).toBe(0);
          expect(at(Number.NaN, ys[0])).toBe(-1);
          expect(at(xs[0], Number.NaN)).toBe(-1);
        }
      }
    }
  });

  it('searches rows whose points zigzag within their band, in a few runs', () => {
    // Two runs of rows (as an octagon grid numbers octagons, then squares); y zigzags along each row.
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [dx, dy] of [
      [0, 0],
      [0.5, 0.5],
    ]) {
      for (let r = 0; r < 5; r++)
        for (let c = 0; c < 6; c++) {
          xs.push(c + dx);
          ys.push(r + dy + (c % 2) * 0.2);
        }
    }
    const at = pointLookup(Float64Array.from(xs), Float64Array.from(ys));
    expect(xs.map((x, i) => at(x, ys[i]))).toEqual(xs.map((_, i) => i));
    expect(at(0.5, 0.2)).toBe(-1);
    expect(pointLookup(new Float64Array(0), new Float64Array(0))(0, 0)).toBe(-1);
    expect(pointLookup(Float64Array.of(2), Float64Array.of(3))(2, 3)).toBe(0);
  });
});
