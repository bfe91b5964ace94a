import { circleNumbering } from '../grid/circle.js';
import type { Grid } from '../grid/grid.js';
import { plainGrid } from '../grid/weave.js';
import { POINT_TOLERANCE, pointLookup } from './point-index.js';

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

type BoxMap = (typeof MAPS)[number];
type PointLookup = (x: number, y: number) => number;

/** Same point as `pointIndex` matches them: within its tolerance along each axis. */
const near = (a: number, b: number): boolean => Math.abs(a - b) <= POINT_TOLERANCE;

/**
 * The maps of a grid's bounding box that may take the grid onto itself, and what is known of each: the
 * identity, the two reflections and the half turn, and when the box is square the two diagonal reflections
 * and the quarter turns (candidate i is the i-th of these; 0 is the identity). A candidate is checked —
 * every vertex, cell centre and wall sent onto one of the grid's own — only when its whole map is asked
 * for, once per grid; where it sends a single cell or wall is found without building the map (a scan of
 * the rim cells, or a lookup for an inner one), so a caller can rank the candidates first and check only
 * the ones it needs.
 */
export interface SymmetryCandidates {
  /** 8 when the box is square, else 4. */
  readonly count: number;
  /** Candidate i's cell and wall maps, or undefined when it does not map the grid onto itself. */
  symmetry(i: number): GridSymmetry | undefined;
  /**
   * The cell candidate i sends cell c to: the cell a symmetry's map would hold, or -1 when no cell is
   * there (then the candidate is not a symmetry). A cell found does not prove the candidate is one.
   */
  cellImage(i: number, c: number): number;
  /** As `cellImage`, for wall w: the wall between the images of its cells joining the images of its ends. */
  wallImage(i: number, w: number): number;
}

const candidateCache = new WeakMap<Grid, SymmetryCandidates>();
const symmetryCache = new WeakMap<Grid, GridSymmetry[]>();

/** The grid's candidate maps (made once per grid; what they find is kept with them). */
export function symmetryCandidates(grid: Grid): SymmetryCandidates {
  let hit = candidateCache.get(grid);
  if (!hit) {
    hit = grid.weave ? weaveCandidates(grid) : new PlainCandidates(grid);
    candidateCache.set(grid, hit);
  }
  return hit;
}

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
  const candidates = symmetryCandidates(grid);
  const found: GridSymmetry[] = [];
  for (let i = 0; i < candidates.count; i++) {
    const s = candidates.symmetry(i);
    if (s) found.push(s);
  }
  symmetryCache.set(grid, found);
  return found;
}

function identityOf(grid: Grid): GridSymmetry {
  const cell = new Int32Array(grid.cellCount);
  const wall = new Int32Array(grid.wallCount);
  for (let c = 0; c < cell.length; c++) cell[c] = c;
  for (let w = 0; w < wall.length; w++) wall[w] = w;
  return { cell, wall };
}

/**
 * The candidates of a weave grid: those of the grid it was built from (under-passages share their geometry
 * with ordinary walls, so they are not found by position), each under-passage a–c going to the one between
 * the images of a and c. All are checked at once.
 */
function weaveCandidates(grid: Grid): SymmetryCandidates {
  const plain = symmetryCandidates(plainGrid(grid));
  const { adjStart, adjCell, adjWall, wallCount, wallCellA, wallCellB } = grid;
  const wallUnder = grid.weave!.under;
  const known: (GridSymmetry | undefined)[] = [];
  for (let i = 0; i < plain.count; i++) {
    const s = plain.symmetry(i);
    if (!s) {
      known.push(undefined);
      continue;
    }
    const wall = new Int32Array(wallCount);
    wall.set(s.wall);
    let ok = true;
    for (let t = s.wall.length; t < wallCount && ok; t++) {
      const a = s.cell[wallCellA[t]];
      const c = s.cell[wallCellB[t]];
      let image = -1;
      for (let k = adjStart[a]; k < adjStart[a + 1]; k++)
        if (adjCell[k] === c && wallUnder[adjWall[k]] >= 0) image = adjWall[k];
      wall[t] = image;
      ok = image >= 0;
    }
    known.push(ok ? { cell: s.cell, wall } : undefined);
  }
  return {
    count: plain.count,
    symmetry: (i) => known[i],
    cellImage: (i, c) => known[i]?.cell[c] ?? -1,
    wallImage: (i, w) => known[i]?.wall[w] ?? -1,
  };
}

