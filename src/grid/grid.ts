/**
 * The topology-neutral grid: a planar subdivision whose faces are cells, whose edges are walls and whose
 * corners are vertices. Every topology builds one of these; algorithms see only the cell graph (CSR
 * adjacency), renderers see only the geometry. Coordinates are in grid units with x to the right and
 * y downwards; the bounding box of all vertices is [0, width] × [0, height].
 */
export interface Grid {
  /** Name of the topology that built the grid, e.g. `square`; for messages and reports only. */
  readonly topology: string;
  /** Human-readable size, e.g. `12×16`. */
  readonly sizeLabel: string;
  readonly cellCount: number;
  /** Cell centres. */
  readonly cellX: Float64Array;
  readonly cellY: Float64Array;

  readonly wallCount: number;
  /** The cell on one side of each wall (always a real cell). */
  readonly wallCellA: Int32Array;
  /** The cell on the other side, or -1 when the wall is on the rim. */
  readonly wallCellB: Int32Array;
  /** The wall's end vertices. */
  readonly wallV0: Int32Array;
  readonly wallV1: Int32Array;

  readonly vertexCount: number;
  readonly vertexX: Float64Array;
  readonly vertexY: Float64Array;

  /** CSR neighbour lists: neighbours of cell c are adjCell[adjStart[c] .. adjStart[c+1]), through adjWall. */
  readonly adjStart: Int32Array;
  readonly adjCell: Int32Array;
  readonly adjWall: Int32Array;
  /** CSR rim walls of each cell: rimWall[rimStart[c] .. rimStart[c+1]). */
  readonly rimStart: Int32Array;
  readonly rimWall: Int32Array;

  readonly width: number;
  readonly height: number;

  /**
   * An upper bound, in grid units, on the size along either axis of any wall's box: a straight wall's box is
   * the box of its two ends, an arc's that box widened on every side by its chord's length (an arc drawn
   * the short way round bulges less than half its chord past it). Given by the topologies from their
   * geometry, never below the largest box's size and at most about twice it; measured from the walls for
   * grids built otherwise; a cut-out keeps its full grid's.
   */
  readonly wallSpan: number;

  // Optional features, each present only on the grids that have it.
  /** Curved walls (circle mazes); absent when every wall is a straight segment. */
  readonly arcs?: GridArcs;
  /** Walls drawn at widths of their own (tone-reproducing picture mazes); absent when all have the theme's. */
  readonly tone?: GridTone;
  /** Under-passages (weave mazes); absent when the grid has none. */
  readonly weave?: GridWeave;
}

/** A grid's curved walls. */
export interface GridArcs {
  /**
   * 1 where a wall is an arc of the circle around (cx, cy) through its two vertices, drawn the short way
   * round; 0 where it is a straight segment.
   */
  readonly curved: Uint8Array;
  readonly cx: number;
  readonly cy: number;
}

/** The drawn widths of a grid's walls. */
export interface GridTone {
  /** Drawn width of each wall, in grid units. */
  readonly wallWidth: Float32Array;
}

/**
 * A weave grid's under-passages. An under-passage wall joins the two cells on either side of its crossing
 * cell; it has no geometry of its own (its vertices are those of the wall between its cell A and the
 * crossing cell, so it never changes the frame) and renderers skip it.
 */
export interface GridWeave {
  /** For each wall, the crossing cell an under-passage runs beneath, or -1 for an ordinary wall. */
  readonly under: Int32Array;
}

/**
 * Raw parts a topology hands to `assembleGrid`; walls must reference valid cells and vertices. The grid takes
 * over the cell and wall arrays (they may be changed in place and end up in it); the vertex arrays are only
 * read, so a cut-out grid can share its full grid's.
 */
