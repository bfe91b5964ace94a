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

/** The wall between neighbouring cells a and b (they must be adjacent). */
export function wallBetween(grid: Grid, a: number, b: number): number {
  for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++)
    if (grid.adjCell[k] === b) return grid.adjWall[k];
  throw new Error(`internal: cells ${a} and ${b} are not neighbours`);
}
