import { describe, expect, it } from 'vitest';
import { openWalls } from '../../src/generate/algorithm.js';
import { wallOnSide } from '../../src/generate/ends/fixed-ends.js';
import {
  type AlgorithmInfo,
  type AlgorithmName,
  algorithmInfo,
  algorithmNames,
  algorithms,
} from '../../src/generate/registry.js';
import { bfs } from '../../src/grid/bfs.js';
import type { Grid } from '../../src/grid/grid.js';
import { rimNormal } from '../../src/grid/grid.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';

const OPTIONS = { straightness: 0 };

function run(name: AlgorithmName, grid: Grid, seed: number): Uint8Array {
  const info: AlgorithmInfo = algorithmInfo[name];
  const options = info.needsEnds
    ? {
        ...OPTIONS,
        ends: { entryWall: wallOnSide(grid, 'top', 0).wall, exitWall: wallOnSide(grid, 'bottom', 1).wall },
      }
    : OPTIONS;
  return openWalls(algorithms[name](grid, createRng(deriveSeed(seed, name)), options));
}

function isTree(grid: Grid, open: Uint8Array): boolean {
  let passages = 0;
  for (let w = 0; w < grid.wallCount; w++) {
    if (open[w] === 0) continue;
    if (grid.wallCellB[w] < 0) return false; // algorithms never open the rim
    passages++;
  }
  return passages === grid.cellCount - 1 && bfs(grid, open, 0).reached === grid.cellCount;
}

// A 7×7 grid with a plus-shaped hole and a notch: masked shapes must work as well as rectangles.
const keep = new Uint8Array(49).fill(1);
for (const i of [24, 17, 31, 23, 25, 0, 1, 7]) keep[i] = 0;

describe.each(algorithmNames)('%s', (name) => {
  it('makes a spanning tree on rectangles and masked grids, for several seeds', () => {
    const grids = [
      buildSquareGrid({ columns: 2, rows: 2 }),
      buildSquareGrid({ columns: 13, rows: 5 }),
      buildSquareGrid({ columns: 1, rows: 9 }),
      ...('squareOnly' in algorithmInfo[name] ? [] : [buildSquareGrid({ columns: 7, rows: 7, keep })]),
    ];
    for (const grid of grids)
      for (let seed = 1; seed <= 4; seed++) expect(isTree(grid, run(name, grid, seed))).toBe(true);
  });

  it('is deterministic per seed and varies with the seed', () => {
    const grid = buildSquareGrid({ columns: 12, rows: 12 });
    expect(run(name, grid, 5)).toEqual(run(name, grid, 5));
    expect(run(name, grid, 5)).not.toEqual(run(name, grid, 6));
  });
});

