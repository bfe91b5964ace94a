import { z } from 'zod';
import { UserError } from '../base/errors.js';

/**
 * The playtest recording (docs/play.md, "What is recorded"): one JSON object per line, one line per attempt
 * at a maze, appended by `mazebook play` as each attempt ends and read by `mazebook calibrate`. Every line
 * stands alone (format, version, the book and the maze it was), so recordings of several sessions, books or
 * machines may be appended to one file or concatenated. Lines are never rewritten: a session that is killed
 * while writing leaves at most its last line cut short, which the reader skips with a warning.
 *
 * Version 1. A reader of version 1 ignores fields it does not know; a change a reader must understand gets a
 * new version, which an older mazebook refuses by name.
 */

export const PLAYTEST_FORMAT = 'mazebook-playtest';
export const PLAYTEST_VERSION = 1;

/** Longest reader name, in characters. */
export const MAX_READER_CHARS = 60;
/** Most moves one attempt may record. */
export const MAX_STEPS = 200_000;
/** Longest attempt, in seconds: a day. */
const MAX_SECONDS = 24 * 3600;

const count = z.int().min(0);

/** One attempt as its line holds it. */
export const playtestAttemptSchema = z.object({
  format: z.literal(PLAYTEST_FORMAT),
  version: z.literal(PLAYTEST_VERSION),
  /** The book the maze came from: its spec file (its name only), title and book seed. */
  book: z.object({ spec: z.string(), title: z.string(), seed: count }),
  /** The maze within that book: page key, puzzle number, shape, size and cells (for reading the file alone). */
  puzzle: z.object({
    key: z.string().min(1),
    number: z.int().min(1),
    shape: z.string(),
    size: z.string(),
    cells: z.int().min(1),
  }),
  /** The maze's canonical hash (codec/canonical.ts): the same maze under any symmetry of its grid. */
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 hexadecimal digits'),
  reader: z.string().min(1).max(MAX_READER_CHARS),
  /** 1-based place of the maze in this reader's order: how many mazes they had met before, plus one. */
  position: z.int().min(1),
  /** The order the session gave the mazes: the book's, or shuffled per reader from `shuffleSeed`. */
  order: z.enum(['book', 'shuffled']),
  shuffleSeed: count.optional(),
  /** When the reader pressed Start and when the attempt ended, by the server's clock (ISO 8601, UTC). */
  started: z.iso.datetime(),
  ended: z.iso.datetime(),
  /** ended − started, in seconds (three decimals). */
  seconds: z.number().positive().max(MAX_SECONDS),
  outcome: z.enum(['solved', 'gave-up']),
  /** Moves made: path.length − 1. */
  steps: count,
  /** Moves onto a cell stood on before in this attempt (McGlinn's overlap steps). */
  overlap: count,
  /** The cells stood on, from the entry cell, one move at a time (the grid's cell numbers). */
  path: z
    .array(count)
    .min(1)
    .max(MAX_STEPS + 1),
  /** Milliseconds from Start to each move, as the reader's browser measured them (one per move). */
  times: z.array(z.number().min(0)).max(MAX_STEPS).optional(),
});

export type PlaytestAttempt = z.infer<typeof playtestAttemptSchema>;

/** The attempt as one line of the file: fields in the documented order, a newline at the end. */
export function attemptLine(a: PlaytestAttempt): string {
  const ordered: PlaytestAttempt = {
    format: PLAYTEST_FORMAT,
    version: PLAYTEST_VERSION,
    book: { spec: a.book.spec, title: a.book.title, seed: a.book.seed },
    puzzle: {
      key: a.puzzle.key,
      number: a.puzzle.number,
      shape: a.puzzle.shape,
      size: a.puzzle.size,
      cells: a.puzzle.cells,
    },
    hash: a.hash,
    reader: a.reader,
    position: a.position,
    order: a.order,
    ...(a.shuffleSeed !== undefined ? { shuffleSeed: a.shuffleSeed } : {}),
    started: a.started,
    ended: a.ended,
    seconds: a.seconds,
    outcome: a.outcome,
    steps: a.steps,
    overlap: a.overlap,
    path: a.path,
    ...(a.times ? { times: a.times } : {}),
  };
  return `${JSON.stringify(ordered)}\n`;
}

/** An attempt read back, with its place. */
export interface RecordedAttempt extends PlaytestAttempt {
  /** `file:line`, for messages. */
  where: string;
}

/** Whether a file's text is a playtest recording rather than CSV solve times: its first text is a JSON object. */
export function looksLikePlaytest(text: string): boolean {
  return /^\uFEFF?\s*\{/.test(text);
}

/**
 * Reads a recording. Blank lines are skipped; a line that is not JSON after the first (the cut-short end of a
 * session killed while writing) is skipped and reported in `skipped`. Messages name the line and the field;
 * they never quote the file (given by mistake, it may be any file).
 * @param file the file as shown in messages
 * @throws UserError at `file:line` for a first line that is not a record, a line of another format or a
 *   newer version, a field that is not as documented, and for a file with no attempts
 */
export function parsePlaytest(
  text: string,
  file: string,
): { attempts: RecordedAttempt[]; skipped: string[] } {
  const attempts: RecordedAttempt[] = [];
  const skipped: string[] = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  let first = true;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === '') continue;
    const where = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      if (first) {
        throw new UserError(
          where,
          'this is not a playtest recording: the line is not JSON',
          'give the file mazebook play wrote (<spec name>.playtest.jsonl), or CSV solve times',
        );
      }
      skipped.push(`${where}: not a whole record (cut short while it was written?); skipped`);
      continue;
    }
    first = false;
    attempts.push({ ...checkAttempt(value, where), where });
  }
  if (attempts.length === 0) {
    throw new UserError(file, 'no attempts recorded', 'record some with mazebook play SPEC');
  }
  return { attempts, skipped };
}

function checkAttempt(value: unknown, where: string): PlaytestAttempt {
  const record = value as { format?: unknown; version?: unknown } | null;
  if (record === null || typeof record !== 'object' || record.format !== PLAYTEST_FORMAT) {
    throw new UserError(
      where,
      'this line is not a mazebook playtest record (it has no "format": "mazebook-playtest")',
      'give the file mazebook play wrote',
    );
  }
  if (typeof record.version === 'number' && record.version > PLAYTEST_VERSION) {
    throw new UserError(
      where,
      `this record is of format version ${record.version}; this mazebook reads version ${PLAYTEST_VERSION}`,
      'read it with the mazebook that wrote it, or a newer one',
    );
  }
  const checked = playtestAttemptSchema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    throw new UserError(where, `${field.replace(/^\./, '') || 'record'}: ${issue.message}`);
  }
  const a = checked.data;
  if (a.steps !== a.path.length - 1) {
    throw new UserError(where, `steps is ${a.steps}, but the path makes ${a.path.length - 1} moves`);
  }
  if (a.times && a.times.length !== a.steps) {
    throw new UserError(where, `times holds ${a.times.length} moves, but the path makes ${a.steps}`);
  }
  if (a.path.some((c) => c >= a.puzzle.cells)) {
    throw new UserError(where, `the path names a cell the maze does not have (it has ${a.puzzle.cells})`);
  }
  return a;
}
