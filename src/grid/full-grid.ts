import { type Adjacency, adjacencyOf, assembleGrid, type Grid, type GridArcs } from './grid.js';

/**
 * The arrays of an unmasked grid written directly by its topology, the one description of its numbering
 * (a masked grid is cut out of it, `subGrid`): cells in id order, the vertices every wall uses (all of them,
 * no renumbering) and the walls in cell order, each cell's edges in the order round the cell its topology
 * gives, a wall shared by two cells written once, by the lower. Arc grids add their arcs (`GridArcs`).
 */
export interface FullGridArrays extends FullWalls {
  cellX: Float64Array;
  cellY: Float64Array;
  vertexX: Float64Array;
  vertexY: Float64Array;
  arcs?: GridArcs;
  /**
   * The vertices' bounding box [minX, minY, maxX, maxY], when the topology found it without a scan. With
   * arcs, only the arcs of rim walls are then measured for how far they bulge past it: the topology
   * promises no other arc reaches further.
   */
  box?: [number, number, number, number];
  /**
   * Each cell's neighbour and rim counts as prefix sums (`adjStart[c]`, `rimStart[c]`: where c's lists
   * start), when the topology knows them by formula; read off the walls otherwise.
   */
  starts?: { adjStart: Int32Array; rimStart: Int32Array };
  /**
   * The CSR lists themselves, when the topology wrote them with the walls (each in wall order), with their
   * interleaved copy (`Adjacency.interleaved`, which a walk's neighbour table is made of).
   */
  lists?: Adjacency;
  /** `Grid.wallSpan`, by the topology's formula. */
  wallSpan: number;
}

/** A grid's walls, to be written in order by its topology (`fullWalls` makes them at their final size). */
export interface FullWalls {
  wallCount: number;
  wallCellA: Int32Array;
  wallCellB: Int32Array;
  wallV0: Int32Array;
  wallV1: Int32Array;
}

/** Arrays for `wallCount` walls, all zero. */
export function fullWalls(wallCount: number): FullWalls {
  return {
    wallCount,
    wallCellA: new Int32Array(wallCount),
    wallCellB: new Int32Array(wallCount),
    wallV0: new Int32Array(wallCount),
    wallV1: new Int32Array(wallCount),
  };
}

/** Fails loudly when a topology wrote another number of walls than its count promised. */
export function checkWallCount(topology: string, written: number, promised: number): void {
  if (written !== promised) {
    throw new Error(`internal: ${topology} wrote ${written} walls where its count promises ${promised}`);
  }
}

/**
 * A grid of the arrays, framed to its walls' bounding box as `assembleGrid` frames every grid. The CSR
 * lists are the topology's own (`lists`, written cell by cell with the walls), or read off the walls once
 * they are all written (one pass with `starts`, two without). Either is faster than appending each wall
 * to both its cells' lists as it is written. The lists come with their interleaved copy (`interleavedLists`):
 * an unmasked grid is built to be walked, and writing the copy with the lists costs less than a later pass.
 */
export function finishFullGrid(topology: string, sizeLabel: string, a: FullGridArrays): Grid {
  const cellCount = a.cellX.length;
  const { lists } = a;
  if (
    lists &&
    (lists.adjStart[cellCount] !== lists.adjCell.length || lists.rimStart[cellCount] !== lists.rimWall.length)
  ) {
    throw new Error(`internal: ${topology} wrote neighbour lists of another length than it counted`);
  }
  return assembleGrid(
    {
      topology,
      sizeLabel,
      cellCount,
      cellX: a.cellX,
      cellY: a.cellY,
      wallCount: a.wallCount,
      wallCellA: a.wallCellA,
      wallCellB: a.wallCellB,
      wallV0: a.wallV0,
      wallV1: a.wallV1,
      vertexX: a.vertexX,
      vertexY: a.vertexY,
      width: 0,
      height: 0,
      wallSpan: a.wallSpan,
      ...(a.arcs ? { arcs: a.arcs } : {}),
    },
    lists ??
      adjacencyOf(
        { cellCount, wallCount: a.wallCount, wallCellA: a.wallCellA, wallCellB: a.wallCellB },
        a.starts,
        true,
      ),
    a.box,
  );
}
