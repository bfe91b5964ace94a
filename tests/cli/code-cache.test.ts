import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheDir, commandKey } from '../../src/cli/code-cache.js';
import { tempDir } from '../helpers.js';

const posix = process.platform !== 'win32';

/** A script that counts its runs in a global and loads a file beside it through its own `require`. */
function script(dir: string, body = 'a'): string {
  writeFileSync(join(dir, 'helper.cjs'), 'module.exports = 2;\n');
  const file = join(dir, 'tool.cjs');
  writeFileSync(
    file,
    `globalThis.codeCacheRuns = (globalThis.codeCacheRuns ?? 0) + require('./helper.cjs') / 2;
globalThis.codeCacheSeen = { file: __filename, dir: __dirname, isModule: module.exports === exports };
function later() { return ${JSON.stringify(body)}; }
globalThis.codeCacheLater = later();\n`,
  );
  return file;
}

afterEach(() => {
  delete process.env.NODE_DISABLE_COMPILE_CACHE;
});

interface ChildRun {
  used: boolean;
  cacheFile?: string;
  /** Whether the cache file was there before `save()`. */
  savedBefore: boolean;
  runs?: number;
  seen?: { file: string; dir: string; isModule: boolean };
  later?: string;
}

const CODE_CACHE = pathToFileURL(resolve('src/cli/code-cache.ts')).href;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** `runCached(file, dir, key)` and `save()` in a new node process, as bin/mazebook.js does. */
function runInChild(file: string, dir: string | undefined, key: string): ChildRun {
  const driver = `
import { existsSync } from 'node:fs';
const { runCached } = await import(${JSON.stringify(CODE_CACHE)});
const run = runCached(${JSON.stringify(file)}, ${JSON.stringify(dir)}, ${JSON.stringify(key)});
const savedBefore = run.cacheFile !== undefined && existsSync(run.cacheFile);
run.save();
const g = globalThis;
process.stdout.write(JSON.stringify({ used: run.used, cacheFile: run.cacheFile, savedBefore, runs: g.codeCacheRuns, seen: g.codeCacheSeen, later: g.codeCacheLater }));
`;
  const r = spawnSync(process.execPath, ['--import', TSX, '--input-type=module', '-e', driver], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (r.status !== 0) throw new Error(`driver failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as ChildRun;
}

describe('commandKey', () => {
  it('names the cache after the command, the options alone, or neither', () => {
    expect(commandKey(['validate', 'books/x.yaml'])).toBe('validate');
    expect(commandKey(['--debug', 'build', 'x.yaml', '-o', 'y.pdf'])).toBe('build');
    expect(commandKey(['--help'])).toBe('options');
    expect(commandKey([])).toBe('options');
    expect(commandKey(['../x.yaml'])).toBe('other');
    expect(commandKey(['frobnicate'])).toBe('other');
    expect(commandKey(['Build'])).toBe('other');
  });
});

describe('codeCacheDir', () => {
  it('makes a folder only its user can enter, and uses it again', () => {
    const parent = tempDir();
    const dir = codeCacheDir(parent);
    expect(dir).toBeDefined();
    expect(existsSync(dir as string)).toBe(true);
    expect(codeCacheDir(parent)).toBe(dir);
  });

  it.skipIf(!posix)('refuses a folder others could write to, and a link', () => {
    const parent = tempDir();
    const dir = codeCacheDir(parent) as string;
    chmodSync(dir, 0o777);
    expect(codeCacheDir(parent)).toBeUndefined();

    const other = tempDir();
    const target = join(other, 'elsewhere');
    mkdirSync(target, { mode: 0o700 });
    symlinkSync(target, join(other, `mazebook-code-cache-${process.getuid?.()}`));
    expect(codeCacheDir(other)).toBeUndefined();
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE=1', () => {
    process.env.NODE_DISABLE_COMPILE_CACHE = '1';
    expect(codeCacheDir(tempDir())).toBeUndefined();
  });
});

// V8 keeps what it compiled in memory for the life of a process, so each run is a process of its own.
describe('runCached', () => {
  it('runs the script as require would, then from its saved cache', () => {
    const dir = tempDir();
    const file = script(dir);
    const cache = codeCacheDir(tempDir()) as string;

    const first = runInChild(file, cache, 'validate');
    expect(first.runs).toBe(1);
    expect(first.seen).toEqual({ file, dir, isModule: true });
    expect(first.used).toBe(false);
    expect(first.savedBefore).toBe(false);
    expect(existsSync(first.cacheFile as string)).toBe(true);

    const second = runInChild(file, cache, 'validate');
    expect(second.used).toBe(true);
    expect(second.cacheFile).toBe(first.cacheFile);
    expect(second.runs).toBe(1);
    expect(second.later).toBe('a');

    // Another command has a cache of its own.
    const other = runInChild(file, cache, 'build');
    expect(other.used).toBe(false);
    expect(other.cacheFile).not.toBe(first.cacheFile);
  });

  it('never uses the cache of an earlier build of the script, and drops it when saving', () => {
    const dir = tempDir();
    const file = script(dir);
    const cache = codeCacheDir(tempDir()) as string;
    const old = runInChild(file, cache, 'validate');

    // Same length, other text, the same modification time: another script all the same.
    const mtime = new Date(2020, 0, 1);
    utimesSync(file, mtime, mtime);
    script(dir, 'b');
    utimesSync(file, mtime, mtime);
    const rebuilt = runInChild(file, cache, 'validate');
    expect(rebuilt.used).toBe(false);
    expect(rebuilt.cacheFile).not.toBe(old.cacheFile);
    expect(rebuilt.later).toBe('b');
    expect(readdirSync(cache)).toEqual([basename(rebuilt.cacheFile as string)]);
  });

  it('runs a script whose cache is damaged, and saves a good one', () => {
    const file = script(tempDir());
    const cache = codeCacheDir(tempDir()) as string;
    const first = runInChild(file, cache, 'validate');
    writeFileSync(first.cacheFile as string, Buffer.alloc(4096, 7));
    const damaged = runInChild(file, cache, 'validate');
    expect(damaged.used).toBe(false);
    expect(damaged.runs).toBe(1);
    expect(runInChild(file, cache, 'validate').used).toBe(true);
  });

  it('caches the files of its folder it requires, not others, and never runs a changed one from the cache', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'outside.cjs'), 'module.exports = 40;\n');
    writeFileSync(join(dir, 'chunk.cjs'), 'module.exports = 2;\n');
    const file = join(dir, 'tool.cjs');
    writeFileSync(
      file,
      "globalThis.codeCacheRuns = 1;\nglobalThis.codeCacheLater = String(require('./lib/outside.cjs') + require('./chunk.cjs'));\n",
    );
    const cache = codeCacheDir(tempDir()) as string;
    const first = runInChild(file, cache, 'validate');
    expect(first.later).toBe('42');
    expect(first.used).toBe(false);
    expect(runInChild(file, cache, 'validate').used).toBe(true);

    // The chunk rebuilt (same length, other text): its cache is not used, the new text runs.
    writeFileSync(join(dir, 'chunk.cjs'), 'module.exports = 3;\n');
    const rebuilt = runInChild(file, cache, 'validate');
    expect(rebuilt.later).toBe('43');
    expect(rebuilt.used).toBe(false);
    expect(runInChild(file, cache, 'validate').used).toBe(true);
  });

  it('runs without a cache when there is no folder for it', () => {
    const file = script(tempDir());
    const run = runInChild(file, undefined, 'validate');
    expect(run.cacheFile).toBeUndefined();
    expect(run.runs).toBe(1);
  });
});
