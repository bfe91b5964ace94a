/**
 * Picture mazes (tone, regions, sketched routes): measures what issue 14 asks and writes the pages as PNG
 * and PDF to output/pictures/ for looking at beside the source pictures. Figures are printed, never asserted.
 *
 *   tsx bench/picture.ts            all measurements
 *   tsx bench/picture.ts --quick    fidelity and route only (no 200k-cell timing)
 *
 * Speed is the best of three wall-clock times, with the CPU time the process used in that round beside it (on
 * a busy shared machine the CPU time is the steadier figure).
 *
 * Tone fidelity: the maze page is rendered to a grey image (SVG → PNG at 100 dpi), blurred with a Gaussian
 * whose full width at half maximum is 1 cm, and correlated (Pearson r) with the source lightness blurred the
 * same way, over the maze area less half a centimetre at its edges.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { solve } from '../src/analyze/solve.js';
import { planSpec } from '../src/book/plan-spec.js';
import { backtracker } from '../src/generate/backtracker.js';
import { placeEnds } from '../src/generate/ends/place-ends.js';
import { generateMaze } from '../src/generate/generate-maze.js';
import { kruskal } from '../src/generate/kruskal.js';
import type { Maze } from '../src/generate/maze.js';
import { regionPictureMaze } from '../src/generate/region-picture.js';
import type { RegionStyle } from '../src/generate/region-textures.js';
import { traceSketch } from '../src/generate/route.js';
import type { AdaptiveTiling } from '../src/grid/adaptive.js';
import type { Grid } from '../src/grid/grid.js';
import { boxFrame, type Raster, resampleRaster, sampleRaster, smoothRaster } from '../src/grid/raster.js';
import type { RouteSketch } from '../src/grid/route-sketch.js';
import type { DisplayDocument, Item, Page } from '../src/layout/display-list.js';
import { drawMaze, fitGrid } from '../src/layout/draw-maze.js';
import { tonedWallItems } from '../src/layout/draw-toned-walls.js';
import { decodeRegionMap, type LabelRole, type RegionMap, regionsOnGrid } from '../src/mask/regions.js';
import { traceRouteColour } from '../src/mask/regions-route.js';
import { minUnit, type ToneFloors, toneGrid } from '../src/mask/tone.js';
import { decodeLightness } from '../src/mask/tone-image.js';
import { deriveSeed } from '../src/random/derive-seed.js';
import { createRng } from '../src/random/sfc32.js';
import { renderPdf } from '../src/render/pdf.js';
import { renderSvgPage } from '../src/render/svg.js';

const OUT = resolve('output/pictures');
mkdirSync(OUT, { recursive: true });
const quick = process.argv.includes('--quick');
const CM = 72 / 2.54;
const FLOORS: ToneFloors = { passage: 2.5, line: 0.5 };
const LEVELS = 3;
const MARGIN = 36;
const FONTS = { heading: resolve('fonts/lato/Lato-Bold.ttf'), body: resolve('fonts/lato/Lato-Regular.ttf') };
const WALLS = { color: '#1b1b1b', width: 1, cap: 'square', join: 'miter' } as const;

/** A tone grid covering about `box` points with the floors above. */
function gridFor(lightness: Raster, tiling: AdaptiveTiling, box: { width: number; height: number }): Grid {
  const unit = minUnit(tiling, FLOORS);
  const coarse = unit * 2 ** LEVELS;
  const columns =
    tiling === 'square' ? Math.floor(box.width / coarse) : Math.floor((2 * box.width) / coarse) - 1;
  const rows =
    tiling === 'square'
      ? Math.floor(box.height / coarse)
      : Math.floor(box.height / ((coarse * Math.sqrt(3)) / 2));
  return toneGrid({ lightness, tiling, columns, rows, levels: LEVELS, unit, ...FLOORS });
}

function pageOf(grid: Grid, items: Item[], unit: number): Page {
  return { width: grid.width * unit + 2 * MARGIN, height: grid.height * unit + 2 * MARGIN, items };
}

function docOf(pages: Page[]): DisplayDocument {
  return {
    info: { title: 'picture mazes', subject: '', keywords: '', date: new Date(0) },
    fonts: FONTS,
    pages,
  };
}

