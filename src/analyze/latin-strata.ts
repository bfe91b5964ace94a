import type { Rng } from '../random/sfc32.js';

/**
 * Latin strata for a batch of walks: each cell's first choice in walk t of a batch draws its uniform from
 * stratum π_c(t) of [0, 1) cut into `size` equal parts, π_c a random permutation of the strata drawn for that
 * cell and batch. Over a batch every cell's first choice thus falls once in each stratum (a Latin hypercube
 * over the cells), while each walk, alone, still draws every cell's uniform from all of [0, 1), independently
 * of the other cells: the mean of a batch is an unbiased estimate, with the variance of the choices that act
 * on the result one by one mostly taken out.
 *
 * The permutations are the affine ones, π_c(t) = (a·t + b) mod size with a odd and b drawn for each cell
 * and batch (`size` a power of two): one draw per cell that chooses at all, made when a walk of the batch
 * first needs it. Each walk's stratum of a cell is uniform, and independent of its strata of other cells.
 */
export class LatinStrata {
  /** Walks in a batch: a power of two, at most 2^16. */
  readonly size: number;
  /** The permutation of each cell, a·2^16 + b (valid when made[c] is the batch). */
  private readonly affine: Int32Array;
  private readonly made: Int32Array;
  private batch = 0;
  private walk = 0;

  constructor(cells: number, size: number) {
    if (size < 1 || size > 1 << 16 || (size & (size - 1)) !== 0) {
      throw new Error('internal: Latin strata need a power of two walks a batch');
    }
    this.size = size;
    this.affine = new Int32Array(cells);
    this.made = new Int32Array(cells);
  }

  /** Moves on to the next walk; after `size` walks, a new batch with fresh permutations. */
  nextWalk(): void {
    if (this.batch > 0 && ++this.walk < this.size) return;
    this.walk = 0;
    this.batch++;
  }

  /** The current walk's uniform for cell `cell`'s first choice: in [0, 1), from its stratum. */
  uniform(cell: number, rng: Rng): number {
    const m = this.size;
    if (this.made[cell] !== this.batch) {
      this.made[cell] = this.batch;
      const bits = rng.nextUint32();
      this.affine[cell] = ((((bits >>> 16) | 1) & (m - 1)) << 16) | (bits & (m - 1));
    }
    const a = this.affine[cell];
    const stratum = ((a >>> 16) * this.walk + (a & 0xffff)) & (m - 1);
    return (stratum + rng.next()) / m;
  }
}
