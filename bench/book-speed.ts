/**
 * Whole-book speed as a user meets it (`npm run bench -- book`), beside the targets of issue 18:
 *
 * - books of 10, 100 and 500 pages of 40×40 mazes built by the CLI in a fresh process each (CPU of the whole
 *   process, one thread): CPU per page, and the cost of one more page — (CPU(500) − CPU(100)) / 400 — which
 *   is what a page costs once start-up is paid; it stays flat when no stage is superlinear (target ≤ 5 ms);
 * - the same books stage by stage (compiled code, a fresh process per book): what one more page costs in
 *   each stage, so a change to the per-page cost shows where it was made;
 * - the 100-page `difficulty: hard` book, stage by stage on one thread: the part that worker threads share
 *   (generation) and the part they cannot (start, plan, layout, PDF), and the speed-up two threads could
 *   reach at best by Amdahl's law, beside the target (≥ 1.7×; `workers` measures the real one);
 * - CLI start: which heavy packages `--version` and `validate` load (none of pdfkit, fontkit, sharp, piscina);
 * - the 100-puzzle example book (books/kdp-100.yaml: three graded series, answers, cover) built by the CLI
 *   on one thread and on two: CPU and wall time, pages, and the sizes of the interior and the cover.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePuzzles, planSpec } from '../src/book/build-book.js';
import { composeBook } from '../src/layout/compose-book.js';
import { renderPdf } from '../src/render/pdf.js';
import { measureProcess, per, report, say, timingOf } from './measure.js';

/** CPU milliseconds (all threads) and wall milliseconds of one `mazebook` process. */
function runCli(args: string[], env: Record<string, string> = {}): { cpu: number; wall: number } {
  const run = measureProcess(['bin/mazebook.js', ...args], env);
  if (!run.ok) throw new Error(`mazebook ${args.join(' ')} failed: ${run.stderr.trim()}`);
  return { cpu: run.cpuMs, wall: run.wallMs };
}

function fortyBook(dir: string, pages: number): string {
  const file = join(dir, `forty-${pages}.yaml`);
  const list = Array.from({ length: pages }, (_, i) => `  - { id: p${i} }`).join('\n');
  writeFileSync(file, `title: Bench\nsolutions: false\ndefaults: { cells: 40 }\npages:\n${list}\n`);
  return file;
}

/** Per-page CPU of whole CLI builds (one thread), medians of `rounds`, and the marginal cost of a page. */
function bookPages(rounds: number): void {
  say('\n40×40 books built by the CLI, whole process on one thread (target ≤ 5 ms a page, linear in pages)');
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-bench-'));
  const cpu: Record<number, number> = {};
  for (const pages of [10, 100, 500]) {
    const spec = fortyBook(dir, pages);
    const runs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const { cpu: ms } = runCli(['build', spec, '-q', '-o', join(dir, 'out.pdf')], {
        MAZEBOOK_WORKERS: '0',
      });
      runs.push(ms);
    }
    const t = timingOf(runs);
    cpu[pages] = t.median;
    report(
      `CLI build of ${pages} 40×40 pages: CPU per page`,
      per(t, (v) => v / pages),
      'ms',
      false,
      2,
    );
  }
  rmSync(dir, { recursive: true, force: true });
  const marginal = (cpu[500] - cpu[100]) / 400;
  const early = (cpu[100] - cpu[10]) / 90;
  report('40×40 page, one more page (pages 101–500)', marginal, 'ms', false, 2);
  report('40×40 page, one more page (pages 11–100)', early, 'ms', false, 2);
  say(
    `  start-up and fixed costs about ${(cpu[10] - 10 * early).toFixed(0)} ms; a page of the last 400 costs ${(marginal / early).toFixed(2)}× one of pages 11–100 (1.00: linear)`,
  );
}

/**
 * Stages of one build as `build` runs them (compiled code in dist/, a fresh process, one thread): CPU
 * milliseconds of spec and plan, generation, the book checks, layout, the PDF and the lockfile.
 */
const STAGES_SCRIPT = `
const d = (m) => import(new URL('dist/' + m, 'file://' + process.cwd() + '/').href);
const { planSpec, generatePuzzles } = await d('book/build-book.js');
const { checkBook } = await d('book/select.js');
const { composeBook } = await d('layout/compose-book.js');
const { renderPdf } = await d('render/pdf.js');
const { lockFor, withPdf } = await d('book/lockfile.js');
const out = {};
const time = async (name, fn) => {
  const t = process.cpuUsage();
  const r = await fn();
  const u = process.cpuUsage(t);
  out[name] = (u.user + u.system) / 1000;
  return r;
};
const plan = await time('plan', () => planSpec(process.argv[1]));
const puzzles = await time('generate', () => generatePuzzles(plan));
await time('checks', () => checkBook(puzzles));
const doc = await time('layout', () => composeBook(plan, puzzles));
const pdf = await time('PDF', () => renderPdf(doc));
await time('lockfile', () => JSON.stringify(withPdf(lockFor(plan.title, plan.seed, puzzles), pdf), null, 2));
process.stdout.write(JSON.stringify(out));
`;

function buildStages(spec: string): Record<string, number> {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', STAGES_SCRIPT, spec], {
    encoding: 'utf8',
    env: { ...process.env, MAZEBOOK_WORKERS: '0' },
  });
  if (run.status !== 0) throw new Error(`stages of ${spec} failed: ${run.stderr.trim()}`);
  return JSON.parse(run.stdout) as Record<string, number>;
}

