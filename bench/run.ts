/**
 * `npm run bench`: prints throughput figures and compares them with the previous run on this machine
 * (bench/.last.json, not committed). Figures are printed, never asserted. Sections can be picked by name
 * (`npm run bench -- targets pdf`); all run by default:
 *
 * - targets: issue 18's targets for grids, ends, hashes and drawing (bench/targets.ts), each beside its
 *   reference from the same run: backtracker vs plain JS and C loops, generateMaze vs the algorithm alone,
 *   linear scaling 1e3 … 1e6 cells, hashes, a 40×40 page and books of 10, 100 and 500 of them, `render` of a
 *   million cells of every shape and the same maze in a book, CLI start beside node alone
 *   (bench/cli-start.ts);
 * - workers: a 100-page book with `difficulty: hard` on 1 and 2 worker threads (slow: about a minute);
 * - book: whole books as the CLI builds them (bench/book-speed.ts): CPU per 40×40 page at 10, 100 and 500
 *   pages and the cost of one more page (whole, and stage by stage), the hard book's stages and the best
 *   speed-up threads could give it, the heavy packages `--version` and `validate` load, and the 100-puzzle
 *   example book (books/kdp-100.yaml) on one and two threads: time, pages, interior and cover size;
 * - algorithms, peers, textures, post, analysis, pdf, topologies, simulators: the earlier figures;
 * - picture: picture mazes (bench/picture.ts): tone fidelity on a grey ramp and on the cat portrait, the
 *   sketched route check, a 200k-cell tone maze generated and drawn; pages written to output/pictures/;
 * - weave: weave generation beside the plain algorithms, and how density moves the score;
 * - reveal: a 60×80 hidden-picture maze generated (and solved), the IoU of its coloured answer with the
 *   picture over seeds, and dead ends per cell inside the picture and outside it (bench/reveal.ts);
 * - rating: issue 28's targets (bench/rating.ts): a 40×40 perfect maze rated now and as before (plain walks),
 *   and 40 `difficulty: hard` pages of 32×44 against the same pages without a difficulty;
 * - rules: rule mazes (bench/rules.ts): a 9×9 jump maze and a 15×15 number maze generated with their proof,
 *   proved again, rated, and a book page of each with a difficulty target;
 * - catalogue: a catalogue of ten books built by `mazebook batch` in one process and in two shards side by
 *   side (bench/catalogue.ts), and again with every book up to date.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import generateMazePeer from 'generate-maze';
import * as ROT from 'rot-js';
import { measure } from '../src/analyze/metrics.js';
import { rateMaze } from '../src/analyze/rate.js';
import { Simulator, simulatorNames } from '../src/analyze/simulate.js';
import { solve } from '../src/analyze/solve.js';
import { generatePuzzles, planSpec } from '../src/book/build-book.js';
import type { AlgorithmOptions } from '../src/generate/algorithm.js';
import { backtracker } from '../src/generate/backtracker.js';
import { wallOnSide } from '../src/generate/ends/fixed-ends.js';
import { placeEnds } from '../src/generate/ends/place-ends.js';
import { generateMaze } from '../src/generate/generate-maze.js';
import type { Maze } from '../src/generate/maze.js';
import { applyPost, type PostStep } from '../src/generate/post/registry.js';
import {
  type AlgorithmInfo,
  type AlgorithmName,
  algorithmInfo,
  algorithmNames,
  algorithms,
} from '../src/generate/registry.js';
import type { Grid } from '../src/grid/grid.js';
import { buildGrid, type GridLayout, topologyNames } from '../src/grid/registry.js';
import { buildSquareGrid } from '../src/grid/square.js';
import { straightAhead } from '../src/grid/straight.js';
import type { DisplayDocument, Page } from '../src/layout/display-list.js';
import { drawMaze } from '../src/layout/draw-maze.js';
import { wallPaths } from '../src/layout/wall-paths.js';
import { deriveSeed } from '../src/random/derive-seed.js';
import { createRng } from '../src/random/sfc32.js';
import { renderPdf } from '../src/render/pdf.js';
import { bookSpeed } from './book-speed.js';
import { catalogueBench } from './catalogue.js';
import { cliStart } from './cli-start.js';
import { machineLoad, per, report, saveResults, say, timeRuns, timeRunsAsync } from './measure.js';
import { hardPages, rateFortyByForty } from './rating.js';
import { revealBench } from './reveal.js';
import { rulesBench } from './rules.js';
import {
  fortyPage,
  generateVsAlgorithm,
  hardBook,
  hashes,
  linearScaling,
  millionRender,
  referenceLoops,
  SIZE_FOR,
} from './targets.js';
import { weaveBench } from './weave.js';

const SECTIONS = [
  'targets',
  'workers',
  'book',
  'algorithms',
  'peers',
  'textures',
  'post',
  'analysis',
  'pdf',
  'topologies',
  'simulators',
  'picture',
  'weave',
  'reveal',
  'rating',
  'rules',
  'difficulty',
  'catalogue',
] as const;
const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const a of asked) {
  if (!(SECTIONS as readonly string[]).includes(a)) {
    process.stderr.write(`unknown bench section "${a}"; sections: ${SECTIONS.join(', ')}\n`);
    process.exit(2);
  }
}
/** Sections a bare `npm run bench` runs: all but `difficulty` (minutes of whole books; ask for it by name). */
const wanted = (name: (typeof SECTIONS)[number]): boolean =>
  asked.includes(name) || (asked.length === 0 && name !== 'difficulty');

