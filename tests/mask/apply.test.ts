import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { UserError } from '../../src/base/errors.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { bfs } from '../../src/grid/bfs.js';
import { buildGrid, type GridLayout } from '../../src/grid/registry.js';
import { coverage, maskedGrid } from '../../src/mask/apply.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { formulaShape } from '../../src/mask/formula.js';
import { imageShape } from '../../src/mask/image.js';
import type { MaskShape } from '../../src/mask/shape.js';
import { builtinShape, shapeNames } from '../../src/mask/shapes.js';
import { textShape } from '../../src/mask/text.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { checkGridInvariants, isSpanningTree, latoBold, recipe, tempDir } from '../helpers.js';

const SQUARE: GridLayout = { shape: 'square', size: { columns: 100, rows: 100 } };
const share = (shape: MaskShape, layout = SQUARE): number => {
  const keep = coverage(buildGrid(layout), shape);
  return keep.reduce((a, b) => a + b, 0) / keep.length;
};
const connected = (layout: GridLayout, shape: MaskShape, islands: 'join' | 'largest' = 'largest') => {
  const g = maskedGrid(layout, { shape, islands }, 'test');
  checkGridInvariants(g);
  expect(bfs(g, new Uint8Array(g.wallCount).fill(1), 0).reached).toBe(g.cellCount);
  return g;
};

describe('mask coverage', () => {
  it('keeps the share of cells the Amaze formula examples promise on a square grid', () => {
    expect(share(formulaShape('(x*x)+(y*y)<1'))).toBeCloseTo(Math.PI / 4, 2);
    expect(share(formulaShape('x<y'))).toBeCloseTo(0.5, 1);
    // Below the curve y = 0.2 + 0.9·cos(3x), clipped to the frame: integrate numerically.
    let expected = 0;
    for (let i = 0; i < 10000; i++) {
      const x = -1 + (2 * (i + 0.5)) / 10000;
      expected += Math.min(1, Math.max(0, (0.2 + 0.9 * Math.cos(3 * x) + 1) / 2)) / 10000;
    }
    expect(share(formulaShape('y - 0.2 < (90% * C(3 * x))'))).toBeCloseTo(expected, 1);
  });

  it('puts y up and x to the right: x<y keeps the upper-left half', () => {
    const full = buildGrid({ shape: 'square', size: { columns: 10, rows: 10 } });
    const keep = coverage(full, formulaShape('x<y'));
    expect(keep[0]).toBe(1); // top-left cell
    expect(keep[99]).toBe(0); // bottom-right cell
  });

  it('fits shapes with their own proportions into the frame, centred, without stretching', () => {
    // A circle on a 2:1 frame is a disc of the frame's height, centred: π/8 of the cells.
    expect(share(builtinShape('circle'), { shape: 'square', size: { columns: 200, rows: 100 } })).toBeCloseTo(
      Math.PI / 8,
      2,
    );
    // A formula covers the whole frame: the same condition on a 2:1 frame is an ellipse, π/4 of the cells.
    expect(
      share(formulaShape('x*x + y*y < 1'), { shape: 'square', size: { columns: 200, rows: 100 } }),
    ).toBeCloseTo(Math.PI / 4, 2);
    expect(share(builtinShape('ring', { inner: 0.5 }))).toBeCloseTo((Math.PI / 4) * 0.75, 2);
    expect(share(builtinShape('diamond'))).toBeCloseTo(0.5, 2);
  });

  it('gives every built-in shape a sensible, connected maze on every topology', () => {
    for (const name of shapeNames) {
      const s = share(builtinShape(name));
      expect(s, name).toBeGreaterThan(0.3);
      expect(s, name).toBeLessThan(0.9);
      for (const shape of ['hex', 'triangle', 'octagon', 'circle'] as const) {
        connected({ shape, size: { columns: 20, rows: 20 } }, builtinShape(name));
      }
    }
  });
});

describe('islands', () => {
  const twoBlobs = formulaShape('(x+0.6)^2 + y^2 < 0.09 or (x-0.6)^2 + y^2 < 0.09');
  const layout: GridLayout = { shape: 'square', size: { columns: 40, rows: 40 } };

  it('keeps the largest piece and reports the rest', () => {
    const warnings: string[] = [];
    const g = maskedGrid(layout, { shape: twoBlobs, islands: 'largest' }, 'p', (w) => warnings.push(w));
    expect(g.cellCount).toBeLessThan(share(twoBlobs, layout) * 1600 * 0.6);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/dropped 1 separate piece \(\d+ cells\).*islands: join/);
  });

  it('joins pieces by the shortest bridge of cells', () => {
    const g = connected(layout, twoBlobs, 'join');
    const both = share(twoBlobs, layout) * 1600;
    // The two discs plus a bridge across the 0.6-wide gap (about 12 cells at 20 cells per unit).
    expect(g.cellCount).toBeGreaterThan(both);
    expect(g.cellCount).toBeLessThan(both + 20);
  });

  it('joins the letters of a text mask into one maze', () => {
    const face = latoBold();
    const maze = generateMaze(
      recipe(0, 0, {
        size: { columns: 90, rows: 30 },
        mask: maskOf(textShape('ANNA', face, 'test'), 'join'),
      }),
      deriveSeed(1, 'text', 0),
      'test',
    );
    expect(isSpanningTree(maze)).toBe(true);
    const sol = solve(maze);
    expect(sol.cells.at(-1)).toBe(maze.exitCell);
  });

  it('refuses a mask that leaves (almost) nothing, naming the mask', () => {
    const e = (() => {
      try {
        maskedGrid(layout, { shape: formulaShape('x > 2'), islands: 'largest' }, 'book.yaml:3:5');
      } catch (err) {
        return err as UserError;
      }
    })();
    expect(e).toBeInstanceOf(UserError);
    expect(e?.where).toBe('book.yaml:3:5');
    expect(e?.what).toBe('mask formula "x > 2" leaves no cells of the square grid 40×40');
    expect(() =>
      maskedGrid(layout, { shape: formulaShape('x*x + y*y < 0.005'), islands: 'largest' }, 'p'),
    ).toThrow(/leaves only \d of the 1600 cells/);
  });
});

describe('image masks in mazes', () => {
  it('reproduces a picture made in the test: an L-shaped block', async () => {
    const dir = tempDir();
    const path = join(dir, 'l.png');
    // A black L on white, 200×200: the left column and the bottom row, each 80 px thick.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#fff"/><rect x="0" y="0" width="80" height="200"/><rect x="0" y="120" width="200" height="80"/></svg>`;
    await sharp(Buffer.from(svg)).png().toFile(path);
    const shape = await imageShape(readFileSync(path), 'l.png', 'test');
    const g = connected({ shape: 'square', size: { columns: 20, rows: 20 } }, shape);
    // L area = 80·200 + 120·80 = 25600 of 40000 px → 64 % of 400 cells.
    expect(g.cellCount).toBeGreaterThan(240);
    expect(g.cellCount).toBeLessThan(275);
    const keep = coverage(buildGrid({ shape: 'square', size: { columns: 20, rows: 20 } }), shape);
    expect(keep[0]).toBe(1); // top-left: in the column
    expect(keep[19]).toBe(0); // top-right: outside
    expect(keep[399]).toBe(1); // bottom-right: in the foot
  });
});
