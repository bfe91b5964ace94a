/** Longest scratch array kept between calls (1 MB: mazes up to about 500 × 500 cells). */
const KEEP = 1 << 18;

/**
 * Scratch arrays kept between calls (one maze at a time on a thread), so that the pages of a book do not
 * allocate them again; each grows to the largest maze seen, up to KEEP; longer ones are made for the call
 * and left to the collector. Contents are whatever the last call left, except `best` (no pair yet).
 */
export const scratch = {
  arrays: new Map<string, Int32Array>(),
  ints(name: string, length: number): Int32Array {
    const a = this.arrays.get(name);
    if (a && a.length >= length) return a;
    const made = new Int32Array(length);
    if (length <= KEEP) this.arrays.set(name, made);
    return made;
  },
  /** `current` (the array `name`) made `length` long, its contents kept. */
  grow(name: string, current: Int32Array, length: number): Int32Array {
    if (current.length >= length) return current;
    const a = new Int32Array(length);
    a.set(current);
    if (length <= KEEP) this.arrays.set(name, a);
    return a;
  },
  best(): Int32Array {
    const a = this.ints('best', 7);
    a.fill(-1);
    return a;
  },
};
