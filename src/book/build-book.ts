import { basename, extname, join, resolve } from 'node:path';
import { UserError } from '../base/errors.js';
import type { FileAccess } from '../base/files.js';
import { composeBook } from '../layout/compose-book.js';
import type { DisplayDocument } from '../layout/display-list.js';
import type { BookPlan, PlanOptions } from '../plan/book-plan.js';
import type { CoverPlan } from '../plan/plan-cover.js';
import { renderSvgPage } from '../render/svg.js';
import type { SpecOverrides } from '../spec/override-spec.js';
import { fontOf } from '../text/fonts.js';
import { checkRising } from './check-rising.js';
import { checkStars } from './check-stars.js';
import { coverPaths, type MadeCover, makeCover, planMinPassage, prepareCover } from './cover.js';
import { homeBorderMisses } from './home-border.js';
import { nonGreyColours } from './ink-check.js';
import { checkFrozen, type LockFile, lockFor, lockMazes, lockPath, parseLock, withPdf } from './lockfile.js';
import { makeUnit, ratesPuzzles } from './make-unit.js';
import { checkOutputs, type OutputFile, shownPath, writeOutputs } from './outputs.js';
import { generateOnWorkers, useWorkers, workUnits } from './parallel.js';
import { type PlannedSpec, planSpecFiles } from './plan-spec.js';
import { type MadeUnit, rerollRepeats } from './repeats.js';
import { type ChosenPuzzle, checkBook } from './select.js';

export { ratesPuzzles } from './make-unit.js';
export { ensureDir, shownPath } from './outputs.js';
export { loadSpec, type PlannedSpec, planSpec, planSpecFiles } from './plan-spec.js';

export type BuildStage = 'spec' | 'plan' | 'maze' | 'layout' | 'render' | 'write';

/** Reported as a build advances; `done` of `total` within the stage. */
export interface Progress {
  stage: BuildStage;
  done: number;
  total: number;
}

export interface BuildOptions extends PlanOptions {
  /** Rate every puzzle (not only those with a difficulty target). */
  rate?: boolean;
  /** Book checks are errors (exit 2) instead of warnings. */
  strict?: boolean;
  /** Fail (exit 2, nothing written) if any puzzle would differ from the lockfile next to the output. */
  frozen?: boolean;
  /**
   * A size the spec gives that leaves passages under the floor (`PuzzlePlan.floorMiss`) is an error, found
   * before any maze is made, instead of a warning (`mazebook sheet`).
   */
  floorErrors?: boolean;
  /** Lockfiles of other volumes: puzzles identical to one of theirs are reported. */
  avoid?: readonly string[];
  /**
   * Canonical hashes of mazes made elsewhere (a catalogue's earlier books) that no puzzle and no cover maze of
   * this book may repeat; a repeat is re-rolled, as with `avoid`.
   */
  avoidMazes?: ReadonlySet<string>;
  /** Values replacing the spec's own (a catalogue's, for one of its books). */
  overrides?: SpecOverrides;
  /** The spec already planned with these options and overrides: it is not read or planned again. */
  planned?: PlannedSpec;
  /** Where the PDF goes; default `output/<spec name>.pdf` under the working directory. */
  output?: string;
  /**
   * The file access to read through (`build --watch` keeps it, to watch what a failed build read too); a new
   * one bound to the spec's folder when absent.
   */
  files?: FileAccess;
  /** Also write one SVG per page into this folder. */
  svgDir?: string;
  onProgress?: (p: Progress) => void;
  /** Told when writing waits for another mazebook writing the same output (default: stderr). */
  onWait?: (message: string) => void;
}

export type GeneratedPuzzle = ChosenPuzzle;

export interface BuildResult {
  output: string;
  /** The cover written next to the interior, when the spec has `cover:`. */
  cover?: { output: string; bytes: number; spine: string; ebook?: string };
  pages: number;
  bytes: number;
  puzzles: GeneratedPuzzle[];
  /** Things the author should know that did not stop the build, each `where: what`. */
  warnings: string[];
  /** Notes worth printing after a build, such as the difficulty curve of each series. */
  reports: string[];
  /** Every file the build read (absolute paths as named), for `--watch`. */
  inputs: string[];
}

/**
 * maze → analyze (→ rate and choose among candidates) for every puzzle of the plan, in book order, on this
 * thread; warnings go to `warn` as `where: what`. No puzzle repeats another, nor a maze of `avoid`
 * (canonical hashes of other volumes' lockfiles).
 */
