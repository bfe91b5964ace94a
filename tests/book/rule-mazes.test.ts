import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RulePuzzle, RuleRecipe } from '../../src/rules/rule-puzzle.js';
import { tempDir } from '../helpers.js';
import { countShortestPaths, countSimplePaths } from '../rules/brute-force.js';
import { mazebookInProcess as mazebook, mazebookSpawned } from '../run-cli.js';

/**
 * Rule mazes in a book: built, rated (`rate --json` proves one solution and scores each), exported as JSON
 * that is enough to solve them again, and refused with a located message (exit 2, nothing written) when a
 * page asks for what cannot be made.
 */

const SPEC = `title: Rule test
seed: 8
pages:
  - { id: even, maze: { rule: numbers, cells: 6 } }
  - { id: count, maze: { rule: { kind: numbers, follow: count-up }, cells: [7, 5] } }
  - { id: threes, maze: { rule: { kind: numbers, follow: { multiples-of: 3 } }, cells: 6 } }
  - { id: shapes, maze: { rule: { kind: sequence, symbols: [star, heart, diamond] }, cells: 6 } }
  - { id: arrows, maze: { rule: { kind: arrows, directions: 4 }, cells: 5 } }
  - { id: jumps, maze: { rule: jumps, cells: 5, difficulty: 6 } }
solutions: { per-page: 6 }
`;

interface RatedPage {
  key: string;
  score: number;
  label: string;
  kind?: string;
  rule?: string;
  solutions?: number;
  proof?: string;
}

