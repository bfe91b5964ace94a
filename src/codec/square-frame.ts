import type { Maze } from '../generate/maze.js';
import type { Grid } from '../grid/grid.js';
import { buildSquareGrid } from '../grid/square.js';
import { CodecError } from './codec-error.js';

/**
 * Wall numbering of a full (unmasked) `columns × rows` square grid, as `buildSquareGrid` lays it out:
 *
 *        x →  0    1        vertical wall (x, y), x in [0, columns], is the west side of cell (x, y):
 *   y      +----+----+        index y·(columns + 1) + x
 *   ↓  0   |    |    |      horizontal wall (x, y), y in [0, rows], is the north side of cell (x, y):
 *          +----+----+        index (columns + 1)·rows + y·columns + x
 *
 * The cell on the west (north) side of a wall is its `wallCellA`, the one on the east (south) side its
 * `wallCellB`; on the rim the one real cell is `wallCellA`.
 */
export interface SquareFrame {
  columns: number;
  rows: number;
}

export const verticalWall = (f: SquareFrame, x: number, y: number): number => y * (f.columns + 1) + x;
export const horizontalWall = (f: SquareFrame, x: number, y: number): number =>
  (f.columns + 1) * f.rows + y * f.columns + x;

/**
 * The size of a full rectangular square grid, checked against the layout `buildSquareGrid` makes.
 * @param format names the format in the error message
 * @throws CodecError for another topology or a masked square grid
 */
export function squareFrame(grid: Grid, format: string): SquareFrame {
  const what = `${format} holds full rectangular square mazes only`;
  if (grid.topology !== 'square')
    throw new CodecError(`${what}; this one is ${grid.topology} ${grid.sizeLabel}`);
  const columns = Math.round(grid.width);
  const rows = Math.round(grid.height);
  const walls = (columns + 1) * rows + columns * (rows + 1);
  let plain = grid.cellCount === columns * rows && grid.wallCount === walls;
  if (plain) {
    const reference = buildSquareGrid({ columns, rows });
    plain =
      sameArray(grid.wallCellA, reference.wallCellA) &&
      sameArray(grid.wallCellB, reference.wallCellB) &&
      sameArray(grid.wallV0, reference.wallV0);
  }
  if (!plain) throw new CodecError(`${what}; this square maze is masked (${grid.cellCount} cells)`);
  return { columns, rows };
}

/** Both ends on the rim, as text formats need them. */
export function checkRimEnds(maze: Maze, format: string): void {
  if (maze.entryWall < 0 || maze.exitWall < 0) {
    throw new CodecError(`${format} needs the entry and the exit on the rim; this maze has an end inside it`);
  }
}

function sameArray(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