/** The candidates of a grid without under-passages. */
class PlainCandidates implements SymmetryCandidates {
  readonly count: number;
  /** Per candidate: its symmetry, null when it is none, undefined until checked. */
  private readonly known: (GridSymmetry | null | undefined)[] = [];
  private readonly cx: number;
  private readonly cy: number;
  /** Cells with a rim wall, in order, and a lookup of all cells (made on first use). */
  private rimCells?: Int32Array;
  private cellAt?: PointLookup;
  private search?: MapSearch;

  constructor(private readonly grid: Grid) {
    const { width: W, height: H } = grid;
    this.count = Math.abs(W - H) < 1e-9 * Math.max(1, W) ? MAPS.length : 4;
    this.cx = W / 2;
    this.cy = H / 2;
  }

  symmetry(i: number): GridSymmetry | undefined {
    let s = this.known[i];
    if (s === undefined) {
      s = this.check(i) ?? null;
      this.known[i] = s;
    }
    return s ?? undefined;
  }

  private check(i: number): GridSymmetry | undefined {
    if (i === 0) return identityOf(this.grid);
    const { known } = this;
    // The half turn is one reflection after the other, and a diagonal reflection followed by a negation is
    // MAPS[i - 4] after MAPS[4]: when both factors are known to map the grid onto itself so does their
    // product, and its maps are theirs composed (one pass in order; checking it afresh reads walls out of
    // order, slow on a large grid).
    const first = i === 3 ? known[2] : i > 4 ? known[4] : undefined;
    const then = i === 3 ? known[1] : i > 4 ? known[i - 4] : undefined;
    if (first && then) {
      const cell = new Int32Array(first.cell.length);
      const wall = new Int32Array(first.wall.length);
      for (let c = 0; c < cell.length; c++) cell[c] = then.cell[first.cell[c]];
      for (let w = 0; w < wall.length; w++) wall[w] = then.wall[first.wall[w]];
      return { cell, wall };
    }
    this.search ??= new MapSearch(this.grid);
    return this.search.map(MAPS[i]);
  }

  cellImage(i: number, c: number): number {
    if (i === 0) return c;
    const s = this.known[i];
    if (s !== undefined) return s === null ? -1 : s.cell[c];
    const { grid } = this;
    const [x, y] = this.mapPoint(i, grid.cellX[c], grid.cellY[c]);
    const { cellX, cellY, rimStart } = grid;
    // A symmetry keeps the rim: a rim cell's image is among the rim cells.
    if (rimStart[c + 1] > rimStart[c]) {
      this.rimCells ??= rimCellsOf(grid);
      for (const d of this.rimCells) if (near(cellX[d], x) && near(cellY[d], y)) return d;
      return -1;
    }
    this.cellAt ??= pointLookup(cellX, cellY);
    return this.cellAt(x, y);
  }

  wallImage(i: number, w: number): number {
    if (i === 0) return w;
    const s = this.known[i];
    if (s !== undefined) return s === null ? -1 : s.wall[w];
    const { grid } = this;
    const { wallCellA, wallCellB, wallV0, wallV1, vertexX, vertexY } = grid;
    const wallArc = grid.arcs?.curved;
    const a = this.cellImage(i, wallCellA[w]);
    const b = wallCellB[w] < 0 ? -1 : this.cellImage(i, wallCellB[w]);
    if (a < 0 || (wallCellB[w] >= 0 && b < 0)) return -1;
    const [x0, y0] = this.mapPoint(i, vertexX[wallV0[w]], vertexY[wallV0[w]]);
    const [x1, y1] = this.mapPoint(i, vertexX[wallV1[w]], vertexY[wallV1[w]]);
    const arc = wallArc ? wallArc[w] : 0;
    const at = (v: number, x: number, y: number) => near(vertexX[v], x) && near(vertexY[v], y);
    // The walls of the image of a towards the image of b (or on the rim): the one joining the images of
    // w's ends, as the whole map would find it.
    const rim = b < 0;
    const start = rim ? grid.rimStart : grid.adjStart;
    for (let k = start[a]; k < start[a + 1]; k++) {
      if (!rim && grid.adjCell[k] !== b) continue;
      const m = rim ? grid.rimWall[k] : grid.adjWall[k];
      if ((wallArc ? wallArc[m] : 0) !== arc) continue;
      const [p, q] = [wallV0[m], wallV1[m]];
      if ((at(p, x0, y0) && at(q, x1, y1)) || (at(p, x1, y1) && at(q, x0, y0))) return m;
    }
    return -1;
  }

