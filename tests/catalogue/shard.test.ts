import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { resolveShard, SHARD_INDEX_VARIABLES, shardRange } from '../../src/catalogue/shard.js';

/** The UserError `f` throws (fails when it throws none or another error). */
function userError(f: () => unknown): UserError {
  try {
    f();
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError');
}

describe('shards', () => {
  it('split a catalogue into contiguous runs that cover every book once, in order', () => {
    for (const books of [1, 2, 3, 7, 10, 31]) {
      for (const count of [1, 2, 3, 4, 10, 40]) {
        const seen: number[] = [];
        for (let index = 0; index < count; index++) {
          const { from, to } = shardRange(books, { index, count, from: '--shard' });
          for (let j = from; j < to; j++) seen.push(j);
          // As equal as they can be.
          expect(to - from).toBeGreaterThanOrEqual(Math.floor(books / count));
          expect(to - from).toBeLessThanOrEqual(Math.ceil(books / count));
        }
        expect(seen).toEqual([...Array(books).keys()]);
      }
    }
    expect(shardRange(5, undefined)).toEqual({ from: 0, to: 5 });
  });

  it('take the index from each runner’s variable, and from --shard by hand', () => {
    for (const name of SHARD_INDEX_VARIABLES) {
      expect(resolveShard({ shards: 3 }, { [name]: '2' })).toEqual({ index: 2, count: 3, from: name });
    }
    expect(resolveShard({ shard: '1/4' }, {})).toEqual({ index: 1, count: 4, from: '--shard' });
    expect(resolveShard({}, { JOB_COMPLETION_INDEX: '3' })).toBeUndefined();
    // Two runners' variables that agree are one index.
    expect(resolveShard({ shards: 2 }, { JOB_COMPLETION_INDEX: '1', CLOUD_RUN_TASK_INDEX: '1' })?.index).toBe(
      1,
    );
  });

  it('refuse an index out of range, malformed, missing or ambiguous, naming where it came from', () => {
    const out = userError(() => resolveShard({ shards: 2 }, { JOB_COMPLETION_INDEX: '2' }));
    expect(out.where).toBe('JOB_COMPLETION_INDEX');
    expect(out.what).toMatch(/shard index 2 is out of range: 2 shards are numbered from 0 to 1/);
    expect(out.hint).toMatch(/completions/);
    for (const bad of ['-1', 'abc', '1.5', '0x1', '１']) {
      const e = userError(() => resolveShard({ shards: 4 }, { AWS_BATCH_JOB_ARRAY_INDEX: bad }));
      expect(e.where, bad).toBe('AWS_BATCH_JOB_ARRAY_INDEX');
      expect(e.what, bad).toMatch(/expected a shard index, a whole number from 0 to 3/);
    }
    expect(userError(() => resolveShard({ shards: 2 }, {})).what).toMatch(
      /no shard index: none of JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX, CLOUD_RUN_TASK_INDEX is set/,
    );
    expect(
      userError(() => resolveShard({ shards: 2 }, { JOB_COMPLETION_INDEX: '0', CLOUD_RUN_TASK_INDEX: '1' }))
        .what,
    ).toMatch(/disagree/);
    const hand = userError(() => resolveShard({ shard: '2/2' }, {}));
    expect(hand.what).toMatch(/out of range/);
    expect(hand.hint).toMatch(/--shard 1\/2/);
    for (const bad of ['1', '1/0', 'a/b', '1/2/3', '1/99999']) {
      expect(userError(() => resolveShard({ shard: bad }, {})).where, bad).toBe('--shard');
    }
    expect(userError(() => resolveShard({ shard: '0/2', shards: 2 }, {})).what).toMatch(/not both/);
  });
});
