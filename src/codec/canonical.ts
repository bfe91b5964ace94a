import { createHash, type Hash } from 'node:crypto';
import type { Maze } from '../generate/maze.js';
import { circleNumbering } from '../grid/circle.js';
import type { Grid } from '../grid/grid.js';
import { plainGrid } from '../grid/weave.js';
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
  const found = grid.wallUnder ? weaveSymmetries(grid) : findSymmetries(grid);
  symmetryCache.set(grid, found);
  return found;
}

/**
 * The symmetries of a weave grid: those of the grid it was built from (under-passages share their geometry
 * with ordinary walls, so they are not found by position), each under-passage a–c going to the one between
 * the images of a and c.
 */
function weaveSymmetries(grid: Grid): GridSymmetry[] {
  const plain = plainGrid(grid);
  const { adjStart, adjCell, adjWall, wallCount, wallCellA, wallCellB } = grid;
  const wallUnder = grid.wallUnder as Int32Array;
  const out: GridSymmetry[] = [];
  for (const s of gridSymmetries(plain)) {
    const wall = new Int32Array(wallCount);
    wall.set(s.wall);
    let ok = true;
    for (let t = plain.wallCount; t < wallCount && ok; t++) {
      const a = s.cell[wallCellA[t]];
      const c = s.cell[wallCellB[t]];
      let image = -1;
      for (let k = adjStart[a]; k < adjStart[a + 1]; k++)
        if (adjCell[k] === c && wallUnder[adjWall[k]] >= 0) image = adjWall[k];
      wall[t] = image;
      ok = image >= 0;
    }
    if (ok) out.push({ cell: s.cell, wall });
  }
  return out;
}

function findSymmetries(grid: Grid): GridSymmetry[] {
  const lattice = fullSquareSymmetries(grid);
  if (lattice) return lattice;
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
  // An unmasked octagon or circle grid's points map by formula; any other grid's are looked up (indexes made once).
  const latticeMaps = octagonLattice(grid) ?? circleLattice(grid);
  let vertexAt: PointLookup | undefined;
  let cellAt: PointLookup | undefined;
  const { adjStart, adjCell, adjWall, rimStart, rimWall } = grid;
  // The wall of cell c joining vertices v0 and v1 (either way round, same arc flag): one towards cell d, or
  // on the rim when d is -1; -1 when there is none. A cell's few walls lie together, so this reads little.
  const joins = (m: number, v0: number, v1: number, arc: number): boolean =>
    ((wallV0[m] === v0 && wallV1[m] === v1) || (wallV0[m] === v1 && wallV1[m] === v0)) &&
    (wallArc ? wallArc[m] : 0) === arc;
  const wallOfCell = (c: number, d: number, v0: number, v1: number, arc: number): number => {
    if (d < 0) {
      for (let k = rimStart[c]; k < rimStart[c + 1]; k++)
        if (joins(rimWall[k], v0, v1, arc)) return rimWall[k];
      return -1;
    }
    for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
      if (adjCell[k] === d && joins(adjWall[k], v0, v1, arc)) return adjWall[k];
    }
    return -1;
  };
  const vertex = new Int32Array(vertexCount);
  const byMap: (GridSymmetry | undefined)[] = [identity];
  for (let i = 1; i < maps; i++) {
    // The half turn is one reflection after the other, and a diagonal reflection followed by a negation is
    // MAPS[i - 4] after MAPS[4]: when both factors map the grid onto itself so does their product, and its
    // cell and wall maps are theirs composed (gathered in one pass, where checking it afresh reads the
    // walls out of order, slow on a large grid).
    const first = i === 3 ? byMap[2] : i > 4 ? byMap[4] : undefined;
    const then = i === 3 ? byMap[1] : i > 4 ? byMap[i - 4] : undefined;
    if (first && then) {
      const composed: GridSymmetry = { cell: new Int32Array(cellCount), wall: new Int32Array(wallCount) };
      for (let c = 0; c < cellCount; c++) composed.cell[c] = then.cell[first.cell[c]];
      for (let w = 0; w < wallCount; w++) composed.wall[w] = then.wall[first.wall[w]];
      byMap[i] = composed;
      found.push(composed);
      continue;
    }
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
    const cell = new Int32Array(cellCount);
    if (latticeMaps) {
      latticeMaps(MAPS[i], vertex, cell);
    } else {
      vertexAt ??= pointIndex(grid.vertexX, grid.vertexY);
      if (!mapPoints(grid.vertexX, grid.vertexY, vertexAt, vertex)) continue;
      cellAt ??= pointIndex(grid.cellX, grid.cellY);
      if (!mapPoints(grid.cellX, grid.cellY, cellAt, cell)) continue;
    }
    const wall = new Int32Array(wallCount);
    let ok = true;
    let prev = 0;
    let step = 0;
    for (let w = 0; w < wallCount && ok; w++) {
      const v0 = vertex[wallV0[w]];
      const v1 = vertex[wallV1[w]];
      const arc = wallArc ? wallArc[w] : 0;
      const guess = prev + step;
      const b = wallCellB[w];
      const a = cell[wallCellA[w]];
      const m =
        guess >= 0 &&
        guess < wallCount &&
        ((wallV0[guess] === v0 && wallV1[guess] === v1) || (wallV0[guess] === v1 && wallV1[guess] === v0)) &&
        (wallArc ? wallArc[guess] : 0) === arc
          ? guess
          : wallOfCell(a, b < 0 ? -1 : cell[b], v0, v1, arc);
      wall[w] = m;
      step = m - prev;
      prev = m;
      ok =
        m >= 0 &&
        (b < 0
          ? wallCellB[m] < 0 && wallCellA[m] === a
          : (wallCellA[m] === a && wallCellB[m] === cell[b]) ||
            (wallCellA[m] === cell[b] && wallCellB[m] === a));
    }
    if (ok) {
      const symmetry: GridSymmetry = { cell, wall };
      byMap[i] = symmetry;
      found.push(symmetry);
    }
  }
  return found;
}

