import type { Grid } from './grid.js';
import { buildFromTiles, type TileTables } from './tiles.js';

/**
 * Hexagon topology: regular hexagons of side 1 (so 60° everywhere), `columns` across and `rows` down.
 *
 * Pointy-top (the default): rows are horizontal, odd rows shifted right by half a cell.
 *
 *        /\    /\    /\          cell (col, row) has id row·columns + col and centre
 *      /    \/    \/    \        x = (2·col + 1 + row mod 2)·h,  y = 1 + 1.5·row     (h = √3/2)
 *     | 0,0  | 1,0  | 2,0  |
 *      \    /\    /\    / \      corners lie on vertex lines k = 0 .. 2·rows+1 at
 *        \/    \/    \/    \       y = (3·⌊k/2⌋ + k mod 2) / 2  and  x = X·h  for X = 0 .. 2·columns+1;
 *        | 0,1  | 1,1  | 2,1  |    on each line only every other X is a corner, so vertex (k, X) has id
 *                                  k·(columns+1) + ⌊X/2⌋
 *         \    /\    /\    /
 *           \/    \/    \/       corners of a cell, clockwise from the top: apex, upper right, lower
 *                                right, bottom apex, lower left, upper left.
 *
 * Flat-top is the same lattice transposed (x ↔ y): columns become vertical, odd columns shifted down.
 */
export interface HexOptions {
  columns: number;
  rows: number;
  /** `pointy` (rows of cells, the default) or `flat` (columns of cells). */
  top?: 'pointy' | 'flat';
  /** Optional mask, one byte per cell in the order the unmasked grid numbers them: 0 drops the cell. */
  keep?: Uint8Array;
}

const H = Math.sqrt(3) / 2;

export function buildHexGrid({ columns, rows, top = 'pointy', keep }: HexOptions): Grid {
  if (top === 'flat') {
    // Build the transposed pointy grid, then swap axes; cells are numbered column by column.
    const t = hexTables(rows, columns);
    t.sizeLabel = `${columns}×${rows}`;
    [t.cellX, t.cellY] = [t.cellY, t.cellX];
    [t.vertexX, t.vertexY] = [t.vertexY, t.vertexX];
    return buildFromTiles(t, keep);
  }
  return buildFromTiles(hexTables(columns, rows), keep);
}

function hexTables(columns: number, rows: number): TileTables {
  const cellCount = columns * rows;
  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  const line = columns + 1;
  const lines = 2 * rows + 2;
  const vertexX = new Float64Array(lines * line);
  const vertexY = new Float64Array(lines * line);
  for (let k = 0, v = 0; k < lines; k++) {
    const y = (3 * (k >> 1) + (k & 1)) / 2;
    // The corners on line k all have the parity of (k + 1 + ⌊k/2⌋) in X; see the diagram.
    const parity = (k + 1 + (k >> 1)) & 1;
    for (let i = 0; i < line; i++, v++) {
      vertexX[v] = (2 * i + parity) * H;
      vertexY[v] = y;
    }
  }
  for (let row = 0, c = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++, c++) {
      cellX[c] = (2 * col + (row & 1) + 1) * H;
      cellY[c] = 1 + 1.5 * row;
    }
  }
  return {
    topology: 'hex',
    sizeLabel: `${columns}×${rows}`,
    cellCount,
    stride: 6,
    cell(c, corners, across) {
      const row = (c / columns) | 0;
      const col = c - row * columns;
      const odd = row & 1;
      // Corner (k, X) is vertex k·line + ⌊X/2⌋ (see the diagram); this cell's lie on lines 2·row … 2·row + 3
      // at X = 2·col + odd … 2·col + odd + 2.
      const X = 2 * col + odd;
      const top = 2 * row * line;
      const mid = (X + 1) >> 1; // ⌊(X + 1)/2⌋
      const low = X >> 1;
      corners[0] = top + mid;
      corners[1] = top + line + low + 1;
      corners[2] = top + 2 * line + low + 1;
      corners[3] = top + 3 * line + mid;
      corners[4] = top + 2 * line + low;
      corners[5] = top + line + low;
      // Neighbours across each edge, in corner order: NE, E, SE, SW, W, NW.
      const up = row > 0;
      const down = row + 1 < rows;
      const right = col + odd; // column of the upper-right and lower-right neighbours
      const left = right - 1;
      across[0] = up && right < columns ? c - columns + odd : -1;
      across[1] = col + 1 < columns ? c + 1 : -1;
      across[2] = down && right < columns ? c + columns + odd : -1;
      across[3] = down && left >= 0 ? c + columns + odd - 1 : -1;
      across[4] = col > 0 ? c - 1 : -1;
      across[5] = up && left >= 0 ? c - columns + odd - 1 : -1;
      return 6;
    },
    cellX,
    cellY,
    vertexX,
    vertexY,
  };
}
