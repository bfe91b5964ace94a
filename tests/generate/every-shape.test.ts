import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { UserError } from '../../src/base/errors.js';
import { openWalls } from '../../src/generate/algorithm.js';
import { wallOnSide } from '../../src/generate/ends/fixed-ends.js';
import { placeEnds } from '../../src/generate/ends/place-ends.js';
import { generateMaze, type MazeRecipe } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import { applyPost, type PostStep, postKeepsPerfect } from '../../src/generate/post/registry.js';
import {
  type AlgorithmInfo,
  type AlgorithmName,
  algorithmInfo,
  algorithmNames,
  algorithms,
} from '../../src/generate/registry.js';
import { bfs } from '../../src/grid/bfs.js';
import type { Grid } from '../../src/grid/grid.js';
import { buildGrid, type GridLayout } from '../../src/grid/registry.js';
import { maskedGrid } from '../../src/mask/apply.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { formulaShape } from '../../src/mask/formula.js';
import type { MaskShape } from '../../src/mask/shape.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { textShape } from '../../src/mask/text.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { loadFontFile } from '../../src/text/fonts.js';
import { loops, uniqueSolution } from './maze-checks.js';

/**
 * Every algorithm and post-process over many seeds on every shape it accepts: each run must finish and give
 * what it promises. A regression that loops forever is stopped by the step budgets (src/generate/watchdog.ts)
 * and shows here as a thrown error.
 */

const LATO = join(import.meta.dirname, '..', '..', 'fonts', 'lato', 'Lato-Bold.ttf');
const maze = textShape('MAZE', loadFontFile(LATO), 'test');

const masked = (layout: GridLayout, shape: MaskShape, islands: 'join' | 'largest' = 'join'): Grid =>
  maskedGrid(layout, { shape, islands }, 'test');

interface Case {
  name: string;
  grid: Grid;
  seeds: number;
}

/** Full rectangles of squares: the only grids the square-only algorithms accept. */
const rectangles: Case[] = [
  { name: 'square 2×2', grid: buildGrid({ shape: 'square', size: { columns: 2, rows: 2 } }), seeds: 30 },
  {
    name: 'square 1×9 strip',
    grid: buildGrid({ shape: 'square', size: { columns: 1, rows: 9 } }),
    seeds: 10,
  },
  {
    name: 'square 9×1 strip',
    grid: buildGrid({ shape: 'square', size: { columns: 9, rows: 1 } }),
    seeds: 10,
  },
  { name: 'square 11×8', grid: buildGrid({ shape: 'square', size: { columns: 11, rows: 8 } }), seeds: 40 },
];

const otherShapes: Case[] = [
  { name: 'hex pointy 9×7', grid: buildGrid({ shape: 'hex', size: { columns: 9, rows: 7 } }), seeds: 40 },
  {
    name: 'hex flat 9×7',
    grid: buildGrid({ shape: 'hex', size: { columns: 9, rows: 7 }, hexTop: 'flat' }),
    seeds: 40,
  },
  {
    name: 'triangle 13×7',
    grid: buildGrid({ shape: 'triangle', size: { columns: 13, rows: 7 } }),
    seeds: 40,
  },
  { name: 'octagon 8×7', grid: buildGrid({ shape: 'octagon', size: { columns: 8, rows: 7 } }), seeds: 40 },
  { name: 'octagon 24×20', grid: buildGrid({ shape: 'octagon', size: { columns: 24, rows: 20 } }), seeds: 8 },
  { name: 'circle 2 rings', grid: buildGrid({ shape: 'circle', size: { columns: 2, rows: 2 } }), seeds: 20 },
  { name: 'circle 6 rings', grid: buildGrid({ shape: 'circle', size: { columns: 6, rows: 6 } }), seeds: 40 },
  {
    name: 'heart on squares',
    grid: masked({ shape: 'square', size: { columns: 16, rows: 16 } }, builtinShape('heart')),
    seeds: 30,
  },
  {
    name: 'heart on hexagons',
    grid: masked({ shape: 'hex', size: { columns: 14, rows: 14 } }, builtinShape('heart')),
    seeds: 30,
  },
  {
    name: 'ring with a hole on squares',
    grid: masked({ shape: 'square', size: { columns: 18, rows: 18 } }, builtinShape('ring')),
    seeds: 30,
  },
  {
    name: 'ring with a hole on triangles',
    grid: masked({ shape: 'triangle', size: { columns: 30, rows: 16 } }, builtinShape('ring')),
    seeds: 20,
  },
  {
    name: 'ring with a hole on octagons',
    grid: masked({ shape: 'octagon', size: { columns: 16, rows: 16 } }, builtinShape('ring')),
    seeds: 20,
  },
  {
    name: 'ring with a hole on a circle',
    grid: masked({ shape: 'circle', size: { columns: 9, rows: 9 } }, builtinShape('ring')),
    seeds: 20,
  },
  {
    name: 'text "MAZE" (joined islands) on squares 40×16',
    grid: masked({ shape: 'square', size: { columns: 40, rows: 16 } }, maze),
    seeds: 20,
  },
  {
    name: 'text "MAZE" (joined islands) on hexagons 36×14',
    grid: masked({ shape: 'hex', size: { columns: 36, rows: 14 } }, maze),
    seeds: 10,
  },
  {
    name: 'thin formula strip on squares',
    grid: masked(
      { shape: 'square', size: { columns: 40, rows: 40 } },
      formulaShape('abs(y - 0.5*sin(3*x)) < 0.04'),
      'largest',
    ),
    seeds: 20,
  },
  {
    name: 'thin formula strip on triangles',
    grid: masked(
      { shape: 'triangle', size: { columns: 50, rows: 28 } },
      formulaShape('abs(y - x) < 0.05'),
      'largest',
    ),
    seeds: 20,
  },
];