export interface GridParts {
  topology: string;
  sizeLabel: string;
  cellCount: number;
  cellX: Float64Array;
  cellY: Float64Array;
  wallCount: number;
  wallCellA: Int32Array;
  wallCellB: Int32Array;
  wallV0: Int32Array;
  wallV1: Int32Array;
  vertexX: Float64Array;
  vertexY: Float64Array;
  /** Extent of the full, unmasked layout; the grid is re-fitted to the walls it keeps. */
  width: number;
  height: number;
  /** `Grid.wallSpan` of these walls (re-fitting only shifts them); measured when absent. */
  wallSpan?: number;
  arcs?: GridArcs;
  tone?: GridTone;
  weave?: GridWeave;
}

/**
 * A topology's `Grid.wallSpan` from the size of its largest wall box by formula (`exact`, grid units), with
 * room for the rounding its walls' ends carry: coordinates of up to `extent` grid units, each a few units in
 * the last place off the formula's value and shifted once by the re-framing.
 */
export function spanWithRoom(exact: number, extent: number): number {
  return exact + 1e-12 * (1 + extent);
}

/**
 * `Grid.wallSpan` measured in one pass over the walls (some 25 ms for two million walls), for grids whose
 * builder gives no formula; typed arrays only, so the one long loop meets no object it was not optimised
 * for.
 */
export function measureWallSpan({ wallCount, wallV0, wallV1, vertexX, vertexY, arcs }: GridParts): number {
  const curved = arcs?.curved;
  let span = 0;
  for (let w = 0; w < wallCount; w++) {
    const a = wallV0[w];
    const b = wallV1[w];
    const dx = Math.abs(vertexX[b] - vertexX[a]);
    const dy = Math.abs(vertexY[b] - vertexY[a]);
    let size = dx > dy ? dx : dy;
    if (curved !== undefined && curved[w] !== 0) size += 2 * Math.sqrt(dx * dx + dy * dy);
    if (size > span) span = size;
  }
  return span;
}

/** The CSR neighbour and rim lists of a grid (see `Grid`). */
export interface Adjacency {
  adjStart: Int32Array;
  adjCell: Int32Array;
  adjWall: Int32Array;
  rimStart: Int32Array;
  rimWall: Int32Array;
  /**
   * `adjCell` and `adjWall` interleaved (place k's neighbour at 2k, its wall at 2k + 1), when they were
   * written together with the lists; not part of the grid, kept beside it for `interleavedLists`.
   */
  interleaved?: Int32Array;
}

/** The interleaved lists written with each grid that has them (see `interleavedLists`). */
const interleavedOf = new WeakMap<Grid, Int32Array>();

/**
 * The grid's `adjCell` and `adjWall` interleaved, place k's neighbour at 2k and its wall at 2k + 1, when
 * they were written with the grid (the unmasked topologies and cut-outs write them; a walk's neighbour
 * table is made of them); undefined otherwise. The array is shared, never to be changed.
 */
export function interleavedLists(grid: Grid): Int32Array | undefined {
  return interleavedOf.get(grid);
}

/**
 * Copies places [from, to) of the neighbour lists into their interleaved copy (place k's neighbour at 2k, its
 * wall at 2k + 1): the builders that write the lists cell by cell copy each cell's or ring's places while
 * they are still in the cache.
 */
export function interleavePlaces(
  adjCell: Int32Array,
  adjWall: Int32Array,
  interleaved: Int32Array,
  from: number,
  to: number,
): void {
  for (let k = from; k < to; k++) {
    interleaved[2 * k] = adjCell[k];
    interleaved[2 * k + 1] = adjWall[k];
  }
}

/** Keeps the interleaved lists written with a grid built outside `assembleGrid` (see `interleavedLists`). */
export function keepInterleavedLists(grid: Grid, interleaved: Int32Array): Grid {
  if (interleaved.length !== 2 * grid.adjCell.length) {
    throw new Error(
      `internal: ${grid.topology} interleaved lists of another length than its neighbour lists`,
    );
  }
  interleavedOf.set(grid, interleaved);
  return grid;
}

