import { describe, expect, it } from 'vitest';
import { backtracker } from '../../src/generate/backtracker.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { isSpanningTree, squareMaze } from '../helpers.js';

/** Mean number of cells in a straight run of passages (horizontal and vertical runs). */
function meanRun(columns: number, rows: number, open: Uint8Array): number {
  // Square wall order: vertical walls (rows × (columns+1)) first, then horizontal ones.
  const vertical = (x: number, y: number) => open[y * (columns + 1) + x];
  const horizontal = (x: number, y: number) => open[rows * (columns + 1) + y * columns + x];
  let runs = 0;
  let cells = 0;
  for (let y = 0; y < rows; y++) {
    let len = 1;
    for (let x = 1; x <= columns; x++) {
      if (x < columns && vertical(x, y)) len++;
      else {
        if (len > 1) {
          runs++;
          cells += len;
        }
        len = 1;
      }
    }
  }
  for (let x = 0; x < columns; x++) {
    let len = 1;
    for (let y = 1; y <= rows; y++) {
      if (y < rows && horizontal(x, y)) len++;
      else {
        if (len > 1) {
          runs++;
          cells += len;
        }
        len = 1;
      }
    }
  }
  return cells / runs;
}

describe('backtracker', () => {
  it('makes a spanning tree for every seed and size', () => {
    for (const [w, h] of [
      [2, 2],
      [1, 7],
      [9, 4],
      [31, 17],
    ]) {
      for (let seed = 1; seed <= 5; seed++) expect(isSpanningTree(squareMaze(w, h, seed))).toBe(true);
    }
  });

  it('is deterministic per seed and differs between seeds', () => {
    const a = squareMaze(20, 20, 3).open;
    expect(squareMaze(20, 20, 3).open).toEqual(a);
    expect(squareMaze(20, 20, 4).open).not.toEqual(a);
  });

  it('makes longer straight runs as straightness rises', () => {
    const grid = buildSquareGrid({ columns: 60, rows: 60 });
    const run = (s: number) =>
      meanRun(60, 60, backtracker(grid, createRng(deriveSeed(9, 'runs')), { straightness: s }));
    const [r0, r5, r9] = [run(0), run(0.5), run(0.9)];
    expect(r5).toBeGreaterThan(r0 * 1.1);
    expect(r9).toBeGreaterThan(r5 * 1.2);
  });

  it('handles a million cells without running out of stack', () => {
    const grid = buildSquareGrid({ columns: 1000, rows: 1000 });
    const open = backtracker(grid, createRng(deriveSeed(1, 'big')), { straightness: 0.2 });
    let passages = 0;
    for (let w = 0; w < grid.wallCount; w++) passages += open[w];
    expect(passages).toBe(grid.cellCount - 1);
  });
});
