import type { Grid } from '../grid/grid.js';

/**
 * Row-by-row algorithms (binary tree, sidewinder, Eller) need a full rectangle of square cells, where cell
 * (x, y) has id y·columns + x. The planner refuses other grids with a message; this guards the contract.
 */
export function rectangle(grid: Grid, name: string): { columns: number; rows: number } {
  const columns = grid.width;
  const rows = grid.height;
  if (grid.topology !== 'square' || grid.cellCount !== columns * rows) {
    throw new Error(
      `internal: ${name} needs a full rectangular square grid, got ${grid.topology} ${grid.sizeLabel}`,
    );
  }
  return { columns, rows };
}

/**
 * Wall indices of a full (unmasked) square grid, from the wall order of `buildSquareGrid`: vertical walls
 * row by row (columns + 1 per row), then horizontal walls (columns per row boundary).
 */
export function eastWall(columns: number, x: number, y: number): number {
  return y * (columns + 1) + x + 1;
}

export function northWall(columns: number, rows: number, x: number, y: number): number {
  return rows * (columns + 1) + y * columns + x;
}

export function southWall(columns: number, rows: number, x: number, y: number): number {
  return rows * (columns + 1) + (y + 1) * columns + x;
}
