import {
  chmodSync,
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { UserError } from '../base/errors.js';
import { kindOf } from '../base/files.js';

/**
 * The one place mazebook writes files. Every output of a command (the PDF, its lockfile, SVG pages, a cover,
 * a picture) is checked before anything is written: it may not be a file the build read (the spec, a theme,
 * a font, a picture), a folder, a device, a pipe or a socket. Then, holding a lock on the main output so two
 * builds to one path cannot interleave, all of them are written to temporary files next to their targets and
 * renamed into place last — the lockfile before the PDF, so a build cut short leaves the old PDF with a new
 * lockfile that no longer matches it (which `--frozen` reports), never a mix it cannot detect. Temporaries a
 * killed build left behind are removed when the next build takes the lock.
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
}

const TEMP_SUFFIX = '.mazebook-tmp';

function statOrUndefined(path: string, link: boolean): Stats | undefined {
  try {
    return link ? lstatSync(path) : statSync(path);
  } catch {
    return undefined;
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/**
 * Refuses outputs that would overwrite an input of the build or something that is not a regular file, and
 * two outputs at one path. Nothing is written.
 * @param inputs real paths of the files the build read
 */
export function checkOutputs(
  files: readonly Pick<OutputFile, 'path' | 'what'>[],
  inputs: readonly string[],
): void {
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
  }
}

/** Creates a folder (and its parents) for output, or explains why it cannot. */
export function ensureDir(dir: string, what = 'output'): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new UserError(
      shownPath(dir),
      `cannot create the ${what} folder: ${(e as NodeJS.ErrnoException).code ?? e}`,
      'check the path and its permissions',
    );
  }
}

/** Removes temporaries of `target` that an earlier, interrupted run left (call while holding the lock). */
function removeStaleTemps(target: string): void {
  const dir = dirname(target);
  const prefix = `.${basename(target)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith(TEMP_SUFFIX)) {
      try {
        unlinkSync(join(dir, name));
      } catch {
        // Another process's file, or already gone: not ours to worry about.
      }
    }
  }
}

let tempCounter = 0;

function writeTemp(target: string, data: Buffer | string, what: string): string {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${++tempCounter}${TEMP_SUFFIX}`);
  let fd: number | undefined;
  try {
    fd = openSync(temp, 'wx', 0o644);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
    try {
      unlinkSync(temp);
    } catch {}
    throw new UserError(
      shownPath(target),
      `cannot write the ${what}: ${(e as NodeJS.ErrnoException).code ?? e}`,
      'check the path, its permissions and the free space',
    );
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return temp;
}

/** How long a build waits for another build writing the same output. */
const LOCK_RETRIES = { retries: 60, factor: 1.3, minTimeout: 50, maxTimeout: 1000 };

/**
 * Checks, then writes every file: temporaries first, renamed in the order given once all are written, under a
 * lock on the first file. A failure before the renames leaves every previous output as it was.
 */
export async function writeOutputs(
  files: readonly OutputFile[],
  inputs: readonly string[] = [],
): Promise<void> {
  if (files.length === 0) return;
  checkOutputs(files, inputs);
  const targets = files.map((f) => resolve(f.path));
  for (const t of targets) ensureDir(dirname(t));
  let release: (() => Promise<void>) | undefined;
  // Loaded here, not at the top: commands that write nothing (`validate`, `--help`) need not load it.
  const { default: lockfile } = await import('proper-lockfile');
  try {
    release = await lockfile.lock(targets[0], {
      realpath: false,
      retries: LOCK_RETRIES,
      stale: 20_000,
      lockfilePath: `${targets[0]}.writing`,
    });
  } catch (e) {
    throw new UserError(
      shownPath(targets[0]),
      `another mazebook is writing this file (${(e as NodeJS.ErrnoException).code ?? e})`,
      `wait for it to finish; if none is running, remove ${shownPath(`${targets[0]}.writing`)}`,
    );
  }
  const temps: string[] = [];
  try {
    for (const t of targets) removeStaleTemps(t);
    files.forEach((f, i) => {
      temps.push(writeTemp(targets[i], f.data, f.what));
    });
    files.forEach((f, i) => {
      try {
        renameSync(temps[i], targets[i]);
        temps[i] = '';
      } catch (e) {
        throw new UserError(
          shownPath(targets[i]),
          `cannot write the ${f.what}: ${(e as NodeJS.ErrnoException).code ?? e}`,
          'check the path and its permissions',
        );
      }
    });
  } finally {
    for (const t of temps) {
      if (!t) continue;
      try {
        unlinkSync(t);
      } catch {}
    }
    await release();
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
    real = realpathSync.native(path);
    st = statSync(real);
  } catch (e) {
    throw new UserError(shown, `cannot rewrite the spec: ${(e as NodeJS.ErrnoException).code ?? e}`);
  }
  if (!st.isFile()) throw new UserError(shown, `cannot rewrite the spec: it is ${kindOf(st)}`);
  const temp = writeTemp(real, text, 'spec');
  try {
    chmodSync(temp, st.mode & 0o7777);
    renameSync(temp, real);
  } catch (e) {
    try {
      unlinkSync(temp);
    } catch {}
    throw new UserError(shown, `cannot rewrite the spec: ${(e as NodeJS.ErrnoException).code ?? e}`);
  }
}
