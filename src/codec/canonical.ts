import { createHash, type Hash } from 'node:crypto';
import type { Maze } from '../generate/maze.js';
import type { Grid } from '../grid/grid.js';
import { POINT_TOLERANCE, pointIndex } from './point-index.js';

/**
 * A symmetry of a grid: where each cell and wall goes. Built only when the map takes the grid onto itself,
 * so a mapped maze uses the same cell and wall numbers.
 */
export interface GridSymmetry {
  cell: Int32Array;
  wall: Int32Array;
}

/**
 * One of the eight symmetries of a rectangle, on coordinates (u, v) centred on the grid's box: first swap
 * u and v (a diagonal reflection), then negate either. The first four keep the box's orientation.
 */
const MAPS: readonly { swap: boolean; negU: boolean; negV: boolean }[] = [
  { swap: false, negU: false, negV: false },
  { swap: false, negU: true, negV: false },
  { swap: false, negU: false, negV: true },
  { swap: false, negU: true, negV: true },
  { swap: true, negU: false, negV: false },
  { swap: true, negU: true, negV: false },
  { swap: true, negU: false, negV: true },
  { swap: true, negU: true, negV: true },
];

type PointLookup = (x: number, y: number) => number;

/** Same point as `pointIndex` matches them: within its tolerance along each axis. */
const near = (a: number, b: number): boolean => Math.abs(a - b) <= POINT_TOLERANCE;

const symmetryCache = new WeakMap<Grid, GridSymmetry[]>();

/**
 * The symmetries of the grid's bounding box that map the grid onto itself: of the eight symmetries of a
 * rectangle (identity, the two reflections, the half turn; and when the box is square the two diagonal
 * reflections and the quarter turns), those that send every vertex, cell centre and wall onto one of the
 * grid's own. The identity always comes first. Computed once per grid (the arrays are shared: do not
 * modify them); linear in cells + walls + vertices per candidate map.
 *
 * - square: all 8 when columns = rows, 4 otherwise (a masked grid keeps those its mask shares);
 * - hex, triangle, octagon: those the lattice and size allow (e.g. a pointy hex grid of odd rows
 *   reflects east/west only when every other row lines up again);
 * - circle: the reflections and turns by quarter turns (every ring's wedge count is a multiple of 4), not
 *   the finer rotations by one wedge.
 */
export function gridSymmetries(grid: Grid): GridSymmetry[] {
  const hit = symmetryCache.get(grid);
  if (hit) return hit;
  const found = findSymmetries(grid);
  symmetryCache.set(grid, found);
  return found;
}

