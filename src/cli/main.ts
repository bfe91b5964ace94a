import { createRequire } from 'node:module';
import { Command, CommanderError, Option } from 'commander';
import { UserError } from '../base/errors.js';
import type { FileAccess } from '../base/files.js';
import { registerCover } from './cover.js';
import { type MazeFlags, mazeFromFlags } from './flags.js';
import { DPI_RANGE, parseSeed, sourceDateEpoch, unitFraction, wholeNumber } from './options.js';
import { createProgress } from './progress.js';
import { type SheetCliOptions, sheetError, sheetSpec } from './sheet.js';

/**
 * The `mazebook` command: a thin layer over the library. Each command loads the modules it needs when it
 * runs (pdfkit, sharp and fontkit are heavy), so `--help`, `--version` and quick commands start fast. The
 * global `performance` is used (node loads perf_hooks only when a command times itself).
 */

const EXIT_USER = 2;
const EXIT_INTERNAL = 1;

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

const SIMULATORS = ['tremaux', 'directional', 'smart'] as const;

type BuildStage = 'spec' | 'plan' | 'maze' | 'layout' | 'render' | 'write';
const STAGE_LABEL: Record<BuildStage, string> = {
  spec: 'reading spec',
  plan: 'planning',
  maze: 'generating mazes',
  layout: 'laying out pages',
  render: 'rendering PDF',
  write: 'writing',
};

let debug = process.argv.includes('--debug') || process.env.MAZEBOOK_DEBUG === '1';

const program = new Command()
  .name('mazebook')
  .description('Build print-ready maze puzzle books from a YAML spec.')
  .version(version)
  .option('--debug', 'show stack traces for errors')
  .exitOverride()
  .configureOutput({ outputError: (str, write) => write(str) })
  .hook('preAction', interpretSchemas);

/**
 * A command checks each schema (spec, theme, lockfile, maze JSON) a few times at most, so zod's compiled
 * fast path (generated code per object schema) costs more to build than it saves: turn it off. Parsing
 * gives the same results and messages either way. zod is loaded here only when a command runs, never for
 * `--help` or `--version`.
 */
async function interpretSchemas(): Promise<void> {
  const { z } = await import('zod');
  z.config({ jitless: true });
}

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

program
  .command('build')
  .description('build a book spec into a PDF')
  .argument('<spec>', 'the book spec (YAML)')
  .option('-o, --output <file>', 'where to write the PDF (default: output/<spec name>.pdf)')
  .option('--seed <n>', 'use this book seed instead of the spec’s', parseSeed)
  .option('--svg <dir>', 'also write every page as an SVG file into this folder')
  .option('-q, --quiet', 'print nothing but errors')
  .option('--allow-any-path', 'let the spec name theme, font and picture files outside its own folder')
  .option('--strict', 'treat book checks and warnings as errors (exit 2, no PDF written)')
  .option(
    '--frozen',
    'fail (exit 2, nothing written) if any puzzle differs from the lockfile next to the PDF',
  )
  .option(
    '--avoid <lockfile...>',
    'repeat no maze of other volumes (their .lock.json): a repeat is re-rolled',
  )
  .option('-w, --watch', 'build, then rebuild whenever the spec or a file it names changes (Ctrl-C to stop)')
  .action(async (spec: string, opts: BuildCliOptions) => {
    if (!opts.watch) {
      await buildOnce(spec, opts);
      return;
    }
    const { watchBuild } = await import('./watch.js');
    const { clearFontCache } = await import('../text/fonts.js');
    await watchBuild(
      spec,
      !!opts.allowAnyPath,
      async (files) => {
        clearFontCache();
        await buildOnce(spec, opts, files);
      },
      { error: (e) => void reportError(e), info: (line) => process.stdout.write(`${line}\n`) },
    );
  });

