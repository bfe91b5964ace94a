import { basename } from 'node:path';
import type { BookReport, CatalogueResult } from './build-catalogue.js';

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
