/**
 * `npx tsx bench/difficulty-targets.ts`: do difficulty targets land in their band, and how much does choosing
 * the mazes cost? Figures are printed, never asserted.
 *
 * Books: 40 pages with `cells: auto` (or `rings: auto`), 10 each easy, medium, hard and expert, for the
 * default algorithm, for kruskal and for mixed shapes; a 12-page series from easy to expert; and a 100-page
 * book (25 per label). Each is planned with planSpec from a temporary spec and its puzzles chosen as a build
 * chooses them (generatePuzzles: choosePuzzle page by page, one thread, in book order). Per book: the share
 * of pages in band (exactly, and within the 0.1 the builder forgives), candidates tried, the sizes chosen
 * against the largest the page prints, and the time taken.
 *
 * Screening (`--screening`): the cost per maze of the quick rating candidates get, split into the simulated
 * walks and the structural measures the effort model adds (solve + measureEffort), on the mazes the books
 * chose.
 *
 * The book part uses only planSpec, generatePuzzles and bandDistance, so the same file run from an older
 * checkout measures the same books as they were built before (`--books hundred` picks one book).
 *
 * Options: --books a,b   which books (default, kruskal, mixed, series, hundred; default all)
 *          --screening   also time the screening rating per maze
 *          --rounds N    timing rounds of the screening (default 3; the median counts)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generatePuzzles, planSpec } from '../src/book/build-book.js';
import { bandDistance, type ChosenPuzzle } from '../src/book/select.js';

const LABELS = ['easy', 'medium', 'hard', 'expert'] as const;
const SHAPES = ['square', 'hex', 'triangle', 'octagon', 'circle'] as const;
/** The distance from a band the builder still counts as meeting it (select.ts NEAR_MISS). */
const NEAR_MISS = 0.1;

interface Book {
  name: string;
  /** The spec's pages, as YAML flow mappings. */
  pages: string[];
  defaults?: string;
}

function labelPages(perLabel: number, maze: (i: number) => string): string[] {
  const pages: string[] = [];
  for (const label of LABELS) {
    for (let i = 0; i < perLabel; i++)
      pages.push(`{ id: ${label}-${i}, maze: { ${maze(i)}, difficulty: ${label} } }`);
  }
  return pages;
}

const BOOKS: Book[] = [
  { name: 'default', pages: labelPages(10, () => 'cells: auto') },
  { name: 'kruskal', pages: labelPages(10, () => 'cells: auto, algorithm: kruskal') },
  {
    name: 'mixed',
    pages: labelPages(10, (i) => {
      const shape = SHAPES[i % SHAPES.length];
      return `shape: ${shape}, ${shape === 'circle' ? 'rings' : 'cells'}: auto`;
    }),
  },
  { name: 'series', pages: ['{ id: climb, series: { count: 12, from: easy, to: expert, cells: auto } }'] },
  { name: 'hundred', pages: labelPages(25, () => 'cells: auto') },
];

function specText(book: Book): string {
  return [
    `title: Targets ${book.name}`,
    'seed: 2026',
    'date: 2026-01-01',
    'paper: letter',
    ...(book.defaults ? [`defaults: ${book.defaults}`] : []),
    'pages:',
    ...book.pages.map((p) => `  - ${p}`),
    '',
  ].join('\n');
}

interface BookResult {
  name: string;
  puzzles: ChosenPuzzle[];
  ms: number;
}

