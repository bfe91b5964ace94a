import { basename } from 'node:path';
import type { RenderedBook } from '../book/build-book.js';
import { parseRichText } from '../plan/cover-text.js';
import type { CatalogueBook } from './load-catalogue.js';

/**
 * The metadata JSON of a catalogue's book (`<id>.metadata.json` in its bundle): what a print-on-demand
 * upload form asks, from the book as built. Described field by field in docs/batch.md.
 */

/** A length in inches (three decimals) and millimetres (two). */
export interface Length {
  in: number;
  mm: number;
}

export interface BookMetadata {
  format: 'mazebook-book-metadata';
  version: 1;
  id: string;
  catalogue: string;
  title: string;
  subtitle?: string;
  author?: string;
  series?: string;
  volume?: number;
  /** The back-cover text as plain text (bold and italic marks removed), paragraphs split by a blank line. */
  description?: string;
  keywords?: string[];
  /** The book's language (its `locale`), as a two-letter code. */
  language: string;
  audience: string;
  /** The print profile, or null when the spec names none. */
  profile: string | null;
  /** Interior pages, after padding to an even count where the profile asks for it. */
  pages: number;
  puzzles: number;
  /** The trimmed page. */
  trim: { width: Length; height: Length };
  /** The interior's bleed beyond the trim, and on which edges (`none` when there is none). */
  bleed: Length;
  bleedEdges: 'outer' | 'all' | 'none';
  ink: string;
  paperStock: string;
  /** The spine's width for this page count and paper stock. */
  spine: Length;
  /** The whole cover sheet: back, spine and front with the cover's bleed on every outer edge. */
  coverSheet: { width: Length; height: Length; bleed: Length };
  seed: number;
  /** The bundle's files, by name (in the same folder). */
  files: { interior: string; cover: string; lockfile: string; ebookCover?: string };
}

/** Points as a length in inches and millimetres. */
export function lengthOf(points: number): Length {
  return {
    in: Math.round((points / 72) * 1000) / 1000,
    mm: Math.round(((points * 25.4) / 72) * 100) / 100,
  };
}

/** A blurb's text without its bold and italic marks, paragraphs split by a blank line. */
export function plainBlurb(blurb: string): string {
  return parseRichText(blurb)
    .map((words) => words.map((w, i) => (i > 0 && !w.glued ? ' ' : '') + w.text).join(''))
    .join('\n\n');
}

/**
 * The metadata of a book as rendered, for the catalogue `name`. `language` and `blurb` are the spec's (with
 * the catalogue's values applied).
 */
export function bookMetadata(
  name: string,
  book: CatalogueBook,
  rendered: RenderedBook,
  spec: { locale?: string; blurb?: string },
): BookMetadata {
  const { plan, cover, paths } = rendered;
  if (!cover) throw new Error('internal: a catalogue’s book without its cover');
  const g = cover.plan.geometry;
  return {
    format: 'mazebook-book-metadata',
    version: 1,
    id: book.id,
    catalogue: name,
    title: plan.title,
    ...(plan.subtitle ? { subtitle: plan.subtitle } : {}),
    ...(plan.author ? { author: plan.author } : {}),
    ...(book.series !== undefined ? { series: book.series } : {}),
    ...(book.volume !== undefined ? { volume: book.volume } : {}),
    ...(spec.blurb ? { description: plainBlurb(spec.blurb) } : {}),
    ...(book.keywords ? { keywords: book.keywords } : {}),
    language: spec.locale ?? 'en',
    audience: plan.floor.audience,
    profile: plan.print.profile ?? null,
    pages: rendered.doc.pages.length,
    puzzles: rendered.puzzles.length,
    trim: { width: lengthOf(plan.paper.width), height: lengthOf(plan.paper.height) },
    bleed: lengthOf(plan.print.bleed),
    bleedEdges: plan.print.bleed > 0 ? plan.print.bleedStyle : 'none',
    ink: plan.ink,
    paperStock: cover.plan.stock,
    spine: lengthOf(g.spineWidth),
    coverSheet: { width: lengthOf(g.width), height: lengthOf(g.height), bleed: lengthOf(g.bleed) },
    seed: plan.seed,
    files: {
      interior: basename(paths.pdf),
      cover: basename(paths.cover),
      lockfile: basename(paths.lock),
      ...(cover.ebook ? { ebookCover: basename(paths.ebook) } : {}),
    },
  };
}
