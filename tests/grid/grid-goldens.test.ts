import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Grid } from '../../src/grid/grid.js';
import { buildGrid, type GridLayout, type TopologyInfo, topologies } from '../../src/grid/registry.js';
import { maskedGrid } from '../../src/mask/apply.js';
import { builtinShape, type ShapeName } from '../../src/mask/shapes.js';

/**
 * A short fingerprint of every array of a grid. Cell, wall and vertex numbering and every coordinate feed
 * seeded mazes, canonical hashes and the order of drawn paths, so a faster grid build must give exactly
 * these grids (the goldens were taken from the first implementation).
 */
function fingerprint(g: Grid): string {
  const h = createHash('sha256');
  h.update(
    `${g.topology}|${g.sizeLabel}|${g.cellCount}|${g.wallCount}|${g.vertexCount}|${g.width}|${g.height}|${g.arcs?.cx}|${g.arcs?.cy}`,
  );
  const arrays = [
    ['cellX', g.cellX],
    ['cellY', g.cellY],
    ['wallCellA', g.wallCellA],
    ['wallCellB', g.wallCellB],
    ['wallV0', g.wallV0],
    ['wallV1', g.wallV1],
    ['vertexX', g.vertexX],
    ['vertexY', g.vertexY],
    ['adjStart', g.adjStart],
    ['adjCell', g.adjCell],
    ['adjWall', g.adjWall],
    ['rimStart', g.rimStart],
    ['rimWall', g.rimWall],
    ['wallArc', g.arcs?.curved],
  ] as const;
  for (const [name, a] of arrays) {
    if (!a) {
      h.update(`${name}:none`);
      continue;
    }
    h.update(`${name}:${a.length}:`);
    h.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  }
  return h.digest('hex').slice(0, 16);
}

const PLAIN: [GridLayout, string][] = [
  [{ shape: 'square', size: { columns: 7, rows: 5 } }, 'b7f5305302d8929e'],
  [{ shape: 'square', size: { columns: 1, rows: 1 } }, '1b0ab70b888782f2'],
  [{ shape: 'hex', size: { columns: 7, rows: 5 } }, 'efb4a39a672ab1a1'],
  [{ shape: 'hex', size: { columns: 6, rows: 1 } }, 'dd6695e6df369544'],
  [{ shape: 'hex', size: { columns: 7, rows: 5 }, hexTop: 'flat' }, '8f204f16291bb9fc'],
  [{ shape: 'triangle', size: { columns: 9, rows: 5 } }, 'ceea74b4d77e323b'],
  [{ shape: 'triangle', size: { columns: 1, rows: 1 } }, '2dcbaead7f289bbd'],
  [{ shape: 'octagon', size: { columns: 7, rows: 5 } }, 'f0d26fdce0bb72ee'],
  [{ shape: 'octagon', size: { columns: 1, rows: 3 } }, '4dd4ec73a40742ee'],
  [{ shape: 'circle', size: { columns: 7, rows: 7 } }, '7584734981f050c3'],
  [{ shape: 'circle', size: { columns: 2, rows: 2 } }, 'c63073bf42122650'],
  [{ shape: 'square', size: { columns: 40, rows: 33 } }, '4914947ee07da4b9'],
  [{ shape: 'hex', size: { columns: 33, rows: 29 } }, '21a2fb977a3b0a8b'],
  [{ shape: 'hex', size: { columns: 32, rows: 30 }, hexTop: 'flat' }, '68fd292fb5084429'],
  [{ shape: 'triangle', size: { columns: 41, rows: 30 } }, '957b7aee442911e1'],
  [{ shape: 'octagon', size: { columns: 30, rows: 31 } }, '9c347e17eda5b9b7'],
  [{ shape: 'circle', size: { columns: 31, rows: 31 } }, '22949321ec567255'],
  [{ shape: 'square', size: { columns: 120, rows: 80 } }, '6b898e5212d708bb'],
  [{ shape: 'hex', size: { columns: 121, rows: 80 } }, '70948f1f9aa91821'],
  [{ shape: 'triangle', size: { columns: 121, rows: 80 } }, '07938be17f6a2fe2'],
  [{ shape: 'octagon', size: { columns: 81, rows: 120 } }, '73e7f61e9c43b502'],
  [{ shape: 'circle', size: { columns: 70, rows: 70 } }, '22879520e6b6e0c0'],
];

