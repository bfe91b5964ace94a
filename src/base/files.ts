import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { UserError } from './errors.js';
import { LIMITS } from './limits.js';
import { PACKAGE_ROOT } from './package-root.js';

/**
 * The one door through which mazebook reads a file a user named: the spec, themes, fonts, pictures,
 * lockfiles, maze JSON. A spec may come from a stranger, so a named file is resolved to its real path (links
 * followed) before it is checked against the folders the build may read from, must be a regular file (never a
 * device, pipe, socket or folder), is opened without blocking and checked again through the open handle (the
 * same file that was checked, still a regular file) and is read up to a size limit. Every file read is
 * recorded, so `build --watch` knows what to watch and the output checks know what must not be overwritten.
 */

/** Which folders files named in a spec may come from. */
export interface PathPolicy {
  /** Real paths of the folders a named file may be in: the spec's folder and mazebook's own by default. */
  readonly allowed: readonly string[];
  /** `--allow-any-path`: the user accepts files from anywhere (the other checks still apply). */
  readonly anyPath: boolean;
}

/** What a file is for: names it in messages and sets its size limit. */
export type FileKind =
  | 'spec'
  | 'theme'
  | 'font'
  | 'image'
  | 'lockfile'
  | 'maze JSON'
  | 'times'
  | 'difficulty model';

const MAX_BYTES: Record<FileKind, number> = {
  spec: LIMITS.maxFileBytes,
  theme: LIMITS.maxFileBytes,
  font: LIMITS.maxFontBytes,
  image: LIMITS.maxImageBytes,
  lockfile: LIMITS.maxLockBytes,
  'maze JSON': LIMITS.maxJsonBytes,
  times: LIMITS.maxFileBytes,
  'difficulty model': LIMITS.maxFileBytes,
};

/** A file located and checked, ready to read. */
export interface FileRef {
  /** Absolute path as named (links not followed): what the user sees and what a watcher watches. */
  readonly path: string;
  /** The real path (links followed): the file's identity. */
  readonly real: string;
  /** The name as the user wrote it, for messages. */
  readonly shownAs: string;
  /** The place that named it (`file:line:col`, a CLI option), for messages. */
  readonly from: string;
  readonly kind: FileKind;
}

/** The files of one build: the policy they are checked against and the record of what was read. */
export interface FileAccess {
  readonly policy: PathPolicy;
  /** Every file located so far, in order, each once. */
  readonly located: readonly FileRef[];
  /** Every path asked for (absolute, as named), found or not: what `build --watch` watches. */
  readonly wanted: readonly string[];
  /**
   * Locates a file named in a spec or theme, relative to the naming file's folder, and checks it against the
   * policy (after following links) and that it is a regular file.
   * @param from the place that names it, for messages
   */
  named(baseDir: string, name: string, from: string, kind: FileKind): FileRef;
  /** Locates a file the user gave on the command line (no folder policy; every other check applies). */
  given(path: string, shownAs: string, kind: FileKind): FileRef;
  /** Reads a located file (checked again through the open handle), up to the size limit of its kind. */
  read(ref: FileRef): Buffer;
}

export function defaultPathPolicy(specDir: string, anyPath = false): PathPolicy {
  return { allowed: [realOrSelf(resolve(specDir)), realOrSelf(PACKAGE_ROOT)], anyPath };
}

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** True when `path` is `dir` or inside it (both absolute). */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export function createFileAccess(policy: PathPolicy): FileAccess {
  const located: FileRef[] = [];
  const wanted: string[] = [];
  const seen = new Set<string>();
  const want = (path: string): void => {
    if (!wanted.includes(path)) wanted.push(path);
  };
  const note = (ref: FileRef): FileRef => {
    const key = `${ref.path}\u0000${ref.real}`;
    if (!seen.has(key)) {
      seen.add(key);
      located.push(ref);
    }
    return ref;
  };
  return {
    policy,
    located,
    wanted,
    named(baseDir, name, from, kind) {
      const path = resolve(baseDir, name);
      want(path);
      const allowed = (p: string) => policy.anyPath || policy.allowed.some((dir) => isInside(dir, p));
      // The name itself first (a missing file outside is still "outside"), then where its links lead.
      const real =
        allowed(realOrSelf(dirname(path)) + sep + basename(path)) || allowed(path)
          ? locate(path, name, from, kind, 'it is relative to the file that names it')
          : '';
      if (!real || !allowed(real)) {
        const linked = real !== '' && real !== path;
        throw new UserError(
          from,
          `${kind} "${excerpt(name)}" is outside the folders a book may read from${linked ? ' (it is a link to a file elsewhere)' : ''}`,
          'move the file next to the spec, or pass --allow-any-path if you trust this spec',
        );
      }
      return note({ path, real, shownAs: name, from, kind });
    },
    given(path, shownAs, kind) {
      const abs = resolve(path);
      want(abs);
      const real = locate(abs, shownAs, '', kind, 'it is relative to the current folder');
      return note({ path: abs, real, shownAs, from: '', kind });
    },
    read: readChecked,
  };
}

