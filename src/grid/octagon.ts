import {
  checkWallCount,
  type FullGridArrays,
  type FullWalls,
  finishFullGrid,
  fullWalls,
} from './full-grid.js';
import { type Adjacency, type Grid, interleavePlaces, spanWithRoom, subGrid } from './grid.js';

/**
 * Octagon topology (the truncated square tiling): regular octagons on a unit grid, `columns` × `rows`, with
 * a small square (drawn as a diamond) wherever four octagons meet. Squares exist only inside the grid; on
 * the rim their corners are notches of the outline.
 *
 *      x → 0        1        2             octagon (i, j) fills [i, i+1] × [j, j+1] less its corners
 *   y    .  ______    ______               (cut c = (1 − s)/2, side s = √2 − 1 so all sides are equal);
 *   ↓ 0  . /      \  /      \              id j·columns + i
 *        .|  0,0   ||  1,0   |             square (p, q) is centred on (p+1, q+1) between octagons
 *        . \______/\/\______/              (p, q), (p+1, q), (p, q+1), (p+1, q+1); id
 *        .  ______ \/ ______               columns·rows + q·(columns−1) + p
 *     1  . /      \  /      \
 *        .|  0,1   ||  1,1   |             corners lie on horizontal lines y = j at x = i + c, i + 1 − c
 *        . \______/  \______/              and on vertical lines x = i at y = j + c, j + 1 − c
 *
 * Octagon corners clockwise from the top-left: top edge (→ N), NE diagonal (→ square), right edge (→ E),
 * SE diagonal, bottom edge (→ S), SW diagonal, left edge (→ W), NW diagonal.
 * A square is kept whenever all four octagons around it are (besides when the mask covers it), so masks
 * never leave pin-holes.
 */
export interface OctagonOptions {
  columns: number;
  rows: number;
  /** Optional mask, one byte per cell in id order (octagons, then squares): 0 drops the cell. */
  keep?: Uint8Array;
}

const SIDE = Math.SQRT2 - 1;
const CUT = (1 - SIDE) / 2;

/**
 * `Grid.wallSpan` of the octagons: an axis-aligned side spans √2 − 1, a diagonal one (a square's side) the
 * cut, (2 − √2)/2, along both axes.
 */
function octagonSpan(columns: number, rows: number): number {
  return spanWithRoom(SIDE, columns + rows);
}

/**
 * The octagon grid: written directly (`fullOctagonArrays`), then cut to the cells `keep` marks and the
 * squares inside four kept octagons, as the mask stage cuts every masked grid out of its full one.
 */
export function buildOctagonGrid({ columns, rows, keep }: OctagonOptions): Grid {
  const full = finishFullGrid('octagon', `${columns}×${rows}`, fullOctagonArrays(columns, rows));
  if (!keep) return full;
  const k = keep.slice();
  keepInnerSquares(columns, rows, k);
  return subGrid(full, k);
}

/** Marks every square inside four kept octagons as kept too, so masks never leave pin-holes. */
export function keepInnerSquares(columns: number, rows: number, keep: Uint8Array): void {
  const octagons = columns * rows;
  for (let q = 0; q < rows - 1; q++) {
    for (let p = 0; p < columns - 1; p++) {
      const o = q * columns + p;
      const all = keep[o] & keep[o + 1] & keep[o + columns] & keep[o + columns + 1];
      if (all !== 0) keep[octagons + q * (columns - 1) + p] = 1;
    }
  }
}

/**
 * The grid's arrays, written directly in the numbering of the diagram. Corners: the horizontal lines'
 * first (line j, octagon i: 2·columns·j + 2i for its left end, + 1 for its right), then the vertical lines'
 * ((columns + 1)·2·rows before them, line i, octagon j: 2·rows·i + 2j for its top end, + 1 for its bottom).
 * Every lattice corner is used. Squares have only octagons (lower cells) around them and write no walls;
 * an octagon writes its top and left edges only on the rim.
 */
function fullOctagonArrays(columns: number, rows: number): FullGridArrays {
  const { vertexX, vertexY } = octagonCorners(columns, rows);
  const { cellX, cellY } = octagonCentres(columns, rows);
  // Six edges of every octagon, the top edges of row 0 and the left edges of column 0.
  const walls = fullWalls(6 * columns * rows + columns + rows);
  const lists = octagonLists(columns, rows, cellX.length, walls.wallCount);
  const n = writeOctagonWalls(columns, rows, walls, lists);
  listSquares(columns, rows, lists);
  checkWallCount('octagon', n, walls.wallCount);
  return {
    cellX,
    cellY,
    vertexX,
    vertexY,
    box: [0, 0, columns, rows],
    wallSpan: octagonSpan(columns, rows),
    lists,
    ...walls,
  };
}

/**
 * The corners of the diagram's lattice. Lines of corners repeat each other's coordinates along the line, so
 * the first is computed and the others copied.
 */
