import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type PDFArray, PDFDocument, PDFName, type PDFNumber } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { planSpecFiles, renderBook } from '../../src/book/build-book.js';
import { makeCoverArt, planMinPassage, prepareCover } from '../../src/book/cover.js';
import type { LockFile } from '../../src/book/lockfile.js';
import type { BookMetadata } from '../../src/catalogue/book-metadata.js';
import { buildCatalogue } from '../../src/catalogue/build-catalogue.js';
import type { CatalogueResult } from '../../src/catalogue/catalogue-report.js';
import { loadCatalogue } from '../../src/catalogue/load-catalogue.js';
import { canonicalHash } from '../../src/codec/canonical.js';
import { tempDir } from '../helpers.js';
import { mazebookInProcess } from '../run-cli.js';

/**
 * The example catalogue (books/catalogue/): three volumes of one series from one base spec and one seed,
 * built whole in this process, then again in shards — separate processes of the built command, told their
 * index by the runners' variables, run side by side into one folder — which must give the same bytes.
 */

const CATALOGUE = resolve('books/catalogue/catalogue.yaml');
const BIN = resolve('bin/mazebook.js');

/** Every file under `dir` but the reports (which hold times), by path relative to it, with its bytes. */
function bundleFiles(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!/^report.*\.json$/.test(name)) out.set(relative(dir, p), readFileSync(p));
    }
  };
  walk(dir);
  return out;
}

const lockOf = (dir: string, id: string): LockFile =>
  JSON.parse(readFileSync(join(dir, id, `${id}.lock.json`), 'utf8'));
const metadataOf = (dir: string, id: string): BookMetadata =>
  JSON.parse(readFileSync(join(dir, id, `${id}.metadata.json`), 'utf8'));

/** Runs the built `mazebook` with `env`, as a runner starts a task; resolves with its exit code and output. */
function runTask(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, NODE_OPTIONS: '', MAZEBOOK_WORKERS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => done({ code: code ?? -1, out }));
  });
}

/** The whole build of the example, once for the tests below. */
let whole: Promise<{ dir: string; result: CatalogueResult }> | undefined;
function wholeBuild() {
  whole ??= (async () => {
    const dir = join(tempDir(), 'out');
    return { dir, result: await buildCatalogue(CATALOGUE, { out: dir }) };
  })();
  return whole;
}

async function pageBoxes(pdf: Uint8Array): Promise<{ count: number; media: number[]; trim: number[] }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const node = doc.getPages()[0].node;
  const box = (name: string) =>
    (node.get(PDFName.of(name)) as PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
  return { count: doc.getPageCount(), media: box('MediaBox'), trim: box('TrimBox') };
}

