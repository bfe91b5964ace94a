import { checkWallCount, type FullGridArrays, finishFullGrid, fullWalls } from './full-grid.js';
import { type Grid, interleavePlaces, spanWithRoom, subGrid } from './grid.js';

/**
 * Circle (theta) topology: a centre disc of radius 1 and `rings` − 1 rings of unit width around it, cut into
 * wedges. A ring has as many wedges as the ring inside it, doubled as often as needed to keep each wedge's
 * width along its middle at most 1.5 (so wedges stay roughly square: between 0.75 and 1.5 wide).
 *
 *               .-~~~~~-.             ring r spans radii [r, r+1]; its wedge k spans angles
 *            .'  \ 2,1 / '.             [k, k+1] · 2π / n(r), clockwise from straight up
 *           /  2,0 \  / 2,2 \         the centre disc is cell 0; ring r's cells follow ring r−1's
 *          |-------(  0  )---|        each wedge has one parent inside it and one or two children
 *           \  1,7 /  \ 1,1 /           outside it; walls between rings are arcs, walls within a
 *            '.   / 1,0\  .'            ring radial segments
 *               '-~~~~~-'
 *
 * Vertices lie on the circles of radius b = 1 .. rings, n(b) of them on circle b (n(rings − 1) on the rim),
 * at angles j · 2π / n(b). Grid coordinates put the centre at (rings, rings), y down.
 */
export interface CircleOptions {
  /** Rings including the centre disc, ≥ 2. */
  rings: number;
  /** Optional mask, one byte per cell in id order (centre outwards): 0 drops the cell. */
  keep?: Uint8Array;
}

/** Largest wedge width, along the middle of its ring, before the ring doubles its wedge count. */
const MAX_WEDGE = 1.5;

/** Wedges per ring: 1 for the centre, then doubling whenever a wedge would grow wider than MAX_WEDGE. */
export function ringCounts(rings: number): Int32Array {
  const n = new Int32Array(rings);
  n[0] = 1;
  for (let r = 1; r < rings; r++) {
    let k = n[r - 1];
    while ((2 * Math.PI * (r + 0.5)) / k > MAX_WEDGE) k *= 2;
    n[r] = k;
  }
  return n;
}

/** Cells in a circle maze of `rings` rings, without building it. */
export function circleCellCount(rings: number): number {
  let total = 0;
  for (const k of ringCounts(rings)) total += k;
  return total;
}

/**
 * The circle grid: written directly (`fullCircleArrays`), then cut to the cells `keep` marks, as the mask
 * stage cuts every masked grid out of its full one.
 */
export function buildCircleGrid({ rings, keep }: CircleOptions): Grid {
  if (rings < 2) throw new RangeError(`a circle maze needs at least 2 rings, got ${rings}`);
  const full = finishFullGrid('circle', `${rings} rings`, fullCircleArrays(rings));
  return keep ? subGrid(full, keep) : full;
}

/**
 * How a full circle grid of `rings` rings numbers its cells and corners: wedges per ring (`n`), the first
 * cell of each ring (`first`, the centre is cell 0), the corners on vertex circle b = 1..rings (`onCircle`,
 * the corners of the finer of the rings it separates) and the first corner on each (`vFirst`).
 */
export function circleNumbering(rings: number) {
  const n = ringCounts(rings);
  const first = new Int32Array(rings + 1);
  for (let r = 0; r < rings; r++) first[r + 1] = first[r] + n[r];
  const onCircle = (b: number): number => n[Math.min(b, rings - 1)];
  const vFirst = new Int32Array(rings + 2);
  for (let b = 1; b <= rings; b++) vFirst[b + 1] = vFirst[b] + onCircle(b);
  return { n, first, cellCount: first[rings], onCircle, vFirst, vertexCount: vFirst[rings + 1] };
}

/**
 * `Grid.wallSpan` of a circle grid, in O(rings). A radial wall spans 1 along its ray. Every arc is one step
 * between neighbouring corners of its vertex circle b (the finer ring's, m corners): its chord c = 2b·sin(π/m)
 * points at (2j + 1)·π/m, which with m a multiple of 4 comes no closer than π/m to an axis, so the chord's
 * box spans c·cos(π/m) (and at most c for other m); widened by the chord on both sides, c·(cos(π/m) + 2).
 * Corners lie within 2·rings of the origin.
 */
