/**
 * `npm run bench`: prints throughput figures and compares them with the previous run on this machine
 * (bench/.last.json, not committed). Figures are printed, never asserted.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { solve } from '../src/analyze/solve.js';
import { backtracker } from '../src/generate/backtracker.js';
import { placeEnds } from '../src/generate/entry-exit.js';
import type { Maze } from '../src/generate/maze.js';
import { buildSquareGrid } from '../src/grid/square.js';
import type { DisplayDocument, Page } from '../src/layout/display-list.js';
import { drawMaze } from '../src/layout/draw-maze.js';
import { wallPaths } from '../src/layout/wall-paths.js';
import { deriveSeed } from '../src/random/derive-seed.js';
import { createRng } from '../src/random/sfc32.js';
import { renderPdf } from '../src/render/pdf.js';

const LAST = resolve('bench/.last.json');
const previous: Record<string, number> = existsSync(LAST) ? JSON.parse(readFileSync(LAST, 'utf8')) : {};
const results: Record<string, number> = {};

/**
 * Best of `rounds` timings of `fn`, in ms, after as many untimed warm-up calls (so the JIT has settled); the
 * minimum is the least noisy estimate on a shared machine.
 */
function best(rounds: number, fn: () => void): number {
  for (let i = 0; i < rounds; i++) fn();
  let min = Infinity;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

async function bestAsync(rounds: number, fn: () => Promise<void>): Promise<number> {
  let min = Infinity;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

/** Records a figure and prints it with its change since the last run; `higherIsBetter` sets the arrow. */
function report(key: string, value: number, unit: string, higherIsBetter: boolean, digits = 2): void {
  results[key] = value;
  const prev = previous[key];
  let delta = '';
  if (prev !== undefined && prev > 0) {
    const pct = ((value - prev) / prev) * 100;
    const better = higherIsBetter ? pct > 0 : pct < 0;
    delta =
      Math.abs(pct) < 3
        ? '  (≈ last run)'
        : `  (${pct > 0 ? '+' : ''}${pct.toFixed(1)}% vs last run, ${better ? 'better' : 'worse'})`;
  }
  process.stdout.write(`${key.padEnd(44)} ${value.toFixed(digits).padStart(10)} ${unit}${delta}\n`);
}

function squareMaze(size: number, seed: string): Maze {
  const grid = buildSquareGrid({ columns: size, rows: size });
  const open = backtracker(grid, createRng(deriveSeed(1, seed)), { straightness: 0 });
  return placeEnds(grid, open, { kind: 'auto' }, { kind: 'auto' }, seed);
}

process.stdout.write(`mazebook bench — node ${process.version}, ${process.arch}\n\n`);

// Generation: the backtracker alone on a prebuilt grid.
for (const size of [100, 1000]) {
  const grid = buildSquareGrid({ columns: size, rows: size });
  const rounds = size === 100 ? 300 : 4;
  let i = 0;
  const ms = best(rounds, () => {
    backtracker(grid, createRng(deriveSeed(1, 'bench', i++)), { straightness: 0 });
  });
  report(`backtracker ${size}×${size}`, (size * size) / ms / 1000, 'M cells/s', true);
  const msStraight = best(rounds, () => {
    backtracker(grid, createRng(deriveSeed(1, 'bench', i++)), { straightness: 0.5 });
  });
  report(
    `backtracker ${size}×${size} straightness 0.5`,
    (size * size) / msStraight / 1000,
    'M cells/s',
    true,
  );
  const build = best(size === 100 ? 100 : 3, () => {
    buildSquareGrid({ columns: size, rows: size });
  });
  report(`square grid build ${size}×${size}`, (size * size) / build / 1000, 'M cells/s', true);
}

// Analysis and wall merging on a million cells.
{
  const maze = squareMaze(1000, 'big');
  report(
    'solve (BFS) 1000×1000',
    best(3, () => void solve(maze)),
    'ms',
    false,
    1,
  );
  report(
    'wall merge 1000×1000',
    best(3, () => void wallPaths(maze, { ox: 0, oy: 0, scale: 1 })),
    'ms',
    false,
    1,
  );
}

// PDF: one 40×40 maze page (walls and markers, no text), measured over 50 pages.
{
  const fonts = {
    heading: resolve('fonts/lato/Lato-Bold.ttf'),
    body: resolve('fonts/lato/Lato-Regular.ttf'),
  };
  const mazes = Array.from({ length: 50 }, (_, i) => squareMaze(40, `page-${i}`));
  const style = {
    walls: { color: '#1b1b1b', width: 1.4, cap: 'square', join: 'miter' },
    markers: { color: '#00798c', size: 12 },
  } as const;
  const rect = { x: 50, y: 90, width: 495, height: 660 };
  const page = (m: Maze): Page => ({ width: 595.28, height: 841.89, items: drawMaze(m, rect, style) });
  const docOf = (pages: Page[]): DisplayDocument => ({
    info: { title: 'bench', subject: '', keywords: '', date: new Date(0) },
    fonts,
    pages,
  });
  const layoutMs = best(5, () => void mazes.map(page)) / mazes.length;
  report('layout 40×40 maze page', layoutMs, 'ms/page', false, 3);
  const pages = mazes.map(page);
  let bytesN = 0;
  const renderAll = async (): Promise<void> => {
    bytesN = (await renderPdf(docOf(pages))).length;
  };
  const renderMs = (await bestAsync(5, renderAll)) / pages.length;
  const bytes1 = (await renderPdf(docOf(pages.slice(0, 1)))).length;
  report('PDF render 40×40 maze page', renderMs, 'ms/page', false, 3);
  report('PDF size 40×40 maze page', (bytesN - bytes1) / (pages.length - 1) / 1024, 'KB/page', false, 2);
}

// The whole path for a million-cell maze on one big page.
{
  const t = performance.now();
  const maze = squareMaze(1000, 'million');
  solve(maze);
  const side = 1000 * 5 + 100;
  const doc: DisplayDocument = {
    info: { title: 'bench', subject: '', keywords: '', date: new Date(0) },
    fonts: { heading: resolve('fonts/lato/Lato-Bold.ttf'), body: resolve('fonts/lato/Lato-Regular.ttf') },
    pages: [
      {
        width: side,
        height: side,
        items: drawMaze(
          maze,
          { x: 50, y: 50, width: side - 100, height: side - 100 },
          {
            walls: { color: '#000000', width: 1, cap: 'square', join: 'miter' },
          },
        ),
      },
    ],
  };
  const pdf = await renderPdf(doc);
  report('1000×1000: generate+solve+layout+PDF', performance.now() - t, 'ms', false, 0);
  report('1000×1000: PDF size', pdf.length / 1024 / 1024, 'MB', false, 2);
  report('heap used after', process.memoryUsage().heapUsed / 1024 / 1024, 'MB', false, 0);
}

writeFileSync(LAST, `${JSON.stringify(results, null, 2)}\n`);
