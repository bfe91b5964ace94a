import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { buildBook, checkPrint, layoutBook, planSpec } from '../../src/book/build-book.js';
import type { DisplayDocument, PathItem, TextItem } from '../../src/layout/display-list.js';
import { LARGE_PRINT } from '../../src/plan/theme.js';
import { tempDir } from '../helpers.js';

const MM = 72 / 25.4;

function specFile(text: string): string {
  const dir = tempDir({ 'b.yaml': text });
  return join(dir, 'b.yaml');
}

const allTexts = (doc: DisplayDocument): TextItem[] =>
  doc.pages.flatMap((p) => p.items.filter((i): i is TextItem => i.type === 'text'));
const allWalls = (doc: DisplayDocument): PathItem[] =>
  doc.pages.flatMap((p) => p.items.filter((i): i is PathItem => i.type === 'path' && i.role === 'walls'));

describe('audience: large-print', () => {
  it('plans 5mm clear passages, texts of 14pt or more, walls of 1.5pt or more, four answers a page', async () => {
    const plan = await planSpec(
      specFile(
        'title: Big\naudience: large-print\ndefaults: { cells: auto, difficulty: easy }\npages:\n  - {}\n',
      ),
    );
    expect(plan.floor).toMatchObject({ audience: 'large-print', from: 'audience' });
    expect(plan.floor.clear / MM).toBeCloseTo(5, 6);
    expect(plan.puzzles[0].floor.clear / MM).toBeCloseTo(5, 6);
    expect(plan.floors).toEqual({ text: 14, wall: 1.5 });
    const { sizes, walls } = plan.theme;
    for (const size of Object.values(sizes)) expect(size).toBeGreaterThanOrEqual(LARGE_PRINT.text);
    expect(sizes.heading).toBeGreaterThanOrEqual(LARGE_PRINT.heading);
    expect(walls.width).toBeGreaterThanOrEqual(1.5);
    expect(plan.solutions.perPage).toBe(4);
  });

  it('is refused in one section of a book that is not large print, at the section', async () => {
    const file = specFile(
      'title: T\npages:\n  - section: Big\n    defaults: { audience: large-print }\n  - { maze: { cells: 5 } }\n',
    );
    const e = await planSpec(file).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(UserError);
    expect((e as UserError).where).toMatch(/b\.yaml:4:27$/);
    expect((e as UserError).what).toMatch(/whole book/);
  });

  it('books/large-print.yaml meets its floors under --strict: every text, every wall, every passage', async () => {
    const { plan, doc, warnings } = await layoutBook('books/large-print.yaml', { strict: true });
    expect(warnings).toEqual([]);
    expect(plan.floor.audience).toBe('large-print');
    const texts = allTexts(doc);
    expect(texts.length).toBeGreaterThan(100);
    for (const t of texts) expect(t.size, t.text).toBeGreaterThanOrEqual(14);
    // Mazegram letters too (they are text in their own font), on the puzzle page and the answer.
    expect(texts.filter((t) => t.font.startsWith('letters')).length).toBeGreaterThan(0);
    const walls = allWalls(doc);
    // Each puzzle's page and answer, and the instructions' worked example.
    const examples = plan.front.filter((f) => f.kind === 'instructions' && f.example).length;
    expect(walls.length).toBe(plan.puzzles.length * 2 + examples);
    for (const w of walls) expect(w.stroke?.width).toBeGreaterThanOrEqual(1.5);
    // Fewer answers a page than the book's puzzles would take at six.
    const answerPages = doc.pages.filter((p) => p.items.some((i) => i.type === 'path' && i.role === 'band'));
    for (const p of answerPages) {
      expect(p.items.filter((i) => i.type === 'path' && i.role === 'walls').length).toBeLessThanOrEqual(4);
    }
  });

  it('keeps every passage 5mm clear, as the lockfile records', async () => {
    const out = join(tempDir(), 'lp.pdf');
    await buildBook('books/large-print.yaml', { output: out, strict: true });
    const lock = JSON.parse(readFileSync(join(out, '..', 'lp.lock.json'), 'utf8'));
    for (const e of lock.puzzles) expect(e.clearPassage).toBeGreaterThanOrEqual(5 - 0.01);
  });

  it('is checked on the finished pages: a smaller text or a thinner wall is reported', async () => {
    const { plan, doc } = await layoutBook('books/large-print.yaml');
    expect(checkPrint(plan, doc)).toEqual([]);
    const page = doc.pages[5];
    page.items.push({ type: 'text', text: 'small', x: 0, y: 0, size: 12, font: 'body', color: '#000000' });
    const walls = page.items.find((i): i is PathItem => i.type === 'path' && i.role === 'walls') as PathItem;
    walls.stroke = { ...(walls.stroke as NonNullable<PathItem['stroke']>), width: 1 };
    const problems = checkPrint(plan, doc);
    expect(problems).toContain(
      'books/large-print.yaml: profile kdp: 1 texts are smaller than 14pt (large print) (first on page 6)',
    );
    expect(problems).toContain(
      'books/large-print.yaml: profile kdp: 1 mazes have walls thinner than 1.5pt (large print) (first on page 6)',
    );
  });
});