  private mapPoint(i: number, x: number, y: number): [number, number] {
    const { swap, negU, negV } = MAPS[i];
    let u = x - this.cx;
    let v = y - this.cy;
    if (swap) [u, v] = [v, u];
    if (negU) u = -u;
    if (negV) v = -v;
    return [u + this.cx, v + this.cy];
  }
}

/**
 * The image of each point under the box map (centre cx, cy), looked up among the points themselves, into
 * `out`; false when one has none. Images of consecutive points are usually a fixed step apart (a row read
 * backwards, a column), so the step is tried first and the lookup asked only when it misses: memory is then
 * read in order, even for a million cells. One plain loop with no calls per point (it runs once per grid,
 * often before the JIT has optimised it).
 */
function mapPoints(
  xs: Float64Array,
  ys: Float64Array,
  { swap, negU, negV }: BoxMap,
  cx: number,
  cy: number,
  at: PointLookup,
  out: Int32Array,
): boolean {
  // (u, v) → (a·u + b·v, c·u + d·v), each coefficient −1, 0 or 1: exactly the swap and negations.
  const a = swap ? 0 : negU ? -1 : 1;
  const b = swap ? (negU ? -1 : 1) : 0;
  const c = swap ? (negV ? -1 : 1) : 0;
  const d = swap ? 0 : negV ? -1 : 1;
  const t = POINT_TOLERANCE;
  const n = xs.length;
  let prev = 0;
  let step = 0;
  for (let p = 0; p < n; p++) {
    const u = xs[p] - cx;
    const v = ys[p] - cy;
    const x = a * u + b * v + cx;
    const y = c * u + d * v + cy;
    let m = prev + step;
    if (m >= 0 && m < n) {
      const dx = xs[m] - x;
      const dy = ys[m] - y;
      if (dx > t || dx < -t || dy > t || dy < -t) m = at(x, y);
    } else m = at(x, y);
    if (m < 0) return false;
    out[p] = m;
    step = m - prev;
    prev = m;
  }
  return true;
}

function rimCellsOf(grid: Grid): Int32Array {
  const { rimStart, cellCount } = grid;
  let n = 0;
  for (let c = 0; c < cellCount; c++) if (rimStart[c + 1] > rimStart[c]) n++;
  const out = new Int32Array(n);
  for (let c = 0, k = 0; c < cellCount; c++) if (rimStart[c + 1] > rimStart[c]) out[k++] = c;
  return out;
}

/** Longest repeating pattern of wall images the wall matching looks for (walls per cell and more). */
const MAX_PERIOD = 12;

type LatticeMaps = (map: BoxMap, vertex: Int32Array, cell: Int32Array) => void;

/**
 * Builds and checks one candidate map of a grid without under-passages: by formula for an unmasked square
 * grid; otherwise vertices and cells by formula (unmasked octagon and circle grids) or looked up by
 * position, then every wall matched by its mapped ends and cells. What it needs per grid (the formula's
 * check, the lookups) is made on first use and kept.
 */
class MapSearch {
  private square?: ((map: BoxMap) => GridSymmetry) | null;
  private lattice?: LatticeMaps | null;
  private vertexAt?: PointLookup;
  private cellAt?: PointLookup;
  private readonly vertex: Int32Array;

  constructor(private readonly grid: Grid) {
    this.vertex = new Int32Array(grid.vertexCount);
  }

