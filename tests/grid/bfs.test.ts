import { describe, expect, it } from 'vitest';
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
});
