import { describe, expect, it } from 'vitest';
import { solveReaching } from '../../src/analyze/solve.js';
import { backtracker } from '../../src/generate/backtracker.js';
import { placeEnds } from '../../src/generate/ends/place-ends.js';
import { takeWalkedRoute } from '../../src/generate/ends/walked-route.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { kruskal } from '../../src/generate/kruskal.js';
import { bfs, routeTo } from '../../src/grid/bfs.js';
import { buildGrid, topologyNames } from '../../src/grid/registry.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { EVERY_SHAPE, recipe } from '../helpers.js';

const AUTO = { kind: 'auto' } as const;

describe('the ends walk at larger sizes', () => {
  // Golden: entry and exit walls, cells reached and the solution's cells of 12 mazes per topology of 2,500
  // to 8,000 cells (backtracker, straight backtracker, Kruskal), folded into one FNV-1a hash. Recorded before
  // the walk's stack stopped growing and before it kept the route: deep stacks, the same pairs and routes.
  const golden: Record<string, number> = {
    square: 3069015657,
    hex: 115530542,
    triangle: 4051365497,
    octagon: 123040266,
    circle: 2845387920,
  };
  it.each(topologyNames.map((t) => [t]))('%s: the same ends and solutions as recorded', (shape) => {
    const size = shape === 'circle' ? { columns: 30, rows: 30 } : { columns: 72, rows: 56 };
    const grid = buildGrid({ shape, size });
    let hash = 0x811c9dc5;
    const mix = (v: number) => {
      hash = Math.imul(hash ^ v, 0x01000193) >>> 0;
    };
    for (let seed = 0; seed < 12; seed++) {
      const rng = createRng(deriveSeed(18, `walks ${shape}`, seed));
      const open =
        seed % 3 === 2
          ? kruskal(grid, rng, { straightness: 0 })
          : backtracker(grid, rng, { straightness: seed % 3 === 1 ? 0.9 : 0 });
      const m = placeEnds(grid, open, AUTO, AUTO, 'test');
      const { solution, reached } = solveReaching(m);
      mix(m.entryWall);
      mix(m.exitWall);
      mix(reached);
      for (const c of solution.cells) mix(c);
    }
    expect(hash).toBe(golden[shape]);
  });
});

describe('the route the ends walk found', () => {
  it.each(EVERY_SHAPE.map((r) => [`${r.shape}${r.hexTop ? ` ${r.hexTop}` : ''}`, r] as const))(
    '%s: the breadth-first route from entry to exit, handed out once, to that maze only',
    (_, extra) => {
      for (let seed = 1; seed <= 8; seed++) {
        const maze = generateMaze(recipe(12, 10, extra), deriveSeed(seed, 'walked', 0), 'test');
        const copy = { ...maze };
        const walked = takeWalkedRoute(maze);
        expect(walked).toBeDefined();
        const search = bfs(maze.grid, maze.open, maze.entryCell);
        expect({ cells: walked?.cells, walls: walked?.walls }).toEqual(
          routeTo(maze.grid, search, maze.exitCell),
        );
        expect(walked?.reached).toBe(search.reached);
        expect(takeWalkedRoute(maze)).toBeUndefined();
        expect(takeWalkedRoute(copy)).toBeUndefined();
      }
    },
  );

  it('is not kept for a fixed end, open walls with a loop, or a post-processed maze', () => {
    const grid = buildGrid({ shape: 'square', size: { columns: 10, rows: 9 } });
    const open = backtracker(grid, createRng(deriveSeed(3, 'walked')), { straightness: 0 });
    expect(takeWalkedRoute(placeEnds(grid, open, AUTO, AUTO, 'test'))).toBeDefined();
    const side = { kind: 'side', side: 'top', at: 0.2 } as const;
    expect(takeWalkedRoute(placeEnds(grid, open, side, AUTO, 'test'))).toBeUndefined();
    const looped = open.slice();
    for (let w = 0; w < grid.wallCount; w += 5) if (grid.wallCellB[w] >= 0) looped[w] = 1;
    expect(takeWalkedRoute(placeEnds(grid, looped, AUTO, AUTO, 'test'))).toBeUndefined();
    const braided = generateMaze(
      recipe(10, 9, { post: [{ name: 'braid', share: 0.5 }] }),
      deriveSeed(3, 'walked', 0),
      'test',
    );
    expect(takeWalkedRoute(braided)).toBeUndefined();
  });
});
