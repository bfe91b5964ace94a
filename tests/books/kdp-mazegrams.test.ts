import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBook, layoutBook } from '../../src/book/build-book.js';
import { arrangeAnswers } from '../../src/layout/arrange-answers.js';
import type { TextItem } from '../../src/layout/display-list.js';
import { tempDir } from '../helpers.js';
import { inspectPdf } from '../pdf-inspect.js';

/**
 * A 24-page KDP interior of mazegrams on 6×9in: 21 mazes of every tiling from 9×12 to 28×38 cells, so
 * their letters, small on the answer pages, must keep the profile's 7pt there too.
 */
const KDP_MAZEGRAMS = `title: Secret Messages
seed: 3
date: 2026-01-01
paper: trim-6x9
profile: kdp
bleed: 0.125in
margins: { top: 0.6in, bottom: 0.6in, inside: auto, outside: 0.5in }
front: [title-page]
defaults: { title: "Message {{number}}", cells: [9, 12] }
pages:
  - { maze: { mazegram: "Hello there" } }
  - { maze: { mazegram: "You found it" } }
  - { maze: { cells: [10, 14], mazegram: "Keep going" } }
  - { maze: { shape: hex, mazegram: "Almost there" } }
  - { maze: { cells: [11, 15], mazegram: "Good work" } }
  - { maze: { cells: [12, 16], mazegram: "Nice and easy" } }
  - { maze: { shape: triangle, cells: [15, 12], mazegram: "Up and down" } }
  - { maze: { cells: [13, 17], mazegram: "Well done" } }
  - { maze: { cells: [14, 19], mazegram: "Read me" } }
  - { maze: { shape: octagon, mazegram: "So far so good" } }
  - { maze: { cells: [15, 20], mazegram: "Hidden words" } }
  - { maze: { cells: [16, 21], mazegram: "One more" } }
  - { maze: { cells: [18, 24], mazegram: "Secret path" } }
  - { maze: { cells: [20, 27], mazegram: "Turn left" } }
  - { maze: { shape: circle, rings: 8, mazegram: "Round we go" } }
  - { maze: { cells: [22, 30], mazegram: "The end is near" } }
  - { maze: { cells: [24, 32], mazegram: { message: "Last one", fill: 60% } } }
  - { maze: { mazegram: "You did it" } }
  - { maze: { mazegram: "Again" } }
  - { maze: { cells: [10, 14], mazegram: "And again" } }
  - { maze: { cells: [28, 38], mazegram: { message: "Small letters", fill: 50% } } }
solutions: { per-page: 6 }
`;

describe('a KDP book of mazegrams', () => {
  it('builds with --strict: 24 pages or more, no text under 7pt, the letters on the answers included', async () => {
    const dir = tempDir({ 'b.yaml': KDP_MAZEGRAMS });
    const out = join(dir, 'b.pdf');
    const result = await buildBook(join(dir, 'b.yaml'), { output: out, strict: true });
    expect(result.warnings).toEqual([]);
    expect(result.pages).toBeGreaterThanOrEqual(24);
    expect((await inspectPdf(readFileSync(out))).pageCount).toBe(result.pages);
    const { doc } = await layoutBook(join(dir, 'b.yaml'));
    const texts = doc.pages.flatMap((p) => p.items.filter((i): i is TextItem => i.type === 'text'));
    const letters = texts.filter((t) => t.font !== 'heading' && t.font !== 'body');
    expect(letters.length).toBeGreaterThan(1000);
    for (const t of texts) expect(t.size).toBeGreaterThanOrEqual(7);
  });

  it('writes the message under a drawing whose letters would be too small in any slot, leaving them out', async () => {
    // Without a profile the text floor is 4pt and answer letters keep 5pt: letters of 4.4pt on the puzzle
    // page are too small on its answer, whatever the slot.
    const dir = tempDir({
      'b.yaml': `title: M\nseed: 2\npaper: a5\nfront: []\npages:\n  - { maze: { cells: [50, 70], mazegram: "Tiny words" } }\n`,
    });
    const { plan, puzzles, doc } = await layoutBook(join(dir, 'b.yaml'));
    const [page] = arrangeAnswers(plan, puzzles);
    expect(page.thumbs[0].letters).toBe(false);
    const answer = doc.pages[1];
    const texts = answer.items.filter((i): i is TextItem => i.type === 'text');
    expect(texts.some((t) => t.text === 'TINY WORDS')).toBe(true);
    expect(texts.filter((t) => t.font.startsWith('letters'))).toEqual([]);
    // The puzzle page keeps its letters.
    expect(doc.pages[0].items.some((i) => i.type === 'text' && i.font.startsWith('letters'))).toBe(true);
  });
});