/**
 * Builds the CSR neighbour and rim lists from a topology's walls, drops vertices no wall uses and moves the
 * drawing so the walls' bounding box is [0, width] × [0, height] (a masked maze is framed by what it keeps).
 * Linear in cells + walls + vertices. A topology that already has the lists (in wall order per cell, as
 * they would be built here) and uses every vertex it lists passes them as `known`, and may pass the
 * vertices' bounding box `[minX, minY, maxX, maxY]` when it knows it; arcs still widen it, and then only
 * the rim walls' arcs are measured (the topology promises no inner arc reaches past them). `interleave`:
 * the lists built here are also written interleaved (`interleavedLists`), for a grid a walk will take.
 */
export function assembleGrid(
  raw: GridParts,
  known?: Adjacency,
  box?: readonly [number, number, number, number],
  interleave = false,
): Grid {
  const parts = fitToWalls(raw, known !== undefined, box, box !== undefined ? known?.rimWall : undefined);
  const { adjStart, adjCell, adjWall, rimStart, rimWall, interleaved } =
    known ?? adjacencyOf(parts, undefined, interleave);
  const grid: Grid = {
    ...parts,
    wallSpan: parts.wallSpan ?? measureWallSpan(parts),
    vertexCount: parts.vertexX.length,
    adjStart,
    adjCell,
    adjWall,
    rimStart,
    rimWall,
  };
  return interleaved ? keepInterleavedLists(grid, interleaved) : grid;
}

/**
 * The CSR neighbour and rim lists of walls between cells: each cell's lists in wall order. Two passes over
 * the walls, the first counting, the second filling; a topology that knows every cell's neighbour and rim
 * counts passes their prefix sums as `starts` (`adjStart`, `rimStart`; taken over) and spares the first.
 * `interleave`: the neighbour lists are written a second time interleaved (`Adjacency.interleaved`) in the
 * same pass.
 */
export function adjacencyOf(
  {
    cellCount,
    wallCount,
    wallCellA,
    wallCellB,
  }: Pick<GridParts, 'cellCount' | 'wallCount' | 'wallCellA' | 'wallCellB'>,
  starts?: { adjStart: Int32Array; rimStart: Int32Array },
  interleave = false,
): Adjacency {
  const { adjStart, rimStart } = starts ?? countLists(cellCount, wallCount, wallCellA, wallCellB);
  const inner = adjStart[cellCount]; // places in the neighbour lists: two per wall between cells
  const rims = rimStart[cellCount];
  if (inner + 2 * rims !== 2 * wallCount) {
    throw new Error(
      `internal: ${inner} neighbour places and ${rims} rim walls do not fit ${wallCount} walls`,
    );
  }
  const adjCell = new Int32Array(inner);
  const adjWall = new Int32Array(inner);
  const rimWall = new Int32Array(rims);
  // An empty copy when not asked for: one loop serves both.
  const interleaved = new Int32Array(interleave ? 2 * inner : 0);
  fillLists(wallCount, wallCellA, wallCellB, adjStart, adjCell, adjWall, interleaved, rimStart, rimWall);
  adjStart.copyWithin(1, 0, cellCount);
  adjStart[0] = 0;
  rimStart.copyWithin(1, 0, cellCount);
  rimStart[0] = 0;
  return interleave
    ? { adjStart, adjCell, adjWall, rimStart, rimWall, interleaved }
    : { adjStart, adjCell, adjWall, rimStart, rimWall };
}

/**
 * Appends each wall to its cells' lists (and, when `interleaved` is not empty, to their interleaved copy),
 * advancing each list's start, which then holds the next list's start.
 */
function fillLists(
  wallCount: number,
  wallCellA: Int32Array,
  wallCellB: Int32Array,
  adjStart: Int32Array,
  adjCell: Int32Array,
  adjWall: Int32Array,
  interleaved: Int32Array,
  rimStart: Int32Array,
  rimWall: Int32Array,
): void {
  const both = interleaved.length > 0;
  for (let w = 0; w < wallCount; w++) {
    const a = wallCellA[w];
    const b = wallCellB[w];
    if (b >= 0) {
      const i = adjStart[a]++;
      const j = adjStart[b]++;
      adjCell[i] = b;
      adjWall[i] = w;
      adjCell[j] = a;
      adjWall[j] = w;
      if (both) {
        interleaved[2 * i] = b;
        interleaved[2 * i + 1] = w;
        interleaved[2 * j] = a;
        interleaved[2 * j + 1] = w;
      }
    } else {
      rimWall[rimStart[a]++] = w;
    }
  }
}