function squareMaze(size: number, seed: string): Maze {
  const grid = buildSquareGrid({ columns: size, rows: size });
  const open = backtracker(grid, createRng(deriveSeed(1, seed)), { straightness: 0 });
  return placeEnds(grid, open, { kind: 'auto' }, { kind: 'auto' }, seed);
}

say(`mazebook bench — node ${process.version}, ${process.arch}`);
{
  const load = machineLoad();
  say(
    `load average ${load.load.toFixed(1)} on ${load.cores} cores${load.busy ? ': the machine is busy, wall-time targets are not judged (CPU times are steadier)' : ''}`,
  );
  say('figures: medians of the runs, [IQR: the middle half of them]; peers say where each figure comes from');
}

if (wanted('targets')) {
  referenceLoops();
  generateVsAlgorithm();
  linearScaling();
  hashes();
  await fortyPage();
  millionRender();
  cliStart();
}
if (wanted('workers')) hardBook();
if (wanted('book')) await bookSpeed();
if (wanted('catalogue')) await catalogueBench();

// Generation: each algorithm alone on a prebuilt grid.
if (wanted('algorithms')) say('\nalgorithms');
for (const size of wanted('algorithms') ? [100, 1000] : []) {
  const grid = buildSquareGrid({ columns: size, rows: size });
  for (const name of algorithmNames) {
    const rounds = size === 100 ? 100 : name === 'aldous-broder' ? 1 : 3;
    let i = 0;
    const options = optionsFor(name, grid);
    const ms = timeRuns(rounds, () => {
      algorithms[name](grid, createRng(deriveSeed(1, 'bench', i++)), options);
    });
    report(
      `${name} ${size}×${size}`,
      per(ms, (v) => (size * size) / v / 1000),
      'M cells/s',
      true,
    );
  }
  let i = 0;
  const msStraight = timeRuns(size === 100 ? 100 : 3, () => {
    backtracker(grid, createRng(deriveSeed(1, 'bench', i++)), { straightness: 0.5 });
  });
  report(
    `backtracker ${size}×${size} straightness 0.5`,
    per(msStraight, (v) => (size * size) / v / 1000),
    'M cells/s',
    true,
  );
  const build = timeRuns(size === 100 ? 100 : 3, () => {
    buildSquareGrid({ columns: size, rows: size });
  });
  report(
    `square grid build ${size}×${size}`,
    per(build, (v) => (size * size) / v / 1000),
    'M cells/s',
    true,
  );
}

