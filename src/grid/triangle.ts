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
  for (let row = 0, c = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++, c++) {
      cellX[c] = (col + 1) / 2;
      cellY[c] = ((col + row) & 1) === 0 ? (row + 2 / 3) * V : (row + 1 / 3) * V;
    }
  }
  const id = (col: number, row: number): number =>
    col >= 0 && col < columns && row >= 0 && row < rows ? row * columns + col : -1;
  return {
    topology: 'triangle',
    sizeLabel: `${columns}×${rows}`,
    cellCount,
    stride: 3,
    cell(c, corners, across) {
      const row = (c / columns) | 0;
      const col = c - row * columns;
      const top = row * line + col;
      const bottom = (row + 1) * line + col;
      if (((col + row) & 1) === 0) {
        corners[0] = top + 1;
        corners[1] = bottom + 2;
        corners[2] = bottom;
        across[0] = id(col + 1, row);
        across[1] = id(col, row + 1);
        across[2] = id(col - 1, row);
      } else {
        corners[0] = top;
        corners[1] = top + 2;
        corners[2] = bottom + 1;
        across[0] = id(col, row - 1);
        across[1] = id(col + 1, row);
        across[2] = id(col - 1, row);
      }
      return 3;
    },
    cellX,
    cellY,
    vertexX,
    vertexY,
  };
}
