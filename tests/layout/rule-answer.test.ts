import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePuzzles, layoutBook, planSpec } from '../../src/book/build-book.js';
import { greyInk } from '../../src/layout/answer-key-style.js';
import type { Item, Stroke } from '../../src/layout/display-list.js';
import { fitGrid } from '../../src/layout/draw-maze.js';
import { drawRuleMaze, RULE_BAND_INK, STEP_NUMBER_SIZE } from '../../src/layout/draw-rule-maze.js';
import { LINE, MOVE } from '../../src/vector/path-data.js';
import { tempDir } from '../helpers.js';

/**
 * A rule maze's answer can be read: each move one solid line that never runs over the symbol of a cell it
 * jumps across, step numbers at 8 pt at least from the start cell on, visited cells at least 35 % K, and no
 * step numbers on a count-up maze (its values are the order).
 */

const SPEC = `title: Answers
seed: 4
ink: black
pages:
  - { maze: { rule: jumps, cells: 6 } }
  - { maze: { rule: arrows, cells: 7 } }
  - { maze: { rule: numbers, cells: 6 } }
  - { maze: { rule: { kind: numbers, follow: count-up }, cells: 6 } }
`;
const WALLS = { color: '#000000', width: 1, cap: 'round', join: 'round' } as const;
const ROUTE: Stroke = { color: '#000000', width: 2, cap: 'round', join: 'round', dash: [3, 2] };
const RECT = { x: 0, y: 0, width: 300, height: 300 };
const texts = (items: Item[]) => items.flatMap((i) => (i.type === 'text' ? [i] : []));

/** Distance from (px, py) to the segment (ax, ay)–(bx, by). */
function toSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const vx = bx - ax;
  const vy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / (vx * vx + vy * vy || 1)));
  return Math.hypot(px - ax - t * vx, py - ay - t * vy);
}

describe('a rule maze answer', () => {
  it('draws moves clear of jumped cells, numbers steps from the start, shades visited cells', async () => {
    const dir = tempDir({ 'a.yaml': SPEC });
    const plan = await planSpec(join(dir, 'a.yaml'));
    const puzzles = generatePuzzles(plan);
    for (const p of puzzles) {
      const rule = p.rule;
      if (!rule) throw new Error('not a rule maze');
      const answer = drawRuleMaze(
        plan,
        { maze: p.maze, rule },
        RECT,
        { walls: WALLS, solution: ROUTE },
        p.solution,
      );
      const puzzle = drawRuleMaze(plan, { maze: p.maze, rule }, RECT, { walls: WALLS });
      const steps = texts(answer).slice(texts(puzzle).length);
      const countUp = rule.rule.kind === 'numbers' && rule.rule.follow.kind === 'count-up';
      if (countUp) expect(steps).toEqual([]);
      else {
        expect(steps.map((t) => t.text)).toEqual(Array.from(rule.path, (_, i) => String(i + 1)));
        for (const t of steps)
          expect(t.size).toBeGreaterThanOrEqual(Math.max(STEP_NUMBER_SIZE, plan.floors.text));
      }
      const fills = answer.flatMap((i) => (i.type === 'path' && i.fill ? [i.fill] : []));
      expect(fills.some((f) => greyInk(f) >= RULE_BAND_INK && greyInk(f) < 0.6)).toBe(true);
      const lines = answer.filter((i) => i.type === 'path' && i.role === 'route' && i.stroke);
      expect(lines).toHaveLength(1);
      const line = lines[0];
      if (line.type !== 'path' || !line.stroke) throw new Error('no route line');
      expect(line.stroke.dash).toBeUndefined();
      // No segment of the route comes within 0.3 of a cell of the centre of a cell off the way.
      const place = fitGrid(p.maze.grid, RECT);
      const onWay = new Set(rule.path);
      const { cmds, coords } = line.path;
      let k = 0;
      let last: [number, number] | undefined;
      for (const cmd of cmds) {
        if (cmd !== MOVE && cmd !== LINE) throw new Error('straight lines only');
        const pt: [number, number] = [coords[k], coords[k + 1]];
        k += 2;
        if (cmd === LINE && last) {
          for (let c = 0; c < rule.columns * rule.rows; c++) {
            if (onWay.has(c)) continue;
            const x = place.ox + p.maze.grid.cellX[c] * place.scale;
            const y = place.oy + p.maze.grid.cellY[c] * place.scale;
            expect(toSegment(x, y, ...last, ...pt)).toBeGreaterThan(0.3 * place.scale);
          }
        }
        last = pt;
      }
    }
  });
});

describe('a rule maze puzzle page', () => {
  it('marks the goal of an arrow maze with a target and draws its start and finish arrows in outline', async () => {
    const dir = tempDir({
      'm.yaml': `title: Ends
seed: 3
ink: black
defaults: { markers: { labels: true } }
pages:
  - { maze: { rule: arrows, cells: 6 } }
`,
    });
    const { plan, doc } = await layoutBook(join(dir, 'm.yaml'));
    const page = doc.pages.find((p) =>
      p.items.some((i) => i.type === 'text' && i.text.startsWith('Go the way')),
    );
    if (!page) throw new Error('no puzzle page');
    const paper = plan.theme.colors.background ?? plan.theme.colors.page;
    // The target: three rings filled even-odd (a ring round a dot); no star.
    const target = page.items.filter(
      (i) => i.type === 'path' && i.evenOdd && i.path.cmds.filter((c) => c === MOVE).length === 3,
    );
    expect(target).toHaveLength(1);
    // Both markers in outline: filled with the paper, edged.
    const outlined = page.items.filter(
      (i) => i.type === 'path' && i.fill === paper && i.stroke && i.stroke.width === 1.2,
    );
    expect(outlined.length).toBeGreaterThanOrEqual(1);
    expect(texts(page.items).map((t) => t.text)).toEqual(expect.arrayContaining(['START', 'FINISH']));
  });
});
