import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { adler32 } from '../../src/render/big-paths.js';

/** zlib's own Adler-32 of `bytes`: the trailer of a stored (level 0) zlib stream. */
function zlibAdler(bytes: Uint8Array): number {
  const z = deflateSync(bytes, { level: 0 });
  return z.readUInt32BE(z.length - 4);
}

// Lengths around the word size, the SWAR block (22 words = 88 bytes), the scalar loop's 2048 and zlib's
// own block (5552), and a few longer ones.
const LENGTHS = [
  0, 1, 2, 3, 4, 5, 7, 8, 9, 87, 88, 89, 92, 175, 176, 177, 2047, 2048, 2049, 5552, 5553, 65_537,
];

describe('adler32', () => {
  it('is zlib’s Adler-32 on random bytes of many lengths, at every alignment of the view', () => {
    const rng = createRng(deriveSeed(18, 'adler32', 0));
    const source = new Uint8Array(70_000);
    for (let i = 0; i < source.length; i++) source[i] = rng.nextUint32() & 255;
    for (const offset of [0, 1, 2, 3, 5]) {
      for (const length of LENGTHS) {
        const bytes = source.subarray(offset, offset + length);
        expect(adler32(bytes), `${length} bytes at ${offset}`).toBe(zlibAdler(bytes));
      }
    }
  });

  it('keeps the exact value at the largest sums (every byte 255) and at long runs of zeros', () => {
    for (const fill of [255, 0, 254]) {
      const source = new Uint8Array(300_003).fill(fill);
      for (const offset of [0, 3]) {
        for (const length of [...LENGTHS, 300_000]) {
          const bytes = source.subarray(offset, offset + length);
          expect(adler32(bytes), `${length} × ${fill} at ${offset}`).toBe(zlibAdler(bytes));
        }
      }
    }
  });

  it('reads the bytes of a view, not the rest of its buffer', () => {
    const buffer = Buffer.from('xxWikipediayyy', 'latin1');
    expect(adler32(buffer.subarray(2, 11))).toBe(0x11e60398);
    expect(adler32(new Uint8Array(0))).toBe(1);
  });
});