export function generatePuzzles(
  plan: BookPlan,
  onProgress?: (p: Progress) => void,
  warn: (message: string) => void = () => {},
  rateAll = false,
  avoid: ReadonlySet<string> = new Set(),
): GeneratedPuzzle[] {
  const rate = ratesPuzzles(plan, rateAll);
  const units = workUnits(plan);
  const total = plan.puzzles.length;
  let done = 0;
  const made = units.map((indices) => {
    const unit = makeUnit(plan, indices, rate, avoid);
    done += indices.length;
    onProgress?.({ stage: 'maze', done, total });
    return unit;
  });
  return finishUnits(plan, made, rateAll, warn, avoid);
}

/**
 * The units of the plan (`workUnits`) made each on its own — on worker threads when the book is big enough
 * (see parallel.ts), else on this thread; the same units either way. While threads generate, this thread
 * runs `whileGenerating` (work the build needs later that does not depend on the puzzles); its failures are
 * ignored here, so the step that needs its result reports them.
 */
export async function makeUnits(
  plan: BookPlan,
  rateAll: boolean,
  avoid: ReadonlySet<string>,
  onProgress?: (p: Progress) => void,
  whileGenerating?: () => Promise<void>,
): Promise<MadeUnit[]> {
  const rate = ratesPuzzles(plan, rateAll);
  const threads = useWorkers(plan, rate);
  const total = plan.puzzles.length;
  if (threads === 0) {
    let done = 0;
    return workUnits(plan).map((indices) => {
      const unit = makeUnit(plan, indices, rate, avoid);
      done += indices.length;
      onProgress?.({ stage: 'maze', done, total });
      return unit;
    });
  }
  // The other work waits until the threads are starting: it runs for a while without yielding.
  let started = (): void => {};
  const poolStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const [units] = await Promise.all([
    generateOnWorkers(
      plan,
      rate,
      avoid,
      threads,
      (done) => onProgress?.({ stage: 'maze', done, total }),
      started,
    ),
    whileGenerating && poolStarted.then(whileGenerating).catch(() => {}),
  ]);
  return units;
}

/**
 * The book's puzzles from its units made each on their own (`made`, in the order of `workUnits(plan)`): in
 * book order, a unit repeating an earlier maze (or one of `avoid`) is made again without them
 * (`rerollRepeats`, on this thread); then each puzzle's warnings go to `warn`, in book order.
 */
export function finishUnits(
  plan: BookPlan,
  made: MadeUnit[],
  rateAll: boolean,
  warn: (message: string) => void,
  avoid: ReadonlySet<string>,
): GeneratedPuzzle[] {
  const rate = ratesPuzzles(plan, rateAll);
  rerollRepeats(plan, workUnits(plan), made, avoid, (indices, exclude) =>
    makeUnit(plan, indices, rate, exclude),
  );
  const out: GeneratedPuzzle[] = [];
  for (const unit of made) {
    unit.puzzles.forEach((p, k) => {
      for (const w of unit.warnings[k]) warn(w);
      out.push(p);
    });
  }
  return out;
}

/**
 * The plan's puzzles (`makeUnits`, then `finishUnits`): the same puzzles on any number of threads.
 */
export async function makePuzzles(
  plan: BookPlan,
  rateAll: boolean,
  warn: (message: string) => void,
  onProgress?: (p: Progress) => void,
  whileGenerating?: () => Promise<void>,
  avoid: ReadonlySet<string> = new Set(),
): Promise<GeneratedPuzzle[]> {
  const made = await makeUnits(plan, rateAll, avoid, onProgress, whileGenerating);
  return finishUnits(plan, made, rateAll, warn, avoid);
}

/**
 * What the layout and the PDF need whatever the puzzles are — pdfkit and fontkit loaded, the theme's fonts
 * parsed (into the same cache layout reads) — done while worker threads generate, so it is not left for
 * after them, when nothing else runs.
 */
async function prepareRender(plan: BookPlan): Promise<void> {
  fontOf(plan.theme.fonts.heading);
  fontOf(plan.theme.fonts.body);
  await import('../render/pdf.js');
}

/**
 * The print floors checked on the finished pages: the profile's page count, line weights, text sizes, a
 * theme meant for screens on paper; large print's text sizes and walls (`floors`); the unprinted border of a
 * sheet printed at home. Also the profile's notes
 * (a raised gutter). One message per problem.
 */