/**
 * For an unmasked octagon grid (numbered as `src/grid/octagon.ts` numbers it: octagon j·columns + i, then
 * square columns·rows + q·(columns − 1) + p; corners on horizontal lines, two per octagon and line, then on
 * vertical lines, two per octagon and line), a function writing where a map of `MAPS` sends every vertex and
 * cell — what looking each image up finds, by formula. The caller still checks every wall. Undefined for
 * any other grid, which is told by checking every point against the formula (one pass in order).
 */
function octagonLattice(
  grid: Grid,
): ((map: (typeof MAPS)[number], vertex: Int32Array, cell: Int32Array) => void) | undefined {
  const { width: C, height: R, cellCount, vertexCount, vertexX, vertexY, cellX, cellY } = grid;
  if (grid.topology !== 'octagon' || grid.wallArc || !Number.isInteger(C) || !Number.isInteger(R)) return;
  const octagons = C * R;
  const hCount = (R + 1) * 2 * C;
  if (cellCount !== octagons + (C - 1) * (R - 1) || vertexCount !== hCount + (C + 1) * 2 * R) return;
  // A corner's offset along its line from the lattice point before it (s = 0 or 1): the octagons' cut.
  const cut = vertexX[0];
  const off = (s: number) => (s === 0 ? cut : 1 - cut);
  for (let j = 0, v = 0; j <= R; j++) {
    for (let i = 0; i < C; i++) {
      for (let s = 0; s < 2; s++, v++) if (!near(vertexX[v], i + off(s)) || !near(vertexY[v], j)) return;
    }
  }
  for (let i = 0, v = hCount; i <= C; i++) {
    for (let j = 0; j < R; j++) {
      for (let s = 0; s < 2; s++, v++) if (!near(vertexX[v], i) || !near(vertexY[v], j + off(s))) return;
    }
  }
  for (let c = 0; c < cellCount; c++) {
    const sq = c >= octagons;
    const k = sq ? c - octagons : c;
    const across = sq ? C - 1 : C;
    const x = (k % across) + (sq ? 1 : 0.5);
    const y = Math.floor(k / across) + (sq ? 1 : 0.5);
    if (!near(cellX[c], x) || !near(cellY[c], y)) return;
  }
  return ({ swap, negU, negV }, vertex, cell) => {
    // A point (x, y) goes to (x', y'): swap, then reflect within the box (square when swapping).
    // Corner on a horizontal line y = j at x = i + off(s) (h), or on a vertical line x = i at y = j + off(s).
    const corner = (h: boolean, i: number, j: number, s: number): number => {
      let H = h;
      let I = i;
      let J = j;
      if (swap) {
        H = !h;
        I = j;
        J = i;
      }
      // Along its line a corner reflects to the other corner of the mirrored octagon; across, the line moves.
      if (negU) {
        if (H) I = C - 1 - I;
        else I = C - I;
      }
      if (negV) {
        if (H) J = R - J;
        else J = R - 1 - J;
      }
      const S = (H ? negU : negV) ? 1 - s : s;
      return H ? J * 2 * C + 2 * I + S : hCount + I * 2 * R + 2 * J + S;
    };
    for (let j = 0, v = 0; j <= R; j++) {
      for (let i = 0; i < C; i++) for (let s = 0; s < 2; s++) vertex[v++] = corner(true, i, j, s);
    }
    for (let i = 0, v = hCount; i <= C; i++) {
      for (let j = 0; j < R; j++) for (let s = 0; s < 2; s++) vertex[v++] = corner(false, i, j, s);
    }
    // Octagon (i, j) and square (p, q) reflect within their own ranges (C × R and (C − 1) × (R − 1)).
    for (let c = 0; c < cellCount; c++) {
      const sq = c >= octagons;
      const k = sq ? c - octagons : c;
      const across = sq ? C - 1 : C;
      const down = sq ? R - 1 : R;
      let I = k % across;
      let J = (k - I) / across;
      if (swap) {
        const t = I;
        I = J;
        J = t;
      }
      if (negU) I = across - 1 - I;
      if (negV) J = down - 1 - J;
      cell[c] = (sq ? octagons : 0) + J * across + I;
    }
  };
}