/** Masked grids: [layout, mask, islands rule, fingerprint]. */
const MASKED: [GridLayout, ShapeName, 'join' | 'largest', string][] = [
  [{ shape: 'square', size: { columns: 16, rows: 13 } }, 'heart', 'largest', '1a7fcf8ad1ece045'],
  [{ shape: 'square', size: { columns: 16, rows: 13 } }, 'ring', 'largest', 'f0d30139effe0bce'],
  [{ shape: 'square', size: { columns: 16, rows: 13 } }, 'star', 'join', 'a1fe7c496854f383'],
  [{ shape: 'hex', size: { columns: 16, rows: 13 } }, 'heart', 'largest', '22973b21d4793cb1'],
  [{ shape: 'hex', size: { columns: 16, rows: 13 } }, 'ring', 'largest', 'ea0bdbfbb1c98627'],
  [{ shape: 'hex', size: { columns: 16, rows: 13 } }, 'star', 'join', '2543520f6295a24f'],
  [{ shape: 'hex', size: { columns: 16, rows: 13 }, hexTop: 'flat' }, 'heart', 'largest', 'ee90881e8dccb016'],
  [{ shape: 'hex', size: { columns: 16, rows: 13 }, hexTop: 'flat' }, 'ring', 'largest', 'dddab9782850bbf8'],
  [{ shape: 'triangle', size: { columns: 16, rows: 13 } }, 'heart', 'largest', '4d351baa2b5a152b'],
  [{ shape: 'triangle', size: { columns: 16, rows: 13 } }, 'ring', 'largest', '0d1177ae16d646c4'],
  [{ shape: 'triangle', size: { columns: 16, rows: 13 } }, 'star', 'join', '92f24bf4e205ecbd'],
  [{ shape: 'octagon', size: { columns: 16, rows: 13 } }, 'heart', 'largest', 'b25f8b0a1f7ea654'],
  [{ shape: 'octagon', size: { columns: 16, rows: 13 } }, 'ring', 'largest', '3ba8b8620043a1a5'],
  [{ shape: 'octagon', size: { columns: 16, rows: 13 } }, 'star', 'join', 'ee8e0a309053922b'],
  [{ shape: 'circle', size: { columns: 12, rows: 12 } }, 'heart', 'largest', 'c1ee7836cef8d500'],
  [{ shape: 'circle', size: { columns: 12, rows: 12 } }, 'ring', 'largest', '5d53dad5e3b676bf'],
  [{ shape: 'circle', size: { columns: 12, rows: 12 } }, 'star', 'join', '569c792f9eb6e50e'],
];

/**
 * Grids built with a keep array (every third cell and the first nine dropped): [layout, fingerprint]. They
 * are cut out of the full grid, as the mask stage cuts masked grids (the tilings other than squares once
 * had a second, cell-by-cell builder for these, which wrote a rim wall at its kept cell's turn).
 */
const KEPT: [GridLayout, string][] = [
  [{ shape: 'square', size: { columns: 9, rows: 7 } }, 'a74411bbfe1fddf9'],
  [{ shape: 'hex', size: { columns: 9, rows: 7 } }, '1d1a0a5dedc29c62'],
  [{ shape: 'hex', size: { columns: 9, rows: 7 }, hexTop: 'flat' }, '1221daa52c85c861'],
  [{ shape: 'triangle', size: { columns: 9, rows: 7 } }, '44f0d75d5da14121'],
  [{ shape: 'octagon', size: { columns: 9, rows: 7 } }, '822b639092fc3b8f'],
  [{ shape: 'circle', size: { columns: 6, rows: 6 } }, '15053885e5286986'],
];

const label = (l: GridLayout): string =>
  `${l.shape}${l.hexTop ? `-${l.hexTop}` : ''} ${l.size.columns}×${l.size.rows}`;

describe('grid goldens', () => {
  it.each(PLAIN.map(([l, fp]) => [label(l), l, fp] as const))('%s builds the same grid', (_, layout, fp) => {
    expect(fingerprint(buildGrid(layout))).toBe(fp);
  });

  it.each(KEPT.map(([l, fp]) => [label(l), l, fp] as const))('%s with a keep array', (_, layout, fp) => {
    const n = (topologies[layout.shape] as TopologyInfo).count(layout.size);
    const keep = Uint8Array.from({ length: n }, (_, i) => (i % 3 === 1 || i < 9 ? 0 : 1));
    expect(fingerprint(buildGrid(layout, keep))).toBe(fp);
  });

  it.each(MASKED.map(([l, mask, islands, fp]) => [`${label(l)} ${mask}`, l, mask, islands, fp] as const))(
    '%s mask cuts the same grid',
    (_, layout, mask, islands, fp) => {
      expect(fingerprint(maskedGrid(layout, { shape: builtinShape(mask), islands }, 'test'))).toBe(fp);
    },
  );
});
