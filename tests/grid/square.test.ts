import { describe, expect, it } from 'vitest';
import { rimNormal } from '../../src/grid/grid.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { straightAhead } from '../../src/grid/straight.js';
import { checkGridInvariants } from '../helpers.js';

describe('square grid', () => {
  it('has the counts of a w×h lattice', () => {
    const g = buildSquareGrid({ columns: 5, rows: 3 });
    expect(g.cellCount).toBe(15);
    expect(g.wallCount).toBe(6 * 3 + 5 * 4);
    expect(g.rimWall.length).toBe(2 * 5 + 2 * 3);
    expect(g.adjCell.length).toBe(2 * (4 * 3 + 5 * 2));
    expect([g.width, g.height]).toEqual([5, 3]);
    checkGridInvariants(g);
  });

  it('places cell centres and wall vertices on the unit lattice, y down', () => {
    const g = buildSquareGrid({ columns: 3, rows: 2 });
    expect([g.cellX[4], g.cellY[4]]).toEqual([1.5, 1.5]);
    // Every rim wall's outward normal points away from the grid centre.
    for (const w of g.rimWall) {
      const [nx, ny] = rimNormal(g, w);
      const c = g.wallCellA[w];
      expect(nx * (g.cellX[c] - 1.5) + ny * (g.cellY[c] - 1)).toBeGreaterThan(0);
    }
  });

  it('drops masked cells and turns walls next to them into rim walls', () => {
    const keep = new Uint8Array([1, 1, 1, 1, 0, 1, 1, 1, 1]); // 3×3 ring: the centre is gone
    const g = buildSquareGrid({ columns: 3, rows: 3, keep });
    expect(g.cellCount).toBe(8);
    expect(g.rimWall.length).toBe(12 + 4);
    checkGridInvariants(g);
  });

  it('finds the straight-ahead step for every inner step', () => {
    const g = buildSquareGrid({ columns: 4, rows: 4 });
    const ahead = straightAhead(g);
    // From cell 0 east to cell 1, straight ahead is cell 2.
    const k = [...g.adjCell.subarray(g.adjStart[0], g.adjStart[1])].indexOf(1) + g.adjStart[0];
    expect(g.adjCell[ahead[k]]).toBe(2);
    // From cell 2 east to cell 3 there is nothing ahead.
    const k2 = [...g.adjCell.subarray(g.adjStart[2], g.adjStart[3])].indexOf(3) + g.adjStart[2];
    expect(ahead[k2]).toBe(-1);
  });
});
