import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers.js';

/** A small book with comments: a title page, three small mazes (the second without an id), answers. */
export const SMALL_BOOK = `# A small book for the preview tests.
title: Preview test   # shown on the title page
seed: 7
date: 2026-01-01
paper: a5
front: [title-page]
pages:
  # the first maze
  - { id: one, title: "One", maze: { cells: [5, 6] } }
  - maze: { cells: [6, 7] }   # no id: keyed by its options
  - id: three
    maze:
      cells: [7, 8]
solutions: { appendix: true, per-page: 4 }
`;

/** A folder holding `book.yaml` with this text; returns the spec's path. */
export function specFile(text = SMALL_BOOK): string {
  const dir = tempDir();
  const spec = join(dir, 'book.yaml');
  writeFileSync(spec, text);
  return spec;
}
