import { assembleGrid, type Grid, spanWithRoom, subGrid } from './grid.js';
import { boxFrame, type Raster, sampleRaster } from './raster.js';

/**
 * Adaptive grids: coarse cells subdivided by a quadtree where a depth field asks for it — each split cuts a
 * cell into four of half the side — balanced so that cells sharing a wall differ by at most one level. A big
 * cell beside two small ones has two walls on that side, meeting at a T-junction vertex; the result is a
 * planar subdivision like every other tiling, so algorithms, solvers and drawing use it unchanged.
 *
 * Square tiling, `columns × rows` coarse cells of side 2^levels (grid units: the finest cell has side 1):
 *
 *     +-------+---+---+      a level-k cell (i, j) has side s = 2^(levels − k) and covers
 *     |       |   |   |      [i·s, (i+1)·s] × [j·s, (j+1)·s]; its walls go round it clockwise from the
 *     |   0   +---+---+      top-left corner, one wall per neighbour (two where the neighbour is split)
 *     |       | 2 | 3 |
 *     +---+---+---+---+      cells are numbered depth first: coarse cells row by row, the four children of
 *     | 4 | 5 |       |      a split cell top-left, top-right, bottom-left, bottom-right
 *     +---+---+   8   |
 *     | 6 | 7 |       |
 *     +---+---+-------+
 *
 * Triangle tiling, `columns` coarse triangles per row and `rows` rows, alternately pointing up and down, of
 * side 2^levels. A triangle splits into its three corner triangles and the upside-down one between them:
 *
 *         /\                 vertex (X, line) lies at x = X/2, y = line·√3/2 (finest side 1)
 *        /__\                a level-k triangle (a, b) of side s spans X in [(a−1)·s, (a+1)·s] and lines
 *       /\  /\               b·s to (b+1)·s; it points up when a + b is even (apex at (a·s, b·s)), down
 *      /__\/__\              otherwise (apex at (a·s, (b+1)·s)); coarse triangles have a = 1 … columns
 *
 * Linear in the number of finest positions (columns · rows · 4^levels) for the depth pyramid and in cells
 * for the rest.
 */
export type AdaptiveTiling = 'square' | 'triangle';

export interface AdaptiveOptions {
  tiling: AdaptiveTiling;
  /** Coarse cells across (triangles per row), in [1, 4096]. */
  columns: number;
  /** Coarse rows, in [1, 4096]. */
  rows: number;
  /** Subdivision levels below the coarse cells, in [0, 8]. */
  levels: number;
  /**
   * The wanted level over the grid's box (stretched over [0, width] × [0, height]), in [0, levels], sampled at
   * the centre of each finest sub-cell: a level-k cell is split when its sub-cells want more than k + ½ —
   * any of them (`pooling: max`) or all of them (`min`). Absent: no splits.
   */
  depth?: Raster;
  /** `max` (default) splits for the finest detail asked anywhere in a cell; `min` only where all of it asks. */
  pooling?: 'max' | 'min';
  /**
   * How neighbours are kept within one level of each other: `refine` (default) splits the coarser cell,
   * `coarsen` merges the finer ones (a cell never gets finer than its depth asks).
   */
  balance?: 'refine' | 'coarsen';
}

/** Most subdivision levels (a coarse cell holds at most 4^8 finest cells). */
export const MAX_LEVELS = 8;

const H = Math.sqrt(3) / 2;

/** Width and height, in grid units, of an adaptive grid's box (the finest cell has side 1). */
export function adaptiveExtent(
  tiling: AdaptiveTiling,
  columns: number,
  rows: number,
  levels: number,
): { width: number; height: number } {
  const s = 2 ** levels;
  return tiling === 'square'
    ? { width: columns * s, height: rows * s }
    : { width: ((columns + 1) / 2) * s, height: rows * s * H };
}

/**
 * Builds the adaptive grid; `keep` (one byte per cell of the built grid, in its cell order) then drops cells
 * as masks do. Cells are numbered depth first as drawn above; walls come out cell by cell, each written once.
 * @throws Error on sizes outside the documented ranges (the planner checks them first)
 */
