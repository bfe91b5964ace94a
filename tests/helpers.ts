import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { generateMaze, type MazeRecipe } from '../src/generate/generate-maze.js';
import type { Maze } from '../src/generate/maze.js';
import { bfs } from '../src/grid/bfs.js';
import type { Grid } from '../src/grid/grid.js';
import { deriveSeed } from '../src/random/derive-seed.js';

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
