import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LABEL_BANDS } from '../../src/analyze/rate.js';
import { UserError } from '../../src/base/errors.js';
import { type GeneratedPuzzle, layoutBook, seriesReports } from '../../src/book/build-book.js';
import { canonicalHash } from '../../src/codec/canonical.js';
import { tempDir } from '../helpers.js';

async function build(spec: string, options = {}) {
  const dir = tempDir({ 'b.yaml': spec });
  return layoutBook(join(dir, 'b.yaml'), options);
}

describe('difficulty targets', () => {
  it('keeps the candidate closest to the target and says so when the target is out of reach', async () => {
    const book = await build(
      'title: T\npages:\n  - maze: { cells: 16, algorithm: kruskal, difficulty: medium }\n  - maze: { cells: 6, difficulty: expert, candidates: 3 }\n',
    );
    const [medium, expert] = book.puzzles;
    const [lo, hi] = LABEL_BANDS.medium;
    expect(medium.rating?.score).toBeGreaterThanOrEqual(lo);
    expect(medium.rating?.score).toBeLessThan(hi);
    expect(expert.tried).toBe(3);
    expect(book.warnings).toHaveLength(1);
    expect(book.warnings[0]).toMatch(
      /b\.yaml:4:5: difficulty expert not reached: the best of 3 candidates scored \d\.\d \(\w+\)/,
    );
  });

  it('grows a cells: auto maze until it is hard enough', async () => {
    const book = await build(
      'title: T\npages:\n  - maze: { cells: auto, difficulty: hard, algorithm: kruskal }\n',
    );
    const p = book.puzzles[0];
    expect(p.rating?.label).toBe('hard');
    expect(p.recipe.size.columns).toBeGreaterThan(p.plan.recipe.size.columns);
    expect(book.warnings).toEqual([]);
  });

  it('refuses cells: auto without a difficulty', async () => {
    await expect(build('title: T\npages:\n  - maze: { cells: auto }\n')).rejects.toThrow(
      /cells: auto needs a difficulty to aim for/,
    );
  });

  it('expands a series of 10 whose measured difficulty rises strictly', async () => {
    const book = await build(
      'title: T\npages:\n  - { id: warm, maze: { cells: 5 } }\n  - series: { count: 10, from: 2, to: 7, cells: auto, algorithm: kruskal }\n',
    );
    expect(book.puzzles).toHaveLength(11);
    const scores = book.puzzles.slice(1).map((p) => p.rating?.score ?? 0);
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThan(scores[i - 1]);
    expect(book.puzzles[1].plan.key).toMatch(/^s[0-9a-f]{8}-1$/);
    expect(book.reports).toHaveLength(1);
    expect(book.reports[0]).toMatch(/series of 10, puzzles 2–11: (\d\.\d\d? → ){9}\d\.\d\d?$/);
  });

  it('puts the difficulty in titles and draws stars under them', async () => {
    const book = await build(
      'title: T\nshow-difficulty: stars\ndefaults: { title: "{{number}}: {{level}} {{difficulty}}" }\npages:\n  - maze: { cells: 8 }\n',
    );
    const page = book.doc.pages[1];
    const rating = book.puzzles[0].rating!;
    const title = page.items.find((i) => i.type === 'text');
    expect(title).toMatchObject({ text: `1: ${rating.label} ${rating.score.toFixed(1)}` });
    const stars = page.items.filter((i) => i.type === 'path' && i.path.cmds.length === 11);
    expect(stars).toHaveLength(5);
  });
});

describe('book checks', () => {
  it('re-roll a repeated maze, and refuse more puzzles than a size has mazes (exit 2, at the page)', async () => {
    const pages = (n: number, cells: number) =>
      Array.from({ length: n }, (_, i) => `  - { id: p${i}, maze: { cells: ${cells} } }`).join('\n');
    const many = await build(`title: T\nseed: 2\npages:\n${pages(40, 3)}\n`);
    expect(new Set(many.puzzles.map((p) => canonicalHash(p.maze))).size).toBe(40);
    expect(many.warnings).toEqual([]);
    const tiny = build(`title: T\npages:\n${pages(12, 2)}\n`);
    await expect(tiny).rejects.toBeInstanceOf(UserError);
    await expect(build(`title: T\npages:\n${pages(12, 2)}\n`)).rejects.toThrow(
      /b\.yaml:\d+:5: not enough distinct mazes: puzzle \d+ \(2×2 cells\)/,
    );
  });

  it('report identical hand-made puzzles (they cannot be re-rolled), and --strict makes problems errors', async () => {
    const spec =
      'title: T\npages:\n  - maze: { fm: FM3iEi1W0E0 }\n  - { id: again, maze: { fm: FM3iEi1W0E0 } }\n';
    const book = await build(spec);
    expect(book.warnings).toEqual([expect.stringMatching(/puzzle 2 is identical to puzzle 1/)]);
    await expect(build(spec, { strict: true })).rejects.toThrow(/--strict: 1 problem in the book/);
  });
});

describe('series reports', () => {
  const run = (scores: number[]) =>
    scores.map((score, index) => ({
      plan: { where: 'b.yaml:3:5', number: index + 1, series: { index, count: scores.length, page: 0 } },
      rating: { score },
    })) as unknown as GeneratedPuzzle[];

  it('print one decimal, or two where neighbours would print alike', () => {
    expect(seriesReports(run([2.04, 3.5, 4.96]))).toEqual([
      'b.yaml:3:5: series of 3, puzzles 1–3: 2.0 → 3.5 → 5.0',
    ]);
    expect(seriesReports(run([7.12, 7.14, 7.3]))).toEqual([
      'b.yaml:3:5: series of 3, puzzles 1–3: 7.12 → 7.14 → 7.30',
    ]);
  });
});
