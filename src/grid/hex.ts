import {
  checkWallCount,
  type FullGridArrays,
  type FullWalls,
  finishFullGrid,
  fullWalls,
} from './full-grid.js';
import { type Adjacency, type Grid, interleavePlaces, spanWithRoom, subGrid } from './grid.js';

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

/**
 * `Grid.wallSpan` of hexagons of side 1 (either way up): a side across the rows spans 1, a slanted one
 * √3/2 by ½. The coordinates stay below 2·(columns + rows) + 2.
 */
function hexSpan(columns: number, rows: number): number {
  return spanWithRoom(1, 2 * (columns + rows) + 2);
}

/**
 * The hexagon grid: written directly (`fullHexArrays`), then cut to the cells `keep` marks, as the mask
 * stage cuts every masked grid out of its full one.
 */
export function buildHexGrid({ columns, rows, top = 'pointy', keep }: HexOptions): Grid {
  const full = finishFullGrid('hex', `${columns}×${rows}`, hexArrays(columns, rows, top));
  return keep ? subGrid(full, keep) : full;
}

/** The arrays of either way up: a flat-top grid is the transposed pointy one with its axes swapped. */
function hexArrays(columns: number, rows: number, top: 'pointy' | 'flat'): FullGridArrays {
  if (top === 'pointy') return fullHexArrays(columns, rows);
  const a = fullHexArrays(rows, columns);
  [a.cellX, a.cellY] = [a.cellY, a.cellX];
  [a.vertexX, a.vertexY] = [a.vertexY, a.vertexX];
  if (a.box) a.box = [a.box[1], a.box[0], a.box[3], a.box[2]];
  return a;
}

/**
 * The grid's arrays, written directly in the numbering of the diagram. Of the lattice only two corners are
 * unused, the last one of line 0 and one end of the last line (its right end below an even row, its left
 * end below an odd one), so a corner's number is its lattice id less the unused ones before it: one less
 * from line 1 on, two less past the last line's gap.
 */
function fullHexArrays(columns: number, rows: number): FullGridArrays {
  const { vertexX, vertexY, box } = hexCorners(columns, rows);
  const { cellX, cellY } = hexCentres(columns, rows);
  const cellCount = columns * rows;
  // Every cell writes its E, SE and SW edges; row 0 its NE and NW edges, column 0 its W edge, and every
  // later row one more rim edge (NE of an odd row's last cell, NW of an even row's first).
  const walls = fullWalls(3 * cellCount + 2 * columns + 2 * rows - 1);
  // Walls between cells: E edges, and 2·columns − 1 SE and SW edges between each two rows.
  const inner = 3 * cellCount - 2 * columns - 2 * rows + 1;
  const adjCell = new Int32Array(2 * inner);
  const lists: Required<Adjacency> = {
    adjStart: new Int32Array(cellCount + 1),
    adjCell,
    adjWall: new Int32Array(adjCell.length),
    rimStart: new Int32Array(cellCount + 1),
    rimWall: new Int32Array(walls.wallCount - inner),
    interleaved: new Int32Array(2 * adjCell.length),
  };
  const n = writeHexWalls(columns, rows, walls, lists);
  checkWallCount('hex', n, walls.wallCount);
  return { cellX, cellY, vertexX, vertexY, box, lists, wallSpan: hexSpan(columns, rows), ...walls };
}

/**
 * The lattice id of the last line's unused corner: its right end below an even row, its left end below an
 * odd one.
 */
function lastLineGap(columns: number, rows: number): number {
  const line = columns + 1;
  return (2 * rows + 1) * line + ((rows - 1) & 1 ? 0 : columns);
}

/**
 * The corners, line by line, and their bounding box: x grows along a line and y down the lines, so the box
 * is that of the lines' first and last corners.
 */
function hexCorners(
  columns: number,
  rows: number,
): { vertexX: Float64Array; vertexY: Float64Array; box: [number, number, number, number] } {
  const line = columns + 1;
  const lines = 2 * rows + 2;
  const skipB = lastLineGap(columns, rows);
  const vertexX = new Float64Array(lines * line - 2);
  const vertexY = new Float64Array(vertexX.length);
  const box: [number, number, number, number] = [Infinity, 0, -Infinity, 0];
  for (let k = 0, id = 0; k < lines; k++) {
    const y = (3 * (k >> 1) + (k & 1)) / 2;
    const parity = (k + 1 + (k >> 1)) & 1;
    const v0 = k * line;
    const from = v0 === skipB ? 1 : 0;
    const to = k === 0 || v0 + columns === skipB ? columns : line;
    const first = id;
    for (let i = from; i < to; i++) vertexX[id++] = (2 * i + parity) * H;
    vertexY.fill(y, first, id);
    box[0] = Math.min(box[0], vertexX[first]);
    box[2] = Math.max(box[2], vertexX[id - 1]);
    if (k === lines - 1) box[3] = y;
  }
  return { vertexX, vertexY, box };
}

