import { describe, expect, it } from 'vitest';
import { loopCount, measure, rimShare } from '../../src/analyze/metrics.js';
import { rateMaze, scoreOf } from '../../src/analyze/rate.js';
import { Simulator, simulatorNames } from '../../src/analyze/simulate.js';
import { solve } from '../../src/analyze/solve.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import { algorithmNames } from '../../src/generate/registry.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { recipe, spearman, squareMaze } from '../helpers.js';
import { SHAPES } from './shapes.js';

/** Is `goal` reachable from `from` through cells not yet visited, crossing any wall (a naive flood fill)? */
function reachableUnvisited(maze: Maze, seen: Uint8Array, from: number, goal: number): boolean {
  const { grid } = maze;
  const mark = new Uint8Array(grid.cellCount);
  const stack = [from];
  mark[from] = 1;
  while (stack.length > 0) {
    const c = stack.pop()!;
    if (c === goal) return true;
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const n = grid.adjCell[k];
      if (mark[n] === 0 && seen[n] === 0) {
        mark[n] = 1;
        stack.push(n);
      }
    }
  }
  return false;
}

describe('simulated solvers', () => {
  it('reach the exit on every shape, moving only through open walls between neighbours', () => {
    for (const { shape, size } of SHAPES) {
      for (const post of [[], [{ name: 'braid', share: 0.5 } as const]]) {
        const maze = generateMaze(recipe(0, 0, { shape, size, post }), deriveSeed(1, shape, 0), 'test');
        const sim = new Simulator(maze);
        for (const kind of simulatorNames) {
          for (let i = 0; i < 20; i++) {
            let last = maze.entryCell;
            const walk = sim.walk(kind, createRng(deriveSeed(i, kind, 0)), (from, to, wall) => {
              expect(from).toBe(last);
              expect(maze.open[wall]).toBe(1);
              expect([maze.grid.wallCellA[wall], maze.grid.wallCellB[wall]].sort()).toEqual(
                [from, to].sort(),
              );
              last = to;
            });
            expect(last).toBe(maze.exitCell);
            expect(walk.steps).toBeGreaterThanOrEqual(solve(maze).cells.length - 1);
            expect(walk.overlap).toBeLessThan(walk.steps);
          }
        }
      }
    }
  });

  it('tremaux ends on a fully braided maze (loops everywhere, no dead ends)', () => {
    const maze = squareMaze(15, 15, 3, { post: [{ name: 'braid', share: 1 }] });
    const sim = new Simulator(maze);
    for (let i = 0; i < 50; i++) {
      const w = sim.walk('tremaux', createRng(deriveSeed(i, 'braid', 0)));
      // Trémaux walks no passage more than twice.
      expect(w.steps).toBeLessThanOrEqual(2 * maze.grid.wallCount);
    }
  });

  it('smart never steps into an area its path has cut off from the exit', () => {
    for (const { shape, size } of SHAPES) {
      const maze = generateMaze(recipe(0, 0, { shape, size }), deriveSeed(2, shape, 0), 'test');
      const sim = new Simulator(maze);
      for (let i = 0; i < 10; i++) {
        const seen = new Uint8Array(maze.grid.cellCount);
        seen[maze.entryCell] = 1;
        sim.walk('smart', createRng(deriveSeed(i, 'smart', 0)), (_from, to) => {
          if (seen[to] === 0) expect(reachableUnvisited(maze, seen, to, maze.exitCell)).toBe(true);
          seen[to] = 1;
        });
      }
    }
  });

  it('smart wanders less than directional, which wanders no more than tremaux, on average', () => {
    let t = 0;
    let d = 0;
    let s = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const maze = squareMaze(25, 25, seed, { algorithm: 'kruskal' });
      t += rateMaze(maze, deriveSeed(seed, 'r', 0), { simulator: 'tremaux' }).overlapSteps.mean;
      d += rateMaze(maze, deriveSeed(seed, 'r', 0), { simulator: 'directional' }).overlapSteps.mean;
      s += rateMaze(maze, deriveSeed(seed, 'r', 0), { simulator: 'smart' }).overlapSteps.mean;
    }
    expect(s).toBeLessThan(d);
    expect(d).toBeLessThanOrEqual(t * 1.05);
  });

  it('never start a one-way passage against its direction, and still reach the exit', () => {
    const base = squareMaze(12, 12, 9, { algorithm: 'kruskal', post: [{ name: 'braid', share: 0.5 }] });
    const { grid } = base;
    // Every third open inner wall becomes one-way, each direction in turn, as long as the maze stays solvable.
    const oneWay = new Int8Array(grid.wallCount);
    let k = 0;
    for (let w = 0; w < grid.wallCount; w++) {
      if (base.open[w] === 0 || grid.wallCellB[w] < 0 || k++ % 3 !== 0) continue;
      oneWay[w] = k % 2 === 0 ? 1 : -1;
      try {
        solve({ ...base, oneWay });
      } catch {
        oneWay[w] = 0;
      }
    }
    const maze: Maze = { ...base, oneWay };
    const sim = new Simulator(maze);
    for (const kind of simulatorNames) {
      for (let i = 0; i < 30; i++) {
        const started = new Uint8Array(grid.wallCount);
        let last = maze.entryCell;
        sim.walk(kind, createRng(deriveSeed(i, kind, 1)), (from, to, wall) => {
          if (started[wall] === 0 && oneWay[wall] !== 0) {
            // The first crossing of a one-way passage goes the way it allows.
            expect(oneWay[wall] > 0 ? grid.wallCellA[wall] : grid.wallCellB[wall]).toBe(from);
          }
          started[wall] = 1;
          last = to;
        });
        expect(last).toBe(maze.exitCell);
      }
    }
  });

  it('walks are deterministic per seed', () => {
    const maze = squareMaze(20, 20, 5);
    const a = rateMaze(maze, deriveSeed(1, 'x', 0));
    const b = rateMaze(maze, deriveSeed(1, 'x', 0));
    expect(a).toEqual(b);
  });
});

