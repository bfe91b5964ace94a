import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBook, loadSpec, planSpec } from '../../src/book/build-book.js';
import { planBook } from '../../src/plan/plan-book.js';
import { tempDir } from '../helpers.js';
import { inspectPdf } from '../pdf-inspect.js';

const books = readdirSync('books').filter((f) => f.endsWith('.yaml'));

/** Pages a plan must produce: front, section openers, sheets (and their inline answers), the appendix, padding. */
function expectedPages(plan: Awaited<ReturnType<typeof planSpec>>): number {
  let sheets = 0;
  const sections = new Set<number>();
  let run = 0;
  let last: number | undefined = -1;
  for (const p of plan.puzzles) {
    const s = p.section?.index;
    if (s !== undefined) sections.add(s);
    if (s !== last || run === plan.perPage) {
      sheets++;
      run = 0;
      last = s;
    }
    run++;
  }
  const answers = plan.solutions.appendix
    ? Math.ceil(plan.puzzles.length / plan.solutions.perPage)
    : plan.solutions.inline
      ? sheets
      : 0;
  const total = plan.front.length + sections.size + sheets + answers;
  return plan.print.rules.padEven && total % 2 === 1 ? total + 1 : total;
}

describe.each(books)('books/%s', (file) => {
  it('builds into a structurally sound, reproducible PDF', async () => {
    const out = tempDir();
    const spec = join('books', file);
    const plan = await planSpec(spec);
    const first = await buildBook(spec, { output: join(out, 'a.pdf') });
    const second = await buildBook(spec, { output: join(out, 'b.pdf') });
    const bytes = readFileSync(first.output);
    expect(Buffer.compare(bytes, readFileSync(second.output))).toBe(0);

    const facts = await inspectPdf(bytes);
    expect(facts.pageCount).toBe(expectedPages(plan));
    const b = plan.print.bleed;
    const extraW = b === 0 ? 0 : plan.print.bleedStyle === 'all' ? 2 * b : b;
    for (const [w, h] of facts.sizes) {
      expect(w).toBeCloseTo(plan.paper.width + extraW, 1);
      expect(h).toBeCloseTo(plan.paper.height + 2 * b, 1);
    }
    expect(facts.fonts.length).toBeGreaterThan(0);
    for (const font of facts.fonts) expect(font, font.name).toMatchObject({ embedded: true });
    expect(facts.info.title).toBe(plan.title);
  });
});

describe('books/sample.yaml', () => {
  it('has a title page, 10+ growing mazes with titles and page numbers, and an answer appendix', async () => {
    const plan = planBook(loadSpec('books/sample.yaml'));
    expect(plan.front[0].kind).toBe('title');
    expect(plan.puzzles.length).toBeGreaterThanOrEqual(10);
    const cells = plan.puzzles.map((p) => p.recipe.size.columns * p.recipe.size.rows);
    for (let i = 1; i < cells.length; i++) expect(cells[i]).toBeGreaterThan(cells[i - 1]);
    const out = tempDir();
    const result = await buildBook('books/sample.yaml', { output: join(out, 's.pdf') });
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
    expect(answers.length).toBe(Math.ceil(plan.puzzles.length / 6));
    const strokes = answers.join('\n').match(/\nS\n/g)?.length ?? 0;
    expect(strokes).toBe(plan.puzzles.length * 2);
  });
});