async function buildOnce(spec: string, opts: BuildCliOptions, files?: FileAccess): Promise<void> {
  const started = performance.now();
  const { buildBook, shownPath } = await import('../book/build-book.js');
  const progress = createProgress(process.stderr, !opts.quiet);
  const result = await buildBook(spec, {
    output: opts.output,
    seed: opts.seed,
    svgDir: opts.svg,
    allowAnyPath: opts.allowAnyPath,
    strict: opts.strict,
    frozen: opts.frozen,
    avoid: opts.avoid,
    files,
    sourceDateEpoch: sourceDateEpoch(),
    onProgress: (p) =>
      progress.update(`${STAGE_LABEL[p.stage]}${p.total > 1 ? ` ${p.done}/${p.total}` : ''}`),
    onWait: (message) => {
      if (opts.quiet) return;
      progress.clear();
      process.stderr.write(`note: ${message}\n`);
    },
  }).finally(() => progress.clear());
  for (const w of result.warnings) process.stderr.write(`warning: ${w}\n`);
  if (!opts.quiet) for (const r of result.reports) process.stdout.write(`${r}\n`);
  if (!opts.quiet) {
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    const kb = (result.bytes / 1024).toFixed(0);
    process.stdout.write(
      `${shownPath(result.output)}: ${result.pages} pages, ${result.puzzles.length} mazes, ${kb} KB, built in ${seconds} s\n`,
    );
    if (result.cover) {
      process.stdout.write(
        `${shownPath(result.cover.output)}: cover, spine ${result.cover.spine}, ${(result.cover.bytes / 1024).toFixed(0)} KB\n`,
      );
    }
  }
}

const RATE_STAGE_LABEL = {
  spec: 'reading spec',
  maze: 'generating and rating mazes',
  rate: 'rating again',
  heatmap: 'drawing heatmaps',
} as const;

program
  .command('rate')
  .description('rate the difficulty of every maze in a book spec, without building the PDF')
  .argument('<spec>', 'the book spec (YAML)')
  .option('--json', 'print the ratings as JSON instead of a table (warnings still go to stderr)')
  .option('--explain', 'also show what each score is made of: search, route, decisions, cycling')
  .option(
    '--heatmap <dir>',
    'also write one PNG per maze into this folder, <number>-<key>.png, shaded by visits',
  )
  .option('--seed <n>', 'use this book seed instead of the spec’s', parseSeed)
  .option('--allow-any-path', 'let the spec name theme, font and picture files outside its own folder')
  .addOption(
    new Option('--simulator <name>', 'the simulated solver whose overlap steps and heatmaps are shown')
      .choices(SIMULATORS)
      .default('smart'),
  )
  .addHelpText(
    'after',
    `
The mazes are the ones \`build\` makes from the same spec and seed. Score (1–10) and label always come from
the smart simulator, as difficulty targets do; --simulator changes only the overlap column (expected overlap
steps ± 95 % interval: exact, with no walks, for tremaux and directional on perfect mazes), the walks and the
heatmaps. Columns: sol = solution length in cells, dead = dead ends,
junc = junctions, loops = independent loops, clear = the clear passage as printed (! under the page's floor),
target = the page's difficulty target (✓ reached). --explain splits each score among the model's components
(search: simulated wandering; route: the solution's steps and turns; decisions: wrong branches at junctions
on the way; cycling: loops with no dead end to say so), as points above 1 and shares of the effort; --json
always includes them.`,
  )
  .action(
    async (
      spec: string,
      opts: {
        json?: boolean;
        explain?: boolean;
        heatmap?: string;
        seed?: number;
        allowAnyPath?: boolean;
        simulator: (typeof SIMULATORS)[number];
      },
    ) => {
      const started = performance.now();
      const { rateBook, ratingsExplained, ratingsJson, ratingsTable } = await import('../book/rate-book.js');
      const { shownPath } = await import('../book/outputs.js');
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
      if (opts.explain)
        for (const line of ['', ...ratingsExplained(ratings)]) process.stdout.write(`${line}\n`);
      if (opts.heatmap) {
        const { resolve } = await import('node:path');
        process.stdout.write(`${ratings.pages.length} heatmaps in ${shownPath(resolve(opts.heatmap))}\n`);
      }
    },
  );

