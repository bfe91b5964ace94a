/**
 * How hard the property-based tests push: a quick budget in `npm test`, a long one from `npm run fuzz`
 * (MAZEBOOK_FUZZ_RUNS, and MAZEBOOK_FUZZ_SECONDS to stop each property after that long).
 */
export const FUZZ_RUNS = Number(process.env.MAZEBOOK_FUZZ_RUNS ?? 300);
export const FUZZ_SECONDS = Number(process.env.MAZEBOOK_FUZZ_SECONDS ?? 0);

/** fast-check parameters for one property. */
export function fuzzParams(runs = FUZZ_RUNS): {
  numRuns: number;
  interruptAfterTimeLimit?: number;
  seed?: number;
} {
  const seed = process.env.MAZEBOOK_FUZZ_SEED;
  return {
    numRuns: runs,
    ...(FUZZ_SECONDS > 0 ? { interruptAfterTimeLimit: FUZZ_SECONDS * 1000 } : {}),
    ...(seed ? { seed: Number(seed) } : {}),
  };
}

/** A test's time limit that fits the budget. */
export const FUZZ_TIMEOUT = Math.max(60_000, FUZZ_SECONDS * 1000 * 4 + 60_000);
