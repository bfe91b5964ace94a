import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutBook } from '../../src/book/build-book.js';
import { tempDir } from '../helpers.js';

const SPEC = `title: T
seed: 3
front: []
defaults: { cells: 5 }
pages:
  - { title: "Warm-up {{section-number}} of {{number}}" }
  - section: Easy
    defaults: { title: "Easy {{section-number}} ({{number}})" }
  - {}
  - {}
  - section: Medium
    defaults: { title: "Medium {{section-number}} ({{number}})" }
  - { series: { count: 2, from: 3, to: 3.5 } }
  - {}
solutions: false
`;

describe('{{section-number}}', () => {
  it('counts the puzzles of each section from 1 (a series page by page), and the book’s before any section', async () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    const { doc } = await layoutBook(join(dir, 'b.yaml'));
    const titles = doc.pages.flatMap((p) =>
      p.items.flatMap((i) => (i.type === 'text' && /^(Warm-up|Easy|Medium) /.test(i.text) ? [i.text] : [])),
    );
    expect(titles).toEqual([
      'Warm-up 1 of 1',
      'Easy 1 (2)',
      'Easy 2 (3)',
      'Medium 1 (4)',
      'Medium 2 (5)',
      'Medium 3 (6)',
    ]);
  });
});
