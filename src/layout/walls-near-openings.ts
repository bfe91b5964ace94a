import type { Grid } from '../grid/grid.js';

/*
 * A wall's box, here and in the markers' tests, is the box of its two ends, an arc's widened on every side
 * by its chord's length (an arc drawn the short way round bulges less than half its chord past the chord,
 * so the box holds the whole arc). Grid units throughout.
 */

/** An axis-aligned box in grid units: x from `x0` to `x1`, y from `y0` to `y1`. */
export interface GridBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** What {@link wallsNearOpenings} finds for one opening. */
export interface NearOpening {
  /** Every wall, standing or open, whose box overlaps the opening's box, and maybe others; increasing. */
  walls: Int32Array;
  /**
   * Every rim wall whose box overlaps the band to the right of the opening's box (x from its left edge on,
   * y within it), and maybe others, in the order of `grid.rimWall`: the only rim walls a ray from a point of
   * the box towards +x can cross.
   */
  rim: Int32Array;
}

const NO_ARCS = new Uint8Array(0);

/**
 * For each opening (the rim wall `openings[i]` and a box `boxes[i]` around it, grid units; undefined: none
 * wanted), the walls whose boxes overlap the box and the rim walls beside it (see {@link NearOpening}),
 * found from one pass over the rim list and a walk over the cells near the box, not a pass over the walls.
 *
 * The walk is exact on any planar subdivision (cells whose faces have disjoint insides, each wall the
 * common edge of its two cells or, on the rim, of its cell and the outside, walls meeting only at their
 * ends). Let S be the box grown by the grid's `wallSpan`: a wall whose box overlaps the box lies in S,
 * so it is an edge of a cell whose face meets S. The walk steps from cell to cell across walls whose boxes
 * overlap S, from the cells of the rim walls whose boxes overlap S. Take the cells a walk across walls
 * meeting S reaches from any cell whose face meets S: were none of them to have a rim wall meeting S, their
 * faces would cover a neighbourhood in S of each point they cover (across each wall meeting S lies a
 * reached cell; around each corner in S the cells follow one another across walls meeting S), so they
 * would cover all of S — the opening's middle too, a point of a rim wall that only its cell's face holds,
 * and that cell has a rim wall meeting S. So every such cell is reached: holes, separate pieces and cells
 * meeting at a corner only bring rim walls of their own, and weave under-passages only add steps. Boxes are
 * grown by a hair more than rounding can move them: the answer may hold a few more walls, never fewer.
 */
export function wallsNearOpenings(
  grid: Grid,
  openings: readonly number[],
  boxes: readonly (GridBox | undefined)[],
): (NearOpening | undefined)[] {
  const hair = 1e-7 * (1 + grid.width + grid.height);
  const grown = grid.wallSpan + hair;
  const arcs = grid.arcs?.curved ?? NO_ARCS;
  const curved = grid.arcs !== undefined;
  const { wallV0, wallV1, vertexX, vertexY, rimWall, wallCellA } = grid;
  // One pass over the rim for every box: the rim walls of its band, and the cells to start walking from.
  const rims: number[][] = boxes.map(() => []);
  const starts: number[][] = boxes.map((b, i) => (b ? [wallCellA[openings[i]]] : []));
  boxes.forEach((box, i) => {
    if (box === undefined) return;
    const { x0, x1, y0, y1 } = box;
    rimPass(
      rimWall,
      wallV0,
      wallV1,
      vertexX,
      vertexY,
      wallCellA,
      arcs,
      curved,
      x0,
      x1,
      y0,
      y1,
      hair,
      grown,
      rims[i],
      starts[i],
    );
  });
  return boxes.map((box, i) => {
    if (box === undefined) return undefined;
    const walls = cellWalk(
      grid,
      starts[i],
      new Float64Array([box.x0 - grown, box.x1 + grown, box.y0 - grown, box.y1 + grown]),
      new Float64Array([box.x0 - hair, box.x1 + hair, box.y0 - hair, box.y1 + hair]),
    );
    return { walls, rim: Int32Array.from(rims[i]) };
  });
}

/** {@link wallBox}'s answer: left, right, top, bottom. */
const BOX = new Float64Array(4);

/**
 * Wall `w`'s box into `box` (left, right, top, bottom): its ends' box, an arc's widened on every side by its
 * chord's length (the box `Grid.wallSpan` bounds).
 */
function wallBox(
  w: number,
  wallV0: Int32Array,
  wallV1: Int32Array,
  vertexX: Float64Array,
  vertexY: Float64Array,
  arcs: Uint8Array,
  curved: boolean,
  box: Float64Array,
): void {
  const a = wallV0[w];
  const b = wallV1[w];
  const ax = vertexX[a];
  const bx = vertexX[b];
  const ay = vertexY[a];
  const by = vertexY[b];
  const bulge = curved && arcs[w] !== 0 ? Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay)) : 0;
  box[0] = (ax < bx ? ax : bx) - bulge;
  box[1] = (ax > bx ? ax : bx) + bulge;
  box[2] = (ay < by ? ay : by) - bulge;
  box[3] = (ay > by ? ay : by) + bulge;
}