function circleSpan(rings: number, onCircle: (b: number) => number): number {
  let span = 1;
  for (let b = 1; b <= rings; b++) {
    const m = onCircle(b);
    const chord = 2 * b * Math.sin(Math.PI / m);
    const across = m % 4 === 0 ? Math.cos(Math.PI / m) : 1;
    span = Math.max(span, chord * (across + 2));
  }
  return spanWithRoom(span, 2 * rings);
}

/**
 * Ring sizes, the first cell of each ring, the corners on each vertex circle (`onCircle`, from `vFirst`),
 * and the corner and centre coordinates.
 */
function circleLattice(rings: number) {
  const { n, first, cellCount, onCircle, vFirst, vertexCount } = circleNumbering(rings);
  const vertexX = new Float64Array(vertexCount);
  const vertexY = new Float64Array(vertexCount);
  // Circles with the same number of corners share their angles: sines and cosines once per count.
  for (let b = 1; b <= rings; b++) {
    const m = onCircle(b);
    const { sin, cos } = vertexTurn(m);
    onTurn(vertexX, vertexY, vFirst[b], m, rings, b, sin, cos);
  }
  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  cellX[0] = rings;
  cellY[0] = rings;
  for (let r = 1; r < rings; r++) {
    const { sin, cos } = middleTurn(n[r]);
    onTurn(cellX, cellY, first[r], n[r], rings, r + 0.5, sin, cos);
  }
  return { n, first, cellCount, onCircle, vFirst, vertexX, vertexY, cellX, cellY };
}

/**
 * Writes `count` points at `radius` round (centre, centre) into x and y from index `from`, point j at the
 * turn whose sine and cosine are sin[j] and cos[j] (clockwise from straight up, y down). One call per
 * circle or ring: called some hundred times on the way out, it is compiled on the small inner ones.
 */
function onTurn(
  x: Float64Array,
  y: Float64Array,
  from: number,
  count: number,
  centre: number,
  radius: number,
  sin: Float64Array,
  cos: Float64Array,
): void {
  for (let j = 0, v = from; j < count; j++, v++) {
    x[v] = centre + radius * sin[j];
    y[v] = centre - radius * cos[j];
  }
}

/**
 * Sines and cosines of `angle(j, count)` for j in [0, count), computed once per count and reused by every
 * ring or circle with that count (counts only double now and then, so there are few), and by every grid
 * built later: the tables are kept (a few thousand numbers at a million cells) and never changed.
 */
function turnTables(
  angle: (j: number, count: number) => number,
): (count: number) => { sin: Float64Array; cos: Float64Array } {
  const made = new Map<number, { sin: Float64Array; cos: Float64Array }>();
  return (count) => {
    let t = made.get(count);
    if (!t) {
      t = { sin: new Float64Array(count), cos: new Float64Array(count) };
      for (let j = 0; j < count; j++) {
        const a = angle(j, count);
        t.sin[j] = Math.sin(a);
        t.cos[j] = Math.cos(a);
      }
      made.set(count, t);
    }
    return t;
  };
}

/** Turns of the vertices on a circle of `m` corners (corner j at j/m of a turn). */
const vertexTurn = turnTables((j, m) => (2 * Math.PI * j) / m);
/** Turns of the middles of a ring's wedges (wedge k of `cells` at (k + ½)/cells of a turn). */
const middleTurn = turnTables((k, cells) => ((k + 0.5) * 2 * Math.PI) / cells);

/**
 * The grid's arrays, written directly, each cell's neighbours in wall order. Every corner is used. The centre
 * disc's edges are its arcs to the ring-1 wedges in turn; a wedge's edges run from its inner arc (clockwise,
 * towards the parent or the centre) to its clockwise radial edge, its outer arcs counter-clockwise (one per
 * child, or one rim arc) and its counter-clockwise radial edge. A wedge writes its clockwise radial edge (unless it
 * is the last of its ring), its outer arcs, and its counter-clockwise radial edge only as the first of its
 * ring; its inner arc belongs to the cell inside.
 */
