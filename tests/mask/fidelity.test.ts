import { describe, expect, it } from 'vitest';
import { buildGrid, type GridLayout } from '../../src/grid/registry.js';
import { maskCells } from '../../src/mask/apply.js';
import { FIDELITY_THRESHOLD, faithfulSize, maskFidelity } from '../../src/mask/fidelity.js';
import { formulaShape } from '../../src/mask/formula.js';
import type { MaskShape } from '../../src/mask/shape.js';
import { builtinShape } from '../../src/mask/shapes.js';

const fidelityOf = (layout: GridLayout, shape: MaskShape): number => {
  const m = maskCells(layout, { shape, islands: 'largest' });
  return maskFidelity(m.full, m.keep, shape);
};
const square = (n: number): GridLayout => ({ shape: 'square', size: { columns: n, rows: n } });

describe('maskFidelity', () => {
  it('is 1 when the kept cells are the shape and 0 when no cell is kept', () => {
    const everything = formulaShape('x*x <= 1');
    expect(fidelityOf(square(7), everything)).toBe(1);
    const full = buildGrid(square(7));
    expect(maskFidelity(full, new Uint8Array(full.cellCount), everything)).toBe(0);
  });

  it('is the share of the frame a half-plane mask gets right: x < 0 on an odd grid misses half a column', () => {
    // 5 columns: the middle column (centre on x = 0) is dropped, so cells cover 2/5 of a shape of 1/2.
    expect(fidelityOf(square(5), formulaShape('x < 0'))).toBeCloseTo(0.4 / 0.5, 2);
  });

  it('rises towards 1 as cells get smaller, on straight and curved tilings alike', () => {
    const disc = builtinShape('circle');
    for (const shape of ['square', 'hex', 'triangle', 'octagon', 'circle'] as const) {
      const coarse = fidelityOf({ shape, size: { columns: 4, rows: 4 } }, disc);
      const fine = fidelityOf({ shape, size: { columns: 30, rows: 30 } }, disc);
      expect(fine, shape).toBeGreaterThan(coarse);
      expect(fine, shape).toBeGreaterThan(0.95);
    }
    // A circle grid keeps a disc mask exactly (its rim is the disc's arc): the raster counts arcs as arcs.
    expect(fidelityOf({ shape: 'circle', size: { columns: 8, rows: 8 } }, disc)).toBeGreaterThan(0.99);
  });

  it('flags the shapes that do not read: a 5×5 heart and a 10×10 star', () => {
    expect(fidelityOf(square(5), builtinShape('heart'))).toBeLessThan(FIDELITY_THRESHOLD);
    expect(fidelityOf(square(10), builtinShape('star'))).toBeLessThan(FIDELITY_THRESHOLD);
    expect(fidelityOf(square(20), builtinShape('heart'))).toBeGreaterThan(FIDELITY_THRESHOLD);
  });
});

describe('faithfulSize', () => {
  const heart = { shape: builtinShape('heart'), islands: 'largest' } as const;

  it('finds the smallest size that reads, and the next size reads too', () => {
    const found = faithfulSize({ shape: 'square', mask: heart, max: { columns: 60, rows: 60 } });
    expect(found.reached).toBe(true);
    expect(found.fidelity).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
    expect(fidelityOf({ shape: 'square', size: found.size }, heart.shape)).toBe(found.fidelity);
    expect(found.size.columns).toBeGreaterThan(5);
    expect(found.size.columns).toBeLessThanOrEqual(12);
    // Every smaller size with the heart's proportions falls short, or is a lone lucky one.
    const one = faithfulSize({ shape: 'square', mask: heart, max: found.size, threshold: 1.01 });
    expect(one.reached).toBe(false);
  });

  it('grows a star beyond the plus sign of 10 cells, on every tiling', () => {
    const star = { shape: builtinShape('star'), islands: 'largest' } as const;
    for (const shape of ['square', 'hex', 'octagon'] as const) {
      const found = faithfulSize({ shape, mask: star, max: { columns: 80, rows: 80 } });
      expect(found.reached, shape).toBe(true);
      expect(found.size.columns, shape).toBeGreaterThan(10);
    }
  });

  it('reports the best size it tried when the largest allowed cannot reach the threshold', () => {
    const found = faithfulSize({ shape: 'square', mask: heart, max: { columns: 5, rows: 5 } });
    expect(found.reached).toBe(false);
    expect(found.size.columns).toBeLessThanOrEqual(5);
    expect(found.fidelity).toBeLessThan(FIDELITY_THRESHOLD);
    expect(found.fidelity).toBeGreaterThan(0.5);
  });

  it('never answers a size that keeps too few cells for a maze', () => {
    const ring = { shape: builtinShape('ring', { inner: 0.4 }), islands: 'largest' } as const;
    const found = faithfulSize({ shape: 'circle', mask: ring, max: { columns: 20, rows: 20 } });
    expect(found.reached).toBe(true);
    expect(maskCells({ shape: 'circle', size: found.size }, ring).kept).toBeGreaterThanOrEqual(10);
  });

  it('uses the frame aspect for masks without their own', () => {
    const wide = faithfulSize({
      shape: 'square',
      mask: { shape: formulaShape('x*x + y*y < 1'), islands: 'largest' },
      frameAspect: 2,
      max: { columns: 80, rows: 80 },
    });
    expect(wide.reached).toBe(true);
    expect(wide.size.columns).toBeGreaterThanOrEqual(2 * wide.size.rows - 1);
  });
});
