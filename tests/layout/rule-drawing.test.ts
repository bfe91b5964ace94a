import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePuzzles, layoutBook, planSpec } from '../../src/book/build-book.js';
import type { Item } from '../../src/layout/display-list.js';
import { drawRuleMaze } from '../../src/layout/draw-rule-maze.js';
import { tempDir } from '../helpers.js';

/**
 * Drawing a rule maze: every cell's symbol on the puzzle page, and on the answer the route with the visited
 * cells numbered 1, 2, 3 … in order; black ink draws only greys.
 */

const SPEC = `title: Draw
seed: 2
ink: black
pages:
  - { maze: { rule: numbers, cells: 6 } }
  - { maze: { rule: jumps, cells: 5 } }
  - { maze: { rule: { kind: sequence, symbols: [circle, square, star] }, cells: 5 } }
`;
const WALLS = { color: '#000000', width: 1, cap: 'round', join: 'round' } as const;
const ROUTE = { color: '#808080', width: 2, cap: 'round', join: 'round' } as const;
const RECT = { x: 0, y: 0, width: 400, height: 400 };

const texts = (items: Item[]) => items.flatMap((i) => (i.type === 'text' ? [i] : []));

describe('a rule maze drawn', () => {
  it('shows every symbol, and on the answer numbers the visited cells in order', async () => {
    const dir = tempDir({ 'd.yaml': SPEC });
    const plan = await planSpec(join(dir, 'd.yaml'));
    const [numbers, jumps, shapes] = generatePuzzles(plan);
    for (const p of [numbers, jumps]) {
      const rule = p.rule;
      if (!rule) throw new Error('not a rule maze');
      const puzzle = drawRuleMaze(plan, { maze: p.maze, rule }, RECT, { walls: WALLS });
      // Every number printed once per cell (the goal of a jump maze holds a star, not a number).
      const printed = texts(puzzle).map((t) => t.text);
      const wanted = [...rule.cells].flatMap((v, c) =>
        rule.rule.kind === 'jumps' && c === rule.goal ? [] : [String(v)],
      );
      expect(printed.sort()).toEqual(wanted.sort());
      const answer = drawRuleMaze(
        plan,
        { maze: p.maze, rule },
        RECT,
        { walls: WALLS, solution: ROUTE },
        p.solution,
      );
      const small = texts(answer).filter((t) => t.size < texts(puzzle)[0].size);
      expect(small.map((t) => t.text)).toEqual(
        Array.from({ length: rule.path.length }, (_, i) => String(i + 1)),
      );
      expect(answer.some((i) => i.type === 'path' && i.role === 'route')).toBe(true);
    }
    const rule = shapes.rule;
    if (!rule) throw new Error('not a rule maze');
    const drawn = drawRuleMaze(plan, { maze: shapes.maze, rule }, RECT, { walls: WALLS });
    // No text on a shape maze's puzzle: its symbols are drawn shapes.
    expect(texts(drawn)).toEqual([]);
    const grey = /^#([0-9a-f]{2})\1\1$/i;
    for (const i of drawn) {
      if (i.type !== 'path') continue;
      if (i.fill) expect(i.fill, 'black ink: greys only').toMatch(grey);
      if (i.stroke) expect(i.stroke.color).toMatch(grey);
    }
  });

  it('keeps its line of instructions to one line between the slips of a page of four', async () => {
    const dir = tempDir({
      'f.yaml': `title: Four
seed: 5
per-page: 4
pages:
  - { maze: { rule: numbers, cells: 7 } }
  - { maze: { rule: { kind: sequence, symbols: [circle, square, triangle] }, cells: 7 } }
  - { maze: { rule: arrows, cells: 6 } }
  - { maze: { rule: jumps, cells: 6 } }
`,
    });
    const { plan, doc } = await layoutBook(join(dir, 'f.yaml'));
    const page = doc.pages.find((p) =>
      p.items.some((i) => i.type === 'text' && i.text.startsWith('Jump exactly')),
    );
    if (!page) throw new Error('no puzzle page');
    const captions = texts(page.items).filter((t) => /^(Follow|Go the way|Jump exactly)/.test(t.text));
    // One text line each (before this, the arrow and jump captions took two and ran into the slip below).
    expect(captions.map((t) => t.text.split(' ')[0])).toEqual(['Follow', 'Follow', 'Go', 'Jump']);
    for (const t of captions) expect(t.size).toBeGreaterThanOrEqual(plan.floors.text);
    const labels = texts(page.items).filter((t) => /^Maze [34]$/.test(t.text));
    const firstRow = captions.filter((t) => t.y < labels[0].y);
    expect(firstRow).toHaveLength(2);
  });
});
