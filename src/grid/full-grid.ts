import { type Adjacency, assembleGrid, type Grid } from './grid.js';

/**
 * The arrays of an unmasked tiled grid written directly by its topology (no `TileTables`, no renumbering):
 * cells, the vertices every wall uses (all of them), walls and the CSR lists. Arc grids add `wallArc` and
 * the arcs' centre.
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
  /** The vertices' bounding box [minX, minY, maxX, maxY], when the topology found it without a scan. */
  box?: [number, number, number, number];
}

/** A grid of the arrays, framed to its walls' bounding box as `assembleGrid` frames every grid. */
export function finishFullGrid(topology: string, sizeLabel: string, a: FullGridArrays): Grid {
  const { adjStart, adjCell, adjWall, rimStart, rimWall } = a;
  return assembleGrid(
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
}

/**
 * Writes walls in order into arrays sized from the cells' neighbour and rim counts (`adjStart` and
 * `rimStart` as prefix sums, which it takes over), appending each wall to its cells' lists as
 * `assembleGrid` would: each list comes out in wall order. A topology calls `wall` (or `rim`) for each
 * cell's edges in its edge order, for the walls the cell writes: rim walls, and shared walls whose other
 * cell is higher.
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
    let k = this.adjStart[a]++;
    this.adjCell[k] = b;
    this.adjWall[k] = n;
    k = this.adjStart[b]++;
    this.adjCell[k] = a;
    this.adjWall[k] = n;
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

  /** The walls and lists, once every wall is written (the starts shifted back to the lists' starts). */
  finish(): Omit<FullGridArrays, 'cellX' | 'cellY' | 'vertexX' | 'vertexY' | 'box'> {
    if (this.n !== this.wallCount) {
      throw new Error(`internal: ${this.n} walls written where the counts promise ${this.wallCount}`);
    }
    const { adjStart, rimStart, cellCount } = this;
    adjStart.copyWithin(1, 0, cellCount);
    adjStart[0] = 0;
    rimStart.copyWithin(1, 0, cellCount);
    rimStart[0] = 0;
    return {
      wallCount: this.wallCount,
      wallCellA: this.wallCellA,
      wallCellB: this.wallCellB,
      wallV0: this.wallV0,
      wallV1: this.wallV1,
      ...(this.wallArc ? { wallArc: this.wallArc } : {}),
      adjStart,
      adjCell: this.adjCell,
      adjWall: this.adjWall,
      rimStart,
      rimWall: this.rimWall,
    };
  }
}