function octagonCorners(columns: number, rows: number): { vertexX: Float64Array; vertexY: Float64Array } {
  const hLine = 2 * columns; // corners on one horizontal line
  const vLine = 2 * rows; // corners on one vertical line
  const hCount = (rows + 1) * hLine;
  const vertexX = new Float64Array(hCount + (columns + 1) * vLine);
  const vertexY = new Float64Array(vertexX.length);
  for (let i = 0; i < columns; i++) {
    vertexX[2 * i] = i + CUT;
    vertexX[2 * i + 1] = i + (1 - CUT);
  }
  for (let j = 0, v = 0; j <= rows; j++, v += hLine) {
    if (j > 0) vertexX.copyWithin(v, 0, hLine);
    vertexY.fill(j, v, v + hLine);
  }
  for (let j = 0; j < rows; j++) {
    vertexY[hCount + 2 * j] = j + CUT;
    vertexY[hCount + 2 * j + 1] = j + (1 - CUT);
  }
  for (let i = 0, v = hCount; i <= columns; i++, v += vLine) {
    vertexX.fill(i, v, v + vLine);
    if (i > 0) vertexY.copyWithin(v, hCount, hCount + vLine);
  }
  return { vertexX, vertexY };
}

/** The centres of the octagons, then of the squares; rows repeat the first one's x. */
function octagonCentres(columns: number, rows: number): { cellX: Float64Array; cellY: Float64Array } {
  const octagons = columns * rows;
  const sqColumns = Math.max(0, columns - 1);
  const sqRows = Math.max(0, rows - 1);
  const cellX = new Float64Array(octagons + sqColumns * sqRows);
  const cellY = new Float64Array(cellX.length);
  for (let i = 0; i < columns; i++) cellX[i] = i + 0.5;
  for (let j = 0, c = 0; j < rows; j++, c += columns) {
    if (j > 0) cellX.copyWithin(c, 0, columns);
    cellY.fill(j + 0.5, c, c + columns);
  }
  for (let p = 0; p < sqColumns; p++) cellX[octagons + p] = p + 1;
  for (let q = 0, c = octagons; q < sqRows; q++, c += sqColumns) {
    if (q > 0) cellX.copyWithin(c, octagons, octagons + sqColumns);
    cellY.fill(q + 1, c, c + sqColumns);
  }
  return { cellX, cellY };
}

/**
 * The neighbour and rim lists at their final sizes, to be written with the walls: between octagons across
 * rows and columns, and four per square.
 */
function octagonLists(
  columns: number,
  rows: number,
  cellCount: number,
  wallCount: number,
): Required<Adjacency> {
  const squares = Math.max(0, columns - 1) * Math.max(0, rows - 1);
  const inner = rows * (columns - 1) + (rows - 1) * columns + 4 * squares;
  const adjCell = new Int32Array(2 * inner);
  return {
    adjStart: new Int32Array(cellCount + 1),
    adjCell,
    adjWall: new Int32Array(adjCell.length),
    rimStart: new Int32Array(cellCount + 1),
    rimWall: new Int32Array(wallCount - inner),
    interleaved: new Int32Array(2 * adjCell.length),
  };
}

/** The first wall octagon (i, j) writes: six per octagon before it, and the rim edges of row 0 and column 0. */
function firstWall(columns: number, i: number, j: number): number {
  return 6 * (j * columns + i) + (j === 0 ? i : columns) + j + (i > 0 ? 1 : 0);
}

/**
 * Writes every octagon's walls and its lists, a row at a time.
 * @returns the number of walls written
 */
function writeOctagonWalls(
  columns: number,
  rows: number,
  walls: FullWalls,
  lists: Required<Adjacency>,
): number {
  for (let j = 0; j < rows; j++) writeOctagonRow(columns, rows, j, walls, lists);
  return rows === 0 ? 0 : firstWall(columns, 0, rows);
}

/**
 * Writes row j's octagons' walls and lists; the rows before are written. An octagon's walls in wall order
 * are those its N and W neighbours wrote (their S and E edges), then its own, in corner order.
 */