program
  .command('calibrate')
  .description('fit a difficulty model to solve times measured with real readers')
  .argument('<times>', 'the solve times: CSV lines of page key, #n or maze JSON file, seconds, age group')
  .option('-o, --output <file>', 'where to write the model (default: <times name>.model.yaml beside it)')
  .option('--spec <file>', 'the book spec whose pages the times name by key or #n')
  .option('--name <text>', 'the name written into the model (default: the times file name)')
  .option('--seed <n>', 'the book seed the readers’ book was built with, if not the spec’s', parseSeed)
  .option('--allow-any-path', 'let the spec and the times name files outside their own folders')
  .option('--force', 'write the model even when the times show no sign of difficulty (a warning instead)')
  .addHelpText(
    'after',
    `
Each line of the times file is one reader's time for one maze: a page key (as \`mazebook rate\` lists them)
or #n (puzzle n of --spec), or the name of a maze JSON file (relative to the times file); the time in
seconds or m:ss; optionally an age group. The fit starts from the spec's difficulty-model (or the default
one) and keeps the meaning of the 1–10 scale. Times that fit no better than the same times shuffled among
the mazes show no sign of difficulty: no model is written (exit 2) unless --force. Name the written file in a
spec with difficulty-model: FILE. See docs/difficulty.md, "How a teacher collects times".`,
  )
  .action(
    async (
      times: string,
      opts: {
        output?: string;
        spec?: string;
        name?: string;
        seed?: number;
        allowAnyPath?: boolean;
        force?: boolean;
      },
    ) => {
      const { calibrateTimes } = await import('../book/calibrate-times.js');
      const { shownPath } = await import('../book/outputs.js');
      const progress = createProgress(process.stderr, true);
      progress.update('fitting');
      const done = await calibrateTimes(times, opts).finally(() => progress.clear());
      for (const w of done.fit.warnings) process.stderr.write(`warning: ${w}\n`);
      for (const line of done.fit.summary) process.stdout.write(`${line}\n`);
      process.stdout.write(`wrote ${shownPath(done.output)}\n`);
    },
  );

