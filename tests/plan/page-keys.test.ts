import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePuzzles, loadSpec } from '../../src/book/build-book.js';
import { planBook } from '../../src/plan/plan-book.js';
import { tempDir } from '../helpers.js';

const page = (maze: string, extra = '') => `  - { ${extra}maze: { ${maze} } }`;

/** The open-wall sets of every maze of a spec, keyed by page key. */
function mazesOf(pages: string[], seed?: number): Map<string, string> {
  const dir = tempDir({ 'b.yaml': `title: T\nseed: 5\npages:\n${pages.join('\n')}\n` });
  const plan = planBook(loadSpec(join(dir, 'b.yaml')), { seed });
  const built = generatePuzzles(plan);
  return new Map(built.map((p) => [p.plan.key, Buffer.from(p.maze.open).toString('base64')]));
}

const base = [
  page('cells: [6, 6]'),
  page('cells: [8, 8]'),
  page('cells: [10, 10]'),
  page('cells: [10, 10]'),
  page('cells: [12, 12]', 'id: last, '),
];

describe('page keys and seeds', () => {
  it('give every page its own key, numbering identical pages', () => {
    const keys = [...mazesOf(base).keys()];
    expect(new Set(keys).size).toBe(5);
    expect(keys[3]).toBe(`${keys[2]}-2`);
    expect(keys[4]).toBe('last');
  });

  it('editing one page leaves every other maze identical', () => {
    const before = mazesOf(base);
    const edited = [...base];
    edited[1] = page('cells: [8, 8], straightness: 0.5');
    const after = mazesOf(edited);
    const changed = [...before.keys()].filter((k) => after.get(k) !== before.get(k));
    expect(changed).toHaveLength(1);
    expect(after.size).toBe(5);
  });

  it('inserting a page at the front leaves the others identical', () => {
    const before = mazesOf(base);
    const after = mazesOf([page('cells: [7, 9]'), ...base]);
    for (const [key, walls] of before) expect(after.get(key)).toBe(walls);
  });

  it('the same key gives the same maze at any position; another seed changes all', () => {
    const before = mazesOf(base);
    const moved = mazesOf([base[4], base[0], base[1], base[2], base[3]]);
    for (const [key, walls] of before) expect(moved.get(key)).toBe(walls);
    const reseeded = mazesOf(base, 6);
    for (const [key, walls] of before) expect(reseeded.get(key)).not.toBe(walls);
  });
});
