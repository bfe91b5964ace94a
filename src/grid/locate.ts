import type { Grid } from './grid.js';

/**
 * Finds the cell whose centre is nearest a point of the grid's plane: cell centres bucketed on a square
 * lattice of about one cell per bucket, searched ring by ring outwards. Building is linear in cells; a query
 * looks at a few buckets. For the grids of this project (convex cells, sizes within a factor of a few of
 * their neighbours) the nearest centre is the cell containing the point, or a neighbour of it near an edge.
 */
export interface CellLocator {
  /** The nearest cell and its centre's distance from (x, y), in grid units. */
  nearest(x: number, y: number): { cell: number; distance: number };
  /**
   * The cell containing (x, y), walls taken as straight chords, found by walking from the nearest centre
   * across the walls the point lies beyond; -1 when the walk leaves the grid through its rim.
   */
  cellAt(x: number, y: number): number;
}

export function cellLocator(grid: Grid): CellLocator {
  const n = grid.cellCount;
  const size = Math.max(1e-9, Math.sqrt((grid.width * grid.height) / Math.max(1, n)));
  const cols = Math.max(1, Math.ceil(grid.width / size) + 1);
  const rows = Math.max(1, Math.ceil(grid.height / size) + 1);
  const bucketOf = (x: number, y: number): number => {
    const i = Math.min(cols - 1, Math.max(0, Math.floor(x / size)));
    const j = Math.min(rows - 1, Math.max(0, Math.floor(y / size)));
    return j * cols + i;
  };
  const start = new Int32Array(cols * rows + 1);
  for (let c = 0; c < n; c++) start[bucketOf(grid.cellX[c], grid.cellY[c]) + 1]++;
  for (let b = 0; b < cols * rows; b++) start[b + 1] += start[b];
  const fill = start.slice(0, cols * rows);
  const cells = new Int32Array(n);
  for (let c = 0; c < n; c++) cells[fill[bucketOf(grid.cellX[c], grid.cellY[c])]++] = c;
  /** A wall of c with (x, y) strictly beyond it (away from c's centre), inner walls first; -1 if none. */
  const beyond = (c: number, x: number, y: number): number => {
    const cx = grid.cellX[c];
    const cy = grid.cellY[c];
    const test = (w: number): boolean => {
      const ax = grid.vertexX[grid.wallV0[w]];
      const ay = grid.vertexY[grid.wallV0[w]];
      const dx = grid.vertexX[grid.wallV1[w]] - ax;
      const dy = grid.vertexY[grid.wallV1[w]] - ay;
      const side = (px: number, py: number) => dx * (py - ay) - dy * (px - ax);
      return side(x, y) * side(cx, cy) < -1e-12 * (dx * dx + dy * dy);
    };
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++)
      if (test(grid.adjWall[k])) return grid.adjWall[k];
    for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++)
      if (test(grid.rimWall[k])) return grid.rimWall[k];
    return -1;
  };
  const locator: CellLocator = {
    cellAt(x, y) {
      // Walk from the nearest centre across walls the point lies beyond, until a cell holds it.
      let cell = locator.nearest(x, y).cell;
      for (let step = 0; cell >= 0 && step < 64; step++) {
        const w = beyond(cell, x, y);
        if (w < 0) return cell;
        const b = grid.wallCellB[w];
        if (b < 0) return -1;
        cell = grid.wallCellA[w] === cell ? b : grid.wallCellA[w];
      }
      return -1;
    },
    nearest(x, y) {
      const ci = Math.min(cols - 1, Math.max(0, Math.floor(x / size)));
      const cj = Math.min(rows - 1, Math.max(0, Math.floor(y / size)));
      let best = -1;
      let bestD = Infinity;
      for (let ring = 0; ring <= Math.max(cols, rows); ring++) {
        // Every bucket of this ring is at least (ring − 1) buckets from the point: stop once that is too far.
        if (best >= 0 && (ring - 1) * size > bestD) break;
        for (let j = cj - ring; j <= cj + ring; j++) {
          if (j < 0 || j >= rows) continue;
          const edge = j === cj - ring || j === cj + ring;
          for (let i = ci - ring; i <= ci + ring; i += edge ? 1 : 2 * ring) {
            if (i < 0 || i >= cols) continue;
            const b = j * cols + i;
            for (let k = start[b]; k < start[b + 1]; k++) {
              const c = cells[k];
              const dx = grid.cellX[c] - x;
              const dy = grid.cellY[c] - y;
              const d = Math.sqrt(dx * dx + dy * dy);
              if (d < bestD || (d === bestD && c < best)) {
                bestD = d;
                best = c;
              }
            }
            if (ring === 0) break;
          }
        }
      }
      return { cell: best, distance: bestD };
    },
  };
  return locator;
}

/** Per cell, the distance from its centre to the nearest midpoint of its walls (grid units). */
export function cellReach(grid: Grid): Float64Array {
  const reach = new Float64Array(grid.cellCount).fill(Infinity);
  for (let w = 0; w < grid.wallCount; w++) {
    const mx = (grid.vertexX[grid.wallV0[w]] + grid.vertexX[grid.wallV1[w]]) / 2;
    const my = (grid.vertexY[grid.wallV0[w]] + grid.vertexY[grid.wallV1[w]]) / 2;
    for (const c of [grid.wallCellA[w], grid.wallCellB[w]]) {
      if (c < 0) continue;
      const dx = mx - grid.cellX[c];
      const dy = my - grid.cellY[c];
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d < reach[c]) reach[c] = d;
    }
  }
  return reach;
}
