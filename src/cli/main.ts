import { type FSWatcher, mkdtempSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { stringify as stringifyYaml } from 'yaml';
import { type SimulatorName, simulatorNames } from '../analyze/simulate.js';
import { type BuildStage, buildBook, planSpec, shownPath, writeOutput } from '../book/build-book.js';
import { type RateStage, rateBook, ratingsJson, ratingsTable } from '../book/rate-book.js';
import { formatOf, renderMaze } from '../book/render-maze.js';
import { PACKAGE_ROOT } from '../plan/package-root.js';
import { UserError } from '../spec/errors.js';
import { bookJsonSchemaText } from '../spec/json-schema.js';
import { filesRead } from '../spec/read-log.js';
import type { MazeSpec } from '../spec/schema.js';
import { clearFontCache } from '../text/fonts.js';
import { createProgress } from './progress.js';
import { initSpec } from './starter.js';

const EXIT_USER = 2;
const EXIT_INTERNAL = 1;

function parseSeed(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 2 ** 32 - 1) {
    throw new InvalidArgumentError('expected a whole number from 0 to 4294967295');
  }
  return Number(value);
}

function sourceDateEpoch(): number | undefined {
  const raw = process.env.SOURCE_DATE_EPOCH;
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw))
    throw new UserError('SOURCE_DATE_EPOCH', `expected seconds since 1970, got "${raw}"`);
  return Number(raw);
}

const STAGE_LABEL: Record<BuildStage, string> = {
  spec: 'reading spec',
  plan: 'planning',
  maze: 'generating mazes',
  layout: 'laying out pages',
  render: 'rendering PDF',
  write: 'writing',
};

let debug = process.argv.includes('--debug');

const program = new Command()
  .name('mazebook')
  .description('Build print-ready maze puzzle books from a YAML spec.')
  .version('0.1.0')
  .option('--debug', 'show stack traces for errors')
  .exitOverride()
  .configureOutput({ outputError: (str, write) => write(str) });

program
  .command('build')
  .description('build a book spec into a PDF')
  .argument('<spec>', 'the book spec (YAML)')
  .option('-o, --output <file>', 'where to write the PDF (default: output/<spec name>.pdf)')
  .option('--seed <n>', 'use this book seed instead of the spec’s', parseSeed)
  .option('--svg <dir>', 'also write every page as an SVG file into this folder')
  .option('-q, --quiet', 'print nothing but errors')
  .option('--allow-any-path', 'let the spec name theme and font files outside its own folder')
  .option('--strict', 'treat book checks and warnings as errors (exit 2, no PDF written)')
  .option(
    '--frozen',
    'fail (exit 2, nothing written) if any puzzle differs from the lockfile next to the PDF',
  )
  .option('--avoid <lockfile...>', 'report puzzles identical to those of other volumes (their .lock.json)')
  .option('-w, --watch', 'build, then rebuild whenever the spec or a file it names changes (Ctrl-C to stop)')
  .action(async (spec: string, opts: BuildCliOptions) => {
    if (!opts.watch) {
      await buildOnce(spec, opts);
      return;
    }
    await watchBuild(spec, opts);
  });

interface BuildCliOptions {
  output?: string;
  seed?: number;
  svg?: string;
  quiet?: boolean;
  allowAnyPath?: boolean;
  strict?: boolean;
  frozen?: boolean;
  avoid?: string[];
  watch?: boolean;
}

async function buildOnce(spec: string, opts: BuildCliOptions): Promise<void> {
  const started = performance.now();
  const progress = createProgress(process.stderr, !opts.quiet);
  const result = await buildBook(spec, {
    output: opts.output,
    seed: opts.seed,
    svgDir: opts.svg,
    allowAnyPath: opts.allowAnyPath,
    strict: opts.strict,
    frozen: opts.frozen,
    avoid: opts.avoid,
    sourceDateEpoch: sourceDateEpoch(),
    onProgress: (p) =>
      progress.update(`${STAGE_LABEL[p.stage]}${p.total > 1 ? ` ${p.done}/${p.total}` : ''}`),
  }).finally(() => progress.clear());
  for (const w of result.warnings) process.stderr.write(`warning: ${w}\n`);
  if (!opts.quiet) for (const r of result.reports) process.stdout.write(`${r}\n`);
  if (!opts.quiet) {
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const kb = (result.bytes / 1024).toFixed(0);
    process.stdout.write(
      `${shownPath(result.output)}: ${result.pages} pages, ${result.puzzles.length} mazes, ${kb} KB, built in ${seconds} s\n`,
    );
  }
}

