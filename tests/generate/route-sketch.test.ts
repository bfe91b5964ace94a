import { describe, expect, it } from 'vitest';
import { traceSketch, wallBetween } from '../../src/generate/route.js';
import { buildSquareGrid } from '../../src/grid/square.js';

describe('side lines of a sketch', () => {
  // 12 × 10 squares; the main line runs along row 4, a drawn wall lies under it from column 2 to column 9.
  const grid = buildSquareGrid({ columns: 12, rows: 10 });
  const blocked = new Uint8Array(grid.wallCount);
  for (let w = 0; w < grid.wallCount; w++) {
    const a = grid.wallCellA[w];
    const b = grid.wallCellB[w];
    if (b < 0) continue;
    const top = Math.min(grid.cellY[a], grid.cellY[b]);
    const x = grid.cellX[a];
    if (grid.cellX[a] === grid.cellX[b] && top === 4.5 && x > 2 && x < 10) blocked[w] = 1;
  }
  const main = [
    { x: 0.5, y: 4.5 },
    { x: 11.5, y: 4.5 },
  ];

  /** The main line with one side line from `a` to `b`, laid on the grid. */
  const withBranch = (a: [number, number], b: [number, number], walls: Uint8Array) =>
    traceSketch(
      grid,
      {
        main,
        branches: [
          [
            { x: a[0], y: a[1] },
            { x: b[0], y: b[1] },
          ],
        ],
      },
      walls,
      'test',
    );

  it('hang from a cell of the route they can reach, not one across a drawn wall', () => {
    // The branch starts just under the main line, behind the drawn wall, and runs down.
    const lines = withBranch([6.5, 5.6], [6.5, 9.5], blocked);
    const branch = lines[1];
    expect(lines[0].cells).toContain(branch.from);
    expect(wallBetween(grid, branch.from, branch.cells[0], blocked)).toBeGreaterThanOrEqual(0);
    for (let i = 1; i < branch.cells.length; i++) {
      expect(wallBetween(grid, branch.cells[i - 1], branch.cells[i], blocked)).toBeGreaterThanOrEqual(0);
    }
  });

  it('name their point when nothing joins them to the route', () => {
    // A box of drawn walls round the branch's first cell shuts it off from the route.
    const boxed = blocked.slice();
    for (let k = grid.adjStart[6 + 12 * 7]; k < grid.adjStart[6 + 12 * 7 + 1]; k++)
      boxed[grid.adjWall[k]] = 1;
    expect(() => withBranch([6.5, 7.5], [6.6, 7.6], boxed)).toThrow(/branch 1 point 1/);
  });
});
