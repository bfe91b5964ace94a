import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { lockDirOf } from '../../src/book/output-lock.js';
import { writeOutputs } from '../../src/book/outputs.js';
import { tempDir } from '../helpers.js';

/** The compiled outputs module (`npm run build`), for child processes that write as a build does. */
const OUTPUTS = resolve('dist/book/outputs.js');

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.on('exit', () => done());
  });
}

/** A lock folder as a build makes it, owned by `owner` (written as this version writes it). */
function lockOwnedBy(target: string, owner: Record<string, unknown>, ageMs = 0): string {
  const dir = lockDirOf(target);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'owner.json'),
    JSON.stringify({ format: 'mazebook-writing', version: 1, ...owner }),
  );
  const then = new Date(Date.now() - ageMs);
  utimesSync(join(dir, 'owner.json'), then, then);
  utimesSync(dir, then, then);
  return dir;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  await run();
  return Date.now() - started;
}

describe('the lock on an output', () => {
  it('left by a build killed while writing (kill -9) is taken over at once, saying so', async () => {
    const dir = tempDir();
    const target = join(dir, 'book.pdf');
    // A build writing many pages, killed once its first temporary file appears (it holds the lock then).
    const script = `import { writeOutputs } from ${JSON.stringify(OUTPUTS)};
      const files = Array.from({ length: 2000 }, (_, i) => ({ path: ${JSON.stringify(dir)} + '/page-' + i + '.svg', what: 'SVG page', data: 'x'.repeat(4096) }));
      await writeOutputs([{ path: ${JSON.stringify(target)}, what: 'PDF', data: 'killed' }, ...files]);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    const deadline = Date.now() + 20_000;
    while (!readdirSync(dir).some((f) => f.endsWith('.mazebook-tmp')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2));
    }
    child.kill('SIGKILL');
    await exited(child);
    expect(existsSync(lockDirOf(target))).toBe(true);

    const notes: string[] = [];
    const took = await timed(() =>
      writeOutputs([{ path: target, what: 'PDF', data: 'next' }], [], { onWait: (m) => notes.push(m) }),
    );
    expect(took).toBeLessThan(2000);
    expect(readFileSync(target, 'utf8')).toBe('next');
    expect(notes).toEqual([
      `taking over the lock on ${target}: the mazebook that held it (process ${child.pid}) is no longer running`,
    ]);
    // Its temporaries are cleared, the lock released.
    expect(readdirSync(dir).filter((f) => f.includes('.mazebook-tmp') || f.endsWith('.writing'))).toEqual([]);
  }, 30_000);

  it('held by a running mazebook: waits, says so and for whom, and goes on once it has stopped', async () => {
    const dir = tempDir();
    const target = join(dir, 'book.pdf');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    lockOwnedBy(target, { pid: other.pid, host: hostname(), since: Date.now() });
    const notes: string[] = [];
    setTimeout(() => other.kill('SIGKILL'), 400);
    const took = await timed(() =>
      writeOutputs([{ path: target, what: 'PDF', data: 'mine' }], [], { onWait: (m) => notes.push(m) }),
    );
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(5000);
    expect(notes).toEqual([
      `waiting for another mazebook (process ${other.pid}) that is writing ${target}`,
      `taking over the lock on ${target}: the mazebook that held it (process ${other.pid}) is no longer running`,
    ]);
    expect(readFileSync(target, 'utf8')).toBe('mine');
  }, 20_000);

  it('whose owner cannot be checked (another host, an older mazebook) counts as abandoned when unchanged for 20 s', async () => {
    const dir = tempDir();
    const a = join(dir, 'a.pdf');
    const b = join(dir, 'b.pdf');
    lockOwnedBy(a, { pid: 1, host: 'another-host', since: 0 }, 19_700);
    // An older mazebook's lock: the folder alone.
    mkdirSync(lockDirOf(b));
    const then = new Date(Date.now() - 19_700);
    utimesSync(lockDirOf(b), then, then);
    const notes: string[] = [];
    const onWait = (m: string) => notes.push(m);
    const took = await timed(() =>
      Promise.all([
        writeOutputs([{ path: a, what: 'PDF', data: 'a' }], [], { onWait }),
        writeOutputs([{ path: b, what: 'PDF', data: 'b' }], [], { onWait }),
      ]),
    );
    expect(took).toBeLessThan(5000);
    expect(notes.slice(0, 2)).toEqual([
      `waiting for a mazebook on another-host (process 1) that is writing ${a}; its lock counts as abandoned after 20 s without a change`,
      `waiting for the lock on ${b} (${lockDirOf(b)}): another program holds it; it counts as abandoned after 20 s without a change`,
    ]);
    expect(notes.slice(2).sort()).toEqual([
      `taking over the lock on ${a}: unchanged for 20 s, so its owner has stopped`,
      `taking over the lock on ${b}: unchanged for 20 s, so its owner has stopped`,
    ]);
    expect([readFileSync(a, 'utf8'), readFileSync(b, 'utf8')]).toEqual(['a', 'b']);
  }, 20_000);

  it('of this process’s own writers is waited for: several writes to one output never interleave', async () => {
    const dir = tempDir();
    const notes: string[] = [];
    await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        writeOutputs(
          [
            { path: join(dir, 'x.lock.json'), what: 'lockfile', data: `run ${i}` },
            { path: join(dir, 'x.pdf'), what: 'PDF', data: `run ${i}` },
          ],
          [],
          { onWait: (m) => notes.push(m) },
        ),
      ),
    );
    expect(readFileSync(join(dir, 'x.pdf'), 'utf8')).toBe(readFileSync(join(dir, 'x.lock.json'), 'utf8'));
    expect(readdirSync(dir).sort()).toEqual(['x.lock.json', 'x.pdf']);
  });
});

describe('long file names', () => {
  it('an output named up to the file system’s 255 bytes is written (its temporaries and lock take short names)', async () => {
    const dir = tempDir();
    const name = `${'é'.repeat(100)}${'m'.repeat(51)}.pdf`;
    expect(Buffer.byteLength(name)).toBe(255);
    await writeOutputs([{ path: join(dir, name), what: 'PDF', data: 'long' }]);
    expect(readdirSync(dir)).toEqual([name]);
  });

  it('a longer name is refused before anything is written, without quoting it whole', async () => {
    const dir = tempDir();
    const e = await writeOutputs([
      { path: join(dir, `${'a'.repeat(300)}.pdf`), what: 'PDF', data: 'x', option: '-o' },
    ]).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(UserError);
    expect((e as UserError).what).toBe(
      'cannot write the PDF: a name in its path is 304 bytes long; file systems take at most 255',
    );
    expect((e as UserError).hint).toBe('choose a shorter name with -o');
    expect([...(e as UserError).where].length).toBeLessThanOrEqual(111);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('paths longer than the system takes', () => {
  it('are refused with a short message, nothing made', async () => {
    const dir = tempDir();
    const deep = join(dir, ...Array.from({ length: 25 }, () => 'd'.repeat(200)), 'x.pdf');
    const e = (await writeOutputs([{ path: deep, what: 'PDF', data: 'x', option: '-o' }]).catch(
      (err: unknown) => err,
    )) as UserError;
    expect(e).toBeInstanceOf(UserError);
    expect(e.message.length).toBeLessThan(300);
    expect(e.what).toMatch(/: the name is too long for the file system$/);
    expect(e.hint).toBe('choose a shorter name with -o');
    expect(readdirSync(dir)).toEqual([]);
  });
});
