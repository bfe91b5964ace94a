import { bfs } from '../grid/bfs.js';
import { type Grid, rimNormal, wallMidpoint } from '../grid/grid.js';
import { UserError } from '../spec/errors.js';
import type { Maze } from './maze.js';

export type Side = 'top' | 'bottom' | 'left' | 'right';

/** Where an end of the maze goes: `auto` (as far from the other end as the maze allows) or a rim spot. */
export type EndPlacement =
  | { kind: 'auto' }
  | { kind: 'side'; side: Side /** in [0, 1] along the side */; at: number }
  | { kind: 'wall' /** a rim wall chosen by the algorithm */; wall: number }
  /** The cell nearest the middle of the maze (the centre disc of a circle maze); no rim opening. */
  | { kind: 'centre' };

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
  warn: (what: string) => void = () => {},
): Maze {
  if (grid.rimWall.length === 0)
    throw new UserError(where, 'the maze has no rim to place an entry and exit on');
  if (entry.kind === 'centre' && exit.kind === 'centre') {
    throw new UserError(where, 'entry and exit are both at the centre', 'put one of them on a side or auto');
  }
  const fixed = (end: EndPlacement, name: string): number => {
    if (end.kind === 'wall') return end.wall;
    if (end.kind !== 'side') return -1;
    const found = wallOnSide(grid, end.side, end.at);
    if (found.wall < 0) {
      throw new UserError(
        where,
        `${name}: no rim wall of this maze faces ${end.side}`,
        `use another side or 'auto'`,
      );
    }
    if (found.distance > MOVE_WARNING) {
      warn(
        `${name} ${end.side} at ${Math.round(end.at * 100)}% is outside the maze's shape; moved to the nearest rim cell facing ${end.side}`,
      );
    }
    return found.wall;
  };
  let entryWall = fixed(entry, 'entry');
  let exitWall = fixed(exit, 'exit');
  const centre = centreCell(grid);
  const entryCell = entry.kind === 'centre' ? centre : -1;
  const exitCell = exit.kind === 'centre' ? centre : -1;
  const open1 = (end: EndPlacement) => end.kind === 'auto';

  if (open1(entry) && open1(exit)) {
    const first = farthestRimCell(grid, open, grid.wallCellA[grid.rimWall[0]]);
    const second = farthestRimCell(grid, open, first, true);
    // Name the upper-left of the two the entry, so books read top to bottom.
    const [a, b] = isBefore(grid, first, second) ? [first, second] : [second, first];
    entryWall = outermostRimWall(grid, a, b);
    exitWall = outermostRimWall(grid, b, a);
  } else if (open1(exit)) {
    const from = entryCell >= 0 ? entryCell : grid.wallCellA[entryWall];
    exitWall = outermostRimWall(grid, farthestRimCell(grid, open, from, true), from);
  } else if (open1(entry)) {
    const from = exitCell >= 0 ? exitCell : grid.wallCellA[exitWall];
    entryWall = outermostRimWall(grid, farthestRimCell(grid, open, from, true), from);
  }
  if (entryWall >= 0 && entryWall === exitWall) {
    throw new UserError(
      where,
      'entry and exit fall on the same rim wall',
      'give them different sides or positions',
    );
  }
  const withEnds = open.slice();
  if (entryWall >= 0) withEnds[entryWall] = 1;
  if (exitWall >= 0) withEnds[exitWall] = 1;
  return {
    grid,
    open: withEnds,
    entryWall,
    exitWall,
    entryCell: entryCell >= 0 ? entryCell : grid.wallCellA[entryWall],
    exitCell: exitCell >= 0 ? exitCell : grid.wallCellA[exitWall],
  };
}

const outerCache = new WeakMap<Grid, Uint8Array>();

/**
 * 1 for rim walls on the maze's outer boundary, 0 for those around holes (a ring mask's middle). Rim walls
 * are chained into loops through shared vertices; loops touching at a vertex belong together; the group
 * whose bounding box is largest is the outside. Openings go only in outer walls.
 */