/** Chi-square of observed spanning-tree frequencies on a 3×2 grid, which has exactly 15 spanning trees. */
function treeChiSquare(name: AlgorithmName, samples: number): { distinct: number; chi: number } {
  const grid = buildSquareGrid({ columns: 3, rows: 2 });
  const counts = new Map<string, number>();
  const rng = createRng(deriveSeed(11, `uniform-${name}`));
  for (let i = 0; i < samples; i++) {
    const key = openWalls(algorithms[name](grid, rng, OPTIONS)).join('');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const expected = samples / 15;
  let chi = 0;
  for (const c of counts.values()) chi += (c - expected) ** 2 / expected;
  chi += (15 - counts.size) * expected; // trees never seen
  return { distinct: counts.size, chi };
}

describe('square-only algorithms', () => {
  it.each(algorithmNames.filter((n) => 'squareOnly' in algorithmInfo[n]))(
    '%s refuses a masked grid',
    (name) => {
      expect(() => run(name, buildSquareGrid({ columns: 7, rows: 7, keep }), 1)).toThrow(
        /full rectangular square grid/,
      );
    },
  );

  it('binary-tree and sidewinder leave the top row one open corridor', () => {
    for (const name of ['binary-tree', 'sidewinder'] as const) {
      const grid = buildSquareGrid({ columns: 9, rows: 6 });
      const open = run(name, grid, 3);
      // Vertical walls of row 0 between cells are walls 1..8 (wall 0 and 9 are the rim).
      for (let x = 1; x < 9; x++) expect(open[x]).toBe(1);
    }
  });
});

describe('amazing', () => {
  it('enters through the top side and leaves through the bottom side', async () => {
    const { squareMaze } = await import('../helpers.js');
    for (let seed = 1; seed <= 10; seed++) {
      const m = squareMaze(9, 7, seed, { algorithm: 'amazing' });
      expect(rimNormal(m.grid, m.entryWall)[1]).toBe(-1);
      expect(rimNormal(m.grid, m.exitWall)[1]).toBe(1);
    }
    // Explicit ends in the spec still win over the algorithm's own.
    const left = squareMaze(9, 7, 1, {
      algorithm: 'amazing',
      entry: { kind: 'side', side: 'left', at: 0.5 },
    });
    expect(rimNormal(left.grid, left.entryWall)[0]).toBe(-1);
  });
});

describe.each(['skewed-dfs', 'backtracker', 'kruskal'] as const)('%s with direction weights', (name) => {
  it('runs more passages in the heavier directions', () => {
    const grid = buildSquareGrid({ columns: 30, rows: 30 });
    const verticalShare = (weights: { up?: number; down?: number; left?: number; right?: number }) => {
      let vertical = 0;
      let all = 0;
      for (let seed = 1; seed <= 3; seed++) {
        const open = openWalls(
          algorithms[name](grid, createRng(deriveSeed(seed, 'skew')), { ...OPTIONS, weights }),
        );
        for (let w = 0; w < grid.wallCount; w++) {
          if (!open[w] || grid.wallCellB[w] < 0) continue;
          all++;
          // Horizontal walls (listed after the 31 × 30 vertical ones) carry vertical passages.
          if (w >= 31 * 30) vertical++;
        }
      }
      return vertical / all;
    };
    const even = verticalShare({});
    expect(verticalShare({ up: 4, down: 4 })).toBeGreaterThan(even + 0.1);
    expect(verticalShare({ left: 4, right: 4 })).toBeLessThan(even - 0.1);
  });
});

describe('radial and concentric weights', () => {
  /** Mean |cos| between open passages and the radius through them: 1 = all spokes, 0 = all rings. */
  function radialness(open: Uint8Array, grid: Grid): number {
    let sum = 0;
    let n = 0;
    for (let w = 0; w < grid.wallCount; w++) {
      const [a, b] = [grid.wallCellA[w], grid.wallCellB[w]];
      if (!open[w] || b < 0) continue;
      const [dx, dy] = [grid.cellX[b] - grid.cellX[a], grid.cellY[b] - grid.cellY[a]];
      const [rx, ry] = [
        (grid.cellX[a] + grid.cellX[b]) / 2 - grid.width / 2,
        (grid.cellY[a] + grid.cellY[b]) / 2 - grid.height / 2,
      ];
      const r = Math.hypot(rx, ry);
      if (r === 0) continue;
      sum += Math.abs(dx * rx + dy * ry) / (Math.hypot(dx, dy) * r);
      n++;
    }
    return sum / n;
  }

  it.each(['kruskal', 'backtracker'] as const)('%s makes rings or spokes on request', (name) => {
    const grid = buildSquareGrid({ columns: 30, rows: 30 });
    const carve = (weights: object) =>
      openWalls(algorithms[name](grid, createRng(deriveSeed(2, 'rings')), { ...OPTIONS, weights }));
    const even = radialness(carve({}), grid);
    expect(radialness(carve({ concentric: 5, radial: 1 }), grid)).toBeLessThan(even - 0.05);
    expect(radialness(carve({ radial: 5, concentric: 1 }), grid)).toBeGreaterThan(even + 0.05);
  });
});

describe('finger', () => {
  it('defaults to the north-west entry and south-east exit, with the exit a dead end on a long route', async () => {
    const { squareMaze } = await import('../helpers.js');
    const { solve } = await import('../../src/analyze/solve.js');
    for (let seed = 1; seed <= 5; seed++) {
      const m = squareMaze(12, 9, seed, { algorithm: 'finger' });
      expect(m.entryCell).toBe(0);
      expect(m.exitCell).toBe(12 * 9 - 1);
      let passages = 0;
      for (let k = m.grid.adjStart[m.exitCell]; k < m.grid.adjStart[m.exitCell + 1]; k++)
        passages += m.open[m.grid.adjWall[k]];
      expect(passages).toBe(1);
      expect(solve(m).cells.length).toBeGreaterThan(20);
    }
  });
});

describe('uniform spanning trees', () => {
  // 14 degrees of freedom: the 0.999 quantile is 36.12.
  it.each(['wilson', 'aldous-broder'] as const)('%s draws every spanning tree equally often', (name) => {
    const { distinct, chi } = treeChiSquare(name, 15_000);
    expect(distinct).toBe(15);
    expect(chi).toBeLessThan(36.12);
  });

  it('the backtracker is measurably not uniform (the test can tell the difference)', () => {
    const { chi } = treeChiSquare('backtracker', 15_000);
    expect(chi).toBeGreaterThan(36.12);
  });
});
