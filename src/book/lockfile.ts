import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type DifficultyModel, difficultyModelHash } from '../analyze/difficulty-model.js';
import { UserError } from '../base/errors.js';
import { canonicalHash } from '../codec/canonical.js';
import type { MazeRecipe } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import { describePicture } from '../generate/picture-maze.js';
import { deriveSeed, seedToHex } from '../random/derive-seed.js';
import { murmur3 } from '../random/murmur3.js';
import { canonicalOfPuzzle } from './chosen-puzzle.js';
import { otherKind } from './puzzle-kinds.js';
import type { ChosenPuzzle } from './select.js';

/**
 * Versions of the generators. Bump one whenever a change to that algorithm or post-process makes it produce
 * different mazes from the same seed: the lockfile records these, so `build --frozen` names the change
 * instead of reporting mysteriously different puzzles.
 */
export const GENERATOR_VERSION = 2;

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
  /** The interior's final page count (absent in lockfiles of older versions). */
  pages?: number;
  puzzles: LockEntry[];
  /** The cover written with the interior, when the spec has one. */
  cover?: LockCover;
  /**
   * The difficulty model the scores came from (its name and difficultyModelHash), when any puzzle was rated.
   * Absent in lockfiles of older versions.
   */
  difficultyModel?: { name: string; hash: string };
  /** The catalogue that built the book (`mazebook batch`), and what the book was made from. */
  catalogue?: LockCatalogue;
}

/**
 * What `mazebook batch` records of a book of its catalogue, to tell whether the book is up to date: a book
 * whose lockfile says it was made from the same inputs, avoiding the same mazes, with the same metadata
 * file, is not built again. Hashes are SHA-256, 64 hex digits.
 */
export interface LockCatalogue {
  /** The catalogue's name, and the book's id in it. */
  name: string;
  book: string;
  /**
   * What the book is made from: mazebook's version, the spec and every file it read (by content), the
   * catalogue's values for the book.
   */
  inputs: string;
  /** The mazes it avoided (the catalogue's earlier books' canonical hashes, sorted). */
  avoid: string;
  /** The metadata JSON written with it. */
  metadata: string;
}

/**
 * What a cover was made for: the interior's page count, the spine width that gives (with the paper stock and
 * profile), its art maze (number 0) and the cover PDF's hash. `build --frozen` compares these with the
 * interior it would build, so a cover made for another page count is caught.
 */
export interface LockCover {
  pages: number;
  /** Spine width in inches, three decimals: `0.225in`. */
  spine: string;
  stock: string;
  profile?: string;
  art: LockEntry;
  pdf?: { sha256: string };
}

export interface LockEntry {
  key: string;
  number: number;
  /** The derived seed of the candidate kept, as hex. */
  seed: string;
  candidate: number;
  /**
   * The key the kept candidate's seed derives from, when not this puzzle's own (a series shares its
   * candidates among its puzzles).
   */
  seedKey?: string;
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
    ...(r.picture ? { picture: describePicture(r.picture) } : {}),
  };
}

export function lockFor(
  title: string,
  bookSeed: number,
  puzzles: readonly ChosenPuzzle[],
  pdf?: Uint8Array,
  extra: { pages?: number; cover?: LockCover; model?: DifficultyModel } = {},
): LockFile {
  const rated = puzzles.some((p) => p.rating !== undefined);
  return {
    format: 'mazebook-lock',
    version: 1,
    book: { title, seed: bookSeed },
    ...(pdf ? { pdf: { sha256: createHash('sha256').update(pdf).digest('hex') } } : {}),
    ...(extra.pages !== undefined ? { pages: extra.pages } : {}),
    puzzles: puzzles.map((p) => {
      // A puzzle of another kind than a wall maze says what it was made by and hashes itself.
      const kind = otherKind(p);
      const made = kind?.lock(p);
      return {
        key: p.plan.key,
        number: p.plan.number,
        seed: seedToHex(deriveSeed(p.plan.pageSeed ?? bookSeed, p.seedKey ?? p.plan.key, p.candidate)),
        candidate: p.candidate,
        ...(p.seedKey ? { seedKey: p.seedKey } : {}),
        generator:
          made?.generator ??
          (p.recipe.fixed
            ? 'fm'
            : [
                // A hidden-picture maze grows its own route and background, whatever the recipe's algorithm.
                p.recipe.picture?.reveal ? 'reveal' : p.recipe.algorithm,
                ...(p.recipe.post ?? []).map((s) => s.name),
              ]
                .map((name) => `${name}@${GENERATOR_VERSION}`)
                .join('+')),
        recipe: made?.recipe ?? recipeData(p.recipe),
        hash: kind ? kind.contentHash(p) : mazeContentHash(p.maze),
        canonical: kind ? canonicalOfPuzzle(p) : canonicalHash(p.maze),
        difficulty: p.rating ? Math.round(p.rating.score * 100) / 100 : null,
        clearPassage: toMm(p.clear),
      };
    }),
    ...(extra.cover ? { cover: extra.cover } : {}),
    ...(rated && extra.model
      ? { difficultyModel: { name: extra.model.name, hash: difficultyModelHash(extra.model) } }
      : {}),
  };
}