/** What one more 40×40 page costs in each stage (pages 101–500), from the medians of `rounds` fresh builds. */
function pageStages(rounds: number): void {
  say('\none more 40×40 page by stage (pages 101–500; compiled code, a fresh process per book, one thread)');
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-bench-'));
  const median: Record<number, Record<string, number>> = {};
  for (const pages of [100, 500]) {
    const spec = fortyBook(dir, pages);
    const runs = Array.from({ length: rounds }, () => buildStages(spec));
    median[pages] = Object.fromEntries(
      Object.keys(runs[0]).map((k) => [k, timingOf(runs.map((r) => r[k])).median]),
    );
  }
  rmSync(dir, { recursive: true, force: true });
  let all = 0;
  const parts: string[] = [];
  for (const stage of Object.keys(median[500])) {
    const ms = (median[500][stage] - median[100][stage]) / 400;
    all += ms;
    parts.push(`${stage} ${ms.toFixed(2)}`);
  }
  say(`  ${parts.join(', ')} ms`);
  report('40×40 page, one more page, stages summed', all, 'ms', false, 2);
}

/** The hard book's stages on this thread, and the speed-up two worker threads could reach at best. */
async function hardStages(): Promise<void> {
  say(
    '\nthe 100-page difficulty: hard book, stage by stage on one thread (CPU; workers share generation only)',
  );
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-bench-'));
  const spec = join(dir, 'hard.yaml');
  const pages = Array.from({ length: 100 }, () => '  - {}').join('\n');
  writeFileSync(spec, `title: Hard\nseed: 7\ndefaults: { difficulty: hard }\npages:\n${pages}\n`);
  const stage: Record<string, number> = {};
  const time = async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
    const t = process.cpuUsage();
    const out = await fn();
    const u = process.cpuUsage(t);
    stage[name] = (u.user + u.system) / 1e6;
    return out;
  };
  const plan = await time('plan', () => planSpec(spec));
  const puzzles = await time('generate', () => generatePuzzles(plan));
  const doc = await time('layout', () => composeBook(plan, puzzles));
  await time('PDF', () => renderPdf(doc));
  rmSync(dir, { recursive: true, force: true });
  // Process start and module loading, measured apart: a validate of the sample is about that.
  const start = existsSync('dist/cli/main.js') ? runCli(['validate', 'books/sample.yaml']).cpu / 1000 : 0;
  const serial = start + stage.plan + stage.layout + stage.PDF;
  const one = serial + stage.generate;
  say(
    `  start ${start.toFixed(2)} s, plan ${stage.plan.toFixed(2)} s, generate ${stage.generate.toFixed(2)} s, layout ${stage.layout.toFixed(2)} s, PDF ${stage.PDF.toFixed(2)} s`,
  );
  report('hard book: share no thread can split', (serial / one) * 100, '%', false, 1);
  report('hard book: best 2-thread speed-up (Amdahl)', one / (serial + stage.generate / 2), '×', true, 2);
}

/** The heavy packages a command loads (CommonJS ones, which all of these are). */
function heavyLoaded(args: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-bench-'));
  const hook = join(dir, 'record.cjs');
  const out = join(dir, 'loaded.txt');
  writeFileSync(
    hook,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, Object.keys(require.cache).join('\\n')));\n`,
  );
  spawnSync(process.execPath, ['--require', hook, 'bin/mazebook.js', ...args], { encoding: 'utf8' });
  const loaded = readFileSync(out, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  // pdfkit and fontkit are files of the bundle (dist/bundle/pdfkit.js, fontkit.js), the rest node_modules'.
  return ['pdfkit', 'fontkit', 'sharp', 'piscina'].filter(
    (name) => loaded.includes(`/node_modules/${name}/`) || loaded.includes(`/dist/bundle/${name}.js`),
  );
}

function cliPackages(): void {
  say(
    '\nCLI start: heavy packages each command loads (commander, yaml, zod and handlebars are in the bundle; the figures are in `targets`)',
  );
  for (const args of [['--version'], ['validate', 'books/sample.yaml']]) {
    const names = heavyLoaded(args);
    say(`  mazebook ${args.join(' ')}: ${names.length > 0 ? names.join(', ') : 'none'}`);
  }
}

/** The 100-puzzle example book as a user builds it: CPU and wall time on one and two threads, pages, size. */
export function productBook(): void {
  say(
    '\nbooks/kdp-100.yaml: 100 puzzles in three series, answers and cover, built by the CLI (fresh process)',
  );
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-bench-'));
  const pdf = join(dir, 'kdp-100.pdf');
  for (const threads of ['0', '2']) {
    const { cpu, wall } = runCli(['build', 'books/kdp-100.yaml', '-q', '-o', pdf], {
      MAZEBOOK_WORKERS: threads,
    });
    const name = threads === '0' ? 'one thread' : 'two threads';
    report(`100-puzzle book, ${name}: CPU`, cpu / 1000, 's', false, 2);
    report(`100-puzzle book, ${name}: wall`, wall / 1000, 's', false, 2);
  }
  const lock = JSON.parse(readFileSync(join(dir, 'kdp-100.lock.json'), 'utf8')) as { pages: number };
  report('100-puzzle book: pages', lock.pages, 'pages', false, 0);
  report('100-puzzle book: interior PDF', statSync(pdf).size / 1024, 'KB', false, 0);
  report('100-puzzle book: cover PDF', statSync(join(dir, 'kdp-100-cover.pdf')).size / 1024, 'KB', false, 0);
  rmSync(dir, { recursive: true, force: true });
}

export async function bookSpeed(): Promise<void> {
  if (!existsSync('dist/cli/main.js')) {
    say('\nbook speed: no dist/ (run `npm run build` first); skipped');
    return;
  }
  cliPackages();
  bookPages(3);
  pageStages(3);
  await hardStages();
  productBook();
}
