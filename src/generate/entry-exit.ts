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
 *
 * `auto` ends go on outer rim walls on different sides of the maze (`wallSide`), unless the author fixed both
 * ends: with both `auto`, the pair of rim cells farthest apart along the passages among pairs on different
 * sides (exactly, in one pass over the tree); with one `auto`, the rim cell farthest along the passages from
 * the fixed end, on another side than it (any side when the fixed end is the centre). Among those, pairs at
 * least half the maze's larger side apart on the page come first, so the two arrows never sit side by side.
 * The upper-left of two `auto` ends is the entry. A side end is the rim wall facing that side nearest to
 * `at`, preferring the outermost. Linear in cells + walls.
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
  const centre = entry.kind === 'centre' || exit.kind === 'centre' ? centreCell(grid) : -1;
  const entryCell = entry.kind === 'centre' ? centre : -1;
  const exitCell = exit.kind === 'centre' ? centre : -1;
  const rim = rimInfo(grid);
  const minApart = MIN_APART * Math.max(grid.width, grid.height);

  if (entry.kind === 'auto' && exit.kind === 'auto') {
    const pair = farthestPair(grid, open, rim, minApart);
    // Name the upper-left of the two the entry, so books read top to bottom.
    const [a, b] = isBefore(grid, pair.a, pair.b) ? [pair.a, pair.b] : [pair.b, pair.a];
    const [sa, sb] = a === pair.a ? [pair.sideA, pair.sideB] : [pair.sideB, pair.sideA];
    entryWall = outermostRimWall(grid, rim, a, b, sa);
    exitWall = outermostRimWall(grid, rim, b, a, sb);
  } else if (exit.kind === 'auto' || entry.kind === 'auto') {
    const [end, wall, cell] =
      entry.kind === 'auto' ? [exit, exitWall, exitCell] : [entry, entryWall, entryCell];
    const from = cell >= 0 ? cell : grid.wallCellA[wall];
    // The fixed end's side: the one asked for, else the side its wall faces; none for the centre.
    const avoid = end.kind === 'side' ? SIDES.indexOf(end.side) : cell >= 0 ? -1 : rim.wallSide[wall];
    const far = farthestFrom(grid, open, rim, from, avoid, minApart);
    const placed = outermostRimWall(grid, rim, far.cell, from, far.side);
    if (entry.kind === 'auto') entryWall = placed;
    else exitWall = placed;
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

/** Sides in code order: the code of a side is its index here. */
const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

/**
 * The side of the maze an outer rim wall is on: the direction its outward normal points to most (top,
 * right, bottom or left of the page). A wall at exactly 45° (an octagon's corner) goes to the side of the
 * maze's box it is nearer to, in proportion to the box. On a circle maze the sides are the four quarter
 * turns of the rim centred on straight up, right, down and left. Undefined for walls that are not on the
 * outer rim.
 */
export function wallSide(grid: Grid, wall: number): Side | undefined {
  const code = rimInfo(grid).wallSide[wall];
  return code >= 0 ? SIDES[code] : undefined;
}

/** Per grid: which rim walls are outer and on which side, and the rim cells with the sides they touch. */
interface RimInfo {
  /** Per wall: the side code of an outer rim wall, -1 for every other wall. */
  wallSide: Int8Array;
  /** Cells with at least one outer rim wall, ascending. */
  cells: Int32Array;
  /** Per cell: a bit (1 << side code) for each side its outer rim walls are on. */
  sides: Uint8Array;
}

const rimCache = new WeakMap<Grid, RimInfo>();

function rimInfo(grid: Grid): RimInfo {
  const hit = rimCache.get(grid);
  if (hit) return hit;
  const outer = outerRimWalls(grid);
  const wallSide = new Int8Array(grid.wallCount).fill(-1);
  const sides = new Uint8Array(grid.cellCount);
  const box = { cx: grid.width / 2, cy: grid.height / 2, w: grid.width || 1, h: grid.height || 1 };
  let count = 0;
  for (let k = 0; k < grid.rimWall.length; k++) {
    const w = grid.rimWall[k];
    if (!outer[w]) continue;
    const code = sideCode(grid, w, box);
    wallSide[w] = code;
    const c = grid.wallCellA[w];
    if (sides[c] === 0) count++;
    sides[c] |= 1 << code;
  }
  const cells = new Int32Array(count);
  for (let c = 0, i = 0; i < count; c++) if (sides[c] !== 0) cells[i++] = c;
  const info = { wallSide, cells, sides };
  rimCache.set(grid, info);
  return info;
}

/** Normal components closer than this count as a tie (a wall at 45°). */
const TIE = 1e-9;

function sideCode(grid: Grid, wall: number, box: { cx: number; cy: number; w: number; h: number }): number {
  const [nx, ny] = rimNormal(grid, wall);
  const ax = Math.abs(nx);
  const ay = Math.abs(ny);
  let horizontal = ax > ay;
  if (Math.abs(ax - ay) <= TIE) {
    const [mx, my] = wallMidpoint(grid, wall);
    horizontal = Math.abs(mx - box.cx) / box.w >= Math.abs(my - box.cy) / box.h;
  }
  if (horizontal) return nx > 0 ? 1 : 3;
  return ny > 0 ? 2 : 0;
}

/** A pair of rim cells and the sides their openings go on. */
interface EndPair {
  a: number;
  sideA: number;
  b: number;
  sideB: number;
}

/**
 * The two rim cells farthest apart along the passages with openings on different sides, preferring pairs
 * at least `minApart` apart on the page (then any pair on different sides, then any pair at all on a maze
 * whose rim has one side only). One pass over the tree: a depth-first order from a rim cell, then, children
 * before parents, the two farthest rim cells below each cell on two different sides, paired with those of
 * its other branches at every cell where branches meet (the best pair on different sides only ever needs
 * the best two sides of each branch). Distances are along the tree the traversal follows: the maze itself,
 * for a spanning tree.
 */
function farthestPair(grid: Grid, open: Uint8Array, rim: RimInfo, minApart: number): EndPair {
  const { adjStart, adjCell, adjWall, cellX, cellY } = grid;
  const n = grid.cellCount;
  const root = rim.cells[0];
  const parent = new Int32Array(n).fill(-2);
  const order = new Int32Array(n);
  /**
   * Per cell c, two entries (slots 4c and 4c + 2): [passages · 4 + side, rim cell], the farthest rim cell
   * below c and the farthest on another side; -1 where there is none. The first is never the shorter.
   */
  const top = new Int32Array(4 * n);
  let count = 0;
  let sp = 0;
  // The order array doubles as the stack: cells are taken from its end and written to its front.
  const stack = new Int32Array(n);
  stack[sp++] = root;
  parent[root] = -1;
  while (sp > 0) {
    const c = stack[--sp];
    order[count++] = c;
    const own = rim.sides[c];
    const o = 4 * c;
    if (own === 0) {
      top[o] = -1;
      top[o + 2] = -1;
    } else {
      top[o] = lowestSide(own);
      top[o + 1] = c;
      const rest = own & (own - 1);
      top[o + 2] = rest !== 0 ? lowestSide(rest) : -1;
      top[o + 3] = c;
    }
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      const m = adjCell[k];
      if (parent[m] !== -2 || open[adjWall[k]] === 0) continue;
      parent[m] = c;
      stack[sp++] = m;
    }
  }
  // The best pair on different sides: [length, a, sa, b, sb].
  const best = [-1, -1, -1, -1, -1];
  const pair = (length: number, x: number, sx: number, y: number, sy: number): void => {
    if (length > best[0]) set(best, length, x, sx, y, sy);
  };
  for (let i = count - 1; i > 0; i--) {
    const c = 4 * order[i];
    const p = 4 * parent[order[i]];
    let c1 = top[c];
    if (c1 < 0) continue;
    c1 += 4; // one passage more, seen from the parent
    const c2 = top[c + 2] < 0 ? -1 : top[c + 2] + 4;
    const p1 = top[p];
    const p2 = top[p + 2];
    // Pairs across the parent's branches so far and this one: best with best, else with a runner-up (the
    // best two sides of each branch hold the best pair on different sides).
    if (p1 >= 0) {
      if ((p1 & 3) !== (c1 & 3)) pair((p1 >> 2) + (c1 >> 2), top[p + 1], p1 & 3, top[c + 1], c1 & 3);
      else {
        if (c2 >= 0) pair((p1 >> 2) + (c2 >> 2), top[p + 1], p1 & 3, top[c + 3], c2 & 3);
        if (p2 >= 0) pair((p2 >> 2) + (c1 >> 2), top[p + 3], p2 & 3, top[c + 1], c1 & 3);
      }
    }
    // The parent keeps the best two of its own and this branch's, on different sides.
    merge(top, p, c1, top[c + 1]);
    if (c2 >= 0) merge(top, p, c2, top[c + 3]);
  }
  if (best[0] < 0) {
    // One side only (or a single rim cell): the farthest rim cell from the root, any side.
    const other = farthestFrom(grid, open, rim, root, -1, minApart);
    return { a: root, sideA: lowestSide(rim.sides[root]), b: other.cell, sideB: other.side };
  }
  const found = { a: best[1], sideA: best[2], b: best[3], sideB: best[4] };
  const dx = cellX[found.a] - cellX[found.b];
  const dy = cellY[found.a] - cellY[found.b];
  if (dx * dx + dy * dy >= minApart * minApart) return found;
  // Too close on the page (a long detour between neighbours round a corner): keep one end and take the
  // farthest partner far enough away on another side, whichever end gives the longer route.
  let kept: EndPair | undefined;
  let keptLength = -1;
  for (const [end, side] of [
    [found.a, found.sideA],
    [found.b, found.sideB],
  ]) {
    const far = farthestFrom(grid, open, rim, end, side, minApart);
    if (far.length > keptLength && far.apart) {
      keptLength = far.length;
      kept = { a: end, sideA: side, b: far.cell, sideB: far.side };
    }
  }
  return kept ?? found;
}

