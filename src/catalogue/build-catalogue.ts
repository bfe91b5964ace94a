import { join } from 'node:path';
import { UserError } from '../base/errors.js';
import { createFileAccess, defaultPathPolicy, type FileAccess } from '../base/files.js';
import {
  type BuildStage,
  makePuzzles,
  planSpecFiles,
  type RenderedBook,
  renderBook,
} from '../book/build-book.js';
import { canonicalOfPuzzle } from '../book/chosen-puzzle.js';
import { makeCoverArt, planMinPassage, prepareCover } from '../book/cover.js';
import { type LockFile, lockMazes } from '../book/lockfile.js';
import { checkOutputs, type OutputFile, writeOutputs } from '../book/outputs.js';
import type { PlannedSpec } from '../book/plan-spec.js';
import type { CoverPlan } from '../plan/plan-cover.js';
import { Problems } from '../plan/problems.js';
import type { CoverSpec } from '../spec/schema.js';
import { inputsHash, mazeSetHash, sha256 } from './book-fingerprint.js';
import { bookMetadata } from './book-metadata.js';
import { type BundlePaths, bundlePaths, bundleState } from './bundle.js';
import { type BookReport, type CatalogueResult, type Earlier, reportJson } from './catalogue-report.js';
import { type Catalogue, type CatalogueBook, loadCatalogue } from './load-catalogue.js';
import { type Shard, shardRange } from './shard.js';

/**
 * `mazebook batch`: builds a catalogue's books, each into its upload bundle, so that no maze appears twice in
 * the catalogue — decided the same way in one process or in shards.
 *
 * The rule: books are decided in catalogue order, each avoiding every maze of the books before it (their
 * puzzles and cover mazes, by canonical hash) exactly as `build --avoid` avoids another volume's. A book is
 * therefore a function of its own inputs and of the books before it, never of the books after it or of
 * which process built what: a shard builds a contiguous run of books and first takes the mazes of the books
 * before its run — from their lockfiles when those are up to date for the same inputs, else by making those
 * books' mazes (not their pages) itself. Appending a book to a catalogue changes none of the books before it.
 * See docs/batch.md for the choice and its cost.
 */

export interface CatalogueOptions {
  /** The output folder: each book's bundle goes into `<out>/<id>/`. */
  out: string;
  /** The part of the catalogue this process builds (all of it when absent). */
  shard?: Shard;
  /** Build this process's books even when they are up to date. */
  force?: boolean;
  /** Book checks and warnings are errors for a book (it fails, exit 2). */
  strict?: boolean;
  /** Books may name files outside their folders, and the catalogue specs outside its own. */
  allowAnyPath?: boolean;
  /** SOURCE_DATE_EPOCH: dates the PDFs of specs without a `date` (the same for every shard). */
  sourceDateEpoch?: number;
  onProgress?: (p: CatalogueProgress) => void;
  /** Told each of this process's books when it is done (as the report has it), in catalogue order. */
  onBook?: (b: BookReport) => void;
  /** Told when writing waits for another mazebook writing the same output. */
  onWait?: (message: string) => void;
}

/** Where a catalogue's build is: book `book` (from 0) of `books`, and what is being done to it. */
export interface CatalogueProgress {
  book: number;
  books: number;
  id: string;
  doing: 'checking' | 'reading earlier book' | BuildStage;
  done: number;
  total: number;
}

/** A book planned for this run: its plan and cover plan (while needed), and what decides if it is current. */
interface PreparedBook {
  book: CatalogueBook;
  /** Books in the catalogue. */
  books: number;
  planned?: PlannedSpec;
  cover?: CoverPlan;
  /** Hash of what it is made from (book-fingerprint.ts). */
  inputs: string;
  /** Real paths of every file its planning read. */
  read: string[];
  paths: BundlePaths;
  ebook: boolean;
  locale?: string;
  blurb?: string;
  /** Things the catalogue should know about the book before it is built (a value its spec's cover hides). */
  notes: string[];
}