async function chooseBook(book: Book, dir: string): Promise<BookResult> {
  const file = join(dir, `${book.name}.yaml`);
  writeFileSync(file, specText(book));
  const plan = await planSpec(file);
  const t = performance.now();
  const puzzles = generatePuzzles(plan, undefined, () => {}, true);
  return { name: book.name, puzzles, ms: performance.now() - t };
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

function report(r: BookResult): void {
  const targeted = r.puzzles.filter((p) => p.plan.difficulty);
  const distance = (p: ChosenPuzzle): number =>
    p.plan.difficulty && p.rating ? bandDistance(p.rating.score, p.plan.difficulty) : 0;
  const inBand = targeted.filter((p) => distance(p) === 0).length;
  const near = targeted.filter((p) => distance(p) <= NEAR_MISS).length;
  console.log(
    `## ${r.name}: ${targeted.length} pages, in band ${pct(inBand / targeted.length)} (within ${NEAR_MISS}: ${pct(near / targeted.length)}), ` +
      `${(r.ms / 1000).toFixed(1)} s, ${r.puzzles.reduce((s, p) => s + p.tried, 0)} candidates\n`,
  );
  const names = [...new Set(targeted.map((p) => p.plan.difficulty?.name ?? ''))];
  for (const name of names) {
    const ps = targeted.filter((p) => p.plan.difficulty?.name === name);
    const scores = ps.map((p) => p.rating?.score ?? 0);
    const cells = ps.map((p) => p.maze.grid.cellCount);
    const atMax = ps.filter((p) => {
      const max = p.plan.autoSize?.max;
      return max && p.recipe.size.columns >= max.columns && p.recipe.size.rows >= max.rows;
    }).length;
    const misses = ps
      .filter((p) => distance(p) > NEAR_MISS)
      .map((p) => `${p.plan.key} ${p.rating?.score.toFixed(2)}`);
    console.log(
      `  ${name.padEnd(8)} in band ${pct(ps.filter((p) => distance(p) === 0).length / ps.length).padStart(4)}  ` +
        `scores ${Math.min(...scores).toFixed(2)}–${Math.max(...scores).toFixed(2)}  ` +
        `candidates ${(ps.reduce((s, p) => s + p.tried, 0) / ps.length).toFixed(1)}  ` +
        `cells median ${median(cells)} max ${Math.max(...cells)}  at the page's largest size ${atMax}` +
        (misses.length > 0 ? `  missed: ${misses.join(', ')}` : ''),
    );
  }
  const series = r.puzzles.filter((p) => p.plan.series);
  if (series.length > 1) {
    const scores = series.map((p) => p.rating?.score ?? 0);
    const rising = scores.every((s, i) => i === 0 || s > scores[i - 1]);
    console.log(
      `  series: ${scores.map((s) => s.toFixed(1)).join(' → ')} (${rising ? 'rises strictly' : 'does NOT rise'})`,
    );
  }
  console.log('');
}

/** Times the screening rating of each chosen maze: walks alone, and the structural measures added to them. */
async function screening(results: BookResult[], rounds: number): Promise<void> {
  const { rateMaze } = await import('../src/analyze/rate.js');
  const { solve } = await import('../src/analyze/solve.js');
  const { measureEffort } = await import('../src/analyze/effort.js');
  const { deriveSeed } = await import('../src/random/derive-seed.js');
  const mazes = results.flatMap((r) => r.puzzles.map((p) => p.maze));
  /** The median of `rounds` wall-clock timings of `fn`, in ms. */
  const median = (fn: () => void): number => {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      fn();
      times.push(performance.now() - t);
    }
    return times.sort((x, y) => x - y)[rounds >> 1];
  };
  let rating = 0;
  let structure = 0;
  for (const [i, maze] of mazes.entries()) {
    // A copy of the maze each time: a maze rated again would take its walks on from the last rating.
    const screen = { precision: 0.1, scorePrecision: 0.05 };
    rating += median(() => void rateMaze({ ...maze }, deriveSeed(1, 'screen', i), screen));
    structure += median(() => void measureEffort(maze, solve(maze)));
  }
  console.log(`## Screening cost per maze (${mazes.length} mazes, median of ${rounds} rounds each)\n`);
  console.log(
    `  screening rating ${(rating / mazes.length).toFixed(2)} ms, of which the structural measures ` +
      `${(structure / mazes.length).toFixed(3)} ms (${pct(structure / rating)}); walks alone ` +
      `${((rating - structure) / mazes.length).toFixed(2)} ms\n`,
  );
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const only = option('--books')?.split(',');
  const books = BOOKS.filter((b) => !only || only.includes(b.name));
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-targets-'));
  const results: BookResult[] = [];
  try {
    for (const book of books) {
      const r = await chooseBook(book, dir);
      report(r);
      results.push(r);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.argv.includes('--screening')) await screening(results, Number(option('--rounds') ?? 3));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
