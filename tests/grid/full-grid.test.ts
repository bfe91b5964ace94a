import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeNeighbourTable } from '../../src/generate/neighbour-table.js';
import { type Grid, interleavedLists, subGrid } from '../../src/grid/grid.js';
import { buildGrid, type GridLayout, type TopologyInfo, topologies } from '../../src/grid/registry.js';

/** The numbers and arrays of a grid, for an exact digest (bit for bit, -0 and NaN too). */
function feed(h: ReturnType<typeof createHash>, g: Grid): void {
  h.update(
    `${g.cellCount}|${g.wallCount}|${g.vertexCount}|${g.width}|${g.height}|${g.wallSpan}|${g.arcs?.cx}|${g.arcs?.cy}`,
  );
  const arrays = [
    g.cellX,
    g.cellY,
    g.wallCellA,
    g.wallCellB,
    g.wallV0,
    g.wallV1,
    g.vertexX,
    g.vertexY,
    g.adjStart,
    g.adjCell,
    g.adjWall,
    g.rimStart,
    g.rimWall,
    g.arcs?.curved,
  ];
  for (const a of arrays) h.update(a ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength) : 'none');
}

/** The bytes of a typed array, for exact comparison of large arrays. */
const bytes = (a: ArrayBufferView | undefined) =>
  a === undefined ? undefined : Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

const name = (l: GridLayout) => `${l.shape}${l.hexTop === 'flat' ? '-flat' : ''}`;

/** Every tiling at every size up to 6 × 6, at sizes past several row parities and rim cases, and circles. */
const layouts: GridLayout[] = [];
for (let columns = 1; columns <= 6; columns++) {
  for (let rows = 1; rows <= 6; rows++) {
    for (const shape of ['square', 'hex', 'triangle', 'octagon'] as const)
      layouts.push({ shape, size: { columns, rows } });
    layouts.push({ shape: 'hex', size: { columns, rows }, hexTop: 'flat' });
  }
}
for (const [columns, rows] of [
  [17, 11],
  [12, 23],
  [97, 64],
  [101, 77],
]) {
  for (const shape of ['hex', 'triangle', 'octagon', 'square'] as const)
    layouts.push({ shape, size: { columns, rows } });
  layouts.push({ shape: 'hex', size: { columns, rows }, hexTop: 'flat' });
}
for (const rings of [2, 3, 4, 5, 9, 16, 40, 130])
  layouts.push({ shape: 'circle', size: { columns: rings, rows: rings } });

/**
 * Digests of each tiling's grids over all the sizes above: cell, wall and vertex numbering, coordinates and
 * lists. Each topology writes its grid one way only (a masked grid is cut out of it), so these pin that
 * way; they were taken when the direct writers were still compared, size by size, with a second,
 * cell-by-cell description of each tiling, and agreed with it everywhere.
 */
const NUMBERING: Record<string, string> = {
  square: '720c281c84077aea',
  hex: '6cb5e589d7172603',
  'hex-flat': '18b77e8f0ae2fb20',
  triangle: '3d9ae8a284c1ecb0',
  octagon: '2c5651e10cfaf350',
  circle: 'ed77a206ad93a5ae',
};

describe('unmasked grids written directly', () => {
  it.each(Object.entries(NUMBERING))(
    '%s numbers its cells, walls and corners as it always has',
    (tiling, digest) => {
      const h = createHash('sha256');
      for (const layout of layouts.filter((l) => name(l) === tiling)) feed(h, buildGrid(layout));
      expect(h.digest('hex').slice(0, 16)).toBe(digest);
    },
  );

  it.each(
    layouts
      .filter((l) => l.size.columns > 10 || l.shape === 'circle')
      .map((l) => [`${name(l)} ${l.size.columns}×${l.size.rows}`, l] as const),
  )('%s is written with its neighbour lists interleaved, kept beside the grid', (_, layout) => {
    const grid = buildGrid(layout);
    // The lists written interleaved with the grid are the copy a walk's table would make of its lists...
    const copy = makeNeighbourTable({ ...grid }).entries;
    expect(bytes(interleavedLists(grid))).toBe(bytes(copy));
    // ... and kept beside the grid, not in it: a cut-out has the same fields, in the same order.
    const all = new Uint8Array(grid.cellCount).fill(1);
    expect(Object.keys(grid)).toEqual(Object.keys(subGrid(grid, all)));
  });
});

describe('masked grids', () => {
  it.each(
    layouts
      .filter((l) => l.size.columns === 5 || l.shape === 'circle')
      .map((l) => [`${name(l)} ${l.size.columns}×${l.size.rows}`, l] as const),
  )('%s with a keep array is the cut-out of the full grid the mask stage makes', (_, layout) => {
    const topology = topologies[layout.shape] as TopologyInfo;
    const keep = Uint8Array.from({ length: topology.count(layout.size) }, (_, i) => (i % 3 === 1 ? 0 : 1));
    const settled = keep.slice();
    topology.settle?.(layout.size, settled);
    const cut = subGrid(buildGrid(layout), settled);
    const direct = buildGrid(layout, keep);
    const h = (g: Grid) => {
      const d = createHash('sha256');
      feed(d, g);
      return d.digest('hex');
    };
    expect(h(direct)).toBe(h(cut));
    expect(direct.cellCount).toBe(settled.reduce((a, b) => a + b, 0));
  });
});