/** What the loop over the books carries: the mazes so far and who made them. */
interface Chain {
  /** Canonical hash → id of the book that has it first. */
  mazes: Map<string, string>;
  /** Set when a book's mazes could not be had: the books after it cannot be decided. */
  blockedBy?: { id: string; code: 1 | 2 };
}

const now = (): number => performance.now();

/** Builds a catalogue (or this shard's part of it) and writes its report; see the module's comment. */
export async function buildCatalogue(file: string, options: CatalogueOptions): Promise<CatalogueResult> {
  const started = now();
  const catalogue = loadCatalogue(file, options);
  const { from, to } = shardRange(catalogue.books.length, options.shard);
  const prepared = await prepareBooks(catalogue, options, to);
  const report = reportPath(options);
  checkBundles(catalogue, prepared, prepared.slice(from, to), report);
  const access = createFileAccess(defaultPathPolicy(options.out, true));
  const chain: Chain = { mazes: new Map() };
  const earlier: Earlier = { read: 0, made: 0, seconds: 0 };
  const books: BookReport[] = [];
  for (let j = 0; j < to; j++) {
    const p = prepared[j];
    const avoid = new Set(chain.mazes.keys());
    if (j < from) {
      books.push(await takeEarlierBook(p, avoid, chain, access, earlier, options));
    } else {
      const done = await takeOwnBook(p, avoid, chain, access, catalogue, options);
      books.push(done);
      options.onBook?.(done);
    }
    p.planned = undefined;
    p.cover = undefined;
  }
  for (let j = to; j < prepared.length; j++) books.push(otherShard(prepared[j]));
  const result: CatalogueResult = {
    name: catalogue.name,
    file: catalogue.file,
    ...(options.shard ? { shard: options.shard } : {}),
    from,
    to,
    books,
    earlier,
    report,
    seconds: (now() - started) / 1000,
    exitCode: worstCode(books.slice(from, to)),
  };
  await writeOutputs(
    [{ path: report, what: 'report', data: `${JSON.stringify(reportJson(result), null, 2)}\n` }],
    catalogue.inputs,
    { ...(options.onWait ? { onWait: options.onWait } : {}) },
  );
  return result;
}

/** `<out>/report.json`, or `<out>/report-shard-I-of-N.json` for a shard. */
function reportPath(options: CatalogueOptions): string {
  const s = options.shard;
  return join(options.out, s ? `report-shard-${s.index}-of-${s.count}.json` : 'report.json');
}

/**
 * Plans every book of the catalogue (a shard too: bad input stops every shard alike, before anything is
 * written) with its cover, and hashes what each is made from. Plans are kept for the books before `keep`
 * (this process builds them or needs their mazes). Every problem of every book is reported at once.
 */
async function prepareBooks(
  catalogue: Catalogue,
  options: CatalogueOptions,
  keep: number,
): Promise<PreparedBook[]> {
  const problems = new Problems();
  const out: PreparedBook[] = [];
  const books = catalogue.books.length;
  for (const book of catalogue.books) {
    options.onProgress?.({ book: book.index, books, id: book.id, doing: 'checking', done: 0, total: 1 });
    try {
      const planned = await planSpecFiles(
        book.spec,
        {
          allowAnyPath: options.allowAnyPath,
          ...(options.sourceDateEpoch !== undefined ? { sourceDateEpoch: options.sourceDateEpoch } : {}),
        },
        undefined,
        book.overrides,
      );
      const cover = await prepareCover(planned, undefined, planMinPassage(planned.plan));
      const value = planned.spec.value;
      const mine = book.index < keep;
      out.push({
        book,
        books,
        ...(mine ? { planned, cover } : {}),
        // Only this process's books and those before them are checked for being current.
        inputs: mine ? inputsHash(book.values, planned.files, options.sourceDateEpoch) : '',
        read: [...new Set(planned.files.located.map((f) => f.real))],
        paths: bundlePaths(options.out, book.id),
        ebook: value.cover?.ebook === true,
        ...(value.locale ? { locale: value.locale } : {}),
        ...(value.cover?.blurb ? { blurb: value.cover.blurb } : {}),
        notes: hiddenValues(book, value.cover),
      });
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      problems.add(e);
    }
  }
  problems.throwIfAny();
  return out;
}

