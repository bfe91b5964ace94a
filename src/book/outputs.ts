import fs, { type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UserError } from '../base/errors.js';
import { kindOf } from '../base/files.js';
import {
  AbandonedLockError,
  type HeldLock,
  LockBusyError,
  lockDirOf,
  lockOutput,
  shortName,
} from './output-lock.js';

/**
 * The one place mazebook writes files. Every output of a command (the PDF, its lockfile, SVG pages, a cover,
 * a picture) is checked before anything is written: it may not be a file the build read (the spec, a theme,
 * a font, a picture), a folder, a device, a pipe or a socket. Then, holding a lock on the main output so two
 * builds to one path cannot interleave, all of them are written to temporary files next to their targets and
 * renamed into place last — the lockfile before the PDF, so a build cut short leaves the old PDF with a new
 * lockfile that no longer matches it (which `--frozen` reports), never a mix it cannot detect. Temporaries a
 * killed build left behind are removed when the next build takes the lock (output-lock.ts). A folder that
 * cannot take files (read-only, no permission) is refused by the checks, before any work; a write that fails
 * on the way (a full disk) removes its temporaries and the folders it made, and explains itself in the
 * user's words.
 *
 * The file system is called through `node:fs`'s module object (`fs.openSync`), not named imports, so a test
 * can make it fail here as a read-only mount or a full disk would.
 */

/** A path as messages show it: relative to the working directory when inside it. */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

export interface OutputFile {
  /** Where the file goes (absolute, or relative to the working directory). */
  path: string;
  data: Buffer | string;
  /** What it is, for messages: `PDF`, `lockfile`, `SVG page`… */
  what: string;
  /** The command-line option that chose where it goes (`-o`, `--svg`), named in hints. */
  option?: string;
}

/** Longest name of one file or folder most file systems take, in bytes. */
const MAX_NAME_BYTES = 255;

const TEMP_SUFFIX = '.mazebook-tmp';

function statOrUndefined(path: string, link: boolean): Stats | undefined {
  try {
    return link ? fs.lstatSync(path) : fs.statSync(path);
  } catch {
    return undefined;
  }
}

function realOrSelf(path: string): string {
  try {
    return fs.realpathSync.native(path);
  } catch {
    return path;
  }
}

/**
 * Refuses outputs that would overwrite an input of the build or something that is not a regular file, two
 * outputs at one path, names too long for a file system, and folders that cannot take new files. Nothing is
 * written.
 * @param inputs real paths of the files the build read
 */
export function checkOutputs(
  files: readonly Pick<OutputFile, 'path' | 'what' | 'option'>[],
  inputs: readonly string[],
): void {
  const folders = new Map<string, string | undefined>();
  const ins = new Set(inputs);
  const seen = new Map<string, string>();
  for (const f of files) {
    const abs = resolve(f.path);
    const shown = shownPath(abs);
    const other = seen.get(abs);
    if (other) throw new UserError(shown, `the ${f.what} and the ${other} would be the same file`);
    seen.set(abs, f.what);
    const link = statOrUndefined(abs, true);
    const target = statOrUndefined(abs, false);
    if (ins.has(abs) || ins.has(realOrSelf(abs))) {
      throw new UserError(
        shown,
        `the ${f.what} would overwrite a file this build reads (the spec, a theme, a font or a picture)`,
        'write the output somewhere else, e.g. output/<name>.pdf',
      );
    }
    if (link && !link.isSymbolicLink() && !link.isFile()) {
      throw new UserError(
        shown,
        `cannot write the ${f.what} there: it is ${kindOf(link)}`,
        'give a file name',
      );
    }
    if (link?.isSymbolicLink() && target && !target.isFile()) {
      throw new UserError(
        shown,
        `cannot write the ${f.what} there: it links to ${kindOf(target)}`,
        'give a file name',
      );
    }
    const parent = statOrUndefined(dirname(abs), false);
    if (parent && !parent.isDirectory()) {
      throw new UserError(shown, `cannot write the ${f.what}: ${shownPath(dirname(abs))} is not a folder`);
    }
    const long = abs.split(sep).find((part) => Buffer.byteLength(part) > MAX_NAME_BYTES);
    if (long !== undefined) {
      throw new UserError(
        shownShort(abs),
        `cannot write the ${f.what}: a name in its path is ${Buffer.byteLength(long)} bytes long; file systems take at most ${MAX_NAME_BYTES}`,
        `choose a shorter name${f.option ? ` with ${f.option}` : ''}`,
      );
    }
    if (!folders.has(dirname(abs))) folders.set(dirname(abs), f.option);
  }
  for (const [dir, option] of folders) checkWritable(dir, option);
}

/** Why a file or folder cannot be written, in the user's words, from the system's error code. */
function writeProblem(code: string | undefined): string {
  switch (code) {
    case 'EROFS':
      return 'the folder is read-only';
    case 'EACCES':
      return 'you do not have permission to write in that folder';
    case 'EPERM':
      return 'the system does not allow writing there (the folder may be marked unchangeable)';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'your disk quota is used up';
    case 'ENAMETOOLONG':
      return 'the name is too long for the file system';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many files are open';
    case 'EIO':
      return 'the disk reported an error';
    default:
      return `the system refused (${code ?? 'error'})`;
  }
}