export function checkPrint(plan: BookPlan, doc: DisplayDocument): string[] {
  const { print, floors } = plan;
  const out = print.notes.map((n) => `${plan.specFile}: ${n}`);
  const large = plan.floor.audience === 'large-print' || floors.wall > 0;
  if (!print.profile && !large) return out;
  const rules = print.rules;
  const name = print.profile ? `${plan.specFile}: profile ${print.profile}` : plan.specFile;
  if (print.profile && rules.minPages !== undefined && doc.pages.length < rules.minPages) {
    out.push(
      `${name}: the book has ${doc.pages.length} pages; ${print.profile} prints at least ${rules.minPages}`,
    );
  }
  const minLine = print.profile ? rules.minLine : 0;
  const count = { thin: 0, small: 0, wall: 0 };
  const first = { thin: 0, small: 0, wall: 0 };
  const found = (what: keyof typeof count, page: number) => {
    if (count[what]++ === 0) first[what] = page;
  };
  doc.pages.forEach((page, i) => {
    for (const item of page.items) {
      if (item.type === 'path' && item.stroke) {
        if (item.stroke.width < minLine - 1e-9) found('thin', i + 1);
        if (item.role === 'walls' && item.stroke.width < floors.wall - 1e-9) found('wall', i + 1);
      }
      if (item.type === 'text' && item.size < floors.text - 1e-9) found('small', i + 1);
    }
  });
  if (count.thin > 0) {
    out.push(
      `${name}: ${count.thin} lines are thinner than ${rules.minLine}pt (first on page ${first.thin})`,
    );
  }
  const why = large ? ' (large print)' : '';
  if (count.small > 0) {
    out.push(
      `${name}: ${count.small} texts are smaller than ${floors.text}pt${why} (first on page ${first.small})`,
    );
  }
  if (count.wall > 0) {
    out.push(
      `${name}: ${count.wall} mazes have walls thinner than ${floors.wall}pt${why} (first on page ${first.wall})`,
    );
  }
  if (print.profile === 'home') out.push(...homeBorderMisses(doc, name));
  if (print.profile && rules.print && !plan.theme.print) {
    out.push(`${name}: theme "${plan.theme.name}" is meant for screens (dark pages use a lot of ink)`);
  }
  return out;
}

/** One line per series: its pages and the difficulty curve measured. */
export function seriesReports(puzzles: readonly GeneratedPuzzle[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < puzzles.length; i++) {
    const s = puzzles[i].plan.series;
    if (s?.index !== 0) continue;
    const run = puzzles.slice(i, i + s.count);
    // One decimal, or two where neighbours would print alike (a series grows strictly).
    const at = (digits: number) => run.map((p) => p.rating?.score.toFixed(digits) ?? '?');
    const one = at(1);
    const scores = (one.some((v, k) => k > 0 && v === one[k - 1]) ? at(2) : one).join(' → ');
    lines.push(
      `${puzzles[i].plan.where}: series of ${s.count}, puzzles ${run[0].plan.number}–${run.at(-1)?.plan.number}: ${scores}`,
    );
  }
  return lines;
}

/** A generated book before layout: the plan, its puzzles, warnings and the book checks' problems apart. */
export interface MadeBook {
  plan: BookPlan;
  files: FileAccess;
  puzzles: GeneratedPuzzle[];
  warnings: string[];
  problems: string[];
  /** The `--avoid` lockfiles, as named and as read. */
  avoided: AvoidedLock[];
  /** Every maze (canonical hash) the book had to avoid: the `--avoid` lockfiles' and `avoidMazes`. */
  avoid: ReadonlySet<string>;
}

/** A lockfile of another volume whose mazes this book must not repeat. */
export interface AvoidedLock {
  name: string;
  lock: LockFile;
}

/** Reads the `--avoid` lockfiles through the build's file access. */
function readAvoided(files: FileAccess, names: readonly string[] = []): AvoidedLock[] {
  return names.map((name) => ({
    name,
    lock: parseLock(files.read(files.given(resolve(name), name, 'lockfile')), name),
  }));
}

/**
 * The canonical hashes of the avoided lockfiles' mazes, their cover mazes included (older lockfiles have only
 * the printed hash), and of `more`.
 */
function avoidedHashes(avoided: readonly AvoidedLock[], more: ReadonlySet<string> = new Set()): Set<string> {
  return new Set([...avoided.flatMap((a) => lockMazes(a.lock)), ...more]);
}

