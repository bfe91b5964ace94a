import { describe, expect, it } from 'vitest';
import { rateMaze } from '../../src/analyze/rate.js';
import { routeBranches } from '../../src/analyze/route-branches.js';
import { estimateSearch, t95 } from '../../src/analyze/search-effort.js';
import { Simulator, type SimulatorName } from '../../src/analyze/simulate.js';
import { solve } from '../../src/analyze/solve.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { recipe, SHAPES_AND_MASKS, shapeLabel } from '../helpers.js';

/**
 * Perfect mazes of every shape and mask, of three algorithms, about 100–250 cells, and two weave mazes (a
 * tree over cells joined also beneath their neighbours).
 */
function perfectMazes(): { label: string; maze: Maze }[] {
  const out: { label: string; maze: Maze }[] = [];
  for (const seed of [1, 2]) {
    const label = `weave ${seed}`;
    const weave = recipe(12, 11, { options: { straightness: 0, weave: 1 } });
    out.push({ label, maze: generateMaze(weave, deriveSeed(seed, label, 0), 'test') });
  }
  for (const extra of SHAPES_AND_MASKS) {
    for (const algorithm of ['kruskal', 'backtracker', 'wilson'] as const) {
      const size = extra.shape === 'circle' ? { columns: 7, rows: 7 } : { columns: 14, rows: 12 };
      const label = `${shapeLabel(extra)} ${algorithm}`;
      const maze = generateMaze(recipe(0, 0, { ...extra, size, algorithm }), deriveSeed(3, label, 0), 'test');
      out.push({ label, maze });
    }
  }
  return out;
}

/** The plain Monte Carlo: mean, standard error and spread of `walks` walks. */
function monteCarlo(maze: Maze, kind: SimulatorName, walks: number, key: string) {
  const sim = new Simulator(maze);
  const rng = createRng(deriveSeed(9, key, 0));
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < walks; i++) {
    const o = sim.walk(kind, rng).overlap;
    sum += o;
    sq += o * o;
  }
  const mean = sum / walks;
  const sd = Math.sqrt(Math.max(0, (sq - walks * mean * mean) / (walks - 1)));
  return { mean, se: sd / Math.sqrt(walks), sd };
}

const stop = { enough: () => true };

/**
 * A naive reach beyond the path: for each branch, its cells whose way from the junction, with the route up
 * to the junction, leaves them (and the cells before them) in the exit's region — by a flood fill per cell.
 */
function naiveReach(maze: Maze, route: Int32Array, root: Int32Array, step: Int32Array): number[] {
  const { grid, open } = maze;
  const seen = new Uint8Array(grid.cellCount);
  const reaches = (from: number): boolean => {
    const mark = new Uint8Array(grid.cellCount);
    const stack = [from];
    mark[from] = 1;
    while (stack.length > 0) {
      const c = stack.pop() as number;
      if (c === maze.exitCell) return true;
      for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
        const n = grid.adjCell[k];
        if (mark[n] === 0 && seen[n] === 0) {
          mark[n] = 1;
          stack.push(n);
        }
      }
    }
    return false;
  };
  const explore = (c: number, parent: number): number => {
    seen[c] = 1;
    let count = 1;
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const to = grid.adjCell[k];
      if (open[grid.adjWall[k]] === 0 || to === parent) continue;
      if (reaches(to)) count += explore(to, c);
    }
    seen[c] = 0;
    return count;
  };
  const out: number[] = [];
  let at = -1;
  for (let b = 0; b < root.length; b++) {
    while (at < step[b]) seen[route[++at]] = 1;
    out.push(reaches(root[b]) ? explore(root[b], route[step[b]]) : 0);
  }
  return out;
}

