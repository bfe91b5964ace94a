import { describe, expect, it } from 'vitest';
import { measure } from '../../src/analyze/metrics.js';
import { solve } from '../../src/analyze/solve.js';
import type { Maze } from '../../src/generate/maze.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { squareMaze } from '../helpers.js';

/** A maze from a grid and a list of open walls given as cell pairs. */
function handMade(
  columns: number,
  rows: number,
  passages: [number, number][],
  entryWall: number,
  exitWall: number,
): Maze {
  const grid = buildSquareGrid({ columns, rows });
  const open = new Uint8Array(grid.wallCount);
  for (const [a, b] of passages) {
    const k = [...grid.adjCell.subarray(grid.adjStart[a], grid.adjStart[a + 1])].indexOf(b);
    open[grid.adjWall[grid.adjStart[a] + k]] = 1;
  }
  open[entryWall] = 1;
  open[exitWall] = 1;
  return {
    grid,
    open,
    entryWall,
    exitWall,
    entryCell: grid.wallCellA[entryWall],
    exitCell: grid.wallCellA[exitWall],
  };
}

describe('solve', () => {
  it('walks only through open walls from the entry cell to the exit cell', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const m = squareMaze(15, 11, seed);
      const s = solve(m);
      expect(s.cells[0]).toBe(m.entryCell);
      expect(s.cells[s.cells.length - 1]).toBe(m.exitCell);
      expect(s.walls.length).toBe(s.cells.length - 1);
      for (let i = 0; i < s.walls.length; i++) {
        const w = s.walls[i];
        expect(m.open[w]).toBe(1);
        const ends = [m.grid.wallCellA[w], m.grid.wallCellB[w]].sort();
        expect(ends).toEqual([s.cells[i], s.cells[i + 1]].sort());
      }
    }
  });
});

describe('metrics', () => {
  // 3×2 grid, cells 0 1 2 / 3 4 5; vertical walls come first: rim wall 0 is the left side of cell 0.
  //   entry → 0 - 1 - 2
  //               |
  //           3 - 4   5 → exit via its right rim wall
  // plus 2 - 5, making 0-1-2-5 the solution, 4 a junction? No: 1 has 0, 2, 4 → junction.
  it('counts solution length, dead ends and junctions of a hand-made maze', () => {
    const rightOf5 = 1 * 4 + 3; // vertical wall row 1, x = 3
    const m = handMade(
      3,
      2,
      [
        [0, 1],
        [1, 2],
        [1, 4],
        [4, 3],
        [2, 5],
      ],
      0,
      rightOf5,
    );
    const s = solve(m);
    expect([...s.cells]).toEqual([0, 1, 2, 5]);
    const metrics = measure(m, s);
    expect(metrics).toEqual({
      cells: 6,
      solutionLength: 4,
      deadEnds: 1,
      longDeadEnds: 0,
      junctions: 1,
      passages: 3, // 0-1, 1-2-5, 1-4-3
      loops: 0,
      longLoops: 0,
      turns: 1, // right, right, down
      rimShare: 1,
    });
  });
});