/**
 * spec → plan → puzzles, with the warnings generation gave and the book checks' problems apart (the build
 * may make those errors). Shared by `build` and `rate`, so both see the very same mazes.
 */
export async function makeBook(
  specPath: string,
  options: PlanOptions,
  rateAll: boolean,
  onProgress?: (p: Progress) => void,
  beforeGenerating?: (plan: BookPlan, planned: PlannedSpec) => void | Promise<void>,
  whileGenerating?: (plan: BookPlan) => Promise<void>,
): Promise<MadeBook> {
  onProgress?.({ stage: 'spec', done: 0, total: 1 });
  const build = options as BuildOptions;
  const planned = build.planned ?? (await planSpecFiles(specPath, options, build.files, build.overrides));
  const { plan, files } = planned;
  await beforeGenerating?.(plan, planned);
  const avoided = readAvoided(files, build.avoid);
  const avoid = avoidedHashes(avoided, build.avoidMazes);
  const warnings: string[] = [];
  const puzzles = await makePuzzles(
    plan,
    rateAll,
    (w) => warnings.push(w),
    onProgress,
    whileGenerating && (() => whileGenerating(plan)),
    avoid,
  );
  const problems = [...checkBook(puzzles), ...checkStars(plan, puzzles), ...checkRising(plan, puzzles)];
  return { plan, files, puzzles, warnings, problems, avoided, avoid };
}

export interface LaidOutBook {
  plan: BookPlan;
  files: FileAccess;
  puzzles: GeneratedPuzzle[];
  avoided: AvoidedLock[];
  avoid: ReadonlySet<string>;
  doc: DisplayDocument;
  warnings: string[];
  reports: string[];
}

/**
 * Everything up to the display list, with no file written. `whileGenerating` runs while worker threads
 * generate the puzzles (see makePuzzles).
 */
export async function layoutBook(
  specPath: string,
  options: BuildOptions = {},
  beforeGenerating?: (plan: BookPlan, planned: PlannedSpec) => void | Promise<void>,
  whileGenerating?: (plan: BookPlan) => Promise<void>,
): Promise<LaidOutBook> {
  const progress = options.onProgress;
  const made = await makeBook(specPath, options, !!options.rate, progress, beforeGenerating, whileGenerating);
  const { plan, puzzles, warnings, problems } = made;
  if (options.strict && (problems.length > 0 || warnings.length > 0)) {
    const all = [...warnings, ...problems];
    throw new UserError(
      plan.specFile,
      `--strict: ${all.length} problem${all.length > 1 ? 's' : ''} in the book:\n  ${all.join('\n  ')}`,
      'fix them, or build without --strict to get the book with these warnings',
    );
  }
  warnings.push(...problems);
  progress?.({ stage: 'layout', done: 0, total: 1 });
  const doc = composeBook(plan, puzzles);
  const layoutNotes = doc.pages.flatMap((page) => page.notes ?? []);
  if (options.strict && layoutNotes.length > 0) {
    throw new UserError(
      plan.specFile,
      `--strict: ${layoutNotes.length} layout problem${layoutNotes.length > 1 ? 's' : ''}:\n  ${layoutNotes.join('\n  ')}`,
    );
  }
  warnings.push(...layoutNotes);
  const printProblems = checkPrint(plan, doc);
  if (options.strict && printProblems.length > 0) {
    throw new UserError(
      plan.specFile,
      `--strict: ${printProblems.length} print problem${printProblems.length > 1 ? 's' : ''}:\n  ${printProblems.join('\n  ')}`,
    );
  }
  warnings.push(...printProblems);
  return {
    plan,
    files: made.files,
    puzzles,
    avoided: made.avoided,
    avoid: made.avoid,
    doc,
    warnings,
    reports: seriesReports(puzzles),
  };
}

/** Where a build writes: the PDF (default `output/<spec name>.pdf`), its lockfile, and SVG pages if asked. */
export function outputPaths(
  specPath: string,
  options: BuildOptions,
): { pdf: string; lock: string; svgDir?: string } {
  const pdf = resolve(options.output ?? join('output', `${basename(specPath, extname(specPath))}.pdf`));
  if (extname(pdf).toLowerCase() !== '.pdf') {
    throw new UserError(shownPath(pdf), 'the book is a PDF: the output name must end in .pdf');
  }
  return { pdf, lock: lockPath(pdf), ...(options.svgDir ? { svgDir: resolve(options.svgDir) } : {}) };
}

