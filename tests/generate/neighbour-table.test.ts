import { describe, expect, it } from 'vitest';
import { gridFor } from '../../src/generate/generate-maze.js';
import { neighbourTable } from '../../src/generate/neighbour-table.js';
import { type Grid, maxDegree } from '../../src/grid/grid.js';
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
    const { stride, degree, entries } = neighbourTable(grid);
    expect(stride).toBe(maxDegree(grid));
    expect(entries.length).toBe(2 * stride * grid.cellCount);
    for (let c = 0; c < grid.cellCount; c++) {
      const start = grid.adjStart[c];
      expect(degree[c]).toBe(grid.adjStart[c + 1] - start);
      for (let j = 0; j < degree[c]; j++) {
        const i = 2 * (stride * c + j);
        expect([entries[i], entries[i + 1]]).toEqual([grid.adjCell[start + j], grid.adjWall[start + j]]);
      }
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
