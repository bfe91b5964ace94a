import { describe, expect, it } from 'vitest';
import { applySymmetry, canonicalForm, canonicalHash, gridSymmetries } from '../../src/codec/canonical.js';
import { type GridSymmetry, symmetryCandidates } from '../../src/codec/grid-symmetry.js';
import { pointIndex } from '../../src/codec/point-index.js';
import { backtracker } from '../../src/generate/backtracker.js';
import type { EndPlacement } from '../../src/generate/ends/end-placement.js';
import { placeEnds } from '../../src/generate/ends/place-ends.js';
import type { Maze } from '../../src/generate/maze.js';
import type { Grid } from '../../src/grid/grid.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { EVERY_SHAPE, squareMaze } from '../helpers.js';

const HEART = maskOf(builtinShape('heart'), 'largest');

/** The maps of a box centred on it, (u, v) → (a·u + b·v, c·u + d·v), in the order the hash tries them. */
const MAPS: readonly [number, number, number, number][] = [
  [1, 0, 0, 1],
  [-1, 0, 0, 1],
  [1, 0, 0, -1],
  [-1, 0, 0, -1],
  [0, 1, 1, 0],
  [0, -1, 1, 0],
  [0, 1, -1, 0],
  [0, -1, -1, 0],
];

/**
 * The grid's symmetries found the plain way, independently of the hash's own search: every vertex and
 * cell centre looked up in a bucket index, every wall by the pair of its mapped ends in a table.
 */
function bruteSymmetries(grid: Grid): GridSymmetry[] {
  const { width: W, height: H, cellCount, wallCount, vertexCount } = grid;
  const count = Math.abs(W - H) < 1e-9 * Math.max(1, W) ? 8 : 4;
  const vertexAt = pointIndex(grid.vertexX, grid.vertexY);
  const cellAt = pointIndex(grid.cellX, grid.cellY);
  const arc = (w: number) => grid.arcs?.curved?.[w] ?? 0;
  const key = (p: number, q: number, w: number) => `${Math.min(p, q)} ${Math.max(p, q)} ${arc(w)}`;
  const wallAt = new Map<string, number>();
  for (let w = 0; w < wallCount; w++) wallAt.set(key(grid.wallV0[w], grid.wallV1[w], w), w);
  const found: GridSymmetry[] = [];
  for (const [a, b, c, d] of MAPS.slice(0, count)) {
    const image = (xs: Float64Array, ys: Float64Array, at: (x: number, y: number) => number, n: number) => {
      const out = new Int32Array(n);
      for (let p = 0; p < n; p++) {
        const u = xs[p] - W / 2;
        const v = ys[p] - H / 2;
        out[p] = at(a * u + b * v + W / 2, c * u + d * v + H / 2);
      }
      return out.includes(-1) ? undefined : out;
    };
    const vertex = image(grid.vertexX, grid.vertexY, vertexAt, vertexCount);
    const cell = image(grid.cellX, grid.cellY, cellAt, cellCount);
    if (!vertex || !cell) continue;
    const wall = new Int32Array(wallCount);
    let ok = true;
    for (let w = 0; w < wallCount && ok; w++) {
      const m = wallAt.get(key(vertex[grid.wallV0[w]], vertex[grid.wallV1[w]], w)) ?? -1;
      wall[w] = m;
      const cells = (x: number, y: number) => [x, y].sort((p, q) => p - q).join(' ');
      const B = grid.wallCellB[w];
      ok =
        m >= 0 &&
        arc(m) === arc(w) &&
        cells(grid.wallCellA[m], grid.wallCellB[m]) === cells(cell[grid.wallCellA[w]], B < 0 ? -1 : cell[B]);
    }
    if (ok) found.push({ cell, wall });
  }
  return found;
}