/** SVG page file names for a document of `pages` pages. */
function svgPageFiles(dir: string, pages: number): string[] {
  return Array.from({ length: pages }, (_, i) => join(dir, `page-${String(i + 1).padStart(3, '0')}.svg`));
}

/** The lockfile next to the output, for --frozen: it must exist and be a lockfile. */
function frozenLock(files: FileAccess, path: string): LockFile {
  let ref: ReturnType<FileAccess['given']>;
  try {
    ref = files.given(path, shownPath(path), 'lockfile');
  } catch {
    throw new UserError(
      shownPath(path),
      '--frozen: there is no lockfile to compare with',
      'build once without --frozen to write it',
    );
  }
  return parseLock(files.read(ref), shownPath(path));
}

/** A book made in memory — its PDF, lockfile and cover — with nothing written yet. */
export interface RenderedBook {
  plan: BookPlan;
  files: FileAccess;
  /** Where its files go. */
  paths: { pdf: string; lock: string; svgDir?: string; cover: string; ebook: string };
  doc: DisplayDocument;
  puzzles: GeneratedPuzzle[];
  /** The interior PDF's bytes. */
  pdf: Buffer;
  /** The lockfile as it is written (with the PDF's hash). */
  lock: LockFile;
  /** The cover, when the spec has `cover:`. */
  cover?: MadeCover;
  warnings: string[];
  reports: string[];
}

/** The first puzzle whose given size leaves passages under its floor, as an error at that size. */
function refuseFloorMisses(plan: BookPlan): void {
  const miss = plan.puzzles.find((p) => p.floorMiss)?.floorMiss;
  if (miss)
    throw new UserError(
      miss.where,
      miss.what,
      'or leave the size out: mazebook then chooses one that keeps the floor',
    );
}

/**
 * spec → plan → mazes → layout → PDF (and cover), in memory. Every output path is checked before any maze is
 * generated; nothing is written (see `bookOutputs`, `buildBook`).
 */
export async function renderBook(specPath: string, options: BuildOptions = {}): Promise<RenderedBook> {
  const paths = outputPaths(specPath, options);
  const planned: OutputFile[] = [
    { path: paths.lock, what: 'lockfile', data: '', option: '-o' },
    { path: paths.pdf, what: 'PDF', data: '', option: '-o' },
    ...(paths.svgDir
      ? [{ path: join(paths.svgDir, 'page-001.svg'), what: 'SVG page', data: '', option: '--svg' }]
      : []),
  ];
  const covers = coverPaths(paths.pdf);
  let coverPlan: CoverPlan | undefined;
  let coverSource: PlannedSpec | undefined;
  let ebook = false;
  const { plan, files, puzzles, avoided, avoid, doc, warnings, reports } = await layoutBook(
    specPath,
    options,
    async (p, loaded) => {
      if (options.floorErrors) refuseFloorMisses(p);
      const { spec } = loaded;
      const cover = spec.value.cover;
      ebook = cover?.ebook === true;
      checkOutputs(
        [
          ...planned,
          ...(cover ? [{ path: covers.pdf, what: 'cover PDF', option: '-o' }] : []),
          ...(ebook ? [{ path: covers.ebook, what: 'ebook cover', option: '-o' }] : []),
        ],
        p.inputs,
      );
      // The cover is planned before any maze is made (its problems are found early), for the page count the
      // plan foresees; answer slots that grow for large mazes can add pages, and the spine follows below.
      if (cover) {
        coverSource = loaded;
        coverPlan = await prepareCover(loaded, undefined, planMinPassage(p));
      }
    },
    prepareRender,
  );
  const pages = doc.pages.length;
  let cover: MadeCover | undefined;
  if (coverPlan && coverSource) {
    if (coverPlan.geometry.pages !== pages)
      coverPlan = await prepareCover(coverSource, pages, planMinPassage(plan));
    cover = await makeCover(coverPlan, plan, pages, puzzles, (w) => warnings.push(w), avoid);
    for (const note of coverPlan.notes) reports.push(`${plan.specFile}: cover: ${note}`);
  }
  const extra = { pages, model: plan.difficultyModel, ...(cover ? { cover: cover.lock } : {}) };
  const fresh = lockFor(plan.title, plan.seed, puzzles, undefined, extra);
  if (options.frozen) checkFrozen(frozenLock(files, paths.lock), fresh, shownPath(paths.lock));
  // Generation re-rolled every repeat it could; a hand-made maze (a Finger Maze string) is the one it cannot.
  avoided.forEach(({ name: other, lock: theirs }) => {
    // The canonical hash also catches a mirrored or rotated copy.
    const hashes = new Map(theirs.puzzles.map((e) => [e.canonical ?? e.hash, e]));
    for (const e of fresh.puzzles) {
      const twin = hashes.get(e.canonical);
      if (twin) {
        const msg = `${plan.puzzles[e.number - 1].where}: puzzle ${e.number} is identical to puzzle ${twin.number} (${twin.key}) of ${other}`;
        if (options.strict) throw new UserError(other, `--strict: ${msg}`);
        warnings.push(msg);
      }
    }
  });
  options.onProgress?.({ stage: 'render', done: 0, total: 1 });
  // pdfkit is heavy: loaded only when a PDF is written.
  const { renderPdf } = await import('../render/pdf.js');
  const pdf = await renderPdf(doc);
  if (plan.ink === 'black') {
    // A black-ink interior must hold greys only, as printed: checked on the PDF's content streams.
    const colours = nonGreyColours(pdf);
    if (colours.length > 0) {
      const msg = `${plan.specFile}: ink black: ${colours.length} colour setting${colours.length > 1 ? 's' : ''} in the PDF ${colours.length > 1 ? 'are' : 'is'} not grey (first: ${colours[0]})`;
      if (options.strict) throw new UserError(plan.specFile, `--strict: ${msg}`);
      warnings.push(msg);
    }
  }
  return {
    plan,
    files,
    paths: { ...paths, cover: covers.pdf, ebook: covers.ebook },
    doc,
    puzzles,
    pdf,
    lock: withPdf(fresh, pdf),
    ...(cover ? { cover } : {}),
    warnings,
    reports,
  };
}

