import { describe, expect, it } from 'vitest';
import { solveReaching } from '../../src/analyze/solve.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import { neighbourTable } from '../../src/generate/neighbour-table.js';
import { treeRoute, treeSearch } from '../../src/grid/bfs.js';
import type { Grid } from '../../src/grid/grid.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { EVERY_SHAPE, recipe, SHAPES_AND_MASKS, shapeLabel } from '../helpers.js';

/**
 * Plain breadth-first search from `from` (the reference the faster walks are held to): neighbours in the
 * grid's CSR order, one-way walls crossed only the way they allow. The route to `to` (undefined when not
 * reached) and how many cells were reached.
 */
function referenceSolve(grid: Grid, open: Uint8Array, from: number, to: number, oneWay?: Int8Array) {
  const dist: number[] = new Array(grid.cellCount).fill(-1);
  const via: number[] = new Array(grid.cellCount).fill(-1);
  const queue = [from];
  dist[from] = 0;
  for (let head = 0; head < queue.length; head++) {
    const c = queue[head];
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const w = grid.adjWall[k];
      const m = grid.adjCell[k];
      if (open[w] === 0 || dist[m] >= 0) continue;
      const way = oneWay?.[w] ?? 0;
      if (way !== 0 && (way > 0 ? grid.wallCellA[w] : grid.wallCellB[w]) !== c) continue;
      dist[m] = dist[c] + 1;
      via[m] = w;
      queue.push(m);
    }
  }
  if (dist[to] < 0) return { route: undefined, reached: queue.length };
  const cells = [to];
  const walls: number[] = [];
  for (let c = to; c !== from; ) {
    const w = via[c];
    walls.unshift(w);
    c = grid.wallCellA[w] === c ? grid.wallCellB[w] : grid.wallCellA[w];
    cells.unshift(c);
  }
  return { route: { cells: Int32Array.from(cells), walls: Int32Array.from(walls) }, reached: queue.length };
}

const expectSolvedLike = (maze: Maze, label: string) => {
  const want = referenceSolve(maze.grid, maze.open, maze.entryCell, maze.exitCell, maze.oneWay);
  if (!want.route) {
    expect(() => solveReaching(maze), label).toThrow(/not reachable/);
    return;
  }
  const got = solveReaching(maze);
  expect(got.solution, label).toEqual(want.route);
  expect(got.reached, label).toBe(want.reached);
};

const SHAPES = SHAPES_AND_MASKS;
const label = shapeLabel;

describe('solve against a plain breadth-first search', () => {
  it.each(SHAPES.map((r) => [label(r), r] as const))('%s: perfect, copied, braided, one-way', (_, extra) => {
    for (const algorithm of ['backtracker', 'kruskal'] as const) {
      for (let seed = 1; seed <= 6; seed++) {
        const size = { columns: 14, rows: extra.shape === 'circle' ? 9 : 11 };
        const r = recipe(14, 11, { ...extra, algorithm, size });
        const at = `${algorithm} seed ${seed}`;
        const maze = generateMaze(r, deriveSeed(seed, 'walks', 0), 'test');
        // The maze as placeEnds returned it (its walk's route), then a copy (solved by a walk of its own).
        expectSolvedLike(maze, `${at} placed`);
        expectSolvedLike({ ...maze }, `${at} copied`);
        const braided = generateMaze(
          { ...r, post: [{ name: 'braid', share: 0.6 }] },
          deriveSeed(seed, 'walks', 0),
          'test',
        );
        expectSolvedLike(braided, `${at} braided`);
        const looped = generateMaze(
          { ...r, post: [{ name: 'loops', count: 3 }] },
          deriveSeed(seed, 'walks', 1),
          'test',
        );
        expectSolvedLike(looped, `${at} loops`);
        // One-way passages: a third of the open walls one way or the other (the exit may be cut off).
        const rng = createRng(deriveSeed(seed, 'one-way'));
        const oneWay = new Int8Array(maze.grid.wallCount);
        for (let w = 0; w < oneWay.length; w++) {
          if (maze.open[w] === 0 || maze.grid.wallCellB[w] < 0) continue;
          const x = rng.next();
          oneWay[w] = x < 1 / 6 ? 1 : x < 1 / 3 ? -1 : 0;
        }
        expectSolvedLike({ ...maze, oneWay }, `${at} one-way`);
        expectSolvedLike({ ...maze, oneWay: new Int8Array(maze.grid.wallCount) }, `${at} two-way`);
      }
    }
  });

  it('weave mazes, under-passages included', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const r = recipe(16, 12, { algorithm: 'backtracker', options: { straightness: 0, weave: 0.8 } });
      const maze = generateMaze(r, deriveSeed(seed, 'walks weave', 0), 'test');
      expectSolvedLike(maze, `seed ${seed}`);
      expectSolvedLike({ ...maze }, `seed ${seed} copied`);
    }
  });
});

describe('treeSearch against a plain breadth-first search', () => {
  it.each(EVERY_SHAPE.map((r) => [label(r), r] as const))('%s: trees, loops, pieces', (_, extra) => {
    for (let seed = 1; seed <= 5; seed++) {
      const r = recipe(13, 10, { ...extra, size: { columns: 13, rows: extra.shape === 'circle' ? 8 : 10 } });
      const maze = generateMaze(r, deriveSeed(seed, 'tree walks', 0), 'test');
      const { grid } = maze;
      const lists = neighbourTable(grid);
      const search = (open: Uint8Array, from: number, to: number) =>
        treeSearch(lists, grid.wallCellA, grid.wallCellB, open, from, to);
      const pieces = maze.open.slice();
      for (let w = seed; w < grid.wallCount; w += 7) pieces[w] = 0;
      const ends = [
        [maze.entryCell, maze.exitCell],
        [0, grid.cellCount - 1],
        [grid.cellCount >> 1, 3],
        [5, 5],
      ];
      // A tree, and the tree cut in pieces: the walk is a search of the start's piece.
      for (const open of [maze.open, pieces]) {
        for (const [from, to] of ends) {
          const want = referenceSolve(grid, open, from, to);
          expect(search(open, from, to)).toEqual(want);
          expect(treeRoute(grid, open, from, to)).toEqual(want.route);
        }
      }
      // Any standing inner wall opened closes a loop in a tree: the walk refuses every start.
      for (let w = seed, k = 0; w < grid.wallCount && k < 4; w += 11) {
        if (maze.open[w] !== 0 || grid.wallCellB[w] < 0) continue;
        k++;
        const looped = maze.open.slice();
        looped[w] = 1;
        for (const [from, to] of ends) expect(search(looped, from, to)).toBeUndefined();
      }
    }
  });
});
