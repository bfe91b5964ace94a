import { UserError } from '../base/errors.js';
import { bfs } from '../grid/bfs.js';
import type { Grid } from '../grid/grid.js';
import { cellLocator } from '../grid/locate.js';
import type { RouteSketch } from '../grid/route-sketch.js';

/** A line of the sketch is followed in steps of this length, in grid units (a quarter of a cell's side). */
export const ROUTE_STEP = 0.25;

export const ROUTE_HINT =
  'route points are fractions of the maze box and must fall on cells of the maze (mind the mask)';

/** One line of the sketch laid on cells: a path of neighbouring cells through walls that may open. */
export interface TracedLine {
  /** Cells in order. Every two consecutive cells share a wall that may open. */
  readonly cells: Int32Array;
  /** For each sketch point, the index in `cells` of the cell under it. */
  readonly atPoint: Int32Array;
  /** Side lines: the cell of an earlier line they leave from (a neighbour of `cells[0]`); -1 for the main line. */
  readonly from: number;
}

/** Walls that may open: 0 everywhere, or 1 on drawn walls. */
type Blocked = Uint8Array | undefined;

/**
 * Lays a sketch on a grid's cells: each line is followed in small steps from point to point, taking the cell
 * whose centre is nearest; gaps (cells meeting at a corner, a drawn wall in the way) are bridged by the
 * shortest path of cells. No cell is used twice over all lines (a side line's first cells on its parent line
 * are its start); where a sharp turn brings a line back onto cells it has just crossed, the small loop is
 * dropped.
 * @param regionOf names the region of a cell, for messages
 * @throws UserError naming the route point (and region) when a point or a stretch of line is off the maze, or a
 *   line crosses itself or another line
 */
export function traceSketch(
  grid: Grid,
  sketch: RouteSketch,
  blocked: Blocked,
  where: string,
  regionOf: (cell: number) => string = () => 'the maze',
): TracedLine[] {
  const describe = sketch.describe ?? defaultDescribe;
  if (sketch.main.length < 2)
    throw new UserError(where, 'a route needs at least two points, start and finish');
  const locate = cellLocator(grid);
  const owner = new Int32Array(grid.cellCount).fill(-1);
  const position = new Int32Array(grid.cellCount);
  const lines: TracedLine[] = [];
  const all = [sketch.main, ...(sketch.branches ?? [])];
  for (let line = 0; line < all.length; line++) {
    const points = all[line];
    if (points.length < 2) {
      throw new UserError(where, `${describe(line, 0)}: a side line needs at least two points`);
    }
    const raw: number[] = [];
    const atPoint = new Int32Array(points.length);
    const pointCells = points.map((a, p) => {
      const cell = locate.cellAt(a.x, a.y);
      if (cell < 0) throw new UserError(where, `${describe(line, p)} is outside the maze`, ROUTE_HINT);
      return cell;
    });
    for (let p = 0; p < points.length; p++) {
      const a = points[p];
      atPoint[p] = pushCell(raw, pointCells[p]);
      if (p + 1 === points.length) break;
      const b = points[p + 1];
      const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / ROUTE_STEP);
      for (let s = 1; s < steps; s++) {
        const cell = locate.cellAt(a.x + ((b.x - a.x) * s) / steps, a.y + ((b.y - a.y) * s) / steps);
        if (cell < 0) {
          throw new UserError(
            where,
            `the route from ${describe(line, p)} to ${describe(line, p + 1)} leaves the maze`,
            ROUTE_HINT,
          );
        }
        pushCell(raw, cell);
      }
    }
    // A side line starts on an earlier line: drop its cells there, keep the last as where it leaves from.
    let from = -1;
    let first = 0;
    if (line > 0) {
      first = raw.findIndex((cell) => owner[cell] < 0);
      if (first < 0) first = raw.length;
      if (first === 0) {
        // It starts beside its parent line: hang it from the nearest cell of an earlier line.
        from = nearestOwned(grid, owner, raw[0], blocked);
        if (from < 0) throw new UserError(where, `${describe(line, 0)} does not start on the route`);
      } else from = raw[first - 1];
      if (first === raw.length) {
        throw new UserError(where, `${describe(line, 1)}: the side line never leaves the line it starts on`);
      }
    }
    const cells: number[] = [];
    const index = new Int32Array(raw.length).fill(-1);
    const claim = (c: number, i: number): void => {
      if (owner[c] === line && cells.length - 1 - position[c] <= MAX_LOOP) {
        // A sharp turn brought the line back to a cell it just left: drop the little loop.
        const j = position[c];
        for (let k = j + 1; k < cells.length; k++) owner[cells[k]] = -1;
        cells.length = j + 1;
        for (let k = 0; k < i; k++) if (index[k] > j) index[k] = j;
        return;
      }
      if (owner[c] >= 0) {
        const p = pointBefore(atPoint, i);
        throw new UserError(
          where,
          owner[c] === line
            ? `the route crosses or doubles back on itself after ${describe(line, p)}, in ${regionOf(c)}`
            : `${describe(line, p)}: the line runs into another line of the route, in ${regionOf(c)}`,
          'keep the lines of a route at least a passage apart; branches start on the route and then leave it',
        );
      }
      owner[c] = line;
      position[c] = cells.length;
      cells.push(c);
    };
    let prev = from;
    for (let i = first; i < raw.length; i++) {
      const c = raw[i];
      if (prev >= 0 && !touching(grid, prev, c, blocked)) {
        const steps = bridge(grid, prev, c, blocked, owner);
        // A side line must reach its first cell from the line it leaves (a door goes there).
        if (steps.length === 0 && prev === from && owner[c] < 0) {
          const p = pointBefore(atPoint, i);
          throw new UserError(
            where,
            `${describe(line, p)}: the line cannot pass from one cell to the next here, in ${regionOf(c)} (a drawn line or another line of the route is in the way)`,
            'move the line a passage away from drawn lines and other lines of the route',
          );
        }
        for (const step of steps) claim(step, i);
      }
      claim(c, i);
      index[i] = cells.length - 1;
      prev = c;
    }
    for (let p = 0; p < points.length; p++) {
      atPoint[p] = Math.max(0, index[Math.min(raw.length - 1, Math.max(first, atPoint[p]))]);
    }
    lines.push({ cells: Int32Array.from(cells), atPoint, from });
  }
  return lines;
}

