import { describe, expect, it } from 'vitest';
import { gridFor } from '../../src/generate/generate-maze.js';
import { makeNeighbourTable, neighbourTable } from '../../src/generate/neighbour-table.js';
import { type Grid, interleavedLists, subGrid } from '../../src/grid/grid.js';
import { buildGrid, topologyNames } from '../../src/grid/registry.js';
import { weaveGrid } from '../../src/grid/weave.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape } from '../../src/mask/shapes.js';

describe('neighbour table', () => {
  const grids: [string, Grid][] = [
    ...topologyNames.map((t): [string, Grid] => [t, buildGrid({ shape: t, size: { columns: 9, rows: 7 } })]),
    [
      'hex, masked by a ring',
      gridFor({ shape: 'hex', size: { columns: 14, rows: 12 } }, maskOf(builtinShape('ring')), 't'),
    ],
    ['square weave', weaveGrid(buildGrid({ shape: 'square', size: { columns: 8, rows: 8 } }))],
  ];

  it.each(grids)('%s: each cell lists the CSR neighbours and walls, in the same order', (_, grid) => {
    const { start, entries } = neighbourTable(grid);
    expect(start).toEqual(grid.adjStart);
    expect(entries.length).toBe(2 * grid.adjStart[grid.cellCount]);
    for (let c = 0; c < grid.cellCount; c++) {
      for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
        expect([entries[2 * k], entries[2 * k + 1]]).toEqual([grid.adjCell[k], grid.adjWall[k]]);
      }
    }
  });

  it.each(grids)('%s: made of the interleaved lists when the grid was written with them', (_, grid) => {
    const written = interleavedLists(grid);
    const table = neighbourTable(grid);
    if (written) expect(table.entries).toBe(written);
    expect(Array.from(table.entries)).toEqual(Array.from(makeNeighbourTable(grid).entries));
  });

  it('is lent by every unmasked grid and every cut-out', () => {
    for (const shape of topologyNames) {
      const layout = { shape, size: { columns: 6, rows: 5 } };
      expect(interleavedLists(buildGrid(layout)), shape).toBeDefined();
      const keep = new Uint8Array(buildGrid(layout).cellCount).fill(1);
      keep[0] = 0;
      expect(interleavedLists(buildGrid(layout, keep)), shape).toBeDefined();
      const cut = subGrid(buildGrid(layout), keep);
      expect(neighbourTable(cut).entries, shape).toBe(interleavedLists(cut));
      expect(Array.from(neighbourTable(cut).entries)).toEqual(Array.from(makeNeighbourTable(cut).entries));
    }
  });

  it('is made once per grid', () => {
    const grid = buildGrid({ shape: 'octagon', size: { columns: 5, rows: 5 } });
    expect(neighbourTable(grid)).toBe(neighbourTable(grid));
    expect(neighbourTable(buildGrid({ shape: 'octagon', size: { columns: 5, rows: 5 } }))).not.toBe(
      neighbourTable(grid),
    );
  });
});