/**
 * For an unmasked circle grid (numbered as `src/grid/circle.ts` numbers it: the centre 0, then ring by ring
 * wedge k of n spanning angles [k, k + 1] · 2π / n clockwise from straight up; corners circle by circle at
 * angles j · 2π / m), a function writing where a map of `MAPS` sends every vertex and cell, by formula: on a
 * circle of m places, a place at t (in turns of 2π / m, clockwise from up; a wedge's middle at k + ½) goes by
 * the swap to −m/4 − t, by negating u to −t and by negating v to m/2 − t. Every ring's count is a multiple of 4,
 * so the images are places again. Undefined for any other grid (every point is checked against the formula).
 */
function circleLattice(
  grid: Grid,
): ((map: (typeof MAPS)[number], vertex: Int32Array, cell: Int32Array) => void) | undefined {
  const { width, height, cellCount, vertexCount, vertexX, vertexY, cellX, cellY } = grid;
  const rings = width / 2;
  if (grid.topology !== 'circle' || width !== height || !Number.isInteger(rings) || rings < 2) return;
  const { n, first, onCircle, vFirst, ...full } = circleNumbering(rings);
  if (cellCount !== full.cellCount || vertexCount !== full.vertexCount) return;
  for (let r = 1; r < rings; r++) if (n[r] % 4 !== 0) return;
  const at = (x: number, y: number, radius: number, turn: number): boolean =>
    near(x, rings + radius * Math.sin(turn)) && near(y, rings - radius * Math.cos(turn));
  if (!at(cellX[0], cellY[0], 0, 0)) return;
  for (let r = 1; r < rings; r++) {
    for (let k = 0, c = first[r]; k < n[r]; k++, c++)
      if (!at(cellX[c], cellY[c], r + 0.5, ((k + 0.5) * 2 * Math.PI) / n[r])) return;
  }
  for (let b = 1; b <= rings; b++) {
    const m = onCircle(b);
    for (let j = 0, v = vFirst[b]; j < m; j++, v++)
      if (!at(vertexX[v], vertexY[v], b, (2 * Math.PI * j) / m)) return;
  }
  return ({ swap, negU, negV }, vertex, cell) => {
    // Places in half turns-of-a-place (a wedge's middle k + ½ is 2k + 1, a corner j is 2j), mapped, in [0, 2m).
    const twice = (t: number, m: number): number => {
      let u = t;
      if (swap) u = -m / 2 - u;
      if (negU) u = -u;
      if (negV) u = m - u;
      return ((u % (2 * m)) + 2 * m) % (2 * m);
    };
    cell[0] = 0;
    for (let r = 1; r < rings; r++) {
      for (let k = 0; k < n[r]; k++) cell[first[r] + k] = first[r] + (twice(2 * k + 1, n[r]) - 1) / 2;
    }
    for (let b = 1; b <= rings; b++) {
      const m = onCircle(b);
      for (let j = 0; j < m; j++) vertex[vFirst[b] + j] = vFirst[b] + twice(2 * j, m) / 2;
    }
  };
}

