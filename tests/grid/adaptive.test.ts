import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { openWalls } from '../../src/generate/algorithm.js';
import { placeEnds } from '../../src/generate/ends/place-ends.js';
import { algorithmInfo, algorithmNames, algorithms } from '../../src/generate/registry.js';
import { type AdaptiveTiling, adaptiveExtent, buildAdaptiveGrid } from '../../src/grid/adaptive.js';
import { bfs } from '../../src/grid/bfs.js';
import { type Grid, subGrid } from '../../src/grid/grid.js';
import type { Raster } from '../../src/grid/raster.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { bump, checkGridInvariants, isSpanningTree } from '../helpers.js';

const wallLength = (g: Grid, w: number): number =>
  Math.hypot(
    g.vertexX[g.wallV1[w]] - g.vertexX[g.wallV0[w]],
    g.vertexY[g.wallV1[w]] - g.vertexY[g.wallV0[w]],
  );

/** Every cell's walls form one closed loop: each of its corners is met by exactly two of its walls. */
function cellsClosed(grid: Grid): boolean {
  const meets = new Map<number, number>();
  const key = (c: number, v: number) => c * grid.vertexCount + v;
  for (let w = 0; w < grid.wallCount; w++) {
    for (const c of [grid.wallCellA[w], grid.wallCellB[w]]) {
      if (c < 0) continue;
      for (const v of [grid.wallV0[w], grid.wallV1[w]]) meets.set(key(c, v), (meets.get(key(c, v)) ?? 0) + 1);
    }
  }
  return [...meets.values()].every((n) => n === 2);
}

/** Neighbour lists are symmetric (each through the same wall) and rim lists hold their cell's rim walls. */
function adjacencySymmetric(grid: Grid): boolean {
  const back = new Set<string>();
  for (let c = 0; c < grid.cellCount; c++) {
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++)
      back.add(`${c},${grid.adjCell[k]},${grid.adjWall[k]}`);
  }
  for (let c = 0; c < grid.cellCount; c++) {
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      if (grid.adjCell[k] === c || !back.has(`${grid.adjCell[k]},${c},${grid.adjWall[k]}`)) return false;
    }
    for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++) {
      const w = grid.rimWall[k];
      if (grid.wallCellA[w] !== c || grid.wallCellB[w] !== -1) return false;
    }
  }
  return back.size + grid.rimWall.length === 2 * grid.wallCount - grid.rimWall.length;
}

/** Area of each cell from its walls (shoelace over wall chords, oriented away from the centre). */
function cellAreas(grid: Grid): Float64Array {
  const area = new Float64Array(grid.cellCount);
  for (let w = 0; w < grid.wallCount; w++) {
    const x0 = grid.vertexX[grid.wallV0[w]];
    const y0 = grid.vertexY[grid.wallV0[w]];
    const x1 = grid.vertexX[grid.wallV1[w]];
    const y1 = grid.vertexY[grid.wallV1[w]];
    for (const c of [grid.wallCellA[w], grid.wallCellB[w]]) {
      if (c < 0) continue;
      // Triangle (centre, v0, v1): its signed area, counted positive.
      const cx = grid.cellX[c];
      const cy = grid.cellY[c];
      area[c] += Math.abs((x0 - cx) * (y1 - cy) - (x1 - cx) * (y0 - cy)) / 2;
    }
  }
  return area;
}

const CASES: { tiling: AdaptiveTiling; balance: 'refine' | 'coarsen' }[] = [
  { tiling: 'square', balance: 'refine' },
  { tiling: 'triangle', balance: 'refine' },
  { tiling: 'square', balance: 'coarsen' },
  { tiling: 'triangle', balance: 'coarsen' },
];

