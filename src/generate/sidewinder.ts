import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { eastWall, northWall, rectangle } from './square-rows.js';

/**
 * Sidewinder (square grids only): the top row is one corridor; every later row is cut into runs, each run
 * a horizontal corridor that opens north from one random cell of it.
 */
export function sidewinder(grid: Grid, rng: Rng, _options: AlgorithmOptions): Uint8Array {
  const { columns, rows } = rectangle(grid, 'sidewinder');
  const open = new Uint8Array(grid.wallCount);
  for (let y = 0; y < rows; y++) {
    let runStart = 0;
    for (let x = 0; x < columns; x++) {
      const atEast = x === columns - 1;
      const closeRun = atEast || (y > 0 && rng.next() < 0.5);
      if (closeRun) {
        if (y > 0) {
          open[northWall(columns, rows, runStart + rng.int(x - runStart + 1), y)] = 1;
        }
        runStart = x + 1;
      } else {
        open[eastWall(columns, x, y)] = 1;
      }
    }
  }
  return open;
}
