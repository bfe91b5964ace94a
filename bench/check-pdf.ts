/**
 * `npm run check:pdf`: builds every books/*.yaml and a few generated specs that exercise the print features
 * (KDP and Lulu bleed, CMYK, a screen PDF with bookmarks and links) into a temporary folder, then checks each
 * PDF with real PDF tools:
 *
 * - `qpdf --check`: exit 0 and "No syntax or stream encoding errors";
 * - `pdffonts`: every font embedded and subset;
 * - `pdfinfo -box`: MediaBox, CropBox, BleedBox and TrimBox of every page as the spec asks (trim + bleed);
 * - outline and link annotations (read with pdf-lib): present and resolvable on screen, absent in print;
 * - `pdftoppm -r 20` and, when installed, Ghostscript (`gs -sDEVICE=nullpage`): every page renders with
 *   nothing on stderr.
 *
 * Prints a table; exit 0 when all pass, 1 on any failure (the folder is then kept for a look), 2 when a
 * needed tool is missing (`--skip-missing` skips those checks instead). Other options: `--keep` keeps the
 * folder; spec paths given as arguments are checked instead of the default set.
 *
 * tests/render/pdf-tools.test.ts runs the same checks on small books, skipping the tools that are absent.
 */
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import { stringify } from 'yaml';
import { buildBook, planSpec } from '../src/book/build-book.js';
import type { BookPlan } from '../src/plan/plan-book.js';

const INCH = 72;

/** What the PDF of a book should look like. Lengths in points. */
export interface Expected {
  /** Trim size: the page as cut, [width, height]. */
  trim: [number, number];
  /** Bleed beyond the trim, 0 for none. */
  bleed: number;
  /**
   * `outer`: KDP, bleed on the outer edge (right of odd pages, left of even ones), top and bottom;
   * `all`: all round.
   */
  bleedStyle: 'outer' | 'all';
  /** Screen PDFs have an outline and links; print PDFs have neither. */
  interactive: boolean;
  /** The number of outline entries (bookmarks), when known. */
  bookmarks?: number;
}

/** One check of one PDF: the short table cell, and what went wrong (empty when it passed). */
export interface CheckResult {
  cell: string;
  problems: string[];
}

export type ToolName = 'qpdf' | 'pdffonts' | 'pdfinfo' | 'pdftoppm' | 'gs';

/** How to install each tool on Debian/Ubuntu. */
export const INSTALL: Record<ToolName, string> = {
  qpdf: 'apt-get install -y poppler-utils qpdf',
  pdffonts: 'apt-get install -y poppler-utils qpdf',
  pdfinfo: 'apt-get install -y poppler-utils qpdf',
  pdftoppm: 'apt-get install -y poppler-utils qpdf',
  gs: 'apt-get install -y ghostscript',
};

/** Whether an executable of this name is on PATH. */
export function onPath(tool: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, tool), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

