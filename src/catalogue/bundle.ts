import { join } from 'node:path';
import { UserError } from '../base/errors.js';
import type { FileAccess, FileKind } from '../base/files.js';
import { coverPaths } from '../book/cover.js';
import { type LockFile, lockPath, parseLock } from '../book/lockfile.js';
import { shownPath } from '../book/outputs.js';
import { sha256 } from './book-fingerprint.js';

/**
 * A book's upload bundle: the folder `<out>/<id>/` holding its interior PDF `<id>.pdf`, its cover
 * `<id>-cover.pdf` (and `<id>-cover-ebook.png` when the spec asks for one), its lockfile `<id>.lock.json` and
 * its metadata `<id>.metadata.json`.
 */
export interface BundlePaths {
  folder: string;
  pdf: string;
  cover: string;
  ebook: string;
  lock: string;
  metadata: string;
}

export function bundlePaths(out: string, id: string): BundlePaths {
  const folder = join(out, id);
  const pdf = join(folder, `${id}.pdf`);
  const covers = coverPaths(pdf);
  return {
    folder,
    pdf,
    cover: covers.pdf,
    ebook: covers.ebook,
    lock: lockPath(pdf),
    metadata: join(folder, `${id}.metadata.json`),
  };
}

/** What a book's lockfile says of it, against what it would be made from now. */
export type BundleState =
  | { current: true; lock: LockFile }
  | { current: false; why: string; lock?: LockFile };

/** What the book would be made from now: its inputs' hash and the hash of the mazes it must avoid. */
export interface BundleWants {
  id: string;
  inputs: string;
  avoid: string;
  /** The spec asks for an ebook cover picture. */
  ebook: boolean;
}

function readOutput(files: FileAccess, path: string, kind: FileKind): Buffer {
  return files.read(files.given(path, shownPath(path), kind));
}

/**
 * Whether the bundle in `paths` is what the book would be now: its lockfile was written by a catalogue for
 * this id, from the same inputs, avoiding the same mazes; with `files`, its PDF, cover and metadata are also
 * the very files the lockfile was written with (by their SHA-256), and the ebook picture is there when asked
 * for. Files are read through `access` (the file door; no folder policy for outputs).
 */
export function bundleState(
  access: FileAccess,
  paths: BundlePaths,
  wants: BundleWants,
  files: boolean,
): BundleState {
  let lock: LockFile;
  try {
    lock = parseLock(readOutput(access, paths.lock, 'lockfile'), shownPath(paths.lock));
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return { current: false, why: e.what.includes('not found') ? 'new' : 'its lockfile is unreadable' };
  }
  const c = lock.catalogue;
  if (!c || c.book !== wants.id) return { current: false, why: 'not built by this catalogue', lock };
  if (c.inputs !== wants.inputs) return { current: false, why: 'its spec or values changed', lock };
  if (c.avoid !== wants.avoid) return { current: false, why: 'earlier books’ mazes changed', lock };
  if (!files) return { current: true, lock };
  const same = (path: string, kind: FileKind, hash: string | undefined): boolean => {
    try {
      return hash !== undefined && sha256(readOutput(access, path, kind)) === hash;
    } catch (e) {
      if (e instanceof UserError) return false;
      throw e;
    }
  };
  if (!same(paths.pdf, 'PDF', lock.pdf?.sha256)) return { current: false, why: 'its PDF differs', lock };
  if (!same(paths.cover, 'PDF', lock.cover?.pdf?.sha256))
    return { current: false, why: 'its cover differs', lock };
  if (!same(paths.metadata, 'book metadata', c.metadata))
    return { current: false, why: 'its metadata differs', lock };
  if (wants.ebook && !readable(access, paths.ebook))
    return { current: false, why: 'its ebook cover is missing', lock };
  return { current: true, lock };
}

function readable(access: FileAccess, path: string): boolean {
  try {
    readOutput(access, path, 'image');
    return true;
  } catch (e) {
    if (e instanceof UserError) return false;
    throw e;
  }
}