describe.each(CASES)('adaptive $tiling grid, balanced by $balance', ({ tiling, balance }) => {
  // Merging needs room for every level in between, so the coarsened grid gets a wider bump.
  const pooling = balance === 'refine' ? 'max' : 'min';
  const depth = balance === 'refine' ? bump(3.4) : bump(3.6, 0.15);
  const grid = buildAdaptiveGrid({ tiling, columns: 6, rows: 5, levels: 3, depth, pooling, balance });

  it('is a planar subdivision of a disc with symmetric adjacency: V − E + F = 1, cells closed', () => {
    expect(adjacencySymmetric(grid)).toBe(true);
    expect(cellsClosed(grid)).toBe(true);
    expect(grid.vertexCount - grid.wallCount + grid.cellCount).toBe(1);
    expect(bfs(grid, new Uint8Array(grid.wallCount).fill(1), 0).reached).toBe(grid.cellCount);
    const ext = adaptiveExtent(tiling, 6, 5, 3);
    expect(grid.width).toBeCloseTo(ext.width, 9);
    expect(grid.height).toBeCloseTo(ext.height, 9);
  });

  it('subdivides where the depth field asks, down to the finest level, and tiles the box', () => {
    const area = cellAreas(grid);
    const finest = tiling === 'square' ? 1 : Math.sqrt(3) / 4;
    const sizes = new Set<number>();
    let total = 0;
    for (let c = 0; c < grid.cellCount; c++) {
      sizes.add(Math.round(Math.log2(area[c] / finest) / 2));
      total += area[c];
    }
    // Coarse cells (4^3 finest) at the edges, finest cells in the middle, all levels in between.
    expect([...sizes].sort()).toEqual([0, 1, 2, 3]);
    const coarse = tiling === 'square' ? 6 * 5 * 64 : 6 * 5 * 64 * finest;
    expect(total).toBeCloseTo(coarse, 6);
  });

  it('is balanced: walls between cells are never shorter than half a side of either cell', () => {
    const area = cellAreas(grid);
    const finest = tiling === 'square' ? 1 : Math.sqrt(3) / 4;
    const side = (c: number) => Math.sqrt(area[c] / finest);
    for (let w = 0; w < grid.wallCount; w++) {
      const a = grid.wallCellA[w];
      const b = grid.wallCellB[w];
      const len = wallLength(grid, w);
      if (b < 0) {
        expect(len).toBeCloseTo(side(a), 9);
        continue;
      }
      // A wall is the whole side of the smaller cell; the cells differ by one level at most.
      expect(len).toBeCloseTo(Math.min(side(a), side(b)), 9);
      expect(Math.max(side(a), side(b)) / Math.min(side(a), side(b))).toBeLessThanOrEqual(2 + 1e-9);
    }
  });

  it('carves a spanning tree with every general algorithm, solved through open walls only', () => {
    for (const name of algorithmNames) {
      const info = algorithmInfo[name];
      if ('squareOnly' in info) continue;
      const options =
        'needsEnds' in info
          ? { straightness: 0, ends: { entryWall: grid.rimWall[0], exitWall: grid.rimWall.at(-1) as number } }
          : { straightness: 0.3 };
      const open = openWalls(algorithms[name](grid, createRng(deriveSeed(4, name)), options));
      const maze = placeEnds(grid, open, { kind: 'auto' }, { kind: 'auto' }, 'test');
      expect(isSpanningTree(maze), name).toBe(true);
      const solution = solve(maze);
      expect(solution.cells[0]).toBe(maze.entryCell);
      for (const w of solution.walls) expect(maze.open[w]).toBe(1);
    }
  });

  it('keeps its invariants when masked, and carries wall widths through the cut', () => {
    const wallWidth = new Float32Array(grid.wallCount).map((_, w) => w / 1000);
    const withWidths: Grid = { ...grid, tone: { wallWidth } };
    const keep = new Uint8Array(grid.cellCount);
    const cx = grid.width / 2;
    const cy = grid.height / 2;
    for (let c = 0; c < grid.cellCount; c++) {
      keep[c] = Math.hypot(grid.cellX[c] - cx, grid.cellY[c] - cy) < grid.height * 0.45 ? 1 : 0;
    }
    const masked = subGrid(withWidths, keep);
    expect(adjacencySymmetric(masked)).toBe(true);
    expect(cellsClosed(masked)).toBe(true);
    expect(masked.vertexCount - masked.wallCount + masked.cellCount).toBe(1);
    expect(masked.tone?.wallWidth).toBeDefined();
    // Each kept wall keeps its width: match walls by their end points (shifted by the re-framing).
    const dx = masked.cellX[0] - grid.cellX[keep.indexOf(1)];
    const dy = masked.cellY[0] - grid.cellY[keep.indexOf(1)];
    const byEnds = new Map<string, number>();
    const endsKey = (g: Grid, w: number, ox: number, oy: number) => {
      const a = `${(g.vertexX[g.wallV0[w]] + ox).toFixed(6)},${(g.vertexY[g.wallV0[w]] + oy).toFixed(6)}`;
      const b = `${(g.vertexX[g.wallV1[w]] + ox).toFixed(6)},${(g.vertexY[g.wallV1[w]] + oy).toFixed(6)}`;
      return a < b ? `${a}|${b}` : `${b}|${a}`;
    };
    for (let w = 0; w < grid.wallCount; w++) byEnds.set(endsKey(grid, w, dx, dy), wallWidth[w]);
    const widths = Array.from({ length: masked.wallCount }, (_, w) => byEnds.get(endsKey(masked, w, 0, 0)));
    expect(Float32Array.from(widths as number[])).toEqual(masked.tone?.wallWidth);
  });

  it('is a plain grid of coarse cells without a depth field, and the same for the same input', () => {
    const plain = buildAdaptiveGrid({ tiling, columns: 4, rows: 3, levels: 2 });
    expect(plain.cellCount).toBe(12);
    const again = buildAdaptiveGrid({
      tiling,
      columns: 6,
      rows: 5,
      levels: 3,
      depth,
      pooling,
      balance,
    });
    expect(again.wallV0).toEqual(grid.wallV0);
    expect(again.cellX).toEqual(grid.cellX);
  });
});

