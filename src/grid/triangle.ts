import type { Grid } from './grid.js';
import { buildFromTiles, type TileTables } from './tiles.js';

/**
 * Triangle topology: equilateral triangles of side 1, `columns` per row and `rows` rows, alternately
 * pointing up and down. Cell (col, row) points up when col + row is even.
 *
 *   line 0   0   1   2   3   4            vertex (X, line) sits at x = X/2, y = line·√3/2 and has id
 *              /\‾‾‾‾/\‾‾‾‾/               line·(columns+2) + X
 *             /  \ 1/  \ 3/               an up cell (col, row): apex (col+1, row), base (col, row+1)
 *            / 0  \/ 2  \/                  and (col+2, row+1); neighbours left, right and below
 *   line 1   ‾‾‾‾‾‾‾‾‾‾‾‾‾               a down cell: top edge (col, row)–(col+2, row), apex
 *                                           (col+1, row+1); neighbours above, right and left
 *
 * Cell (col, row) has id row·columns + col; its centre is a third of the way from its base to its apex.
 */
export interface TriangleOptions {
  columns: number;
  rows: number;
  /** Optional mask, one byte per cell in id order: 0 drops the cell. */
  keep?: Uint8Array;
}

const V = Math.sqrt(3) / 2;

export function buildTriangleGrid({ columns, rows, keep }: TriangleOptions): Grid {
  return buildFromTiles(triangleTables(columns, rows), keep);
}

function triangleTables(columns: number, rows: number): TileTables {
  const cellCount = columns * rows;
  const stride = 3;
  const corners = new Int32Array(cellCount * stride);
  const across = new Int32Array(cellCount * stride);
  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  const line = columns + 2;
  const vertexX = new Float64Array((rows + 1) * line);
  const vertexY = new Float64Array((rows + 1) * line);
  for (let k = 0, v = 0; k <= rows; k++) {
    for (let X = 0; X < line; X++, v++) {
      vertexX[v] = X / 2;
      vertexY[v] = k * V;
    }
  }
  const id = (col: number, row: number): number =>
    col >= 0 && col < columns && row >= 0 && row < rows ? row * columns + col : -1;
  for (let row = 0, c = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++, c++) {
      const b = c * stride;
      const top = row * line + col;
      const bottom = (row + 1) * line + col;
      cellX[c] = (col + 1) / 2;
      if (((col + row) & 1) === 0) {
        cellY[c] = (row + 2 / 3) * V;
        corners[b] = top + 1;
        corners[b + 1] = bottom + 2;
        corners[b + 2] = bottom;
        across[b] = id(col + 1, row);
        across[b + 1] = id(col, row + 1);
        across[b + 2] = id(col - 1, row);
      } else {
        cellY[c] = (row + 1 / 3) * V;
        corners[b] = top;
        corners[b + 1] = top + 2;
        corners[b + 2] = bottom + 1;
        across[b] = id(col, row - 1);
        across[b + 1] = id(col + 1, row);
        across[b + 2] = id(col - 1, row);
      }
    }
  }
  return {
    topology: 'triangle',
    sizeLabel: `${columns}×${rows}`,
    cellCount,
    stride,
    corners,
    across,
    cellX,
    cellY,
    vertexX,
    vertexY,
  };
}
