import { measure } from '../src/analyze/metrics.js';
import { rateMaze } from '../src/analyze/rate.js';
import { solve } from '../src/analyze/solve.js';
import { backtracker } from '../src/generate/backtracker.js';
import { generateMaze } from '../src/generate/generate-maze.js';
import { kruskal } from '../src/generate/kruskal.js';
import { weaveBacktracker } from '../src/generate/weave-growing-tree.js';
import { weaveKruskal } from '../src/generate/weave-kruskal.js';
import { buildSquareGrid } from '../src/grid/square.js';
import { weaveGrid } from '../src/grid/weave.js';
import { deriveSeed } from '../src/random/derive-seed.js';
import { createRng } from '../src/random/sfc32.js';
import { per, report, say, timeRuns } from './measure.js';

/**
 * Weave generation at 100×100 beside the plain algorithm in the same run (the target: weave within 2× of the
 * plain backtracker's cells per second), then how weave density moves crossings and the difficulty score.
 */
export function weaveBench(): void {
  const size = 100;
  const cells = size * size;
  const plain = buildSquareGrid({ columns: size, rows: size });
  const woven = weaveGrid(plain);
  let i = 0;
  const seed = () => createRng(deriveSeed(1, 'weave-bench', i++));
  const plainBt = timeRuns(100, () => void backtracker(plain, seed(), { straightness: 0 }));
  const weaveBt = timeRuns(100, () => void weaveBacktracker(woven, seed(), { straightness: 0, weave: 1 }));
  const plainKr = timeRuns(100, () => void kruskal(plain, seed(), { straightness: 0 }));
  const weaveKr = timeRuns(100, () => void weaveKruskal(woven, seed(), { straightness: 0, weave: 1 }));
  const rate = (v: number) => cells / v / 1000;
  report(`backtracker ${size}×${size} (plain, weave bench)`, per(plainBt, rate), 'M cells/s', true);
  report(`weave backtracker ${size}×${size} weave 1`, per(weaveBt, rate), 'M cells/s', true);
  // Ratios of medians measured in this run.
  report(
    `weave backtracker vs plain ${size}×${size}`,
    weaveBt.median / plainBt.median,
    '× time (target ≤ 2)',
    false,
  );
  report(`weave kruskal ${size}×${size} weave 1`, per(weaveKr, rate), 'M cells/s', true);
  report(`weave kruskal vs plain ${size}×${size}`, weaveKr.median / plainKr.median, '× time', false);
  const build = timeRuns(20, () => void weaveGrid(buildSquareGrid({ columns: size, rows: size })));
  report(`weave grid build ${size}×${size}`, per(build, rate), 'M cells/s', true);

  say('\nweave density at 30×30 (mean of 8): crossings per 100 cells, on the route, smart score');
  for (const algorithm of ['backtracker', 'kruskal'] as const) {
    for (const weave of [0, 0.25, 0.5, 1]) {
      let crossings = 0;
      let route = 0;
      let score = 0;
      for (let k = 0; k < 8; k++) {
        const maze = generateMaze(
          {
            shape: 'square',
            size: { columns: 30, rows: 30 },
            algorithm,
            options: { straightness: 0, weave },
            entry: { kind: 'auto' },
            exit: { kind: 'auto' },
          },
          deriveSeed(3, `weave-${algorithm}`, k),
          'bench',
        );
        const m = measure(maze, solve(maze));
        crossings += (m.crossings ?? 0) / 8;
        route += (m.routeCrossings ?? 0) / 8;
        score += rateMaze(maze, deriveSeed(3, 'weave-rate', k)).score / 8;
      }
      say(
        `  ${algorithm.padEnd(12)} weave ${weave.toFixed(2)}: ${((crossings / 900) * 100).toFixed(1).padStart(5)} ${route.toFixed(1).padStart(5)} ${score.toFixed(2).padStart(6)}`,
      );
    }
  }
}