describe('the example catalogue', () => {
  it('builds three volumes from one seed with no maze twice, each an upload bundle', async () => {
    const { dir, result } = await wholeBuild();
    expect(result.exitCode).toBe(0);
    expect(result.books.map((b) => [b.id, b.status])).toEqual([
      ['maze-trail-1', 'built'],
      ['maze-trail-2', 'built'],
      ['maze-trail-3', 'built'],
    ]);
    const mazes: string[] = [];
    for (const b of result.books) {
      const lock = lockOf(dir, b.id);
      expect(lock.book.seed).toBe(7);
      expect(lock.catalogue?.book).toBe(b.id);
      mazes.push(...lock.puzzles.map((e) => e.canonical), lock.cover?.art.canonical ?? '');
      expect(readdirSync(join(dir, b.id)).sort()).toEqual([
        `${b.id}-cover.pdf`,
        `${b.id}.lock.json`,
        `${b.id}.metadata.json`,
        `${b.id}.pdf`,
      ]);
    }
    // 18 puzzles and a cover maze each, every one different (turned and mirrored copies count as one).
    expect(mazes).toHaveLength(57);
    expect(new Set(mazes).size).toBe(57);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).books).toHaveLength(3);
  }, 120_000);

  it('says in its metadata what the PDFs are', async () => {
    const { dir } = await wholeBuild();
    const m = metadataOf(dir, 'maze-trail-3');
    expect(m).toMatchObject({
      id: 'maze-trail-3',
      catalogue: 'Maze Trail',
      title: 'Maze Trail 3',
      subtitle: 'Eighteen mazes to the end of the trail',
      author: 'The mazebook team',
      series: 'Maze Trail',
      volume: 3,
      keywords: ['mazes', 'maze book', 'puzzles', 'activity book'],
      language: 'en',
      audience: 'adults',
      profile: 'kdp',
      puzzles: 18,
      ink: 'black',
      paperStock: 'cream',
      bleedEdges: 'outer',
      seed: 7,
    });
    expect(m.description).toBe(
      'The last leg of the trail: eighteen square mazes, from a warm-up to a long walk.\n\nThe answers are at the back.',
    );
    const interior = await pageBoxes(readFileSync(join(dir, m.id, m.files.interior)));
    expect(m.pages).toBe(interior.count);
    // The trim box of the interior, and KDP's spine for cream paper: 0.0025in a page.
    expect(m.trim.width.in * 72).toBeCloseTo(interior.trim[2] - interior.trim[0], 1);
    expect(m.trim.height.in * 72).toBeCloseTo(interior.trim[3] - interior.trim[1], 1);
    expect(m.bleed.in).toBe(0.125);
    expect(m.spine.in).toBeCloseTo(m.pages * 0.0025, 3);
    const cover = await pageBoxes(readFileSync(join(dir, m.id, m.files.cover)));
    expect(m.coverSheet.width.in * 72).toBeCloseTo(cover.media[2] - cover.media[0], 0);
    expect(m.coverSheet.width.in).toBeCloseTo(2 * 0.125 + 2 * 6 + m.spine.in, 2);
    expect(m.coverSheet.height.in).toBe(9.25);
    expect(m.trim.width.mm).toBe(152.4);
  }, 120_000);

  it('is what build --avoid makes of each volume with the volumes before it', async () => {
    const { dir } = await wholeBuild();
    const book = loadCatalogue(CATALOGUE).books[1];
    const out = tempDir();
    const alone = await renderBook(book.spec, {
      output: join(out, 'v2.pdf'),
      overrides: book.overrides,
      avoid: [join(dir, 'maze-trail-1', 'maze-trail-1.lock.json')],
    });
    const lock = lockOf(dir, 'maze-trail-2');
    expect(alone.lock.puzzles).toEqual(lock.puzzles);
    expect(alone.lock.cover).toEqual(lock.cover);
    expect(alone.pdf.equals(readFileSync(join(dir, 'maze-trail-2', 'maze-trail-2.pdf')))).toBe(true);
  }, 120_000);

  it('gives the same bytes in shards run side by side as separate processes', async () => {
    const { dir } = await wholeBuild();
    const expected = bundleFiles(dir);
    const two = join(tempDir(), 'two');
    const args = ['batch', CATALOGUE, '-o', two, '--shards', '2'];
    const runs = await Promise.all([
      runTask(args, { JOB_COMPLETION_INDEX: '1' }),
      runTask(args, { JOB_COMPLETION_INDEX: '0' }),
    ]);
    for (const r of runs) expect(r.code, r.out).toBe(0);
    expect(runs[0].out).toMatch(/shard 1 of 2 \(index from JOB_COMPLETION_INDEX\): books 2–3 of 3: 2 built/);
    expect(
      readdirSync(two)
        .filter((f) => f.startsWith('report'))
        .sort(),
    ).toEqual(['report-shard-0-of-2.json', 'report-shard-1-of-2.json']);
    expect(bundleFiles(two)).toEqual(expected);
    // Three shards, each told by another runner's variable (and one by hand), run through the command in this
    // process: the same bytes again. The last runs first, so it makes the mazes of both books before its own.
    const three = join(tempDir(), 'three');
    const args3 = ['batch', CATALOGUE, '-o', three, '--shards', '3'];
    const last = await mazebookInProcess(args3, { env: { AWS_BATCH_JOB_ARRAY_INDEX: '2' } });
    expect(last.code, last.stderr).toBe(0);
    expect(last.stdout).toMatch(
      /the mazes of the 2 books before them: 0 read from their lockfiles, 2 made here \(\d+\.\d s\)/,
    );
    // A shard writes only its own books (and its report): the mazes it made of the others stay in memory.
    expect(readdirSync(three).sort()).toEqual(['maze-trail-3', 'report-shard-2-of-3.json']);
    const middle = await mazebookInProcess(args3, { env: { CLOUD_RUN_TASK_INDEX: '1' } });
    expect(middle.code, middle.stderr).toBe(0);
    const first = await mazebookInProcess(['batch', CATALOGUE, '-o', three, '--shard', '0/3']);
    expect(first.code, first.stderr).toBe(0);
    expect(bundleFiles(three)).toEqual(expected);
  }, 180_000);

  it('leaves up-to-date books alone, and builds again what changed or is forced', async () => {
    const { dir: first } = await wholeBuild();
    const dir = join(tempDir(), 'again');
    await buildCatalogue(CATALOGUE, { out: dir });
    const again = await buildCatalogue(CATALOGUE, { out: dir });
    expect(again.books.map((b) => b.status)).toEqual(['up to date', 'up to date', 'up to date']);
    // A shard after the others: the books before it are read from their lockfiles, nothing made.
    const late = await buildCatalogue(CATALOGUE, {
      out: dir,
      shard: { index: 1, count: 2, from: '--shard' },
    });
    expect(late.earlier).toMatchObject({ read: 1, made: 0 });
    // A damaged metadata file: that book is built again (to the same bytes); the books after it are still
    // up to date, since its mazes did not change.
    const meta = join(dir, 'maze-trail-2', 'maze-trail-2.metadata.json');
    writeFileSync(meta, '{}');
    const mended = await buildCatalogue(CATALOGUE, { out: dir });
    expect(mended.books.map((b) => [b.status, b.reason])).toEqual([
      ['up to date', undefined],
      ['built', 'its metadata differs'],
      ['up to date', undefined],
    ]);
    const forced = await buildCatalogue(CATALOGUE, { out: dir, force: true });
    expect(forced.books.map((b) => [b.status, b.reason])).toEqual([
      ['built', 'forced'],
      ['built', 'forced'],
      ['built', 'forced'],
    ]);
    expect(bundleFiles(dir)).toEqual(bundleFiles(first));
  }, 180_000);
});