/**
 * The catalogue's title, subtitle and author reach the cover through the book's fields; a spec whose cover
 * names its own keeps it there. One note for each such value.
 */
function hiddenValues(book: CatalogueBook, cover: CoverSpec | undefined): string[] {
  return (['title', 'subtitle', 'author'] as const)
    .filter((k) => book.overrides.values[k] !== undefined && cover?.[k] !== undefined)
    .map(
      (k) =>
        `${book.overrides.placeOf([k])}: the book's ${k} does not reach its cover: the spec's cover.${k} is printed there`,
    );
}

/**
 * Every file this process will write (the bundles of `mine`), checked before any book is built: not a file
 * the catalogue or any of its books reads, not a folder or a device, in a folder that can take files.
 */
function checkBundles(
  catalogue: Catalogue,
  all: readonly PreparedBook[],
  mine: readonly PreparedBook[],
  report: string,
): void {
  const inputs = [...catalogue.inputs, ...all.flatMap((p) => p.read)];
  checkOutputs(
    [
      ...mine.flatMap((p) => [
        { path: p.paths.pdf, what: 'PDF', option: '-o' },
        { path: p.paths.cover, what: 'cover PDF', option: '-o' },
        ...(p.ebook ? [{ path: p.paths.ebook, what: 'ebook cover', option: '-o' }] : []),
        { path: p.paths.metadata, what: 'metadata', option: '-o' },
        { path: p.paths.lock, what: 'lockfile', option: '-o' },
      ]),
      { path: report, what: 'report', option: '-o' },
    ],
    inputs,
  );
}

/** What the book wants of a bundle to count as current, avoiding `avoid`. */
function wantsOf(p: PreparedBook, avoid: ReadonlySet<string>) {
  return { id: p.book.id, inputs: p.inputs, avoid: mazeSetHash(avoid), ebook: p.ebook };
}

/** Adds a book's mazes to the chain (the first book to have a maze keeps it). */
function addMazes(chain: Chain, id: string, mazes: readonly string[]): void {
  for (const m of mazes) if (!chain.mazes.has(m)) chain.mazes.set(m, id);
}

/**
 * A book before this shard's run: only its mazes are needed. Taken from its lockfile when that is current
 * (same inputs, same mazes avoided: the lockfile then holds exactly what making them would give), else made
 * here — its puzzles and cover maze, no pages.
 */
async function takeEarlierBook(
  p: PreparedBook,
  avoid: ReadonlySet<string>,
  chain: Chain,
  access: FileAccess,
  earlier: Earlier,
  options: CatalogueOptions,
): Promise<BookReport> {
  const report = otherShard(p);
  if (chain.blockedBy) return report;
  const started = now();
  try {
    await takeMazesOf(p, avoid, chain, access, earlier, options, report);
  } finally {
    earlier.seconds = Math.round((earlier.seconds + (now() - started) / 1000) * 100) / 100;
  }
  return report;
}

async function takeMazesOf(
  p: PreparedBook,
  avoid: ReadonlySet<string>,
  chain: Chain,
  access: FileAccess,
  earlier: Earlier,
  options: CatalogueOptions,
  report: BookReport,
): Promise<void> {
  const tell = progressOf(p, options);
  tell('reading earlier book', 0, 1);
  const state = bundleState(access, p.paths, wantsOf(p, avoid), false);
  if (state.current) {
    earlier.read++;
    addMazes(chain, p.book.id, lockMazes(state.lock));
    return;
  }
  try {
    addMazes(chain, p.book.id, await makeMazes(p, avoid, tell));
    earlier.made++;
  } catch (e) {
    chain.blockedBy = { id: p.book.id, code: e instanceof UserError ? 2 : 1 };
    report.error = errorText(e);
  }
}

