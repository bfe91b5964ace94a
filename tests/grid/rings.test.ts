import { describe, expect, it } from 'vitest';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { buildAdaptiveGrid } from '../../src/grid/adaptive.js';
import type { Grid } from '../../src/grid/grid.js';
import { buildGrid, topologies } from '../../src/grid/registry.js';
import { cellRings } from '../../src/grid/rings.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { weaveGrid } from '../../src/grid/weave.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { bump, recipe, SHAPES_AND_MASKS, shapeLabel } from '../helpers.js';

/** A ring as readable names: e<cell> across a wall, c<cell> at a corner only, out for the outside. */
function ringOf(grid: Grid, c: number): string[] {
  const rings = cellRings(grid);
  if (!rings) throw new Error('no rings');
  return Array.from(rings.item.subarray(rings.start[c], rings.start[c + 1]), (x) =>
    x >> 1 === grid.cellCount ? 'out' : `${x & 1 ? 'e' : 'c'}${x >> 1}`,
  );
}

/** The same cyclic sequence read from any start, either way round. */
function sameCycle(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const both = [...b, ...b].join(' ');
  const reversed = [...b].reverse();
  return both.includes(a.join(' ')) || [...reversed, ...reversed].join(' ').includes(a.join(' '));
}

/**
 * Checks every ring against the walls directly: its cells are those sharing a corner with the cell, those
 * across its walls marked so (once per wall), the outside present exactly where a corner lies on the rim,
 * and cells next to each other in the ring sharing a wall.
 */
function checkRings(grid: Grid): void {
  const rings = cellRings(grid);
  expect(rings).toBeDefined();
  if (!rings) return;
  const n = grid.cellCount;
  const pairs = new Set<number>();
  const atVertex: number[][] = Array.from({ length: grid.vertexCount }, () => []);
  const onRim = new Uint8Array(grid.vertexCount);
  for (let w = 0; w < grid.wallCount; w++) {
    const a = grid.wallCellA[w];
    const b = grid.wallCellB[w];
    if (b >= 0) pairs.add(Math.min(a, b) * n + Math.max(a, b));
    for (const v of [grid.wallV0[w], grid.wallV1[w]]) {
      atVertex[v].push(a);
      if (b >= 0) atVertex[v].push(b);
      else onRim[v] = 1;
    }
  }
  // The cells sharing a corner with each cell; those sharing a corner the rim does not pass through.
  const cornersOf: number[][] = Array.from({ length: n }, () => []);
  const innerCornersOf: number[][] = Array.from({ length: n }, () => []);
  const rimCorner = new Uint8Array(n);
  for (let v = 0; v < grid.vertexCount; v++) {
    for (const c of atVertex[v]) {
      cornersOf[c].push(...atVertex[v]);
      if (onRim[v]) rimCorner[c] = 1;
      else innerCornersOf[c].push(...atVertex[v]);
    }
  }
  for (let c = 0; c < n; c++) {
    // The outside as -1 here.
    const items = Array.from(rings.item.subarray(rings.start[c], rings.start[c + 1]), (x) =>
      x >> 1 === n ? -1 : x,
    );
    const across = items.filter((x) => x >= 0 && (x & 1) === 1).map((x) => x >> 1);
    const neighbours = Array.from(grid.adjCell.subarray(grid.adjStart[c], grid.adjStart[c + 1]));
    expect(across.sort((a, b) => a - b)).toEqual(neighbours.sort((a, b) => a - b));
    // Every cell at a corner inside the grid, and no cell that does not touch this one; at a corner on the rim
    // the round stops at the outside, so a cell beyond a mask's pinch may be missing.
    const cells = new Set(items.filter((x) => x >= 0).map((x) => x >> 1));
    for (const x of cells) expect(cornersOf[c]).toContain(x);
    for (const x of innerCornersOf[c]) if (x !== c) expect(cells.has(x), `cell ${c}: ${x}`).toBe(true);
    expect(cells.has(c)).toBe(false);
    expect(items.includes(-1)).toBe(rimCorner[c] === 1);
    // Only the outside itself is ever numbered past the cells.
    expect(items.every((x) => x === -1 || (x >= 0 && x >> 1 < n))).toBe(true);
    for (let i = 0; i < items.length; i++) {
      const x = items[i];
      const y = items[(i + 1) % items.length];
      if (x < 0 || y < 0 || x >> 1 === y >> 1) continue;
      expect(pairs.has(Math.min(x >> 1, y >> 1) * n + Math.max(x >> 1, y >> 1)), `cell ${c}`).toBe(true);
    }
  }
}

describe('cell rings', () => {
  it('go round a square cell: across each wall, and the cell at each corner between', () => {
    const grid = buildSquareGrid({ columns: 4, rows: 3 });
    // Cell 5 is (1, 1): west 4, south-west 8, south 9, … north-west 0.
    expect(sameCycle(ringOf(grid, 5), ['e4', 'c8', 'e9', 'c10', 'e6', 'c2', 'e1', 'c0'])).toBe(true);
    // A corner cell meets the outside along two walls and at three corners.
    const corner = ringOf(grid, 0);
    expect(corner.filter((x) => x !== 'out')).toEqual(['e4', 'c5', 'e1']);
    expect(corner[0] === 'out' || corner.at(-1) === 'out').toBe(true);
  });

  it.each(SHAPES_AND_MASKS.map((r) => [shapeLabel(r), r] as const))('%s: match the walls', (_, extra) => {
    const size = { columns: 9, rows: extra.shape === 'circle' ? 6 : 8 };
    const maze = generateMaze(recipe(9, 8, { ...extra, size }), deriveSeed(1, 'rings', 0), 'test');
    checkRings(maze.grid);
  });

  it('match the walls of grids cut by random masks (holes, pieces, pinches)', () => {
    const rng = createRng(deriveSeed(1, 'ring masks', 0));
    for (const shape of ['square', 'hex', 'triangle', 'circle'] as const) {
      for (let trial = 0; trial < 12; trial++) {
        const size = { columns: 9, rows: shape === 'circle' ? 5 : 8 };
        const count = topologies[shape].count(size);
        const keep = Uint8Array.from({ length: count }, () => (rng.next() < 0.65 ? 1 : 0));
        if (!keep.includes(1)) continue;
        checkRings(buildGrid({ shape, size }, keep));
      }
    }
  });

  it('match the walls of adaptive grids, whose cells meet at T-junctions', () => {
    for (const tiling of ['square', 'triangle'] as const) {
      checkRings(buildAdaptiveGrid({ tiling, columns: 6, rows: 5, levels: 3, depth: bump(3.4) }));
    }
  });

  it('stop at the outside where a mask pinches two cells together at a corner', () => {
    // Kept: the top-left 2 × 2 block (cells 0–3) and the bottom-right cell (4), which meets cell 3 at a
    // corner only, across two masked-out cells.
    const keep = Uint8Array.from([1, 1, 0, 1, 1, 0, 0, 0, 1]);
    const grid = buildSquareGrid({ columns: 3, rows: 3, keep });
    expect(ringOf(grid, 3).filter((x) => x !== 'out')).toEqual(expect.arrayContaining(['e1', 'c0', 'e2']));
    expect(ringOf(grid, 3).filter((x) => x !== 'out')).toHaveLength(3);
    expect(ringOf(grid, 4).every((x) => x === 'out')).toBe(true);
  });

  it('are not made for weave grids, whose under-passages join cells that do not touch', () => {
    expect(cellRings(weaveGrid(buildSquareGrid({ columns: 6, rows: 5 })))).toBeUndefined();
  });
});
