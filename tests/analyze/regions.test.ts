import { describe, expect, it } from 'vitest';
import { mayCut, mayCutLong, Simulator } from '../../src/analyze/simulate.js';
import { placeEnds } from '../../src/generate/ends/place-ends.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import { algorithms } from '../../src/generate/registry.js';
import { buildAdaptiveGrid } from '../../src/grid/adaptive.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { bump, recipe, SHAPES_AND_MASKS, shapeLabel } from '../helpers.js';

/** The components of the unvisited cells (joined across any wall), by a plain flood fill: -1 for visited. */
function components(maze: Maze, seen: Uint8Array): Int32Array {
  const { grid } = maze;
  const label = new Int32Array(grid.cellCount).fill(-1);
  let next = 0;
  for (let s = 0; s < grid.cellCount; s++) {
    if (seen[s] !== 0 || label[s] >= 0) continue;
    const stack = [s];
    label[s] = next;
    while (stack.length > 0) {
      const c = stack.pop() as number;
      for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
        const nb = grid.adjCell[k];
        if (seen[nb] === 0 && label[nb] < 0) {
          label[nb] = next;
          stack.push(nb);
        }
      }
    }
    next++;
  }
  return label;
}

/** Whether two labellings of the unvisited cells give the same parts (labels may differ). */
function sameParts(mine: Int32Array, truth: Int32Array, seen: Uint8Array): boolean {
  const to = new Map<number, number>();
  const from = new Map<number, number>();
  for (let c = 0; c < truth.length; c++) {
    if (seen[c] !== 0) continue;
    const a = mine[c];
    const b = truth[c];
    if ((to.get(a) ?? b) !== b || (from.get(b) ?? a) !== a) return false;
    to.set(a, b);
    from.set(b, a);
  }
  return true;
}

/**
 * Smart walks on a maze, checking before every move that the walker's regions are the unvisited cells'
 * components exactly. Returns how many moves entered a new cell.
 */
function checkWalks(maze: Maze, walks: number, key: string): number {
  const sim = new Simulator(maze);
  let fresh = 0;
  for (let i = 0; i < walks; i++) {
    const seen = new Uint8Array(maze.grid.cellCount);
    seen[maze.entryCell] = 1;
    sim.walk('smart', createRng(deriveSeed(i, key, 0)), (_from, to) => {
      const truth = components(maze, seen);
      expect(sameParts(sim.comp, truth, seen), `${key} walk ${i}`).toBe(true);
      if (seen[to] === 0) fresh++;
      seen[to] = 1;
    });
  }
  return fresh;
}

describe('smart walker regions', () => {
  it.each(SHAPES_AND_MASKS.map((r) => [shapeLabel(r), r] as const))(
    '%s: are the unvisited components after every move, trees and braided',
    (label, extra) => {
      const size = { columns: 10, rows: extra.shape === 'circle' ? 6 : 9 };
      for (const post of [[], [{ name: 'braid', share: 0.6 } as const]]) {
        for (let seed = 1; seed <= 3; seed++) {
          const maze = generateMaze(
            recipe(10, 9, { ...extra, size, post }),
            deriveSeed(seed, label, 0),
            'test',
          );
          expect(checkWalks(maze, 6, `${label} ${seed}`)).toBeGreaterThan(0);
        }
      }
    },
  );

  it('walk the same when the search stamps run past 2³¹ and start again', () => {
    const maze = generateMaze(
      recipe(12, 10, { post: [{ name: 'braid', share: 0.3 }] }),
      deriveSeed(4, 's', 0),
      'test',
    );
    const fresh = new Simulator(maze);
    const late = new Simulator(maze);
    (late as unknown as { stampNow: number }).stampNow = 0x7fffffff - 3;
    for (let i = 0; i < 20; i++) {
      const a = fresh.walk('smart', createRng(deriveSeed(i, 'stamp', 0)));
      const b = late.walk('smart', createRng(deriveSeed(i, 'stamp', 0)));
      expect(b).toEqual(a);
    }
    expect((late as unknown as { stampNow: number }).stampNow).toBeLessThan(0x7fffffff - 3);
  });

  it('are the unvisited components on adaptive grids and weave mazes', () => {
    for (const tiling of ['square', 'triangle'] as const) {
      const grid = buildAdaptiveGrid({ tiling, columns: 5, rows: 4, levels: 3, depth: bump(3.4) });
      const open = algorithms.backtracker(grid, createRng(deriveSeed(1, tiling, 0)), { straightness: 0 });
      const maze = placeEnds(grid, open as Uint8Array, { kind: 'auto' }, { kind: 'auto' }, 'test');
      checkWalks(maze, 6, tiling);
    }
    for (let seed = 1; seed <= 3; seed++) {
      const maze = generateMaze(
        recipe(9, 8, { options: { straightness: 0, weave: 1 } }),
        deriveSeed(seed, 'weave', 0),
        'test',
      );
      checkWalks(maze, 6, `weave ${seed}`);
    }
  });
});

