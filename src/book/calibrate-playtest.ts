import { basename, dirname, extname, join, resolve } from 'node:path';
import type { DifficultyModel } from '../analyze/difficulty-model.js';
import {
  type FittedModel,
  fitDifficultyModel,
  type MazeScores,
  type TimedMaze,
} from '../analyze/fit-model.js';
import { spearman } from '../analyze/rank-correlation.js';
import { type ReaderEffects, readerEffects } from '../analyze/reader-effects.js';
import { UserError } from '../base/errors.js';
import { createFileAccess, decodeText, defaultPathPolicy, excerpt, type FileAccess } from '../base/files.js';
import type { Maze } from '../generate/maze.js';
import { makeBook } from './build-book.js';
import type { CalibrateOptions } from './calibrate-options.js';
import { canonicalOfPuzzle } from './chosen-puzzle.js';
import { shownPath, writeOutputs } from './outputs.js';
import { parsePlaytest, type RecordedAttempt } from './playtest-record.js';

/**
 * Below these, the figures a playtest gives are reported as too few to trust: mazes with solve times,
 * readers, and readers per maze (the median). Each reader's speed is taken out of the comparison, so a
 * maze timed by one reader says little; a ranking of a handful of mazes is a matter of luck.
 */
export const TRUST = { mazes: 12, readers: 3, readersPerMaze: 3 } as const;

export interface PlaytestCalibrated {
  fit: FittedModel;
  /** The model file written (absolute path). */
  output: string;
  base: DifficultyModel;
  /** What the recordings hold and how well each model ranks their mazes, for the terminal. */
  report: string[];
  /** Skipped lines, attempts at mazes not in the book, too few recordings to trust. */
  warnings: string[];
  ranking: Ranking;
}

/** How well the models rank the timed mazes by their measured time (Spearman), reader speed taken out. */
export interface Ranking {
  mazes: number;
  base: number;
  fitted: number;
  /** Each maze scored by a model fitted without it. */
  heldOut: number;
}

/**
 * `mazebook calibrate RECORDING.jsonl…`: reads playtest recordings (book/playtest-record.ts) through the file
 * door, makes the book they were played from (`--spec`, or the spec the records name beside the first
 * recording; with the records' seed unless `--seed`), matches each attempt to the book's mazes by canonical
 * hash, and fits the model to each reader's median time at each maze they solved, with one offset per reader
 * (so quick and slow readers do not blur the fit). Reports how well the base model and the fitted one rank
 * the mazes by measured time, each reader's speed and spread, and when there are too few recordings to trust.
 * Writes the model file as `calibrate` does for solve times.
 * @throws UserError for a recording that cannot be read, no book to match the attempts to, no attempt at a maze
 *   of the book, or what the fit refuses (too few times, times without a sign of difficulty)
 */