/**
 * The files of a rendered book, in the order `writeOutputs` renames them into place: the lockfile before the
 * PDF (so a build cut short leaves a lockfile that does not match the old PDF), then the cover, its ebook
 * picture and the SVG pages.
 */
export function bookOutputs(book: RenderedBook): OutputFile[] {
  const { paths, cover } = book;
  const outputs: OutputFile[] = [
    { path: paths.lock, what: 'lockfile', data: `${JSON.stringify(book.lock, null, 2)}\n`, option: '-o' },
    { path: paths.pdf, what: 'PDF', data: book.pdf, option: '-o' },
  ];
  if (cover) {
    outputs.push({ path: paths.cover, what: 'cover PDF', data: cover.pdf, option: '-o' });
    if (cover.ebook)
      outputs.push({ path: paths.ebook, what: 'ebook cover', data: cover.ebook, option: '-o' });
  }
  if (paths.svgDir) {
    svgPageFiles(paths.svgDir, book.doc.pages.length).forEach((path, i) => {
      outputs.push({ path, what: 'SVG page', data: renderSvgPage(book.doc, i), option: '--svg' });
    });
  }
  return outputs;
}

/** What `buildBook` tells of a book it wrote. */
export function builtResult(book: RenderedBook): BuildResult {
  const { cover, paths } = book;
  return {
    output: paths.pdf,
    ...(cover
      ? {
          cover: {
            output: paths.cover,
            bytes: cover.pdf.length,
            spine: cover.lock.spine,
            ...(cover.ebook ? { ebook: paths.ebook } : {}),
          },
        }
      : {}),
    pages: book.doc.pages.length,
    bytes: book.pdf.length,
    puzzles: book.puzzles,
    warnings: book.warnings,
    reports: book.reports,
    inputs: [...new Set(book.files.located.map((f) => f.path))],
  };
}

/**
 * spec → plan → mazes → layout → PDF. Every output path is checked before any maze is generated and again
 * before writing; the PDF, its lockfile and any SVG pages are then written together (see outputs.ts), so a
 * failed build leaves every previous output untouched.
 */
export async function buildBook(specPath: string, options: BuildOptions = {}): Promise<BuildResult> {
  const book = await renderBook(specPath, options);
  options.onProgress?.({ stage: 'write', done: 0, total: 1 });
  await writeOutputs(bookOutputs(book), book.plan.inputs, { onWait: options.onWait });
  return builtResult(book);
}
