import { murmur3 } from './murmur3.js';
import type { Seed128 } from './sfc32.js';

const encoder = new TextEncoder();

/**
 * Derives the 128-bit seed of one puzzle candidate from the book seed, the page key and the candidate
 * index. Each input is hashed as a whole, so regenerating one page never shifts another page's seed.
 *
 * @param bookSeed integer in [0, 2^32)
 * @param key the page key (its `id`, or the stable key the planner gives it)
 * @param candidate candidate index in [0, 2^32), 0 for the first candidate
 */
export function deriveSeed(bookSeed: number, key: string, candidate = 0): Seed128 {
  const bytes = encoder.encode(`mazebook\u0000${bookSeed >>> 0}\u0000${key}\u0000${candidate >>> 0}`);
  return [
    murmur3(bytes, 0x9e3779b9),
    murmur3(bytes, 0x85ebca6b),
    murmur3(bytes, 0xc2b2ae35),
    murmur3(bytes, 0x27d4eb2f),
  ];
}

/** Renders a seed as 32 hex digits, for reports and lockfiles. */
export function seedToHex(seed: Seed128): string {
  return seed.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
}
