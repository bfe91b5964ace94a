import { describe, expect, it } from 'vitest';
import { backtracker } from '../../src/generate/backtracker.js';
import { placeEnds } from '../../src/generate/ends/place-ends.js';
import { generateMaze, gridFor } from '../../src/generate/generate-maze.js';
import { buildGrid } from '../../src/grid/registry.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { formulaShape } from '../../src/mask/formula.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { isSpanningTree, recipe } from '../helpers.js';

describe('generateMaze and its grids', () => {
  it('hands out one grid per layout and mask shape, and mazes that do not depend on it', () => {
    const layout = { shape: 'hex', size: { columns: 9, rows: 7 } } as const;
    const grid = gridFor(layout, undefined, 'test');
    expect(gridFor({ ...layout, size: { columns: 9, rows: 7 } }, undefined, 'test')).toBe(grid);
    expect(gridFor({ ...layout, hexTop: 'flat' }, undefined, 'test')).not.toBe(grid);
    // The same maze from a fresh grid and from the shared one.
    const seed = deriveSeed(4, 'cache', 0);
    const fresh = buildGrid(layout);
    const expected = placeEnds(
      fresh,
      backtracker(fresh, createRng(seed), { straightness: 0 }),
      AUTO,
      AUTO,
      't',
    );
    for (let i = 0; i < 2; i++) {
      const m = generateMaze(recipe(9, 7, { shape: 'hex' }), seed, 'test');
      expect(m.grid).toBe(grid);
      expect(m.open).toEqual(expected.open);
      expect([m.entryWall, m.exitWall]).toEqual([expected.entryWall, expected.exitWall]);
      expect(isSpanningTree(m)).toBe(true);
    }
  });

  it('gives the mask notes again each time a masked grid is handed out', () => {
    const layout = { shape: 'square', size: { columns: 15, rows: 15 } } as const;
    // Two blobs: the largest-piece rule drops one, with a note.
    const blobs = maskOf(formulaShape('(x+0.6)^2 + y^2 < 0.09 or (x-0.6)^2 + y^2 < 0.1'), 'largest');
    const notes: string[][] = [[], []];
    const a = gridFor(layout, blobs, 'p', (w) => notes[0].push(w));
    const b = gridFor(layout, blobs, 'p', (w) => notes[1].push(w));
    expect(b).toBe(a);
    expect(notes[0]).toHaveLength(1);
    expect(notes[0][0]).toMatch(/dropped 1 separate piece/);
    expect(notes[1]).toEqual(notes[0]);
    // Another mask (by descriptor object) is another grid.
    const heart = gridFor(layout, maskOf(builtinShape('heart'), 'largest'), 'p');
    expect(heart).not.toBe(a);
    expect(heart.cellCount).not.toBe(a.cellCount);
  });
});

const AUTO = { kind: 'auto' } as const;
