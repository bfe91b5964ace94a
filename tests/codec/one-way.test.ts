import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { decodeFm } from '../../src/codec/fm.js';
import { bfs } from '../../src/grid/bfs.js';
import type { PathItem } from '../../src/layout/display-list.js';
import { drawMaze } from '../../src/layout/draw-maze.js';
import { LINE, MOVE } from '../../src/vector/path-data.js';
import { squareMaze } from '../helpers.js';

const stroke = { color: '#123456', width: 1, cap: 'round', join: 'round' } as const;

describe('one-way passages', () => {
  it('solve walks the long way round a passage that points against it', () => {
    // 2 × 2 ring, in at the west of cell 0, out at the east of cell 1; 0 → 1 is closed to it (1 → 0 only).
    const maze = decodeFm('FM2ln2LJW1E0');
    expect([...maze.oneWay!].filter((d) => d !== 0)).toHaveLength(1);
    expect(Array.from(solve(maze).cells)).toEqual([0, 2, 3, 1]);
    // Without the one-way flags the direct step is shorter.
    expect(Array.from(solve({ ...maze, oneWay: undefined }).cells)).toEqual([0, 1]);
  });

  it('bfs crosses one-way walls only forwards, and ignores them when not given', () => {
    const maze = decodeFm('FM3iEi1W0E0');
    expect(bfs(maze.grid, maze.open, 0, maze.oneWay).reached).toBe(3);
    expect(bfs(maze.grid, maze.open, 2, maze.oneWay).reached).toBe(2);
    expect(bfs(maze.grid, maze.open, 2).reached).toBe(3);
  });

  it('an exit behind a one-way passage is unreachable', () => {
    // The decoder refuses such a string; swap the ends of a good one to get the maze anyway.
    const m = decodeFm('FM3iEi1W0E0');
    const swapped = {
      ...m,
      entryWall: m.exitWall,
      exitWall: m.entryWall,
      entryCell: m.exitCell,
      exitCell: m.entryCell,
    };
    expect(() => solve(swapped)).toThrow(/not reachable/);
    expect(() => decodeFm('FM3iEi1E0W0')).toThrow(/cannot reach|reach/);
  });

  it('draws a chevron on the middle of a one-way wall, pointing the allowed way, in the walls’ colour', () => {
    const maze = decodeFm('FM3iEi1W0E0');
    const items = drawMaze(maze, { x: 0, y: 0, width: 300, height: 100 }, { walls: stroke });
    expect(items).toHaveLength(2);
    const mark = items[1] as PathItem;
    expect(mark.stroke?.color).toBe('#123456');
    expect(Array.from(mark.path.cmds)).toEqual([MOVE, LINE, LINE]);
    const [x0, y0, tipX, tipY, x1, y1] = mark.path.coords;
    // The wall runs from (100, 0) to (100, 100); the passage goes east.
    expect(tipY).toBeCloseTo(50);
    expect(tipX).toBeGreaterThan(100);
    expect(x0).toBeLessThan(100);
    expect(x1).toBeLessThan(100);
    expect(y0 + y1).toBeCloseTo(100);
    expect(Math.abs(y1 - y0)).toBeLessThan(100 / 2);

    const back = drawMaze(
      { ...maze, oneWay: Int8Array.from(maze.oneWay!, (d) => -d) },
      {
        x: 0,
        y: 0,
        width: 300,
        height: 100,
      },
      { walls: stroke },
    )[1] as PathItem;
    expect(back.path.coords[2]).toBeLessThan(100);
  });

  it('adds nothing to mazes without one-way passages', () => {
    const maze = squareMaze(5, 5, 1);
    expect(drawMaze(maze, { x: 0, y: 0, width: 100, height: 100 }, { walls: stroke })).toHaveLength(1);
  });
});
