import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/random/sfc32.js';
import { inflateInto } from '../../src/render/inflate-into.js';

const tinyInflate = createRequire(import.meta.url)('tiny-inflate') as <T extends Uint8Array>(
  source: Uint8Array,
  dest: T,
) => T;

describe('inflateInto', () => {
  it('gives what tiny-inflate gives: whole, shorter and longer output room, trailing bytes', () => {
    const rng = createRng([3, 1, 4, 1]);
    const text = Buffer.alloc(50_000);
    for (let i = 0; i < text.length; i++) text[i] = i % 97 < 60 ? 97 + (i % 7) : rng.nextUint32() & 255;
    const packed = Buffer.concat([deflateRawSync(text, { level: 9 }), Buffer.from([9, 9, 9])]);
    for (const room of [text.length, text.length + 100, text.length - 100]) {
      for (const make of [(n: number) => new Uint8Array(n), (n: number) => Buffer.alloc(n)]) {
        const mine = inflateInto(packed, make(room));
        const theirs = tinyInflate(packed, make(room));
        expect(mine.constructor).toBe(theirs.constructor);
        expect(Buffer.from(mine).equals(Buffer.from(theirs))).toBe(true);
      }
    }
    expect(Buffer.from(inflateInto(packed, new Uint8Array(text.length))).equals(text)).toBe(true);
  });

  it('gives tiny-inflate’s result for the Unicode tables fontkit and unicode-properties load', () => {
    // Each table is a base64 string given to UnicodeTrie: a 12-byte header (its third word the inflated
    // length), then data deflated twice.
    const require = createRequire(import.meta.url);
    const fontkit = require.resolve('fontkit');
    const sources = [fontkit, createRequire(fontkit).resolve('unicode-properties')];
    let tables = 0;
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/unicodetrie\)\)\)\([^"]{0,80}"([A-Za-z0-9+/=]+)"/g)) {
        const bytes = Buffer.from(m[1], 'base64');
        const length = bytes.readUInt32LE(8);
        const twice = (inflate: typeof inflateInto) =>
          Buffer.from(inflate(inflate(bytes.subarray(12), new Uint8Array(length)), new Uint8Array(length)));
        expect(twice(inflateInto).equals(twice(tinyInflate))).toBe(true);
        tables++;
      }
    }
    expect(tables).toBeGreaterThanOrEqual(4);
  });
});
