import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBook, type GeneratedPuzzle, loadSpec, planSpec } from '../../src/book/build-book.js';
import { checkStars } from '../../src/book/check-stars.js';
import { nonGreyColours } from '../../src/book/ink-check.js';
import { toMm } from '../../src/book/lockfile.js';
import { canonicalHash } from '../../src/codec/canonical.js';
import { paginateAnswers } from '../../src/layout/answer-pages.js';
import { planBook } from '../../src/plan/plan-book.js';
import { tempDir } from '../helpers.js';
import { inspectPdf } from '../pdf-inspect.js';

const books = readdirSync('books').filter((f) => f.endsWith('.yaml'));

/**
 * Pages a book must have: front, section openers (on a right-hand page in facing books), sheets (and their
 * inline answers), the answer pages (each as full as its finest maze allows), padding.
 */
function expectedPages(plan: Awaited<ReturnType<typeof planSpec>>, puzzles: GeneratedPuzzle[]): number {
  let pages = plan.front.length;
  let section = -1;
  let run = 0;
  puzzles.forEach((p, i) => {
    const s = p.plan.section?.index;
    const newSection = s !== undefined && s !== section;
    if (i === 0 || newSection || s !== puzzles[i - 1].plan.section?.index || run === p.plan.perPage) {
      if (newSection) {
        section = s;
        if (plan.print.facing && (pages + 1) % 2 === 0) pages++;
        pages++;
      }
      pages += plan.solutions.inline ? 2 : 1;
      run = 0;
    }
    run++;
  });
  if (plan.solutions.appendix) pages += paginateAnswers(plan, puzzles).length;
  return plan.print.rules.padEven && pages % 2 === 1 ? pages + 1 : pages;
}

/** The first build of each example book, into a.pdf in its own folder; read again by the tests of one book. */
const firstBuilds = new Map<
  string,
  Promise<{ out: string; result: Awaited<ReturnType<typeof buildBook>> }>
>();
function firstBuild(spec: string) {
  let built = firstBuilds.get(spec);
  if (!built) {
    const out = tempDir();
    built = buildBook(spec, { output: join(out, 'a.pdf') }).then((result) => ({ out, result }));
    firstBuilds.set(spec, built);
  }
  return built;
}

/**
 * Books of product size: built again by the compiled CLI on worker threads (when dist/ is built), so the
 * reproducibility check also shows the same bytes on one thread (the first build, from sources) and on two.
 */
const PRODUCT_BOOKS = new Set(['kdp-100.yaml']);
const BIN = resolve('bin/mazebook.js');
const compiled = existsSync(resolve('dist/book/puzzle-worker.js'));

/** The book built again into b.pdf: by the CLI on two threads for a product book, else in this process. */
async function secondBuild(file: string, out: string): Promise<string> {
  const spec = join('books', file);
  const output = join(out, 'b.pdf');
  if (!PRODUCT_BOOKS.has(file) || !compiled) return (await buildBook(spec, { output, strict: true })).output;
  const r = spawnSync(process.execPath, [BIN, 'build', spec, '-o', output, '-q', '--strict'], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', MAZEBOOK_WORKERS: '2' },
  });
  expect(r.status, r.stderr).toBe(0);
  return output;
}

describe.each(books)('books/%s', (file) => {
  it('builds into a structurally sound, reproducible PDF', async () => {
    const spec = join('books', file);
    const plan = await planSpec(spec);
    const { out, result: first } = await firstBuild(spec);
    // The second build is strict: every example book passes its own checks as errors (books/kdp-interior.yaml
    // and books/large-print.yaml their profile's and large print's floors).
    const second = await secondBuild(file, out);
    const bytes = readFileSync(first.output);
    expect(Buffer.compare(bytes, readFileSync(second))).toBe(0);
    expect(readFileSync(join(out, 'a.lock.json'), 'utf8')).toBe(
      readFileSync(join(out, 'b.lock.json'), 'utf8'),
    );

    const facts = await inspectPdf(bytes);
    expect(facts.pageCount).toBe(expectedPages(plan, first.puzzles));
    // Example books build without a warning, and keep every passage at least their floor clear (the
    // lockfile's figures, as printed).
    expect(first.warnings).toEqual([]);
    const lock = JSON.parse(readFileSync(join(out, 'a.lock.json'), 'utf8'));
    lock.puzzles.forEach((e: { clearPassage: number }, i: number) => {
      expect(e.clearPassage, `puzzle ${i + 1}`).toBeGreaterThanOrEqual(
        toMm(plan.puzzles[i].floor.clear) - 0.01,
      );
    });
    if (plan.ink === 'black') expect(nonGreyColours(bytes)).toEqual([]);
    const b = plan.print.bleed;
    const extraW = b === 0 ? 0 : plan.print.bleedStyle === 'all' ? 2 * b : b;
    for (const [w, h] of facts.sizes) {
      expect(w).toBeCloseTo(plan.paper.width + extraW, 1);
      expect(h).toBeCloseTo(plan.paper.height + 2 * b, 1);
    }
    expect(facts.fonts.length).toBeGreaterThan(0);
    for (const font of facts.fonts) expect(font, font.name).toMatchObject({ embedded: true });
    expect(facts.info.title).toBe(plan.title);
  }, 300_000);
});

