import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { composeBook } from '../layout/compose-book.js';
import type { DisplayDocument } from '../layout/display-list.js';
import { defaultPathPolicy } from '../plan/paths.js';
import { type BookPlan, type PlanOptions, planBook } from '../plan/plan-book.js';
import { preloadImageMasks } from '../plan/resolve-mask.js';
import { renderPdf } from '../render/pdf.js';
import { renderSvgPage } from '../render/svg.js';
import { UserError } from '../spec/errors.js';
import { type LoadedYaml, loadYamlFile } from '../spec/parse.js';
import { type BookSpec, bookSchema } from '../spec/schema.js';
import { checkFrozen, lockExists, lockFor, lockPath, readLock } from './lockfile.js';
import { generateOnWorkers, useWorkers } from './parallel.js';
import { type ChosenPuzzle, checkBook, choosePuzzle } from './select.js';

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
  /** Lockfiles of other volumes: puzzles identical to one of theirs are reported. */
  avoid?: readonly string[];
  /** Where the PDF goes; default `output/<spec name>.pdf` under the working directory. */
  output?: string;
  /** Also write one SVG per page into this folder. */
  svgDir?: string;
  onProgress?: (p: Progress) => void;
}

export type GeneratedPuzzle = ChosenPuzzle;

export interface BuildResult {
  output: string;
  pages: number;
  bytes: number;
  puzzles: GeneratedPuzzle[];
  /** Things the author should know that did not stop the build, each `where: what`. */
  warnings: string[];
  /** Notes worth printing after a build, such as the difficulty curve of each series. */
  reports: string[];
}

/** A path as messages show it: relative to the working directory when inside it. */
export function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

export function loadSpec(specPath: string): LoadedYaml<BookSpec> {
  const abs = resolve(specPath);
  return loadYamlFile(abs, shownPath(abs), '', 'spec', bookSchema);
}

/**
 * maze → analyze (→ rate and choose among candidates) for every puzzle of the plan, in book order; warnings
 * go to `warn` as `where: what`.
 */
export function generatePuzzles(
  plan: BookPlan,
  onProgress?: (p: Progress) => void,
  warn: (message: string) => void = () => {},
  rateAll = false,
): GeneratedPuzzle[] {
  const total = plan.puzzles.length;
  const rate = rateAll || plan.showDifficulty !== 'none' || plan.puzzles.some((p) => p.usesRating);
  const out: GeneratedPuzzle[] = [];
  for (const [i, p] of plan.puzzles.entries()) {
    const prev = out[i - 1];
    const previous =
      p.series && p.series.index > 0 && prev?.plan.series?.page === p.series.page
        ? prev.rating?.score
        : undefined;
    out.push(choosePuzzle(plan, p, rate, previous, (what) => warn(`${p.where}: ${what}`)));
    onProgress?.({ stage: 'maze', done: i + 1, total });
  }
  return out;
}

/**
 * The print profile's rules checked on the finished pages: page count, line weights, text sizes, a theme
 * meant for screens on paper. Also the profile's notes (a raised gutter). One message per problem.
 */
export function checkPrint(plan: BookPlan, doc: DisplayDocument): string[] {
  const { print } = plan;
  const out = print.notes.map((n) => `${shownPath(plan.specFile)}: ${n}`);
  if (!print.profile) return out;
  const name = `${shownPath(plan.specFile)}: profile ${print.profile}`;
  const rules = print.rules;
  if (rules.minPages !== undefined && doc.pages.length < rules.minPages) {
    out.push(
      `${name}: the book has ${doc.pages.length} pages; ${print.profile} prints at least ${rules.minPages}`,
    );
  }
  let thinLines = 0;
  let smallText = 0;
  let firstThin = 0;
  let firstSmall = 0;
  doc.pages.forEach((page, i) => {
    for (const item of page.items) {
      if (item.type === 'path' && item.stroke && item.stroke.width < rules.minLine - 1e-9) {
        if (thinLines++ === 0) firstThin = i + 1;
      }
      if (item.type === 'text' && item.size < rules.minText - 1e-9) {
        if (smallText++ === 0) firstSmall = i + 1;
      }
    }
  });
  if (thinLines > 0) {
    out.push(`${name}: ${thinLines} lines are thinner than ${rules.minLine}pt (first on page ${firstThin})`);
  }
  if (smallText > 0) {
    out.push(`${name}: ${smallText} texts are smaller than ${rules.minText}pt (first on page ${firstSmall})`);
  }
  if (rules.print && !plan.theme.print) {
    out.push(`${name}: theme "${plan.theme.name}" is meant for screens (dark pages use a lot of ink)`);
  }
  return out;
}

/**
 * The plan's puzzles, on worker threads when the book is big enough (see parallel.ts), else on this thread;
 * the same puzzles either way.
 */
export async function makePuzzles(
  plan: BookPlan,
  specPath: string,
  options: PlanOptions,
  rateAll: boolean,
  warn: (message: string) => void,
  onProgress?: (p: Progress) => void,
): Promise<GeneratedPuzzle[]> {
  const rate = rateAll || plan.showDifficulty !== 'none' || plan.puzzles.some((p) => p.usesRating);
  const threads = useWorkers(plan, rate);
  if (threads === 0) return generatePuzzles(plan, onProgress, warn, rateAll);
  return generateOnWorkers(
    plan,
    resolve(specPath),
    { seed: options.seed, allowAnyPath: options.allowAnyPath, sourceDateEpoch: options.sourceDateEpoch },
    rate,
    threads,
    warn,
    (done) => onProgress?.({ stage: 'maze', done, total: plan.puzzles.length }),
  );
}

