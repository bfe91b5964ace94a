/**
 * MurmurHash3 x86 32-bit (Austin Appleby, public domain algorithm) over bytes.
 * Used only to derive seeds, so its exact output is part of the reproducibility contract:
 * changing this file changes every maze of every book.
 */
export function murmur3(bytes: Uint8Array, seed: number): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = seed >>> 0;
  const len = bytes.length;
  const blocks = len & ~3;
  for (let i = 0; i < blocks; i += 4) {
    let k = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  const tail = len & 3;
  if (tail > 0) {
    let k = 0;
    if (tail === 3) k ^= bytes[blocks + 2] << 16;
    if (tail >= 2) k ^= bytes[blocks + 1] << 8;
    k ^= bytes[blocks];
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
  }
  h ^= len;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