// Peers on the same machine in the same run: rot-js (Eller, Icey, Divided) and generate-maze (Eller).
if (wanted('peers')) say('\npeers, measured in this run on this machine (wall time)');
for (const size of wanted('peers') ? [100, 1000] : []) {
  ROT.RNG.setSeed(7);
  const rounds = size === 100 ? 30 : 2;
  const tiles = 2 * size + 1; // rot-js counts map tiles: walls and cells alike
  const noop = () => {};
  report(
    `peer rot-js EllerMaze ${size}×${size}`,
    per(
      timeRuns(rounds, () => new ROT.Map.EllerMaze(tiles, tiles).create(noop)),
      (v) => (size * size) / v / 1000,
    ),
    'M cells/s',
    true,
  );
  report(
    `peer rot-js IceyMaze ${size}×${size}`,
    per(
      timeRuns(rounds, () => new ROT.Map.IceyMaze(tiles, tiles, 0).create(noop)),
      (v) => (size * size) / v / 1000,
    ),
    'M cells/s',
    true,
  );
  if (size === 100) {
    report(
      `peer generate-maze ${size}×${size}`,
      per(
        timeRuns(rounds, () => void generateMazePeer(size, size, true, 7)),
        (v) => (size * size) / v / 1000,
      ),
      'M cells/s',
      true,
    );
  }
}

// Textures: averages over 20 mazes of 40×40 per algorithm (printed for docs/algorithms.md).
if (wanted('textures')) {
  say('\ntexture at 40×40 (mean of 20): dead ends %, junctions %, mean straight run, solution %');
}
for (const name of wanted('textures') ? algorithmNames : []) {
  const t = { deadEnds: 0, junctions: 0, run: 0, solution: 0 };
  for (let i = 0; i < 20; i++) {
    const maze = generateMaze(
      {
        shape: 'square',
        size: { columns: 40, rows: 40 },
        algorithm: name,
        options: { straightness: 0 },
        entry: { kind: 'auto' },
        exit: { kind: 'auto' },
      },
      deriveSeed(2, `texture-${name}`, i),
      name,
    );
    const m = measure(maze, solve(maze));
    t.deadEnds += m.deadEnds / m.cells / 20;
    t.junctions += m.junctions / m.cells / 20;
    t.solution += m.solutionLength / m.cells / 20;
    t.run += meanStraightRun(maze) / 20;
  }
  process.stdout.write(
    `  ${name.padEnd(16)} ${(t.deadEnds * 100).toFixed(1).padStart(5)} ${(t.junctions * 100).toFixed(1).padStart(5)} ${t.run.toFixed(2).padStart(6)} ${(t.solution * 100).toFixed(1).padStart(5)}\n`,
  );
}
// Texture controls: straightness lengthens straight runs; direction weights tilt the passages.
if (wanted('textures')) {
  const grid = buildSquareGrid({ columns: 40, rows: 40 });
  const carve = (name: AlgorithmName, options: AlgorithmOptions, i: number) =>
    placeEnds(
      grid,
      algorithms[name](grid, createRng(deriveSeed(3, 'controls', i)), options) as Uint8Array,
      { kind: 'auto' },
      { kind: 'auto' },
      name,
    );
  const horizontalShare = (m: Maze): number => {
    let h = 0;
    let all = 0;
    for (let w = 0; w < grid.wallCount; w++) {
      if (!m.open[w] || grid.wallCellB[w] < 0) continue;
      all++;
      if (w < 41 * 40) h++; // vertical walls carry horizontal passages
    }
    return h / all;
  };
  for (const s of [0, 0.5, 0.9]) {
    let run = 0;
    for (let i = 0; i < 10; i++) run += meanStraightRun(carve('backtracker', { straightness: s }, i)) / 10;
    process.stdout.write(
      `  backtracker straightness ${s.toFixed(1)}: mean straight run ${run.toFixed(2)} cells\n`,
    );
  }
  for (const name of ['backtracker', 'kruskal', 'skewed-dfs'] as const) {
    let even = 0;
    let wide = 0;
    for (let i = 0; i < 10; i++) {
      even += horizontalShare(carve(name, { straightness: 0 }, i)) / 10;
      wide += horizontalShare(carve(name, { straightness: 0, weights: { left: 4, right: 4 } }, i)) / 10;
    }
    process.stdout.write(
      `  ${name} horizontal passages: ${(even * 100).toFixed(1)} % unweighted, ${(wide * 100).toFixed(1)} % with left/right weight 4\n`,
    );
  }
}
/** Default options, plus the north-west/south-east ends for algorithms that need them first. */
function optionsFor(name: AlgorithmName, grid: Grid): AlgorithmOptions {
  const info: AlgorithmInfo = algorithmInfo[name];
  if (!info.needsEnds) return { straightness: 0 };
  return {
    straightness: 0,
    ends: { entryWall: wallOnSide(grid, 'top', 0).wall, exitWall: wallOnSide(grid, 'bottom', 1).wall },
  };
}

