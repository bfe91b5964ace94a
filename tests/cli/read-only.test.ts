import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { mazebookSpawned } from '../run-cli.js';

/**
 * Real file systems that refuse to be written: a folder mounted read-only, a folder the user may not write,
 * and a disk that is full. Mounts are made in a mount namespace of the command's own (`unshare`), so nothing
 * outside it sees them; where the system allows no namespace (tests/book/output-faults.test.ts then covers the
 * same failures with the file system's calls made to fail), those tests are skipped.
 */

const isRoot = process.getuid?.() === 0;
const BIN = resolve('bin/mazebook.js');

/** `unshare` options that give a command mounts of its own, or undefined when this system allows none. */
function privateMounts(): string[] | undefined {
  for (const flags of isRoot ? [['-m'], ['-r', '-m']] : [['-r', '-m']]) {
    const r = spawnSync('unshare', [...flags, 'sh', '-c', 'mount -t tmpfs tmpfs /mnt'], { encoding: 'utf8' });
    if (r.status === 0) return flags;
  }
  return undefined;
}

const unshare = process.platform === 'linux' ? privateMounts() : undefined;

/** Runs the command with `dir` bound read-only onto itself, in its own mounts. */
function readOnly(dir: string): string[] {
  const script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"';
  return ['unshare', ...(unshare ?? []), 'sh', '-c', script, dir];
}

const SPEC = 'title: O\nseed: 2\npages:\n  - maze: { cells: 5 }\n';

function withOldOutputs(): { out: string; spec: string } {
  const dir = tempDir({ 'book.yaml': SPEC });
  const out = join(dir, 'out');
  mkdirSync(out);
  writeFileSync(join(out, 'book.pdf'), 'the old PDF');
  writeFileSync(join(out, 'book.lock.json'), 'the old lockfile');
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'book.yaml'), 0o644);
  return { out, spec: join(dir, 'book.yaml') };
}

const READ_ONLY = (out: string): string =>
  `error: cannot write to ${out}${sep}: the folder is read-only\n  hint: choose another folder with -o\n`;

describe.skipIf(!unshare)('a read-only mount', () => {
  it('build and render stop at once with a message in the user’s words; the old outputs stay', () => {
    const { out, spec } = withOldOutputs();
    const started = Date.now();
    const build = mazebookSpawned(['build', spec, '-o', join(out, 'book.pdf')], {
      wrap: readOnly(out),
      timeoutMs: 30_000,
      built: true,
    });
    const render = mazebookSpawned(['render', '--cells', '5', '-o', join(out, 'maze.png')], {
      wrap: readOnly(out),
      timeoutMs: 30_000,
      built: true,
    });
    // Each run is a node start and a small build: seconds, not the minute of waiting it was.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect([build.code, build.stderr]).toEqual([2, READ_ONLY(out)]);
    expect([render.code, render.stderr]).toEqual([2, READ_ONLY(out)]);
    expect(readFileSync(join(out, 'book.pdf'), 'utf8')).toBe('the old PDF');
    expect(readFileSync(join(out, 'book.lock.json'), 'utf8')).toBe('the old lockfile');
    expect(readdirSync(out).sort()).toEqual(['book.lock.json', 'book.pdf']);
  }, 70_000);

  it('build --watch of a spec in a read-only folder: says why each build fails, and goes on watching', async () => {
    const { out } = withOldOutputs();
    const dir = join(out, '..');
    const child = spawn(
      'unshare',
      [...readOnly(dir).slice(1), process.execPath, BIN, 'build', 'book.yaml', '--watch'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const deadline = Date.now() + 25_000;
    while (!/watching/.test(stdout) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    expect(stderr).toBe(
      `error: cannot write to output${sep}: the folder is read-only\n  hint: choose another folder with -o\n`,
    );
    expect(stdout).toMatch(/^watching \d+ files for changes \(Ctrl-C to stop\)\n/);
  }, 40_000);

  it('--svg onto a full disk leaves no pages folder, and the old PDF', () => {
    const { out, spec } = withOldOutputs();
    const disk = join(out, '..', 'disk');
    mkdirSync(disk);
    // A disk of one 4 KB block: the first SVG page does not fit. `ls` shows what is left on it.
    const script = 'mount -t tmpfs -o size=4k tmpfs "$0" && "$@"; code=$?; ls -A "$0"; exit $code';
    const r = mazebookSpawned(['build', spec, '-o', join(out, 'book.pdf'), '--svg', join(disk, 'pages')], {
      wrap: ['unshare', ...(unshare ?? []), 'sh', '-c', script, disk],
      timeoutMs: 30_000,
      built: true,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot write the SVG page: the disk is full; nothing was replaced\n/);
    expect(r.stderr).toMatch(/hint: free some space, or choose another folder with --svg\n$/);
    expect(r.stdout).toBe('');
    expect(readFileSync(join(out, 'book.pdf'), 'utf8')).toBe('the old PDF');
  }, 40_000);
});

describe.skipIf(process.platform === 'win32')('a folder the user may not write', () => {
  it('is refused at once, naming the folder and what to do', () => {
    const { out, spec } = withOldOutputs();
    chmodSync(out, 0o555);
    // Root may write anywhere: the command then runs as the unprivileged user "nobody".
    const r = mazebookSpawned(['build', spec, '-o', join(out, 'book.pdf')], {
      ...(isRoot ? { uid: 65534 } : {}),
      timeoutMs: 30_000,
      built: true,
    });
    chmodSync(out, 0o755);
    expect([r.code, r.stderr]).toEqual([
      2,
      `error: cannot write to ${out}${sep}: you do not have permission to write in that folder\n  hint: choose another folder with -o, or make this one writable for you\n`,
    ]);
    expect(readFileSync(join(out, 'book.pdf'), 'utf8')).toBe('the old PDF');
  }, 40_000);
});