export function buildAdaptiveGrid(options: AdaptiveOptions, keep?: Uint8Array): Grid {
  const { tiling, columns, rows, levels } = options;
  if (!(columns >= 1 && rows >= 1 && columns <= 4096 && rows <= 4096)) {
    throw new Error(`adaptive grid: columns and rows must be in [1, 4096] (got ${columns}×${rows})`);
  }
  if (!(Number.isInteger(levels) && levels >= 0 && levels <= MAX_LEVELS)) {
    throw new Error(`adaptive grid: levels must be an integer in [0, ${MAX_LEVELS}] (got ${levels})`);
  }
  const lattice =
    tiling === 'square' ? squareLattice(columns, rows, levels) : triangleLattice(columns, rows, levels);
  const grid = quadtreeGrid(lattice, options, `${tiling}`);
  return keep ? subGrid(grid, keep) : grid;
}

/**
 * One tiling's index arithmetic. Nodes of level k are numbered in [0, span(k)); some numbers may lie outside
 * the coarse cells (`exists` says which); vertices are numbered on the finest lattice by `corner`.
 */
interface Lattice {
  readonly sides: number;
  /** Every node number is a node (no `coarse` test needed). */
  readonly full: boolean;
  span(k: number): number;
  /** Level-0 nodes that are coarse cells. */
  coarse(n: number): boolean;
  parent(k: number, n: number): number;
  /** The i-th of four children, i in [0, 4). */
  child(k: number, n: number, i: number): number;
  /** The node across side i at the same level, or -1 outside the index range. */
  neighbour(k: number, n: number, i: number): number;
  /** Finest-lattice vertex number of corner i; side i runs from corner i to corner i+1. */
  corner(k: number, n: number, i: number): number;
  /** Number of vertex numbers. */
  readonly vertexSpan: number;
  vertexX(v: number): number;
  vertexY(v: number): number;
  centreX(k: number, n: number): number;
  centreY(k: number, n: number): number;
  readonly width: number;
  readonly height: number;
}

function squareLattice(columns: number, rows: number, levels: number): Lattice {
  const wk = (k: number) => columns << k;
  const hk = (k: number) => rows << k;
  const vw = (columns << levels) + 1;
  const side = (k: number) => 1 << (levels - k);
  const DX = [0, 1, 0, -1];
  const DY = [-1, 0, 1, 0];
  const CX = [0, 1, 1, 0];
  const CY = [0, 0, 1, 1];
  return {
    sides: 4,
    full: true,
    span: (k) => wk(k) * hk(k),
    coarse: () => true,
    parent(k, n) {
      const w = wk(k);
      const i = n % w;
      const j = (n - i) / w;
      return (j >> 1) * wk(k - 1) + (i >> 1);
    },
    child(k, n, c) {
      const w = wk(k);
      const i = n % w;
      const j = (n - i) / w;
      return (2 * j + (c >> 1)) * wk(k + 1) + 2 * i + (c & 1);
    },
    neighbour(k, n, s) {
      const w = wk(k);
      const i = n % w;
      const j = (n - i) / w;
      const a = i + DX[s];
      const b = j + DY[s];
      return a < 0 || b < 0 || a >= w || b >= hk(k) ? -1 : b * w + a;
    },
    corner(k, n, c) {
      const w = wk(k);
      const i = n % w;
      const j = (n - i) / w;
      const s = side(k);
      return (j + CY[c]) * s * vw + (i + CX[c]) * s;
    },
    vertexSpan: vw * ((rows << levels) + 1),
    vertexX: (v) => v % vw,
    vertexY: (v) => Math.floor(v / vw),
    centreX(k, n) {
      return ((n % wk(k)) + 0.5) * side(k);
    },
    centreY(k, n) {
      return (Math.floor(n / wk(k)) + 0.5) * side(k);
    },
    width: columns << levels,
    height: rows << levels,
  };
}