interface RenderCliOptions extends MazeFlags {
  output: string;
  spec?: string;
  page?: string;
  seed?: number;
  size?: string;
  theme?: string;
  solution?: boolean;
  dpi?: number;
  style: 'box' | 'amazing';
  allowAnyPath?: boolean;
}

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
  .option('--straightness <x>', 'backtracker: 0 to 1', unitFraction)
  .option('--newest <x>', 'growing-tree: 0 to 1', unitFraction)
  .option('--weave <x>', 'square weave mazes: density of crossings, 0 to 1', unitFraction)
  .option('--weights <list>', 'direction weights, e.g. up=3,down=3 or concentric=5')
  .option('--post <list>', 'post-processes, e.g. reduce-path,cross-cuts=20,braid=0.5')
  .option('--candidates <n>', 'candidate mazes for --difficulty (1 to 64)', wholeNumber(1, 64))
  .option('--entry <where>', 'auto, top, bottom, left, right or centre')
  .option('--exit <where>', 'auto, top, bottom, left, right or centre')
  .option('--difficulty <level>', 'easy, medium, hard, expert or a score 1–10')
  .option('--mazegram <message>', 'letters on the solution spell this message')
  .option('--language <code>', 'mazegram language: en, de, fr, es, nl, it, da, sv, eo')
  .option('--seed <n>', 'seed (default 1)', parseSeed)
  .option('--size <length>', 'longer side of the drawn maze (default 12cm)')
  .option('--theme <name>', 'theme name or file (default classic)')
  .option('--solution', 'draw the solution')
  .option(
    `--dpi <n>`,
    `PNG resolution, ${DPI_RANGE[0]} to ${DPI_RANGE[1]} (default 300)`,
    wholeNumber(...DPI_RANGE),
  )
  .addOption(new Option('--style <style>', '.txt drawing').choices(['box', 'amazing']).default('box'))
  .option('--allow-any-path', 'let the maze name files outside the current folder')
  .action(async (opts: RenderCliOptions) => {
    const { formatOf, renderMazeOutput } = await import('../book/render-maze.js');
    const { checkOutputs, shownPath, writeOutputs } = await import('../book/outputs.js');
    const { resolve } = await import('node:path');
    const format = formatOf(opts.output);
    const out = resolve(opts.output);
    const target = { path: out, what: format.toUpperCase(), option: '-o' };
    // Before drawing: a folder that cannot take the file is reported at once.
    checkOutputs([target], []);
    const { data, inputs } = await renderMazeOutput({
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
    await writeOutputs([{ ...target, data }], inputs);
    process.stdout.write(`${shownPath(out)}: ${format}, ${(data.length / 1024).toFixed(1)} KB\n`);
  });

program
  .command('sheet')
  .description('print an activity sheet in one command: mazes on a page, answers on the next')
  .option('-o, --output <file>', 'the PDF to write (needed unless --print-spec)')
  .option('--paper <name>', 'paper preset or size (default a4)', 'a4')
  .option(
    '--count <n>',
    'mazes: 1, 2, 4 or 6 on one sheet, or more over several sheets',
    wholeNumber(1, 60),
    4,
  )
  .option('--title <text>', 'heading of the sheet', 'Mazes')
  .option('--theme <name>', 'theme (default classic)')
  .option('--locale <code>', 'language of the built-in words (en, de, nl, es, fr, da, eo)')
  .option('--name-date', 'add Name and Date lines')
  .addOption(
    new Option(
      '--audience <who>',
      'who solves them: kids keeps passages at least 6mm clear, adults 3mm, large-print 5mm with 14pt text and 1.5pt walls (default: kids with --theme kids)',
    ).choices(['kids', 'adults', 'large-print']),
  )
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
    const { resolve, join } = await import('node:path');
    const { stringify } = await import('yaml');
    const { PACKAGE_ROOT } = await import('../base/package-root.js');
    const schema = resolve(PACKAGE_ROOT, 'docs', 'book.schema.json');
    const text = `# yaml-language-server: $schema=${schema}\n${stringify(spec)}`;
    if (opts.printSpec) {
      process.stdout.write(text);
      return;
    }
    if (!opts.output)
      throw new UserError('sheet', 'say where to write the sheet with -o FILE.pdf', 'or use --print-spec');
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
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

registerCover(program);

program
  .command('validate')
  .description(
    'check a book spec (fields, files, fonts, templates, masks, sizes, limits) without generating any maze',
  )
  .argument('<spec>', 'the book spec (YAML)')
  .option('--allow-any-path', 'let the spec name theme, font and picture files outside its own folder')
  .action(async (spec: string, opts: { allowAnyPath?: boolean }) => {
    const { planSpec } = await import('../book/plan-spec.js');
    const { shownPath } = await import('../book/outputs.js');
    const { resolve } = await import('node:path');
    const plan = await planSpec(spec, {
      allowAnyPath: opts.allowAnyPath,
      sourceDateEpoch: sourceDateEpoch(),
    });
    const pages = plan.front.length + plan.puzzles.length;
    process.stdout.write(
      `${shownPath(resolve(spec))}: valid — ${plan.puzzles.length} mazes, ${pages} pages before the answers\n`,
    );
  });

program
  .command('preview')
  .description('show the book in a browser, rebuilt on every save, with a re-roll button per maze')
  .argument('<spec>', 'the book spec (YAML)')
  .option('--port <n>', 'port on 127.0.0.1 to serve on (default: any free port)', wholeNumber(0, 65535))
  .option('--allow-any-path', 'let the spec name theme, font and picture files outside its own folder')
  .action(async (spec: string, opts: { port?: number; allowAnyPath?: boolean }) => {
    const { runPreview } = await import('../preview/run-preview.js');
    await runPreview(spec, { ...opts, sourceDateEpoch: sourceDateEpoch() }, (line) =>
      process.stdout.write(`${line}\n`),
    );
  });

program
  .command('schema')
  .description('print the JSON Schema of book specs (for editors and other tools)')
  .action(async () => {
    const { bookJsonSchemaText } = await import('../spec/json-schema.js');
    process.stdout.write(bookJsonSchemaText());
  });

program
  .command('init')
  .description('create a commented starter spec, NAME.yaml, and the schema editors read beside it')
  .argument('<name>', 'the new spec’s name or path (".yaml" is added)')
  .action(async (name: string) => {
    const { initSpec } = await import('./starter.js');
    const { mazebookCommand, shellQuote } = await import('./invocation.js');
    const { shownPath } = await import('../book/outputs.js');
    const run = mazebookCommand();
    const file = await initSpec(name, run);
    const spec = shellQuote(shownPath(file));
    process.stdout.write(
      [
        `${shownPath(file)}: created (with book.schema.json beside it, which editors read to complete fields)`,
        'next:',
        `  ${run} build ${spec}      # the book, its answers and its cover, into output/`,
        `  ${run} preview ${spec}    # see it in a browser as you edit`,
        '',
      ].join('\n'),
    );
  });

/** Prints an error the way the command ends with it, and returns the exit code. */
function reportError(e: unknown): number {
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

/** Output piped into a program that stops reading (`mazebook schema | head`) ends the command quietly. */
function quietOnBrokenPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

async function main(): Promise<void> {
  quietOnBrokenPipe(process.stdout);
  quietOnBrokenPipe(process.stderr);
  debug = debug || program.opts().debug === true;
  try {
    await program.parseAsync(process.argv);
  } catch (e) {
    process.exitCode = reportError(e);
  }
}

/**
 * Settles when the command has finished and `process.exitCode` is set. Not awaited at the top level, so the
 * command can be bundled into one CommonJS script (bench/bundle-cli.mjs); node waits for it anyway.
 */
export const finished: Promise<void> = main();
