import { describe, expect, it } from 'vitest';
import { buildAdaptiveGrid } from '../../src/grid/adaptive.js';
import { type Grid, measureWallSpan, subGrid } from '../../src/grid/grid.js';
import type { Raster } from '../../src/grid/raster.js';
import { buildGrid, type GridLayout, type TopologyInfo, topologies } from '../../src/grid/registry.js';
import { plainGrid, weaveGrid } from '../../src/grid/weave.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng, type Rng } from '../../src/random/sfc32.js';

/**
 * The size along either axis of the largest wall box, wall by wall: a straight wall's box is its ends' box,
 * an arc's that box widened on every side by its chord.
 */
function measured(g: Grid): number {
  let span = 0;
  for (let w = 0; w < g.wallCount; w++) {
    const dx = Math.abs(g.vertexX[g.wallV1[w]] - g.vertexX[g.wallV0[w]]);
    const dy = Math.abs(g.vertexY[g.wallV1[w]] - g.vertexY[g.wallV0[w]]);
    const bulge = g.arcs && g.arcs.curved[w] !== 0 ? Math.hypot(dx, dy) : 0;
    span = Math.max(span, Math.max(dx, dy) + 2 * bulge);
  }
  return span;
}

/** The bound holds (no wall box larger) and, where `tight`, is at most twice the largest box. */
function expectBound(g: Grid, tight: boolean): void {
  const span = g.wallSpan as number;
  expect(span).toBeTypeOf('number');
  const largest = measured(g);
  expect(span).toBeGreaterThanOrEqual(largest);
  if (tight) expect(span).toBeLessThanOrEqual(2 * largest);
}

/** Roughly `share` of the cells, at random (at least one). */
function randomKeep(count: number, rng: Rng, share: number): Uint8Array {
  const keep = new Uint8Array(count);
  for (let c = 0; c < count; c++) keep[c] = rng.next() < share ? 1 : 0;
  keep[rng.int(count)] = 1;
  return keep;
}

/** The cells of the first `share` of the cell order: a band or a disc of the full grid. */
function firstCells(count: number, share: number): Uint8Array {
  const keep = new Uint8Array(count);
  keep.fill(1, 0, Math.max(1, Math.floor(count * share)));
  return keep;
}

/** A wanted depth peaking at `peak` off the middle of the box. */
function bump(peak: number, size = 32): Raster {
  const data = new Float32Array(size * size);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const r2 = ((i + 0.5) / size - 0.35) ** 2 + ((j + 0.5) / size - 0.6) ** 2;
      data[j * size + i] = peak * Math.exp(-r2 / 0.03);
    }
  }
  return { width: size, height: size, data };
}

const rng = createRng(deriveSeed(18, 'wall span', 0));

const layouts: GridLayout[] = [];
for (const [columns, rows] of [
  [1, 1],
  [1, 4],
  [2, 3],
  [5, 2],
  [17, 11],
  [40, 63],
]) {
  for (const shape of ['square', 'hex', 'triangle', 'octagon'] as const)
    layouts.push({ shape, size: { columns, rows } });
  layouts.push({ shape: 'hex', size: { columns, rows }, hexTop: 'flat' });
}
for (const rings of [2, 3, 4, 5, 9, 16, 40, 130])
  layouts.push({ shape: 'circle', size: { columns: rings, rows: rings } });

const label = (l: GridLayout) =>
  `${l.shape}${l.hexTop === 'flat' ? ' flat' : ''} ${l.shape === 'circle' ? `${l.size.rows} rings` : `${l.size.columns}×${l.size.rows}`}`;

describe('wallSpan of the topologies', () => {
  it.each(layouts.map((l) => [label(l), l]))('%s: a bound on every wall box, within 2×', (_name, layout) => {
    const full = buildGrid(layout);
    expectBound(full, true);
    // The measuring pass, for grids built without the bound, finds the largest box itself.
    expect(measureWallSpan(full)).toBeCloseTo(measured(full), 12);

    const info = topologies[layout.shape] as TopologyInfo;
    const count = info.count(layout.size);
    // Masked grids built cell by cell, and cut out of the full one: some of its walls, the same bound.
    for (const keep of [randomKeep(count, rng, 0.6), firstCells(count, 0.5), randomKeep(count, rng, 0.05)]) {
      const masked = buildGrid(layout, keep);
      // A mask settles its keep array before cutting (octagons keep the squares between kept octagons).
      const settled = keep.slice();
      info.settle?.(layout.size, settled);
      const cut = subGrid(full, settled);
      expect(masked.wallSpan).toBe(full.wallSpan);
      expect(cut.wallSpan).toBe(full.wallSpan);
      expectBound(masked, false);
      expectBound(cut, false);
    }
    expectBound(buildGrid(layout, randomKeep(count, rng, 0.7)), true);
  });
});

describe('wallSpan of adaptive grids', () => {
  for (const tiling of ['square', 'triangle'] as const) {
    for (const levels of [0, 1, 3, 4]) {
      for (const balance of ['refine', 'coarsen'] as const) {
        it(`${tiling}, ${levels} levels, ${balance}: the largest cell's side`, () => {
          const options = { tiling, columns: 5, rows: 3, levels, depth: bump(levels), balance };
          const grid = buildAdaptiveGrid(options);
          expectBound(grid, true);
          // Every coarse cell split: the largest walls are a level down, and so is the bound.
          const fine = buildAdaptiveGrid({
            ...options,
            depth: { width: 1, height: 1, data: Float32Array.of(9) },
          });
          expectBound(fine, true);
          const masked = buildAdaptiveGrid(options, randomKeep(grid.cellCount, rng, 0.5));
          expect(masked.wallSpan).toBe(grid.wallSpan);
          expectBound(masked, false);
        });
      }
    }
  }
});

describe('wallSpan of weave grids', () => {
  it.each([
    ['square', { shape: 'square', size: { columns: 12, rows: 9 } }],
    ['hex', { shape: 'hex', size: { columns: 9, rows: 8 } }],
    ['octagon', { shape: 'octagon', size: { columns: 7, rows: 6 } }],
    ['circle', { shape: 'circle', size: { columns: 9, rows: 9 } }],
  ] as [string, GridLayout][])('%s: under-passages add no larger box', (_name, layout) => {
    const plain = buildGrid(layout);
    const woven = weaveGrid(plain);
    expect(woven.wallCount).toBeGreaterThan(plain.wallCount);
    expect(woven.wallSpan).toBe(plain.wallSpan);
    expectBound(woven, true);
    // A cut-out of the weave grid, and the plain grid rebuilt from its ordinary walls.
    const cut = subGrid(woven, randomKeep(woven.cellCount, rng, 0.8));
    expect(cut.weave?.under).toBeDefined();
    expectBound(cut, false);
    const rebuilt = plainGrid(cut);
    expect(rebuilt.weave?.under).toBeUndefined();
    expect(rebuilt.wallSpan).toBe(plain.wallSpan);
    expectBound(rebuilt, false);
  });
});