function triangleLattice(columns: number, rows: number, levels: number): Lattice {
  const ak = (k: number) => ((columns + 1) << k) + 1;
  const bk = (k: number) => rows << k;
  const vw = ((columns + 1) << levels) + 1;
  const side = (k: number) => 1 << (levels - k);
  const up = (a: number, b: number) => ((a + b) & 1) === 0;
  // Corners (in units of the node's side, relative to (a, b)) in the order the sides run.
  const UP_X = [-1, 0, 1];
  const UP_Y = [1, 0, 1];
  const DOWN_X = [-1, 1, 0];
  const DOWN_Y = [0, 0, 1];
  return {
    sides: 3,
    full: false,
    span: (k) => ak(k) * bk(k),
    coarse(n) {
      const a = n % ak(0);
      return a >= 1 && a <= columns;
    },
    parent(k, n) {
      const w = ak(k);
      const a = n % w;
      const b = (n - a) / w;
      const pb = b >> 1;
      let pa = a >> 1;
      if (a & 1) {
        // An odd child sits under a down parent on its top line and an up parent on its bottom line.
        const wantUp = (b & 1) === 1;
        pa = up((a - 1) >> 1, pb) === wantUp ? (a - 1) >> 1 : (a + 1) >> 1;
      }
      return pb * ak(k - 1) + pa;
    },
    child(k, n, c) {
      const w = ak(k);
      const a = n % w;
      const b = (n - a) / w;
      const w1 = ak(k + 1);
      if (up(a, b)) {
        // Top, then bottom-left, middle (upside down), bottom-right.
        if (c === 0) return 2 * b * w1 + 2 * a;
        return (2 * b + 1) * w1 + 2 * a + (c - 2);
      }
      // Top-left, middle (upright), top-right, then bottom.
      if (c < 3) return 2 * b * w1 + 2 * a + (c - 1);
      return (2 * b + 1) * w1 + 2 * a;
    },
    neighbour(k, n, s) {
      const w = ak(k);
      const a = n % w;
      const b = (n - a) / w;
      let na = a;
      let nb = b;
      if (up(a, b)) {
        if (s === 0) na = a - 1;
        else if (s === 1) na = a + 1;
        else nb = b + 1;
      } else if (s === 0) nb = b - 1;
      else if (s === 1) na = a + 1;
      else na = a - 1;
      return na < 0 || nb < 0 || na >= w || nb >= bk(k) ? -1 : nb * w + na;
    },
    corner(k, n, c) {
      const w = ak(k);
      const a = n % w;
      const b = (n - a) / w;
      const s = side(k);
      const isUp = up(a, b);
      const X = (a + (isUp ? UP_X[c] : DOWN_X[c])) * s;
      const line = (b + (isUp ? UP_Y[c] : DOWN_Y[c])) * s;
      return line * vw + X;
    },
    vertexSpan: vw * ((rows << levels) + 1),
    vertexX: (v) => (v % vw) / 2,
    vertexY: (v) => Math.floor(v / vw) * H,
    centreX(k, n) {
      return ((n % ak(k)) * side(k)) / 2;
    },
    centreY(k, n) {
      const w = ak(k);
      const a = n % w;
      const b = (n - a) / w;
      return (b + (up(a, b) ? 2 / 3 : 1 / 3)) * side(k) * H;
    },
    width: ((columns + 1) << levels) / 2,
    height: (rows << levels) * H,
  };
}

/** The quadtree over a lattice → leaves → walls → Grid. */
function quadtreeGrid(lat: Lattice, options: AdaptiveOptions, tiling: string): Grid {
  const { levels } = options;
  const exists = existingNodes(lat, levels);
  const split = wantedSplits(lat, options, exists);
  if (options.balance === 'coarsen') coarsenToBalance(lat, levels, exists, split);
  else refineToBalance(lat, levels, exists, split);
  return leafGrid(lat, options, tiling, exists, split, numberLeaves(lat, levels, exists, split));
}

/** Which node numbers are real nodes, level by level. */
function existingNodes(lat: Lattice, levels: number): Uint8Array[] {
  const exists: Uint8Array[] = [];
  exists.push(new Uint8Array(lat.span(0)));
  if (lat.full) exists[0].fill(1);
  else for (let n = 0; n < lat.span(0); n++) if (lat.coarse(n)) exists[0][n] = 1;
  for (let k = 0; k < levels; k++) {
    const next = new Uint8Array(lat.span(k + 1));
    const cur = exists[k];
    if (lat.full) next.fill(1);
    else {
      for (let n = 0; n < cur.length; n++) {
        if (cur[n] === 0) continue;
        for (let c = 0; c < 4; c++) next[lat.child(k, n, c)] = 1;
      }
    }
    exists.push(next);
  }
  return exists;
}

/**
 * The nodes to split, level by level: the wanted depth sampled at the finest nodes and pooled upwards (the
 * least or the most of the four children, by `pooling`); a level-k node splits above k + ½.
 */