/** What to do about a write problem; `option` is the command-line option that chose the place. */
function writeHint(code: string | undefined, option: string | undefined): string {
  const elsewhere = `choose another folder${option ? ` with ${option}` : ''}`;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `free some space, or ${elsewhere}`;
    case 'ENAMETOOLONG':
      return `choose a shorter name${option ? ` with ${option}` : ''}`;
    case 'EACCES':
      return `${elsewhere}, or make this one writable for you`;
    case 'EROFS':
    case 'EPERM':
      return elsewhere;
    default:
      return `check the path and its permissions, or ${elsewhere}`;
  }
}

function codeOf(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException)?.code;
}

/** A path as a message shows it, a very long one cut in the middle (`/tmp/a/…/b/c.pdf`). */
function shownShort(path: string): string {
  const shown = shownPath(path);
  const chars = [...shown];
  return chars.length <= 120 ? shown : `${chars.slice(0, 60).join('')}…${chars.slice(-50).join('')}`;
}

/** A folder as messages show it, ending in a slash: `output/`. */
function shownFolder(dir: string): string {
  const shown = shownShort(dir);
  return shown.endsWith(sep) ? shown : `${shown}${sep}`;
}

/**
 * The error for a folder mazebook cannot write into: `cannot write to output/: the folder is read-only`,
 * with what to do.
 */
export function cannotWriteTo(dir: string, e: unknown, option?: string): UserError {
  const code = codeOf(e);
  return new UserError(
    '',
    `cannot write to ${shownFolder(dir)}: ${writeProblem(code)}`,
    writeHint(code, option),
  );
}

/** The error for one output that could not be written; the previous file there is as it was. */
function cannotWriteFile(target: string, what: string, e: unknown, option?: string): UserError {
  const code = codeOf(e);
  return new UserError(
    shownShort(target),
    `cannot write the ${what}: ${writeProblem(code)}; nothing was replaced`,
    writeHint(code, option),
  );
}

/** The deepest folder on the way to `dir` that exists (`dir` itself when it does). */
function existingAncestor(dir: string): string {
  let d = dir;
  while (!statOrUndefined(d, false)) {
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  return d;
}

/**
 * Refuses a folder that cannot take new files (read-only, no permission, marked unchangeable), checked on the
 * deepest part of the path that exists, since the rest would be made in it.
 */
function checkWritable(dir: string, option?: string): void {
  const at = existingAncestor(dir);
  const st = statOrUndefined(at, false);
  if (st && !st.isDirectory()) {
    throw new UserError(
      '',
      `cannot write to ${shownFolder(dir)}: ${shownShort(at)} is ${st.isFile() ? 'a file' : kindOf(st)}, not a folder`,
      `choose another folder${option ? ` with ${option}` : ''}`,
    );
  }
  if (!st) return;
  try {
    fs.accessSync(at, fs.constants.W_OK | fs.constants.X_OK);
  } catch (e) {
    throw cannotWriteTo(dir, e, option);
  }
}

/**
 * Creates a folder (and its parents) for output, or explains why it cannot.
 * @returns the first folder it created (the top one), or undefined when all existed
 */
export function ensureDir(dir: string, what = 'output', option?: string): string | undefined {
  try {
    return fs.mkdirSync(dir, { recursive: true });
  } catch (e) {
    const code = codeOf(e);
    throw new UserError(
      '',
      `cannot create the ${what} folder ${shownFolder(dir)}: ${writeProblem(code)}`,
      writeHint(code, option),
    );
  }
}

/** Removes folders a failed write made (from `dirs`' deepest up to `top`), if they are still empty. */
function removeMadeFolders(made: readonly { top: string; dir: string }[]): void {
  for (const { top, dir } of made) {
    let d = dir;
    for (;;) {
      try {
        fs.rmdirSync(d);
      } catch {
        break; // Not empty (something else is in it now), or gone: leave it.
      }
      if (d === top || dirname(d) === d) break;
      d = dirname(d);
    }
  }
}

/** The start of a temporary's name for `target`: `.<name>.` (a long name shortened). */
function tempPrefix(target: string): string {
  return `.${shortName(basename(target))}.`;
}

/** Removes temporaries of `target` that an earlier, interrupted run left (call while holding the lock). */
function removeStaleTemps(target: string): void {
  const dir = dirname(target);
  const prefix = tempPrefix(target);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith(TEMP_SUFFIX)) {
      try {
        fs.unlinkSync(join(dir, name));
      } catch {
        // Another process's file, or already gone: not ours to worry about.
      }
    }
  }
}

let tempCounter = 0;

