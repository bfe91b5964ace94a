import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { type Metrics, measure } from '../analyze/metrics.js';
import { solve } from '../analyze/solve.js';
import { generateMaze } from '../generate/generate-maze.js';
import { composeBook, type PuzzleForLayout } from '../layout/compose-book.js';
import type { DisplayDocument } from '../layout/display-list.js';
import { defaultPathPolicy } from '../plan/paths.js';
import { type BookPlan, type PlanOptions, planBook } from '../plan/plan-book.js';
import { preloadImageMasks } from '../plan/resolve-mask.js';
import { renderPdf } from '../render/pdf.js';
import { renderSvgPage } from '../render/svg.js';
import { UserError } from '../spec/errors.js';
import { type LoadedYaml, loadYamlFile } from '../spec/parse.js';
import { type BookSpec, bookSchema } from '../spec/schema.js';

export type BuildStage = 'spec' | 'plan' | 'maze' | 'layout' | 'render' | 'write';

/** Reported as a build advances; `done` of `total` within the stage. */
export interface Progress {
  stage: BuildStage;
  done: number;
  total: number;
}

export interface BuildOptions extends PlanOptions {
  /** Where the PDF goes; default `output/<spec name>.pdf` under the working directory. */
  output?: string;
  /** Also write one SVG per page into this folder. */
  svgDir?: string;
  onProgress?: (p: Progress) => void;
}

export interface GeneratedPuzzle extends PuzzleForLayout {
  metrics: Metrics;
}

export interface BuildResult {
  output: string;
  pages: number;
  bytes: number;
  puzzles: GeneratedPuzzle[];
  /** Things the author should know that did not stop the build, each `where: what`. */
  warnings: string[];
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

/** maze → analyze for every puzzle of the plan, in book order; warnings go to `warn` as `where: what`. */
export function generatePuzzles(
  plan: BookPlan,
  onProgress?: (p: Progress) => void,
  warn: (message: string) => void = () => {},
): GeneratedPuzzle[] {
  const total = plan.puzzles.length;
  return plan.puzzles.map((p, i) => {
    const maze = generateMaze(p.recipe, p.seed, p.where, (what) => warn(`${p.where}: ${what}`));
    const solution = solve(maze);
    onProgress?.({ stage: 'maze', done: i + 1, total });
    return { plan: p, maze, solution, metrics: measure(maze, solution) };
  });
}

export interface LaidOutBook {
  plan: BookPlan;
  puzzles: GeneratedPuzzle[];
  doc: DisplayDocument;
  warnings: string[];
}

/** spec → plan: reads the spec, decodes any image masks it names, and plans the book. */
export async function planSpec(specPath: string, options: PlanOptions = {}): Promise<BookPlan> {
  const spec = loadSpec(specPath);
  const specDir = dirname(spec.file);
  const policy = defaultPathPolicy(specDir, options.allowAnyPath);
  const images = await preloadImageMasks(spec.value, specDir, policy, spec.placeOf);
  return planBook(spec, { ...options, images });
}

/** Everything up to the display list, with no file written. */
export async function layoutBook(specPath: string, options: BuildOptions = {}): Promise<LaidOutBook> {
  const progress = options.onProgress;
  progress?.({ stage: 'spec', done: 0, total: 1 });
  const plan = await planSpec(specPath, options);
  const warnings: string[] = [];
  const puzzles = generatePuzzles(plan, progress, (w) => warnings.push(w));
  progress?.({ stage: 'layout', done: 0, total: 1 });
  return { plan, puzzles, doc: composeBook(plan, puzzles), warnings };
}

/**
 * spec → plan → mazes → layout → PDF, written atomically: the PDF appears under its name only once complete,
 * so a failed build leaves any previous output untouched.
 */
export async function buildBook(specPath: string, options: BuildOptions = {}): Promise<BuildResult> {
  const { puzzles, doc, warnings } = await layoutBook(specPath, options);
  options.onProgress?.({ stage: 'render', done: 0, total: 1 });
  const pdf = await renderPdf(doc);
  const output = resolve(options.output ?? join('output', `${basename(specPath, extname(specPath))}.pdf`));
  options.onProgress?.({ stage: 'write', done: 0, total: 1 });
  await writeOutput(output, pdf);
  if (options.svgDir) {
    const dir = resolve(options.svgDir);
    ensureDir(dir);
    doc.pages.forEach((_, i) => {
      writeFileSync(join(dir, `page-${String(i + 1).padStart(3, '0')}.svg`), renderSvgPage(doc, i));
    });
  }
  return { output, pages: doc.pages.length, bytes: pdf.length, puzzles, warnings };
}

function ensureDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new UserError(
      shownPath(dir),
      `cannot create the output folder: ${(e as NodeJS.ErrnoException).code ?? e}`,
    );
  }
}

async function writeOutput(path: string, data: Buffer): Promise<void> {
  ensureDir(dirname(path));
  try {
    await writeFileAtomic(path, data);
  } catch (e) {
    throw new UserError(
      shownPath(path),
      `cannot write the PDF: ${(e as NodeJS.ErrnoException).code ?? e}`,
      'check the path and its permissions',
    );
  }
}
