import { type Adjacency, assembleGrid, type Grid } from './grid.js';
import { keepNeighbourTable, type NeighbourTable } from './neighbour-table.js';

/**
 * The arrays of an unmasked tiled grid written directly by its topology (no `TileTables`, no renumbering):
 * cells, the vertices every wall uses (all of them), walls, the CSR lists and the neighbour table. Arc grids
 * add `wallArc` and the arcs' centre.
 */
export interface FullGridArrays extends Adjacency {
  cellX: Float64Array;
  cellY: Float64Array;
  vertexX: Float64Array;
  vertexY: Float64Array;
  wallCount: number;
  wallCellA: Int32Array;
  wallCellB: Int32Array;
  wallV0: Int32Array;
  wallV1: Int32Array;
  wallArc?: Uint8Array;
  arcCX?: number;
  arcCY?: number;
  /**
   * The vertices' bounding box [minX, minY, maxX, maxY], when the topology found it without a scan. With
   * arcs, only the arcs of rim walls are then measured for how far they bulge past it: the topology
   * promises no other arc reaches further.
   */
  box?: [number, number, number, number];
  /** The neighbour table, in the CSR lists' order. */
  table: NeighbourTable;
}

/** A grid of the arrays, framed to its walls' bounding box as `assembleGrid` frames every grid. */
export function finishFullGrid(topology: string, sizeLabel: string, a: FullGridArrays): Grid {
  const { adjStart, adjCell, adjWall, rimStart, rimWall } = a;
  const grid = assembleGrid(
    {
      topology,
      sizeLabel,
      cellCount: a.cellX.length,
      cellX: a.cellX,
      cellY: a.cellY,
      wallCount: a.wallCount,
      wallCellA: a.wallCellA,
      wallCellB: a.wallCellB,
      wallV0: a.wallV0,
      wallV1: a.wallV1,
      vertexX: a.vertexX,
      vertexY: a.vertexY,
      width: 0,
      height: 0,
      ...(a.wallArc ? { wallArc: a.wallArc, arcCX: a.arcCX ?? 0, arcCY: a.arcCY ?? 0 } : {}),
    },
    { adjStart, adjCell, adjWall, rimStart, rimWall },
    a.box,
  );
  return keepNeighbourTable(grid, a.table);
}

/**
 * Writes walls in order into arrays sized from the cells' neighbour and rim counts (`adjStart` and
 * `rimStart` as prefix sums; it keeps the first and takes over the second), appending each wall to its
 * cells' CSR lists and neighbour-table places as `assembleGrid` and `neighbourTable` would: each list comes
 * out in wall order. A topology calls `wall` (or `rim`) for each cell's edges in its edge order, for the
 * walls the cell writes: rim walls, and shared walls whose other cell is higher.
 */
export class WallWriter {
  readonly wallCount: number;
  readonly wallCellA: Int32Array;
  readonly wallCellB: Int32Array;
  readonly wallV0: Int32Array;
  readonly wallV1: Int32Array;
  readonly wallArc: Uint8Array | undefined;
  private readonly adjStart: Int32Array;
  private readonly adjCell: Int32Array;
  private readonly adjWall: Int32Array;
  private readonly rimStart: Int32Array;
  private readonly rimWall: Int32Array;
  /** Neighbours written so far per cell; at the end, each cell's degree. */
  private readonly degree: Uint16Array;
  private readonly stride: number;
  private readonly entries: Int32Array;
  private readonly cellCount: number;
  private n = 0;

  constructor(cellCount: number, adjStart: Int32Array, rimStart: Int32Array, arcs: boolean) {
    this.cellCount = cellCount;
    this.adjStart = adjStart;
    this.rimStart = rimStart;
    const inner = adjStart[cellCount];
    const rims = rimStart[cellCount];
    this.wallCount = inner / 2 + rims;
    this.wallCellA = new Int32Array(this.wallCount);
    this.wallCellB = new Int32Array(this.wallCount);
    this.wallV0 = new Int32Array(this.wallCount);
    this.wallV1 = new Int32Array(this.wallCount);
    this.wallArc = arcs ? new Uint8Array(this.wallCount) : undefined;
    this.adjCell = new Int32Array(inner);
    this.adjWall = new Int32Array(inner);
    this.rimWall = new Int32Array(rims);
    let stride = 0;
    for (let c = 0; c < cellCount; c++) stride = Math.max(stride, adjStart[c + 1] - adjStart[c]);
    this.stride = stride;
    this.degree = new Uint16Array(cellCount);
    this.entries = new Int32Array(2 * stride * cellCount);
  }

  /** The next wall, of cell `a` and cell `b` (-1: the rim) from vertex v0 to v1. */
  wall(a: number, b: number, v0: number, v1: number): void {
    if (b < 0) {
      this.rim(a, v0, v1);
      return;
    }
    const n = this.n++;
    this.wallCellA[n] = a;
    this.wallCellB[n] = b;
    this.wallV0[n] = v0;
    this.wallV1[n] = v1;
    const { adjStart, adjCell, adjWall, degree, entries, stride } = this;
    let j = degree[a]++;
    let k = adjStart[a] + j;
    adjCell[k] = b;
    adjWall[k] = n;
    let i = 2 * (stride * a + j);
    entries[i] = b;
    entries[i + 1] = n;
    j = degree[b]++;
    k = adjStart[b] + j;
    adjCell[k] = a;
    adjWall[k] = n;
    i = 2 * (stride * b + j);
    entries[i] = a;
    entries[i + 1] = n;
  }

  /** The next wall, on the rim of cell `a`. */
  rim(a: number, v0: number, v1: number): void {
    const n = this.n++;
    this.wallCellA[n] = a;
    this.wallCellB[n] = -1;
    this.wallV0[n] = v0;
    this.wallV1[n] = v1;
    this.rimWall[this.rimStart[a]++] = n;
  }

  /** Marks the last wall written as an arc. */
  arc(): void {
    (this.wallArc as Uint8Array)[this.n - 1] = 1;
  }

  /** The walls, lists and table, once every wall is written (the rim starts shifted back). */
  finish(): Omit<FullGridArrays, 'cellX' | 'cellY' | 'vertexX' | 'vertexY' | 'box'> {
    if (this.n !== this.wallCount) {
      throw new Error(`internal: ${this.n} walls written where the counts promise ${this.wallCount}`);
    }
    const { rimStart, cellCount } = this;
    rimStart.copyWithin(1, 0, cellCount);
    rimStart[0] = 0;
    return {
      wallCount: this.wallCount,
      wallCellA: this.wallCellA,
      wallCellB: this.wallCellB,
      wallV0: this.wallV0,
      wallV1: this.wallV1,
      ...(this.wallArc ? { wallArc: this.wallArc } : {}),
      adjStart: this.adjStart,
      adjCell: this.adjCell,
      adjWall: this.adjWall,
      rimStart,
      rimWall: this.rimWall,
      table: { stride: this.stride, degree: this.degree, entries: this.entries },
    };
  }
}