describe('books/sample.yaml', () => {
  it('has a title page, 10+ growing mazes with titles and page numbers, and an answer appendix', async () => {
    const plan = planBook(loadSpec('books/sample.yaml'));
    expect(plan.front[0].kind).toBe('title');
    expect(plan.puzzles.length).toBeGreaterThanOrEqual(10);
    const cells = plan.puzzles.map((p) => p.recipe.size.columns * p.recipe.size.rows);
    for (let i = 1; i < cells.length; i++) expect(cells[i]).toBeGreaterThan(cells[i - 1]);
    const { result } = await firstBuild(join('books', 'sample.yaml'));
    const facts = await inspectPdf(readFileSync(result.output));
    // Text is hex glyph ids in the content stream, so check the drawing instead: each puzzle page strokes one
    // maze path and fills two arrows; each answer page strokes walls and solutions.
    const firstPuzzle = plan.front.length;
    for (let i = 0; i < plan.puzzles.length; i++) {
      const c = facts.contents[firstPuzzle + i];
      expect(c.match(/\nS\n/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
      expect(c.match(/\nf\n/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    }
    const answers = facts.contents.slice(firstPuzzle + plan.puzzles.length);
    expect(answers.length).toBe(paginateAnswers(plan, result.puzzles).length);
    expect(answers.length).toBeGreaterThanOrEqual(Math.ceil(plan.puzzles.length / 6));
    const strokes = answers.join('\n').match(/\nS\n/g)?.length ?? 0;
    // Each answer: a band under the walls, the walls, a line over them.
    expect(strokes).toBe(plan.puzzles.length * 3);
  });
});

describe('books/kdp-interior.yaml', () => {
  it('is a black-ink KDP interior', async () => {
    const plan = await planSpec('books/kdp-interior.yaml');
    expect(plan.print.profile).toBe('kdp');
    expect(plan.ink).toBe('black');
    expect(plan.theme.colors).toMatchObject({ page: '#ffffff', walls: '#000000', text: '#000000' });
  });
});

describe('books/kids-activity.yaml', () => {
  it('shows the kids features: the kids floor, pictures and words, sheets of two and pages of one, answers', async () => {
    const plan = await planSpec('books/kids-activity.yaml');
    expect(plan.paper.width).toBeCloseTo(612, 0);
    expect(new Set(plan.puzzles.map((p) => p.perPage))).toEqual(new Set([1, 2]));
    for (const p of plan.puzzles) {
      expect(p.floor).toMatchObject({ audience: 'kids' });
      expect(p.markers.labels).toBe(true);
      expect(p.markers.pictures).toBeDefined();
    }
    expect(plan.solutions.appendix).toBe(true);
  });
});

describe('books/kdp-100.yaml', () => {
  it('is a 100-puzzle Letter KDP interior in three graded series that never fall, all distinct, with its cover', async () => {
    const { result } = await firstBuild(join('books', 'kdp-100.yaml'));
    const plan = await planSpec('books/kdp-100.yaml');
    expect(plan.paper).toEqual({ width: 612, height: 792 });
    expect(plan.print.profile).toBe('kdp');
    expect(plan.ink).toBe('black');
    const { puzzles } = result;
    expect(puzzles).toHaveLength(100);
    expect(new Set(puzzles.map((p) => p.plan.section?.heading))).toEqual(new Set(['Easy', 'Medium', 'Hard']));
    // Every series rises at every step; 95 % or more of the puzzles within 0.6 of their targets.
    let near = 0;
    puzzles.forEach((p, i) => {
      const d = p.plan.difficulty;
      expect(p.plan.series && d && p.rating).toBeTruthy();
      if (!d || !p.rating) return;
      if (Math.abs(p.rating.score - (d.min + d.max) / 2) <= 0.6) near++;
      const before = puzzles[i - 1];
      if (p.plan.series?.index) expect(p.rating.score).toBeGreaterThan(before.rating?.score ?? 10);
    });
    expect(near).toBeGreaterThanOrEqual(95);
    expect(new Set(puzzles.map((p) => canonicalHash(p.maze))).size).toBe(100);
    // Stars agree with each section (the build has no warning: the generic test checks that) and rise.
    expect(checkStars(plan, puzzles)).toEqual([]);
    expect(result.pages).toBeGreaterThanOrEqual(120);
    expect(result.cover?.output).toMatch(/a-cover\.pdf$/);
  }, 300_000);
});