/** Mean number of cells per maximal straight run of passages (through cells entered and left in line). */
function meanStraightRun(maze: Maze): number {
  const { grid, open } = maze;
  const ahead = straightAhead(grid);
  let runs = 0;
  let cells = 0;
  for (let c = 0; c < grid.cellCount; c++) {
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      if (open[grid.adjWall[k]] === 0) continue;
      // Start a run only where the step into c from behind is not also open and in line.
      const n = grid.adjCell[k];
      let behind = false;
      for (let j = grid.adjStart[c]; j < grid.adjStart[c + 1]; j++) {
        const b = grid.adjCell[j];
        if (open[grid.adjWall[j]] === 0) continue;
        for (let q = grid.adjStart[b]; q < grid.adjStart[b + 1]; q++) {
          if (grid.adjCell[q] === c && ahead[q] === k) behind = true;
        }
      }
      if (behind) continue;
      let len = 2;
      let step = ahead[k];
      while (step >= 0 && open[grid.adjWall[step]] !== 0) {
        len++;
        step = ahead[step];
      }
      runs++;
      cells += len;
      void n;
    }
  }
  return runs > 0 ? cells / runs : 0;
}

// Post-processes on a 1000×1000 backtracker maze.
if (wanted('post')) {
  say('\npost-processes');
  const maze = squareMaze(1000, 'post');
  const steps: PostStep[] = [
    { name: 'reduce-path' },
    { name: 'cross-cuts', count: 10_000 },
    { name: 'loops', count: 10_000 },
    { name: 'braid', share: 0.5 },
    { name: 'reverse-wasted-turns' },
  ];
  for (const step of steps) {
    let i = 0;
    const ms = timeRuns(3, () => void applyPost(maze, createRng(deriveSeed(1, 'post', i++)), [step]));
    report(
      `post ${step.name} 1000×1000`,
      per(ms, (v) => 1e6 / v / 1000),
      'M cells/s',
      true,
    );
  }
}

// Analysis and wall merging on a million cells.
if (wanted('analysis')) {
  say('\nanalysis');
  const maze = squareMaze(1000, 'big');
  report(
    'solve (BFS) 1000×1000',
    timeRuns(5, () => void solve(maze)),
    'ms',
    false,
    1,
  );
  report(
    'wall merge 1000×1000',
    timeRuns(5, () => void wallPaths(maze, { ox: 0, oy: 0, scale: 1 })),
    'ms',
    false,
    1,
  );
}

