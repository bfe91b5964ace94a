import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutBook } from '../../src/book/build-book.js';
import {
  arrangeAnswers,
  MIN_WEAVE_ANSWER_PASSAGE_MM,
  thumbPassages,
} from '../../src/layout/arrange-answers.js';
import { tempDir } from '../helpers.js';

const MM = 72 / 25.4;

describe('a dense weave answer', () => {
  it('gets a bigger slot than a plain maze of its size: a weave under 3.5 mm a passage would be a tangle', async () => {
    const dir = tempDir({
      'b.yaml':
        'title: W\nseed: 3\npaper: letter\nfront: []\nsolutions: { per-page: 4 }\npages:\n' +
        '  - { id: small, maze: { cells: [16, 20], weave: 1 } }\n' +
        '  - { id: plain, maze: { cells: [27, 35] } }\n' +
        '  - { id: big, maze: { cells: [28, 36], weave: 0.6 } }\n' +
        '  - { id: after, maze: { cells: [16, 20], weave: 1 } }\n',
    });
    const { plan, puzzles } = await layoutBook(join(dir, 'b.yaml'));
    const pages = arrangeAnswers(plan, puzzles).map((page) => page.thumbs.map((t) => t.puzzle.plan.key));
    // The plain 27×35 maze shares a page of four; the weave of the same size has a page to itself.
    expect(pages).toEqual([['small', 'plain'], ['big'], ['after']]);
    for (const page of arrangeAnswers(plan, puzzles)) {
      for (const t of page.thumbs) {
        if (t.puzzle.maze.grid.weave === undefined) continue;
        expect(thumbPassages(t.puzzle, t.scale).passage).toBeGreaterThanOrEqual(
          MIN_WEAVE_ANSWER_PASSAGE_MM * MM - 1e-6,
        );
      }
    }
  });
});
