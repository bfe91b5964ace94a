import { type Grid, maxDegree } from '../grid/grid.js';

/**
 * A grid's neighbour lists laid out for walks that go from cell to cell: every cell gets the same number of
 * places (`stride`, the grid's most neighbours), each place the neighbour and the wall between, side by
 * side. A walk step then reads one stretch of one array, where the CSR lists (`adjStart`, `adjCell`,
 * `adjWall`) take three; on a million cells that is what decides the speed. Same order as the CSR lists.
 */
export interface NeighbourTable {
  /** Places per cell. */
  readonly stride: number;
  /** Number of neighbours of each cell (its first places are used, in neighbour order). */
  readonly degree: Uint16Array;
  /**
   * Place j of cell c (j < degree[c]) at i = 2 (stride · c + j): `entries[i]` the neighbour, `entries[i + 1]`
   * the wall between. Unused places hold 0.
   */
  readonly entries: Int32Array;
}

const tables = new WeakMap<Grid, NeighbourTable>();

/**
 * The grid's neighbour table, made once per grid (grids are never modified) and kept as long as the grid:
 * 8 bytes per place, 2 × stride Int32 per cell.
 */
export function neighbourTable(grid: Grid): NeighbourTable {
  const hit = tables.get(grid);
  if (hit) return hit;
  const table = makeNeighbourTable(grid);
  tables.set(grid, table);
  return table;
}

/** A new neighbour table of the grid, not kept (`neighbourTable` keeps one per grid). */
export function makeNeighbourTable(grid: Grid): NeighbourTable {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const stride = maxDegree(grid);
  const degree = new Uint16Array(cellCount);
  const entries = new Int32Array(2 * stride * cellCount);
  for (let c = 0; c < cellCount; c++) {
    const start = adjStart[c];
    const end = adjStart[c + 1];
    degree[c] = end - start;
    for (let k = start, i = 2 * stride * c; k < end; k++, i += 2) {
      entries[i] = adjCell[k];
      entries[i + 1] = adjWall[k];
    }
  }
  return { stride, degree, entries };
}