/** Entry and exit for algorithms that need them first: the planner's defaults (north-west in, south-east out). */
function endsFor(grid: Grid): { entryWall: number; exitWall: number } {
  return { entryWall: wallOnSide(grid, 'top', 0).wall, exitWall: wallOnSide(grid, 'bottom', 1).wall };
}

function carve(name: AlgorithmName, grid: Grid, seed: number): Uint8Array {
  const info: AlgorithmInfo = algorithmInfo[name];
  const options = { straightness: 0, ...(info.needsEnds ? { ends: endsFor(grid) } : {}) };
  return openWalls(algorithms[name](grid, createRng(deriveSeed(seed, `every-shape ${name}`)), options));
}

/** Passages between cells (rim openings excluded) and cells reached from cell 0 through them. */
function passagesAndReach(
  grid: Grid,
  open: Uint8Array,
): { passages: number; rimOpen: number; reached: number } {
  let passages = 0;
  let rimOpen = 0;
  for (let w = 0; w < grid.wallCount; w++) {
    if (open[w] === 0) continue;
    if (grid.wallCellB[w] < 0) rimOpen++;
    else passages++;
  }
  return { passages, rimOpen, reached: bfs(grid, open, 0).reached };
}

function expectSpanningTree(grid: Grid, open: Uint8Array, what: string): void {
  const { passages, rimOpen, reached } = passagesAndReach(grid, open);
  expect({ what, passages, rimOpen, reached }).toEqual({
    what,
    passages: grid.cellCount - 1,
    rimOpen: 0,
    reached: grid.cellCount,
  });
}

describe.each(algorithmNames)('%s finishes with a spanning tree', (name) => {
  const squareOnly = 'squareOnly' in algorithmInfo[name];
  const cases = squareOnly ? rectangles : [...rectangles, ...otherShapes];
  it.each(cases.map((c) => [c.name, c] as const))('on %s', (_label, { grid, seeds }) => {
    for (let seed = 1; seed <= seeds; seed++)
      expectSpanningTree(grid, carve(name, grid, seed), `seed ${seed}`);
  });
});

describe('circle mazes with an end at the centre disc', () => {
  const recipe = (algorithm: AlgorithmName): MazeRecipe => ({
    shape: 'circle',
    size: { columns: 6, rows: 6 },
    algorithm,
    options: { straightness: 0 },
    entry: { kind: 'centre' },
    exit: { kind: 'auto' },
  });
  const rimFree = algorithmNames.filter((n) => !('squareOnly' in algorithmInfo[n]) && n !== 'finger');

  it.each(rimFree)('%s: a spanning tree entered from the centre cell', (name) => {
    for (let seed = 1; seed <= 20; seed++) {
      const m = generateMaze(recipe(name), deriveSeed(seed, 'centre'), 'test');
      expect(m.entryWall).toBe(-1);
      expect(m.entryCell).toBe(0);
      const { passages, reached } = passagesAndReach(m.grid, m.open);
      expect(passages).toBe(m.grid.cellCount - 1);
      expect(reached).toBe(m.grid.cellCount);
    }
  });

  it('finger, which needs rim ends, refuses the centre with a user error', () => {
    expect(() => generateMaze(recipe('finger'), deriveSeed(1, 'centre'), 'test')).toThrow(UserError);
  });
});

