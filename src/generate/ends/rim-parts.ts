import { type Grid, rimNormal, wallMidpoint } from '../../grid/grid.js';
import { disjointSets } from '../disjoint-sets.js';
import { runaway, stepBudget } from '../watchdog.js';

/**
 * The outer rim of a maze and its eight parts (the middles of the four sides and the four corners), where
 * openings go: which rim walls are outer, which part each is in, and a rim cell's wall facing a way.
 */

/**
 * One of the eight parts of a maze's outer rim, by where it lies around the middle of the maze's box: the
 * middles of the four sides and the four corners (see `rimPart`).
 */
export type RimPart =
  | 'top'
  | 'top-right'
  | 'right'
  | 'bottom-right'
  | 'bottom'
  | 'bottom-left'
  | 'left'
  | 'top-left';

/** Parts clockwise from the top: a part's code is its index, and opposite parts differ by 4. */
const PARTS: readonly RimPart[] = [
  'top',
  'top-right',
  'right',
  'bottom-right',
  'bottom',
  'bottom-left',
  'left',
  'top-left',
];

/** Steps between two parts round the rim, 0 to 4 (4: opposite). */
export const apartParts = (a: number, b: number): number => {
  const d = Math.abs(a - b);
  return d > 4 ? 8 - d : d;
};

/**
 * The part of the rim an outer rim wall is in, by where its middle lies around the middle of the maze's
 * box: the box is stretched to a square, and the turn from straight up to the wall's middle, rounded to
 * eighths of a full turn, names the part (top, top-right, right, …). On a rectangle the middle 41 % of each
 * side is that side's part and the rest are the corners; on a circle the parts are eight equal arcs.
 * Undefined for walls that are not on the outer rim.
 */
export function rimPart(grid: Grid, wall: number): RimPart | undefined {
  const code = rimInfo(grid).wallPart[wall] - 1;
  return code >= 0 ? PARTS[code] : undefined;
}

/** Per grid: which rim walls are outer and in which part, and the rim cells with the parts they touch. */
export interface RimInfo {
  /** Per wall: the part code + 1 of an outer rim wall, 0 for every other wall. */
  wallPart: Uint8Array;
  /** Cells with at least one outer rim wall, ascending. */
  cells: Int32Array;
  /** Per cell: a bit (1 << part code) for each part its outer rim walls are in. */
  parts: Uint8Array;
}

const rimCache = new WeakMap<Grid, RimInfo>();

/**
 * The grid's `RimInfo`, made once per grid. Reads only the rim walls: the per-wall and per-cell arrays are
 * left as allocated (zero) elsewhere, which costs next to nothing on a million cells.
 */
export function rimInfo(grid: Grid): RimInfo {
  const hit = rimCache.get(grid);
  if (hit) return hit;
  const outer = outerRimWalls(grid);
  const wallPart = new Uint8Array(grid.wallCount);
  const parts = new Uint8Array(grid.cellCount);
  // Rim cells as their outer walls come, sorted below.
  const order = new Int32Array(grid.rimWall.length);
  const cx = grid.width / 2;
  const cy = grid.height / 2;
  const sx = 1 / (cx || 1);
  const sy = 1 / (cy || 1);
  let count = 0;
  for (let k = 0; k < grid.rimWall.length; k++) {
    const w = grid.rimWall[k];
    if (!outer[w]) continue;
    const [mx, my] = wallMidpoint(grid, w);
    // Clockwise from straight up (y grows downwards), in eighths of a turn.
    const turn = Math.atan2((mx - cx) * sx, (cy - my) * sy) / (Math.PI / 4);
    const code = (Math.round(turn) + 8) % 8;
    wallPart[w] = code + 1;
    const c = grid.wallCellA[w];
    if (parts[c] === 0) order[count++] = c;
    parts[c] |= 1 << code;
  }
  const cells = order.slice(0, count).sort();
  const info = { wallPart, cells, parts };
  rimCache.set(grid, info);
  return info;
}

/** The lowest part code of a mask of parts. */
export const lowestPart = (mask: number): number => 31 - Math.clz32(mask & -mask);

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
  const { rimWall: rim, wallV0, wallV1, vertexX, vertexY } = grid;
  const n = rim.length;
  // Rim walls joined at shared vertices: the ends of the rim walls sorted by vertex (then by rim wall), and
  // each joined to the first at its vertex. Only the groups matter, not the order of the joins.
  const sets = disjointSets(n, stepBudget(grid, 16), () => runaway('outer rim', grid, 16));
  // Keys vertex · span + rim wall, exact in a double; span a power of two, so the division is exact too.
  const span = 2 ** Math.ceil(Math.log2(n + 1));
  const ends = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    ends[2 * i] = wallV0[rim[i]] * span + i;
    ends[2 * i + 1] = wallV1[rim[i]] * span + i;
  }
  ends.sort();
  for (let j = 0, first = 0, at = -1; j < 2 * n; j++) {
    const v = Math.floor(ends[j] / span);
    const i = ends[j] - v * span;
    if (v !== at) {
      at = v;
      first = i;
    } else sets.union(i, first);
  }
  // Each group's bounding box (kept at its root): min x, min y, max x, max y.
  const box = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) {
    box[4 * i] = box[4 * i + 1] = Infinity;
    box[4 * i + 2] = box[4 * i + 3] = -Infinity;
  }
  for (let i = 0; i < n; i++) {
    const b = 4 * sets.find(i);
    for (let e = 0; e < 2; e++) {
      const v = e === 0 ? wallV0[rim[i]] : wallV1[rim[i]];
      box[b] = Math.min(box[b], vertexX[v]);
      box[b + 1] = Math.min(box[b + 1], vertexY[v]);
      box[b + 2] = Math.max(box[b + 2], vertexX[v]);
      box[b + 3] = Math.max(box[b + 3], vertexY[v]);
    }
  }
  // The largest box; among equals the group met first in rim order.
  let outer = -1;
  let best = -1;
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const r = sets.find(i);
    if (seen[r] !== 0) continue;
    seen[r] = 1;
    const area = (box[4 * r + 2] - box[4 * r]) * (box[4 * r + 3] - box[4 * r + 1]);
    if (area > best + 1e-9) {
      best = area;
      outer = r;
    }
  }
  for (let i = 0; i < n; i++) if (sets.find(i) === outer) out[rim[i]] = 1;
  outerCache.set(grid, out);
  return out;
}

/**
 * Of a rim cell's outer rim walls in rim part `part` (any outer wall if it has none there), the one facing
 * most directly away from `other` cell's centre.
 */
export function outermostRimWall(
  grid: Grid,
  rim: RimInfo,
  cell: number,
  other: number,
  part: number,
): number {
  const awayX = grid.cellX[cell] - grid.cellX[other];
  let awayY = grid.cellY[cell] - grid.cellY[other];
  if (awayX === 0 && awayY === 0) awayY = -1;
  const inPart = (rim.parts[cell] >> part) & 1;
  let best = -1;
  let bestDot = -Infinity;
  for (let k = grid.rimStart[cell]; k < grid.rimStart[cell + 1]; k++) {
    const w = grid.rimWall[k];
    const p = rim.wallPart[w] - 1;
    if (p < 0 || (inPart && p !== part)) continue;
    const [nx, ny] = rimNormal(grid, w);
    const dot = nx * awayX + ny * awayY;
    if (dot > bestDot + 1e-9) {
      bestDot = dot;
      best = w;
    }
  }
  return best;
}