function wantedSplits(lat: Lattice, options: AdaptiveOptions, exists: Uint8Array[]): Uint8Array[] {
  const { levels, depth } = options;
  const byMin = options.pooling === 'min';
  const split: Uint8Array[] = [];
  for (let k = 0; k <= levels; k++) split.push(new Uint8Array(lat.span(k)));
  if (depth && levels > 0) {
    let want: Float32Array;
    if (lat.full && depth.width === lat.width && depth.height === lat.height) {
      // One pixel per finest square: the centre sample is the pixel itself.
      want = depth.data;
    } else {
      const frame = boxFrame(lat.width, lat.height);
      want = new Float32Array(lat.span(levels));
      const finest = exists[levels];
      for (let n = 0; n < want.length; n++) {
        if (finest[n] !== 0)
          want[n] = sampleRaster(depth, frame, lat.centreX(levels, n), lat.centreY(levels, n));
      }
    }
    for (let k = levels - 1; k >= 0; k--) {
      const pooled = new Float32Array(lat.span(k));
      const ex = exists[k];
      const sp = split[k];
      for (let n = 0; n < pooled.length; n++) {
        if (ex[n] === 0) continue;
        let m = want[lat.child(k, n, 0)];
        for (let c = 1; c < 4; c++) {
          const v = want[lat.child(k, n, c)];
          m = byMin ? Math.min(m, v) : Math.max(m, v);
        }
        pooled[n] = m;
        if (m > k + 0.5) sp[n] = 1;
      }
      want = pooled;
    }
  }
  return split;
}

/** The leaves, numbered depth first from the coarse cells in order: each one's id, level and node. */
interface Leaves {
  /** Per level, each node's cell id, or -1 for a node that is no leaf. */
  leafId: Int32Array[];
  leafLevel: number[];
  leafNode: number[];
  cellCount: number;
}

function numberLeaves(lat: Lattice, levels: number, exists: Uint8Array[], split: Uint8Array[]): Leaves {
  // Leaves, depth first from the coarse cells in order.
  const leafId: Int32Array[] = [];
  for (let k = 0; k <= levels; k++) leafId.push(new Int32Array(lat.span(k)).fill(-1));
  let cellCount = 0;
  const stackK: number[] = [];
  const stackN: number[] = [];
  const leafLevel: number[] = [];
  const leafNode: number[] = [];
  for (let n0 = 0; n0 < lat.span(0); n0++) {
    if (exists[0][n0] === 0) continue;
    stackK.push(0);
    stackN.push(n0);
    while (stackK.length > 0) {
      const k = stackK.pop() as number;
      const n = stackN.pop() as number;
      if (split[k][n] !== 0) {
        for (let c = 3; c >= 0; c--) {
          stackK.push(k + 1);
          stackN.push(lat.child(k, n, c));
        }
      } else {
        leafId[k][n] = cellCount++;
        leafLevel.push(k);
        leafNode.push(n);
      }
    }
  }
  return { leafId, leafLevel, leafNode, cellCount };
}

/**
 * The grid of the leaves: each leaf's walls in side order, a wall between leaves of one size written by the
 * lower-numbered one and a wall along a bigger leaf by the two smaller cells across it, corners numbered as
 * they are first met.
 */
function leafGrid(
  lat: Lattice,
  options: AdaptiveOptions,
  tiling: string,
  exists: Uint8Array[],
  split: Uint8Array[],
  { leafId, leafLevel, leafNode, cellCount }: Leaves,
): Grid {
  const { levels, columns, rows } = options;
  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  const cap = cellCount * lat.sides;
  const wallCellA = new Int32Array(cap);
  const wallCellB = new Int32Array(cap);
  const wallV0 = new Int32Array(cap);
  const wallV1 = new Int32Array(cap);
  const vertexId = new Int32Array(lat.vertexSpan).fill(-1);
  // A planar subdivision of a disc has V = E − F + 1 ≤ E + 1 vertices.
  const vx = new Float64Array(cap + 1);
  const vy = new Float64Array(cap + 1);
  let vertexCount = 0;
  const vertex = (key: number): number => {
    let id = vertexId[key];
    if (id < 0) {
      id = vertexId[key] = vertexCount++;
      vx[id] = lat.vertexX(key);
      vy[id] = lat.vertexY(key);
    }
    return id;
  };
  let m = 0;
  // The coarsest level of a cell that writes a wall: a wall is always a whole side of the cell writing it
  // (a split neighbour writes the halves), so that cell's side is the longest wall's length.
  let coarsest = levels;
  for (let c = 0; c < cellCount; c++) {
    const k = leafLevel[c];
    const n = leafNode[c];
    cellX[c] = lat.centreX(k, n);
    cellY[c] = lat.centreY(k, n);
    for (let s = 0; s < lat.sides; s++) {
      const across = lat.neighbour(k, n, s);
      let other = -1;
      if (across >= 0 && exists[k][across] !== 0) {
        const same = leafId[k][across];
        if (same >= 0) {
          if (across < n) continue; // the same-size neighbour with the lower number wrote it
          other = same;
        } else if (split[k][across] !== 0) {
          continue; // the two smaller cells across write the two halves
        } else {
          other = leafId[k - 1][lat.parent(k, across)]; // one bigger cell across (balance: one level up)
          if (other < 0) throw new Error('internal: adaptive grid is not balanced');
        }
      }
      wallCellA[m] = c;
      wallCellB[m] = other;
      wallV0[m] = vertex(lat.corner(k, n, s));
      wallV1[m] = vertex(lat.corner(k, n, (s + 1) % lat.sides));
      m++;
      if (k < coarsest) coarsest = k;
    }
  }
  return assembleGrid({
    topology: `adaptive-${tiling}`,
    sizeLabel: `${columns}×${rows}/${levels}`,
    cellCount,
    cellX,
    cellY,
    wallCount: m,
    wallCellA: wallCellA.slice(0, m),
    wallCellB: wallCellB.slice(0, m),
    wallV0: wallV0.slice(0, m),
    wallV1: wallV1.slice(0, m),
    vertexX: vx.slice(0, vertexCount),
    vertexY: vy.slice(0, vertexCount),
    width: lat.width,
    height: lat.height,
    // A side of length s spans s along x (a square's along y too; a triangle's slanted sides s/2 by s·√3/2).
    wallSpan: spanWithRoom(2 ** (levels - coarsest), lat.width + lat.height),
  });
}