/** The maze written as the canonical form writes a copy: header as big-endian int32s, a code per wall. */
function bytesOf(maze: Maze): Uint8Array {
  const n = maze.grid.wallCount;
  const bytes = new Uint8Array(16 + n);
  const view = new DataView(bytes.buffer);
  const head = [maze.entryWall, maze.entryCell, maze.exitWall, maze.exitCell];
  for (let i = 0; i < 4; i++) view.setInt32(4 * i, head[i]);
  for (let w = 0; w < n; w++) {
    const d = maze.oneWay?.[w] ?? 0;
    bytes[16 + w] = maze.open[w] === 0 ? 0 : d === 0 ? 1 : d > 0 ? 2 : 3;
  }
  return bytes;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The smallest copy's bytes over the plainly found symmetries: what the canonical form must be. */
function referenceForm(maze: Maze): Uint8Array {
  let best: Uint8Array | undefined;
  for (const s of bruteSymmetries(maze.grid)) {
    const bytes = bytesOf(applySymmetry(maze, s));
    if (!best || compareBytes(bytes, best) < 0) best = bytes;
  }
  return best as Uint8Array;
}

/** The maze on a grid object of its own: nothing the hash keeps per grid is known yet. */
const fresh = (maze: Maze): Maze => ({ ...maze, grid: { ...maze.grid } });

/** One-way passages on about a third of the open inner walls, either way. */
function withOneWay(maze: Maze, seed: number): Maze {
  const rng = createRng(deriveSeed(seed, 'one-way', 0));
  const oneWay = new Int8Array(maze.grid.wallCount);
  for (let w = 0; w < oneWay.length; w++) {
    if (maze.open[w] === 0 || maze.grid.wallCellB[w] < 0) continue;
    const r = rng.next();
    oneWay[w] = r < 1 / 6 ? 1 : r < 1 / 3 ? -1 : 0;
  }
  return { ...maze, oneWay };
}

const SIDE = (side: 'top' | 'left' | 'bottom' | 'right', at: number): EndPlacement => ({
  kind: 'side',
  side,
  at,
});
const ENDS: [EndPlacement, EndPlacement][] = [
  [{ kind: 'auto' }, { kind: 'auto' }],
  [SIDE('top', 0.5), SIDE('bottom', 0.5)],
  [{ kind: 'centre' }, SIDE('left', 0.3)],
];

/** Small mazes of every topology: square and oblong boxes, odd and even sizes, masked, all kinds of ends. */
function cases(): Maze[] {
  const mazes: Maze[] = [];
  let seed = 0;
  for (const extra of EVERY_SHAPE) {
    const sizes = extra.shape === 'circle' ? [2, 3, 5, 8] : [2, 3, 4, 5, 7, 8];
    for (const n of sizes) {
      for (const rows of extra.shape === 'circle' ? [n] : [n, n + 1]) {
        for (const [entry, exit] of ENDS) mazes.push(squareMaze(n, rows, ++seed, { ...extra, entry, exit }));
      }
    }
    mazes.push(squareMaze(10, 10, ++seed, { ...extra, mask: HEART }));
  }
  return mazes;
}

describe('canonical form', () => {
  it('is the smallest copy under the symmetries found plainly, for every copy, on grids seen or not', () => {
    let copies = 0;
    for (const maze of cases()) {
      const symmetries = bruteSymmetries(maze.grid);
      expect(gridSymmetries(fresh(maze).grid)).toEqual(symmetries);
      const expected = referenceForm(maze);
      for (const s of symmetries) {
        const copy = applySymmetry(maze, s);
        // On a grid seen before (its proven maps kept) and on one not seen yet (maps checked on demand).
        expect(canonicalForm(copy)).toEqual(expected);
        expect(canonicalForm(fresh(copy))).toEqual(expected);
        copies++;
      }
    }
    expect(copies).toBeGreaterThan(300);
  });

  it('follows one-way passages through every symmetry', () => {
    for (const [i, maze] of cases().entries()) {
      if (i % 3 !== 0) continue;
      const oneWay = withOneWay(maze, i);
      const expected = referenceForm(oneWay);
      for (const s of bruteSymmetries(maze.grid))
        expect(canonicalForm(fresh(applySymmetry(oneWay, s)))).toEqual(expected);
    }
  });

  it('passes over maps that place the ends but do not map the grid onto itself', () => {
    // A square grid less one corner cell: mirrored left to right, its rim lines up except at that corner.
    const keep = new Uint8Array(64).fill(1);
    keep[0] = 0;
    const grid = buildSquareGrid({ columns: 8, rows: 8, keep });
    const open = backtracker(grid, createRng(deriveSeed(1, 'corner', 0)), { straightness: 0 });
    const maze = placeEnds(grid, open, SIDE('right', 0.5), SIDE('bottom', 0.5), 'test');
    const candidates = symmetryCandidates({ ...grid });
    // The mirror places both ends (on the left side, whose walls come first), yet it is no symmetry.
    expect(candidates.wallImage(1, maze.entryWall)).toBeLessThan(maze.entryWall);
    expect(candidates.cellImage(1, maze.exitCell)).toBeGreaterThanOrEqual(0);
    expect(canonicalForm({ ...maze, grid: { ...grid } })).toEqual(referenceForm(maze));
    expect(candidates.symmetry(1)).toBeUndefined();
    expect(gridSymmetries(grid)).toHaveLength(2); // the identity and the diagonal through that corner
  });

  it('hashes alike what it writes alike', () => {
    const maze = squareMaze(9, 9, 3, { shape: 'octagon' });
    const hashes = new Set(
      gridSymmetries(maze.grid).map((s) => canonicalHash(fresh(applySymmetry(maze, s)))),
    );
    expect(hashes.size).toBe(1);
  });
});

describe('symmetry candidates', () => {
  it('place single cells and walls where the whole map does, and miss only for maps that are no symmetry', () => {
    for (const maze of cases()) {
      const { grid } = maze;
      const candidates = symmetryCandidates({ ...grid });
      const images: [Int32Array, Int32Array][] = [];
      for (let i = 0; i < candidates.count; i++) {
        const cells = Int32Array.from({ length: grid.cellCount }, (_, c) => candidates.cellImage(i, c));
        const rims = Int32Array.from(grid.rimWall, (w) => candidates.wallImage(i, w));
        images.push([cells, rims]);
      }
      for (let i = 0; i < candidates.count; i++) {
        const s = candidates.symmetry(i);
        const [cells, rims] = images[i];
        if (s) {
          expect(cells).toEqual(s.cell);
          expect(rims).toEqual(Int32Array.from(grid.rimWall, (w) => s.wall[w]));
        } else expect(i).toBeGreaterThan(0);
        if (cells.includes(-1) || rims.includes(-1)) expect(s).toBeUndefined();
      }
    }
  });

  it('square grids by formula are the maps the point search finds, in the same order', () => {
    for (const [columns, rows] of [
      [1, 1],
      [2, 3],
      [5, 5],
      [8, 8],
      [9, 4],
    ]) {
      const grid = buildSquareGrid({ columns, rows });
      const byFormula = gridSymmetries({ ...grid });
      expect(byFormula.length, `${columns}×${rows}`).toBe(columns === rows ? 8 : 4);
      expect(byFormula).toEqual(gridSymmetries({ ...grid, topology: 'square-searched' }));
      expect(byFormula).toEqual(bruteSymmetries(grid));
    }
  });
});
