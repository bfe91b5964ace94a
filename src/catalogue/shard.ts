import { UserError } from '../base/errors.js';

/**
 * Which part of a catalogue one process builds. Shards are processes an existing job runner starts, each
 * told its index by the runner; mazebook schedules nothing. Shard `index` of `count` (numbered from 0, as
 * every runner numbers them) builds a contiguous run of the catalogue's books (see `shardRange`).
 */
export interface Shard {
  index: number;
  count: number;
  /** Where the index came from: `--shard` or the runner's variable. */
  from: string;
}

/**
 * The variables runners set to a task's index, from 0: Kubernetes Indexed Jobs, AWS Batch array jobs,
 * Cloud Run jobs.
 */
export const SHARD_INDEX_VARIABLES = [
  'JOB_COMPLETION_INDEX',
  'AWS_BATCH_JOB_ARRAY_INDEX',
  'CLOUD_RUN_TASK_INDEX',
] as const;

/** Most shards a catalogue is split into. */
export const MAX_SHARDS = 10_000;

const runnerHint = 'run it as an indexed job (see docs/batch.md), or give the index with --shard I/N';

/** An index as written (`3`), checked to be a whole number from 0 to count − 1. */
function parseIndex(raw: string, count: number, where: string): number {
  const shown = raw.length > 24 ? `${raw.slice(0, 24)}…` : raw;
  if (!/^\d+$/.test(raw)) {
    throw new UserError(
      where,
      `expected a shard index, a whole number from 0 to ${count - 1}, got "${shown}"`,
    );
  }
  const index = Number(raw);
  if (index >= count) {
    throw new UserError(
      where,
      `shard index ${index} is out of range: ${count} shard${count > 1 ? 's are' : ' is'} numbered from 0 to ${count - 1}`,
      where === '--shard'
        ? `the last of ${count} is --shard ${count - 1}/${count}`
        : 'give --shards the number of tasks the job runs (Kubernetes completions, the AWS Batch array size, Cloud Run --tasks)',
    );
  }
  return index;
}

/**
 * The shard this process builds: from `--shard I/N`, or `--shards N` with the index from the runner's
 * variable (one of SHARD_INDEX_VARIABLES; several may be set if they agree); undefined for the whole
 * catalogue. A malformed or out-of-range index, or none to be found, is a UserError naming its source.
 */
export function resolveShard(
  options: { shard?: string; shards?: number },
  env: NodeJS.ProcessEnv = process.env,
): Shard | undefined {
  if (options.shard !== undefined && options.shards !== undefined) {
    throw new UserError('--shard', 'give --shard I/N or --shards N, not both', runnerHint);
  }
  if (options.shard !== undefined) {
    const m = /^\s*(\S+?)\s*\/\s*(\S+?)\s*$/.exec(options.shard);
    const count = m && /^\d+$/.test(m[2]) ? Number(m[2]) : Number.NaN;
    if (!m || !(count >= 1 && count <= MAX_SHARDS)) {
      throw new UserError(
        '--shard',
        `expected INDEX/COUNT with COUNT from 1 to ${MAX_SHARDS}, such as 0/4 (the first of four), got "${options.shard.slice(0, 24)}"`,
      );
    }
    return { index: parseIndex(m[1], count, '--shard'), count, from: '--shard' };
  }
  if (options.shards === undefined) return undefined;
  const count = options.shards;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SHARDS) {
    throw new UserError('--shards', `expected a whole number from 1 to ${MAX_SHARDS}, got ${count}`);
  }
  const set = SHARD_INDEX_VARIABLES.filter((name) => (env[name] ?? '').trim() !== '');
  if (set.length === 0) {
    throw new UserError(
      '--shards',
      `no shard index: none of ${SHARD_INDEX_VARIABLES.join(', ')} is set`,
      runnerHint,
    );
  }
  const values = set.map((name) => (env[name] ?? '').trim());
  if (values.some((v) => v !== values[0])) {
    throw new UserError(
      set.join(', '),
      `the runners' index variables disagree (${set.map((n, i) => `${n}=${values[i].slice(0, 12)}`).join(', ')})`,
      'unset the ones this runner does not own',
    );
  }
  return { index: parseIndex(values[0], count, set[0]), count, from: set[0] };
}

/**
 * The books shard `index` of `count` builds: a contiguous run, [from, to), the runs as equal as they can be
 * and in catalogue order, so a shard needs the mazes of the books before its run only. The whole catalogue
 * without a shard.
 */
export function shardRange(books: number, shard: Shard | undefined): { from: number; to: number } {
  if (!shard) return { from: 0, to: books };
  return {
    from: Math.floor((shard.index * books) / shard.count),
    to: Math.floor(((shard.index + 1) * books) / shard.count),
  };
}
