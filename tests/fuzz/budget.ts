import fc, { type IPropertyWithHooks, type Parameters } from 'fast-check';

/**
 * How hard the property tests in tests/fuzz/ try. `npm test` runs each property a few hundred times;
 * `npm run fuzz` raises the count and gives every property a time limit instead (see package.json):
 *
 *   MAZEBOOK_FUZZ_RUNS     runs per property (default 200)
 *   MAZEBOOK_FUZZ_SECONDS  stop a property after this many seconds even if runs remain (default: no limit)
 *   MAZEBOOK_FUZZ_SEED     fast-check seed, to replay a failure (default: fixed, so `npm test` is repeatable;
 *                          with a time limit, a fresh seed per run, printed with any failure)
 *
 * With a time limit, the whole fuzz run takes about (number of properties × seconds ÷ test workers).
 */
export const FUZZ_RUNS = Number(process.env.MAZEBOOK_FUZZ_RUNS ?? 200);

const seconds = process.env.MAZEBOOK_FUZZ_SECONDS ? Number(process.env.MAZEBOOK_FUZZ_SECONDS) : undefined;

/** fast-check parameters for one property. */
export function fuzzParameters(): Parameters<unknown> {
  return {
    numRuns: FUZZ_RUNS,
    ...(process.env.MAZEBOOK_FUZZ_SEED
      ? { seed: Number(process.env.MAZEBOOK_FUZZ_SEED) }
      : seconds === undefined
        ? { seed: 20_260_117 }
        : {}),
    ...(seconds !== undefined ? { interruptAfterTimeLimit: seconds * 1000 } : {}),
    // Report the shrunk counterexample with the seed and path that replay it.
    verbose: 1,
  };
}

/** Test timeout (ms) for one property: its time limit plus room to shrink a counterexample. */
export const FUZZ_TIMEOUT = seconds !== undefined ? (seconds + 120) * 1000 : 60_000;

/**
 * Runs a property with the budget above and fails with fast-check's report (counterexample, seed, path) when
 * it does not hold. With a time limit it also prints how many inputs were tried.
 */
export function fuzz<Ts>(name: string, property: IPropertyWithHooks<Ts>): void {
  const details = fc.check(property, fuzzParameters() as Parameters<Ts>);
  if (details.failed) throw new Error(fc.defaultReportMessage(details) ?? `${name}: property failed`);
  if (seconds !== undefined) {
    const seed = details.seed;
    process.stdout.write(`fuzz: ${name}: ${details.numRuns} inputs, none failing (seed ${seed})\n`);
  }
}
