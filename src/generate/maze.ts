import type { Grid } from '../grid/grid.js';

/**
 * A maze: a grid plus the set of open walls. Entry and exit are rim walls that are open; their cells are
 * the start and goal of the solution.
 */
export interface Maze {
  readonly grid: Grid;
  /** 1 where the wall is open (a passage), 0 where it stands; indexed by wall. */
  readonly open: Uint8Array;
  readonly entryWall: number;
  readonly exitWall: number;
  readonly entryCell: number;
  readonly exitCell: number;
  /**
   * One-way passages (Finger Maze strings can hold them), one entry per wall: 0 for a two-way wall, +1 when
   * an open wall may be crossed only from `wallCellA` to `wallCellB`, −1 only from `wallCellB` to `wallCellA`.
   * Only open inner walls may be non-zero. Absent (the usual case) means every open wall is two-way.
   */
  readonly oneWay?: Int8Array;
}

/** Number of open walls between cells (rim openings excluded). A perfect maze has cellCount − 1. */
export function countPassages(maze: Maze): number {
  const { grid, open } = maze;
  let n = 0;
  for (let w = 0; w < grid.wallCount; w++) if (open[w] !== 0 && grid.wallCellB[w] >= 0) n++;
  return n;
}
