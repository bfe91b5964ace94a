import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './registry.js';
import { eastWall, rectangle, southWall } from './square-rows.js';

/**
 * Eller's algorithm (square grids only), one row at a time: join neighbouring cells of different sets at
 * random, then let every set drop at least one passage to the next row; the last row joins all remaining
 * sets. Sets are kept in a union–find over all cells, so memory is O(cells) but each row's work is O(columns).
 */
export function eller(grid: Grid, rng: Rng, _options: AlgorithmOptions): Uint8Array {
  const { columns, rows } = rectangle(grid, 'eller');
  const open = new Uint8Array(grid.wallCount);
  const parent = new Int32Array(grid.cellCount);
  for (let c = 0; c < grid.cellCount; c++) parent[c] = c;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  /** Per set root, during one row: cells seen, whether it already drops, and its reservoir-sampled cell. */
  const seen = new Int32Array(grid.cellCount);
  const drops = new Uint8Array(grid.cellCount);
  const pick = new Int32Array(grid.cellCount);
  for (let y = 0; y < rows; y++) {
    const row = y * columns;
    const last = y === rows - 1;
    for (let x = 0; x < columns - 1; x++) {
      const a = find(row + x);
      const b = find(row + x + 1);
      if (a !== b && (last || rng.next() < 0.5)) {
        parent[b] = a;
        open[eastWall(columns, x, y)] = 1;
      }
    }
    if (last) break;
    for (let x = 0; x < columns; x++) {
      const c = row + x;
      const r = find(c);
      seen[r]++;
      if (rng.int(seen[r]) === 0) pick[r] = c;
      if (rng.next() < 0.5) {
        drops[r] = 1;
        parent[c + columns] = r;
        open[southWall(columns, rows, x, y)] = 1;
      }
    }
    for (let x = 0; x < columns; x++) {
      const r = find(row + x);
      if (seen[r] === 0) continue; // already settled
      if (drops[r] === 0) {
        const c = pick[r];
        parent[c + columns] = r;
        open[southWall(columns, rows, c - row, y)] = 1;
      }
      seen[r] = 0;
      drops[r] = 0;
    }
  }
  return open;
}