export async function calibratePlaytest(
  paths: readonly string[],
  options: CalibrateOptions = {},
): Promise<PlaytestCalibrated> {
  const first = resolve(paths[0]);
  const files = createFileAccess(defaultPathPolicy(dirname(first), options.allowAnyPath));
  const warnings: string[] = [];
  const attempts: RecordedAttempt[] = [];
  const inputs: string[] = [];
  for (const p of paths) {
    const abs = resolve(p);
    const ref = files.given(abs, shownPath(abs), 'playtest recording');
    inputs.push(ref.real);
    const read = parsePlaytest(
      decodeText(files.read(ref), ref.shownAs, '', 'playtest recording'),
      ref.shownAs,
    );
    attempts.push(...read.attempts);
    warnings.push(...read.skipped);
  }
  const source = paths.length === 1 ? shownPath(first) : `${shownPath(first)} (and ${paths.length - 1} more)`;
  const spec = options.spec ?? specOf(attempts, first, source, files);
  const seeds = new Set(attempts.map((a) => a.book.seed));
  const seed = options.seed ?? (seeds.size === 1 ? [...seeds][0] : undefined);
  const made = await makeBook(spec, { seed, allowAnyPath: options.allowAnyPath }, false);
  inputs.push(...made.plan.inputs);
  const byHash = new Map<string, { maze: Maze; key: string }>();
  for (const p of made.puzzles) byHash.set(canonicalOfPuzzle(p), { maze: p.maze, key: p.plan.key });

  const matched = attempts.filter((a) => byHash.has(a.hash));
  const strangers = attempts.length - matched.length;
  if (matched.length === 0) {
    throw new UserError(
      source,
      `none of the ${attempts.length} attempts is at a maze of ${shownPath(resolve(spec))}${seed !== undefined ? ` (seed ${seed})` : ''}`,
      'give the spec the mazes were played from (--spec), as it was then, and its seed if play had --seed (--seed)',
    );
  }
  if (strangers > 0) {
    warnings.push(
      `${strangers} of ${attempts.length} attempts are at mazes this book no longer makes (edited since, or another book); left out`,
    );
  }
  const rows = medianRows(matched, byHash);
  const base = made.plan.difficultyModel;
  const name = options.name ?? basename(first, extname(first));
  const fit = fitDifficultyModel(rows, base, source, name, {
    force: options.force,
    heldOut: true,
    groupsAre: 'readers',
  });
  const effects = readerEffects(
    rows.map((r) => ({ reader: r.group ?? '', maze: r.key, seconds: r.seconds })),
  );
  const ranking = rankingOf(fit.scores, effects);
  const trust = trustProblem(rows, effects);
  if (trust) warnings.push(trust);
  const report = [
    attemptsLine(matched, byHash, shownPath(resolve(spec))),
    ...fit.summary,
    ...rankingLines(ranking),
    ...readerLines(matched, effects),
    ...(trust ? [`note: ${trust}`] : []),
  ];
  const output = resolve(
    options.output ?? join(dirname(first), `${basename(first, extname(first))}.model.yaml`),
  );
  await writeOutputs(
    [{ path: output, data: fit.text, what: 'difficulty model', option: '-o' }],
    [...new Set(inputs)],
  );
  return { fit, output, base, report, warnings: [...warnings, ...fit.warnings], ranking };
}

/**
 * The spec the records were played from: the file they name (`book.spec`), beside the first recording.
 * @throws UserError when the records name several specs, or the one they name is not there
 */
function specOf(
  attempts: readonly RecordedAttempt[],
  first: string,
  source: string,
  files: FileAccess,
): string {
  const names = [...new Set(attempts.map((a) => a.book.spec))];
  if (names.length > 1) {
    throw new UserError(
      source,
      `the attempts were played from ${names.length} books (${names
        .slice(0, 3)
        .map((n) => excerpt(n))
        .join(', ')}${names.length > 3 ? ', …' : ''})`,
      'name the one to calibrate with --spec; attempts at other books are left out',
    );
  }
  try {
    return files.named(dirname(first), basename(names[0]), source, 'spec').path;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    throw new UserError(
      source,
      `the attempts were played from ${excerpt(names[0])}, which is not beside the recording`,
      'name the spec with --spec',
    );
  }
}

/** A row per reader and maze they solved: the median of their solved attempts' times. */
function medianRows(
  attempts: readonly RecordedAttempt[],
  byHash: ReadonlyMap<string, { maze: Maze; key: string }>,
): TimedMaze[] {
  const times = new Map<string, { reader: string; hash: string; seconds: number[] }>();
  for (const a of attempts) {
    if (a.outcome !== 'solved') continue;
    const id = JSON.stringify([a.reader, a.hash]);
    let entry = times.get(id);
    if (!entry) {
      entry = { reader: a.reader, hash: a.hash, seconds: [] };
      times.set(id, entry);
    }
    entry.seconds.push(a.seconds);
  }
  return [...times.values()].map((e) => {
    const s = [...e.seconds].sort((p, q) => p - q);
    const mid = s.length >> 1;
    const seconds = s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
    const puzzle = byHash.get(e.hash) as { maze: Maze; key: string };
    return { maze: puzzle.maze, key: e.hash, seconds, group: e.reader };
  });
}

function rankingOf(scores: readonly MazeScores[], effects: ReaderEffects): Ranking {
  const measured = scores.map((s) => effects.mazes.get(s.key) ?? 0);
  return {
    mazes: scores.length,
    base: spearman(
      scores.map((s) => s.base),
      measured,
    ),
    fitted: spearman(
      scores.map((s) => s.fitted),
      measured,
    ),
    heldOut: spearman(
      scores.map((s) => s.heldOut ?? s.fitted),
      measured,
    ),
  };
}