describe('the ring test for a split', () => {
  /** Runs of free items round the ring that hold a cell across a wall, counted the plain way. */
  function runsWithNeighbour(items: number[], free: (x: number) => boolean): number {
    const m = items.length;
    const at = items.findIndex((x) => !free(x));
    if (at < 0) return 0;
    let runs = 0;
    let counted = false;
    for (let n = 1; n <= m; n++) {
      const x = items[(at + n) % m];
      if (!free(x)) counted = false;
      else if (!counted && (x & 1) === 1) {
        counted = true;
        runs++;
      }
    }
    return runs;
  }

  /**
   * A ring written as digits, one item each: 0 a visited cell at a corner, 1 a free one, 2 a free cell across
   * a wall, 3 a visited one; item i is cell i. Returns what both tests say, checked against the plain count.
   */
  function ringSays(code: string): boolean {
    const m = code.length;
    const item = Int32Array.from(code, (d, i) => 2 * i + (d === '2' || d === '3' ? 1 : 0));
    const seen = Uint8Array.from(code, (d) => (d === '0' || d === '3' ? 1 : 0));
    const expected = runsWithNeighbour(Array.from(item), (x) => seen[x >> 1] === 0) > 1;
    expect(mayCut(Int32Array.from([0, m]), item, seen, 0), code).toBe(expected);
    expect(mayCutLong(item, seen, 0, m), code).toBe(expected);
    return expected;
  }

  it('agrees with a plain count on every ring of up to 7 items', () => {
    for (let m = 1; m <= 7; m++) {
      for (let k = 0; k < 4 ** m; k++) ringSays(k.toString(4).padStart(m, '0'));
    }
  });

  it('finds a neighbour however far below the top of its run (runs of up to 29 items)', () => {
    expect(ringSays('11113211111111111111113121112')).toBe(true);
    for (let m = 3; m <= 30; m++) {
      for (let at = 0; at < m - 2; at++) {
        // One visited item, a long free run with its only neighbour at `at`, another run with a neighbour.
        const run = Array.from({ length: m - 3 }, (_, i) => (i === at ? '2' : '1')).join('');
        if (run.includes('2')) expect(ringSays(`0${run}02`)).toBe(true);
      }
    }
  });

  it('counts runs holding a neighbour as a plain count does, on rings of 1 to 40 items', () => {
    const rng = createRng(deriveSeed(1, 'rings', 0));
    const cells = 50;
    for (let trial = 0; trial < 20_000; trial++) {
      const m = 1 + Math.floor(rng.next() * 40);
      // Items: cells across a wall or at a corner, and the outside (cell 50, always visited).
      // Neighbours anywhere from rare to most items, so that runs long and short hold one or none.
      const across = 0.02 + 0.6 * rng.next();
      const items = Array.from({ length: m }, () => {
        const c = rng.next() < 0.15 ? cells : Math.floor(rng.next() * cells);
        return 2 * c + (rng.next() < across ? 1 : 0);
      });
      const seen = new Uint8Array(cells + 1);
      const share = rng.next();
      for (let c = 0; c < cells; c++) seen[c] = rng.next() < share ? 1 : 0;
      seen[cells] = 1;
      const start = Int32Array.from([0, m]);
      const item = Int32Array.from(items);
      const expected = runsWithNeighbour(items, (x) => seen[x >> 1] === 0) > 1;
      expect(mayCut(start, item, seen, 0), `${items} ${seen}`).toBe(expected);
      expect(mayCutLong(item, seen, 0, m)).toBe(expected);
    }
  });
});
