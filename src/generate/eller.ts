import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { eastWall, rectangle, southWall } from './square-rows.js';

/**
 * Eller's algorithm (square grids only), one row at a time with O(columns) memory. The cells of a row that
 * are already connected (a "set") form a circular list kept in column order (`left`/`right`); in a planar
 * maze sets never interleave, so x and x + 1 share a set exactly when x + 1 follows x in its list.
 * Per row: join neighbouring cells of different sets at random (splicing their lists and opening the wall);
 * then each cell either drops a passage to the next row or, if its set has other members, may leave the
 * set (its wall below stays) — so every set keeps at least one way down. The last row joins all sets.
 */
export function eller(grid: Grid, rng: Rng, _options: AlgorithmOptions): Uint8Array {
  const { columns, rows } = rectangle(grid, 'eller');
  const open = new Uint8Array(grid.wallCount);
  const left = new Int32Array(columns);
  const right = new Int32Array(columns);
  for (let x = 0; x < columns; x++) {
    left[x] = x;
    right[x] = x;
  }
  for (let y = 0; y < rows; y++) {
    const last = y === rows - 1;
    for (let x = 0; x < columns - 1; x++) {
      if (right[x] !== x + 1 && (last || rng.next() < 0.5)) {
        // Splice x + 1's list in after x: x → x+1 → … → (old successor of x).
        const after = right[x];
        const tail = left[x + 1];
        right[tail] = after;
        left[after] = tail;
        right[x] = x + 1;
        left[x + 1] = x;
        open[eastWall(columns, x, y)] = 1;
      }
    }
    if (last) break;
    for (let x = 0; x < columns; x++) {
      if (left[x] !== x && rng.next() < 0.5) {
        // Leave the set: the cell below starts a set of its own.
        right[left[x]] = right[x];
        left[right[x]] = left[x];
        left[x] = x;
        right[x] = x;
      } else {
        open[southWall(columns, rows, x, y)] = 1;
      }
    }
  }
  return open;
}
