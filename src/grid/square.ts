import { assembleGrid, type Grid } from './grid.js';

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

export function buildSquareGrid({ columns: w, rows: h, keep }: SquareOptions): Grid {
  const ids = new Int32Array(w * h);
  let cellCount = 0;
  for (let i = 0; i < w * h; i++) ids[i] = keep && keep[i] === 0 ? -1 : cellCount++;

  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const c = ids[i];
      if (c >= 0) {
        cellX[c] = x + 0.5;
        cellY[c] = y + 0.5;
      }
    }
  }

  const vw = w + 1;
  const vertexX = new Float64Array(vw * (h + 1));
  const vertexY = new Float64Array(vw * (h + 1));
  for (let y = 0, v = 0; y <= h; y++) {
    for (let x = 0; x <= w; x++, v++) {
      vertexX[v] = x;
      vertexY[v] = y;
    }
  }

  const maxWalls = (w + 1) * h + w * (h + 1);
  const wallCellA = new Int32Array(maxWalls);
  const wallCellB = new Int32Array(maxWalls);
  const wallV0 = new Int32Array(maxWalls);
  const wallV1 = new Int32Array(maxWalls);
  let n = 0;
  const add = (a: number, b: number, v0: number, v1: number): void => {
    if (a < 0 && b < 0) return;
    wallCellA[n] = a >= 0 ? a : b;
    wallCellB[n] = a >= 0 ? b : -1;
    wallV0[n] = v0;
    wallV1[n] = v1;
    n++;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x <= w; x++) {
      const left = x > 0 ? ids[y * w + x - 1] : -1;
      const right = x < w ? ids[y * w + x] : -1;
      add(left, right, y * vw + x, (y + 1) * vw + x);
    }
  }
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x < w; x++) {
      const up = y > 0 ? ids[(y - 1) * w + x] : -1;
      const down = y < h ? ids[y * w + x] : -1;
      add(up, down, y * vw + x, y * vw + x + 1);
    }
  }

  return assembleGrid({
    topology: 'square',
    sizeLabel: `${w}×${h}`,
    cellCount,
    cellX,
    cellY,
    wallCount: n,
    wallCellA: wallCellA.slice(0, n),
    wallCellB: wallCellB.slice(0, n),
    wallV0: wallV0.slice(0, n),
    wallV1: wallV1.slice(0, n),
    vertexX,
    vertexY,
    width: w,
    height: h,
  });
}
