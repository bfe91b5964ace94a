import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileAccess } from '../base/files.js';
import { PACKAGE_ROOT } from '../base/package-root.js';
import { GENERATOR_VERSION } from '../book/lockfile.js';

/**
 * The hashes that tell whether a catalogue's book is up to date (recorded in its lockfile, `LockCatalogue`):
 * what it is made from, and which mazes it had to avoid. Both are SHA-256, 64 hex digits.
 */

let version: string | undefined;

/** mazebook's version, as its package.json says. */
export function mazebookVersion(): string {
  version ??= (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}

/** JSON with every object's keys sorted and undefined fields left out: equal data, equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What a book is made from: mazebook's version and generator version, `SOURCE_DATE_EPOCH` (it dates the
 * PDFs), the catalogue's values for the book, and every file its planning read — the spec, themes, fonts,
 * pictures, a difficulty model — by kind and content (read again through the same door, so a file's place
 * does not matter, only its bytes).
 */
export function inputsHash(
  values: Record<string, unknown>,
  files: FileAccess,
  sourceDateEpoch: number | undefined,
): string {
  const h = createHash('sha256');
  h.update(
    canonicalJson({
      mazebook: mazebookVersion(),
      generators: GENERATOR_VERSION,
      sourceDateEpoch: sourceDateEpoch ?? null,
      values,
    }),
  );
  for (const ref of files.located) {
    const content = createHash('sha256').update(files.read(ref)).digest('hex');
    h.update(`\n${ref.kind}:${content}`);
  }
  return h.digest('hex');
}

/** A hash of a set of mazes (canonical hashes), in sorted order. */
export function mazeSetHash(mazes: Iterable<string>): string {
  return createHash('sha256')
    .update([...mazes].sort().join('\n'))
    .digest('hex');
}

/** SHA-256 of bytes, 64 hex digits. */
export function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}