describe('a catalogue with a failing book', () => {
  const tiny = (title: string, pages: string) =>
    `title: ${title}\nseed: 1\ndate: 2026-01-01\npages:\n${pages}\n`;

  it('builds the others, says why, and exits with the worst book’s code', async () => {
    const dir = tempDir({
      'a.yaml': tiny('A', '  - maze: { cells: [4, 5] }\n  - maze: { cells: [5, 5] }'),
      // Fine on its own; with --strict its page count is a problem (kdp prints at least 24 pages).
      'b.yaml': `profile: kdp\npaper: trim-6x9\n${tiny('B', '  - maze: { cells: [4, 5] }')}`,
      'c.yaml': tiny('C', '  - maze: { cells: [4, 5] }'),
      'cat.yaml': 'catalogue: Mixed\nbooks: [a.yaml, b.yaml, c.yaml]\n',
    });
    const out = join(dir, 'out');
    const first = await buildCatalogue(join(dir, 'cat.yaml'), { out });
    expect(first.exitCode).toBe(0);
    expect(first.books[1].warnings.join('\n')).toMatch(/kdp prints at least 24/);
    const before = bundleFiles(out);
    const strict = await buildCatalogue(join(dir, 'cat.yaml'), { out, strict: true, force: true });
    expect(strict.books.map((b) => b.status)).toEqual(['built', 'failed', 'built']);
    expect(strict.books[1].error).toMatch(/--strict: .*kdp prints at least 24/s);
    expect(strict.exitCode).toBe(2);
    // The failed book's bundle is as it was; the others were built to the same bytes.
    expect(bundleFiles(out)).toEqual(before);
  }, 120_000);

  it('cannot decide the books after one whose mazes cannot be made', async () => {
    // A 2×2 grid has 3 different mazes: the fourth puzzle of that size cannot be made.
    const two = '  - maze: { cells: [2, 2] }\n';
    const dir = tempDir({
      'a.yaml': tiny('A', '  - maze: { cells: [4, 5] }'),
      'b.yaml': tiny('B', two.repeat(4).trimEnd()),
      'c.yaml': tiny('C', '  - maze: { cells: [4, 5] }'),
      'cat.yaml': 'catalogue: Stuck\nbooks: [a.yaml, b.yaml, c.yaml]\n',
    });
    const r = await buildCatalogue(join(dir, 'cat.yaml'), { out: join(dir, 'out') });
    expect(r.books.map((b) => b.status)).toEqual(['built', 'failed', 'not built']);
    expect(r.books[1].error).toMatch(/not enough distinct mazes/);
    expect(r.books[2].reason).toBe('the mazes of b, before it, could not be made');
    expect(r.exitCode).toBe(2);
    expect(existsSync(join(dir, 'out', 'c'))).toBe(false);
  }, 120_000);
});

describe('a catalogue’s books', () => {
  it('have cover mazes that do not depend on the page count (earlier books’ mazes are made before layout)', async () => {
    for (const spec of ['books/catalogue/maze-trail.yaml', 'books/kdp-interior.yaml']) {
      const planned = await planSpecFiles(spec);
      const hashes = new Set<string>();
      for (const pages of [24, 120, 700]) {
        const cover = await prepareCover(planned, pages, planMinPassage(planned.plan));
        hashes.add(canonicalHash(makeCoverArt(cover, planned.plan, () => {}).maze));
      }
      expect(hashes.size, spec).toBe(1);
    }
  }, 60_000);

  it('say when a catalogue value does not reach the cover, and report their progress', async () => {
    const dir = tempDir({
      'a.yaml':
        'title: A\ndate: 2026-01-01\npages:\n  - maze: { cells: [4, 5] }\ncover: { title: "Cover title" }\n',
      'cat.yaml': 'catalogue: C\nbooks:\n  - { spec: a.yaml, title: "Volume A" }\n',
    });
    const seen: string[] = [];
    const r = await buildCatalogue(join(dir, 'cat.yaml'), {
      out: join(dir, 'out'),
      onProgress: (p) => seen.push(`${p.book}/${p.books} ${p.id} ${p.doing}`),
    });
    expect(r.books[0].warnings).toEqual([
      expect.stringMatching(
        /cat\.yaml:3:\d+: the book's title does not reach its cover: the spec's cover\.title is printed there/,
      ),
    ]);
    expect(seen[0]).toBe('0/1 a checking');
    expect(seen).toContain('0/1 a maze');
    expect(seen.at(-1)).toBe('0/1 a write');
  }, 60_000);
});
