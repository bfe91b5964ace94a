import { describe, expect, it } from 'vitest';
import { measure } from '../../src/analyze/metrics.js';
import { solve } from '../../src/analyze/solve.js';
import type { Maze } from '../../src/generate/maze.js';
import { crossCuts } from '../../src/generate/post/cross-cuts.js';
import { solutionZones } from '../../src/generate/post/zones.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { isSpanningTree, squareMaze } from '../helpers.js';
import { loops, uniqueSolution } from './maze-checks.js';

describe('reduce-path', () => {
  it('keeps a spanning tree and never lengthens the solution; usually shortens it a lot', () => {
    let before = 0;
    let after = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const plain = squareMaze(25, 25, seed);
      const reduced = squareMaze(25, 25, seed, { post: [{ name: 'reduce-path' }] });
      expect(isSpanningTree(reduced)).toBe(true);
      const a = solve(plain).cells.length;
      const b = solve(reduced).cells.length;
      expect(b).toBeLessThanOrEqual(a);
      before += a;
      after += b;
    }
    expect(after).toBeLessThan(before * 0.6);
  });
});

describe('cross-cuts', () => {
  it('adds the loops asked for, none of them giving the solution a second route', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const m = squareMaze(20, 20, seed, { post: [{ name: 'cross-cuts', count: 15 }] });
      expect(loops(m)).toBe(15);
      expect(uniqueSolution(m)).toBe(true);
    }
  });

  it('stops when the maze has no room left, and reports how many it made', () => {
    const base = squareMaze(6, 6, 2);
    const { cuts, ...m } = crossCuts(base, createRng(deriveSeed(1, 'cc')), 1000);
    expect(cuts).toBeLessThan(1000);
    expect(loops(m)).toBe(cuts);
    expect(uniqueSolution(m)).toBe(true);
  });

  it('zones: each off-solution cell belongs to the zone of the solution cell its branch hangs from', () => {
    const m = squareMaze(10, 10, 3);
    const { zone, solution } = solutionZones(m);
    for (let i = 0; i < solution.length; i++) expect(zone[solution[i]]).toBe(i);
    for (let c = 0; c < m.grid.cellCount; c++) expect(zone[c]).toBeGreaterThanOrEqual(0);
  });
});

describe('loops and braid', () => {
  it('loops: n adds exactly n independent loops', () => {
    expect(loops(squareMaze(15, 15, 1, { post: [{ name: 'loops', count: 7 }] }))).toBe(7);
  });

  it('braid: 1 leaves no dead ends; braid: 0 changes nothing; 0.5 removes about half', () => {
    const deadEnds = (m: Maze) => measure(m, solve(m)).deadEnds;
    for (let seed = 1; seed <= 4; seed++) {
      const plain = squareMaze(20, 20, seed, { algorithm: 'kruskal' });
      expect(
        deadEnds(squareMaze(20, 20, seed, { algorithm: 'kruskal', post: [{ name: 'braid', share: 1 }] })),
      ).toBe(0);
      expect(
        squareMaze(20, 20, seed, { algorithm: 'kruskal', post: [{ name: 'braid', share: 0 }] }).open,
      ).toEqual(plain.open);
      const half = deadEnds(
        squareMaze(20, 20, seed, { algorithm: 'kruskal', post: [{ name: 'braid', share: 0.5 }] }),
      );
      expect(half).toBeLessThan(deadEnds(plain) * 0.75);
      expect(half).toBeGreaterThan(deadEnds(plain) * 0.15);
    }
  });
});

describe('reverse-wasted-turns', () => {
  /** Branches leaving the solution in a direction away from the exit. */
  function wastedTurns(m: Maze): number {
    const { grid } = m;
    const s = solve(m);
    const on = new Set(s.cells);
    const [ex, ey] = [grid.cellX[m.exitCell], grid.cellY[m.exitCell]];
    let n = 0;
    for (const c of s.cells) {
      for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
        const b = grid.adjCell[k];
        if (!m.open[grid.adjWall[k]] || on.has(b)) continue;
        const dot =
          (grid.cellX[b] - grid.cellX[c]) * (ex - grid.cellX[c]) +
          (grid.cellY[b] - grid.cellY[c]) * (ey - grid.cellY[c]);
        if (dot < 0) n++;
      }
    }
    return n;
  }

  it('keeps the maze perfect and the solution unchanged, and turns wasted branches toward the exit', () => {
    let before = 0;
    let after = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const plain = squareMaze(20, 20, seed, { algorithm: 'kruskal' });
      const reversed = squareMaze(20, 20, seed, {
        algorithm: 'kruskal',
        post: [{ name: 'reverse-wasted-turns' }],
      });
      expect(isSpanningTree(reversed)).toBe(true);
      expect([...solve(reversed).cells]).toEqual([...solve(plain).cells]);
      before += wastedTurns(plain);
      after += wastedTurns(reversed);
    }
    expect(before).toBeGreaterThan(0);
    // Branches that touch the solution only on their away side cannot be turned; about 40 % are.
    expect(after).toBeLessThan(before * 0.75);
  });
});

describe('post-processes in a spec', () => {
  it('apply in the order listed, deterministically', () => {
    const a = squareMaze(12, 12, 5, { post: [{ name: 'reduce-path' }, { name: 'cross-cuts', count: 5 }] });
    const b = squareMaze(12, 12, 5, { post: [{ name: 'reduce-path' }, { name: 'cross-cuts', count: 5 }] });
    const c = squareMaze(12, 12, 5, { post: [{ name: 'cross-cuts', count: 5 }, { name: 'reduce-path' }] });
    expect(a.open).toEqual(b.open);
    expect(a.open).not.toEqual(c.open);
  });
});
