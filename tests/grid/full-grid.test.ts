import { describe, expect, it } from 'vitest';
import { makeNeighbourTable } from '../../src/generate/neighbour-table.js';
import { type Grid, interleavedLists } from '../../src/grid/grid.js';
import { buildGrid, type GridLayout, topologies } from '../../src/grid/registry.js';

/** Every array and number of a grid, for exact comparison. */
function parts(g: Grid): Record<string, unknown> {
  return {
    topology: g.topology,
    sizeLabel: g.sizeLabel,
    cellCount: g.cellCount,
    wallCount: g.wallCount,
    vertexCount: g.vertexCount,
    width: g.width,
    height: g.height,
    wallSpan: g.wallSpan,
    arcCX: g.arcCX,
    arcCY: g.arcCY,
    cellX: Array.from(g.cellX),
    cellY: Array.from(g.cellY),
    wallCellA: Array.from(g.wallCellA),
    wallCellB: Array.from(g.wallCellB),
    wallV0: Array.from(g.wallV0),
    wallV1: Array.from(g.wallV1),
    vertexX: Array.from(g.vertexX),
    vertexY: Array.from(g.vertexY),
    adjStart: Array.from(g.adjStart),
    adjCell: Array.from(g.adjCell),
    adjWall: Array.from(g.adjWall),
    rimStart: Array.from(g.rimStart),
    rimWall: Array.from(g.rimWall),
    wallArc: g.wallArc ? Array.from(g.wallArc) : undefined,
  };
}

const layouts: GridLayout[] = [];
for (let columns = 1; columns <= 6; columns++) {
  for (let rows = 1; rows <= 6; rows++) {
    layouts.push({ shape: 'hex', size: { columns, rows } });
    layouts.push({ shape: 'hex', size: { columns, rows }, hexTop: 'flat' });
    layouts.push({ shape: 'triangle', size: { columns, rows } });
    layouts.push({ shape: 'octagon', size: { columns, rows } });
    layouts.push({ shape: 'square', size: { columns, rows } });
  }
}
for (const [columns, rows] of [
  [17, 11],
  [12, 23],
]) {
  for (const shape of ['hex', 'triangle', 'octagon', 'square'] as const)
    layouts.push({ shape, size: { columns, rows } });
  layouts.push({ shape: 'hex', size: { columns, rows }, hexTop: 'flat' });
}
for (const rings of [2, 3, 4, 5, 9, 16, 40])
  layouts.push({ shape: 'circle', size: { columns: rings, rows: rings } });

describe('unmasked grids written directly', () => {
  it.each(
    layouts.map((l) => [
      `${l.shape}${l.hexTop === 'flat' ? ' flat' : ''} ${l.size.columns}×${l.size.rows}`,
      l,
    ]),
  )('%s is the grid the cell-by-cell tile builder makes', (_name, layout) => {
    // A mask that keeps every cell takes the general path: tile tables, then assembleGrid.
    const keep = new Uint8Array(topologies[layout.shape].count(layout.size)).fill(1);
    expect(parts(buildGrid(layout))).toEqual(parts(buildGrid(layout, keep)));
  });
});

/** The bytes of a typed array, for exact comparison of large arrays (bit for bit, -0 and NaN too). */
const bytes = (a: ArrayBufferView | undefined) =>
  a === undefined ? undefined : Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

describe('unmasked grids written directly, at larger sizes', () => {
  // Sizes past several row parities, rim cases and (circles) wedge doublings, compared bit for bit.
  const large: GridLayout[] = [
    { shape: 'square', size: { columns: 97, rows: 64 } },
    { shape: 'hex', size: { columns: 101, rows: 77 } },
    { shape: 'hex', size: { columns: 60, rows: 91 }, hexTop: 'flat' },
    { shape: 'triangle', size: { columns: 97, rows: 64 } },
    { shape: 'octagon', size: { columns: 83, rows: 61 } },
    { shape: 'circle', size: { columns: 130, rows: 130 } },
  ];
  it.each(
    large.map((l) => [`${l.shape}${l.hexTop === 'flat' ? ' flat' : ''} ${l.size.columns}×${l.size.rows}`, l]),
  )('%s is the grid the cell-by-cell tile builder makes', (_name, layout) => {
    const direct = buildGrid(layout);
    const tiled = buildGrid(layout, new Uint8Array(topologies[layout.shape].count(layout.size)).fill(1));
    const arrays = (g: Grid) => ({
      numbers: [g.cellCount, g.wallCount, g.vertexCount, g.width, g.height, g.wallSpan, g.arcCX, g.arcCY],
      cellX: bytes(g.cellX),
      cellY: bytes(g.cellY),
      vertexX: bytes(g.vertexX),
      vertexY: bytes(g.vertexY),
      wallCellA: bytes(g.wallCellA),
      wallCellB: bytes(g.wallCellB),
      wallV0: bytes(g.wallV0),
      wallV1: bytes(g.wallV1),
      wallArc: bytes(g.wallArc),
      adjStart: bytes(g.adjStart),
      adjCell: bytes(g.adjCell),
      adjWall: bytes(g.adjWall),
      rimStart: bytes(g.rimStart),
      rimWall: bytes(g.rimWall),
    });
    expect(arrays(direct)).toEqual(arrays(tiled));
    // The lists written interleaved with the grid are the copy a walk's table would make of its lists.
    expect(bytes(interleavedLists(direct))).toBe(bytes(makeNeighbourTable(tiled).entries));
    // ... and kept beside the grid, not in it: the grid has the same fields, in the same order.
    expect(Object.keys(direct)).toEqual(Object.keys(tiled));
  });
});