/**
 * A book's mazes as its build makes them — the puzzles (`makePuzzles`, as `renderBook` calls it), then the
 * cover maze — without laying out a page. The cover maze does not depend on the page count (only the
 * spine does), so the cover planned for the foreseen count gives it.
 */
async function makeMazes(
  p: PreparedBook,
  avoid: ReadonlySet<string>,
  tell: (doing: CatalogueProgress['doing'], done: number, total: number) => void,
): Promise<string[]> {
  const { planned, cover } = p;
  if (!planned) throw new Error('internal: a book’s mazes asked for after its plan was dropped');
  const puzzles = await makePuzzles(
    planned.plan,
    false,
    () => {},
    (q) => tell(q.stage, q.done, q.total),
    undefined,
    avoid,
  );
  const art = cover ? makeCoverArt(cover, planned.plan, () => {}, avoid) : undefined;
  return [...puzzles.map(canonicalOfPuzzle), ...(art ? [canonicalOfPuzzle(art)] : [])];
}

function progressOf(p: PreparedBook, options: CatalogueOptions) {
  return (doing: CatalogueProgress['doing'], done: number, total: number): void =>
    options.onProgress?.({
      book: p.book.index,
      books: p.books,
      id: p.book.id,
      doing,
      done,
      total,
    });
}

/** The report of a book another shard builds. */
function otherShard(p: PreparedBook): BookReport {
  return {
    id: p.book.id,
    spec: p.book.specShown,
    status: 'other shard',
    seconds: 0,
    warnings: [],
    notes: [],
    exitCode: 0,
  };
}

function errorText(e: unknown): string {
  return e instanceof UserError ? e.message : `internal error: ${(e as Error)?.message ?? e}`;
}

/**
 * One of this process's books: left as it is when its bundle is current (unless forced), else built and
 * written as one (`writeBundle`). A book that fails still gives the chain its mazes when they can be made
 * (its failure came later, in layout or a check); otherwise the books after it cannot be decided.
 */
async function takeOwnBook(
  p: PreparedBook,
  avoid: ReadonlySet<string>,
  chain: Chain,
  access: FileAccess,
  catalogue: Catalogue,
  options: CatalogueOptions,
): Promise<BookReport> {
  const started = now();
  const base = { id: p.book.id, spec: p.book.specShown };
  const seconds = () => Math.round((now() - started) / 10) / 100;
  if (chain.blockedBy) {
    const { id, code } = chain.blockedBy;
    return {
      ...base,
      status: 'not built',
      reason: `the mazes of ${id}, before it, could not be made`,
      seconds: 0,
      warnings: [],
      notes: [],
      exitCode: code,
    };
  }
  const tell = progressOf(p, options);
  tell('checking', 0, 1);
  const state = bundleState(access, p.paths, wantsOf(p, avoid), true);
  if (state.current && !options.force) {
    addMazes(chain, p.book.id, lockMazes(state.lock));
    return {
      ...base,
      ...figuresOf(state.lock),
      status: 'up to date',
      seconds: seconds(),
      warnings: [],
      notes: [],
      exitCode: 0,
    };
  }
  const reason = state.current ? 'forced' : state.why;
  try {
    const { rendered, lock } = await writeBundle(p, avoid, catalogue.name, options, tell);
    const warnings = [...p.notes, ...rendered.warnings, ...repeatsOf(lock, avoid, chain)];
    addMazes(chain, p.book.id, lockMazes(lock));
    return {
      ...base,
      ...figuresOf(lock),
      status: 'built',
      reason,
      seconds: seconds(),
      warnings,
      notes: rendered.reports,
      exitCode: 0,
    };
  } catch (e) {
    const code = e instanceof UserError ? 2 : 1;
    try {
      addMazes(chain, p.book.id, await makeMazes(p, avoid, tell));
    } catch {
      chain.blockedBy = { id: p.book.id, code };
    }
    return {
      ...base,
      status: 'failed',
      reason,
      seconds: seconds(),
      warnings: [],
      notes: [],
      error: errorText(e),
      exitCode: code,
    };
  }
}