  map(map: BoxMap): GridSymmetry | undefined {
    const { grid } = this;
    if (this.square === undefined) this.square = squareLattice(grid) ?? null;
    if (this.square) return this.square(map);
    const { cellCount, wallCount, wallCellA, wallCellB, wallV0, wallV1 } = grid;
    const wallArc = grid.arcs?.curved;
    const { adjStart, adjCell, adjWall, rimStart, rimWall } = grid;
    const cx = grid.width / 2;
    const cy = grid.height / 2;
    const { vertex } = this;
    const cell = new Int32Array(cellCount);
    if (this.lattice === undefined) this.lattice = octagonLattice(grid) ?? circleLattice(grid) ?? null;
    if (this.lattice) {
      this.lattice(map, vertex, cell);
    } else {
      this.vertexAt ??= pointLookup(grid.vertexX, grid.vertexY);
      if (!mapPoints(grid.vertexX, grid.vertexY, map, cx, cy, this.vertexAt, vertex)) return;
      this.cellAt ??= pointLookup(grid.cellX, grid.cellY);
      if (!mapPoints(grid.cellX, grid.cellY, map, cx, cy, this.cellAt, cell)) return;
    }
    // Every wall must go to the wall joining the images of its ends (either way round, same arc flag)
    // between the images of its cells. Images of consecutive walls follow a pattern: a fixed step, or (a
    // cell's few walls mapped to another order) the same step as `period` walls before; both are tried
    // before the image cell's own walls are read.
    const wall = new Int32Array(wallCount);
    let period = 2;
    for (let w = 0; w < wallCount; w++) {
      const v0 = vertex[wallV0[w]];
      const v1 = vertex[wallV1[w]];
      const arc = wallArc ? wallArc[w] : 0;
      const a = cell[wallCellA[w]];
      const b = wallCellB[w] < 0 ? -1 : cell[wallCellB[w]];
      let m = w > 1 ? 2 * wall[w - 1] - wall[w - 2] : -1;
      if (
        m < 0 ||
        m >= wallCount ||
        !((wallV0[m] === v0 && wallV1[m] === v1) || (wallV0[m] === v1 && wallV1[m] === v0)) ||
        (wallArc !== undefined && wallArc[m] !== arc)
      ) {
        m = w >= 2 * period ? 2 * wall[w - period] - wall[w - 2 * period] : -1;
        if (
          m < 0 ||
          m >= wallCount ||
          !((wallV0[m] === v0 && wallV1[m] === v1) || (wallV0[m] === v1 && wallV1[m] === v0)) ||
          (wallArc !== undefined && wallArc[m] !== arc)
        ) {
          m = -1;
          const rim = b < 0;
          const start = rim ? rimStart : adjStart;
          for (let k = start[a]; k < start[a + 1] && m < 0; k++) {
            const x = rim ? rimWall[k] : adjWall[k];
            if (
              (rim || adjCell[k] === b) &&
              ((wallV0[x] === v0 && wallV1[x] === v1) || (wallV0[x] === v1 && wallV1[x] === v0)) &&
              (wallArc === undefined || wallArc[x] === arc)
            )
              m = x;
          }
          if (m < 0) return;
          for (let p = 2; p <= MAX_PERIOD && 2 * p <= w; p++) {
            if (2 * wall[w - p] - wall[w - 2 * p] === m) {
              period = p;
              break;
            }
          }
        }
      }
      wall[w] = m;
      const ok =
        b < 0
          ? wallCellB[m] < 0 && wallCellA[m] === a
          : (wallCellA[m] === a && wallCellB[m] === b) || (wallCellA[m] === b && wallCellB[m] === a);
      if (!ok) return;
    }
    return { cell, wall };
  }
}

/**
 * For an unmasked octagon grid (numbered as `src/grid/octagon.ts` numbers it: octagon j·columns + i, then
 * square columns·rows + q·(columns − 1) + p; corners on horizontal lines, two per octagon and line, then on
 * vertical lines, two per octagon and line), a function writing where a map of `MAPS` sends every vertex and
 * cell — what looking each image up finds, by formula. The caller still checks every wall. Undefined for
 * any other grid, which is told by checking every point against the formula (one pass in order).
 */
