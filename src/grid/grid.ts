/**
 * The topology-neutral grid: a planar subdivision whose faces are cells, whose edges are walls and whose
 * corners are vertices. Every topology builds one of these; algorithms see only the cell graph (CSR
 * adjacency), renderers see only the geometry. Coordinates are in grid units with x to the right and
 * y downwards; the bounding box of all vertices is [0, width] × [0, height].
 */
export interface Grid {
  /** Name of the topology that built the grid, e.g. `square`; for messages and reports only. */
  readonly topology: string;
  /** Human-readable size, e.g. `12×16`. */
  readonly sizeLabel: string;
  readonly cellCount: number;
  /** Cell centres. */
  readonly cellX: Float64Array;
  readonly cellY: Float64Array;

  readonly wallCount: number;
  /** The cell on one side of each wall (always a real cell). */
  readonly wallCellA: Int32Array;
  /** The cell on the other side, or -1 when the wall is on the rim. */
  readonly wallCellB: Int32Array;
  /** The wall's end vertices. */
  readonly wallV0: Int32Array;
  readonly wallV1: Int32Array;

  readonly vertexCount: number;
  readonly vertexX: Float64Array;
  readonly vertexY: Float64Array;

  /** CSR neighbour lists: neighbours of cell c are adjCell[adjStart[c] .. adjStart[c+1]), through adjWall. */
  readonly adjStart: Int32Array;
  readonly adjCell: Int32Array;
  readonly adjWall: Int32Array;
  /** CSR rim walls of each cell: rimWall[rimStart[c] .. rimStart[c+1]). */
  readonly rimStart: Int32Array;
  readonly rimWall: Int32Array;

  readonly width: number;
  readonly height: number;
}

/** Raw parts a topology hands to `assembleGrid`; walls must reference valid cells and vertices. */
export interface GridParts {
  topology: string;
  sizeLabel: string;
  cellCount: number;
  cellX: Float64Array;
  cellY: Float64Array;
  wallCount: number;
  wallCellA: Int32Array;
  wallCellB: Int32Array;
  wallV0: Int32Array;
  wallV1: Int32Array;
  vertexX: Float64Array;
  vertexY: Float64Array;
  width: number;
  height: number;
}

/** Builds the CSR neighbour and rim lists from a topology's walls. Linear in cells + walls. */
export function assembleGrid(parts: GridParts): Grid {
  const { cellCount, wallCount, wallCellA, wallCellB } = parts;
  const adjStart = new Int32Array(cellCount + 1);
  const rimStart = new Int32Array(cellCount + 1);
  let inner = 0;
  for (let w = 0; w < wallCount; w++) {
    const b = wallCellB[w];
    if (b >= 0) {
      adjStart[wallCellA[w] + 1]++;
      adjStart[b + 1]++;
      inner++;
    } else {
      rimStart[wallCellA[w] + 1]++;
    }
  }
  for (let c = 0; c < cellCount; c++) {
    adjStart[c + 1] += adjStart[c];
    rimStart[c + 1] += rimStart[c];
  }
  const adjCell = new Int32Array(inner * 2);
  const adjWall = new Int32Array(inner * 2);
  const rimWall = new Int32Array(wallCount - inner);
  const adjFill = adjStart.slice(0, cellCount);
  const rimFill = rimStart.slice(0, cellCount);
  for (let w = 0; w < wallCount; w++) {
    const a = wallCellA[w];
    const b = wallCellB[w];
    if (b >= 0) {
      let k = adjFill[a]++;
      adjCell[k] = b;
      adjWall[k] = w;
      k = adjFill[b]++;
      adjCell[k] = a;
      adjWall[k] = w;
    } else {
      rimWall[rimFill[a]++] = w;
    }
  }
  return {
    ...parts,
    vertexCount: parts.vertexX.length,
    adjStart,
    adjCell,
    adjWall,
    rimStart,
    rimWall,
  };
}

/** Midpoint of a wall, in grid units. */
export function wallMidpoint(grid: Grid, wall: number): [number, number] {
  const v0 = grid.wallV0[wall];
  const v1 = grid.wallV1[wall];
  return [(grid.vertexX[v0] + grid.vertexX[v1]) / 2, (grid.vertexY[v0] + grid.vertexY[v1]) / 2];
}

/**
 * Unit normal of a rim wall pointing out of the maze (away from its cell's centre).
 * @returns [nx, ny] with length 1
 */
export function rimNormal(grid: Grid, wall: number): [number, number] {
  const v0 = grid.wallV0[wall];
  const v1 = grid.wallV1[wall];
  const dx = grid.vertexX[v1] - grid.vertexX[v0];
  const dy = grid.vertexY[v1] - grid.vertexY[v0];
  const len = Math.hypot(dx, dy);
  let nx = dy / len;
  let ny = -dx / len;
  const [mx, my] = wallMidpoint(grid, wall);
  const cell = grid.wallCellA[wall];
  if ((mx - grid.cellX[cell]) * nx + (my - grid.cellY[cell]) * ny < 0) {
    nx = -nx;
    ny = -ny;
  }
  return [nx + 0, ny + 0]; // + 0 turns -0 into 0
}

/** The largest number of neighbours any cell has (sizes per-step scratch arrays). */
export function maxDegree(grid: Grid): number {
  let max = 0;
  for (let c = 0; c < grid.cellCount; c++) max = Math.max(max, grid.adjStart[c + 1] - grid.adjStart[c]);
  return max;
}