/** Adds entry (v = passages · 4 + side, rim cell f) to the best two on different sides at top[p]. */
function merge(top: Int32Array, p: number, v: number, f: number): void {
  const p1 = top[p];
  const side = v & 3;
  if (p1 >= 0 && (p1 & 3) === side) {
    if (v >> 2 > p1 >> 2) {
      top[p] = v;
      top[p + 1] = f;
    }
    return;
  }
  if (p1 < 0 || v >> 2 > p1 >> 2) {
    // New best; the old best (another side) becomes the runner-up.
    top[p + 2] = p1;
    top[p + 3] = top[p + 1];
    top[p] = v;
    top[p + 1] = f;
    return;
  }
  const p2 = top[p + 2];
  if (p2 < 0 || v >> 2 > p2 >> 2) {
    top[p + 2] = v;
    top[p + 3] = f;
  }
}

function set(best: number[], length: number, a: number, sa: number, b: number, sb: number): void {
  best[0] = length;
  best[1] = a;
  best[2] = sa;
  best[3] = b;
  best[4] = sb;
}

const lowestSide = (mask: number): number => 31 - Math.clz32(mask & -mask);

/**
 * The rim cell farthest along the passages from `from` with an outer rim wall on a side other than `avoid`
 * (-1: any side), and that side; rim cells at least `minApart` from `from` on the page first, then any;
 * when no rim cell has another side, the farthest on any side. Lowest cell, then lowest side code, on ties.
 */
