import fs, { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { buildBook } from '../../src/book/build-book.js';
import { writeOutputs } from '../../src/book/outputs.js';
import { tempDir } from '../helpers.js';
import { mazebookInProcess } from '../run-cli.js';

/**
 * The file system failing under the outputs module, as it does on a read-only mount, a folder the user may not
 * write, or a full disk: the calls of `node:fs` named that would change something under a folder fail with a
 * code. (The outputs module calls the file system through `node:fs`'s module object, so spies reach it; the
 * test run shares modules between files, which a module mock could not replace. tests/cli/read-only.test.ts
 * meets the same failures on real mounts where it can make them.)
 */
type Call = 'mkdir' | 'access' | 'open' | 'write' | 'rename';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Makes every change under `dir` fail with `code`, on the calls named. */
function breakFolder(
  dir: string,
  code: string,
  calls: readonly Call[] = ['mkdir', 'access', 'open', 'write', 'rename'],
): void {
  const real = {
    mkdirSync: fs.mkdirSync,
    accessSync: fs.accessSync,
    openSync: fs.openSync,
    writeSync: fs.writeSync,
    writeFileSync: fs.writeFileSync,
    renameSync: fs.renameSync,
  };
  const fds = new Map<number, string>();
  const inside = (p: unknown): boolean => typeof p === 'string' && (p === dir || p.startsWith(dir + sep));
  const check = (call: Call, p: unknown): void => {
    if (calls.includes(call) && inside(p)) {
      throw Object.assign(new Error(`${code}: ${call} '${String(p)}'`), { code, syscall: call, path: p });
    }
  };
  const writing = (flags: unknown): boolean =>
    typeof flags === 'string' ? /[wax+]/.test(flags) : typeof flags === 'number' && (flags & 3) !== 0;
  vi.spyOn(fs, 'mkdirSync').mockImplementation(((p: string, o?: fs.MakeDirectoryOptions) => {
    // An existing folder is no error even on a read-only disk (`mkdir -p`).
    if (!fs.existsSync(p)) check('mkdir', p);
    return real.mkdirSync(p, o);
  }) as typeof fs.mkdirSync);
  vi.spyOn(fs, 'accessSync').mockImplementation((p, mode) => {
    if (((mode ?? 0) & fs.constants.W_OK) !== 0) check('access', p);
    real.accessSync(p, mode);
  });
  vi.spyOn(fs, 'openSync').mockImplementation(((p: string, flags: fs.OpenMode, mode?: fs.Mode) => {
    if (writing(flags)) check('open', p);
    const fd = real.openSync(p, flags, mode);
    fds.set(fd, p);
    return fd;
  }) as typeof fs.openSync);
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, ...rest: unknown[]) => {
    check('write', fds.get(fd));
    return (real.writeSync as (...a: unknown[]) => number)(fd, ...rest);
  }) as typeof fs.writeSync);
  vi.spyOn(fs, 'writeFileSync').mockImplementation(((p: string, ...rest: unknown[]) => {
    check('write', p);
    (real.writeFileSync as (...a: unknown[]) => void)(p, ...rest);
  }) as typeof fs.writeFileSync);
  vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
    check('rename', to);
    real.renameSync(from, to);
  });
}

const SPEC = 'title: O\nseed: 2\npages:\n  - maze: { cells: 5 }\n';

async function refusal(run: Promise<unknown>): Promise<UserError> {
  const e = await run.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UserError);
  return e as UserError;
}

function withOldOutputs(): { dir: string; out: string; spec: string } {
  const dir = tempDir({ 'book.yaml': SPEC });
  const out = join(dir, 'out');
  mkdirSync(out);
  writeFileSync(join(out, 'book.pdf'), 'the old PDF');
  writeFileSync(join(out, 'book.lock.json'), 'the old lockfile');
  return { dir, out, spec: join(dir, 'book.yaml') };
}

