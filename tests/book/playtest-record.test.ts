import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { openAppendLog } from '../../src/book/outputs.js';
import {
  attemptLine,
  looksLikePlaytest,
  type PlaytestAttempt,
  parsePlaytest,
} from '../../src/book/playtest-record.js';
import { tempDir } from '../helpers.js';

const ATTEMPT: PlaytestAttempt = {
  format: 'mazebook-playtest',
  version: 1,
  book: { spec: 'book.yaml', title: 'T', seed: 3 },
  puzzle: { key: 'k', number: 1, shape: 'square', size: '2×2', cells: 4 },
  hash: 'a'.repeat(64),
  reader: 'Ann',
  position: 1,
  order: 'book',
  started: '2026-03-01T09:00:00.000Z',
  ended: '2026-03-01T09:00:10.000Z',
  seconds: 10,
  outcome: 'solved',
  steps: 2,
  overlap: 0,
  path: [0, 1, 3],
  times: [1200, 4100],
};

function errorOf(fn: () => unknown): UserError {
  try {
    fn();
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError');
}

describe('the playtest recording', () => {
  it('writes one line per attempt, fields in the documented order, and reads it back', () => {
    const line = attemptLine({ ...ATTEMPT, reader: 'Zoë "Z"' });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.split('\n')).toHaveLength(2);
    expect(Object.keys(JSON.parse(line))).toEqual([
      'format',
      'version',
      'book',
      'puzzle',
      'hash',
      'reader',
      'position',
      'order',
      'started',
      'ended',
      'seconds',
      'outcome',
      'steps',
      'overlap',
      'path',
      'times',
    ]);
    const { attempts, skipped } = parsePlaytest(`\n${line}${attemptLine(ATTEMPT)}\n`, 'r.jsonl');
    expect(skipped).toEqual([]);
    expect(attempts.map((a) => [a.reader, a.where])).toEqual([
      ['Zoë "Z"', 'r.jsonl:2'],
      ['Ann', 'r.jsonl:3'],
    ]);
    expect(looksLikePlaytest(line)).toBe(true);
    expect(looksLikePlaytest('page,seconds\n')).toBe(false);
  });

  it('skips a line cut short, and refuses other files, other formats, newer versions and wrong fields by line', () => {
    const good = attemptLine(ATTEMPT);
    const cut = parsePlaytest(`${good}${good.slice(0, 40)}\n${good}`, 'r.jsonl');
    expect(cut.attempts).toHaveLength(2);
    expect(cut.skipped).toEqual(['r.jsonl:2: not a whole record (cut short while it was written?); skipped']);
    const secret = 'root:x:0:0:SECRET:/root:/bin/bash\n';
    const notOne = errorOf(() => parsePlaytest(secret, 'r.jsonl'));
    expect(notOne.where).toBe('r.jsonl:1');
    expect(notOne.message).not.toContain('SECRET');
    const cases: [string, RegExp][] = [
      [JSON.stringify({ format: 'mazebook-lock', version: 1 }), /not a mazebook playtest record/],
      [JSON.stringify({ ...ATTEMPT, version: 2 }), /format version 2; this mazebook reads version 1/],
      [JSON.stringify({ ...ATTEMPT, seconds: -1 }), /^seconds: /],
      [JSON.stringify({ ...ATTEMPT, hash: 'xyz' }), /^hash: expected 64 hexadecimal digits/],
      [JSON.stringify({ ...ATTEMPT, outcome: 'won' }), /^outcome: /],
      [JSON.stringify({ ...ATTEMPT, path: [0, -1] }), /^path\[1\]: /],
      [JSON.stringify({ ...ATTEMPT, steps: 5 }), /steps is 5, but the path makes 2 moves/],
      [JSON.stringify({ ...ATTEMPT, times: [1] }), /times holds 1 moves/],
      [JSON.stringify({ ...ATTEMPT, path: [0, 1, 9] }), /a cell the maze does not have/],
      [JSON.stringify({ ...ATTEMPT, started: 'yesterday' }), /^started: /],
    ];
    for (const [text, what] of cases) {
      const e = errorOf(() => parsePlaytest(`${good}${text}\n`, 'r.jsonl'));
      expect(e.where, text).toBe('r.jsonl:2');
      expect(e.what, text).toMatch(what);
    }
    expect(errorOf(() => parsePlaytest('\n\n', 'r.jsonl')).what).toBe('no attempts recorded');
    // Fields a later mazebook adds within version 1 are ignored.
    expect(parsePlaytest(JSON.stringify({ ...ATTEMPT, device: 'tablet' }), 'r').attempts).toHaveLength(1);
  });
});

describe('the append-only log', () => {
  it('adds whole lines, after a line a crash cut short, and never rewrites what is there', () => {
    const dir = tempDir();
    const file = join(dir, 'sub', 'r.jsonl');
    const log = openAppendLog(file, 'playtest recording', []);
    log.append('one\n');
    log.append('two\n');
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\n');
    writeFileSync(file, 'thr', { flag: 'a' });
    log.append('four\n');
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\nthr\nfour\n');
  });

  it('is refused onto an input, a folder, or a folder that cannot take it', () => {
    const dir = tempDir({ 'book.yaml': 'x' });
    expect(() =>
      openAppendLog(join(dir, 'book.yaml'), 'playtest recording', [join(dir, 'book.yaml')]),
    ).toThrow(/would overwrite a file this build reads/);
    mkdirSync(join(dir, 'folder'));
    expect(() => openAppendLog(join(dir, 'folder'), 'playtest recording', [])).toThrow(/it is a folder/);
    if (process.getuid?.() !== 0) {
      const locked = join(dir, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o500);
      try {
        expect(() => openAppendLog(join(locked, 'r.jsonl'), 'playtest recording', [], '--record')).toThrow(
          /cannot write to .*locked\/: you do not have permission/,
        );
      } finally {
        chmodSync(locked, 0o700);
      }
    }
  });
});