/**
 * `build --watch`: builds, then watches the spec and every file the build read (themes, fonts, pictures)
 * and rebuilds after each save. Errors are printed and the watch goes on; only Ctrl-C ends it. Folders are
 * watched rather than files, so editors that save by replacing the file are seen too.
 */
async function watchBuild(spec: string, opts: BuildCliOptions): Promise<void> {
  const specPath = resolve(spec);
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearFontCache();
    try {
      await buildOnce(spec, opts);
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      process.stderr.write(`error: ${e.message}\n`);
    }
    running = false;
    const files = new Set([specPath, ...filesRead()]);
    for (const dir of new Set([...files].map((f) => dirname(f)))) {
      if (watchers.has(dir)) continue;
      watchers.set(
        dir,
        watch(dir, (_event, name) => {
          if (!name || !files.has(join(dir, name.toString()))) return;
          clearTimeout(timer);
          timer = setTimeout(() => void run(), WATCH_SETTLE_MS);
        }),
      );
    }
    process.stdout.write(
      `watching ${files.size} file${files.size > 1 ? 's' : ''} for changes (Ctrl-C to stop)\n`,
    );
    if (again) {
      again = false;
      await run();
    }
  };
  await run();
  await new Promise<never>(() => {});
}

/** Saves often come as several events; wait this long after the last one before rebuilding. */
const WATCH_SETTLE_MS = 150;

const RATE_STAGE_LABEL: Record<RateStage, string> = {
  spec: 'reading spec',
  maze: 'generating and rating mazes',
  rate: 'rating again',
  heatmap: 'drawing heatmaps',
};

