import { type Grid, keepInterleavedLists, spanWithRoom, subGrid } from './grid.js';

/**
 * Square topology: `columns × rows` unit cells.
 *
 *      x →   0     1     2
 *   y      +-----+-----+-----+      vertex (x, y) has id y·(columns+1) + x
 *   ↓  0   |  0  |  1  |  2  |      cell (x, y) has centre (x + ½, y + ½) and, before masking,
 *          +-----+-----+-----+      id y·columns + x
 *      1   |  3  |  4  |  5  |
 *          +-----+-----+-----+
 *
 * Walls are listed vertical ones first (row by row, left to right), then horizontal ones, so the order —
 * and with it every seeded maze — is fixed. A wall between a kept cell and a masked-out one is a rim wall.
 */
export interface SquareOptions {
  /** Cells across, in [1, 2^15]. */
  columns: number;
  /** Cells down, in [1, 2^15]. */
  rows: number;
  /** Optional mask, one byte per cell (y·columns + x): 0 drops the cell. */
  keep?: Uint8Array;
}

/**
 * The square grid: written directly (`fullSquareGrid`), then cut to the cells `keep` marks, as the mask
 * stage cuts every masked grid out of its full one.
 */
export function buildSquareGrid({ columns: w, rows: h, keep }: SquareOptions): Grid {
  const full = fullSquareGrid(w, h);
  return keep ? subGrid(full, keep) : full;
}

/** `Grid.wallSpan` of a w × h square grid: every wall is a unit segment along an axis. */
function squareSpan(w: number, h: number): number {
  return spanWithRoom(1, Math.max(w, h));
}

/**
 * The unmasked grid, written straight into its final arrays in one sequential pass each: walls by the
 * formulas of the diagram, and each cell's neighbours in wall order (west, east, north, south; inner walls
 * first, then rim walls), which is the order `assembleGrid` gives them.
 */
function fullSquareGrid(w: number, h: number): Grid {
  const cellCount = w * h;
  const vw = w + 1;
  // Every row repeats the first one's x and has one y: the first row is computed, the others copied.
  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  for (let x = 0; x < w; x++) cellX[x] = x + 0.5;
  for (let y = 0, c = 0; y < h; y++, c += w) {
    if (y > 0) cellX.copyWithin(c, 0, w);
    cellY.fill(y + 0.5, c, c + w);
  }
  const vertexX = new Float64Array(vw * (h + 1));
  const vertexY = new Float64Array(vw * (h + 1));
  for (let x = 0; x <= w; x++) vertexX[x] = x;
  for (let y = 0, v = 0; y <= h; y++, v += vw) {
    if (y > 0) vertexX.copyWithin(v, 0, vw);
    vertexY.fill(y, v, v + vw);
  }
  const vertical = vw * h;
  const wallCount = vertical + w * (h + 1);
  const wallCellA = new Int32Array(wallCount);
  const wallCellB = new Int32Array(wallCount);
  const wallV0 = new Int32Array(wallCount);
  const wallV1 = new Int32Array(wallCount);
  for (let y = 0, n = 0; y < h; y++) {
    for (let x = 0; x <= w; x++, n++) {
      const c = y * w + x;
      wallCellA[n] = x > 0 ? c - 1 : c;
      wallCellB[n] = x > 0 && x < w ? c : -1;
      wallV0[n] = y * vw + x;
      wallV1[n] = (y + 1) * vw + x;
    }
  }
  for (let y = 0, n = vertical; y <= h; y++) {
    for (let x = 0; x < w; x++, n++) {
      const c = y * w + x;
      wallCellA[n] = y > 0 ? c - w : c;
      wallCellB[n] = y > 0 && y < h ? c : -1;
      wallV0[n] = y * vw + x;
      wallV1[n] = y * vw + x + 1;
    }
  }
  const inner = (w - 1) * h + w * (h - 1);
  const adjStart = new Int32Array(cellCount + 1);
  const adjCell = new Int32Array(Math.max(0, 2 * inner));
  const adjWall = new Int32Array(adjCell.length);
  const interleaved = new Int32Array(2 * adjCell.length);
  const rimStart = new Int32Array(cellCount + 1);
  const rimWall = new Int32Array(wallCount - Math.max(0, inner));
  squareLists(w, h, adjStart, adjCell, adjWall, interleaved, rimStart, rimWall);
  const grid: Grid = {
    topology: 'square',
    sizeLabel: `${w}×${h}`,
    cellCount,
    cellX,
    cellY,
    wallCount,
    wallCellA,
    wallCellB,
    wallV0,
    wallV1,
    vertexX,
    vertexY,
    width: w,
    height: h,
    wallSpan: squareSpan(w, h),
    vertexCount: vertexX.length,
    adjStart,
    adjCell,
    adjWall,
    rimStart,
    rimWall,
  };
  return keepInterleavedLists(grid, interleaved);
}

/**
 * Writes the unmasked grid's neighbour lists, their interleaved copy and its rim lists, cell by cell (see
 * `fullSquareGrid`). The arrays come as arguments so the loop, run once over a million cells, is compiled
 * for them alone.
 */
function squareLists(
  w: number,
  h: number,
  adjStart: Int32Array,
  adjCell: Int32Array,
  adjWall: Int32Array,
  interleaved: Int32Array,
  rimStart: Int32Array,
  rimWall: Int32Array,
): void {
  const vw = w + 1;
  const vertical = vw * h;
  let k = 0;
  let r = 0;
  for (let y = 0, c = 0; y < h; y++) {
    for (let x = 0; x < w; x++, c++) {
      const west = y * vw + x;
      const north = vertical + y * w + x;
      if (x > 0) {
        adjCell[k] = c - 1;
        adjWall[k] = west;
        interleaved[2 * k] = c - 1;
        interleaved[2 * k++ + 1] = west;
      }
      if (x < w - 1) {
        adjCell[k] = c + 1;
        adjWall[k] = west + 1;
        interleaved[2 * k] = c + 1;
        interleaved[2 * k++ + 1] = west + 1;
      }
      if (y > 0) {
        adjCell[k] = c - w;
        adjWall[k] = north;
        interleaved[2 * k] = c - w;
        interleaved[2 * k++ + 1] = north;
      }
      if (y < h - 1) {
        adjCell[k] = c + w;
        adjWall[k] = north + w;
        interleaved[2 * k] = c + w;
        interleaved[2 * k++ + 1] = north + w;
      }
      if (x === 0) rimWall[r++] = west;
      if (x === w - 1) rimWall[r++] = west + 1;
      if (y === 0) rimWall[r++] = north;
      if (y === h - 1) rimWall[r++] = north + w;
      adjStart[c + 1] = k;
      rimStart[c + 1] = r;
    }
  }
}