/** Each cell's neighbour and rim counts from its walls, as prefix sums (where each list starts). */
function countLists(
  cellCount: number,
  wallCount: number,
  wallCellA: Int32Array,
  wallCellB: Int32Array,
): { adjStart: Int32Array; rimStart: Int32Array } {
  // Counts go one slot ahead (adjStart[c + 1]); after the prefix sum adjStart[c] is where c's list starts.
  const adjStart = new Int32Array(cellCount + 1);
  const rimStart = new Int32Array(cellCount + 1);
  for (let w = 0; w < wallCount; w++) {
    const b = wallCellB[w];
    if (b >= 0) {
      adjStart[wallCellA[w] + 1]++;
      adjStart[b + 1]++;
    } else {
      rimStart[wallCellA[w] + 1]++;
    }
  }
  for (let c = 0; c < cellCount; c++) {
    adjStart[c + 1] += adjStart[c];
    rimStart[c + 1] += rimStart[c];
  }
  return { adjStart, rimStart };
}

/**
 * Renumbers the vertices the walls use (in order) and shifts everything to the walls' bounding box. Cell and
 * wall arrays are changed in place; new vertex arrays are made only when some vertex goes or moves.
 * `allUsed`: the caller knows every vertex is used by some wall; `box`: it knows their bounding box too;
 * `arcWalls`: the only walls whose arcs may bulge past that box (all walls when absent).
 */