/**
 * The same lockfile with the hash of the PDF it was written with (in the place `lockFor` puts it), without
 * hashing every puzzle again.
 */
export function withPdf(lock: LockFile, pdf: Uint8Array): LockFile {
  const { format, version, book, pdf: _old, ...rest } = lock;
  return { format, version, book, pdf: { sha256: createHash('sha256').update(pdf).digest('hex') }, ...rest };
}

/**
 * The mazes a lockfile records, as canonical hashes: every puzzle's and the cover maze's (lockfiles of older
 * versions have only the printed hash).
 */
export function lockMazes(lock: LockFile): string[] {
  const art = lock.cover?.art;
  return [...lock.puzzles.map((e) => e.canonical ?? e.hash), ...(art ? [art.canonical ?? art.hash] : [])];
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
  seedKey: z.string().optional(),
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
  pages: z.int().optional(),
  puzzles: z.array(lockEntrySchema),
  cover: z
    .looseObject({
      pages: z.int(),
      spine: z.string(),
      stock: z.string(),
      profile: z.string().optional(),
      art: lockEntrySchema,
      pdf: z.looseObject({ sha256: z.string() }).optional(),
    })
    .optional(),
  difficultyModel: z.looseObject({ name: z.string(), hash: z.string() }).optional(),
  catalogue: z
    .looseObject({
      name: z.string(),
      book: z.string(),
      inputs: z.string(),
      avoid: z.string(),
      metadata: z.string(),
    })
    .optional(),
});

/** The line and column of a character offset in a text, 1-based. */
function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

/**
 * A lockfile's content, checked: anything else (not JSON, another format, a newer version, a damaged entry) is
 * a UserError naming the file, saying what was expected and never quoting what the file holds (it may be any
 * file given by mistake).
 * @param shown the file as messages show it
 */
export function parseLock(bytes: Buffer, shown: string): LockFile {
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // JSON.parse's message quotes the text around the mistake: only its offset is kept.
    const at = /position (\d+)/.exec((e as Error).message);
    const looksJson = /^\s*[[{]/.test(text);
    throw new UserError(
      looksJson && at ? `${shown}:${lineCol(text, Number(at[1]))}` : shown,
      looksJson ? 'is not a lockfile: its JSON is damaged here' : 'is not a lockfile: it is not JSON',
      looksJson
        ? 'build again without --frozen to write a new one'
        : 'give the .lock.json file that mazebook build writes next to a PDF',
    );
  }
  const head = (value ?? {}) as { format?: unknown; version?: unknown };
  if (head.format !== 'mazebook-lock') {
    throw new UserError(
      shown,
      'is not a mazebook lockfile (format mazebook-lock, version 1)',
      'give the .lock.json file that mazebook build writes next to a PDF',
    );
  }
  if (typeof head.version === 'number' && head.version > 1) {
    throw new UserError(
      shown,
      `was written by a newer mazebook (lockfile version ${head.version}; this one reads version 1)`,
      'update mazebook to compare with it',
    );
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
  const puzzles = problems.length;
  problems.push(...coverChanges(lock, fresh));
  // A lockfile of an older version records no model: nothing to compare.
  const [was, now] = [lock.difficultyModel, fresh.difficultyModel];
  if (was && now && was.hash !== now.hash) {
    problems.push(
      `the difficulty model would be "${now.name}" (${now.hash}); the lockfile's scores came from "${was.name}" (${was.hash})`,
    );
  }
  if (problems.length > 0) {
    const what =
      puzzles === problems.length
        ? `${puzzles} puzzle${puzzles > 1 ? 's' : ''}`
        : `${problems.length} thing${problems.length > 1 ? 's' : ''}`;
    throw new UserError(
      shown,
      `--frozen: ${what} would differ from the lockfile:\n  ${problems.join('\n  ')}`,
      'build without --frozen to accept the new puzzles (the lockfile is then rewritten)',
    );
  }
}

/** What would differ in the interior's page count and the cover (a stale cover is a changed page count). */
function coverChanges(lock: LockFile, fresh: LockFile): string[] {
  const out: string[] = [];
  if (lock.pages !== undefined && fresh.pages !== undefined && lock.pages !== fresh.pages)
    out.push(`the interior would have ${fresh.pages} pages; the lockfile's has ${lock.pages}`);
  const was = lock.cover;
  const now = fresh.cover;
  if (!was && now) out.push('the book now has a cover, which the lockfile does not record');
  else if (was && !now) out.push('the lockfile records a cover, which the book no longer has');
  else if (was && now) {
    if (was.pages !== now.pages || was.spine !== now.spine || was.stock !== now.stock)
      out.push(
        `the cover was made for ${was.pages} pages of ${was.stock} paper (spine ${was.spine}); it would now be for ${now.pages} pages of ${now.stock} (spine ${now.spine})`,
      );
    if (was.art.generator !== now.art.generator || was.art.hash !== now.art.hash)
      out.push('the cover maze would be a different maze');
  }
  return out;
}