function farthestFrom(
  grid: Grid,
  open: Uint8Array,
  rim: RimInfo,
  from: number,
  avoid: number,
  minApart: number,
): { cell: number; side: number; length: number; apart: boolean } {
  const dist = treeDistances(grid, open, from);
  const fx = grid.cellX[from];
  const fy = grid.cellY[from];
  const apart2 = minApart * minApart;
  // [distance, cell, side] of the best candidate in each class, best class first.
  const classes = [
    [-1, -1, -1],
    [-1, -1, -1],
    [-1, -1, -1],
  ];
  for (let i = 0; i < rim.cells.length; i++) {
    const c = rim.cells[i];
    const d = dist[c];
    if (d < 0) continue;
    const far = (grid.cellX[c] - fx) ** 2 + (grid.cellY[c] - fy) ** 2 >= apart2;
    const mask = rim.sides[c];
    const other = avoid >= 0 ? mask & ~(1 << avoid) : mask;
    const k = other !== 0 ? (far ? 0 : 1) : 2;
    const side = lowestSide(other !== 0 ? other : mask);
    if (d > classes[k][0]) classes[k] = [d, c, side];
  }
  const k = classes.findIndex((b) => b[1] >= 0);
  const best = k >= 0 ? classes[k] : [0, from, lowestSide(rim.sides[from] || 1)];
  return { cell: best[1], side: best[2], length: best[0], apart: k === 0 };
}

/**
 * Passages from `from` to every cell (-1 where unreached), by a depth-first walk: along the tree for a
 * spanning tree, where there is only one way. Linear; reads memory along the passages.
 */
function treeDistances(grid: Grid, open: Uint8Array, from: number): Int32Array {
  const { adjStart, adjCell, adjWall } = grid;
  const dist = new Int32Array(grid.cellCount).fill(-1);
  const stack = new Int32Array(grid.cellCount);
  let sp = 0;
  dist[from] = 0;
  stack[sp++] = from;
  while (sp > 0) {
    const c = stack[--sp];
    const d = dist[c] + 1;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      const m = adjCell[k];
      if (dist[m] >= 0 || open[adjWall[k]] === 0) continue;
      dist[m] = d;
      stack[sp++] = m;
    }
  }
  return dist;
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
 * Of a rim cell's outer rim walls on `side` (any outer wall if it has none there), the one facing most
 * directly away from `other` cell's centre.
 */
function outermostRimWall(grid: Grid, rim: RimInfo, cell: number, other: number, side: number): number {
  const awayX = grid.cellX[cell] - grid.cellX[other];
  let awayY = grid.cellY[cell] - grid.cellY[other];
  if (awayX === 0 && awayY === 0) awayY = -1;
  const onSide = (rim.sides[cell] >> side) & 1;
  let best = -1;
  let bestDot = -Infinity;
  for (let k = grid.rimStart[cell]; k < grid.rimStart[cell + 1]; k++) {
    const w = grid.rimWall[k];
    const s = rim.wallSide[w];
    if (s < 0 || (onSide && s !== side)) continue;
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
