import { describe, expect, it } from 'vitest';
import { eastWall, northWall, southWall } from '../../src/generate/square-rows.js';
import { buildSquareGrid } from '../../src/grid/square.js';

describe('square wall indices', () => {
  it('name the walls the square grid really puts between neighbours', () => {
    const [columns, rows] = [5, 4];
    const grid = buildSquareGrid({ columns, rows });
    const between = (a: number, b: number) => {
      for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++)
        if (grid.adjCell[k] === b) return grid.adjWall[k];
      return -1;
    };
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < columns; x++) {
        const c = y * columns + x;
        if (x < columns - 1) expect(eastWall(columns, x, y)).toBe(between(c, c + 1));
        if (y > 0) expect(northWall(columns, rows, x, y)).toBe(between(c, c - columns));
        if (y < rows - 1) expect(southWall(columns, rows, x, y)).toBe(between(c, c + columns));
      }
    }
  });
});