function fullCircleArrays(rings: number): FullGridArrays {
  const { n, first, cellCount, onCircle, vFirst, vertexX, vertexY, cellX, cellY } = circleLattice(rings);
  // The centre's arcs, then per ring one radial edge per wedge and its outer arcs (the next ring's wedges,
  // or one rim arc each in the last ring).
  let wallCount = n[1];
  for (let r = 1; r < rings; r++) wallCount += n[r] + (r + 1 < rings ? n[r + 1] : n[r]);
  const walls = fullWalls(wallCount);
  const curved = new Uint8Array(wallCount);
  // Only the last ring has rim walls, its outer arcs.
  const rims = n[rings - 1];
  const adjCell = new Int32Array(2 * (wallCount - rims));
  const out: RingArrays = {
    wallCellA: walls.wallCellA,
    wallCellB: walls.wallCellB,
    wallV0: walls.wallV0,
    wallV1: walls.wallV1,
    curved,
    adjStart: new Int32Array(cellCount + 1),
    adjCell,
    adjWall: new Int32Array(adjCell.length),
    interleaved: new Int32Array(2 * adjCell.length),
    rimStart: new Int32Array(cellCount + 1),
    rimWall: new Int32Array(rims),
    parentArc: new Int32Array(n[rings - 1]),
    childArc: new Int32Array(n[rings - 1]),
  };
  const { wallCellA, wallCellB, wallV0, wallV1, adjStart, adjWall, interleaved } = out;
  let w = 0;
  let k = 0;
  // The centre disc: one arc to each ring-1 wedge.
  for (let j = 0, m = n[1]; j < m; j++, w++) {
    wallCellA[w] = 0;
    wallCellB[w] = first[1] + j;
    wallV0[w] = vFirst[1] + j;
    wallV1[w] = vFirst[1] + (j + 1 === m ? 0 : j + 1);
    curved[w] = 1;
    adjCell[k] = first[1] + j;
    adjWall[k++] = w;
    out.parentArc[j] = w;
  }
  adjStart[1] = k;
  interleavePlaces(adjCell, adjWall, interleaved, 0, k);
  for (let r = 1; r < rings; r++) {
    const outer = r + 1 < rings ? (n[r + 1] / n[r]) | 0 : 1;
    w = ringWalls(
      out,
      r,
      n[r],
      outer,
      (onCircle(r + 1) / n[r]) | 0,
      onCircle(r + 1),
      vFirst[r],
      vFirst[r + 1],
      first,
      w,
    );
    const written = out.childArc;
    out.childArc = out.parentArc;
    out.parentArc = written;
  }
  checkWallCount('circle', w, wallCount);
  // The corners of the rim circle reach furthest along both axes (every other circle is at least 1 less
  // round the same centre), and only its arcs, all rim walls, can bulge further.
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let v = vFirst[rings]; v < vFirst[rings + 1]; v++) {
    box[0] = Math.min(box[0], vertexX[v]);
    box[1] = Math.min(box[1], vertexY[v]);
    box[2] = Math.max(box[2], vertexX[v]);
    box[3] = Math.max(box[3], vertexY[v]);
  }
  return {
    cellX,
    cellY,
    vertexX,
    vertexY,
    arcs: { curved, cx: rings, cy: rings },
    box,
    wallSpan: circleSpan(rings, onCircle),
    lists: { adjStart, adjCell, adjWall, rimStart: out.rimStart, rimWall: out.rimWall, interleaved },
    ...walls,
  };
}

/** The arrays `ringWalls` writes into, and the arcs between the ring written and the rings either side. */
interface RingArrays {
  wallCellA: Int32Array;
  wallCellB: Int32Array;
  wallV0: Int32Array;
  wallV1: Int32Array;
  /** 1 for the arcs (`GridArcs.curved`). */
  curved: Uint8Array;
  adjStart: Int32Array;
  adjCell: Int32Array;
  adjWall: Int32Array;
  interleaved: Int32Array;
  rimStart: Int32Array;
  rimWall: Int32Array;
  /** The arc each wedge of the ring shares with its parent (written by the ring inside). */
  parentArc: Int32Array;
  /** The arc each wedge of the next ring shares with its parent (written here). */
  childArc: Int32Array;
}

