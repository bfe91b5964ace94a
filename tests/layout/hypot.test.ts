import { describe, expect, it } from 'vitest';
import { hypot } from '../../src/layout/hypot.js';
import { createRng } from '../../src/random/sfc32.js';

/** The bits of a number, so -0 and 0 (and NaNs) compare as the engine wrote them. */
const bits = (n: number): string => Buffer.from(new Float64Array([n]).buffer).toString('hex');

describe('hypot', () => {
  it('gives Math.hypot to the bit for page coordinates, tiny and huge numbers', () => {
    const rng = createRng([7, 0, 0, 0]);
    const differ: string[] = [];
    const scales = [1e-300, 1e-9, 1, 7.3, 100, 2500, 1e6, 1e154, 1e300];
    for (let i = 0; i < 200_000; i++) {
      const s = scales[i % scales.length];
      const x = (rng.next() - 0.5) * s;
      const y = (rng.next() - 0.5) * s * (i % 3 === 0 ? 1e-8 : 1);
      if (bits(hypot(x, y)) !== bits(Math.hypot(x, y))) differ.push(`${x}, ${y}`);
    }
    expect(differ).toEqual([]);
  });

  it('gives Math.hypot for zeros, infinities, NaN and exact cases', () => {
    const special = [0, -0, 1, -1, 3, 4, 0.1, Number.MIN_VALUE, Number.MAX_VALUE, Infinity, -Infinity, NaN];
    for (const x of special) {
      for (const y of special) expect(bits(hypot(x, y))).toBe(bits(Math.hypot(x, y)));
    }
    expect(hypot(3, 4)).toBe(5);
  });
});
