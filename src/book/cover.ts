import { createHash } from 'node:crypto';
import type { FileAccess } from '../base/files.js';
import type { FieldPath, LoadedYaml } from '../base/parse-yaml.js';
import { type ComposedCover, type CoverPuzzle, composeCover, composeEbookCover } from '../layout/cover.js';
import type { BookPlan } from '../plan/book-plan.js';
import { inches, spineWidth } from '../plan/cover-geometry.js';
import { interiorPageCount } from '../plan/cover-pages.js';
import { type CoverPlan, planCover } from '../plan/plan-cover.js';
import { Problems } from '../plan/problems.js';
import { preloadImages } from '../plan/resolve-mask.js';
import type { BookSpec } from '../spec/schema.js';
import { mm } from '../spec/units.js';
import { checkCover } from './cover-checks.js';
import { type LockCover, lockFor } from './lockfile.js';
import { makeBookPrefix, ratesPuzzles } from './make-unit.js';
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
 * narrowest passage known: below the floor it is warned about (other mazes were checked at planning).
 */
export function makeCoverArt(cover: CoverPlan, book: BookPlan, warn: (w: string) => void): ChosenPuzzle {
  const art = choosePuzzle(book, cover.art, false, (w) => warn(`${cover.where}: cover maze: ${w}`));
  art.clear = clearPassageIn(art.maze, cover.front.artArea, cover.theme.walls.width);
  if (art.maze.grid.tone && art.clear < cover.minPassage - 1e-6) {
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
 * cover's spine must be the formula's for exactly that count.
 */
export async function makeCover(
  cover: CoverPlan,
  book: BookPlan,
  pages: number,
  have: readonly ChosenPuzzle[] | undefined,
  warn: (w: string) => void,
): Promise<MadeCover> {
  const art = makeCoverArt(cover, book, warn);
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