describe('rating', () => {
  it('stops when the 95 % interval of the search is within ±5 %, or of the score within ±0.02', () => {
    for (const post of [[], [{ name: 'braid', share: 0.5 } as const]]) {
      const maze = squareMaze(30, 30, 1, { algorithm: 'wilson', post });
      const r = rateMaze(maze, deriveSeed(1, 'r', 0));
      expect(r.components.search.method).toBe(post.length === 0 ? 'branches' : 'walks');
      expect(r.walks).toBeGreaterThanOrEqual(8);
      expect(r.walks % 4).toBe(0);
      const { mean, ci95 } = r.overlapSteps;
      const at = (o: number) => scoreOf(r.components.effort + r.components.search.effort * (o / mean - 1));
      const span = (at(mean + ci95) - at(Math.max(0, mean - ci95))) / 2;
      expect(ci95 <= 0.05 * mean || span <= 0.02).toBe(true);
      expect(r.score).toBeCloseTo(scoreOf(r.components.effort), 9);
      // The plain walks, as every maze was rated before: from 100 walks until ±5 %.
      const plain = rateMaze(maze, deriveSeed(1, 'r', 0), { method: 'walks' });
      expect(plain.walks).toBeGreaterThanOrEqual(100);
      expect(plain.overlapSteps.ci95).toBeLessThanOrEqual(0.05 * plain.overlapSteps.mean);
    }
  });

  it('agrees with itself across simulation seeds (Spearman ≥ 0.99 over 50 mazes)', () => {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < 50; i++) {
      const size = 6 + (i % 25);
      const maze = squareMaze(size, size, 100 + i, { algorithm: i % 2 ? 'kruskal' : 'backtracker' });
      a.push(rateMaze(maze, deriveSeed(1, 'a', i)).score);
      b.push(rateMaze(maze, deriveSeed(2, 'b', i)).score);
    }
    expect(spearman(a, b)).toBeGreaterThanOrEqual(0.99);
  });

  it('rates every algorithm harder at 30×30 than at 12×12, and at least 3 there', () => {
    for (const algorithm of algorithmNames) {
      const rate = (n: number): number =>
        rateMaze(squareMaze(n, n, 7, { algorithm }), deriveSeed(7, algorithm, n), {
          minWalks: 40,
          precision: 0.1,
        }).score;
      const big = rate(30);
      expect(big, algorithm).toBeGreaterThanOrEqual(3);
      expect(big, algorithm).toBeGreaterThan(rate(12));
    }
  });

  it('does not rate braided mazes easier than the perfect mazes they came from, on average', () => {
    let lift = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const rate = (post: [] | [{ name: 'braid'; share: number }]): number =>
        rateMaze(squareMaze(20, 20, seed, { algorithm: 'kruskal', post }), deriveSeed(seed, 'b', 0)).score;
      lift += rate([{ name: 'braid', share: 0.5 }]) - rate([]);
    }
    expect(lift / 4).toBeGreaterThan(0);
  });

  it('rises with size and with reverse-wasted-turns, on average', () => {
    const mean = (xs: number[]) => xs.reduce((p, q) => p + q, 0) / xs.length;
    const at = (n: number, post: [] | [{ name: 'reverse-wasted-turns' }] = []) =>
      mean(
        [1, 2, 3, 4, 5].map(
          (seed) =>
            rateMaze(squareMaze(n, n, seed, { algorithm: 'kruskal', post }), deriveSeed(seed, 'r', 0)).score,
        ),
      );
    expect(at(20)).toBeGreaterThan(at(10));
    expect(at(30)).toBeGreaterThan(at(20));
    expect(at(20, [{ name: 'reverse-wasted-turns' }])).toBeGreaterThan(at(20));
  });
});

