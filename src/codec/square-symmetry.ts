import type { Maze } from '../generate/maze.js';
import { buildSquareGrid } from '../grid/square.js';
import { horizontalWall, type SquareFrame, verticalWall } from './square-frame.js';

/**
 * One of the eight symmetries of a rectangle of square cells: first transpose (x ↔ y, so north ↔ west and
 * east ↔ south) when asked, then reflect east/west (`flipX`, x → columns − 1 − x) and north/south
 * (`flipY`, y → rows − 1 − y) in the transposed frame.
 */
export interface SquareSymmetry {
  transpose: boolean;
  flipX: boolean;
  flipY: boolean;
}

/** The eight symmetries; the first four keep the frame's orientation (they suit any columns × rows). */
export const SQUARE_SYMMETRIES: readonly SquareSymmetry[] = [false, true].flatMap((transpose) =>
  [false, true].flatMap((flipX) => [false, true].map((flipY) => ({ transpose, flipX, flipY }))),
);

/**
 * The maze mapped by a symmetry onto the square grid of the image frame (columns and rows swapped by a
 * transposition): open walls, one-way directions, entry and exit all follow.
 * @param frame the maze's size, as `squareFrame` found it
 */
export function transformSquareMaze(maze: Maze, frame: SquareFrame, s: SquareSymmetry): Maze {
  const { grid, open, oneWay } = maze;
  const to: SquareFrame = s.transpose ? { columns: frame.rows, rows: frame.columns } : frame;
  const image = buildSquareGrid(to);
  // Vertex lattice (columns + 1) × (rows + 1); cell (x, y) is the unit square below-right of vertex (x, y).
  const mapPoint = (x: number, y: number, spanX: number, spanY: number): [number, number] => {
    let [u, v] = s.transpose ? [y, x] : [x, y];
    if (s.flipX) u = spanX - u;
    if (s.flipY) v = spanY - v;
    return [u, v];
  };
  const mapCell = (c: number): number => {
    const [u, v] = mapPoint(c % frame.columns, Math.floor(c / frame.columns), to.columns - 1, to.rows - 1);
    return v * to.columns + u;
  };
  const mapWall = (w: number): number => {
    const [ax, ay] = mapPoint(
      grid.vertexX[grid.wallV0[w]],
      grid.vertexY[grid.wallV0[w]],
      to.columns,
      to.rows,
    );
    const [bx, by] = mapPoint(
      grid.vertexX[grid.wallV1[w]],
      grid.vertexY[grid.wallV1[w]],
      to.columns,
      to.rows,
    );
    return ax === bx ? verticalWall(to, ax, Math.min(ay, by)) : horizontalWall(to, Math.min(ax, bx), ay);
  };
  const mapped = new Uint8Array(image.wallCount);
  const mappedOneWay = oneWay ? new Int8Array(image.wallCount) : undefined;
  for (let w = 0; w < grid.wallCount; w++) {
    const m = mapWall(w);
    mapped[m] = open[w];
    if (mappedOneWay && oneWay && oneWay[w] !== 0) {
      // The cell the passage may be left from keeps that role in the image.
      const from = mapCell(oneWay[w] > 0 ? grid.wallCellA[w] : grid.wallCellB[w]);
      mappedOneWay[m] = image.wallCellA[m] === from ? 1 : -1;
    }
  }
  return {
    grid: image,
    open: mapped,
    entryWall: maze.entryWall >= 0 ? mapWall(maze.entryWall) : -1,
    exitWall: maze.exitWall >= 0 ? mapWall(maze.exitWall) : -1,
    entryCell: mapCell(maze.entryCell),
    exitCell: mapCell(maze.exitCell),
    ...(mappedOneWay ? { oneWay: mappedOneWay } : {}),
  };
}