describe('the branches off the route', () => {
  it('hold every cell of a perfect maze once, on every shape; none when there is a loop or a one-way passage', () => {
    for (const { label, maze } of perfectMazes()) {
      const sim = new Simulator(maze);
      const route = solve(maze).cells;
      const b = routeBranches(sim, route);
      expect(b, label).toBeDefined();
      if (!b) continue;
      let inBranches = 0;
      for (let c = 0; c < maze.grid.cellCount; c++) if (b.of[c] >= 0) inBranches++;
      expect(
        b.cells.reduce((s, x) => s + x, 0),
        label,
      ).toBe(inBranches);
      for (let i = 1; i < b.step.length; i++) expect(b.step[i]).toBeGreaterThanOrEqual(b.step[i - 1]);
      for (const c of route) expect(b.of[c]).toBe(-1);
      // Each branch's cells hang from its root, which is next to its junction on the route.
      for (let i = 0; i < b.root.length; i++)
        expect(sim.passage(route[b.step[i]], b.root[i])).toBe(b.wrong[i]);
    }
    const braided = generateMaze(
      recipe(12, 10, { algorithm: 'kruskal', post: [{ name: 'braid', share: 0.5 }] }),
      deriveSeed(1, 'braid', 0),
      'test',
    );
    expect(routeBranches(new Simulator(braided), solve(braided).cells)).toBeUndefined();
    const tree = generateMaze(recipe(12, 10), deriveSeed(1, 'tree', 0), 'test');
    const oneWay: Maze = { ...tree, oneWay: new Int8Array(tree.grid.wallCount) };
    expect(routeBranches(new Simulator(oneWay), solve(oneWay).cells)).toBeUndefined();
  });
});

describe('the search in closed form', () => {
  it('is the mean and spread of the tremaux and directional walkers on perfect mazes of every shape', () => {
    for (const { label, maze } of perfectMazes()) {
      const route = solve(maze).cells;
      for (const kind of ['tremaux', 'directional'] as const) {
        const exact = estimateSearch(new Simulator(maze), kind, route, createRng(deriveSeed(1, 'x')), stop);
        expect(exact.method, label).toBe('exact');
        expect(exact.walks).toBe(0);
        const mc = monteCarlo(maze, kind, 3000, `${label} ${kind}`);
        // Within 4 standard errors of 3,000 walks (about 3 % of the mean), the spread within 8 %.
        expect(Math.abs(exact.mean - mc.mean), `${label} ${kind}`).toBeLessThanOrEqual(4 * mc.se + 1e-9);
        expect(Math.abs(exact.sd - mc.sd), `${label} ${kind}`).toBeLessThanOrEqual(0.08 * mc.sd + 0.5);
        expect(exact.steps).toBeCloseTo(route.length - 1 + 2 * exact.mean, 9);
      }
    }
  });

  it('gives w_b / (w_b + w_c), not ½, to the directional walker (which the walks confirm)', () => {
    const maze = generateMaze(recipe(16, 16, { algorithm: 'kruskal' }), deriveSeed(2, 'lure', 0), 'test');
    const route = solve(maze).cells;
    const directional = estimateSearch(
      new Simulator(maze),
      'directional',
      route,
      createRng([1, 2, 3, 4]),
      stop,
    );
    const tremaux = estimateSearch(new Simulator(maze), 'tremaux', route, createRng([1, 2, 3, 4]), stop);
    const mc = monteCarlo(maze, 'directional', 3000, 'lure');
    expect(Math.abs(directional.mean - tremaux.mean)).toBeGreaterThan(8 * mc.se);
    expect(Math.abs(directional.mean - mc.mean)).toBeLessThanOrEqual(4 * mc.se);
  });
});

describe('the smart search per branch', () => {
  it('agrees with the plain mean of walks on perfect mazes of every shape', () => {
    for (const { label, maze } of perfectMazes()) {
      const route = solve(maze).cells;
      const sim = new Simulator(maze);
      const estimate = estimateSearch(sim, 'smart', route, createRng(deriveSeed(4, label)), {
        minWalks: 400,
        maxWalks: 400,
        enough: () => false,
      });
      expect(['branches', 'exact']).toContain(estimate.method);
      const mc = monteCarlo(maze, 'smart', 3000, `${label} smart`);
      const se = Math.hypot(mc.se, estimate.ci95 / t95(399));
      expect(Math.abs(estimate.mean - mc.mean), label).toBeLessThanOrEqual(4 * se + 1e-9);
    }
  });

  it('has a 95 % interval that holds about 95 % of the time', () => {
    const maze = generateMaze(recipe(16, 14, { algorithm: 'kruskal' }), deriveSeed(5, 'cover', 0), 'test');
    const route = solve(maze).cells;
    const truth = monteCarlo(maze, 'smart', 20000, 'cover');
    let inside = 0;
    const runs = 60;
    for (let i = 0; i < runs; i++) {
      const e = estimateSearch(new Simulator(maze), 'smart', route, createRng(deriveSeed(6, 'cover', i)), {
        minWalks: 16,
        maxWalks: 16,
        enough: () => true,
      });
      if (Math.abs(e.mean - truth.mean) <= e.ci95 + 2 * truth.se) inside++;
    }
    expect(inside / runs).toBeGreaterThanOrEqual(0.85);
  });

  it('reaches beyond the path exactly as a flood fill per cell says, an upper bound of what smart explores', () => {
    for (const { label, maze } of perfectMazes()) {
      const sim = new Simulator(maze);
      const route = solve(maze).cells;
      const b = routeBranches(sim, route);
      if (!b) throw new Error(label);
      const reach = sim.reachBeyondPath(route, b.root, b.step);
      expect(Array.from(reach), label).toEqual(naiveReach(maze, route, b.root, b.step));
      // Flags only: 1 where the route leaves the branch open, 0 where it has closed it off.
      const flags = sim.reachBeyondPath(route, b.root, b.step, new Uint8Array(b.root.length));
      expect(Array.from(flags)).toEqual(Array.from(reach, (r) => (r > 0 ? 1 : 0)));
      // A smart walk never enters more of a branch than its reach.
      const visited = new Int32Array(b.root.length);
      const rng = createRng(deriveSeed(7, label));
      for (let i = 0; i < 30; i++) {
        visited.fill(0);
        sim.walk('smart', rng, undefined, { branchOf: b.of, visited });
        for (let j = 0; j < b.root.length; j++) expect(visited[j]).toBeLessThanOrEqual(reach[j]);
      }
    }
  });
});