function writeOctagonRow(
  columns: number,
  rows: number,
  j: number,
  walls: FullWalls,
  lists: Required<Adjacency>,
): void {
  const { wallCellA, wallCellB, wallV0, wallV1 } = walls;
  const { adjStart, adjCell, adjWall, rimStart, rimWall, interleaved } = lists;
  const octagons = columns * rows;
  const sqColumns = Math.max(0, columns - 1);
  const hLine = 2 * columns;
  const vLine = 2 * rows;
  const hCount = (rows + 1) * hLine;
  let c = j * columns;
  let n = firstWall(columns, 0, j);
  let k = adjStart[c];
  let rim = rimStart[c];
  const up = j > 0;
  const down = j + 1 < rows;
  const rowPlaces = k;
  for (let i = 0; i < columns; i++, c++) {
    const left = i > 0;
    const right = i + 1 < columns;
    // Corners as in the diagram: top edge, right edge, bottom edge, left edge, each in clockwise order.
    const t0 = j * hLine + 2 * i;
    const b0 = t0 + hLine;
    const r0 = hCount + (i + 1) * vLine + 2 * j;
    const l0 = r0 - vLine;
    // The squares at the octagon's NE, SE, SW and NW corners (valid where both neighbours exist).
    const se = octagons + j * sqColumns + i;
    if (up) {
      // The N octagon's S edge: after its NE, E and SE edges (and its top edge in row 0).
      adjCell[k] = c - columns;
      adjWall[k++] = firstWall(columns, i, j - 1) + (j === 1 ? 4 : 3);
    }
    if (left) {
      // The W octagon's E edge: after its NE edge (and its top edge in row 0).
      adjCell[k] = c - 1;
      adjWall[k++] = firstWall(columns, i - 1, j) + (up ? 1 : 2);
    }
    if (!up) {
      wallCellA[n] = c;
      wallCellB[n] = -1;
      wallV0[n] = t0;
      wallV1[n] = t0 + 1;
      rimWall[rim++] = n++;
    }
    let b = up && right ? se - sqColumns : -1;
    wallCellA[n] = c;
    wallCellB[n] = b;
    wallV0[n] = t0 + 1;
    wallV1[n] = r0;
    if (b < 0) rimWall[rim++] = n++;
    else {
      adjCell[k] = b;
      adjWall[k++] = n++;
    }
    b = right ? c + 1 : -1;
    wallCellA[n] = c;
    wallCellB[n] = b;
    wallV0[n] = r0;
    wallV1[n] = r0 + 1;
    if (b < 0) rimWall[rim++] = n++;
    else {
      adjCell[k] = b;
      adjWall[k++] = n++;
    }
    b = down && right ? se : -1;
    wallCellA[n] = c;
    wallCellB[n] = b;
    wallV0[n] = r0 + 1;
    wallV1[n] = b0 + 1;
    if (b < 0) rimWall[rim++] = n++;
    else {
      adjCell[k] = b;
      adjWall[k++] = n++;
    }
    b = down ? c + columns : -1;
    wallCellA[n] = c;
    wallCellB[n] = b;
    wallV0[n] = b0 + 1;
    wallV1[n] = b0;
    if (b < 0) rimWall[rim++] = n++;
    else {
      adjCell[k] = b;
      adjWall[k++] = n++;
    }
    b = down && left ? se - 1 : -1;
    wallCellA[n] = c;
    wallCellB[n] = b;
    wallV0[n] = b0;
    wallV1[n] = l0 + 1;
    if (b < 0) rimWall[rim++] = n++;
    else {
      adjCell[k] = b;
      adjWall[k++] = n++;
    }
    if (!left) {
      wallCellA[n] = c;
      wallCellB[n] = -1;
      wallV0[n] = l0 + 1;
      wallV1[n] = l0;
      rimWall[rim++] = n++;
    }
    b = up && left ? se - sqColumns - 1 : -1;
    wallCellA[n] = c;
    wallCellB[n] = b;
    wallV0[n] = l0;
    wallV1[n] = t0;
    if (b < 0) rimWall[rim++] = n++;
    else {
      adjCell[k] = b;
      adjWall[k++] = n++;
    }
    adjStart[c + 1] = k;
    rimStart[c + 1] = rim;
  }
  interleavePlaces(adjCell, adjWall, interleaved, rowPlaces, k);
}

/**
 * Writes the squares' lists, after every octagon's: a square's walls are the SE, SW, NE and NW diagonals of
 * the octagons around it, in their order.
 */
function listSquares(columns: number, rows: number, lists: Required<Adjacency>): void {
  const { adjStart, adjCell, adjWall, rimStart, interleaved } = lists;
  const octagons = columns * rows;
  const sqColumns = Math.max(0, columns - 1);
  const sqRows = Math.max(0, rows - 1);
  let k = adjStart[octagons];
  const rim = rimStart[octagons];
  for (let q = 0, c = octagons; q < sqRows; q++) {
    const rowPlaces = k;
    for (let p = 0; p < sqColumns; p++, c++) {
      // Octagon (p, q)'s SE diagonal, (p + 1, q)'s SW, (p, q + 1)'s NE and (p + 1, q + 1)'s NW; the top
      // edge of row 0 comes first in that row, and no octagon right of column 0 has a left edge.
      const top = q === 0 ? 1 : 0;
      const o = q * columns + p;
      adjCell[k] = o;
      adjWall[k++] = firstWall(columns, p, q) + top + 2;
      adjCell[k] = o + 1;
      adjWall[k++] = firstWall(columns, p + 1, q) + top + 4;
      adjCell[k] = o + columns;
      adjWall[k++] = firstWall(columns, p, q + 1);
      adjCell[k] = o + columns + 1;
      adjWall[k++] = firstWall(columns, p + 1, q + 1) + 5;
      adjStart[c + 1] = k;
      rimStart[c + 1] = rim;
    }
    interleavePlaces(adjCell, adjWall, interleaved, rowPlaces, k);
  }
}
