import { scratch } from './scratch.js';

/**
 * The records the ends walks pair rim cells with: per rim part, the farthest rim cell below a cell of the
 * walk and its depth, and the best pair so far.
 */

/** Fields of the best pair found (`Records.best`): passages between its cells, and each end and its part. */
export const LENGTH = 0;
export const A = 1;
export const PART_A = 2;
export const B = 3;
export const PART_B = 4;
/**
 * Set by the walk over a tree: the cell both ends of the best pair hang from (where their routes to the root
 * meet), and how many cells the walk reached (-1 from the walk that marks cells).
 */
export const FORK = 5;
export const REACHED = 6;

/**
 * Records of the pair search. A record belongs to a cell and holds, per part p of the rim with a rim cell
 * below that cell (bit p of `parts`), the farthest such cell (`far[8r + p]`, the first reached among equals)
 * and its depth (`depth[8r + p]`: passages from the walk's root, so a record passes up a chain of cells
 * unchanged and only branches that meet cost work); entries of unset parts are stale. A record is handed
 * out per rim cell reached.
 */
export interface Records {
  parts: Int32Array;
  depth: Int32Array;
  far: Int32Array;
  count: number;
  /** The longest pair so far, by the fields LENGTH … PART_B; length -1 for none. */
  best: Int32Array;
}

/** A new record for rim cell `c` at `depth`, its own outer rim parts (`own`) at distance 0. */
export function newRecord(r: Records, c: number, depth: number, own: number): number {
  const i = r.count++;
  r.parts[i] = own;
  for (let bits = own; bits !== 0; bits &= bits - 1) {
    const p = 31 - Math.clz32(bits & -bits);
    r.depth[8 * i + p] = depth;
    r.far[8 * i + p] = c;
  }
  return i;
}

/**
 * A finished branch's record `s` meets record `t` of the cell it hangs from (`fork`, at `depth`), as far as that
 * cell's branches before it go: each part's farthest cell pairs with the other's farthest in the opposite
 * part (a longer pair replaces the best; parts in ascending order), then the branch's farthest cells join
 * `t` where they are deeper.
 */
export function joinRecord(r: Records, s: number, t: number, depth: number, fork: number): void {
  const { depth: deep, far, best } = r;
  const mine = r.parts[s];
  let theirs = r.parts[t];
  const o = 8 * s;
  const q = 8 * t;
  for (let bits = mine & ((theirs >> 4) | (theirs << 4)); bits !== 0; bits &= bits - 1) {
    const p = 31 - Math.clz32(bits & -bits);
    const length = deep[q + (p ^ 4)] + deep[o + p] - 2 * depth;
    if (length > best[LENGTH]) {
      best[LENGTH] = length;
      best[A] = far[q + (p ^ 4)];
      best[PART_A] = p ^ 4;
      best[B] = far[o + p];
      best[PART_B] = p;
      best[FORK] = fork;
    }
  }
  for (let bits = mine; bits !== 0; bits &= bits - 1) {
    const p = 31 - Math.clz32(bits & -bits);
    if (((theirs >> p) & 1) === 0 || deep[o + p] > deep[q + p]) {
      deep[q + p] = deep[o + p];
      far[q + p] = far[o + p];
      theirs |= 1 << p;
    }
  }
  r.parts[t] = theirs;
}

/** Records for up to `n` rim cells (scratch, valid until the next call). */
export function records(n: number): Records {
  return {
    parts: scratch.ints('parts', n),
    depth: scratch.ints('depth', 8 * n),
    far: scratch.ints('far', 8 * n),
    count: 0,
    best: scratch.best(),
  };
}