function octagonLattice(grid: Grid): LatticeMaps | undefined {
  const { width: C, height: R, cellCount, vertexCount, vertexX, vertexY, cellX, cellY } = grid;
  if (grid.topology !== 'octagon' || grid.arcs || !Number.isInteger(C) || !Number.isInteger(R)) return;
  const octagons = C * R;
  const hCount = (R + 1) * 2 * C;
  if (cellCount !== octagons + (C - 1) * (R - 1) || vertexCount !== hCount + (C + 1) * 2 * R) return;
  // A corner's offset along its line from the lattice point before it (s = 0 or 1): the octagons' cut.
  const cut = vertexX[0];
  const far = 1 - cut;
  const t = POINT_TOLERANCE;
  // Plain loops (no calls per point): this runs once per grid, often before the JIT has optimised it.
  for (let j = 0, v = 0; j <= R; j++) {
    for (let i = 0; i < C; i++, v += 2) {
      const a = vertexX[v] - i - cut;
      const b = vertexX[v + 1] - i - far;
      const y0 = vertexY[v] - j;
      const y1 = vertexY[v + 1] - j;
      if (a > t || a < -t || b > t || b < -t || y0 > t || y0 < -t || y1 > t || y1 < -t) return;
    }
  }
  for (let i = 0, v = hCount; i <= C; i++) {
    for (let j = 0; j < R; j++, v += 2) {
      const x0 = vertexX[v] - i;
      const x1 = vertexX[v + 1] - i;
      const a = vertexY[v] - j - cut;
      const b = vertexY[v + 1] - j - far;
      if (a > t || a < -t || b > t || b < -t || x0 > t || x0 < -t || x1 > t || x1 < -t) return;
    }
  }
  for (const [from, across, down, centre] of [
    [0, C, R, 0.5],
    [octagons, C - 1, R - 1, 1],
  ]) {
    for (let j = 0, c = from; j < down; j++) {
      for (let i = 0; i < across; i++, c++) {
        const a = cellX[c] - i - centre;
        const b = cellY[c] - j - centre;
        if (a > t || a < -t || b > t || b < -t) return;
      }
    }
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
    // Along a line (or a row of cells) images move by a fixed step: the first two give it.
    for (let j = 0, v = 0; j <= R; j++, v += 2 * C) {
      const [a, b] = [corner(true, 0, j, 0), corner(true, 0, j, 1)];
      const step = C > 1 ? corner(true, 1, j, 0) - a : 0;
      for (let i = 0, p = v; i < C; i++, p += 2) {
        vertex[p] = a + i * step;
        vertex[p + 1] = b + i * step;
      }
    }
    for (let i = 0, v = hCount; i <= C; i++, v += 2 * R) {
      const [a, b] = [corner(false, i, 0, 0), corner(false, i, 0, 1)];
      const step = R > 1 ? corner(false, i, 1, 0) - a : 0;
      for (let j = 0, p = v; j < R; j++, p += 2) {
        vertex[p] = a + j * step;
        vertex[p + 1] = b + j * step;
      }
    }
    // Octagon (i, j) and square (p, q) reflect within their own ranges (C × R and (C − 1) × (R − 1)).
    for (const [from, across, down] of [
      [0, C, R],
      [octagons, C - 1, R - 1],
    ]) {
      const at = (I0: number, J0: number): number => {
        let [I, J] = swap ? [J0, I0] : [I0, J0];
        if (negU) I = across - 1 - I;
        if (negV) J = down - 1 - J;
        return from + J * across + I;
      };
      for (let j = 0, c = from; j < down; j++) {
        const a = at(0, j);
        const step = across > 1 ? at(1, j) - a : 0;
        for (let i = 0; i < across; i++, c++) cell[c] = a + i * step;
      }
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
function circleLattice(grid: Grid): LatticeMaps | undefined {
  const { width, height, cellCount, vertexCount, vertexX, vertexY, cellX, cellY } = grid;
  const rings = width / 2;
  if (grid.topology !== 'circle' || width !== height || !Number.isInteger(rings) || rings < 2) return;
  const { n, first, onCircle, vFirst, ...full } = circleNumbering(rings);
  if (cellCount !== full.cellCount || vertexCount !== full.vertexCount) return;
  for (let r = 1; r < rings; r++) if (n[r] % 4 !== 0) return;
  // Sine and cosine of t half-places round a circle of m places (t = 0 … 2m − 1), one table per count.
  const tables = new Map<number, [Float64Array, Float64Array]>();
  const table = (m: number): [Float64Array, Float64Array] => {
    let hit = tables.get(m);
    if (!hit) {
      hit = [new Float64Array(2 * m), new Float64Array(2 * m)];
      for (let t = 0; t < 2 * m; t++) {
        hit[0][t] = Math.sin((t * Math.PI) / m);
        hit[1][t] = Math.cos((t * Math.PI) / m);
      }
      tables.set(m, hit);
    }
    return hit;
  };
  // Points at `radius` on the places of a circle of m (every other half place from `half`), checked in a
  // plain loop: this runs once per grid, often before the JIT has optimised it.
  const t = POINT_TOLERANCE;
  const onRing = (
    xs: Float64Array,
    ys: Float64Array,
    from: number,
    m: number,
    radius: number,
    half: number,
  ) => {
    const [sin, cos] = table(m);
    for (let k = 0, p = from, h = half; k < m; k++, p++, h += 2) {
      const a = xs[p] - rings - radius * sin[h];
      const b = ys[p] - rings + radius * cos[h];
      if (a > t || a < -t || b > t || b < -t) return false;
    }
    return true;
  };
  if (!near(cellX[0], rings) || !near(cellY[0], rings)) return;
  for (let r = 1; r < rings; r++) if (!onRing(cellX, cellY, first[r], n[r], r + 0.5, 1)) return;
  for (let b = 1; b <= rings; b++) if (!onRing(vertexX, vertexY, vFirst[b], onCircle(b), b, 0)) return;
  return ({ swap, negU, negV }, vertex, cell) => {
    // In half places t (a wedge's middle k + ½ is 2k + 1, a corner j is 2j) the map is t → σ·t + o (mod 2m),
    // σ = ±1; so place k goes to σ·k + (o + σ − 1)/2 for wedges and σ·k + o/2 for corners (mod m).
    const through = (m: number, first: number, wedges: boolean, out: Int32Array): void => {
      let o = 0;
      let sigma = 1;
      if (swap) [o, sigma] = [-m / 2 - o, -sigma];
      if (negU) [o, sigma] = [-o, -sigma];
      if (negV) [o, sigma] = [m - o, -sigma];
      const shift = wedges ? (o + sigma - 1) / 2 : o / 2;
      let k = ((shift % m) + m) % m;
      for (let p = first, end = first + m; p < end; p++) {
        out[p] = first + k;
        k += sigma;
        if (k === m) k = 0;
        else if (k < 0) k = m - 1;
      }
    };
    cell[0] = 0;
    for (let r = 1; r < rings; r++) through(n[r], first[r], true, cell);
    for (let b = 1; b <= rings; b++) through(onCircle(b), vFirst[b], false, vertex);
  };
}

/**
 * For an unmasked square grid (numbered as `src/grid/square.ts` numbers it: cell y·columns + x; vertical
 * walls row by row, then horizontal ones), a function building the cell and wall maps of a map of `MAPS` by
 * formula: the maps the search would find, without looking a point up. Every map of the box is a symmetry
 * of such a grid. Undefined for any other grid, which is told by checking every wall against the formula
 * (one pass in order).
 */
function squareLattice(grid: Grid): ((map: BoxMap) => GridSymmetry) | undefined {
  const { width: w, height: h, cellCount, wallCount, wallV0, wallV1, wallCellA, wallCellB } = grid;
  if (grid.topology !== 'square' || grid.arcs || !Number.isInteger(w) || !Number.isInteger(h)) return;
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
  for (let y = 0, v = 0; y <= h; y++) {
    for (let x = 0; x <= w; x++, v++) if (grid.vertexX[v] !== x || grid.vertexY[v] !== y) return;
  }
  return ({ swap, negU, negV }) => {
    // Lattice points (X, Y) → (X', Y'): swap, then reflect within the (square, if swapped) box.
    const W = swap ? h : w;
    const H = swap ? w : h;
    const cellAt = (x: number, y: number): number => {
      let X = swap ? y : x;
      let Y = swap ? x : y;
      if (negU) X = W - 1 - X;
      if (negV) Y = H - 1 - Y;
      return Y * W + X;
    };
    // A wall by its upper or left end (x, y) and its direction; the image's end after the map.
    const wallAt = (x: number, y: number, down: boolean): number => {
      let X = x;
      let Y = y;
      let d = down; // a vertical wall runs from (X, Y) to (X, Y + 1)
      if (swap) {
        X = y;
        Y = x;
        d = !down;
      }
      if (negU) X = d ? W - X : W - X - 1;
      if (negV) Y = d ? H - Y - 1 : H - Y;
      return d ? Y * (W + 1) + X : (W + 1) * H + Y * W + X;
    };
    // Along a row images move by a fixed step: the first two give it.
    const cell = new Int32Array(cellCount);
    const wall = new Int32Array(wallCount);
    const row = (out: Int32Array, from: number, count: number, image: (x: number) => number): void => {
      const first = image(0);
      const step = count > 1 ? image(1) - first : 0;
      for (let k = 0; k < count; k++) out[from + k] = first + k * step;
    };
    for (let y = 0; y < h; y++) row(cell, y * w, w, (x) => cellAt(x, y));
    for (let y = 0; y < h; y++) row(wall, y * vw, vw, (x) => wallAt(x, y, true));
    for (let y = 0; y <= h; y++) row(wall, vertical + y * w, w, (x) => wallAt(x, y, false));
    return { cell, wall };
  };
}
