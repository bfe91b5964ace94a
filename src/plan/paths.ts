import { isAbsolute, relative, resolve } from 'node:path';
import { UserError } from '../spec/errors.js';
import { PACKAGE_ROOT } from './package-root.js';

/** Which folders files named in a spec may come from. */
export interface PathPolicy {
  /** Folders (absolute) a named file may be in: the spec's folder and mazebook's own by default. */
  allowed: readonly string[];
  /** `--allow-any-path`: the user accepts files from anywhere. */
  anyPath: boolean;
}

export function defaultPathPolicy(specDir: string, anyPath = false): PathPolicy {
  return { allowed: [resolve(specDir), PACKAGE_ROOT], anyPath };
}

function inside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Resolves a file named in a spec or theme relative to the naming file's folder and checks it stays inside
 * the allowed folders.
 * @param where the place that names the file
 */
export function resolveNamedFile(baseDir: string, name: string, policy: PathPolicy, where: string): string {
  const path = resolve(baseDir, name);
  if (!policy.anyPath && !policy.allowed.some((dir) => inside(dir, path))) {
    throw new UserError(
      where,
      `"${name}" is outside the folders a book may read from`,
      'move the file next to the spec, or pass --allow-any-path if you trust this spec',
    );
  }
  return path;
}