/** The cells' centres, row by row. */
function hexCentres(columns: number, rows: number): { cellX: Float64Array; cellY: Float64Array } {
  const cellCount = columns * rows;
  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  for (let row = 0, c = 0; row < rows; row++, c += columns) {
    // Rows of one parity have the same centres across.
    if (row < 2) {
      for (let col = 0; col < columns; col++) cellX[c + col] = (2 * col + row + 1) * H;
    } else {
      cellX.copyWithin(c, (row & 1) * columns, ((row & 1) + 1) * columns);
    }
    cellY.fill(1 + 1.5 * row, c, c + columns);
  }
  return { cellX, cellY };
}

/**
 * Writes every cell's walls and its lists, row by row: a cell's walls in wall order are those its NW, NE
 * and W neighbours wrote (their SE, SW and E edges), then its own E, SE and SW edges.
 * @returns the number of walls written
 */
function writeHexWalls(columns: number, rows: number, walls: FullWalls, lists: Required<Adjacency>): number {
  const { wallCellA, wallCellB, wallV0, wallV1 } = walls;
  const { adjStart, adjCell, adjWall, rimStart, rimWall, interleaved } = lists;
  const line = columns + 1;
  const skipB = lastLineGap(columns, rows);
  // The E edge of each cell of the row above and of this row (its SE and SW edges follow it).
  let aboveEast = new Int32Array(columns);
  let rowEast = new Int32Array(columns);
  let n = 0;
  let k = 0;
  let rim = 0;
  for (let row = 0, c = 0; row < rows; row++) {
    const odd = row & 1;
    const up = row > 0;
    const down = row + 1 < rows;
    // Numbers of the corners at X = 0 on the cell's top line and on its bottom line, less the gaps before.
    const top = 2 * row * line - (up ? 1 : 0);
    const bottom = 2 * row * line + 3 * line - 1;
    const rowPlaces = k;
    for (let col = 0; col < columns; col++, c++) {
      // Corners as in the diagram: apex, upper right, lower right, bottom apex, lower left, upper left.
      const X = 2 * col + odd;
      const mid = (X + 1) >> 1;
      const low = X >> 1;
      const c0 = top + mid;
      const c1 = top + line + low + (up ? 1 : 0);
      const c2 = c1 + line;
      const c3 = bottom + mid - (!down && bottom + mid >= skipB ? 1 : 0);
      const c4 = c2 - 1;
      const c5 = c1 - 1;
      const right = col + odd < columns;
      const left = col + odd > 0;
      if (up && left) {
        adjCell[k] = c - columns + odd - 1;
        adjWall[k++] = aboveEast[col + odd - 1] + 1;
      }
      if (up && right) {
        adjCell[k] = c - columns + odd;
        adjWall[k++] = aboveEast[col + odd] + 2;
      }
      if (col > 0) {
        adjCell[k] = c - 1;
        adjWall[k++] = rowEast[col - 1];
      }
      // Edges in corner order; a shared one is written by the lower cell, so NE, W and NW only on the rim.
      if (!(up && right)) {
        wallCellA[n] = c;
        wallCellB[n] = -1;
        wallV0[n] = c0;
        wallV1[n] = c1;
        rimWall[rim++] = n++;
      }
      rowEast[col] = n;
      const east = col + 1 < columns ? c + 1 : -1;
      wallCellA[n] = c;
      wallCellB[n] = east;
      wallV0[n] = c1;
      wallV1[n] = c2;
      if (east < 0) rimWall[rim++] = n++;
      else {
        adjCell[k] = east;
        adjWall[k++] = n++;
      }
      const southEast = down && right ? c + columns + odd : -1;
      wallCellA[n] = c;
      wallCellB[n] = southEast;
      wallV0[n] = c2;
      wallV1[n] = c3;
      if (southEast < 0) rimWall[rim++] = n++;
      else {
        adjCell[k] = southEast;
        adjWall[k++] = n++;
      }
      const southWest = down && left ? c + columns + odd - 1 : -1;
      wallCellA[n] = c;
      wallCellB[n] = southWest;
      wallV0[n] = c3;
      wallV1[n] = c4;
      if (southWest < 0) rimWall[rim++] = n++;
      else {
        adjCell[k] = southWest;
        adjWall[k++] = n++;
      }
      if (col === 0) {
        wallCellA[n] = c;
        wallCellB[n] = -1;
        wallV0[n] = c4;
        wallV1[n] = c5;
        rimWall[rim++] = n++;
      }
      if (!(up && left)) {
        wallCellA[n] = c;
        wallCellB[n] = -1;
        wallV0[n] = c5;
        wallV1[n] = c0;
        rimWall[rim++] = n++;
      }
      adjStart[c + 1] = k;
      rimStart[c + 1] = rim;
    }
    interleavePlaces(adjCell, adjWall, interleaved, rowPlaces, k);
    [aboveEast, rowEast] = [rowEast, aboveEast];
  }
  return n;
}
