import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { layoutBook } from '../../src/book/build-book.js';
import type { Page } from '../../src/layout/display-list.js';

/** Example books a reader holds (the worksheets are loose sheets for a class, with no front matter). */
const books = readdirSync('books').filter((f) => f.endsWith('.yaml') && f !== 'worksheet.yaml');

describe.each(books)('books/%s has what a publisher expects', (file) => {
  it('a title page, a copyright page with an author, how to play, and the answers', () => {
    const spec = parse(readFileSync(join('books', file), 'utf8'));
    const kinds = (spec.front as unknown[]).map((f) =>
      typeof f === 'string' ? f : Object.keys(f as object).find((k) => k !== 'heading'),
    );
    expect(kinds[0]).toBe('title-page');
    expect(kinds).toContain('copyright');
    expect(kinds).toContain('instructions');
    expect(spec.author).toMatch(/\S/);
    expect(spec.solutions).not.toBe(false);
  });
});

describe('books/kids-activity.yaml', () => {
  it('is bound with facing pages and opens each section on a right-hand page', async () => {
    const { plan, doc } = await layoutBook('books/kids-activity.yaml');
    expect(plan.print.facing).toBe(true);
    const headings = [...new Set(plan.puzzles.flatMap((p) => (p.section ? [p.section.heading] : [])))];
    expect(headings).toEqual(['Warm-up', 'Adventures']);
    // An opener is a page with the section's heading and nothing drawn.
    const opener = (page: Page, heading: string) =>
      page.items.every((i) => i.type === 'text') &&
      page.items.some((i) => i.type === 'text' && i.text === heading);
    for (const heading of headings) {
      const at = doc.pages.findIndex((p) => opener(p, heading));
      expect(at, heading).toBeGreaterThanOrEqual(0);
      expect((at + 1) % 2, `${heading} opens on page ${at + 1}`).toBe(1);
    }
  });
});
