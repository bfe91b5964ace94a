import { describe, expect, it } from 'vitest';
import { backtracker } from '../../src/generate/backtracker.js';
import { placeEnds } from '../../src/generate/entry-exit.js';
import { bfs } from '../../src/grid/bfs.js';
import { rimNormal, wallMidpoint } from '../../src/grid/grid.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { UserError } from '../../src/spec/errors.js';
import { squareMaze } from '../helpers.js';

describe('entry and exit', () => {
  it('auto ends are open rim walls of distinct cells, most of the way apart along the passages', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const m = squareMaze(9, 7, seed);
      const { grid } = m;
      expect(grid.wallCellB[m.entryWall]).toBe(-1);
      expect(grid.wallCellB[m.exitWall]).toBe(-1);
      expect(m.open[m.entryWall]).toBe(1);
      expect(m.open[m.exitWall]).toBe(1);
      expect(m.entryCell).not.toBe(m.exitCell);
      const rimCells = [...new Set(grid.rimWall)].map((w) => grid.wallCellA[w]);
      let best = 0;
      for (const c of rimCells) {
        const { dist } = bfs(grid, m.open, c);
        for (const d of rimCells) best = Math.max(best, dist[d]);
      }
      const found = bfs(grid, m.open, m.entryCell).dist[m.exitCell];
      expect(found).toBeGreaterThanOrEqual(Math.floor(best * 0.7));
    }
  });

  it('auto ends are at least half the maze apart on the page', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const m = squareMaze(12, 15, seed);
      const d = Math.hypot(
        m.grid.cellX[m.entryCell] - m.grid.cellX[m.exitCell],
        m.grid.cellY[m.entryCell] - m.grid.cellY[m.exitCell],
      );
      expect(d).toBeGreaterThanOrEqual(7.5);
    }
  });

  it('auto names the upper-left end the entry', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const m = squareMaze(10, 10, seed);
      const [ex, ey] = [m.grid.cellX[m.entryCell], m.grid.cellY[m.entryCell]];
      const [xx, xy] = [m.grid.cellX[m.exitCell], m.grid.cellY[m.exitCell]];
      expect(ey < xy || (ey === xy && ex <= xx)).toBe(true);
    }
  });

  it('puts side ends on that side, at the requested position', () => {
    const m = squareMaze(10, 6, 1, {
      entry: { kind: 'side', side: 'left', at: 0.1 },
      exit: { kind: 'side', side: 'bottom', at: 0.75 },
    });
    expect(rimNormal(m.grid, m.entryWall)).toEqual([-1, 0]);
    expect(wallMidpoint(m.grid, m.entryWall)).toEqual([0, 0.5]);
    expect(rimNormal(m.grid, m.exitWall)).toEqual([0, 1]);
    expect(wallMidpoint(m.grid, m.exitWall)).toEqual([7.5, 6]);
  });

  it('refuses an entry and exit on the same wall', () => {
    const grid = buildSquareGrid({ columns: 4, rows: 4 });
    const open = backtracker(grid, createRng(deriveSeed(1, 'x')), { straightness: 0 });
    const top = { kind: 'side', side: 'top', at: 0.5 } as const;
    expect(() => placeEnds(grid, open, top, top, 'pages[0]')).toThrow(UserError);
  });
});
