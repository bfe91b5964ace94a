import { checkWallCount, type FullGridArrays, finishFullGrid, fullWalls } from './full-grid.js';
import { type Grid, spanWithRoom, subGrid } from './grid.js';

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

/**
 * `Grid.wallSpan` of triangles of side 1: a base spans 1, a slanted side ½ by √3/2. The coordinates stay
 * below columns + rows + 1.
 */
function triangleSpan(columns: number, rows: number): number {
  return spanWithRoom(1, columns + rows + 1);
}

/**
 * The triangle grid: written directly (`fullTriangleArrays`), then cut to the cells `keep` marks, as the
 * mask stage cuts every masked grid out of its full one.
 */
export function buildTriangleGrid({ columns, rows, keep }: TriangleOptions): Grid {
  const full = finishFullGrid('triangle', `${columns}×${rows}`, fullTriangleArrays(columns, rows));
  return keep ? subGrid(full, keep) : full;
}

/**
 * The grid's arrays, written directly in the numbering of the diagram: cells by id, each wall once, by the
 * lower of its cells, in the cell's corner order. On lattice line k only the X of parity k + 1 are corners, from the first such X to the last one
 * ≤ columns + 1, so corner (X, k) is number base(k) + ⌊X/2⌋ after the unused ones are dropped.
 */
function fullTriangleArrays(columns: number, rows: number): FullGridArrays {
  const cellCount = columns * rows;
  const line = columns + 2;
  /** First corner number of each line. */
  const base = new Int32Array(rows + 2);
  for (let k = 0; k <= rows; k++) {
    const lo = (k + 1) & 1;
    const hi = ((line - 1 - lo) & 1) === 0 ? line - 1 : line - 2;
    base[k + 1] = base[k] + (hi - lo) / 2 + 1;
  }
  const vertexX = new Float64Array(base[rows + 1]);
  const vertexY = new Float64Array(vertexX.length);
  const box: [number, number, number, number] = [Infinity, 0, -Infinity, 0];
  for (let k = 0, v = 0; k <= rows; k++) {
    const y = k * V;
    for (let X = (k + 1) & 1; X < line; X += 2, v++) vertexX[v] = X / 2;
    vertexY.fill(y, base[k], v);
    box[0] = Math.min(box[0], vertexX[base[k]]);
    box[2] = Math.max(box[2], vertexX[v - 1]);
    box[3] = y;
  }
  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  for (let col = 0; col < columns; col++) cellX[col] = (col + 1) / 2;
  // Each cell writes its right edge, an up cell its base too; row 0's down cells their top edge and
  // column 0 its left edge.
  let wallCount = cellCount + (columns >> 1) + rows;
  for (let row = 0, c = 0; row < rows; row++, c += columns) {
    if (row > 0) cellX.copyWithin(c, 0, columns);
    const up = (row + 2 / 3) * V;
    const down = (row + 1 / 3) * V;
    for (let col = 0; col < columns; col++) cellY[c + col] = ((col + row) & 1) === 0 ? up : down;
    wallCount += (row & 1) === 0 ? (columns + 1) >> 1 : columns >> 1;
  }
  // Neighbour and rim counts per cell, as prefix sums (the lists' starts).
  const adjStart = new Int32Array(cellCount + 1);
  const rimStart = new Int32Array(cellCount + 1);
  for (let row = 0, c = 0; row < rows; row++) {
    for (let col = 0; col < columns; col++, c++) {
      const vertical = ((col + row) & 1) === 0 ? row + 1 < rows : row > 0;
      const degree = (col > 0 ? 1 : 0) + (col + 1 < columns ? 1 : 0) + (vertical ? 1 : 0);
      adjStart[c + 1] = adjStart[c] + degree;
      rimStart[c + 1] = rimStart[c] + 3 - degree;
    }
  }
  const walls = fullWalls(wallCount);
  const { wallCellA, wallCellB, wallV0, wallV1 } = walls;
  let n = 0;
  for (let row = 0, c = 0; row < rows; row++) {
    const top = base[row];
    const bottom = base[row + 1];
    const below = row + 1 < rows;
    for (let col = 0; col < columns; col++, c++) {
      const right = col + 1 < columns ? c + 1 : -1;
      if (((col + row) & 1) === 0) {
        // Up: apex (col + 1, row), base (col + 2, row + 1) and (col, row + 1); right, below, left.
        const apex = top + ((col + 1) >> 1);
        const b0 = bottom + (col >> 1);
        wallCellA[n] = c;
        wallCellB[n] = right;
        wallV0[n] = apex;
        wallV1[n++] = b0 + 1;
        wallCellA[n] = c;
        wallCellB[n] = below ? c + columns : -1;
        wallV0[n] = b0 + 1;
        wallV1[n++] = b0;
        if (col === 0) {
          wallCellA[n] = c;
          wallCellB[n] = -1;
          wallV0[n] = b0;
          wallV1[n++] = apex;
        }
      } else {
        // Down: top edge (col, row)–(col + 2, row), apex (col + 1, row + 1); above, right, left.
        const t0 = top + (col >> 1);
        const apex = bottom + ((col + 1) >> 1);
        if (row === 0) {
          wallCellA[n] = c;
          wallCellB[n] = -1;
          wallV0[n] = t0;
          wallV1[n++] = t0 + 1;
        }
        wallCellA[n] = c;
        wallCellB[n] = right;
        wallV0[n] = t0 + 1;
        wallV1[n++] = apex;
        if (col === 0) {
          wallCellA[n] = c;
          wallCellB[n] = -1;
          wallV0[n] = apex;
          wallV1[n++] = t0;
        }
      }
    }
  }
  checkWallCount('triangle', n, wallCount);
  const wallSpan = triangleSpan(columns, rows);
  return { cellX, cellY, vertexX, vertexY, box, starts: { adjStart, rimStart }, wallSpan, ...walls };
}