function findSymmetries(grid: Grid): GridSymmetry[] {
  const { width: W, height: H, cellCount, wallCount, vertexCount } = grid;
  const { wallCellA, wallCellB, wallV0, wallV1, wallArc } = grid;
  const identity: GridSymmetry = { cell: new Int32Array(cellCount), wall: new Int32Array(wallCount) };
  for (let c = 0; c < cellCount; c++) identity.cell[c] = c;
  for (let w = 0; w < wallCount; w++) identity.wall[w] = w;
  const found: GridSymmetry[] = [identity];
  const square = Math.abs(W - H) < 1e-9 * Math.max(1, W);
  const maps = square ? MAPS.length : 4;
  if (maps === 1) return found;
  const cx = W / 2;
  const cy = H / 2;
  const vertexAt = pointIndex(grid.vertexX, grid.vertexY);
  const cellAt = pointIndex(grid.cellX, grid.cellY);
  // Walls by vertex (CSR), to find the wall joining two mapped vertices.
  const start = new Int32Array(vertexCount + 1);
  for (let w = 0; w < wallCount; w++) {
    start[wallV0[w] + 1]++;
    start[wallV1[w] + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const fill = start.slice(0, vertexCount);
  const incident = new Int32Array(start[vertexCount]);
  for (let w = 0; w < wallCount; w++) {
    incident[fill[wallV0[w]]++] = w;
    incident[fill[wallV1[w]]++] = w;
  }
  const wallBetween = (a: number, b: number, arc: number): number => {
    for (let k = start[a]; k < start[a + 1]; k++) {
      const m = incident[k];
      const other = wallV0[m] === a ? wallV1[m] : wallV0[m];
      if (other === b && (wallArc ? wallArc[m] : 0) === arc) return m;
    }
    return -1;
  };
  const vertex = new Int32Array(vertexCount);
  for (let i = 1; i < maps; i++) {
    const { swap, negU, negV } = MAPS[i];
    // The image of each point, looked up among the grid's own points. Images of consecutive points are
    // usually a fixed step apart (a row read backwards, a column), so the step is tried first and the
    // index asked only when it misses: memory is then read in order, even for a million cells.
    const mapPoints = (xs: Float64Array, ys: Float64Array, at: PointLookup, out: Int32Array): boolean => {
      let prev = 0;
      let step = 0;
      for (let p = 0; p < xs.length; p++) {
        let u = xs[p] - cx;
        let v = ys[p] - cy;
        if (swap) {
          const t = u;
          u = v;
          v = t;
        }
        if (negU) u = -u;
        if (negV) v = -v;
        const x = u + cx;
        const y = v + cy;
        const guess = prev + step;
        const m =
          guess >= 0 && guess < xs.length && near(xs[guess], x) && near(ys[guess], y) ? guess : at(x, y);
        if (m < 0) return false;
        out[p] = m;
        step = m - prev;
        prev = m;
      }
      return true;
    };
    if (!mapPoints(grid.vertexX, grid.vertexY, vertexAt, vertex)) continue;
    const cell = new Int32Array(cellCount);
    if (!mapPoints(grid.cellX, grid.cellY, cellAt, cell)) continue;
    const wall = new Int32Array(wallCount);
    let ok = true;
    let prev = 0;
    let step = 0;
    for (let w = 0; w < wallCount && ok; w++) {
      const v0 = vertex[wallV0[w]];
      const v1 = vertex[wallV1[w]];
      const arc = wallArc ? wallArc[w] : 0;
      const guess = prev + step;
      const m =
        guess >= 0 &&
        guess < wallCount &&
        ((wallV0[guess] === v0 && wallV1[guess] === v1) || (wallV0[guess] === v1 && wallV1[guess] === v0)) &&
        (wallArc ? wallArc[guess] : 0) === arc
          ? guess
          : wallBetween(v0, v1, arc);
      wall[w] = m;
      step = m - prev;
      prev = m;
      const b = wallCellB[w];
      const a = cell[wallCellA[w]];
      ok =
        m >= 0 &&
        (b < 0
          ? wallCellB[m] < 0 && wallCellA[m] === a
          : (wallCellA[m] === a && wallCellB[m] === cell[b]) ||
            (wallCellA[m] === cell[b] && wallCellB[m] === a));
    }
    if (ok) found.push({ cell, wall });
  }
  return found;
}

/**
 * The maze moved by a symmetry of its grid (same grid, same numbering): open walls, one-way directions,
 * entry and exit follow.
 */
export function applySymmetry(maze: Maze, s: GridSymmetry): Maze {
  const { grid, open, oneWay } = maze;
  const mapped = new Uint8Array(grid.wallCount);
  const mappedOneWay = oneWay ? new Int8Array(grid.wallCount) : undefined;
  for (let w = 0; w < grid.wallCount; w++) {
    const m = s.wall[w];
    mapped[m] = open[w];
    if (mappedOneWay && oneWay && oneWay[w] !== 0) mappedOneWay[m] = mappedDirection(grid, s, oneWay, w, m);
  }
  return {
    grid,
    open: mapped,
    entryWall: maze.entryWall >= 0 ? s.wall[maze.entryWall] : -1,
    exitWall: maze.exitWall >= 0 ? s.wall[maze.exitWall] : -1,
    entryCell: s.cell[maze.entryCell],
    exitCell: s.cell[maze.exitCell],
    ...(mappedOneWay ? { oneWay: mappedOneWay } : {}),
  };
}

/** The one-way direction of wall w's image m: the cell the passage is left from keeps that role. */
function mappedDirection(grid: Grid, s: GridSymmetry, oneWay: Int8Array, w: number, m: number): number {
  const from = s.cell[oneWay[w] > 0 ? grid.wallCellA[w] : grid.wallCellB[w]];
  return grid.wallCellA[m] === from ? 1 : -1;
}

/**
 * A hash (64 hex digits, SHA-256) of the maze that is the same for every copy of it under the symmetries of
 * its grid (`gridSymmetries`: for a square grid the reflections and turns that fit it): the Finger Maze
 * standard form, generalised. Each symmetric copy is written as bytes — entry, exit, then one byte per wall
 * (0 standing, 1 open, 2 one-way first → second cell, 3 one-way back) — and the lexicographically smallest
 * is hashed together with the grid itself (topology, size, cells, walls and their geometry), so different
 * grids never share a hash. Mazegram letters are not part of it.
 *
 * The copies are compared packed (one bit a wall, two with one-way passages, first wall in the highest
 * bit), one pass over the walls per symmetry; the grid's part of the hash is computed once per grid.
 */
export function canonicalHash(maze: Maze): string {
  const hit = hashes.get(maze);
  if (hit) return hit;
  const hash = computeCanonicalHash(maze);
  hashes.set(maze, hash);
  return hash;
}

/** Hashes already computed: book checks and the lockfile both ask for every puzzle's. */
const hashes = new WeakMap<Maze, string>();

function computeCanonicalHash(maze: Maze): string {
  const { grid, open, oneWay } = maze;
  const n = grid.wallCount;
  const bits = oneWay ? 2 : 1;
  const words = Math.ceil((n * bits) / 32);
  let best = new Uint32Array(words);
  let current = new Uint32Array(words);
  let bestHead: number[] | undefined;
  for (const s of gridSymmetries(grid)) {
    // The 16 header bytes as four big-endian int32s: compared unsigned, as the bytes would be.
    const head = [
      maze.entryWall >= 0 ? s.wall[maze.entryWall] : -1,
      s.cell[maze.entryCell],
      maze.exitWall >= 0 ? s.wall[maze.exitWall] : -1,
      s.cell[maze.exitCell],
    ];
    let order = bestHead === undefined ? -1 : compareHeads(head, bestHead);
    if (order > 0) continue;
    current.fill(0);
    for (let w = 0; w < n; w++) {
      if (open[w] === 0) continue;
      const m = s.wall[w];
      const code =
        oneWay === undefined || oneWay[w] === 0 ? 1 : mappedDirection(grid, s, oneWay, w, m) > 0 ? 2 : 3;
      const bit = m * bits;
      current[bit >>> 5] |= (code << (32 - bits - (bit & 31))) >>> 0;
    }
    if (order === 0) order = compareWords(current, best);
    if (order < 0) {
      [best, current] = [current, best];
      bestHead = head;
    }
  }
  const bytes = new Uint8Array(16 + n);
  const view = new DataView(bytes.buffer);
  // Big-endian so that byte order is numeric order; a wall end sorts before a cell end.
  const head = bestHead ?? [maze.entryWall, maze.entryCell, maze.exitWall, maze.exitCell];
  for (let i = 0; i < 4; i++) view.setInt32(4 * i, head[i]);
  for (let m = 0; m < n; m++) {
    const bit = m * bits;
    bytes[16 + m] = (best[bit >>> 5] >>> (32 - bits - (bit & 31))) & ((1 << bits) - 1);
  }
  return gridHash(grid).copy().update(bytes).digest('hex');
}

const gridHashes = new WeakMap<Grid, Hash>();

/** The grid's part of the canonical hash, fed once per grid and copied for each maze on it. */
function gridHash(grid: Grid): Hash {
  const hit = gridHashes.get(grid);
  if (hit) return hit;
  const hash = createHash('sha256');
  hash.update(
    `mazebook-canonical-1\n${grid.topology}\n${grid.sizeLabel}\n${grid.cellCount}\n${grid.wallCount}\n`,
  );
  for (const a of [grid.wallCellA, grid.wallCellB, grid.wallV0, grid.wallV1]) hash.update(littleEndian(a));
  // Coordinates in millionths of a grid unit, wrapped to int32 as an Int32Array stores them.
  const scaled = new Int32Array(Math.max(grid.cellCount, grid.vertexCount));
  for (const a of [grid.cellX, grid.cellY, grid.vertexX, grid.vertexY]) {
    for (let i = 0; i < a.length; i++) scaled[i] = Math.round(a[i] * 1e6);
    hash.update(littleEndian(scaled.subarray(0, a.length)));
  }
  if (grid.wallArc) hash.update(grid.wallArc);
  gridHashes.set(grid, hash);
  return hash;
}

function compareHeads(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i] >>> 0 < b[i] >>> 0 ? -1 : 1;
  return 0;
}

function compareWords(a: Uint32Array, b: Uint32Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** The int32s as little-endian bytes: a view of the array itself on little-endian machines. */
function littleEndian(a: Int32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const out = new Uint8Array(a.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < a.length; i++) view.setInt32(i * 4, a[i], true);
  return out;
}
