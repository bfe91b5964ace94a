import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { eastWall, northWall, rectangle } from './square-rows.js';

/**
 * Binary tree (square grids only): every cell opens either its north or its east wall, at random where it
 * has both. Fast and simple, with its well-known texture: an open top row, an open right column, and
 * passages drifting north-east.
 */
export function binaryTree(grid: Grid, rng: Rng, _options: AlgorithmOptions): Uint8Array {
  const { columns, rows } = rectangle(grid, 'binary-tree');
  const open = new Uint8Array(grid.wallCount);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      const north = y > 0;
      const east = x < columns - 1;
      if (north && (!east || rng.next() < 0.5)) open[northWall(columns, rows, x, y)] = 1;
      else if (east) open[eastWall(columns, x, y)] = 1;
    }
  }
  return open;
}
