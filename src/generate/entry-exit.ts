import { bfs } from '../grid/bfs.js';
import { type Grid, rimNormal, wallMidpoint } from '../grid/grid.js';
import { UserError } from '../spec/errors.js';
import type { Maze } from './maze.js';

export type Side = 'top' | 'bottom' | 'left' | 'right';

/** Where an end of the maze goes: `auto` (as far from the other end as the maze allows) or a rim spot. */
export type EndPlacement =
  | { kind: 'auto' }
  | { kind: 'side'; side: Side /** in [0, 1] along the side */; at: number }
  | { kind: 'wall' /** a rim wall chosen by the algorithm */; wall: number };

const SIDE_VECTOR: Record<Side, [number, number]> = {
  top: [0, -1],
  bottom: [0, 1],
  left: [-1, 0],
  right: [1, 0],
};

/** Minimum cosine between a rim wall's outward normal and the side's direction for the wall to face that side. */
const FACING_COS = 0.7;

/**
 * Opens an entry and an exit in the rim of a spanning tree and returns the finished maze.
 * `auto` ends are a pair of rim cells far apart along the maze's passages (two breadth-first sweeps), kept at
 * least half the maze's larger side apart on the page;
 * a side end is the rim wall facing that side nearest to `at`, preferring the outermost.
 * @param where names the page in error messages
 */
export function placeEnds(
  grid: Grid,
  open: Uint8Array,
  entry: EndPlacement,
  exit: EndPlacement,
  where: string,
): Maze {
  if (grid.rimWall.length === 0)
    throw new UserError(where, 'the maze has no rim to place an entry and exit on');
  const fixed = (end: EndPlacement): number =>
    end.kind === 'side' ? wallOnSide(grid, end.side, end.at) : end.kind === 'wall' ? end.wall : -1;
  let entryWall = fixed(entry);
  let exitWall = fixed(exit);
  for (const [name, end, wall] of [
    ['entry', entry, entryWall],
    ['exit', exit, exitWall],
  ] as const) {
    if (end.kind === 'side' && wall < 0) {
      throw new UserError(
        where,
        `${name}: no rim wall of this maze faces ${end.side}`,
        `use another side or 'auto'`,
      );
    }
  }

  if (entryWall < 0 && exitWall < 0) {
    const first = farthestRimCell(grid, open, grid.wallCellA[grid.rimWall[0]]);
    const second = farthestRimCell(grid, open, first, true);
    // Name the upper-left of the two the entry, so books read top to bottom.
    const [a, b] = isBefore(grid, first, second) ? [first, second] : [second, first];
    entryWall = outermostRimWall(grid, a, b);
    exitWall = outermostRimWall(grid, b, a);
  } else if (exitWall < 0) {
    const from = grid.wallCellA[entryWall];
    exitWall = outermostRimWall(grid, farthestRimCell(grid, open, from, true), from);
  } else if (entryWall < 0) {
    const from = grid.wallCellA[exitWall];
    entryWall = outermostRimWall(grid, farthestRimCell(grid, open, from, true), from);
  }
  if (entryWall === exitWall) {
    throw new UserError(
      where,
      'entry and exit fall on the same rim wall',
      'give them different sides or positions',
    );
  }
  const withEnds = open.slice();
  withEnds[entryWall] = 1;
  withEnds[exitWall] = 1;
  return {
    grid,
    open: withEnds,
    entryWall,
    exitWall,
    entryCell: grid.wallCellA[entryWall],
    exitCell: grid.wallCellA[exitWall],
  };
}

function isBefore(grid: Grid, a: number, b: number): boolean {
  const dy = grid.cellY[a] - grid.cellY[b];
  if (Math.abs(dy) > 1e-9) return dy < 0;
  return grid.cellX[a] <= grid.cellX[b];
}

/** Share of the grid's larger side that an `auto` end keeps away from the other end on the page. */
const MIN_APART = 0.5;

/**
 * The rim cell with the greatest passage distance from `from` (lowest index on ties). With `apart`, only rim
 * cells at least half the maze's larger side away from `from` on the page count (when there are any), so
 * the two arrows are never side by side even when a long detour joins neighbouring rim cells.
 */
function farthestRimCell(grid: Grid, open: Uint8Array, from: number, apart = false): number {
  const { dist } = bfs(grid, open, from);
  const minApart = apart ? MIN_APART * Math.max(grid.width, grid.height) : 0;
  const fx = grid.cellX[from];
  const fy = grid.cellY[from];
  let best = -1;
  let bestDist = -1;
  let any = -1;
  let anyDist = -1;
  for (let c = 0; c < grid.cellCount; c++) {
    if (grid.rimStart[c + 1] === grid.rimStart[c]) continue;
    if (dist[c] > anyDist) {
      anyDist = dist[c];
      any = c;
    }
    if (dist[c] > bestDist && Math.hypot(grid.cellX[c] - fx, grid.cellY[c] - fy) >= minApart) {
      bestDist = dist[c];
      best = c;
    }
  }
  return best >= 0 ? best : any;
}

/** Of a rim cell's rim walls, the one facing most directly away from `other` cell's centre. */
function outermostRimWall(grid: Grid, cell: number, other: number): number {
  const awayX = grid.cellX[cell] - grid.cellX[other];
  let awayY = grid.cellY[cell] - grid.cellY[other];
  if (awayX === 0 && awayY === 0) awayY = -1;
  let best = -1;
  let bestDot = -Infinity;
  for (let k = grid.rimStart[cell]; k < grid.rimStart[cell + 1]; k++) {
    const w = grid.rimWall[k];
    const [nx, ny] = rimNormal(grid, w);
    const dot = nx * awayX + ny * awayY;
    if (dot > bestDot + 1e-9) {
      bestDot = dot;
      best = w;
    }
  }
  return best;
}

/** The rim wall facing `side` nearest to `at` along it (the outermost on ties), or -1 if none faces it. */
export function wallOnSide(grid: Grid, side: Side, at: number): number {
  const [sx, sy] = SIDE_VECTOR[side];
  const alongX = sy !== 0;
  const target = at * (alongX ? grid.width : grid.height);
  let best = -1;
  let bestOff = Infinity;
  let bestOut = -Infinity;
  for (let k = 0; k < grid.rimWall.length; k++) {
    const w = grid.rimWall[k];
    const [nx, ny] = rimNormal(grid, w);
    if (nx * sx + ny * sy < FACING_COS) continue;
    const [mx, my] = wallMidpoint(grid, w);
    const off = Math.abs((alongX ? mx : my) - target);
    const out = mx * sx + my * sy;
    if (off < bestOff - 1e-9 || (Math.abs(off - bestOff) <= 1e-9 && out > bestOut)) {
      best = w;
      bestOff = off;
      bestOut = out;
    }
  }
  return best;
}