/**
 * Writes ring r's walls from wall `w` on and its wedges' lists (see `fullCircleArrays`); the lists of the
 * cells before it are written. `cells` wedges, `outer` children per wedge, `vout` corner steps per wedge
 * on the outer circle of `outerCircle` corners; inFirst and outFirst are the first corners of its inner
 * and outer circles. A wedge's walls in wall order, as its lists hold them: the arc its parent (or the
 * centre) wrote, the last wedge's radial edge written by wedge 0, the radial edge of the wedge before it,
 * then its own. One call per ring: compiled on the small inner rings, with every branch seen, before
 * the large outer ones.
 * @returns the next wall's number
 */
function ringWalls(
  a: RingArrays,
  r: number,
  cells: number,
  outer: number,
  vout: number,
  outerCircle: number,
  inFirst: number,
  outFirst: number,
  first: Int32Array,
  w: number,
): number {
  const { wallCellA, wallCellB, wallV0, wallV1, curved, adjStart, adjCell, adjWall, interleaved } = a;
  const { rimStart, rimWall, parentArc, childArc } = a;
  const step = (vout / outer) | 0; // vertex steps per child
  const c0 = first[r];
  const last = r + 1 === first.length - 1; // the rim ring
  const parentFirst = r === 1 ? 0 : first[r - 1];
  const perParent = r === 1 ? cells : (cells / (c0 - parentFirst)) | 0; // wedges per wedge of the ring inside
  const children = last ? -1 : first[r + 1];
  let k = adjStart[c0];
  let rim = rimStart[c0];
  let firstCcw = 0; // wedge 0's counter-clockwise radial edge
  let lastCw = 0; // the clockwise radial edge of the wedge before
  for (let kw = 0; kw < cells; kw++) {
    const c = c0 + kw;
    const next = kw + 1 === cells ? 0 : kw + 1;
    adjCell[k] = parentFirst + ((kw / perParent) | 0);
    adjWall[k++] = parentArc[kw];
    if (kw + 1 === cells) {
      adjCell[k] = c0;
      adjWall[k++] = firstCcw;
    }
    if (kw > 0) {
      adjCell[k] = c - 1;
      adjWall[k++] = lastCw;
    }
    // Edges as in fullCircleArrays: inner arc, clockwise radial, outer arcs counter-clockwise, ccw radial.
    const ccwCorner = outFirst + kw * vout;
    let j = (kw + 1) * vout;
    let corner = outFirst + (j === outerCircle ? 0 : j);
    if (next > kw) {
      wallCellA[w] = c;
      wallCellB[w] = c0 + next;
      wallV0[w] = inFirst + next;
      wallV1[w] = corner;
      adjCell[k] = c0 + next;
      adjWall[k++] = w;
      lastCw = w++;
    }
    for (let ch = outer - 1; ch >= 0; ch--, w++) {
      let to = ccwCorner;
      if (ch > 0) {
        j = (kw + 1) * vout - (outer - ch) * step;
        to = outFirst + (j === outerCircle ? 0 : j);
      }
      const child = children >= 0 ? children + kw * outer + ch : -1;
      wallCellA[w] = c;
      wallCellB[w] = child;
      wallV0[w] = corner;
      wallV1[w] = to;
      curved[w] = 1;
      if (child < 0) rimWall[rim++] = w;
      else {
        adjCell[k] = child;
        adjWall[k++] = w;
        childArc[kw * outer + ch] = w;
      }
      corner = to;
    }
    if (kw === 0) {
      wallCellA[w] = c;
      wallCellB[w] = c0 + cells - 1;
      wallV0[w] = ccwCorner;
      wallV1[w] = inFirst;
      adjCell[k] = c0 + cells - 1;
      adjWall[k++] = w;
      firstCcw = w++;
    }
    adjStart[c + 1] = k;
    rimStart[c + 1] = rim;
  }
  interleavePlaces(adjCell, adjWall, interleaved, adjStart[c0], k);
  return w;
}
