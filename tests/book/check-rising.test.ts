import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { generatePuzzles, layoutBook, planSpec } from '../../src/book/build-book.js';
import { checkRising } from '../../src/book/check-rising.js';
import { tempDir } from '../helpers.js';

const HARD_THEN_EASY = (show: string, second: string) =>
  `title: T\nseed: 4\npaper: a5\nshow-difficulty: ${show}\npages:\n  - section: Mixed\n` +
  '  - { title: "Hard", maze: { cells: auto, difficulty: { min: 6, max: 7 } } }\n' +
  `  - { title: "Second", maze: { ${second} } }\n`;

async function rising(spec: string): Promise<string[]> {
  const dir = tempDir({ 'b.yaml': spec });
  const plan = await planSpec(join(dir, 'b.yaml'));
  return checkRising(
    plan,
    generatePuzzles(plan, undefined, () => {}),
  );
}

describe('a book that shows difficulty gets harder within each section', () => {
  it('warns, naming both puzzles, when a targeted puzzle rates more than 0.3 below one before it', async () => {
    const out = await rising(HARD_THEN_EASY('stars', 'cells: auto, difficulty: { min: 2, max: 3 }'));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      /b\.yaml:8:5: puzzle 2 \(score [23]\.\d\d\) is easier than puzzle 1 before it \(6\.\d\d\) in section "Mixed"/,
    );
  });

  it('is an error with --strict', async () => {
    const dir = tempDir({ 'b.yaml': HARD_THEN_EASY('stars', 'cells: auto, difficulty: { min: 2, max: 3 }') });
    await expect(layoutBook(join(dir, 'b.yaml'), { strict: true })).rejects.toThrow(UserError);
    await expect(layoutBook(join(dir, 'b.yaml'), { strict: true })).rejects.toThrow(
      /is easier than puzzle 1/,
    );
  });

  it('leaves alone books that show no difficulty, and fixed pages without a target', async () => {
    expect(await rising(HARD_THEN_EASY('none', 'cells: auto, difficulty: { min: 2, max: 3 }'))).toEqual([]);
    expect(await rising(HARD_THEN_EASY('stars', 'cells: 4'))).toEqual([]);
  });

  it('allows a small fall between two pages that aim at one band', async () => {
    expect(await rising(HARD_THEN_EASY('stars', 'cells: auto, difficulty: { min: 6, max: 7 }'))).toEqual([]);
  });
});