/**
 * One box's pass over the rim (box x from `x0` to `x1`, y from `y0` to `y1`): the rim walls whose boxes
 * reach the band right of it grown by `hair` go to `rims`, the cells of those whose boxes overlap it grown
 * by `grown` to `starts`, in rim order. Typed arrays and numbers only, so the loop is compiled for them
 * within its first stretch of a long rim.
 */
function rimPass(
  rimWall: Int32Array,
  wallV0: Int32Array,
  wallV1: Int32Array,
  vertexX: Float64Array,
  vertexY: Float64Array,
  wallCellA: Int32Array,
  arcs: Uint8Array,
  curved: boolean,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  hair: number,
  grown: number,
  rims: number[],
  starts: number[],
): void {
  const bandX0 = x0 - hair;
  const bandY0 = y0 - hair;
  const bandY1 = y1 + hair;
  const sx0 = x0 - grown;
  const sx1 = x1 + grown;
  const sy0 = y0 - grown;
  const sy1 = y1 + grown;
  for (let k = 0; k < rimWall.length; k++) {
    const w = rimWall[k];
    wallBox(w, wallV0, wallV1, vertexX, vertexY, arcs, curved, BOX);
    const left = BOX[0];
    const right = BOX[1];
    const top = BOX[2];
    const bottom = BOX[3];
    if (right >= bandX0 && bottom >= bandY0 && top <= bandY1) rims.push(w);
    if (right >= sx0 && left <= sx1 && bottom >= sy0 && top <= sy1) starts.push(wallCellA[w]);
  }
}

/** Marks of the cells a walk has reached, kept between walks (each walk clears the marks it set). */
let reached = new Uint8Array(0);

/**
 * The walls, in increasing order and each once, whose boxes overlap `keep`, among the walls of the cells
 * reached from `starts` by steps across walls whose boxes overlap `step` (`keep` inside `step`, so a wall
 * kept is crossed and the walk reaches both its cells). Boxes as [x0, x1, y0, y1].
 */
function cellWalk(grid: Grid, starts: readonly number[], step: Float64Array, keep: Float64Array): Int32Array {
  if (reached.length < grid.cellCount) reached = new Uint8Array(grid.cellCount);
  const queue: number[] = [];
  for (const c of starts) {
    if (reached[c] !== 0) continue;
    reached[c] = 1;
    queue.push(c);
  }
  const found: number[] = [];
  walkCells(
    queue,
    found,
    reached,
    grid.adjStart,
    grid.adjCell,
    grid.adjWall,
    grid.rimStart,
    grid.rimWall,
    grid.wallCellA,
    grid.wallV0,
    grid.wallV1,
    grid.vertexX,
    grid.vertexY,
    grid.arcs?.curved ?? NO_ARCS,
    grid.arcs !== undefined,
    step,
    keep,
  );
  for (const c of queue) reached[c] = 0;
  const sorted = Int32Array.from(found).sort();
  let n = 0;
  for (let k = 0; k < sorted.length; k++) if (n === 0 || sorted[k] !== sorted[n - 1]) sorted[n++] = sorted[k];
  return sorted.subarray(0, n);
}

/** {@link cellWalk}'s loop: the queue grows as cells are reached; walls kept go to `found`. */
function walkCells(
  queue: number[],
  found: number[],
  marks: Uint8Array,
  adjStart: Int32Array,
  adjCell: Int32Array,
  adjWall: Int32Array,
  rimStart: Int32Array,
  rimWall: Int32Array,
  wallCellA: Int32Array,
  wallV0: Int32Array,
  wallV1: Int32Array,
  vertexX: Float64Array,
  vertexY: Float64Array,
  arcs: Uint8Array,
  curved: boolean,
  step: Float64Array,
  keep: Float64Array,
): void {
  const [sx0, sx1, sy0, sy1] = step;
  const [kx0, kx1, ky0, ky1] = keep;
  for (let head = 0; head < queue.length; head++) {
    const c = queue[head];
    const inner = adjStart[c + 1] - adjStart[c];
    const end = inner + rimStart[c + 1] - rimStart[c];
    for (let j = 0; j < end; j++) {
      const rim = j >= inner;
      const w = rim ? rimWall[rimStart[c] + j - inner] : adjWall[adjStart[c] + j];
      const d = rim ? -1 : adjCell[adjStart[c] + j];
      // A wall between cells is met from both sides: kept from its cell A's, crossed towards a cell not
      // reached yet.
      const mine = wallCellA[w] === c;
      if (!mine && (rim || marks[d] !== 0)) continue;
      wallBox(w, wallV0, wallV1, vertexX, vertexY, arcs, curved, BOX);
      const left = BOX[0];
      const right = BOX[1];
      const top = BOX[2];
      const bottom = BOX[3];
      if (right < sx0 || left > sx1 || bottom < sy0 || top > sy1) continue;
      if (mine && right >= kx0 && left <= kx1 && bottom >= ky0 && top <= ky1) found.push(w);
      if (!rim && marks[d] === 0) {
        marks[d] = 1;
        queue.push(d);
      }
    }
  }
}