// PDF: one 40×40 maze page (walls and markers, no text), measured over 50 pages.
if (wanted('pdf')) {
  say('\nPDF');
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
  const layoutMs = per(
    timeRuns(5, () => void mazes.map(page)),
    (v) => v / mazes.length,
  );
  report('layout 40×40 maze page', layoutMs, 'ms/page', false, 3);
  const pages = mazes.map(page);
  let bytesN = 0;
  const renderAll = async (): Promise<void> => {
    bytesN = (await renderPdf(docOf(pages))).length;
  };
  const renderMs = per(await timeRunsAsync(5, renderAll, 1), (v) => v / pages.length);
  const bytes1 = (await renderPdf(docOf(pages.slice(0, 1)))).length;
  report('PDF render 40×40 maze page', renderMs, 'ms/page', false, 3);
  report('PDF size 40×40 maze page', (bytesN - bytes1) / (pages.length - 1) / 1024, 'KB/page', false, 2);
}

// Every topology: grid build and backtracker generation at about 100k and 1M cells, then a 1M-cell masked
// maze of each shape through generate → solve → layout → PDF.
if (wanted('topologies')) say('\ntopologies');
const SIZES = SIZE_FOR;
for (const target of wanted('topologies') ? [100_000, 1_000_000] : []) {
  for (const shape of topologyNames) {
    const layout: GridLayout = { shape, size: SIZES[shape](target) };
    const rounds = target < 1e6 ? 10 : 2;
    let grid = buildGrid(layout);
    const cells = grid.cellCount;
    const label = `${Math.round(cells / 1000)}k`;
    const buildMs = timeRuns(rounds, () => {
      grid = buildGrid(layout);
    });
    report(
      `${shape} grid build ${label} cells`,
      per(buildMs, (v) => cells / v / 1000),
      'M cells/s',
      true,
    );
    let i = 0;
    const genMs = timeRuns(rounds, () => {
      backtracker(grid, createRng(deriveSeed(1, 'topo', i++)), { straightness: 0 });
    });
    report(
      `${shape} backtracker ${label} cells`,
      per(genMs, (v) => cells / v / 1000),
      'M cells/s',
      true,
    );
    // (Of the two medians: the runs were separate.)
    const bothMs = buildMs.median + genMs.median;
    report(`${shape} build+generate ${label} cells`, cells / bothMs / 1000, 'M cells/s', true);
  }
}
for (const shape of wanted('topologies') ? topologyNames : []) {
  const t = performance.now();
  const size = SIZES[shape](1_000_000 / 0.7); // a heart keeps about 70% of its frame
  const maze = generateMaze(
    {
      shape,
      size,
      mask: { label: 'heart', source: { kind: 'shape', name: 'heart' }, islands: 'largest' },
      algorithm: 'backtracker',
      options: { straightness: 0 },
      entry: { kind: 'auto' },
      exit: { kind: 'auto' },
    },
    deriveSeed(1, 'masked', 0),
    'bench',
  );
  const solution = solve(maze);
  const page = 5000;
  const doc: DisplayDocument = {
    info: { title: 'bench', subject: '', keywords: '', date: new Date(0) },
    fonts: { heading: resolve('fonts/lato/Lato-Bold.ttf'), body: resolve('fonts/lato/Lato-Regular.ttf') },
    pages: [
      {
        width: page,
        height: page,
        items: drawMaze(
          maze,
          { x: 50, y: 50, width: page - 100, height: page - 100 },
          {
            walls: { color: '#000000', width: 0.5, cap: 'round', join: 'round' },
            solution: { color: '#d00000', width: 0.5, cap: 'round', join: 'round' },
          },
          solution,
        ),
      },
    ],
  };
  const pdf = await renderPdf(doc);
  const k = `${Math.round(maze.grid.cellCount / 1000)}k`;
  report(`${shape} heart ${k} cells: maze→PDF`, performance.now() - t, 'ms', false, 0);
  report(`${shape} heart ${k} cells: PDF size`, pdf.length / 1024 / 1024, 'MB', false, 2);
}