describe('metrics', () => {
  it('counts loops, long loops, long dead ends, turns and rim share', () => {
    const perfect = squareMaze(20, 20, 1, { algorithm: 'kruskal' });
    const m0 = measure(perfect, solve(perfect));
    expect(m0.loops).toBe(0);
    expect(m0.longLoops).toBe(0);
    const looped = squareMaze(20, 20, 1, { algorithm: 'kruskal', post: [{ name: 'loops', count: 12 }] });
    const m1 = measure(looped, solve(looped));
    expect(m1.loops).toBe(12);
    expect(m1.longLoops).toBeLessThanOrEqual(12);
    expect(m1.longLoops).toBeGreaterThan(0);
    expect(m0.longDeadEnds).toBeGreaterThan(0);
    expect(m0.longDeadEnds).toBeLessThanOrEqual(m0.deadEnds);
    expect(m0.turns).toBeGreaterThan(0);
    expect(m0.turns).toBeLessThan(m0.solutionLength);
    expect(m0.rimShare).toBeGreaterThan(0);
    expect(m0.rimShare).toBeLessThan(1);
    // A tree with p passages has p + 1 = cells ... and junction/dead-end/passages tie together:
    expect(m0.passages).toBeGreaterThanOrEqual(m0.junctions);
  });

  it('gives the loops and rim share alone as measure counts them (what a book checks)', () => {
    for (const loops of [0, 1, 7]) {
      const maze = squareMaze(12, 9, loops + 3, {
        algorithm: 'kruskal',
        post: loops ? [{ name: 'loops', count: loops }] : [],
      });
      const solution = solve(maze);
      const m = measure(maze, solution);
      expect(loopCount(maze)).toBe(loops);
      expect(loopCount(maze)).toBe(m.loops);
      expect(rimShare(maze, solution)).toBe(m.rimShare);
    }
  });
});