describe('the search from walks', () => {
  it('is the mean of stratified walks on mazes with loops or one-way passages, agreeing with plain walks', () => {
    const braid = generateMaze(
      recipe(14, 12, { algorithm: 'kruskal', post: [{ name: 'braid', share: 0.5 }] }),
      deriveSeed(8, 'braid', 0),
      'test',
    );
    const loops = generateMaze(
      recipe(0, 0, { shape: 'hex', size: { columns: 12, rows: 11 }, post: [{ name: 'loops', count: 6 }] }),
      deriveSeed(8, 'loops', 0),
      'test',
    );
    const crossCuts = generateMaze(
      recipe(0, 0, {
        shape: 'triangle',
        size: { columns: 18, rows: 10 },
        post: [{ name: 'cross-cuts', count: 8 }],
      }),
      deriveSeed(8, 'cross-cuts', 0),
      'test',
    );
    const tree = generateMaze(recipe(12, 10, { algorithm: 'kruskal' }), deriveSeed(8, 'one-way', 0), 'test');
    const oneWay = new Int8Array(tree.grid.wallCount);
    const { grid } = tree;
    // One-way passages along the route, pointing onwards: the maze stays solvable.
    const route = solve(tree);
    for (let i = 0; i < route.walls.length; i += 3) {
      const w = route.walls[i];
      oneWay[w] = grid.wallCellA[w] === route.cells[i] ? 1 : -1;
    }
    const cases: [string, Maze][] = [
      ['braid', braid],
      ['loops', loops],
      ['cross-cuts', crossCuts],
      ['one-way', { ...tree, oneWay }],
    ];
    for (const [label, maze] of cases) {
      for (const kind of ['smart', 'directional'] as const) {
        const sim = new Simulator(maze);
        const e = estimateSearch(sim, kind, solve(maze).cells, createRng(deriveSeed(9, label)), {
          minWalks: 800,
          maxWalks: 800,
          enough: () => true,
        });
        expect(e.method, label).toBe('walks');
        expect(e.walks).toBe(800);
        const mc = monteCarlo(maze, kind, 3000, `${label} ${kind}`);
        const se = Math.hypot(mc.se, e.ci95 / t95(799));
        expect(Math.abs(e.mean - mc.mean), `${label} ${kind}`).toBeLessThanOrEqual(4 * se + 1e-9);
      }
    }
  });

  it('stratifies: the mean of stratified walks varies less than plain walks', () => {
    const maze = generateMaze(
      recipe(20, 20, { algorithm: 'kruskal', post: [{ name: 'loops', count: 10 }] }),
      deriveSeed(10, 'strata', 0),
      'test',
    );
    const route = solve(maze).cells;
    const spreadOf = (method: 'auto' | 'walks'): number => {
      const means: number[] = [];
      for (let i = 0; i < 100; i++) {
        const e = estimateSearch(new Simulator(maze), 'smart', route, createRng(deriveSeed(11, method, i)), {
          minWalks: 32,
          maxWalks: 32,
          enough: () => true,
          method,
        });
        means.push(e.mean);
      }
      const m = means.reduce((a, b) => a + b, 0) / means.length;
      return Math.sqrt(means.reduce((a, b) => a + (b - m) ** 2, 0) / (means.length - 1));
    };
    expect(spreadOf('auto')).toBeLessThan(0.85 * spreadOf('walks'));
  });
});