/** Real path of an existing regular file, or a UserError saying why not. */
function locate(path: string, shownAs: string, from: string, kind: FileKind, relativeTo: string): string {
  let real: string;
  try {
    real = realpathSync.native(path);
  } catch {
    throw new UserError(
      from || excerpt(shownAs),
      `${kind} file not found: ${excerpt(shownAs)}`,
      `check the path; ${relativeTo}`,
    );
  }
  return real;
}

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

function readChecked(ref: FileRef): Buffer {
  const where = ref.from || excerpt(ref.shownAs);
  const name = excerpt(ref.shownAs);
  let fd: number;
  try {
    // Non-blocking, so a pipe cannot stall the build before it is refused below.
    fd = openSync(ref.real, OPEN_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(
      where,
      code === 'EACCES' || code === 'EPERM'
        ? `${ref.kind} ${name} cannot be read (permission denied)`
        : code === 'ENOENT'
          ? `${ref.kind} file not found: ${name}`
          : `${ref.kind} ${name} cannot be opened (${code ?? 'error'})`,
      'check the path and its permissions',
    );
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) {
      throw new UserError(where, `${ref.kind} ${name} is not a regular file (it is ${kindOf(st)})`);
    }
    const max = MAX_BYTES[ref.kind];
    if (st.size > max) {
      throw new UserError(
        where,
        `${ref.kind} ${name} is ${st.size} bytes; the limit is ${max}`,
        ref.kind === 'image' ? 'save a smaller copy (about 1000 px across is plenty)' : undefined,
      );
    }
    // Files such as those under /proc report size 0: read in chunks up to the limit whatever fstat says.
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.allocUnsafe(Math.min(max + 1, Math.max(65536, st.size + 1)));
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        throw new UserError(
          where,
          `${ref.kind} ${name} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
        );
      }
      if (n === 0) break;
      total += n;
      if (total > max)
        throw new UserError(where, `${ref.kind} ${name} is larger than the limit of ${max} bytes`);
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** What a file system entry that is not a regular file is, for messages: `a folder`, `a device`… */
export function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a pipe';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a plain file';
}

/**
 * A piece of untrusted text fit to quote in a message: at most `max` characters, control characters shown as
 * escapes, so a message never dumps a file a link pointed at.
 */
export function excerpt(text: string, max = 60): string {
  const chars = [...text];
  const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped here
  return cut.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) =>
    c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A UTF-16 byte-order mark, or NUL in every other byte of the start (UTF-16 text without a mark). */
function looksUtf16(bytes: Buffer): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 4) return false;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  return Math.max(even, odd) > (n / 2) * 0.6;
}

/**
 * Text of a YAML file: UTF-8 (a byte-order mark is dropped), normalised to NFC so a decomposed é is the same
 * letter as a composed one. UTF-16 and non-UTF-8 (Latin-1, Windows-1252) files are refused by name.
 */
export function decodeText(bytes: Buffer, shownAs: string, from: string, kind: FileKind): string {
  const where = from || excerpt(shownAs);
  if (looksUtf16(bytes)) {
    throw new UserError(where, `${kind} ${excerpt(shownAs)} is UTF-16 text`, 'save it as UTF-8');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new UserError(
      where,
      `${kind} ${excerpt(shownAs)} is not UTF-8 text (it looks like Latin-1 or Windows-1252)`,
      'save it as UTF-8',
    );
  }
  if (text.includes('\u0000')) {
    throw new UserError(where, `${kind} ${excerpt(shownAs)} is not a text file (it holds NUL bytes)`);
  }
  return text.normalize('NFC');
}
