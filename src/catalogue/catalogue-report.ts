import { basename } from 'node:path';
import type { Shard } from './shard.js';

export type BookStatus = 'built' | 'up to date' | 'failed' | 'not built' | 'other shard';

/** One book's line of the report. */
export interface BookReport {
  id: string;
  spec: string;
  status: BookStatus;
  /** Why it was built (`new`, `its spec or values changed`…), or why not. */
  reason?: string;
  pages?: number;
  puzzles?: number;
  /** Spine width, inches with three decimals (`0.108in`). */
  spine?: string;
  /** Time spent on the book in this process, s. */
  seconds: number;
  warnings: string[];
  /** Notes on the book (series' difficulty curves, cover notes). */
  notes: string[];
  /** The error that stopped it, as the command prints it. */
  error?: string;
  /** 0, 2 for a mistake in its input, 1 for an internal error. */
  exitCode: 0 | 1 | 2;
}

export interface CatalogueResult {
  name: string;
  file: string;
  shard?: Shard;
  /** The books this process is for ([from, to) of the catalogue), and every book's report. */
  from: number;
  to: number;
  books: BookReport[];
  /**
   * How the mazes of the books before this shard's run were had: how many read from their lockfiles, how
   * many made here, and the time that took, s.
   */
  earlier: Earlier;
  /** Where the report was written. */
  report: string;
  seconds: number;
  /** The worst book's exit code: 1 when any hit an internal error, else 2 when any failed, else 0. */
  exitCode: 0 | 1 | 2;
}

export interface Earlier {
  read: number;
  made: number;
  seconds: number;
}

/**
 * The report of a catalogue's build: as JSON (`report.json`, or `report-shard-I-of-N.json` for a shard;
 * fields in docs/batch.md, "The report") and as the table `mazebook batch` prints. Times are measured, so
 * the report is the one output that differs from run to run.
 */
export function reportJson(r: CatalogueResult): Record<string, unknown> {
  return {
    format: 'mazebook-batch-report',
    version: 1,
    catalogue: r.name,
    file: basename(r.file),
    shard: r.shard ? { index: r.shard.index, count: r.shard.count, from: r.shard.from } : null,
    books: r.books,
    earlier: r.earlier,
    seconds: Math.round(r.seconds * 100) / 100,
    exitCode: r.exitCode,
  };
}

/** Columns of the printed table: book, status, pages, puzzles, spine, time, warnings. */
function row(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
    .join('  ')
    .trimEnd();
}

/** Books [from, to) as people count them: `books 3–5`, `book 3`, `no books`. */
function bookRange(from: number, to: number): string {
  if (to <= from) return 'no books';
  return to === from + 1 ? `book ${to}` : `books ${from + 1}–${to}`;
}

/** The table of this process's books, then a line of totals and where the report is. */
export function reportTable(r: CatalogueResult, shownReport: string): string[] {
  const mine = r.books.slice(r.from, r.to);
  const head = ['book', 'status', 'pages', 'puzzles', 'spine', 'time', 'warnings'];
  const cells = mine.map((b: BookReport) => [
    b.id,
    b.status,
    b.pages?.toString() ?? '–',
    b.puzzles?.toString() ?? '–',
    b.spine ?? '–',
    b.status === 'built' || b.status === 'failed' ? `${b.seconds.toFixed(1)} s` : '–',
    b.warnings.length.toString(),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const lines = [row(head, widths), ...cells.map((c) => row(c, widths))];
  const count = (s: BookReport['status']) => mine.filter((b) => b.status === s).length;
  const parts = (['built', 'up to date', 'failed', 'not built'] as const)
    .filter((s) => count(s) > 0)
    .map((s) => `${count(s)} ${s}`);
  const which = r.shard
    ? `shard ${r.shard.index} of ${r.shard.count} (index from ${r.shard.from}): ${bookRange(r.from, r.to)} of ${r.books.length}`
    : `${r.books.length} book${r.books.length === 1 ? '' : 's'}`;
  lines.push(`${which}: ${parts.join(', ') || 'none'} · ${r.seconds.toFixed(1)} s · report ${shownReport}`);
  if (r.from > 0) {
    lines.push(
      `the mazes of the ${r.from} book${r.from === 1 ? '' : 's'} before them: ${r.earlier.read} read from their lockfiles, ${r.earlier.made} made here (${r.earlier.seconds.toFixed(1)} s)`,
    );
  }
  return lines;
}
