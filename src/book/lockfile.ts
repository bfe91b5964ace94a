import { createHash } from 'node:crypto';
import { z } from 'zod';
import { canonicalHash } from '../codec/canonical.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import { deriveSeed, seedToHex } from '../random/derive-seed.js';
import { murmur3 } from '../random/murmur3.js';
import { UserError } from '../spec/errors.js';
import { excerpt } from '../spec/files.js';
import type { ChosenPuzzle } from './select.js';

/**
 * Versions of the generators. Bump one whenever a change to that algorithm or post-process makes it produce
 * different mazes from the same seed: the lockfile records these, so `build --frozen` names the change
 * instead of reporting mysteriously different puzzles.
 */
export const GENERATOR_VERSION = 1;

/** Format of `<book>.lock.json`: what each puzzle was made from, and a hash of what came out. */
export interface LockFile {
  format: 'mazebook-lock';
  version: 1;
  book: { title: string; seed: number };
  /**
   * The PDF this lockfile was written with (its SHA-256), so a PDF and a lockfile from different builds are
   * told apart. Absent in lockfiles of older versions.
   */
  pdf?: { sha256: string };
  puzzles: LockEntry[];
}

export interface LockEntry {
  key: string;
  number: number;
  /** The derived seed of the candidate kept, as hex. */
  seed: string;
  candidate: number;
  /** Algorithm and post-processes with the generator version, e.g. `backtracker@1`. */
  generator: string;
  /** The recipe as data (masks by description). */
  recipe: Record<string, unknown>;
  /** Hash of the maze exactly as printed: tiling, size, open walls, entry and exit. */
  hash: string;
  /** Hash that is the same for the maze's reflections and rotations (finds duplicates across volumes). */
  canonical: string;
  /** Difficulty score, when the puzzle was rated. */
  difficulty: number | null;
  /**
   * The clear passage as printed (between walls, after their width), in mm to two decimals. Absent in
   * lockfiles of older versions.
   */
  clearPassage?: number;
}

/** Points as millimetres, to two decimals (lockfile and report figures). */
export function toMm(points: number): number {
  return Math.round(((points * 25.4) / 72) * 100) / 100;
}

/** Hash of a maze as printed (any change to a wall or an end changes it). */
export function mazeContentHash(maze: Maze): string {
  const g = maze.grid;
  const head = new TextEncoder().encode(
    `${g.topology}|${g.sizeLabel}|${g.cellCount}|${g.wallCount}|${maze.entryWall}|${maze.exitWall}|${maze.entryCell}|${maze.exitCell}`,
  );
  const a = murmur3(maze.open, murmur3(head, 0x6d617a65));
  const b = murmur3(maze.open, murmur3(head, 0x626f6f6b));
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

function recipeData(r: MazeRecipe): Record<string, unknown> {
  return {
    shape: r.shape,
    size: r.size,
    ...(r.hexTop ? { hexTop: r.hexTop } : {}),
    ...(r.mask ? { mask: { shape: r.mask.label, islands: r.mask.islands } } : {}),
    ...(r.fixed ? { fixed: true } : {}),
    algorithm: r.algorithm,
    options: Object.fromEntries(Object.entries(r.options).filter(([, v]) => v !== undefined)),
    entry: r.entry,
    exit: r.exit,
    post: r.post ?? [],
  };
}

export function lockFor(
  title: string,
  bookSeed: number,
  puzzles: readonly ChosenPuzzle[],
  pdf?: Uint8Array,
): LockFile {
  return {
    format: 'mazebook-lock',
    version: 1,
    book: { title, seed: bookSeed },
    ...(pdf ? { pdf: { sha256: createHash('sha256').update(pdf).digest('hex') } } : {}),
    puzzles: puzzles.map((p) => ({
      key: p.plan.key,
      number: p.plan.number,
      seed: seedToHex(deriveSeed(bookSeed, p.plan.key, p.candidate)),
      candidate: p.candidate,
      generator: p.recipe.fixed
        ? 'fm'
        : [p.recipe.algorithm, ...(p.recipe.post ?? []).map((s) => s.name)]
            .map((name) => `${name}@${GENERATOR_VERSION}`)
            .join('+'),
      recipe: recipeData(p.recipe),
      hash: mazeContentHash(p.maze),
      canonical: canonicalHash(p.maze),
      difficulty: p.rating ? Math.round(p.rating.score * 100) / 100 : null,
      clearPassage: toMm(p.clear),
    })),
  };
}

/** The lockfile's path for a PDF path: `book.pdf` → `book.lock.json`. */
export function lockPath(pdfPath: string): string {
  return pdfPath.replace(/\.pdf$/i, '') + '.lock.json';
}

const lockEntrySchema = z.looseObject({
  key: z.string(),
  number: z.int(),
  seed: z.string(),
  candidate: z.int(),
  generator: z.string(),
  recipe: z.record(z.string(), z.unknown()),
  hash: z.string(),
  canonical: z.string().optional(),
  difficulty: z.number().nullable(),
  clearPassage: z.number().optional(),
});

const lockSchema = z.looseObject({
  format: z.literal('mazebook-lock'),
  version: z.literal(1),
  book: z.looseObject({ title: z.string(), seed: z.number() }),
  pdf: z.looseObject({ sha256: z.string() }).optional(),
  puzzles: z.array(lockEntrySchema),
});

/**
 * A lockfile's content, checked: anything else (not JSON, another format, a damaged entry) is a UserError
 * naming the file and the first bad field.
 * @param shown the file as messages show it
 */
export function parseLock(bytes: Buffer, shown: string): LockFile {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw new UserError(shown, `is not a lockfile: ${excerpt((e as Error).message, 80)}`);
  }
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== 'mazebook-lock') {
    throw new UserError(shown, 'is not a mazebook lockfile (format mazebook-lock, version 1)');
  }
  const checked = lockSchema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new UserError(
      shown,
      `is a damaged lockfile: ${issue.path.join('.') || 'the file'}: ${issue.message}`,
      'build again without --frozen to write a new one',
    );
  }
  return checked.data as LockFile;
}

/**
 * `build --frozen`: every puzzle must match the lockfile next to the output. Lists every page that would
 * differ (a different maze, a changed generator, a page added or removed).
 */
export function checkFrozen(lock: LockFile, fresh: LockFile, shown: string): void {
  const old = new Map(lock.puzzles.map((e) => [e.key, e]));
  const problems: string[] = [];
  for (const e of fresh.puzzles) {
    const was = old.get(e.key);
    if (!was) problems.push(`puzzle ${e.number} (${e.key}) is not in the lockfile`);
    else {
      if (was.generator !== e.generator)
        problems.push(`puzzle ${e.number} (${e.key}): generator ${was.generator} is now ${e.generator}`);
      else if (was.hash !== e.hash) problems.push(`puzzle ${e.number} (${e.key}) would be a different maze`);
      old.delete(e.key);
    }
  }
  for (const e of old.values())
    problems.push(`puzzle ${e.number} (${e.key}) is in the lockfile but not in the book`);
  if (problems.length > 0) {
    throw new UserError(
      shown,
      `--frozen: ${problems.length} puzzle${problems.length > 1 ? 's' : ''} would differ from the lockfile:\n  ${problems.join('\n  ')}`,
      'build without --frozen to accept the new puzzles (the lockfile is then rewritten)',
    );
  }
}