// Simulated solvers (issue: difficulty): walks per second, one rating, and a 30-page book with 8 candidates.
if (wanted('simulators')) say('\nsimulated solvers');
for (const n of wanted('simulators') ? [20, 40, 100] : []) {
  const maze = generateMaze(
    {
      shape: 'square',
      size: { columns: n, rows: n },
      algorithm: 'kruskal',
      options: { straightness: 0 },
      entry: { kind: 'auto' },
      exit: { kind: 'auto' },
    },
    deriveSeed(1, 'sim', n),
    'bench',
  );
  const sim = new Simulator(maze);
  for (const kind of simulatorNames) {
    const rng = createRng(deriveSeed(1, kind, n));
    const walks = n === 100 ? 40 : 200;
    const ms = timeRuns(5, () => {
      for (let i = 0; i < walks; i++) sim.walk(kind, rng);
    });
    report(
      `${kind} walks ${n}×${n}`,
      per(ms, (v) => (walks / v) * 1000),
      'walks/s',
      true,
      0,
    );
  }
  if (n === 40) {
    const ms = timeRuns(5, () => {
      // A copy each time: a maze rated again would take its walks on from the last rating.
      rateMaze({ ...maze }, deriveSeed(1, 'rate', 0), { minWalks: 200, maxWalks: 200 });
    });
    report('rate 40×40 (200 smart walks)', ms, 'ms', false, 1);
  }
}
// The smart walker on every topology, at the size of a hard book's page (about 1,400 cells).
for (const shape of wanted('simulators') ? topologyNames : []) {
  const maze = generateMaze(
    {
      shape,
      size: SIZE_FOR[shape](1400),
      algorithm: 'backtracker',
      options: { straightness: 0 },
      entry: { kind: 'auto' },
      exit: { kind: 'auto' },
    },
    deriveSeed(1, `sim ${shape}`),
    'bench',
  );
  const sim = new Simulator(maze);
  const rng = createRng(deriveSeed(1, `smart ${shape}`));
  const ms = timeRuns(5, () => {
    for (let i = 0; i < 200; i++) sim.walk('smart', rng);
  });
  report(
    `smart walks ${shape} (${maze.grid.cellCount} cells)`,
    per(ms, (v) => (200 / v) * 1000),
    'walks/s',
    true,
    0,
  );
}
if (wanted('simulators')) {
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-bench-'));
  const pages = Array.from({ length: 30 }, (_, i) => `  - { id: p${i} }`).join('\n');
  writeFileSync(
    join(dir, 'book.yaml'),
    `title: Bench\ndefaults: { cells: 40, algorithm: kruskal, difficulty: { min: 9.5, max: 10 }, candidates: 8 }\npages:\n${pages}\n`,
  );
  const t = performance.now();
  const plan = await planSpec(join(dir, 'book.yaml'));
  generatePuzzles(plan);
  report('30 pages × 8 candidates (40×40) rated', (performance.now() - t) / 1000, 's', false, 2);
}

// The whole path for a million-cell maze on one big page.
if (wanted('topologies')) {
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

// Picture mazes: their own script (it prints its figures as it goes).
if (wanted('picture')) {
  say('\npicture mazes');
  await import('./picture.js');
}

// Weave mazes: generation beside the plain algorithms, and how density moves the score.
if (wanted('weave')) {
  say('\nweave');
  weaveBench();
}

// Hidden-picture mazes: a 60×80 one timed, and how well colouring the answer draws the picture.
if (wanted('reveal')) {
  say('\nhidden-picture mazes (reveal)');
  revealBench();
}

// Rating that costs little: a 40×40 maze now and as before, and hard pages against none.
if (wanted('rating')) {
  rateFortyByForty();
  hardPages();
}

// Rule mazes: a hard 9×9 jump maze and a 15×15 number maze.
if (wanted('rules')) await rulesBench();

saveResults();

// Difficulty targets in whole books (issue 16's acceptance): 40-page books of every label for the default
// algorithm, kruskal and mixed shapes, a series, and a 100-page book with the screening cost per maze.
if (wanted('difficulty')) {
  say('\ndifficulty targets (bench/difficulty-targets.ts)');
  const { spawnSync } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const script = fileURLToPath(new URL('./difficulty-targets.ts', import.meta.url));
  spawnSync(process.execPath, ['--import', 'tsx', script, '--screening'], { stdio: 'inherit' });
}