export function outerRimWalls(grid: Grid): Uint8Array {
  const hit = outerCache.get(grid);
  if (hit) return hit;
  const out = new Uint8Array(grid.wallCount);
  const rim = grid.rimWall;
  // Union-find over rim walls, joined at shared vertices.
  const parent = new Int32Array(rim.length).map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const firstAt = new Map<number, number>();
  rim.forEach((w, i) => {
    for (const v of [grid.wallV0[w], grid.wallV1[w]]) {
      const j = firstAt.get(v);
      if (j === undefined) firstAt.set(v, i);
      else parent[find(i)] = find(j);
    }
  });
  const box = new Map<number, [number, number, number, number]>();
  rim.forEach((w, i) => {
    const r = find(i);
    const b = box.get(r) ?? [Infinity, Infinity, -Infinity, -Infinity];
    for (const v of [grid.wallV0[w], grid.wallV1[w]]) {
      b[0] = Math.min(b[0], grid.vertexX[v]);
      b[1] = Math.min(b[1], grid.vertexY[v]);
      b[2] = Math.max(b[2], grid.vertexX[v]);
      b[3] = Math.max(b[3], grid.vertexY[v]);
    }
    box.set(r, b);
  });
  let outer = -1;
  let best = -1;
  for (const [r, b] of box) {
    const area = (b[2] - b[0]) * (b[3] - b[1]);
    if (area > best + 1e-9) {
      best = area;
      outer = r;
    }
  }
  rim.forEach((w, i) => {
    if (find(i) === outer) out[w] = 1;
  });
  outerCache.set(grid, out);
  return out;
}

/** Distance (grid units) a side end may land from the requested spot before the author is warned. */
const MOVE_WARNING = 2;

/** The cell whose centre is nearest the middle of the grid's box (lowest index on ties). */
export function centreCell(grid: Grid): number {
  const mx = grid.width / 2;
  const my = grid.height / 2;
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < grid.cellCount; c++) {
    const d = (grid.cellX[c] - mx) ** 2 + (grid.cellY[c] - my) ** 2;
    if (d < bestD - 1e-12) {
      bestD = d;
      best = c;
    }
  }
  return best;
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
  const outer = outerRimWalls(grid);
  for (let c = 0; c < grid.cellCount; c++) {
    let onOuter = false;
    for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++) if (outer[grid.rimWall[k]]) onOuter = true;
    if (!onOuter) continue;
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
  const outer = outerRimWalls(grid);
  for (let k = grid.rimStart[cell]; k < grid.rimStart[cell + 1]; k++) {
    const w = grid.rimWall[k];
    if (!outer[w]) continue;
    const [nx, ny] = rimNormal(grid, w);
    const dot = nx * awayX + ny * awayY;
    if (dot > bestDot + 1e-9) {
      bestDot = dot;
      best = w;
    }
  }
  return best;
}

/**
 * The rim wall facing `side` nearest to the spot `at` along that side of the maze's box (the outermost on
 * ties), and how far (grid units) its midpoint is from that spot; wall -1 if no rim wall faces the side.
 */
export function wallOnSide(grid: Grid, side: Side, at: number): { wall: number; distance: number } {
  const [sx, sy] = SIDE_VECTOR[side];
  const alongX = sy !== 0;
  const px = alongX ? at * grid.width : sx > 0 ? grid.width : 0;
  const py = alongX ? (sy > 0 ? grid.height : 0) : at * grid.height;
  let best = -1;
  let bestD = Infinity;
  const outer = outerRimWalls(grid);
  for (let k = 0; k < grid.rimWall.length; k++) {
    const w = grid.rimWall[k];
    if (!outer[w]) continue;
    const [nx, ny] = rimNormal(grid, w);
    if (nx * sx + ny * sy < FACING_COS) continue;
    const [mx, my] = wallMidpoint(grid, w);
    const d = Math.hypot(mx - px, my - py);
    if (d < bestD - 1e-9) {
      best = w;
      bestD = d;
    }
  }
  return { wall: best, distance: bestD };
}
