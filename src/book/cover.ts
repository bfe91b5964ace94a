import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import {
  type ComposedCover,
  type CoverPuzzle,
  composeCover,
  composeEbookCover,
  coverGuides,
} from '../layout/cover.js';
import type { BookPlan, PlanOptions } from '../plan/book-plan.js';
import { inches, spineWidth } from '../plan/cover-geometry.js';
import { interiorPageCount } from '../plan/cover-pages.js';
import { type CoverPlan, planCover } from '../plan/plan-cover.js';
import { Problems } from '../plan/problems.js';
import { preloadImages } from '../plan/resolve-mask.js';
import { UserError } from '../spec/errors.js';
import type { FileAccess } from '../spec/files.js';
import type { FieldPath, LoadedYaml } from '../spec/parse.js';
import type { BookSpec } from '../spec/schema.js';
import { mm } from '../spec/units.js';
import { checkCover } from './cover-checks.js';
import { type LockCover, type LockFile, lockFor, lockPath, parseLock } from './lockfile.js';
import { makeBookPrefix, ratesPuzzles } from './make-unit.js';
import { checkOutputs, type OutputFile, shownPath, writeOutputs } from './outputs.js';
import { type ChosenPuzzle, choosePuzzle, clearPassageIn } from './select.js';

/**
 * The cover of a book, from its plan to PDF bytes: planned before any maze is generated (so a title that
 * does not fit stops the build early), then its art maze generated, composed with the puzzles it shows,
 * checked against its own geometry and rendered. `build` and `mazebook cover` both go through here.
 */

/** A planned spec as the cover needs it. */
export interface SpecForCover {
  spec: LoadedYaml<BookSpec>;
  plan: BookPlan;
  files: FileAccess;
}

/**
 * Plans the spec's `cover` for an interior of `pages` pages (default: the page count the plan makes), after
 * decoding any picture its maze names. Problems are reported together, as planning does.
 */
export async function prepareCover(
  s: SpecForCover,
  pages = interiorPageCount(s.plan),
  minPassage?: number,
): Promise<CoverPlan> {
  const { spec, plan, files } = s;
  const maze = spec.value.cover?.maze;
  const problems = new Problems();
  // The cover's maze is the only maze here: decode its picture as the book's are, errors at `cover.maze`.
  const at = (p: FieldPath) => spec.placeOf(p[0] === 'pages' ? ['cover', 'maze', ...p.slice(3)] : ['cover']);
  const images = maze
    ? await preloadImages({ title: '', pages: [{ maze }] }, plan.specDir, files, at, (e) => problems.add(e))
    : new Map();
  problems.throwIfAny();
  return planCover({
    spec,
    book: plan,
    pages,
    files,
    images,
    ...(minPassage !== undefined ? { minPassage } : {}),
  });
}

/**
 * The cover maze, generated like a puzzle (its own derived seed, candidates when it has a difficulty), its
 * clear passage measured as the cover draws it. A tone maze's walls have their own widths, so only here is its
 * narrowest passage known: below the floor it is warned about (other mazes were checked at planning). A
 * maze of `exclude` (canonical hashes: other volumes') is re-rolled, as a puzzle's is.
 */
export function makeCoverArt(
  cover: CoverPlan,
  book: BookPlan,
  warn: (w: string) => void,
  exclude: ReadonlySet<string> = new Set(),
): ChosenPuzzle {
  const art = choosePuzzle(book, cover.art, false, (w) => warn(`${cover.where}: cover maze: ${w}`), exclude);
  art.clear = clearPassageIn(art.maze, cover.front.artArea, cover.theme.walls.width);
  if (art.maze.grid.wallWidth && art.clear < cover.minPassage - 1e-6) {
    warn(
      `${cover.where}: cover maze: its narrowest passage is ${mm(art.clear)} clear; a pencil needs at least ${mm(cover.minPassage)} (give the cover maze more room, or raise its picture's contrast)`,
    );
  }
  return art;
}

/**
 * The puzzles the cover's back shows, by number: taken from `have` (a build's puzzles), else generated here
 * as the build makes them (every unit up to the last one shown: a unit's re-rolled repeats depend on the
 * ones before it).
 */