describe('ratings', () => {
  it('are the same bit for bit from the same maze and seed, whatever was rated before', () => {
    const mazes: Maze[] = [
      ...perfectMazes()
        .slice(0, 6)
        .map((m) => m.maze),
      generateMaze(
        recipe(12, 10, { algorithm: 'kruskal', post: [{ name: 'braid', share: 0.5 }] }),
        deriveSeed(12, 'braid', 0),
        'test',
      ),
    ];
    for (const [i, maze] of mazes.entries()) {
      for (const simulator of ['smart', 'directional'] as const) {
        const a = rateMaze(maze, deriveSeed(13, 'same', i), { simulator });
        rateMaze(mazes[(i + 1) % mazes.length], deriveSeed(14, 'other', i), { simulator });
        const b = rateMaze({ ...maze }, deriveSeed(13, 'same', i), { simulator });
        expect(b).toEqual(a);
      }
    }
  });

  it('of a maze rated again take its walks on, with the result of a fresh rating', () => {
    const screening = { precision: 0.1, scorePrecision: 0.05 } as const;
    const mazes: Maze[] = [
      generateMaze(recipe(16, 14, { algorithm: 'kruskal' }), deriveSeed(16, 'again', 0), 'test'),
      generateMaze(
        recipe(0, 0, { shape: 'hex', size: { columns: 13, rows: 12 } }),
        deriveSeed(16, 'again', 1),
        'test',
      ),
      generateMaze(
        recipe(14, 12, { algorithm: 'wilson', post: [{ name: 'braid', share: 0.5 }] }),
        deriveSeed(16, 'again', 2),
        'test',
      ),
    ];
    for (const [i, maze] of mazes.entries()) {
      const seed = deriveSeed(17, 'again', i);
      const copy = () => ({ ...maze }); // a new object: rated afresh
      for (const [first, second] of [
        [screening, {}],
        [{}, screening],
        [{ minWalks: 40 }, { minWalks: 8 }],
        [{ maxWalks: 12 }, {}],
        [{ scorePrecision: 0.001, precision: 0.001, maxWalks: 64 }, screening],
      ] as const) {
        const again = copy();
        rateMaze(again, seed, first);
        expect(rateMaze(again, seed, second), `maze ${i}`).toEqual(rateMaze(copy(), seed, second));
      }
    }
  });

  it('say how the search was found: exactly, per branch or from walks', () => {
    const tree = generateMaze(recipe(14, 12, { algorithm: 'kruskal' }), deriveSeed(15, 'm', 0), 'test');
    const braid = generateMaze(
      recipe(14, 12, { algorithm: 'kruskal', post: [{ name: 'braid', share: 0.5 }] }),
      deriveSeed(15, 'm', 0),
      'test',
    );
    const exact = rateMaze(tree, deriveSeed(1, 'x'), { simulator: 'directional' });
    expect(exact.components.search).toMatchObject({ method: 'exact', walks: 0 });
    expect(exact.walks).toBe(0);
    expect(exact.overlapSteps.ci95).toBe(0);
    const smart = rateMaze(tree, deriveSeed(1, 'x'));
    expect(smart.components.search.method).toBe('branches');
    expect(smart.components.search.walks).toBe(smart.walks);
    expect(rateMaze(braid, deriveSeed(1, 'x')).components.search.method).toBe('walks');
    // A heatmap needs walks: the closed form gives way to them.
    let kept: Simulator | undefined;
    const walked = rateMaze(tree, deriveSeed(1, 'x'), { simulator: 'directional', keep: (s) => (kept = s) });
    expect(walked.components.search.method).toBe('walks');
    expect(kept?.visits.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});

describe('t95', () => {
  it('is Student’s 97.5 % point to about 0.01 from 7 degrees of freedom, and tends to 1.96', () => {
    const table: [number, number][] = [
      [7, 2.365],
      [15, 2.131],
      [31, 2.04],
      [100, 1.984],
    ];
    for (const [df, t] of table) expect(Math.abs(t95(df) - t)).toBeLessThan(0.01);
    expect(t95(1e9)).toBeCloseTo(1.96, 6);
  });
});