/** One line per series: its pages and the difficulty curve measured. */
export function seriesReports(puzzles: readonly GeneratedPuzzle[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < puzzles.length; i++) {
    const s = puzzles[i].plan.series;
    if (s?.index !== 0) continue;
    const run = puzzles.slice(i, i + s.count);
    const scores = run.map((p) => p.rating?.score.toFixed(1) ?? '?').join(' → ');
    lines.push(
      `${puzzles[i].plan.where}: series of ${s.count}, puzzles ${run[0].plan.number}–${run.at(-1)?.plan.number}: ${scores}`,
    );
  }
  return lines;
}

export interface LaidOutBook {
  plan: BookPlan;
  puzzles: GeneratedPuzzle[];
  doc: DisplayDocument;
  warnings: string[];
  reports: string[];
}

/** spec → plan: reads the spec, decodes any image masks it names, and plans the book. */
export async function planSpec(specPath: string, options: PlanOptions = {}): Promise<BookPlan> {
  const spec = loadSpec(specPath);
  const specDir = dirname(spec.file);
  const policy = defaultPathPolicy(specDir, options.allowAnyPath);
  const images = await preloadImageMasks(spec.value, specDir, policy, spec.placeOf);
  return planBook(spec, { ...options, images });
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
): Promise<{ plan: BookPlan; puzzles: GeneratedPuzzle[]; warnings: string[]; problems: string[] }> {
  onProgress?.({ stage: 'spec', done: 0, total: 1 });
  const plan = await planSpec(specPath, options);
  const warnings: string[] = [];
  const puzzles = await makePuzzles(plan, specPath, options, rateAll, (w) => warnings.push(w), onProgress);
  return { plan, puzzles, warnings, problems: checkBook(puzzles) };
}

/** Everything up to the display list, with no file written. */
export async function layoutBook(specPath: string, options: BuildOptions = {}): Promise<LaidOutBook> {
  const progress = options.onProgress;
  const { plan, puzzles, warnings, problems } = await makeBook(specPath, options, !!options.rate, progress);
  if (options.strict && (problems.length > 0 || warnings.length > 0)) {
    const all = [...warnings, ...problems];
    throw new UserError(
      shownPath(plan.specFile),
      `--strict: ${all.length} problem${all.length > 1 ? 's' : ''} in the book:\n  ${all.join('\n  ')}`,
      'fix them, or build without --strict to get the book with these warnings',
    );
  }
  warnings.push(...problems);
  progress?.({ stage: 'layout', done: 0, total: 1 });
  const doc = composeBook(plan, puzzles);
  const printProblems = checkPrint(plan, doc);
  if (options.strict && printProblems.length > 0) {
    throw new UserError(
      shownPath(plan.specFile),
      `--strict: ${printProblems.length} print problem${printProblems.length > 1 ? 's' : ''}:\n  ${printProblems.join('\n  ')}`,
    );
  }
  warnings.push(...printProblems);
  return { plan, puzzles, doc, warnings, reports: seriesReports(puzzles) };
}

/**
 * spec → plan → mazes → layout → PDF, written atomically: the PDF appears under its name only once complete,
 * so a failed build leaves any previous output untouched.
 */
export async function buildBook(specPath: string, options: BuildOptions = {}): Promise<BuildResult> {
  const { plan, puzzles, doc, warnings, reports } = await layoutBook(specPath, options);
  const output = resolve(options.output ?? join('output', `${basename(specPath, extname(specPath))}.pdf`));
  const lock = lockFor(plan.title, plan.seed, puzzles);
  const lockFile = lockPath(output);
  if (options.frozen) {
    if (!lockExists(lockFile)) {
      throw new UserError(
        shownPath(lockFile),
        '--frozen: there is no lockfile to compare with',
        'build once without --frozen to write it',
      );
    }
    checkFrozen(readLock(lockFile, shownPath(lockFile)), lock, shownPath(lockFile));
  }
  for (const other of options.avoid ?? []) {
    const theirs = readLock(resolve(other), other);
    // The canonical hash also catches a mirrored or rotated copy.
    const hashes = new Map(theirs.puzzles.map((e) => [e.canonical ?? e.hash, e]));
    for (const e of lock.puzzles) {
      const twin = hashes.get(e.canonical);
      if (twin) {
        const msg = `${plan.puzzles[e.number - 1].where}: puzzle ${e.number} is identical to puzzle ${twin.number} (${twin.key}) of ${other}`;
        if (options.strict) throw new UserError(other, `--strict: ${msg}`);
        warnings.push(msg);
      }
    }
  }
  options.onProgress?.({ stage: 'render', done: 0, total: 1 });
  const pdf = await renderPdf(doc);
  options.onProgress?.({ stage: 'write', done: 0, total: 1 });
  await writeOutput(output, pdf);
  await writeOutput(lockFile, Buffer.from(`${JSON.stringify(lock, null, 2)}\n`));
  if (options.svgDir) {
    const dir = resolve(options.svgDir);
    ensureDir(dir);
    doc.pages.forEach((_, i) => {
      writeFileSync(join(dir, `page-${String(i + 1).padStart(3, '0')}.svg`), renderSvgPage(doc, i));
    });
  }
  return { output, pages: doc.pages.length, bytes: pdf.length, puzzles, warnings, reports };
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

/** Writes a file atomically (a failed write leaves any previous file alone), creating its folder. */
export async function writeOutput(path: string, data: Buffer): Promise<void> {
  ensureDir(dirname(path));
  try {
    await writeFileAtomic(path, data);
  } catch (e) {
    throw new UserError(
      shownPath(path),
      `cannot write the file: ${(e as NodeJS.ErrnoException).code ?? e}`,
      'check the path and its permissions',
    );
  }
}
