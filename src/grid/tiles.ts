import { assembleGrid, type Grid } from './grid.js';

/**
 * A tiling described cell by cell, for topologies whose cells are polygons (or, for circles, regions bounded
 * by arcs and radial segments) on a numbered vertex lattice. `cell(c, …)` gives cell c's corners in order
 * round the cell (at most `stride` of them); edge i runs from corner i to corner i+1 (the last back to
 * corner 0) and has the neighbour across it, or -1 on the outside of the full layout. Cells are described
 * on demand, so no table of every cell's corners is ever held.
 */
export interface TileTables {
  topology: string;
  sizeLabel: string;
  cellCount: number;
  /** Most corners a cell has. */
  stride: number;
  /**
   * Writes cell c's corners and the cell across each edge into `corners` and `across` from index 0, and for
   * tilings with arcs 1 in `arc` where an edge is an arc around (arcCX, arcCY), 0 elsewhere.
   * @returns the number of corners
   */
  cell(c: number, corners: Int32Array, across: Int32Array, arc: Uint8Array): number;
  /** Set when some edges are arcs around (arcCX, arcCY). */
  arcs?: boolean;
  arcCX?: number;
  arcCY?: number;
  cellX: Float64Array;
  cellY: Float64Array;
  vertexX: Float64Array;
  vertexY: Float64Array;
  /** `Grid.wallSpan` of the full tiling (any cells kept have some of its walls). */
  wallSpan?: number;
}

/**
 * Turns tile tables into a Grid, keeping only the cells `keep` marks (all when absent). Walls come out in
 * cell order then edge order (a shared wall with the lower cell); a wall between a kept cell and a dropped
 * one is a rim wall of the kept cell.
 * Cell ids of the grid are the ranks of the kept cells in table order. The grid may take over the tables'
 * arrays (the tables are not to be used afterwards). Unmasked grids are written directly by their topology
 * (`full-grid.ts`), faster; this builder is what they must equal (a test compares them).
 */
export function buildFromTiles(t: TileTables, keep?: Uint8Array): Grid {
  const { cellCount: full, stride } = t;
  const corners = new Int32Array(stride);
  const across = new Int32Array(stride);
  const arc = new Uint8Array(stride);
  const ids = new Int32Array(full);
  let cellCount = 0;
  for (let c = 0; c < full; c++) ids[c] = keep !== undefined && keep[c] === 0 ? -1 : cellCount++;

  // First pass: exact wall count, so the wall arrays are allocated once at their final size.
  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  let wallCount = 0;
  for (let c = 0; c < full; c++) {
    const a = ids[c];
    if (a < 0) continue;
    cellX[a] = t.cellX[c];
    cellY[a] = t.cellY[c];
    const sides = t.cell(c, corners, across, arc);
    for (let i = 0; i < sides; i++) {
      const other = across[i];
      if (other < 0 || ids[other] < 0 || other > c) wallCount++; // rim, or shared and written by c
    }
  }

  const wallCellA = new Int32Array(wallCount);
  const wallCellB = new Int32Array(wallCount);
  const wallV0 = new Int32Array(wallCount);
  const wallV1 = new Int32Array(wallCount);
  const wallArc = t.arcs ? new Uint8Array(wallCount) : undefined;
  let n = 0;
  for (let c = 0; c < full; c++) {
    const a = ids[c];
    if (a < 0) continue;
    const sides = t.cell(c, corners, across, arc);
    for (let i = 0; i < sides; i++) {
      const other = across[i];
      const b = other >= 0 ? ids[other] : -1;
      // A shared wall is written once, by the lower cell of the pair.
      if (b >= 0 && other < c) continue;
      wallCellA[n] = a;
      wallCellB[n] = b;
      wallV0[n] = corners[i];
      wallV1[n] = corners[i + 1 === sides ? 0 : i + 1];
      if (wallArc) wallArc[n] = arc[i];
      n++;
    }
  }

  return assembleGrid({
    topology: t.topology,
    sizeLabel: t.sizeLabel,
    cellCount,
    cellX,
    cellY,
    wallCount,
    wallCellA,
    wallCellB,
    wallV0,
    wallV1,
    vertexX: t.vertexX,
    vertexY: t.vertexY,
    width: 0,
    height: 0,
    ...(t.wallSpan !== undefined ? { wallSpan: t.wallSpan } : {}),
    ...(wallArc ? { wallArc, arcCX: t.arcCX ?? 0, arcCY: t.arcCY ?? 0 } : {}),
  });
}
