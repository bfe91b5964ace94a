import { isAscii } from 'node:buffer';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/**
 * A V8 code cache for the bundled command on Node versions without `module.enableCompileCache` (Node 20):
 * the bytecode of every function a command ran is kept between runs, so the next run neither parses the
 * 1.8 MB script nor compiles those functions again. Node 22.1+ does the same itself (bin/mazebook.js).
 *
 * The caches live in a folder of the system's temp folder that belongs to the user alone (never in the
 * project, never beside a spec): bytecode is code, so a folder that anyone else could write to, or that is
 * a link, is not used. A cache file is named after the node version, the script file's identity (device,
 * inode, size, modification and change times, in ns) and the command, so a rebuilt or upgraded mazebook
 * never runs another script's bytecode; V8 itself also rejects a cache made by another V8, with other flags
 * or for a source of another length. NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's own.
 */

/** What running a script with a code cache did. */
export interface CachedRun {
  /** The cache file (undefined: no safe cache folder, or caching turned off). */
  cacheFile?: string;
  /** Whether V8 accepted an existing cache. */
  used: boolean;
  /** Writes the cache of everything compiled so far, if there was none or V8 rejected it. */
  save(): void;
}

/** The user's own cache folder, made if missing; undefined if it cannot be made or is not safe to use. */
export function codeCacheDir(parent: string = tmpdir()): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE === '1') return undefined;
  const uid = process.getuid?.();
  const dir = join(parent, `mazebook-code-cache${uid === undefined ? '' : `-${uid}`}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
  }
  try {
    const st = lstatSync(dir);
    if (!st.isDirectory()) return undefined;
    if (uid !== undefined && (st.uid !== uid || (st.mode & 0o077) !== 0)) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/** The commands of src/cli/main.ts (one with another name shares the cache `other`). */
const COMMANDS = new Set([
  'build',
  'rate',
  'calibrate',
  'render',
  'sheet',
  'cover',
  'validate',
  'preview',
  'schema',
  'init',
  'help',
]);

/** The cache's name part for a command line: the command (`validate`, `build`…), `options` or `other`. */
export function commandKey(args: readonly string[]): string {
  const first = args.find((a) => !a.startsWith('-'));
  if (first === undefined) return 'options';
  return COMMANDS.has(first) ? first : 'other';
}

/**
 * Runs the CommonJS script `file` as `require` would (its own `require`, `module`, `__filename`,
 * `__dirname`), with the code cache for `key` from `dir` when there is one. The script must not use
 * `import()` (a script compiled here has no module loader for it). Call `save()` once the script's work is
 * done (at exit), so the cache holds every function the command ran.
 */
export function runCached(file: string, dir: string | undefined, key: string): CachedRun {
  const bytes = readFileSync(file);
  // An ASCII script (as the build writes it) becomes a one-byte string, which is quicker to make and scan.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  const st = statSync(file, { bigint: true });
  const name = `${process.version}-${process.arch}-${st.dev}-${st.ino}-${st.size}-${st.mtimeNs}-${st.ctimeNs}`;
  const cacheFile = dir === undefined ? undefined : join(dir, `${name}-${key}.bin`);
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const used = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} };
  const fn = script.runInThisContext() as (...a: unknown[]) => void;
  fn.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    cacheFile,
    used,
    save() {
      if (used || cacheFile === undefined || dir === undefined) return;
      try {
        writeCache(dir, cacheFile, name, script.createCachedData());
      } catch {
        // A cache that cannot be written costs the next run time, nothing else.
      }
    },
  };
}

/** The cache's bytes, if it is a regular file of this user's; undefined otherwise. */
function readCache(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const st = fstatSync(fd);
    const uid = process.getuid?.();
    if (!st.isFile() || (uid !== undefined && st.uid !== uid)) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes through a temporary and a rename (a run reading meanwhile sees all or nothing); drops caches of
 * other scripts (an earlier build or version), so the folder holds one script's caches. */
function writeCache(dir: string, file: string, name: string, data: Buffer): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, data, { mode: 0o600, flag: 'wx' });
  renameSync(temp, file);
  for (const other of readdirSync(dir)) {
    if (other.startsWith(`${name}-`) || !other.endsWith('.bin')) continue;
    try {
      unlinkSync(join(dir, other));
    } catch {
      // Another run removed it first.
    }
  }
}