export function coverPuzzles(
  cover: CoverPlan,
  book: BookPlan,
  have: readonly ChosenPuzzle[] | undefined,
  warn: (w: string) => void,
): Map<number, ChosenPuzzle> {
  const shown = cover.back.thumbnails.flatMap((t) => (t.puzzle === undefined ? [] : [t.puzzle]));
  const last = Math.max(0, ...shown);
  const made = have ?? (last > 0 ? makeBookPrefix(book, last - 1, ratesPuzzles(book, false), warn) : []);
  return new Map(shown.map((n) => [n, made[n - 1]]));
}

export interface MadeCover {
  plan: CoverPlan;
  composed: ComposedCover;
  art: ChosenPuzzle;
  pdf: Buffer;
  /** The 1600×2560 ebook front, when asked for. */
  ebook?: Buffer;
  /** What the lockfile records of the cover. */
  lock: LockCover;
}

/**
 * Generates, composes, checks and renders a planned cover. `pages` is the interior's final page count: the
 * cover's spine must be the formula's for exactly that count. The cover maze repeats no maze of `exclude`.
 */
export async function makeCover(
  cover: CoverPlan,
  book: BookPlan,
  pages: number,
  have: readonly ChosenPuzzle[] | undefined,
  warn: (w: string) => void,
  exclude?: ReadonlySet<string>,
): Promise<MadeCover> {
  const art = makeCoverArt(cover, book, warn, exclude);
  const puzzles = coverPuzzles(cover, book, have, warn);
  const composed = composeCover(cover, book, art as CoverPuzzle, puzzles);
  checkCover(cover, composed, book, pages);
  const { renderPdf } = await import('../render/pdf.js');
  const pdf = await renderPdf(composed.doc);
  let ebook: Buffer | undefined;
  if (cover.ebook) {
    const { ebookPng } = await import('./cover-images.js');
    ebook = await ebookPng(composeEbookCover(cover, book, art));
  }
  return {
    plan: cover,
    composed,
    art,
    pdf,
    ...(ebook ? { ebook } : {}),
    lock: coverLock(cover, book, art, pdf),
  };
}

function coverLock(cover: CoverPlan, book: BookPlan, art: ChosenPuzzle, pdf: Buffer): LockCover {
  const g = cover.geometry;
  const entry = lockFor(book.title, book.seed, [art]).puzzles[0];
  return {
    pages: g.pages,
    spine: inches(spineWidth(book.print.profile, cover.stock, g.pages)),
    stock: cover.stock,
    ...(book.print.profile ? { profile: book.print.profile } : {}),
    art: { ...entry, number: 0 },
    pdf: { sha256: createHash('sha256').update(pdf).digest('hex') },
  };
}

/**
 * The clear passage the book's audience needs, points, when the plan sets one (the print floors of the plan:
 * `print.minPassage`); undefined leaves the cover's default of 3mm.
 */
export function planMinPassage(plan: BookPlan): number | undefined {
  return plan.floor.clear;
}

/** `book.pdf` → `book-cover.pdf`, and the ebook picture `book-cover-ebook.png`. */
export function coverPaths(pdfPath: string): { pdf: string; ebook: string } {
  const stem = pdfPath.replace(/\.pdf$/i, '');
  return { pdf: `${stem}-cover.pdf`, ebook: `${stem}-cover-ebook.png` };
}

export interface CoverOptions extends PlanOptions {
  /**
   * Where the cover goes: a .pdf, or a .png preview (screen resolution, with the guide lines). Default: where
   * `build` writes it, next to the interior (`output/<spec name>-cover.pdf`).
   */
  output?: string;
  /** Also write the preview picture next to the PDF (`cover.png` beside `cover.pdf`). */
  png?: boolean;
  /** The interior PDF whose lockfile gives the page count it was built with (default output/<spec>.pdf). */
  interior?: string;
  warn?: (w: string) => void;
}

export interface CoverResult {
  outputs: string[];
  pages: number;
  spine: string;
  /** Notes for the author: the page count's source, no spine text and why. */
  notes: string[];
}

/**
 * `mazebook cover`: plans the spec (no interior maze is generated), takes the page count the plan gives —
 * the count the interior's lockfile recorded when the interior is up to date, a note otherwise — and writes
 * only the cover (and its preview or ebook picture).
 */