const two = (v: number): string => v.toFixed(2);

function rankingLines(r: Ranking): string[] {
  return [
    `how well each model ranks the ${r.mazes} mazes by measured time (Spearman; each reader's speed taken out):`,
    `  base model     ${two(r.base)}`,
    `  fitted model   ${two(r.fitted)} on the mazes it was fitted to, ${two(r.heldOut)} on mazes held out of the fit (each scored by a model fitted without it)`,
  ];
}

function attemptsLine(
  attempts: readonly RecordedAttempt[],
  byHash: ReadonlyMap<string, { key: string }>,
  spec: string,
): string {
  const readers = new Set(attempts.map((a) => a.reader)).size;
  const mazes = new Set(attempts.map((a) => a.hash)).size;
  const solved = attempts.filter((a) => a.outcome === 'solved').length;
  const givenUp = attempts.length - solved;
  const most = mostGivenUp(attempts, byHash);
  return `${attempts.length} attempts by ${readers} reader${readers === 1 ? '' : 's'} at ${mazes} mazes of ${spec}: ${solved} solved, ${givenUp} given up${givenUp > 0 ? ` (not solve times; most at ${most})` : ''}`;
}

/** The mazes given up most often, `key (n of m)`, at most three. */
function mostGivenUp(
  attempts: readonly RecordedAttempt[],
  byHash: ReadonlyMap<string, { key: string }>,
): string {
  const tally = new Map<string, { up: number; all: number }>();
  for (const a of attempts) {
    const t = tally.get(a.hash) ?? { up: 0, all: 0 };
    t.all++;
    if (a.outcome === 'gave-up') t.up++;
    tally.set(a.hash, t);
  }
  return [...tally]
    .filter(([, t]) => t.up > 0)
    .sort((p, q) => q[1].up / q[1].all - p[1].up / p[1].all || q[1].up - p[1].up)
    .slice(0, 3)
    .map(([hash, t]) => `${byHash.get(hash)?.key ?? hash.slice(0, 8)} (${t.up} of ${t.all})`)
    .join(', ');
}

function readerLines(attempts: readonly RecordedAttempt[], effects: ReaderEffects): string[] {
  const width = Math.min(24, Math.max(6, ...[...effects.readers.keys()].map((n) => [...n].length)));
  const gaveUp = new Map<string, number>();
  for (const a of attempts)
    if (a.outcome === 'gave-up') gaveUp.set(a.reader, (gaveUp.get(a.reader) ?? 0) + 1);
  return [
    `readers (speed: their times against a typical reader's at the same mazes; spread: how far their times stray from that, either way):`,
    ...[...effects.readers].map(([name, r]) => {
      const shown = [...name].length > width ? `${[...name].slice(0, width - 1).join('')}…` : name;
      const up = gaveUp.get(name) ?? 0;
      return `  ${shown.padEnd(width)}  ${String(r.mazes).padStart(3)} mazes solved  speed ×${two(r.speed)}  spread ×${two(r.spread)}${up > 0 ? `  (${up} given up)` : ''}`;
    }),
  ];
}

/** Why the figures are too few to trust (TRUST), or undefined. */
function trustProblem(rows: readonly TimedMaze[], effects: ReaderEffects): string | undefined {
  const perMaze = new Map<string, number>();
  for (const r of rows) perMaze.set(r.key, (perMaze.get(r.key) ?? 0) + 1);
  const counts = [...perMaze.values()].sort((a, b) => a - b);
  const median =
    counts.length % 2
      ? counts[counts.length >> 1]
      : (counts[counts.length / 2 - 1] + counts[counts.length / 2]) / 2;
  const short: string[] = [];
  if (perMaze.size < TRUST.mazes) short.push(`${perMaze.size} mazes solved (${TRUST.mazes} wanted)`);
  if (effects.readers.size < TRUST.readers)
    short.push(`${effects.readers.size} readers (${TRUST.readers} wanted)`);
  if (median < TRUST.readersPerMaze) short.push(`${median} readers a maze (${TRUST.readersPerMaze} wanted)`);
  if (short.length === 0) return undefined;
  return `too few recordings to trust these figures: ${short.join(', ')}; play more mazes, from easy to hard, with more readers`;
}