/** Longest loop (in cells) a line may close on itself at a sharp turn; it is dropped. Longer ones cross. */
const MAX_LOOP = 12;

function defaultDescribe(line: number, point: number): string {
  return line === 0 ? `route point ${point + 1}` : `branch ${line} point ${point + 1}`;
}

/** Appends a cell unless it repeats the last one or steps straight back (A, B, A → A); returns its index. */
function pushCell(raw: number[], c: number): number {
  const n = raw.length;
  if (n > 0 && raw[n - 1] === c) return n - 1;
  if (n > 1 && raw[n - 2] === c) {
    raw.pop();
    return n - 2;
  }
  raw.push(c);
  return n;
}

/** The last sketch point at or before traced index i. */
function pointBefore(atPoint: Int32Array, i: number): number {
  let p = 0;
  for (let k = 0; k < atPoint.length; k++) if (atPoint[k] <= i) p = k;
  return p;
}

/** Whether two cells share a wall that may open. */
export function touching(grid: Grid, a: number, b: number, blocked: Blocked): boolean {
  return wallBetween(grid, a, b, blocked) >= 0;
}

/** The wall between two neighbouring cells that may open, or -1. */
export function wallBetween(grid: Grid, a: number, b: number, blocked: Blocked): number {
  for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++) {
    if (grid.adjCell[k] === b && (!blocked || blocked[grid.adjWall[k]] === 0)) return grid.adjWall[k];
  }
  return -1;
}

/**
 * The cells strictly between `a` and `b` on a short path through walls that may open and through cells on no
 * line yet: the shared neighbour nearest their midpoint when there is one (lines cutting a corner), else a
 * shortest path. Empty when there is none (the caller then meets b as a used or unreachable cell).
 */
function bridge(grid: Grid, a: number, b: number, blocked: Blocked, owner: Int32Array): number[] {
  const mx = (grid.cellX[a] + grid.cellX[b]) / 2;
  const my = (grid.cellY[a] + grid.cellY[b]) / 2;
  let best = -1;
  let bestD = Infinity;
  for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++) {
    const m = grid.adjCell[k];
    if (owner[m] >= 0 || (blocked && blocked[grid.adjWall[k]] !== 0) || !touching(grid, m, b, blocked))
      continue;
    const d = Math.hypot(grid.cellX[m] - mx, grid.cellY[m] - my);
    if (d < bestD) {
      bestD = d;
      best = m;
    }
  }
  if (best >= 0) return [best];
  const open = new Uint8Array(grid.wallCount).fill(1);
  for (let w = 0; w < grid.wallCount; w++) {
    const x = grid.wallCellA[w];
    const y = grid.wallCellB[w];
    if (
      (blocked && blocked[w] !== 0) ||
      (x !== b && owner[x] >= 0 && x !== a) ||
      (y >= 0 && y !== b && y !== a && owner[y] >= 0)
    )
      open[w] = 0;
  }
  const search = bfs(grid, open, a);
  if (search.dist[b] < 0) return [];
  const path: number[] = [];
  for (
    let c =
      grid.wallCellA[search.viaWall[b]] === b
        ? grid.wallCellB[search.viaWall[b]]
        : grid.wallCellA[search.viaWall[b]];
    c !== a;
  ) {
    path.push(c);
    const w = search.viaWall[c];
    c = grid.wallCellA[w] === c ? grid.wallCellB[w] : grid.wallCellA[w];
  }
  return path.reverse();
}

/**
 * The cell of an earlier line nearest to c in steps through walls that may open and through cells on no line,
 * or -1: the way from it to c is then a bridge of free cells.
 */
function nearestOwned(grid: Grid, owner: Int32Array, c: number, blocked: Blocked): number {
  const seen = new Uint8Array(grid.cellCount);
  const queue = new Int32Array(grid.cellCount);
  let tail = 0;
  queue[tail++] = c;
  seen[c] = 1;
  for (let head = 0; head < tail; head++) {
    const x = queue[head];
    for (let k = grid.adjStart[x]; k < grid.adjStart[x + 1]; k++) {
      const m = grid.adjCell[k];
      if (seen[m] !== 0 || (blocked && blocked[grid.adjWall[k]] !== 0)) continue;
      if (owner[m] >= 0) return m;
      seen[m] = 1;
      queue[tail++] = m;
    }
  }
  return -1;
}
