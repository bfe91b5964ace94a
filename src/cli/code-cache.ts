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
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/**
 * A V8 code cache for the bundled command on Node versions without `module.enableCompileCache` (Node 20):
 * the bytecode of every function a command ran is kept between runs, so the next run neither parses the
 * files of the bundle it loads (the command's script and the chunks it shares with the library) nor
 * compiles those functions again. Node 22.1+ does the same itself (bin/mazebook.js).
 *
 * The caches live in a folder of the system's temp folder that belongs to the user alone (never in the
 * project, never beside a spec): bytecode is code, so a folder that anyone else could write to, or that is
 * a link, is not used. A cache file is named after the node version, the script file's identity (device,
 * inode, size, modification and change times, in ns) and the command, and holds each file's cache under
 * that file's identity, so a rebuilt or upgraded mazebook never runs another script's bytecode; V8 itself also rejects a cache made by another V8, with other flags
 * or for a source of another length. NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's own.
 */

/** What running a script with a code cache did. */
export interface CachedRun {
  /** The cache file (undefined: no safe cache folder, or caching turned off). */
  cacheFile?: string;
  /** Whether V8 accepted an existing cache for every file run so far. */
  used: boolean;
  /** Writes the cache of everything compiled so far, if some file had none or V8 rejected it. */
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
 * `__dirname`), and every CommonJS file of its folder it requires (now or later: the chunks of the bundle,
 * bench/bundle-cli.mjs), each with its code cache for `key` from `dir` when there is one; files elsewhere
 * load as usual. The scripts must not use `import()` (a script compiled here has no module loader for it).
 * Call `save()` once the script's work is done (at exit), so the cache holds every function the command
 * ran. The caches of all the files are kept in one cache file, named after `file`.
 */
export function runCached(file: string, dir: string | undefined, key: string): CachedRun {
  const name = `${process.version}-${process.arch}-${identity(file)}`;
  const cacheFile = dir === undefined ? undefined : join(dir, `${name}-${key}.bin`);
  const stored = cacheFile === undefined ? new Map<string, Buffer>() : readEntries(cacheFile);
  const scripts = new Map<string, Script>();
  let used = stored.size > 0;
  const folder = dirname(file);

  /** Compiles and runs one file of the folder into `module`, with its cache if V8 accepts it. */
  const run = (path: string, module: { exports: unknown }) => {
    const bytes = readFileSync(path);
    // An ASCII script (as the build writes it) becomes a one-byte string, which is quicker to make and scan.
    const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
    const id = `${basename(path)}-${identity(path)}`;
    const cachedData = stored.get(id);
    const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
      filename: path,
      cachedData,
    });
    if (cachedData === undefined || script.cachedDataRejected) used = false;
    scripts.set(id, script);
    const fn = script.runInThisContext() as (...a: unknown[]) => void;
    fn.call(module.exports, module.exports, createRequire(path), module, path, dirname(path));
  };

  // The folder's other files, whenever they are required: node's loader finds, caches and links them (a
  // file being loaded is in its cache already, so files may require each other); this only compiles them.
  const extensions = (Module as unknown as { _extensions: Record<string, Loader> })._extensions;
  // (Node 20 runs .cjs files through the '.js' loader; later versions have one of their own.)
  for (const ext of ['.js', '.cjs'].filter((e) => extensions[e] !== undefined)) {
    const original = extensions[ext];
    extensions[ext] = function (module, path) {
      if (dirname(path) !== folder) return original.call(this, module, path);
      run(path, module);
    };
  }
  const module = { exports: {} };
  run(file, module);
  return {
    cacheFile,
    get used() {
      return used;
    },
    save() {
      if (used || cacheFile === undefined || dir === undefined) return;
      try {
        writeCache(dir, cacheFile, name, packEntries(scripts));
      } catch {
        // A cache that cannot be written costs the next run time, nothing else.
      }
    },
  };
}

/** How node's CommonJS loader runs a file of one extension. */
type Loader = (this: unknown, module: { exports: unknown }, path: string) => void;

/** A file's identity: device, inode, size, modification and change times (ns). */
function identity(path: string): string {
  const st = statSync(path, { bigint: true });
  return `${st.dev}-${st.ino}-${st.size}-${st.mtimeNs}-${st.ctimeNs}`;
}

/**
 * The caches of several files in one: a count, then per file its id's length and id (UTF-8) and its data's
 * length and data (lengths as 32-bit unsigned, little-endian).
 */
function packEntries(scripts: Map<string, Script>): Buffer {
  const parts: Buffer[] = [u32(scripts.size)];
  for (const [id, script] of scripts) {
    const idBytes = Buffer.from(id, 'utf8');
    const data = script.createCachedData();
    parts.push(u32(idBytes.length), idBytes, u32(data.length), data);
  }
  return Buffer.concat(parts);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

/** The entries of a cache file (none if it is missing, not this user's, or not made by `packEntries`). */
function readEntries(file: string): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const bytes = readCache(file);
  if (bytes === undefined) return entries;
  try {
    let at = 4;
    const take = (n: number): Buffer => {
      if (at + n > bytes.length) throw new RangeError('short cache file');
      at += n;
      return bytes.subarray(at - n, at);
    };
    const count = bytes.readUInt32LE(0);
    for (let i = 0; i < count; i++) {
      const id = take(take(4).readUInt32LE()).toString('utf8');
      entries.set(id, take(take(4).readUInt32LE()));
    }
  } catch {
    // A damaged file: each file runs without a cache and a good one is written.
    entries.clear();
  }
  return entries;
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