program
  .command('rate')
  .description('rate the difficulty of every maze in a book spec, without building the PDF')
  .argument('<spec>', 'the book spec (YAML)')
  .option('--json', 'print the ratings as JSON instead of a table (warnings still go to stderr)')
  .option(
    '--heatmap <dir>',
    'also write one PNG per maze into this folder, <number>-<key>.png, shaded by visits',
  )
  .option('--seed <n>', 'use this book seed instead of the spec’s', parseSeed)
  .option('--allow-any-path', 'let the spec name theme and font files outside its own folder')
  .addOption(
    new Option('--simulator <name>', 'the simulated solver whose overlap steps and heatmaps are shown')
      .choices(simulatorNames)
      .default('smart'),
  )
  .addHelpText(
    'after',
    `
The mazes are the ones \`build\` makes from the same spec and seed. Score (1–10) and label always come from
the smart simulator, as difficulty targets do; --simulator changes only the overlap column (mean overlap steps
± 95 % interval), the walks and the heatmaps. Columns: sol = solution length in cells, dead = dead ends,
junc = junctions, loops = independent loops, target = the page's difficulty target (✓ reached).`,
  )
  .action(
    async (
      spec: string,
      opts: {
        json?: boolean;
        heatmap?: string;
        seed?: number;
        allowAnyPath?: boolean;
        simulator: SimulatorName;
      },
    ) => {
      const started = performance.now();
      const progress = createProgress(process.stderr, true);
      const ratings = await rateBook(spec, {
        seed: opts.seed,
        allowAnyPath: opts.allowAnyPath,
        simulator: opts.simulator,
        heatmapDir: opts.heatmap,
        onProgress: (p) =>
          progress.update(`${RATE_STAGE_LABEL[p.stage]}${p.total > 1 ? ` ${p.done}/${p.total}` : ''}`),
      }).finally(() => progress.clear());
      for (const w of ratings.warnings) process.stderr.write(`warning: ${w}\n`);
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(ratingsJson(ratings), null, 2)}\n`);
        return;
      }
      const seconds = (performance.now() - started) / 1000;
      for (const line of ratingsTable(ratings, seconds)) process.stdout.write(`${line}\n`);
      if (opts.heatmap) {
        process.stdout.write(`${ratings.pages.length} heatmaps in ${shownPath(resolve(opts.heatmap))}\n`);
      }
    },
  );

program
  .command('render')
  .description('draw one maze to a file: .svg, .png, .pdf, .json, .txt or .fm (by the extension)')
  .requiredOption('-o, --output <file>', 'the file to write; its extension picks the format')
  .option('--spec <file>', 'take the maze from this book spec (with --page)')
  .option('--page <key>', 'the page of --spec to draw: its id or number (default the first)')
  .option('--fm <string>', 'draw this Finger Maze string (FM…)')
  .option('--shape <name>', 'square, hex, triangle, octagon or circle')
  .option('--cells <n>', 'cells across and down: 20, 20x30 or auto')
  .option('--rings <n>', 'circle mazes: rings (or auto)')
  .option('--passage <length>', 'passage width, e.g. 6mm (the maze then fills --size)')
  .option('--hex-top <top>', 'hex mazes: pointy or flat')
  .option('--mask <shape>', 'a built-in shape: heart, circle, star, diamond, hexagon, triangle, ring')
  .option('--formula <expr>', 'a formula mask, e.g. "x*x + y*y < 1"')
  .option('--image <file>', 'a picture mask (PNG, JPEG, WebP…)')
  .option('--text <words>', 'a text mask: the maze takes the shape of these words')
  .option('--algorithm <name>', 'generation algorithm (default backtracker)')
  .option('--straightness <x>', 'backtracker: 0 to 1', Number.parseFloat)
  .option('--newest <x>', 'growing-tree: 0 to 1', Number.parseFloat)
  .option('--weights <list>', 'direction weights, e.g. up=3,down=3 or concentric=5')
  .option('--post <list>', 'post-processes, e.g. reduce-path,cross-cuts=20,braid=0.5')
  .option('--candidates <n>', 'candidate mazes for --difficulty', (v) => Number.parseInt(v, 10))
  .option('--entry <where>', 'auto, top, bottom, left, right or centre')
  .option('--exit <where>', 'auto, top, bottom, left, right or centre')
  .option('--difficulty <level>', 'easy, medium, hard, expert or a score 1–10')
  .option('--mazegram <message>', 'letters on the solution spell this message')
  .option('--language <code>', 'mazegram language: en, de, fr, es, nl, it, da, sv, eo')
  .option('--seed <n>', 'seed (default 1)', parseSeed)
  .option('--size <length>', 'longer side of the drawn maze (default 12cm)')
  .option('--theme <name>', 'theme name or file (default classic)')
  .option('--solution', 'draw the solution')
  .option('--dpi <n>', 'PNG resolution (default 300)', (v) => Number.parseInt(v, 10))
  .addOption(new Option('--style <style>', '.txt drawing').choices(['box', 'amazing']).default('box'))
  .option('--allow-any-path', 'let the maze name files outside the current folder')
  .action(async (opts: RenderCliOptions) => {
    const format = formatOf(opts.output);
    const data = await renderMaze({
      format,
      ...(opts.spec ? { spec: opts.spec, page: opts.page } : { maze: mazeFromFlags(opts) }),
      seed: opts.seed,
      size: opts.size,
      theme: opts.theme,
      solution: opts.solution,
      dpi: opts.dpi,
      text: opts.style,
      allowAnyPath: opts.allowAnyPath,
    });
    const out = resolve(opts.output);
    await writeOutput(out, data);
    process.stdout.write(`${shownPath(out)}: ${format}, ${(data.length / 1024).toFixed(1)} KB\n`);
  });

interface RenderCliOptions {
  output: string;
  spec?: string;
  page?: string;
  fm?: string;
  shape?: string;
  cells?: string;
  rings?: string;
  passage?: string;
  hexTop?: string;
  mask?: string;
  formula?: string;
  image?: string;
  text?: string;
  algorithm?: string;
  straightness?: number;
  newest?: number;
  weights?: string;
  post?: string;
  candidates?: number;
  entry?: string;
  exit?: string;
  difficulty?: string;
  mazegram?: string;
  language?: string;
  seed?: number;
  size?: string;
  theme?: string;
  solution?: boolean;
  dpi?: number;
  style: 'box' | 'amazing';
  allowAnyPath?: boolean;
}

/** The maze fields the flags describe (validated with the spec's own schema when the maze is planned). */
function mazeFromFlags(o: RenderCliOptions): MazeSpec {
  const maze: Record<string, unknown> = {};
  const count = (v: string, flag: string): number | 'auto' => {
    if (v === 'auto') return v;
    if (!/^\d+$/.test(v)) throw new UserError(flag, `expected a whole number or auto, got "${v}"`);
    return Number(v);
  };
  if (o.fm) maze.fm = o.fm;
  if (o.shape) maze.shape = o.shape;
  if (o.cells) {
    const m = /^(\d+)\s*[x×]\s*(\d+)$/.exec(o.cells);
    maze.cells = m ? [Number(m[1]), Number(m[2])] : count(o.cells, '--cells');
  }
  if (o.rings) maze.rings = count(o.rings, '--rings');
  if (o.passage) maze.passage = o.passage;
  if (o.hexTop) maze['hex-top'] = o.hexTop;
  const masks = [o.mask, o.formula, o.image, o.text].filter((m) => m !== undefined);
  if (masks.length > 1) throw new UserError('--mask', 'use one of --mask, --formula, --image and --text');
  if (o.mask) maze.mask = o.mask;
  if (o.formula) maze.mask = { formula: o.formula };
  if (o.image) maze.mask = { image: o.image };
  if (o.text) maze.mask = { text: o.text };
  if (o.algorithm) maze.algorithm = o.algorithm;
  if (o.straightness !== undefined) maze.straightness = o.straightness;
  if (o.newest !== undefined) maze.newest = o.newest;
  if (o.candidates !== undefined) maze.candidates = o.candidates;
  const pairs = (list: string, flag: string): [string, string | undefined][] =>
    list.split(',').map((item) => {
      const [k, v, extra] = item.trim().split('=');
      if (!k || extra !== undefined) throw new UserError(flag, `expected name or name=value, got "${item}"`);
      return [k, v];
    });
  if (o.weights) {
    maze.weights = Object.fromEntries(pairs(o.weights, '--weights').map(([k, v]) => [k, Number(v)]));
  }
  if (o.post) maze.post = pairs(o.post, '--post').map(([k, v]) => (v === undefined ? k : { [k]: Number(v) }));
  if (o.entry) maze.entry = o.entry;
  if (o.exit) maze.exit = o.exit;
  if (o.difficulty)
    maze.difficulty = /^\d+(\.\d+)?$/.test(o.difficulty) ? Number(o.difficulty) : o.difficulty;
  if (o.mazegram) maze.mazegram = o.language ? { message: o.mazegram, language: o.language } : o.mazegram;
  if (!o.fm && maze.cells === undefined && maze.rings === undefined && maze.passage === undefined) {
    if (maze.shape === 'circle') maze.rings = 12;
    else maze.cells = 20;
  }
  return maze as MazeSpec;
}

program
  .command('sheet')
  .description('print an activity sheet in one command: mazes on a page, answers on the next')
  .requiredOption('-o, --output <file>', 'the PDF to write')
  .option('--paper <name>', 'paper preset or size (default a4)', 'a4')
  .option(
    '--count <n>',
    'mazes: 1, 2, 4 or 6 on one sheet, or more over several sheets',
    (v) => Number.parseInt(v, 10),
    4,
  )
  .option('--title <text>', 'heading of the sheet', 'Mazes')
  .option('--theme <name>', 'theme (default classic)')
  .option('--locale <code>', 'language of the built-in words (en, de, nl, es, fr, da, eo)')
  .option('--name-date', 'add Name and Date lines')
  .option('--no-answers', 'leave out the answer page')
  .option('--print-spec', 'print the equivalent book spec (YAML) and stop')
  .option('--shape <name>', 'square, hex, triangle, octagon or circle')
  .option('--cells <n>', 'cells across and down: 10, 10x12 or auto (default: auto with a difficulty)')
  .option('--rings <n>', 'circle mazes: rings (or auto)')
  .option('--mask <shape>', 'a built-in shape mask')
  .option('--algorithm <name>', 'generation algorithm')
  .option('--difficulty <level>', 'easy, medium, hard, expert or a score 1–10')
  .option('--seed <n>', 'seed (default 1)', parseSeed)
  .action(async (opts: SheetCliOptions) => {
    const spec = sheetSpec(opts);
    const schema = resolve(PACKAGE_ROOT, 'docs', 'book.schema.json');
    const text = `# yaml-language-server: $schema=${schema}\n${stringifyYaml(spec)}`;
    if (opts.printSpec) {
      process.stdout.write(text);
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'mazebook-sheet-'));
    const file = join(dir, 'sheet.yaml');
    writeFileSync(file, text);
    try {
      await buildOnce(file, { output: opts.output, quiet: false });
    } catch (e) {
      throw e instanceof UserError && e.where.startsWith(file) ? sheetError(e) : e;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

/** Spec fields a `sheet` option sets, for messages about them (the spec itself is a temporary file). */
const SHEET_FLAGS: Record<string, string> = {
  paper: '--paper',
  shape: '--shape',
  cells: '--cells',
  rings: '--rings',
  mask: '--mask',
  algorithm: '--algorithm',
  difficulty: '--difficulty',
  theme: '--theme',
  locale: '--locale',
  title: '--title',
};

/** A mistake in the generated spec, reported at the option that caused it instead of the temporary file. */
function sheetError(e: UserError): UserError {
  const field =
    /^(?:defaults\.)?([a-z-]+): /.exec(e.what)?.[1] ??
    Object.keys(SHEET_FLAGS).find((k) => e.what.includes(k));
  const what = e.what.replace(/^(?:defaults\.)?[a-z-]+: /, '');
  return new UserError((field && SHEET_FLAGS[field]) ?? 'sheet', what, e.hint);
}

interface SheetCliOptions {
  output: string;
  paper: string;
  count: number;
  title: string;
  theme?: string;
  locale?: string;
  nameDate?: boolean;
  answers: boolean;
  printSpec?: boolean;
  shape?: string;
  cells?: string;
  rings?: string;
  mask?: string;
  algorithm?: string;
  difficulty?: string;
  seed?: number;
}

/** The book spec a `sheet` command stands for (what --print-spec shows). */
function sheetSpec(o: SheetCliOptions): Record<string, unknown> {
  if (!Number.isInteger(o.count) || o.count < 1 || o.count > 60) {
    throw new UserError('--count', `expected a whole number of mazes from 1 to 60, got ${o.count}`);
  }
  const perPage = o.count <= 6 ? ([1, 2, 4, 6].find((n) => n >= o.count) ?? 6) : 6;
  const maze = mazeFromFlags({
    style: 'box',
    output: o.output,
    shape: o.shape,
    cells: o.cells ?? (o.difficulty && !o.rings ? (o.shape === 'circle' ? undefined : 'auto') : undefined),
    rings: o.rings ?? (o.difficulty && o.shape === 'circle' && !o.cells ? 'auto' : undefined),
    mask: o.mask,
    algorithm: o.algorithm,
    difficulty: o.difficulty,
  });
  return {
    title: o.title,
    ...(o.seed !== undefined ? { seed: o.seed } : {}),
    paper: o.paper,
    ...(o.theme ? { theme: o.theme } : {}),
    ...(o.locale ? { locale: o.locale } : {}),
    'per-page': perPage,
    ...(o.nameDate ? { 'name-date': true } : {}),
    front: [],
    defaults: { title: '{{number}}', ...maze },
    pages: Array.from({ length: o.count }, () => ({})),
    solutions: o.answers ? 'inline' : false,
  };
}

program
  .command('validate')
  .description('check a book spec (fields, files, fonts, templates, sizes) without generating any maze')
  .argument('<spec>', 'the book spec (YAML)')
  .option('--allow-any-path', 'let the spec name theme and font files outside its own folder')
  .action(async (spec: string, opts: { allowAnyPath?: boolean }) => {
    const plan = await planSpec(spec, { allowAnyPath: opts.allowAnyPath });
    const pages = plan.front.length + plan.puzzles.length;
    process.stdout.write(
      `${shownPath(resolve(spec))}: valid — ${plan.puzzles.length} mazes, ${pages} pages before the answers\n`,
    );
  });

program
  .command('schema')
  .description('print the JSON Schema of book specs (for editors and other tools)')
  .action(() => {
    process.stdout.write(bookJsonSchemaText());
  });

program
  .command('init')
  .description('create a commented starter spec, NAME.yaml')
  .argument('<name>', 'the new spec’s name or path (".yaml" is added)')
  .action(async (name: string) => {
    const file = await initSpec(name);
    process.stdout.write(
      `${shownPath(file)}: created; build it with  npx mazebook build ${shownPath(file)}\n`,
    );
  });

async function main(): Promise<void> {
  try {
    await program.parseAsync(process.argv);
  } catch (e) {
    process.exitCode = exitCodeFor(e);
  }
}

function exitCodeFor(e: unknown): number {
  if (e instanceof CommanderError) {
    // --help and --version end through here with code 0; usage mistakes are user errors.
    return e.exitCode === 0 ? 0 : EXIT_USER;
  }
  if (e instanceof UserError) {
    process.stderr.write(`error: ${e.message}\n`);
    if (debug) process.stderr.write(`${e.stack}\n`);
    return EXIT_USER;
  }
  process.stderr.write(`internal error: ${(e as Error)?.message ?? e}\n`);
  if (debug) process.stderr.write(`${(e as Error)?.stack}\n`);
  else process.stderr.write('  (run again with --debug for details, and please report it)\n');
  return EXIT_INTERNAL;
}

debug = debug || process.env.MAZEBOOK_DEBUG === '1';
await main();