/** Pages, puzzles and spine from a book's lockfile. */
function figuresOf(lock: LockFile): Pick<BookReport, 'pages' | 'puzzles' | 'spine'> {
  return {
    ...(lock.pages !== undefined ? { pages: lock.pages } : {}),
    puzzles: lock.puzzles.length,
    ...(lock.cover ? { spine: lock.cover.spine } : {}),
  };
}

/**
 * Mazes of the book that repeat an earlier book's: only a maze given whole (a Finger Maze string) can, since
 * every other is re-rolled. One warning each.
 */
function repeatsOf(lock: LockFile, avoid: ReadonlySet<string>, chain: Chain): string[] {
  const entries = [...lock.puzzles, ...(lock.cover ? [lock.cover.art] : [])];
  return entries
    .filter((e) => avoid.has(e.canonical ?? e.hash))
    .map(
      (e) =>
        `${e.number === 0 ? 'the cover maze' : `puzzle ${e.number} (${e.key})`} is a maze of ${chain.mazes.get(e.canonical ?? e.hash)} too (a maze given whole cannot be re-rolled)`,
    );
}

/**
 * Builds a book in memory and writes its bundle in one step (outputs.ts: all checked, written to temporary
 * files, renamed into place): the PDF, the cover (and ebook picture), the metadata, and last the lockfile
 * that says the bundle is current — a build cut short leaves the old lockfile, which no longer matches.
 */
async function writeBundle(
  p: PreparedBook,
  avoid: ReadonlySet<string>,
  name: string,
  options: CatalogueOptions,
  tell: (doing: CatalogueProgress['doing'], done: number, total: number) => void,
): Promise<{ rendered: RenderedBook; lock: LockFile }> {
  const rendered = await renderBook(p.book.spec, {
    output: p.paths.pdf,
    ...(p.planned ? { planned: p.planned } : { overrides: p.book.overrides }),
    avoidMazes: avoid,
    strict: options.strict,
    allowAnyPath: options.allowAnyPath,
    ...(options.sourceDateEpoch !== undefined ? { sourceDateEpoch: options.sourceDateEpoch } : {}),
    onProgress: (q) => tell(q.stage, q.done, q.total),
  });
  const { cover } = rendered;
  if (!cover) throw new Error('internal: a catalogue’s book was built without its cover');
  const metadata = `${JSON.stringify(bookMetadata(name, p.book, rendered, p), null, 2)}\n`;
  const lock: LockFile = {
    ...rendered.lock,
    catalogue: {
      name,
      book: p.book.id,
      inputs: p.inputs,
      avoid: mazeSetHash(avoid),
      metadata: sha256(metadata),
    },
  };
  tell('write', 0, 1);
  const outputs: OutputFile[] = [
    { path: p.paths.pdf, what: 'PDF', data: rendered.pdf, option: '-o' },
    { path: p.paths.cover, what: 'cover PDF', data: cover.pdf, option: '-o' },
    ...(cover.ebook ? [{ path: p.paths.ebook, what: 'ebook cover', data: cover.ebook, option: '-o' }] : []),
    { path: p.paths.metadata, what: 'metadata', data: metadata, option: '-o' },
    { path: p.paths.lock, what: 'lockfile', data: `${JSON.stringify(lock, null, 2)}\n`, option: '-o' },
  ];
  await writeOutputs(outputs, rendered.plan.inputs, {
    ...(options.onWait ? { onWait: options.onWait } : {}),
  });
  return { rendered, lock };
}

/** 1 when any book hit an internal error, else 2 when any failed on its input, else 0. */
function worstCode(books: readonly BookReport[]): 0 | 1 | 2 {
  if (books.some((b) => b.exitCode === 1)) return 1;
  return books.some((b) => b.exitCode === 2) ? 2 : 0;
}