function fitToWalls(
  parts: GridParts,
  allUsed = false,
  box?: readonly [number, number, number, number],
  arcWalls?: Int32Array,
): GridParts {
  const { wallCount, wallV0, wallV1, vertexX, vertexY } = parts;
  const vertices = vertexX.length;
  /** 1 for vertices a wall uses, then each one's new number (-1 for the unused); none when all are used. */
  let used: Int32Array | undefined;
  if (!allUsed) {
    used = new Int32Array(vertices);
    for (let w = 0; w < wallCount; w++) {
      used[wallV0[w]] = 1;
      used[wallV1[w]] = 1;
    }
  }
  let n = 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  if (allUsed && box !== undefined && vertices > 0) {
    n = vertices;
    [minX, minY, maxX, maxY] = box;
  }
  for (let v = n; v < vertices; v++) {
    if (used !== undefined) {
      if (used[v] === 0) {
        used[v] = -1;
        continue;
      }
      used[v] = n;
    }
    n++;
    const x = vertexX[v];
    const y = vertexY[v];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (n === 0) return parts;
  // Arcs bulge past their end vertices: widen the box by the extreme points of every arc.
  if (parts.arcs) {
    const box = arcBox(parts, parts.arcs, minX, minY, maxX, maxY, arcWalls);
    [minX, minY, maxX, maxY] = box;
  }
  const width = maxX - minX;
  const height = maxY - minY;
  const all = n === vertices;
  const moved = minX !== 0 || minY !== 0;
  if (all && !moved) return { ...parts, width, height };
  let vx = vertexX;
  let vy = vertexY;
  if (moved || !all) {
    vx = new Float64Array(n);
    vy = new Float64Array(n);
    for (let v = 0; v < vertices; v++) {
      const k = used === undefined ? v : used[v];
      if (k < 0) continue;
      vx[k] = vertexX[v] - minX;
      vy[k] = vertexY[v] - minY;
    }
  }
  if (!all && used !== undefined) {
    for (let w = 0; w < wallCount; w++) {
      wallV0[w] = used[wallV0[w]];
      wallV1[w] = used[wallV1[w]];
    }
  }
  const { cellX, cellY } = parts;
  if (moved) {
    for (let c = 0; c < parts.cellCount; c++) {
      cellX[c] -= minX;
      cellY[c] -= minY;
    }
  }
  return {
    ...parts,
    vertexX: vx,
    vertexY: vy,
    width,
    height,
    ...(parts.arcs && moved
      ? { arcs: { curved: parts.arcs.curved, cx: parts.arcs.cx - minX, cy: parts.arcs.cy - minY } }
      : {}),
  };
}

const AXES = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/**
 * The box [minX, minY, maxX, maxY] of the vertices widened by the points of the arcs that reach furthest
 * along each axis, among the walls `only` lists (all walls when absent). An arc whose circle stays well
 * inside the box cannot widen it and is skipped unmeasured.
 */
function arcBox(
  parts: GridParts,
  { curved: arcs, cx, cy }: GridArcs,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  only?: Int32Array,
): [number, number, number, number] {
  const { wallCount, wallV0, wallV1, vertexX, vertexY } = parts;
  // Squared radius below which a circle around (cx, cy) is inside the box with room to spare.
  const room = Math.min(maxX - cx, cx - minX, maxY - cy, cy - minY);
  const inside = room > 0 ? room * room * 0.999 : -1;
  for (let i = 0, end = only === undefined ? wallCount : only.length; i < end; i++) {
    const w = only === undefined ? i : only[i];
    if (arcs[w] === 0) continue;
    const ax = vertexX[wallV0[w]] - cx;
    const ay = vertexY[wallV0[w]] - cy;
    if (ax * ax + ay * ay < inside) continue;
    const bx = vertexX[wallV1[w]] - cx;
    const by = vertexY[wallV1[w]] - cy;
    const r = Math.hypot(ax, ay);
    const turn = ax * by - ay * bx;
    // An axis direction on the short arc from A to B is an extreme point of the drawing.
    for (const [dx, dy] of AXES) {
      if (dx * (ax + bx) + dy * (ay + by) <= 0) continue;
      if ((ax * dy - ay * dx) * turn < 0 || (dx * by - dy * bx) * turn < 0) continue;
      minX = Math.min(minX, cx + dx * r);
      maxX = Math.max(maxX, cx + dx * r);
      minY = Math.min(minY, cy + dy * r);
      maxY = Math.max(maxY, cy + dy * r);
    }
  }
  return [minX, minY, maxX, maxY];
}

/**
 * The grid of the cells `keep` marks (one byte per cell of `grid`): cells are renumbered by rank, walls
 * between two kept cells stay inner walls, walls between a kept and a dropped cell become rim walls of the
 * kept one, and walls with no kept cell go. Wall order is the full grid's, so the result is fixed by it.
 * Its lists are written interleaved too (`interleavedLists`): a cut-out is made to be walked.
 */
export function subGrid(grid: Grid, keep: Uint8Array): Grid {
  const ids = new Int32Array(grid.cellCount);
  let cellCount = 0;
  for (let c = 0; c < grid.cellCount; c++) ids[c] = keep[c] === 0 ? -1 : cellCount++;
  const cellX = new Float64Array(cellCount);
  const cellY = new Float64Array(cellCount);
  for (let c = 0; c < grid.cellCount; c++) {
    const id = ids[c];
    if (id < 0) continue;
    cellX[id] = grid.cellX[c];
    cellY[id] = grid.cellY[c];
  }
  const n = grid.wallCount;
  const wallCellA = new Int32Array(n);
  const wallCellB = new Int32Array(n);
  const wallV0 = new Int32Array(n);
  const wallV1 = new Int32Array(n);
  const { arcs, tone, weave } = grid;
  const curved = arcs ? new Uint8Array(n) : undefined;
  const wallWidth = tone ? new Float32Array(n) : undefined;
  const under = weave ? new Int32Array(n) : undefined;
  let m = 0;
  for (let w = 0; w < n; w++) {
    const a = ids[grid.wallCellA[w]];
    const bFull = grid.wallCellB[w];
    const b = bFull >= 0 ? ids[bFull] : -1;
    if (a < 0 && b < 0) continue;
    if (under && weave) {
      // An under-passage lives only while its two cells and its crossing cell are all kept.
      const crossing = weave.under[w];
      if (crossing >= 0 && (a < 0 || b < 0 || ids[crossing] < 0)) continue;
      under[m] = crossing >= 0 ? ids[crossing] : -1;
    }
    wallCellA[m] = a >= 0 ? a : b;
    wallCellB[m] = a >= 0 ? b : -1;
    wallV0[m] = grid.wallV0[w];
    wallV1[m] = grid.wallV1[w];
    if (curved && arcs) curved[m] = arcs.curved[w];
    if (wallWidth && tone) wallWidth[m] = tone.wallWidth[w];
    m++;
  }
  return assembleGrid(
    {
      topology: grid.topology,
      sizeLabel: grid.sizeLabel,
      cellCount,
      cellX,
      cellY,
      wallCount: m,
      wallCellA: wallCellA.slice(0, m),
      wallCellB: wallCellB.slice(0, m),
      wallV0: wallV0.slice(0, m),
      wallV1: wallV1.slice(0, m),
      vertexX: grid.vertexX,
      vertexY: grid.vertexY,
      width: grid.width,
      height: grid.height,
      // The cut-out's walls are some of the grid's, and re-framing only shifts them.
      wallSpan: grid.wallSpan,
      ...(curved && arcs ? { arcs: { curved: curved.slice(0, m), cx: arcs.cx, cy: arcs.cy } } : {}),
      ...(wallWidth ? { tone: { wallWidth: wallWidth.slice(0, m) } } : {}),
      ...(under ? { weave: { under: under.slice(0, m) } } : {}),
    },
    undefined,
    undefined,
    true,
  );
}

/** Midpoint of a wall, in grid units. */
export function wallMidpoint(grid: Grid, wall: number): [number, number] {
  const v0 = grid.wallV0[wall];
  const v1 = grid.wallV1[wall];
  return [(grid.vertexX[v0] + grid.vertexX[v1]) / 2, (grid.vertexY[v0] + grid.vertexY[v1]) / 2];
}

/**
 * Unit normal of a rim wall pointing out of the maze (away from its cell's centre).
 * @returns [nx, ny] with length 1
 */
export function rimNormal(grid: Grid, wall: number): [number, number] {
  const v0 = grid.wallV0[wall];
  const v1 = grid.wallV1[wall];
  const dx = grid.vertexX[v1] - grid.vertexX[v0];
  const dy = grid.vertexY[v1] - grid.vertexY[v0];
  const len = Math.hypot(dx, dy);
  let nx = dy / len;
  let ny = -dx / len;
  const [mx, my] = wallMidpoint(grid, wall);
  const cell = grid.wallCellA[wall];
  if ((mx - grid.cellX[cell]) * nx + (my - grid.cellY[cell]) * ny < 0) {
    nx = -nx;
    ny = -ny;
  }
  return [nx + 0, ny + 0]; // + 0 turns -0 into 0
}

const degreeCache = new WeakMap<Grid, number>();

/** The largest number of neighbours any cell has (sizes per-step scratch arrays); found once per grid. */
export function maxDegree(grid: Grid): number {
  const hit = degreeCache.get(grid);
  if (hit !== undefined) return hit;
  const { adjStart, cellCount } = grid;
  let max = 0;
  for (let c = 0; c < cellCount; c++) {
    const d = adjStart[c + 1] - adjStart[c];
    if (d > max) max = d;
  }
  degreeCache.set(grid, max);
  return max;
}

/** The walls meeting at each vertex, as CSR lists: vertex v's walls are walls[start[v] .. start[v+1]). */
export function vertexWalls(grid: Grid): { start: Int32Array; walls: Int32Array } {
  const { vertexCount, wallCount, wallV0, wallV1 } = grid;
  const start = new Int32Array(vertexCount + 1);
  for (let w = 0; w < wallCount; w++) {
    start[wallV0[w] + 1]++;
    start[wallV1[w] + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const fill = start.slice(0, vertexCount);
  const walls = new Int32Array(start[vertexCount]);
  for (let w = 0; w < wallCount; w++) {
    walls[fill[wallV0[w]]++] = w;
    walls[fill[wallV1[w]]++] = w;
  }
  return { start, walls };
}
