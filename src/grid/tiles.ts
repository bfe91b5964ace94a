import { assembleGrid, type Grid } from './grid.js';

/**
 * A tiling described cell by cell, for topologies whose cells are polygons (or, for circles, regions bounded
 * by arcs and radial segments) on a numbered vertex lattice. Each cell lists up to `stride` corners in order
 * round the cell; edge i runs from corner i to corner i+1 (the last back to corner 0) and has the neighbour
 * across it, or -1 on the outside of the full layout. Unused slots hold -1 in `corners`.
 */
export interface TileTables {
  topology: string;
  sizeLabel: string;
  cellCount: number;
  stride: number;
  corners: Int32Array;
  across: Int32Array;
  /** Optional: 1 where edge i of a cell is an arc around (arcCX, arcCY). */
  arc?: Uint8Array;
  arcCX?: number;
  arcCY?: number;
  cellX: Float64Array;
  cellY: Float64Array;
  vertexX: Float64Array;
  vertexY: Float64Array;
}

/**
 * Turns tile tables into a Grid, keeping only the cells `keep` marks (all when absent). Walls come out in
 * cell order then edge order; a wall between a kept cell and a dropped one is a rim wall of the kept cell.
 * Cell ids of the grid are the ranks of the kept cells in table order.
 */
export function buildFromTiles(t: TileTables, keep?: Uint8Array): Grid {
  const { cellCount: full, stride, corners, across } = t;
  const ids = new Int32Array(full);
  let cellCount = 0;
  for (let c = 0; c < full; c++) ids[c] = keep && keep[c] === 0 ? -1 : cellCount++;

  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  let maxWalls = 0;
  for (let c = 0; c < full; c++) {
    const id = ids[c];
    if (id < 0) continue;
    cellX[id] = t.cellX[c];
    cellY[id] = t.cellY[c];
    for (let i = 0; i < stride && corners[c * stride + i] >= 0; i++) maxWalls++;
  }

  const wallCellA = new Int32Array(maxWalls);
  const wallCellB = new Int32Array(maxWalls);
  const wallV0 = new Int32Array(maxWalls);
  const wallV1 = new Int32Array(maxWalls);
  const wallArc = t.arc ? new Uint8Array(maxWalls) : undefined;
  let n = 0;
  for (let c = 0; c < full; c++) {
    const a = ids[c];
    if (a < 0) continue;
    const base = c * stride;
    let sides = 0;
    while (sides < stride && corners[base + sides] >= 0) sides++;
    for (let i = 0; i < sides; i++) {
      const other = across[base + i];
      const b = other >= 0 ? ids[other] : -1;
      // A shared wall is written once, by the lower cell of the pair.
      if (b >= 0 && other < c) continue;
      wallCellA[n] = a;
      wallCellB[n] = b;
      wallV0[n] = corners[base + i];
      wallV1[n] = corners[base + (i + 1 === sides ? 0 : i + 1)];
      if (wallArc && t.arc) wallArc[n] = t.arc[base + i];
      n++;
    }
  }

  return assembleGrid({
    topology: t.topology,
    sizeLabel: t.sizeLabel,
    cellCount,
    cellX,
    cellY,
    wallCount: n,
    wallCellA: wallCellA.slice(0, n),
    wallCellB: wallCellB.slice(0, n),
    wallV0: wallV0.slice(0, n),
    wallV1: wallV1.slice(0, n),
    vertexX: t.vertexX,
    vertexY: t.vertexY,
    width: 0,
    height: 0,
    ...(wallArc ? { wallArc: wallArc.slice(0, n), arcCX: t.arcCX ?? 0, arcCY: t.arcCY ?? 0 } : {}),
  });
}
