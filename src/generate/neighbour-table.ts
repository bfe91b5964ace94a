/**
 * The neighbour table walks read (the backtracker, the ends walk). It lives with the grid, whose direct
 * builders fill it while they write the walls; see `src/grid/neighbour-table.ts`.
 */
export { type NeighbourTable, neighbourTable } from '../grid/neighbour-table.js';