async function png(page: Page, dpi: number): Promise<Buffer> {
  const svg = renderSvgPage(docOf([page]), 0);
  return sharp(Buffer.from(svg), { density: dpi, limitInputPixels: false })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

/** Pearson r of the rendered page's blurred grey against the blurred source over the maze area. */
async function fidelity(
  page: Page,
  lightness: Raster,
  rect: { x: number; y: number; width: number; height: number },
) {
  const dpi = 100;
  const image = await png(page, dpi);
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const grey: Raster = {
    width: info.width,
    height: info.height,
    data: Float32Array.from(data, (v) => v / 255),
  };
  const pxPerPt = info.width / page.width;
  const sigma = (CM / 2.355) * pxPerPt;
  const seen = smoothRaster(grey, sigma);
  // The source on the same pixels as the maze area, blurred alike.
  const w = Math.round(rect.width * pxPerPt);
  const h = Math.round(rect.height * pxPerPt);
  const source = smoothRaster(resampleRaster(lightness, w, h), sigma);
  const frame = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  const a: number[] = [];
  const b: number[] = [];
  const inset = CM / 2;
  for (let y = rect.y + inset; y < rect.y + rect.height - inset; y += 1 / pxPerPt) {
    for (let x = rect.x + inset; x < rect.x + rect.width - inset; x += 1 / pxPerPt) {
      a.push(seen.data[Math.floor(y * pxPerPt) * info.width + Math.floor(x * pxPerPt)]);
      b.push(sampleRaster(source, frame, x, y));
    }
  }
  return { r: pearson(a, b), image };
}

function pearson(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

function line(label: string, value: string): void {
  process.stdout.write(`${label.padEnd(58)} ${value}\n`);
}

/**
 * The route check of issue 14: the regions the sketch passes — runs of one region colour along the cells it
 * is laid on (by the same tracing the maze uses), runs under three cells being grazes of a border — must be
 * passed by the solution in the same order; and the solution's length against the sketch's, in cells.
 */
function routeCheck(maze: Maze, map: RegionMap, route: RouteSketch) {
  const { grid } = maze;
  const { region, fixed } = regionsOnGrid(grid, map, ROLES, boxFrame(grid.width, grid.height));
  const sketch = traceSketch(grid, route, fixed, 'bench')[0].cells;
  const runs = (cells: ArrayLike<number>, shortest: number) => {
    const out: number[] = [];
    for (let i = 0; i < cells.length; ) {
      let j = i;
      while (j < cells.length && region[cells[j]] === region[cells[i]]) j++;
      if (j - i >= shortest && out.at(-1) !== region[cells[i]]) out.push(region[cells[i]]);
      i = j;
    }
    return out;
  };
  const solution = solve(maze).cells;
  const want = runs(sketch, 3);
  let k = 0;
  for (const r of runs(solution, 1)) if (k < want.length && r === want[k]) k++;
  return {
    visits: want.length,
    inOrder: k === want.length,
    solution: solution.length,
    sketch: sketch.length,
  };
}

process.stdout.write(`mazebook picture bench — node ${process.version}\n\n`);

// 1. Tone fidelity on a grey ramp, squares and triangles.
const ramp: Raster = (() => {
  const w = 512;
  const h = 256;
  const data = new Float32Array(w * h);
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) data[j * w + i] = (i + 0.5) / w;
  return { width: w, height: h, data };
})();
const pdfPages: Page[] = [];
for (const tiling of ['square', 'triangle'] as const) {
  const grid = gridFor(ramp, tiling, { width: 16 * CM, height: 8 * CM });
  const unit = minUnit(tiling, FLOORS);
  const maze = placeEnds(
    grid,
    kruskal(grid, createRng(deriveSeed(1, `ramp-${tiling}`)), { straightness: 0 }),
    { kind: 'auto' },
    { kind: 'auto' },
    'ramp',
  );
  const rect = { x: MARGIN, y: MARGIN, width: grid.width * unit, height: grid.height * unit };
  const stroke = tiling === 'square' ? WALLS : ({ ...WALLS, cap: 'round', join: 'round' } as const);
  const page = pageOf(grid, tonedWallItems(maze, fitGrid(grid, rect), stroke), unit);
  const { r, image } = await fidelity(page, ramp, rect);
  writeFileSync(`${OUT}/ramp-${tiling}.png`, image);
  pdfPages.push(page);
  line(`tone fidelity, grey ramp, ${tiling} (${grid.cellCount} cells)`, `r = ${r.toFixed(3)}`);
}

// 2. Tone fidelity on the cat portrait, with and without region textures, and the sketched route.
const catBytes = readFileSync('books/pictures/cat-portrait.png');
const cat = await decodeLightness(catBytes, 'cat-portrait.png', 'bench');
const box = { width: 6 * 72, height: 7.5 * 72 };
const COLOURS = ['#4f7bd9', '#b8442f', '#8a5cc7', '#e0a030', '#f2e6a0', '#3aa860', '#111111', '#e0309a'];
const ROLES: LabelRole[] = ['region', 'region', 'region', 'region', 'region', 'region', 'lines', 'route'];
/** What each colour of the cat's region maps is. */
const LABELS: (RegionStyle | 'lines' | 'route')[] = [
  { texture: 'directional', angle: 0, name: 'sky' },
  { texture: 'directional', flow: true, name: 'shoulders' },
  { texture: 'directional', angle: 75, name: 'ears' },
  { texture: 'concentric', name: 'fur', doors: 2 },
  { texture: 'random', name: 'muzzle' },
  { texture: 'concentric', name: 'eyes' },
  'lines',
  'route',
];
const AUTO = { entry: { kind: 'auto' }, exit: { kind: 'auto' } } as const;

for (const kind of ['tone', 'regions', 'route'] as const) {
  const grid = gridFor(cat, 'square', box);
  const unit = minUnit('square', FLOORS);
  const rect = { x: MARGIN, y: MARGIN, width: grid.width * unit, height: grid.height * unit };
  const rng = createRng(deriveSeed(2, `cat-${kind}`));
  let maze: Maze;
  let note = '';
  if (kind === 'tone') {
    maze = placeEnds(
      grid,
      backtracker(grid, rng, { straightness: 0 }),
      { kind: 'auto' },
      { kind: 'auto' },
      'cat',
    );
  } else {
    const file = kind === 'route' ? 'books/pictures/cat-route.png' : 'books/pictures/cat-regions.png';
    const map = await decodeRegionMap(readFileSync(file), COLOURS, file, 'bench');
    maze = regionPictureMaze(
      grid,
      undefined,
      { lightness: cat, regions: { map, styles: kind === 'route' ? LABELS : LABELS.slice(0, 7) } },
      AUTO,
      rng,
      'cat',
    );
    if (kind === 'route') {
      const check = routeCheck(
        maze,
        map,
        traceRouteColour(map, 7, boxFrame(grid.width, grid.height), 'bench'),
      );
      note = `; route: ${check.visits} region visits ${check.inOrder ? 'in order' : 'OUT OF ORDER'}, solution ${check.solution} cells = ${(check.solution / check.sketch).toFixed(2)} × the sketch's ${check.sketch}`;
    }
  }
  const place = fitGrid(grid, rect);
  const items = tonedWallItems(maze, place, WALLS);
  const page = pageOf(grid, items, unit);
  const { r, image } = await fidelity(page, cat, rect);
  writeFileSync(`${OUT}/cat-${kind}.png`, image);
  const answer = drawMaze(
    maze,
    rect,
    {
      walls: { ...WALLS, width: 0 },
      solution: { color: '#d33', width: 1.5, cap: 'round', join: 'round' },
      markers: { color: '#00798c', size: 12 },
    },
    solve(maze),
  ).slice(1);
  const answerPage = { ...page, items: [...items, ...answer] };
  writeFileSync(`${OUT}/cat-${kind}-answer.png`, await png(answerPage, 100));
  pdfPages.push(page, answerPage);
  line(`tone fidelity, cat portrait, ${kind} (${grid.cellCount} cells)`, `r = ${r.toFixed(3)}${note}`);
}
writeFileSync(`${OUT}/picture-mazes.pdf`, await renderPdf(docOf(pdfPages)));

// 2b. The tone page of books/pictures.yaml as a book prints it: planned from the spec (its floors: a 1.5 mm
// clear passage, 0.5 pt lines), generated and drawn by the same code as a build.
{
  const plan = await planSpec('books/pictures.yaml');
  const p = plan.puzzles.find((q) => q.key === 'tabby');
  const lightness = p?.recipe.picture?.tone?.lightness;
  if (p && lightness) {
    const maze = generateMaze(p.recipe, p.seed, p.where);
    const area = plan.geometry.mazeArea;
    const items = drawMaze(maze, area, { walls: { ...plan.theme.walls, color: '#1b1b1b' } });
    const place = fitGrid(maze.grid, area);
    const rect = {
      x: place.ox,
      y: place.oy,
      width: maze.grid.width * place.scale,
      height: maze.grid.height * place.scale,
    };
    const page = { width: plan.paper.width, height: plan.paper.height, items };
    const { r, image } = await fidelity(page, lightness, rect);
    writeFileSync(`${OUT}/book-tabby.png`, image);
    line(`tone fidelity, books/pictures.yaml "Tabby" (${maze.grid.cellCount} cells)`, `r = ${r.toFixed(3)}`);
  }
  // The route check on the book's "Eye to eye" page (its region map lists the colours in COLOURS' order).
  const q = plan.puzzles.find((x) => x.key === 'eye-to-eye');
  const map = q?.recipe.picture?.regions?.map;
  if (q && map) {
    const maze = generateMaze(q.recipe, q.seed, q.where);
    const { grid } = maze;
    const check = routeCheck(
      maze,
      map,
      traceRouteColour(map, COLOURS.indexOf('#e0309a'), boxFrame(grid.width, grid.height), 'bench'),
    );
    line(
      `route, books/pictures.yaml "Eye to eye" (${grid.cellCount} cells)`,
      `${check.visits} region visits ${check.inOrder ? 'in order' : 'OUT OF ORDER'}, solution ${check.solution} cells = ${(check.solution / check.sketch).toFixed(2)} × the sketch's ${check.sketch}`,
    );
  }
}

// 3. Speed: a 200k-cell adaptive picture maze generated and drawn (display list), best of three.
if (!quick) {
  // Cells grow with the area: scale the box until the tone grid has about 200 000 cells.
  let scale = Math.sqrt(200_000 / gridFor(cat, 'square', box).cellCount);
  for (let i = 0; i < 2; i++) {
    const cells = gridFor(cat, 'square', { width: box.width * scale, height: box.height * scale }).cellCount;
    scale *= Math.sqrt(200_000 / cells);
  }
  const big = { width: box.width * scale, height: box.height * scale };
  const map = await decodeRegionMap(
    readFileSync('books/pictures/cat-regions.png'),
    COLOURS,
    'regions',
    'bench',
  );
  for (const kind of ['backtracker', 'regions'] as const) {
    let best = Infinity;
    let cpu = 0;
    let parts = '';
    let cells = 0;
    let bytes = 0;
    for (let round = 0; round < 3; round++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const grid = gridFor(cat, 'square', big);
      const t1 = performance.now();
      const rng = createRng(deriveSeed(3, 'speed', round));
      let maze: Maze;
      if (kind === 'backtracker') {
        maze = placeEnds(grid, backtracker(grid, rng, { straightness: 0 }), AUTO.entry, AUTO.exit, 'big');
      } else {
        maze = regionPictureMaze(
          grid,
          undefined,
          { lightness: cat, regions: { map, styles: LABELS.slice(0, 7) } },
          AUTO,
          rng,
          'big',
        );
      }
      const t2 = performance.now();
      const unit = minUnit('square', FLOORS);
      const rect = { x: MARGIN, y: MARGIN, width: grid.width * unit, height: grid.height * unit };
      const items = tonedWallItems(maze, fitGrid(grid, rect), WALLS);
      const t3 = performance.now();
      const used = process.cpuUsage(c0);
      if (t3 - t0 < best) {
        best = t3 - t0;
        cpu = (used.user + used.system) / 1000;
        cells = grid.cellCount;
        parts = `grid ${(t1 - t0).toFixed(0)} + maze ${(t2 - t1).toFixed(0)} + drawing ${(t3 - t2).toFixed(0)} ms`;
        if (round === 0) bytes = (await renderPdf(docOf([pageOf(grid, items, unit)]))).length;
      }
    }
    line(
      `200k-cell picture maze, ${kind} (${cells} cells)`,
      `${(best / 1000).toFixed(2)} s, ${(cpu / 1000).toFixed(2)} s of CPU (${parts}); PDF ${(bytes / 1024).toFixed(0)} KB`,
    );
  }
}
process.stdout.write(`\npages written to ${OUT}\n`);
