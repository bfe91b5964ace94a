import type { Maze } from '../generate/maze.js';
import { wallMidpoint } from '../grid/grid.js';
import type { Placement } from '../layout/wall-paths.js';

/**
 * What the play page needs to let a reader walk a maze, beside its drawing: the cells' centres in the
 * drawing's coordinates (the SVG's viewBox: points, origin top left, y down — the same placement the
 * drawing's walls were drawn with), and the moves the maze allows from each cell (through open walls,
 * under-passages of weave mazes included), in CSR form like the grid's own lists.
 */
export interface Board {
  /** Cell centres, in the drawing's points (two decimals). */
  x: number[];
  y: number[];
  /** Moves from cell c: to cells moveCell[moveStart[c] .. moveStart[c+1]). */
  moveStart: number[];
  moveCell: number[];
  /**
   * 1 where the move may be started from its cell, 0 where it enters a one-way passage against its
   * direction (it may still be taken to go back along the reader's own line).
   */
  moveForward: number[];
  /**
   * Where each move crosses from one cell into the other: the middle of the open wall between them (a
   * reader's line is drawn centre, door, centre…, so it never cuts a wall's corner); for an under-passage of
   * a weave maze, half way between the two cells.
   */
  doorX: number[];
  doorY: number[];
  entry: number;
  exit: number;
  /** The median distance between the centres of neighbouring cells, in points: the size of a step. */
  step: number;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** The board of `maze` as drawn with `place` (the placement its SVG was drawn with). */
export function boardOf(maze: Maze, place: Placement): Board {
  const { grid, open, oneWay } = maze;
  const n = grid.cellCount;
  const x = new Array<number>(n);
  const y = new Array<number>(n);
  for (let c = 0; c < n; c++) {
    x[c] = round2(place.ox + grid.cellX[c] * place.scale);
    y[c] = round2(place.oy + grid.cellY[c] * place.scale);
  }
  const moveStart = [0];
  const moveCell: number[] = [];
  const moveForward: number[] = [];
  const doorX: number[] = [];
  const doorY: number[] = [];
  const distances: number[] = [];
  for (let c = 0; c < n; c++) {
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const w = grid.adjWall[k];
      const to = grid.adjCell[k];
      distances.push(Math.hypot(x[to] - x[c], y[to] - y[c]));
      if (open[w] === 0) continue;
      moveCell.push(to);
      if (grid.weave && grid.weave.under[w] >= 0) {
        doorX.push(round2((x[c] + x[to]) / 2));
        doorY.push(round2((y[c] + y[to]) / 2));
      } else {
        const [mx, my] = wallMidpoint(grid, w);
        doorX.push(round2(place.ox + mx * place.scale));
        doorY.push(round2(place.oy + my * place.scale));
      }
      const against =
        oneWay !== undefined &&
        oneWay[w] !== 0 &&
        (oneWay[w] > 0 ? grid.wallCellA[w] : grid.wallCellB[w]) !== c;
      moveForward.push(against ? 0 : 1);
    }
    moveStart.push(moveCell.length);
  }
  distances.sort((a, b) => a - b);
  const step = distances.length > 0 ? distances[distances.length >> 1] : place.scale;
  return {
    x,
    y,
    moveStart,
    moveCell,
    moveForward,
    doorX,
    doorY,
    entry: maze.entryCell,
    exit: maze.exitCell,
    step: round2(step),
  };
}
