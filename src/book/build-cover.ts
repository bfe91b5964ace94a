import { existsSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { UserError } from '../base/errors.js';
import type { FileAccess } from '../base/files.js';
import { coverGuides } from '../layout/cover.js';
import type { BookPlan, PlanOptions } from '../plan/book-plan.js';
import { coverPaths, makeCover, planMinPassage, prepareCover } from './cover.js';
import { type LockFile, lockPath, parseLock } from './lockfile.js';
import { checkOutputs, type OutputFile, shownPath, writeOutputs } from './outputs.js';

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