describe('a book of rule mazes', () => {
  it('builds, and rates every rule maze with one proved solution and a score', async () => {
    const dir = tempDir({ 'r.yaml': SPEC });
    const out = join(dir, 'r.pdf');
    const built = await mazebook(['build', join(dir, 'r.yaml'), '-q', '-o', out]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
    const rated = await mazebook(['rate', join(dir, 'r.yaml'), '--json']);
    expect(rated.code).toBe(0);
    const pages = (JSON.parse(rated.stdout) as { pages: RatedPage[] }).pages;
    expect(pages.map((p) => p.key)).toEqual(['even', 'count', 'threes', 'shapes', 'arrows', 'jumps']);
    for (const p of pages) {
      expect(p.kind).toBe('rule');
      expect(p.solutions).toBe(1);
      expect(p.score).toBeGreaterThanOrEqual(1);
      expect(p.score).toBeLessThanOrEqual(10);
    }
    expect(pages.map((p) => p.rule)).toEqual([
      'numbers (even)',
      'numbers (count-up)',
      'numbers (multiples of 3)',
      'sequence (star, heart, diamond)',
      'arrows (4 directions)',
      'jumps',
    ]);
    expect(pages.map((p) => p.proof)).toEqual([
      'bridges',
      'in order',
      'bridges',
      'search',
      'shortest',
      'shortest',
    ]);
    // Its difficulty target is met as a wall maze's is: within its band.
    expect(Math.abs(pages[5].score - 6)).toBeLessThanOrEqual(0.3);
  }, 120_000);

  it('builds the same bytes on two worker threads as on one (rule mazes cross threads as plain data)', async () => {
    if (!existsSync('dist/book/puzzle-worker.js')) return; // workers load compiled code: npm run build
    const dir = tempDir({ 'r.yaml': SPEC });
    const one = join(dir, 'one.pdf');
    const two = join(dir, 'two.pdf');
    expect((await mazebook(['build', join(dir, 'r.yaml'), '-q', '-o', one])).code).toBe(0);
    const r = mazebookSpawned(['build', join(dir, 'r.yaml'), '-q', '-o', two], {
      built: true,
      env: { MAZEBOOK_WORKERS: '2' },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(Buffer.compare(readFileSync(one), readFileSync(two))).toBe(0);
    expect(readFileSync(join(dir, 'one.lock.json'), 'utf8')).toBe(
      readFileSync(join(dir, 'two.lock.json'), 'utf8'),
    );
  }, 120_000);

  it('exports a rule maze as JSON that is enough to solve it again', async () => {
    const dir = tempDir({ 'r.yaml': SPEC });
    for (const page of ['even', 'count', 'shapes', 'arrows', 'jumps']) {
      const file = join(dir, `${page}.json`);
      const r = await mazebook(['render', '--spec', join(dir, 'r.yaml'), '--page', page, '-o', file]);
      expect(r.code, r.stderr).toBe(0);
      const text = readFileSync(file, 'utf8');
      // Each row of the grid on one line, so the grid reads as a grid.
      expect(text).toMatch(/"grid": \[\n {4}\[[^\n]+\],\n/);
      const json = JSON.parse(text);
      expect(json.format).toBe('mazebook-rule-maze');
      const p = fromJson(json);
      const count =
        p.rule.kind === 'arrows' || p.rule.kind === 'jumps' ? countShortestPaths(p) : countSimplePaths(p);
      expect(count.count, page).toBe(1);
      expect(count.first?.map((c) => [c % p.columns, Math.floor(c / p.columns)])).toEqual(json.solution);
      expect(json.start.side).toMatch(/^(top|right|bottom|left)$/);
    }
    const txt = await mazebook([
      'render',
      '--spec',
      join(dir, 'r.yaml'),
      '--page',
      'even',
      '-o',
      join(dir, 'e.txt'),
    ]);
    expect(txt.code).toBe(2);
    expect(txt.stderr).toMatch(/a rule maze cannot be written as \.txt/);
    expect(existsSync(join(dir, 'e.txt'))).toBe(false);
  }, 120_000);

  const BAD: [string, string, RegExp][] = [
    [
      'a sequence of one shape',
      '{ rule: { kind: sequence, symbols: [circle] } }',
      /r\.yaml:3:48: a sequence needs at least two different shapes \(got only circle\)/,
    ],
    [
      'a shape twice in a sequence',
      '{ rule: { kind: sequence, symbols: [circle, square, circle] } }',
      /r\.yaml:3:\d+: circle is in the sequence twice/,
    ],
    [
      'a grid too small',
      '{ rule: jumps, cells: 3 }',
      /r\.yaml:3:35: a jump maze needs at least 4×4 cells \(got 3×3\)/,
    ],
    [
      'a grid too large',
      '{ rule: arrows, cells: [30, 10] }',
      /r\.yaml:3:\d+: a rule maze has at most 25 cells a side/,
    ],
    [
      'a difficulty out of reach at its size',
      '{ rule: jumps, cells: 5, difficulty: 2 }',
      /r\.yaml:3:50: difficulty 2\.0 is out of reach of a jump maze at 5×5/,
    ],
    [
      'a difficulty out of reach at any size',
      '{ rule: numbers, cells: auto, difficulty: 9 }',
      /r\.yaml:3:55: difficulty 9\.0 is out of reach of a number maze from 4×4 to 25×25 cells/,
    ],
    [
      'an option of another rule',
      '{ rule: { kind: arrows, follow: even } }',
      /follow applies to numbers rules only/,
    ],
    ['a wall maze field', '{ rule: numbers, algorithm: kruskal }', /algorithm does not apply to a rule maze/],
    ['another tiling', '{ rule: numbers, shape: hex }', /rule mazes are square grids, not hex/],
  ];

  for (const [what, maze, message] of BAD) {
    it(`refuses ${what}: exit 2, located, the previous PDF kept`, async () => {
      const good = 'title: Bad\npages:\n  - { maze: { rule: numbers, cells: 5 } }\n';
      const dir = tempDir({ 'r.yaml': good });
      const out = join(dir, 'r.pdf');
      expect((await mazebook(['build', join(dir, 'r.yaml'), '-q', '-o', out])).code).toBe(0);
      const before = readFileSync(out);
      writeFileSync(join(dir, 'r.yaml'), `title: Bad\npages:\n  - { maze: ${maze} }\n`);
      const r = await mazebook(['build', join(dir, 'r.yaml'), '-q', '-o', out]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toMatch(/hint: /);
      expect(Buffer.compare(readFileSync(out), before)).toBe(0);
      expect(existsSync(join(dir, 'r.lock.json.tmp'))).toBe(false);
    });
  }

  it('refuses a series whose difficulty no rule maze reaches, at the series', async () => {
    const dir = tempDir({
      'r.yaml':
        'title: Bad\npages:\n  - title: "J {{number}}"\n    series: { count: 3, from: 1, to: 4, rule: jumps, cells: auto }\n',
    });
    const r = await mazebook(['build', join(dir, 'r.yaml'), '-q', '-o', join(dir, 'r.pdf')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/r\.yaml:3:5: difficulty 1\.0 is out of reach of a jump maze/);
    expect(existsSync(join(dir, 'r.pdf'))).toBe(false);
  });
});

const ARROWS = ['up', 'up-right', 'right', 'down-right', 'down', 'down-left', 'left', 'up-left'];

/** A rule maze read back from its JSON alone (what any other program could do). */
function fromJson(j: {
  rule: { kind: string; follow?: unknown; symbols?: string[]; directions?: number };
  columns: number;
  rows: number;
  grid: (number | string)[][];
  start: { x: number; y: number; side: string };
  goal: { x: number; y: number; side: string };
}): RulePuzzle {
  const f = j.rule.follow;
  const rule = (
    j.rule.kind === 'numbers'
      ? {
          kind: 'numbers',
          follow:
            typeof f === 'string'
              ? { kind: f }
              : { kind: 'multiples-of', n: (f as Record<string, number>)['multiples-of'] },
        }
      : j.rule
  ) as RuleRecipe;
  const cells = Int32Array.from(j.grid.flat(), (v) => {
    if (v === 'goal') return rule.kind === 'arrows' ? -1 : 0;
    if (typeof v === 'number') return v;
    return rule.kind === 'sequence' ? rule.symbols.indexOf(v as never) : ARROWS.indexOf(v);
  });
  return {
    rule,
    columns: j.columns,
    rows: j.rows,
    cells,
    start: j.start.y * j.columns + j.start.x,
    goal: j.goal.y * j.columns + j.goal.x,
    startSide: j.start.side as RulePuzzle['startSide'],
    goalSide: j.goal.side as RulePuzzle['goalSide'],
    path: new Int32Array(0),
  };
}
