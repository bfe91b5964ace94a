import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { bfs, routeTo, treeRoute } from '../../src/grid/bfs.js';
import { type TopologyName, topologyNames } from '../../src/grid/registry.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { recipe } from '../helpers.js';

const SIZES: Record<TopologyName, [number, number]> = {
  square: [30, 20],
  hex: [20, 17],
  triangle: [31, 14],
  octagon: [15, 12],
  circle: [12, 12],
};

describe('treeRoute', () => {
  it.each(topologyNames)('finds the route the breadth-first search finds in perfect %s mazes', (shape) => {
    for (let seed = 1; seed <= 4; seed++) {
      const maze = generateMaze(recipe(...SIZES[shape], { shape }), deriveSeed(seed, 'tree', 0), 'test');
      const { grid, open } = maze;
      for (const [from, to] of [
        [maze.entryCell, maze.exitCell],
        [0, grid.cellCount - 1],
        [grid.cellCount >> 1, 0],
        [3, 3],
      ]) {
        expect(treeRoute(grid, open, from, to)).toEqual(routeTo(grid, bfs(grid, open, from), to));
      }
    }
  });

  it('reports a cell it cannot reach', () => {
    const maze = generateMaze(recipe(5, 5), deriveSeed(7, 'tree', 0), 'test');
    const open = maze.open.slice();
    // Close every wall of cell 12: it is cut off.
    for (let k = maze.grid.adjStart[12]; k < maze.grid.adjStart[13]; k++) open[maze.grid.adjWall[k]] = 0;
    expect(treeRoute(maze.grid, open, 0, 12)).toBeUndefined();
    expect(routeTo(maze.grid, bfs(maze.grid, open, 0), 12)).toBeUndefined();
  });

  it.each(topologyNames)('refuses a %s maze with a loop, so the caller searches breadth first', (shape) => {
    const maze = generateMaze(recipe(...SIZES[shape], { shape }), deriveSeed(3, 'tree', 0), 'test');
    const { grid } = maze;
    // Opening any standing inner wall of a perfect maze closes a loop somewhere.
    let w = 0;
    while (maze.open[w] !== 0 || grid.wallCellB[w] < 0) w++;
    const open = maze.open.slice();
    open[w] = 1;
    expect(treeRoute(grid, open, maze.entryCell, maze.exitCell)).toBeUndefined();
    expect(treeRoute(grid, maze.open, maze.entryCell, maze.exitCell)).toBeDefined();
  });
});

describe('solve', () => {
  it.each(topologyNames)('gives the shortest route in %s mazes with and without loops', (shape) => {
    for (let seed = 1; seed <= 3; seed++) {
      const maze = generateMaze(recipe(...SIZES[shape], { shape }), deriveSeed(seed, 'solve', 0), 'test');
      const { grid } = maze;
      const open = maze.open.slice();
      // Open every fifth standing inner wall: loops everywhere, shortcuts to the exit among them.
      for (let w = 0, k = 0; w < grid.wallCount; w++)
        if (open[w] === 0 && grid.wallCellB[w] >= 0 && k++ % 5 === 0) open[w] = 1;
      for (const o of [maze.open, open]) {
        const route = solve({ ...maze, open: o });
        expect(route).toEqual(routeTo(grid, bfs(grid, o, maze.entryCell), maze.exitCell));
      }
    }
  });
});
