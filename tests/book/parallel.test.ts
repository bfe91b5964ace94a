import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

// Worker threads run compiled code, so this drives the built CLI (bin/ → dist/, built by `npm ci`/prepare).
const BIN = resolve('bin/mazebook.js');
const built = existsSync(resolve('dist/book/puzzle-worker.js'));
const run = (args: string[], workers?: string) =>
  spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', MAZEBOOK_WORKERS: workers ?? '' },
  });

describe.skipIf(!built)('parallel generation (worker threads)', () => {
  it('gives the very same PDF, lockfile and warnings as building on one thread', () => {
    const pages = Array.from({ length: 10 }, (_, i) => `  - { id: p${i} }`).join('\n');
    const dir = tempDir({
      'b.yaml': `title: P\nseed: 9\ndefaults: { cells: 14, algorithm: kruskal, difficulty: { min: 9, max: 10 }, candidates: 3 }\npages:\n${pages}\n  - series: { count: 4, from: 3, to: 6, cells: auto }\n`,
    });
    const par = run(['build', join(dir, 'b.yaml'), '-o', join(dir, 'par.pdf')], '3');
    const ser = run(['build', join(dir, 'b.yaml'), '-o', join(dir, 'ser.pdf')], '0');
    expect(par.status, par.stderr).toBe(0);
    expect(ser.status, ser.stderr).toBe(0);
    expect(Buffer.compare(readFileSync(join(dir, 'par.pdf')), readFileSync(join(dir, 'ser.pdf')))).toBe(0);
    expect(readFileSync(join(dir, 'par.lock.json'), 'utf8')).toBe(
      readFileSync(join(dir, 'ser.lock.json'), 'utf8'),
    );
    expect(par.stderr).toBe(ser.stderr);
    expect(par.stderr).toMatch(/difficulty 9–10 not reached/);
  }, 60_000);

  it('reports a mistake found on a worker as a user error (exit 2)', () => {
    const pages = Array.from(
      { length: 8 },
      (_, i) => `  - { id: p${i}, maze: { cells: 14, difficulty: hard } }`,
    ).join('\n');
    const dir = tempDir({
      'b.yaml': `title: P\npages:\n${pages}\n  - { id: m, maze: { cells: 3, mazegram: "far too long a message for three cells" } }\n`,
    });
    const r = run(['build', join(dir, 'b.yaml'), '-o', join(dir, 'x.pdf')], '2');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/mazegram: the message has \d+ letters/);
    expect(existsSync(join(dir, 'x.pdf'))).toBe(false);
  }, 60_000);
});