function writeTemp(target: string, data: Buffer | string, what: string, option?: string): string {
  const temp = join(dirname(target), `${tempPrefix(target)}${process.pid}.${++tempCounter}${TEMP_SUFFIX}`);
  let fd: number | undefined;
  try {
    fd = fs.openSync(temp, 'wx', 0o644);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    let off = 0;
    while (off < bytes.length) off += fs.writeSync(fd, bytes, off, bytes.length - off);
    fs.fsyncSync(fd);
  } catch (e) {
    if (fd !== undefined) fs.closeSync(fd);
    fd = undefined;
    try {
      fs.unlinkSync(temp);
    } catch {}
    throw cannotWriteFile(target, what, e, option);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  return temp;
}

export interface WriteOptions {
  /**
   * Told when the write waits for another mazebook writing the same output, or takes over the lock of one
   * that stopped (a line in the user's words). Default: printed to stderr as `note: …`.
   */
  onWait?: (message: string) => void;
}

function lockError(target: string, e: LockBusyError): UserError {
  const owner = e.owner;
  const shown = shownPath(target);
  const waited = Math.round(e.waitedMs / 1000);
  if (owner) {
    return new UserError(
      shown,
      `another mazebook (process ${owner.pid} on ${owner.host}) is still writing this file after ${waited} s of waiting`,
      `wait for it to finish; if it is stuck, stop it (kill ${owner.pid}) and run again`,
    );
  }
  return new UserError(
    shown,
    `another program has held the lock on this file for ${waited} s (${shownPath(lockDirOf(target))})`,
    `if no mazebook is writing it, remove the folder ${shownPath(lockDirOf(target))}`,
  );
}

/**
 * Checks, then writes every file: temporaries first, renamed in the order given once all are written, under a
 * lock on the first file. A failure before the renames leaves every previous output as it was, and removes
 * the folders this call made.
 */
export async function writeOutputs(
  files: readonly OutputFile[],
  inputs: readonly string[] = [],
  options: WriteOptions = {},
): Promise<void> {
  if (files.length === 0) return;
  checkOutputs(files, inputs);
  const targets = files.map((f) => resolve(f.path));
  const made: { top: string; dir: string }[] = [];
  let lock: HeldLock | undefined;
  const temps: string[] = [];
  let done = false;
  try {
    files.forEach((f, i) => {
      const dir = dirname(targets[i]);
      const top = ensureDir(dir, 'output', f.option);
      if (top) made.push({ top, dir });
    });
    lock = await takeLock(targets[0], files[0].option, options);
    for (const t of targets) removeStaleTemps(t);
    files.forEach((f, i) => {
      temps.push(writeTemp(targets[i], f.data, f.what, f.option));
      lock?.refresh();
    });
    files.forEach((f, i) => {
      try {
        fs.renameSync(temps[i], targets[i]);
        temps[i] = '';
      } catch (e) {
        throw cannotWriteFile(targets[i], f.what, e, f.option);
      }
    });
    done = true;
  } finally {
    for (const t of temps) {
      if (!t) continue;
      try {
        fs.unlinkSync(t);
      } catch {}
    }
    lock?.release();
    if (!done) removeMadeFolders(made);
  }
}

async function takeLock(
  target: string,
  option: string | undefined,
  options: WriteOptions,
): Promise<HeldLock> {
  try {
    return await lockOutput(target, {
      shown: shownPath(target),
      onWait: options.onWait ?? ((m) => process.stderr.write(`note: ${m}\n`)),
    });
  } catch (e) {
    if (e instanceof LockBusyError) throw lockError(target, e);
    if (e instanceof AbandonedLockError) {
      throw new UserError(
        shownShort(target),
        `a mazebook that stopped left its lock on this file (${shownShort(e.lockDir)}), and it cannot be removed: ${writeProblem(codeOf(e.reason))}`,
        `remove the folder ${shownShort(e.lockDir)} (its owner may need to), then run again`,
      );
    }
    throw cannotWriteTo(dirname(target), e, option);
  }
}

/**
 * The one edit mazebook makes to an input: a spec rewritten in place (`preview`'s re-roll and its undo). The
 * text goes to a temporary file beside the spec's real path (links followed, so a linked spec stays a link),
 * is flushed, takes the spec's permission bits and is renamed over it, so an editor or a build reading the
 * spec sees the old text or the new, never a part. Only an existing regular file is rewritten.
 */
export function rewriteSpec(path: string, text: string): void {
  const shown = shownPath(path);
  let real: string;
  let st: Stats;
  try {
    real = fs.realpathSync.native(path);
    st = fs.statSync(real);
  } catch (e) {
    throw new UserError(shown, `cannot rewrite the spec: ${(e as NodeJS.ErrnoException).code ?? e}`);
  }
  if (!st.isFile()) throw new UserError(shown, `cannot rewrite the spec: it is ${kindOf(st)}`);
  let temp: string;
  try {
    temp = writeTemp(real, text, 'spec');
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    throw new UserError(
      e.where,
      e.what.replace('; nothing was replaced', '; the spec is as it was'),
      'make the spec’s folder writable, or copy the spec to a folder you can write',
    );
  }
  try {
    fs.chmodSync(temp, st.mode & 0o7777);
    fs.renameSync(temp, real);
  } catch (e) {
    try {
      fs.unlinkSync(temp);
    } catch {}
    throw new UserError(shown, `cannot rewrite the spec: ${(e as NodeJS.ErrnoException).code ?? e}`);
  }
}