function run(tool: string, args: string[]): Run {
  const r = spawnSync(tool, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return {
    status: r.status,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    ...(r.error ? { error: r.error } : {}),
  };
}

/** The first lines of a tool's output, on one line, for a message. */
function excerpt(text: string, lines = 3): string {
  const all = text.trim().split('\n');
  const head = all.slice(0, lines).join(' | ');
  return all.length > lines ? `${head} | … (${all.length - lines} more lines)` : head;
}

/** A problem for a tool that printed to stderr or exited with an error. */
function runProblems(what: string, r: Run, okStatus = [0]): string[] {
  if (r.error) return [`${what}: could not run: ${r.error.message}`];
  const out: string[] = [];
  if (!okStatus.includes(r.status ?? -1)) out.push(`${what}: exit code ${r.status}`);
  if (r.stderr.trim()) out.push(`${what}: stderr: ${excerpt(r.stderr)}`);
  return out;
}

function capped(problems: string[], max = 4): string[] {
  return problems.length > max
    ? [...problems.slice(0, max), `… and ${problems.length - max} more`]
    : problems;
}

function result(ok: string, problems: string[]): CheckResult {
  return { cell: problems.length === 0 ? ok : 'FAIL', problems: capped(problems) };
}

/** `qpdf --check`: exit 0 (3 would mean warnings) and the "no errors" line. */
export function checkQpdf(file: string): CheckResult {
  const r = run('qpdf', ['--check', file]);
  const problems = runProblems('qpdf --check', r);
  if (!r.error && !r.stdout.includes('No syntax or stream encoding errors')) {
    problems.push(`qpdf --check: no "No syntax or stream encoding errors" line: ${excerpt(r.stdout, 6)}`);
  }
  return result('ok', problems);
}

export interface FontRow {
  name: string;
  type: string;
  emb: string;
  sub: string;
}

/** The rows of `pdffonts` output; columns are cut where the header's dashes are. */
export function parsePdffonts(stdout: string): FontRow[] {
  const lines = stdout.split('\n');
  const dashes = lines.findIndex((l) => /^-+( -+)+\s*$/.test(l));
  if (dashes < 1) return [];
  const header = lines[dashes - 1];
  const spans: [number, number][] = [];
  for (const m of lines[dashes].matchAll(/-+/g)) spans.push([m.index, m.index + m[0].length]);
  const col = (name: string) =>
    spans.findIndex(([a, b]) =>
      header
        .slice(a, b + 1)
        .trim()
        .startsWith(name),
    );
  const at = { name: col('name'), type: col('type'), emb: col('emb'), sub: col('sub') };
  if (Object.values(at).some((i) => i < 0)) return [];
  const cut = (line: string, i: number) =>
    line.slice(spans[i][0], (spans[i + 1]?.[0] ?? line.length) - 1).trim();
  return lines
    .slice(dashes + 1)
    .filter((l) => l.trim())
    .map((l) => ({ name: cut(l, at.name), type: cut(l, at.type), emb: cut(l, at.emb), sub: cut(l, at.sub) }));
}

/** `pdffonts`: at least one font, every one embedded (emb yes) and subset (sub yes, a ABCDEF+ tag). */
export function checkFonts(file: string): CheckResult {
  const r = run('pdffonts', [file]);
  const problems = runProblems('pdffonts', r);
  if (r.error) return result('', problems);
  const rows = parsePdffonts(r.stdout);
  if (rows.length === 0) problems.push(`pdffonts: no fonts listed: ${excerpt(r.stdout)}`);
  for (const f of rows) {
    if (f.emb !== 'yes') problems.push(`pdffonts: ${f.name} (${f.type}) is not embedded`);
    if (f.sub !== 'yes' || !/^[A-Z]{6}\+/.test(f.name))
      problems.push(`pdffonts: ${f.name} (${f.type}) is not subset`);
  }
  return result(`ok ${rows.length} fonts`, problems);
}

type Box = [number, number, number, number];
const BOXES = ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox'] as const;
type BoxName = (typeof BOXES)[number];

/** The page count and every page's boxes from `pdfinfo -box -f 1 -l N`. */
export function parsePdfinfoBoxes(stdout: string): {
  pages: number;
  boxes: Map<number, Partial<Record<BoxName, Box>>>;
} {
  const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? Number.NaN);
  const boxes = new Map<number, Partial<Record<BoxName, Box>>>();
  const re = /^Page\s+(\d+)\s+(MediaBox|CropBox|BleedBox|TrimBox|ArtBox):\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/gm;
  for (const m of stdout.matchAll(re)) {
    const page = Number(m[1]);
    const entry = boxes.get(page) ?? {};
    if (m[2] !== 'ArtBox') entry[m[2] as BoxName] = [Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])];
    boxes.set(page, entry);
  }
  return { pages, boxes };
}

/** The boxes page `n` (1-based) should have. */
export function expectedBoxes(e: Expected, n: number): Record<BoxName, Box> {
  const [w, h] = e.trim;
  const b = e.bleed;
  if (b <= 0) {
    const media: Box = [0, 0, w, h];
    return { MediaBox: media, CropBox: media, BleedBox: media, TrimBox: media };
  }
  const verso = n % 2 === 0;
  const left = e.bleedStyle === 'all' || verso ? b : 0;
  const right = e.bleedStyle === 'all' || !verso ? b : 0;
  const media: Box = [0, 0, left + w + right, h + 2 * b];
  return { MediaBox: media, CropBox: media, BleedBox: media, TrimBox: [left, b, left + w, b + h] };
}