/** 2:1 balance, finest first: a split node needs its parent and its side neighbours to exist as nodes. */
function refineToBalance(lat: Lattice, levels: number, exists: Uint8Array[], split: Uint8Array[]): void {
  for (let k = levels - 1; k >= 1; k--) {
    const sp = split[k];
    const ex = exists[k];
    const up = split[k - 1];
    for (let n = 0; n < sp.length; n++) {
      if (sp[n] === 0) continue;
      up[lat.parent(k, n)] = 1;
      for (let s = 0; s < lat.sides; s++) {
        const m = lat.neighbour(k, n, s);
        if (m >= 0 && ex[m] !== 0) up[lat.parent(k, m)] = 1;
      }
    }
  }
}

/**
 * 2:1 balance, coarsest first: beside a leaf of level k, the children of a split neighbour that touch the
 * leaf are kept whole (level k + 1), which can only merge cells, never split them.
 */
function coarsenToBalance(lat: Lattice, levels: number, exists: Uint8Array[], split: Uint8Array[]): void {
  for (let k = 0; k + 2 <= levels; k++) {
    // Levels up to k hold only real splits (a split node's parent is split): iteration k − 1 may have merged
    // nodes of level k, so drop the splits of level k that now sit under a whole node.
    if (k > 0) clearOrphanSplits(lat, split, k);
    const sp = split[k];
    const ex = exists[k];
    for (let n = 0; n < sp.length; n++) {
      // Leaves of level k: real nodes that are not split.
      if (ex[n] === 0 || sp[n] !== 0 || (k > 0 && split[k - 1][lat.parent(k, n)] === 0)) continue;
      for (let s = 0; s < lat.sides; s++) {
        const m = lat.neighbour(k, n, s);
        if (m < 0 || ex[m] === 0 || sp[m] === 0) continue;
        for (let c = 0; c < 4; c++) {
          const child = lat.child(k, m, c);
          if (split[k + 1][child] !== 0 && touches(lat, k + 1, child, n)) split[k + 1][child] = 0;
        }
      }
    }
  }
  for (let k = 1; k <= levels; k++) clearOrphanSplits(lat, split, k);
}

/** Clears the splits of level-k nodes whose parent is not split (unreachable from the coarse cells). */
function clearOrphanSplits(lat: Lattice, split: Uint8Array[], k: number): void {
  const sp = split[k];
  const up = split[k - 1];
  for (let n = 0; n < sp.length; n++) if (sp[n] !== 0 && up[lat.parent(k, n)] === 0) sp[n] = 0;
}

/** Whether a level-k node shares a side with the level-(k − 1) node `big`. */
function touches(lat: Lattice, k: number, n: number, big: number): boolean {
  for (let s = 0; s < lat.sides; s++) {
    const m = lat.neighbour(k, n, s);
    if (m >= 0 && lat.parent(k, m) === big) return true;
  }
  return false;
}
