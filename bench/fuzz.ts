/**
 * `npm run fuzz`: the property-based tests of tests/fuzz with a long budget — a million runs per property,
 * each stopped after MAZEBOOK_FUZZ_SECONDS (default 60 s; about ten minutes for the eleven properties on two
 * cores).
 * Set MAZEBOOK_FUZZ_SEED to replay a failure. Every crash found becomes a regression test.
 */
import { spawnSync } from 'node:child_process';

const seconds = process.env.MAZEBOOK_FUZZ_SECONDS ?? '60';
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', 'tests/fuzz', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      MAZEBOOK_FUZZ_RUNS: process.env.MAZEBOOK_FUZZ_RUNS ?? '1000000',
      MAZEBOOK_FUZZ_SECONDS: seconds,
    },
  },
);
process.exit(result.status ?? 1);