const fmt = (box: Box | undefined) => (box ? box.map((v) => v.toFixed(2)).join(' ') : 'missing');

/** `pdfinfo -box`: the page count, and MediaBox = CropBox = BleedBox = trim + bleed, TrimBox = the trim. */
export function checkBoxes(file: string, pages: number, e: Expected): CheckResult {
  const r = run('pdfinfo', ['-box', '-f', '1', '-l', String(pages), file]);
  const problems = runProblems('pdfinfo -box', r);
  if (r.error) return result('', problems);
  const info = parsePdfinfoBoxes(r.stdout);
  if (Number.isNaN(info.pages)) problems.push('pdfinfo: no "Pages:" line');
  else if (info.pages !== pages) problems.push(`pdfinfo: ${info.pages} pages, the build made ${pages}`);
  for (let n = 1; n <= pages; n++) {
    const got = info.boxes.get(n) ?? {};
    const want = expectedBoxes(e, n);
    for (const name of BOXES) {
      const g = got[name];
      // pdfinfo prints two decimals.
      if (!g || g.some((v, i) => Math.abs(v - want[name][i]) > 0.011)) {
        problems.push(`pdfinfo -box: page ${n} ${name} ${fmt(g)}, expected ${fmt(want[name])}`);
      }
    }
  }
  const what = e.bleed > 0 ? `bleed ${e.bleed}pt ${e.bleedStyle}` : 'no bleed';
  return result(`ok ${what}`, problems);
}

