import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { generateMaze, type MazeRecipe } from '../src/generate/generate-maze.js';
import type { Maze } from '../src/generate/maze.js';
import { bfs } from '../src/grid/bfs.js';
import type { Grid } from '../src/grid/grid.js';
import type { Raster } from '../src/grid/raster.js';
import { maskOf } from '../src/mask/descriptor.js';
import { builtinShape } from '../src/mask/shapes.js';
import { deriveSeed } from '../src/random/derive-seed.js';
import { type FontFace, loadFontFile } from '../src/text/fonts.js';
import { CLOSE, LINE, MOVE, type PathData } from '../src/vector/path-data.js';

export function recipe(columns: number, rows: number, extra: Partial<MazeRecipe> = {}): MazeRecipe {
  return {
    shape: 'square',
    size: { columns, rows },
    algorithm: 'backtracker',
    options: { straightness: 0 },
    entry: { kind: 'auto' },
    exit: { kind: 'auto' },
    ...extra,
  };
}

/** Every unmasked shape the grids have: the five topologies and the flat-topped hex grid. */
export const EVERY_SHAPE: readonly Partial<MazeRecipe>[] = [
  { shape: 'square' },
  { shape: 'hex' },
  { shape: 'hex', hexTop: 'flat' },
  { shape: 'triangle' },
  { shape: 'octagon' },
  { shape: 'circle' },
];

/** EVERY_SHAPE and three masked grids (a heart, a star, a ring with a hole), each its largest piece. */
export const SHAPES_AND_MASKS: readonly Partial<MazeRecipe>[] = [
  ...EVERY_SHAPE,
  { shape: 'square', mask: maskOf(builtinShape('heart'), 'largest') },
  { shape: 'hex', mask: maskOf(builtinShape('star'), 'largest') },
  { shape: 'octagon', mask: maskOf(builtinShape('ring', { inner: 0.4 }), 'largest') },
];

/** A test name for one of those recipes: shape, hex orientation, mask. */
export const shapeLabel = (r: Partial<MazeRecipe>): string =>
  `${r.shape}${r.hexTop ? ` ${r.hexTop}` : ''}${r.mask ? ` ${r.mask.label}` : ''}`;

export function squareMaze(columns: number, rows: number, seed = 1, extra: Partial<MazeRecipe> = {}): Maze {
  return generateMaze(recipe(columns, rows, extra), deriveSeed(seed, 'test', 0), 'test');
}

/** Spanning-tree check: exactly cells − 1 open inner walls and every cell reachable. */
export function isSpanningTree(maze: Maze): boolean {
  const { grid, open } = maze;
  let passages = 0;
  for (let w = 0; w < grid.wallCount; w++) if (open[w] && grid.wallCellB[w] >= 0) passages++;
  return passages === grid.cellCount - 1 && bfs(grid, open, 0).reached === grid.cellCount;
}

/** A fresh temporary folder with the given files (paths relative to it). */
export function tempDir(files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'mazebook-test-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/** Invariants every topology's grid must keep. */
export function checkGridInvariants(grid: Grid): void {
  const seen = new Map<number, number>();
  for (let c = 0; c < grid.cellCount; c++) {
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const n = grid.adjCell[k];
      const w = grid.adjWall[k];
      expect(n).not.toBe(c);
      // Symmetric: n lists c through the same wall.
      let back = false;
      for (let j = grid.adjStart[n]; j < grid.adjStart[n + 1]; j++)
        if (grid.adjCell[j] === c && grid.adjWall[j] === w) back = true;
      expect(back).toBe(true);
      seen.set(w, (seen.get(w) ?? 0) + 1);
    }
    for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++) {
      const w = grid.rimWall[k];
      expect(grid.wallCellA[w]).toBe(c);
      expect(grid.wallCellB[w]).toBe(-1);
    }
  }
  for (let w = 0; w < grid.wallCount; w++) {
    if (grid.wallCellB[w] >= 0) expect(seen.get(w)).toBe(2); // an inner wall is shared by exactly two cells
  }
}

/** The bundled Lato Bold, as the default theme's text masks and labels use it. */
export function latoBold(): FontFace {
  return loadFontFile(join(import.meta.dirname, '..', 'fonts', 'lato', 'Lato-Bold.ttf'));
}

/** The straight pieces of a path, [x0, y0, x1, y1] each (a closing piece included); throws on a curve. */
export function straightPieces(path: Pick<PathData, 'cmds' | 'coords'>): number[][] {
  const out: number[][] = [];
  let i = 0;
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  for (const cmd of path.cmds) {
    if (cmd === MOVE) {
      [x, y] = [path.coords[i], path.coords[i + 1]];
      [sx, sy] = [x, y];
      i += 2;
    } else if (cmd === LINE) {
      out.push([x, y, path.coords[i], path.coords[i + 1]]);
      [x, y] = [path.coords[i], path.coords[i + 1]];
      i += 2;
    } else if (cmd === CLOSE) {
      out.push([x, y, sx, sy]);
      [x, y] = [sx, sy];
    } else throw new Error('a path of straight pieces has no curves');
  }
  return out;
}

/** A wanted depth that peaks at `peak` in the middle of the box and falls towards 0 at the edges. */
export function bump(peak: number, spread = 0.04, size = 64): Raster {
  const data = new Float32Array(size * size);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const r2 = ((i + 0.5) / size - 0.5) ** 2 + ((j + 0.5) / size - 0.5) ** 2;
      data[j * size + i] = peak * Math.exp(-r2 / spread);
    }
  }
  return { width: size, height: size, data };
}

/** Spearman's rank correlation of two lists (ties share their mean rank): the one calibrate reports. */
export { spearman } from '../src/analyze/rank-correlation.js';
