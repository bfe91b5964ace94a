import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers.js';

/** A small book of every tiling the play page must walk: square, hex, triangle, octagon, circle, a mask, weave. */
export const PLAY_BOOK = `# A small book for the playtest tests.
title: Play test
seed: 7
date: 2026-01-01
paper: a5
pages:
  - { id: square, maze: { cells: [5, 6] } }
  - { id: hex, maze: { shape: hex, cells: [5, 5] } }
  - { id: triangle, maze: { shape: triangle, cells: [8, 6] } }
  - { id: octagon, maze: { shape: octagon, cells: [5, 5] } }
  - { id: circle, maze: { shape: circle, rings: 5, exit: centre } }
  - { id: heart, maze: { shape: square, mask: heart, cells: [12, 12] } }
  - { id: weave, maze: { cells: [8, 8], weave: 0.6 } }
`;

/** A folder holding `book.yaml` with this text; returns the spec's path. */
export function playSpec(text = PLAY_BOOK): string {
  const dir = tempDir();
  const spec = join(dir, 'book.yaml');
  writeFileSync(spec, text);
  return spec;
}
