import { describe, expect, it } from 'vitest';
import { buildAdaptiveGrid } from '../../src/grid/adaptive.js';
import { type Grid, subGrid } from '../../src/grid/grid.js';
import { cellLocator } from '../../src/grid/locate.js';
import { buildGrid } from '../../src/grid/registry.js';
import { createRng } from '../../src/random/sfc32.js';

/** Whether (x, y) is inside cell c (walls as chords; on a wall counts as inside). */
function inside(grid: Grid, c: number, x: number, y: number): boolean {
  for (let w = 0; w < grid.wallCount; w++) {
    if (grid.wallCellA[w] !== c && grid.wallCellB[w] !== c) continue;
    const ax = grid.vertexX[grid.wallV0[w]];
    const ay = grid.vertexY[grid.wallV0[w]];
    const dx = grid.vertexX[grid.wallV1[w]] - ax;
    const dy = grid.vertexY[grid.wallV1[w]] - ay;
    const s = (px: number, py: number) => dx * (py - ay) - dy * (px - ax);
    if (s(x, y) * s(grid.cellX[c], grid.cellY[c]) < -1e-9) return false;
  }
  return true;
}

describe('cellLocator', () => {
  const depth = { width: 4, height: 1, data: new Float32Array([0, 3, 1, 2]) };
  const grids: [string, Grid][] = [
    ['adaptive square', buildAdaptiveGrid({ tiling: 'square', columns: 6, rows: 3, levels: 3, depth })],
    ['adaptive triangle', buildAdaptiveGrid({ tiling: 'triangle', columns: 7, rows: 3, levels: 2, depth })],
    ['hex', buildGrid({ shape: 'hex', size: { columns: 9, rows: 7 } })],
  ];

  it.each(grids)('finds the cell holding each point on %s grids, and the nearest centre', (_, grid) => {
    const locate = cellLocator(grid);
    const rng = createRng([1, 2, 3, 4]);
    for (let i = 0; i < 300; i++) {
      const x = rng.next() * grid.width;
      const y = rng.next() * grid.height;
      const c = locate.cellAt(x, y);
      let nearest = 0;
      for (let k = 1; k < grid.cellCount; k++) {
        const d = Math.hypot(grid.cellX[k] - x, grid.cellY[k] - y);
        if (d < Math.hypot(grid.cellX[nearest] - x, grid.cellY[nearest] - y)) nearest = k;
      }
      expect(locate.nearest(x, y).distance).toBeCloseTo(
        Math.hypot(grid.cellX[nearest] - x, grid.cellY[nearest] - y),
        9,
      );
      if (c >= 0) expect(inside(grid, c, x, y)).toBe(true);
      else {
        // Only points outside every cell (the ragged edges of hex and triangle grids) are outside.
        for (let k = 0; k < grid.cellCount; k++) expect(inside(grid, k, x, y)).toBe(false);
      }
    }
  });

  it('says -1 outside a masked grid', () => {
    const full = buildGrid({ shape: 'square', size: { columns: 10, rows: 10 } });
    const keep = new Uint8Array(100).map((_, c) => (c % 10 < 5 ? 1 : 0));
    const half = subGrid(full, keep);
    const locate = cellLocator(half);
    expect(locate.cellAt(2.5, 2.5)).toBeGreaterThanOrEqual(0);
    expect(locate.cellAt(7.5, 2.5)).toBe(-1);
  });
});