describe('adaptive grid balance', () => {
  it('coarsening never makes a cell finer than its whole area asks; refining never coarser than any part', () => {
    const depth = bump(3.4);
    const fine = buildAdaptiveGrid({ tiling: 'square', columns: 6, rows: 5, levels: 3, depth });
    const coarse = buildAdaptiveGrid({
      tiling: 'square',
      columns: 6,
      rows: 5,
      levels: 3,
      depth,
      pooling: 'min',
      balance: 'coarsen',
    });
    expect(coarse.cellCount).toBeLessThan(fine.cellCount);
    // Wanted depth at a point of the 48×40 box (the bump is sampled bilinearly, nearest pixel is close enough).
    const want = (x: number, y: number) =>
      depth.data[Math.floor((y / 40) * depth.height) * depth.width + Math.floor((x / 48) * depth.width)];
    const areas = cellAreas(coarse);
    for (let c = 0; c < coarse.cellCount; c++) {
      const side = Math.sqrt(areas[c]);
      const level = 3 - Math.round(Math.log2(side));
      if (level === 0) continue;
      // Its parent was split, so every finest cell of the parent wanted more than level − ½.
      for (const [dx, dy] of [
        [-0.5, -0.5],
        [0.5, 0.5],
        [-0.5, 0.5],
        [0.5, -0.5],
      ]) {
        expect(want(coarse.cellX[c] + dx * (side - 1), coarse.cellY[c] + dy * (side - 1))).toBeGreaterThan(
          level - 0.5 - 0.05,
        );
      }
    }
  });
});

describe('adaptive grid sizes', () => {
  it('matches the square topology at one level everywhere', () => {
    const flat: Raster = { width: 1, height: 1, data: new Float32Array([1]) };
    const g = buildAdaptiveGrid({ tiling: 'square', columns: 5, rows: 4, levels: 1, depth: flat });
    expect(g.cellCount).toBe(80);
    expect(g.wallCount).toBe(11 * 8 + 10 * 9);
    checkGridInvariants(g);
  });

  it('refuses sizes outside its ranges', () => {
    expect(() => buildAdaptiveGrid({ tiling: 'square', columns: 0, rows: 4, levels: 1 })).toThrow(/columns/);
    expect(() => buildAdaptiveGrid({ tiling: 'square', columns: 2, rows: 4, levels: 9 })).toThrow(/levels/);
  });
});