/** `pdftoppm -r 20`: one image per page, exit 0, nothing on stderr. */
export function checkPoppler(file: string, pages: number, scratch: string): CheckResult {
  const dir = mkdtempSync(join(scratch, 'ppm-'));
  try {
    const r = run('pdftoppm', ['-r', '20', '-png', file, join(dir, 'page')]);
    const problems = runProblems('pdftoppm', r);
    const images = readdirSync(dir).filter((f) => f.endsWith('.png')).length;
    if (!r.error && images !== pages) problems.push(`pdftoppm: ${images} pages rendered of ${pages}`);
    return result(`ok ${images} pages`, problems);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Ghostscript on the null device: exit 0 and, with `-q`, no output at all (warnings go to either stream). */
export function checkGhostscript(file: string): CheckResult {
  const r = run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=nullpage', file]);
  const problems = runProblems('gs', r);
  if (r.stdout.trim()) problems.push(`gs: stdout: ${excerpt(r.stdout)}`);
  return result('ok', problems);
}

/**
 * The outline and link annotations, read with pdf-lib: a screen PDF has bookmarks and links whose targets are
 * pages of the document; a print PDF has neither.
 */
export async function checkInteractive(bytes: Uint8Array, e: Expected): Promise<CheckResult> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const ctx = pdf.context;
  const look = (v: PDFObject | undefined): PDFObject | undefined => (v instanceof PDFRef ? ctx.lookup(v) : v);
  const dict = (v: PDFObject | undefined) => {
    const d = look(v);
    return d instanceof PDFDict ? d : undefined;
  };
  const text = (v: PDFObject | undefined) => {
    const s = look(v);
    return s instanceof PDFString || s instanceof PDFHexString ? s.decodeText() : undefined;
  };
  const problems: string[] = [];
  const pages = pdf.getPages();
  const pageIndex = new Map(pages.map((p, i) => [p.ref.toString(), i]));

  // Outline entries, depth first.
  const outline = dict(pdf.catalog.get(PDFName.of('Outlines')));
  let bookmarks = 0;
  const seen = new Set<string>();
  const walk = (first: PDFObject | undefined) => {
    for (let item = first; item instanceof PDFRef && !seen.has(item.toString()); ) {
      seen.add(item.toString());
      const d = dict(item);
      if (!d) break;
      bookmarks++;
      walk(d.get(PDFName.of('First')));
      item = d.get(PDFName.of('Next'));
    }
  };
  walk(outline?.get(PDFName.of('First')));

  // Named destinations: the catalog's /Names /Dests name tree (and the older /Dests dictionary).
  const named = new Map<string, PDFObject | undefined>();
  const tree = (node: PDFDict | undefined) => {
    const names = look(node?.get(PDFName.of('Names')));
    if (names instanceof PDFArray) {
      for (let i = 0; i + 1 < names.size(); i += 2) {
        const key = text(names.get(i));
        if (key !== undefined) named.set(key, look(names.get(i + 1)));
      }
    }
    const kids = look(node?.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) for (const k of kids.asArray()) tree(dict(k));
  };
  tree(dict(dict(pdf.catalog.get(PDFName.of('Names')))?.get(PDFName.of('Dests'))));
  for (const [k, v] of dict(pdf.catalog.get(PDFName.of('Dests')))?.entries() ?? [])
    named.set(k.decodeText(), look(v));
  const targetPage = (dest: PDFObject | undefined): number | undefined => {
    let d = look(dest);
    const name = d instanceof PDFName ? d.decodeText() : text(d);
    if (name !== undefined) d = named.get(name);
    if (d instanceof PDFDict) d = look(d.get(PDFName.of('D')));
    const page = d instanceof PDFArray ? d.get(0) : undefined;
    return page instanceof PDFRef ? pageIndex.get(page.toString()) : undefined;
  };

  let links = 0;
  pages.forEach((page, i) => {
    const annots = look(page.node.get(PDFName.of('Annots')));
    if (!(annots instanceof PDFArray)) return;
    for (const a of annots.asArray()) {
      const annot = dict(a);
      if (annot?.get(PDFName.of('Subtype')) !== PDFName.of('Link')) continue;
      links++;
      const action = dict(annot.get(PDFName.of('A')));
      const dest = annot.get(PDFName.of('Dest')) ?? action?.get(PDFName.of('D'));
      if (targetPage(dest) === undefined) {
        problems.push(`link on page ${i + 1} goes to no page of the document (${String(look(dest))})`);
      }
    }
  });

  if (e.interactive) {
    if (!outline) problems.push('no /Outlines dictionary in the catalog');
    if (bookmarks === 0) problems.push('the outline has no entries');
    if (e.bookmarks !== undefined && bookmarks !== e.bookmarks) {
      problems.push(`the outline has ${bookmarks} entries, expected ${e.bookmarks}`);
    }
    if (links === 0) problems.push('no /Link annotations');
  } else {
    if (outline) problems.push(`a print PDF with an /Outlines dictionary (${bookmarks} entries)`);
    if (links > 0) problems.push(`a print PDF with ${links} /Link annotations`);
  }
  return result(e.interactive ? `ok ${bookmarks} bm ${links} links` : 'ok none', problems);
}

/** What a book's own plan asks for: the trim size, bleed and profile. */
export function expectedFromPlan(plan: BookPlan): Expected {
  return {
    trim: [plan.paper.width, plan.paper.height],
    bleed: plan.print.bleed,
    bleedStyle: plan.print.bleedStyle,
    interactive: plan.print.rules.interactive,
  };
}

export interface GeneratedBook {
  name: string;
  spec: Record<string, unknown>;
  /** Written down independently of the planner: the numbers a print shop would ask for. */
  expect: Expected;
}

/**
 * Specs exercising the print features. `puzzles` small mazes each; the defaults make the KDP and Lulu books
 * long enough for their services (24 and 32 pages), with an odd count before padding.
 */
export function generatedBooks(puzzles?: number): GeneratedBook[] {
  const mazes = (n: number, shapes: string[] = ['square']) =>
    Array.from({ length: n }, (_, i) => {
      const shape = shapes[i % shapes.length];
      const size = shape === 'circle' ? { rings: 5 + (i % 3) } : { cells: [6 + (i % 4), 8 + (i % 5)] };
      return { maze: { shape, ...size } };
    });
  const base = { seed: 2026, date: '2026-01-01', defaults: { title: 'Maze {{number}}' } };
  const front = ['title-page', { instructions: 'Find the way from the arrow in to the arrow out.' }];
  const kdpPuzzles = puzzles ?? 21;
  const screenPuzzles = puzzles ?? 8;
  return [
    {
      // 2 + 21 + 4 = 27 pages, padded to 28; the page colour shows the bleed.
      name: 'gen-kdp',
      spec: {
        title: 'KDP interior',
        ...base,
        paper: 'trim-6x9',
        profile: 'kdp',
        bleed: '0.125in',
        theme: { base: 'classic', page: '#fff4d6' },
        front,
        pages: mazes(kdpPuzzles),
        solutions: { appendix: true, 'per-page': 6 },
      },
      expect: { trim: [6 * INCH, 9 * INCH], bleed: INCH / 8, bleedStyle: 'outer', interactive: false },
    },
    {
      // 2 + 27 + 5 = 34 pages.
      name: 'gen-lulu',
      spec: {
        title: 'Lulu interior',
        ...base,
        paper: 'trim-8.5x11',
        profile: 'lulu',
        bleed: '0.125in',
        theme: { base: 'classic', page: '#e8f4ff' },
        front,
        pages: mazes(puzzles ?? 27, ['square', 'hex', 'triangle']),
        solutions: { appendix: true, 'per-page': 6 },
      },
      expect: { trim: [8.5 * INCH, 11 * INCH], bleed: INCH / 8, bleedStyle: 'all', interactive: false },
    },
    {
      name: 'gen-cmyk',
      spec: {
        title: 'CMYK interior',
        ...base,
        paper: 'letter',
        color: 'cmyk',
        theme: 'kids',
        front,
        pages: mazes(puzzles ?? 6, ['square', 'hex', 'circle']),
        solutions: { appendix: true, 'per-page': 6 },
      },
      expect: { trim: [8.5 * INCH, 11 * INCH], bleed: 0, bleedStyle: 'all', interactive: false },
    },
    {
      // A bookmark per puzzle and one for the answers; titles link to answers and back.
      name: 'gen-screen',
      spec: {
        title: 'Screen edition',
        ...base,
        paper: 'a5',
        profile: 'screen',
        front,
        pages: mazes(screenPuzzles),
        solutions: { appendix: true, 'per-page': 4 },
      },
      expect: {
        trim: [(148 / 25.4) * INCH, (210 / 25.4) * INCH],
        bleed: 0,
        bleedStyle: 'all',
        interactive: true,
        bookmarks: screenPuzzles + 1,
      },
    },
  ];
}

/** Writes a generated book's spec as YAML into `dir` and returns its path. */
export function writeSpec(dir: string, book: GeneratedBook): string {
  const file = join(dir, `${book.name}.yaml`);
  writeFileSync(file, stringify(book.spec));
  return file;
}

const COLUMNS = ['qpdf', 'pdffonts', 'pdfinfo -box', 'outline/links', 'pdftoppm', 'gs'] as const;
type Column = (typeof COLUMNS)[number];
const TOOL_OF: Record<Column, ToolName | undefined> = {
  qpdf: 'qpdf',
  pdffonts: 'pdffonts',
  'pdfinfo -box': 'pdfinfo',
  'outline/links': undefined,
  pdftoppm: 'pdftoppm',
  gs: 'gs',
};

interface Row {
  book: string;
  pages: string;
  build: string;
  cells: Partial<Record<Column, string>>;
  problems: string[];
  warnings: string[];
}

async function checkBook(
  name: string,
  spec: string,
  expect: Expected | undefined,
  dir: string,
  has: Record<ToolName, boolean>,
): Promise<Row> {
  const row: Row = { book: name, pages: '', build: '', cells: {}, problems: [], warnings: [] };
  const output = join(dir, `${name}.pdf`);
  const t = performance.now();
  let pages: number;
  try {
    const built = await buildBook(spec, { output });
    pages = built.pages;
    row.warnings = built.warnings;
    expect ??= expectedFromPlan(await planSpec(spec));
  } catch (e) {
    row.build = 'FAIL';
    row.problems.push(`build: ${(e as Error).message}`);
    return row;
  }
  row.build = `${((performance.now() - t) / 1000).toFixed(1)} s`;
  row.pages = String(pages);
  const e = expect;
  const checks: Record<Column, () => CheckResult | Promise<CheckResult>> = {
    qpdf: () => checkQpdf(output),
    pdffonts: () => checkFonts(output),
    'pdfinfo -box': () => checkBoxes(output, pages, e),
    'outline/links': () => checkInteractive(readFileSync(output), e),
    pdftoppm: () => checkPoppler(output, pages, dir),
    gs: () => checkGhostscript(output),
  };
  for (const column of COLUMNS) {
    const tool = TOOL_OF[column];
    if (tool && !has[tool]) {
      row.cells[column] = 'skip';
      continue;
    }
    const r = await checks[column]();
    row.cells[column] = r.cell;
    row.problems.push(...r.problems.map((p) => (p.startsWith(column.split(' ')[0]) ? p : `${column}: ${p}`)));
  }
  return row;
}

function table(rows: Row[]): string {
  const head = ['book', 'pages', 'build', ...COLUMNS];
  const body = rows.map((r) => [r.book, r.pages, r.build, ...COLUMNS.map((c) => r.cells[c] ?? '')]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const skipMissing = argv.includes('--skip-missing');
  const keep = argv.includes('--keep');
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--skip-missing' && a !== '--keep');
  if (unknown.length > 0) {
    console.error(`check-pdf: unknown option ${unknown[0]} (options: --skip-missing, --keep, spec files)`);
    return 2;
  }
  const specs = argv.filter((a) => !a.startsWith('-'));

  const tools: ToolName[] = ['qpdf', 'pdffonts', 'pdfinfo', 'pdftoppm', 'gs'];
  const has = Object.fromEntries(tools.map((t) => [t, onPath(t)])) as Record<ToolName, boolean>;
  const missing = tools.filter((t) => t !== 'gs' && !has[t]);
  for (const t of missing) console.error(`${t} not found: ${INSTALL[t]}`);
  if (missing.length > 0 && !skipMissing) {
    console.error('check-pdf: needed tools are missing (or pass --skip-missing to skip their checks)');
    return 2;
  }
  if (!has.gs) console.error(`gs not found, Ghostscript checks skipped (optional: ${INSTALL.gs})`);

  const dir = mkdtempSync(join(tmpdir(), 'mazebook-check-pdf-'));
  const specDir = join(dir, 'specs');
  mkdirSync(specDir);
  const jobs: { name: string; spec: string; expect?: Expected }[] = [];
  if (specs.length > 0) {
    for (const s of specs) jobs.push({ name: basename(s, extname(s)), spec: resolve(s) });
  } else {
    const books = readdirSync('books')
      .filter((f) => f.endsWith('.yaml'))
      .sort();
    for (const f of books) jobs.push({ name: basename(f, '.yaml'), spec: resolve('books', f) });
    for (const g of generatedBooks())
      jobs.push({ name: g.name, spec: writeSpec(specDir, g), expect: g.expect });
  }

  const rows: Row[] = [];
  for (const job of jobs) {
    process.stderr.write(`checking ${job.name}…\n`);
    rows.push(await checkBook(job.name, job.spec, job.expect, dir, has));
  }

  console.log(table(rows));
  const failures = rows.flatMap((r) => r.problems.map((p) => `${r.book}: ${p}`));
  const warnings = rows.flatMap((r) => r.warnings.map((w) => `${r.book}: ${w}`));
  if (warnings.length > 0) console.log(`\nBuild warnings (not failures):\n  ${warnings.join('\n  ')}`);
  const skipped = tools.filter((t) => !has[t]);
  if (skipped.length > 0) console.log(`\nSkipped, not installed: ${skipped.join(', ')}`);
  if (failures.length > 0) {
    console.log(`\n${failures.length} problem${failures.length > 1 ? 's' : ''}:\n  ${failures.join('\n  ')}`);
    console.log(`\nThe PDFs are kept in ${dir}`);
    return 1;
  }
  if (keep) console.log(`\nThe PDFs are in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  const n = rows.length;
  console.log(`\nAll ${n} PDF${n > 1 ? 's' : ''} pass${skipped.length > 0 ? ' the checks that ran' : ''}.`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