/**
 * The symmetries of an unmasked square grid (numbered as `src/grid/square.ts` numbers them: cell
 * y·columns + x; vertical walls row by row, then horizontal ones), by formula rather than by search: the
 * same maps `findSymmetries` would find, in the same order, without looking a point up. Undefined for any
 * other grid, which is told by checking every wall against the formula (one pass in order).
 */
function fullSquareSymmetries(grid: Grid): GridSymmetry[] | undefined {
  const { width: w, height: h, cellCount, wallCount, wallV0, wallV1, wallCellA, wallCellB } = grid;
  if (grid.topology !== 'square' || grid.wallArc || !Number.isInteger(w) || !Number.isInteger(h)) return;
  const vertical = (w + 1) * h;
  if (cellCount !== w * h || wallCount !== vertical + w * (h + 1) || grid.vertexCount !== (w + 1) * (h + 1))
    return;
  const vw = w + 1;
  for (let y = 0, n = 0; y < h; y++) {
    for (let x = 0; x <= w; x++, n++) {
      const c = y * w + x;
      if (wallV0[n] !== y * vw + x || wallV1[n] !== (y + 1) * vw + x) return;
      if (wallCellA[n] !== (x > 0 ? c - 1 : c) || wallCellB[n] !== (x > 0 && x < w ? c : -1)) return;
    }
  }
  for (let y = 0, n = vertical; y <= h; y++) {
    for (let x = 0; x < w; x++, n++) {
      if (wallV0[n] !== y * vw + x || wallV1[n] !== y * vw + x + 1) return;
    }
  }
  for (let v = 0; v < grid.vertexCount; v++) {
    if (grid.vertexX[v] !== v % vw || grid.vertexY[v] !== Math.floor(v / vw)) return;
  }
  const found: GridSymmetry[] = [];
  const maps = w === h ? MAPS.length : 4;
  for (let i = 0; i < maps; i++) {
    const { swap, negU, negV } = MAPS[i];
    // Lattice points (X, Y) → (X', Y'): swap, then reflect within the (square, if swapped) box.
    const W = swap ? h : w;
    const H = swap ? w : h;
    const cell = new Int32Array(cellCount);
    for (let y = 0, c = 0; y < h; y++) {
      for (let x = 0; x < w; x++, c++) {
        let X = swap ? y : x;
        let Y = swap ? x : y;
        if (negU) X = W - 1 - X;
        if (negV) Y = H - 1 - Y;
        cell[c] = Y * W + X;
      }
    }
    const wall = new Int32Array(wallCount);
    for (let n = 0; n < wallCount; n++) {
      // The wall's lower end (X0, Y0) and its direction; the image's lower end after the map.
      const v0 = wallV0[n];
      let X = v0 % vw;
      let Y = (v0 - X) / vw;
      let down = n < vertical; // a vertical wall runs from (X, Y) to (X, Y + 1)
      if (swap) {
        const t = X;
        X = Y;
        Y = t;
        down = !down;
      }
      if (negU) X = down ? W - X : W - X - 1;
      if (negV) Y = down ? H - Y - 1 : H - Y;
      wall[n] = down ? Y * (W + 1) + X : (W + 1) * H + Y * W + X;
    }
    found.push({ cell, wall });
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