export async function buildCover(specPath: string, options: CoverOptions): Promise<CoverResult> {
  const { planSpecFiles } = await import('./build-book.js');
  const interior = options.interior ?? join('output', `${basename(specPath, extname(specPath))}.pdf`);
  const out = resolve(options.output ?? coverPaths(interior).pdf);
  const ext = extname(out).toLowerCase();
  if (ext !== '.pdf' && ext !== '.png') {
    throw new UserError(
      shownPath(out),
      'the cover is a .pdf (or a .png preview): the output name must end in one',
    );
  }
  const planned = await planSpecFiles(specPath, options);
  const { plan, files, spec } = planned;
  if (!spec.value.cover) {
    throw new UserError(
      plan.specFile,
      'the spec has no cover section',
      'add cover: (see docs/spec.md, "Cover")',
    );
  }
  const counted = await countInteriorPages(specPath, options, plan, files, interior);
  const pages = counted.pages;
  const notes = [counted.note];
  const paths = {
    pdf: ext === '.pdf' ? out : undefined,
    preview: ext === '.png' ? out : options.png ? out.replace(/\.pdf$/i, '.png') : undefined,
    ebook: `${out.replace(/\.(pdf|png)$/i, '')}-ebook.png`,
  };
  const wantsEbook = spec.value.cover.ebook === true;
  const targets = [
    ...(paths.pdf ? [{ path: paths.pdf, what: 'cover PDF', option: '-o' }] : []),
    ...(paths.preview ? [{ path: paths.preview, what: 'cover preview', option: '-o' }] : []),
    ...(wantsEbook ? [{ path: paths.ebook, what: 'ebook cover', option: '-o' }] : []),
  ];
  checkOutputs(targets, plan.inputs);
  const cover = await prepareCover(planned, pages, planMinPassage(plan));
  const made = await makeCover(cover, plan, pages, undefined, options.warn ?? (() => {}));
  const outputs: OutputFile[] = [];
  if (paths.pdf) outputs.push({ path: paths.pdf, what: 'cover PDF', data: made.pdf, option: '-o' });
  if (paths.preview) {
    const { pagePng, PREVIEW_DPI } = await import('./cover-images.js');
    const page = made.composed.doc.pages[0];
    const doc = { ...made.composed.doc, pages: [{ ...page, items: [...page.items, ...coverGuides(cover)] }] };
    outputs.push({
      path: paths.preview,
      what: 'cover preview',
      data: await pagePng(doc, PREVIEW_DPI),
      option: '-o',
    });
  }
  if (made.ebook) outputs.push({ path: paths.ebook, what: 'ebook cover', data: made.ebook, option: '-o' });
  await writeOutputs(outputs, plan.inputs);
  return {
    outputs: outputs.map((o) => o.path),
    pages,
    spine: made.lock.spine,
    notes: [...notes, ...cover.notes],
  };
}

/**
 * The interior's page count: the one its lockfile recorded when that interior was built from this plan (the
 * same seed and puzzles), else counted by laying the interior out (answer slots grow for large mazes, so only
 * the finished layout knows), with a note saying which.
 */
async function countInteriorPages(
  specPath: string,
  options: CoverOptions,
  plan: BookPlan,
  files: FileAccess,
  interior: string,
): Promise<{ pages: number; note: string }> {
  const lockFile = lockPath(resolve(interior));
  let lock: LockFile | undefined;
  /** Why the lockfile there cannot be read, when there is one (a newer version, damaged, not a lockfile). */
  let unreadable: string | undefined;
  try {
    lock = parseLock(files.read(files.given(lockFile, shownPath(lockFile), 'lockfile')), shownPath(lockFile));
  } catch (e) {
    lock = undefined;
    if (e instanceof UserError && existsSync(lockFile)) unreadable = `${shownPath(lockFile)} ${e.what}`;
  }
  const same =
    lock !== undefined &&
    lock.book.seed === plan.seed &&
    lock.puzzles.length === plan.puzzles.length &&
    lock.puzzles.every((e, i) => e.key === plan.puzzles[i].key);
  if (same && lock?.pages !== undefined) {
    return {
      pages: lock.pages,
      note: `${lock.pages} interior pages, as ${shownPath(resolve(interior))} was built`,
    };
  }
  const { layoutBook } = await import('./build-book.js');
  const pages = (await layoutBook(specPath, { seed: options.seed, allowAnyPath: options.allowAnyPath })).doc
    .pages.length;
  const why =
    lock !== undefined
      ? `${shownPath(resolve(interior))} was built from other puzzles`
      : (unreadable ?? `no interior lockfile at ${shownPath(lockFile)}`);
  return {
    pages,
    note: `${pages} interior pages, counted by laying the interior out (${why}): build the interior before printing`,
  };
}