describe('an output folder that cannot take files', () => {
  it('read-only: refused at once in the user’s words, the old outputs untouched', async () => {
    const { out, spec } = withOldOutputs();
    breakFolder(out, 'EROFS');
    const started = Date.now();
    const e = await refusal(buildBook(spec, { output: join(out, 'book.pdf') }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(e.message).toBe(
      `cannot write to ${out}${sep}: the folder is read-only\n  hint: choose another folder with -o`,
    );
    expect(e.exitCode).toBe(2);
    expect(readFileSync(join(out, 'book.pdf'), 'utf8')).toBe('the old PDF');
    expect(readFileSync(join(out, 'book.lock.json'), 'utf8')).toBe('the old lockfile');
  });

  it('no permission: says so, and what to do', async () => {
    const { out, spec } = withOldOutputs();
    breakFolder(out, 'EACCES');
    const e = await refusal(buildBook(spec, { output: join(out, 'book.pdf') }));
    expect(e.what).toBe(`cannot write to ${out}${sep}: you do not have permission to write in that folder`);
    expect(e.hint).toBe('choose another folder with -o, or make this one writable for you');
    expect(readFileSync(join(out, 'book.pdf'), 'utf8')).toBe('the old PDF');
  });

  it('a read-only folder met only while writing (no check could see it) is explained the same way', async () => {
    const { out } = withOldOutputs();
    breakFolder(out, 'EROFS', ['mkdir', 'open', 'write', 'rename']);
    const e = await refusal(
      writeOutputs([{ path: join(out, 'book.pdf'), what: 'PDF', data: 'new', option: '-o' }]),
    );
    expect(e.message).toBe(
      `cannot write to ${out}${sep}: the folder is read-only\n  hint: choose another folder with -o`,
    );
    expect(readFileSync(join(out, 'book.pdf'), 'utf8')).toBe('the old PDF');
    expect(readdirSync(out).sort()).toEqual(['book.lock.json', 'book.pdf']);
  });

  it('render: the same message, at once', async () => {
    const { out } = withOldOutputs();
    breakFolder(out, 'EROFS');
    const r = await mazebookInProcess(['render', '--cells', '5', '-o', join(out, 'maze.svg')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: cannot write to ${out}${sep}: the folder is read-only\n  hint: choose another folder with -o\n`,
    );
    expect(existsSync(join(out, 'maze.svg'))).toBe(false);
  });
});

describe('a disk that fills up while writing', () => {
  it('--svg: leaves no pages folder, no temporaries, and the old PDF', async () => {
    const { dir, out, spec } = withOldOutputs();
    const pages = join(dir, 'pages');
    breakFolder(pages, 'ENOSPC', ['write']);
    const e = await refusal(buildBook(spec, { output: join(out, 'book.pdf'), svgDir: pages }));
    expect(e.what).toBe('cannot write the SVG page: the disk is full; nothing was replaced');
    expect(e.hint).toBe('free some space, or choose another folder with --svg');
    expect(existsSync(pages)).toBe(false);
    expect(readdirSync(out).sort()).toEqual(['book.lock.json', 'book.pdf']);
    expect(readFileSync(join(out, 'book.pdf'), 'utf8')).toBe('the old PDF');
  });

  it('keeps folders that were there before, and only removes the empty ones it made', async () => {
    const dir = tempDir();
    const deep = join(dir, 'a', 'b', 'c');
    breakFolder(join(dir, 'a'), 'ENOSPC', ['write']);
    await refusal(writeOutputs([{ path: join(deep, 'x.svg'), what: 'SVG page', data: 'x' }]));
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('an abandoned lock that cannot be removed', () => {
  it('is reported at once with the folder to remove, not retried for ever', async () => {
    const dir = tempDir();
    const target = join(dir, 'book.pdf');
    const lock = join(dir, 'book.pdf.writing');
    mkdirSync(lock);
    writeFileSync(
      join(lock, 'owner.json'),
      JSON.stringify({
        format: 'mazebook-writing',
        version: 1,
        pid: 2 ** 22 + 1,
        host: hostname(),
        since: 0,
      }),
    );
    const rename = fs.renameSync;
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      if (from === lock) throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      rename(from, to);
    });
    const e = await refusal(
      writeOutputs([{ path: target, what: 'PDF', data: 'x' }], [], { onWait: () => {} }),
    );
    expect(e.what).toBe(
      `a mazebook that stopped left its lock on this file (${lock}), and it cannot be removed: you do not have permission to write in that folder`,
    );
    expect(e.hint).toBe(`remove the folder ${lock} (its owner may need to), then run again`);
  });
});

describe('the preview’s re-roll, on a spec in a read-only folder', () => {
  it('says the spec cannot be changed and how to make it so; the spec stays as it was', async () => {
    const { rewriteSpec } = await import('../../src/book/outputs.js');
    const dir = tempDir({ 'book.yaml': SPEC });
    breakFolder(dir, 'EROFS');
    let e: unknown;
    try {
      rewriteSpec(join(dir, 'book.yaml'), `${SPEC}# changed\n`);
    } catch (err) {
      e = err;
    }
    expect(e).toBeInstanceOf(UserError);
    expect((e as UserError).what).toBe(
      'cannot write the spec: the folder is read-only; the spec is as it was',
    );
    expect((e as UserError).hint).toBe(
      'make the spec’s folder writable, or copy the spec to a folder you can write',
    );
    expect(readFileSync(join(dir, 'book.yaml'), 'utf8')).toBe(SPEC);
  });
});