describe('finger: the reproducers of issue 17 finish', () => {
  // Before the fix, a cell left the stack when the walk resumed from it, so cells whose neighbours had all
  // left were never reached and the exit was pushed past the end of the stack forever.
  const finger = (seed: number, key: string, fields: Partial<MazeRecipe>): Maze =>
    generateMaze(
      {
        shape: 'square',
        size: { columns: 20, rows: 20 },
        algorithm: 'finger',
        options: { straightness: 0 },
        entry: { kind: 'auto' },
        exit: { kind: 'auto' },
        ...fields,
      },
      deriveSeed(seed, key, 0),
      'test',
    );
  const octagon: Partial<MazeRecipe> = { shape: 'octagon', size: { columns: 24, rows: 20 } };
  const text: Partial<MazeRecipe> = { mask: maskOf(maze, 'join') };

  it.each([2, 3, 7, 15, 23, 25])('octagon 24×20, seed %i', (seed) => {
    const m = finger(seed, 'x', octagon);
    expectSpanningTree(m.grid, withoutEnds(m), `seed ${seed}`);
  });

  it('text "MAZE" on squares 40×16, seed 6 (the exit used to be left unjoined)', () => {
    const m = finger(6, 'x', { ...text, size: { columns: 40, rows: 16 } });
    expectSpanningTree(m.grid, withoutEnds(m), 'seed 6');
  });

  // `mazebook render` plans one page with the key "maze" and generates candidate 0 from the --seed given.
  it.each([7, 11, 23])('render --shape octagon --cells 24x20 --algorithm finger --seed %i', (seed) => {
    const m = finger(seed, 'maze', octagon);
    expectSpanningTree(m.grid, withoutEnds(m), `seed ${seed}`);
  });

  it('render --text MAZE --algorithm finger --seed 2 (20×20 cells, islands joined)', () => {
    const m = finger(2, 'maze', text);
    expectSpanningTree(m.grid, withoutEnds(m), 'seed 2');
  });
});

function withoutEnds(m: Maze): Uint8Array {
  const open = m.open.slice();
  if (m.entryWall >= 0) open[m.entryWall] = 0;
  if (m.exitWall >= 0) open[m.exitWall] = 0;
  return open;
}

/** Standing inner walls of a maze. */
function standing(m: Maze): number {
  let n = 0;
  for (let w = 0; w < m.grid.wallCount; w++) if (m.open[w] === 0 && m.grid.wallCellB[w] >= 0) n++;
  return n;
}

const postSteps: readonly PostStep[] = [
  { name: 'reduce-path' },
  { name: 'reverse-wasted-turns' },
  { name: 'cross-cuts', count: 6 },
  { name: 'loops', count: 5 },
  { name: 'braid', share: 0.5 },
  { name: 'braid', share: 1 },
];

describe.each(postSteps.map((s) => [JSON.stringify(s), s] as const))(
  'post-process %s keeps its promise',
  (_label, step) => {
    it.each([...rectangles, ...otherShapes].map((c) => [c.name, c] as const))(
      'on %s',
      (_l, { grid, seeds }) => {
        for (let seed = 1; seed <= Math.min(seeds, 12); seed++) {
          const tree = carve(seed % 2 === 0 ? 'kruskal' : 'backtracker', grid, seed);
          const before = placeEnds(grid, tree, { kind: 'auto' }, { kind: 'auto' }, 'test');
          const after = applyPost(before, createRng(deriveSeed(seed, 'post')), [step]);
          const { reached } = passagesAndReach(grid, after.open);
          expect(reached).toBe(grid.cellCount);
          expect([after.entryWall, after.exitWall]).toEqual([before.entryWall, before.exitWall]);
          expect(after.open[after.entryWall]).toBe(1);
          expect(after.open[after.exitWall]).toBe(1);
          const solution = solve(after).cells.length;
          if (postKeepsPerfect[step.name]) expect(loops(after)).toBe(0);
          switch (step.name) {
            case 'reduce-path':
              expect(solution).toBeLessThanOrEqual(solve(before).cells.length);
              break;
            case 'reverse-wasted-turns':
              expect(solve(after).cells).toEqual(solve(before).cells);
              break;
            case 'cross-cuts':
              expect(loops(after)).toBeLessThanOrEqual(step.count);
              expect(uniqueSolution(after)).toBe(true);
              break;
            case 'loops':
              expect(loops(after)).toBe(Math.min(step.count, standing(before)));
              break;
            case 'braid':
              expect(loops(after)).toBeGreaterThanOrEqual(0);
              break;
          }
        }
      },
    );
  },
);
