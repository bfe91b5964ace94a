import { type Grid, interleavedLists } from '../grid/grid.js';

/**
 * A grid's neighbour lists laid out for walks that go from cell to cell: the CSR lists' neighbours and walls
 * (`adjCell`, `adjWall`) side by side in one array, in the same order. A walk step then reads one stretch of
 * one array (and the cell's bounds in `start`, two numbers side by side), where the CSR lists take three; on
 * a million cells that is what decides the speed. Cells with fewer neighbours take fewer places (a circle's
 * wedges have at most 5 where its centre has 8; an octagon grid's squares 4).
 */
export interface NeighbourTable {
  /** The grid's `adjStart`: cell c's places are start[c] … start[c + 1] − 1, in neighbour order. */
  readonly start: Int32Array;
  /** Place k at i = 2k: `entries[i]` the neighbour, `entries[i + 1]` the wall between. */
  readonly entries: Int32Array;
}

const tables = new WeakMap<Grid, NeighbourTable>();

/**
 * The grid's neighbour table, made once per grid (grids are never modified) and kept as long as the grid:
 * 8 bytes per place. Grids whose lists were written interleaved with them (`interleavedLists`) lend
 * those; no copy is made.
 */
export function neighbourTable(grid: Grid): NeighbourTable {
  const hit = tables.get(grid);
  if (hit) return hit;
  const written = interleavedLists(grid);
  const table = written ? { start: grid.adjStart, entries: written } : makeNeighbourTable(grid);
  tables.set(grid, table);
  return table;
}

/** A new neighbour table of the grid, not kept (`neighbourTable` keeps one per grid). */
export function makeNeighbourTable(grid: Grid): NeighbourTable {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const places = adjStart[cellCount];
  const entries = new Int32Array(2 * places);
  for (let k = 0, i = 0; k < places; k++, i += 2) {
    entries[i] = adjCell[k];
    entries[i + 1] = adjWall[k];
  }
  return { start: adjStart, entries };
}
