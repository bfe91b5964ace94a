import { describe, expect, it } from 'vitest';
import { applySymmetry, canonicalHash, gridSymmetries } from '../../src/codec/canonical.js';
import { decodeFm } from '../../src/codec/fm.js';
import { exportMazeJson, importMazeJson } from '../../src/codec/json.js';
import type { Maze } from '../../src/generate/maze.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { squareMaze } from '../helpers.js';

/**
 * A square maze moved by a symmetry of its rectangle, built here from wall positions alone: each point
 * (x, y) of the vertex lattice goes to map(x, y), and each wall to the wall between the images of its ends.
 */
function mapped(maze: Maze, map: (x: number, y: number) => [number, number]): Maze {
  const { grid } = maze;
  const image = buildSquareGrid({ columns: grid.width, rows: grid.height });
  const wallAt = new Map<string, number>();
  const ends = (g: typeof grid, w: number, f = (x: number, y: number): [number, number] => [x, y]) => {
    const a = f(g.vertexX[g.wallV0[w]], g.vertexY[g.wallV0[w]]);
    const b = f(g.vertexX[g.wallV1[w]], g.vertexY[g.wallV1[w]]);
    return [a, b]
      .map((p) => p.join(','))
      .sort()
      .join(' ');
  };
  for (let w = 0; w < image.wallCount; w++) wallAt.set(ends(image, w), w);
  const cellAt = (c: number): number => {
    const [x, y] = map(grid.cellX[c], grid.cellY[c]);
    return Math.floor(y) * image.width + Math.floor(x);
  };
  const open = new Uint8Array(image.wallCount);
  const oneWay = new Int8Array(image.wallCount);
  const wallOf = (w: number): number => wallAt.get(ends(grid, w, map))!;
  for (let w = 0; w < grid.wallCount; w++) {
    const m = wallOf(w);
    open[m] = maze.open[w];
    const d = maze.oneWay?.[w] ?? 0;
    if (d !== 0)
      oneWay[m] = image.wallCellA[m] === cellAt(d > 0 ? grid.wallCellA[w] : grid.wallCellB[w]) ? 1 : -1;
  }
  return {
    grid: image,
    open,
    entryWall: wallOf(maze.entryWall),
    exitWall: wallOf(maze.exitWall),
    entryCell: cellAt(maze.entryCell),
    exitCell: cellAt(maze.exitCell),
    ...(maze.oneWay ? { oneWay } : {}),
  };
}

/** The symmetries of an n × n square: reflections, turns and the two diagonals. */
function squareMaps(n: number): ((x: number, y: number) => [number, number])[] {
  return [
    (x, y) => [x, y],
    (x, y) => [n - x, y],
    (x, y) => [x, n - y],
    (x, y) => [n - x, n - y],
    (x, y) => [y, x],
    (x, y) => [n - y, x],
    (x, y) => [y, n - x],
    (x, y) => [n - y, n - x],
  ];
}

describe('canonical hash', () => {
  it('is the same for all eight reflections and turns of a square maze', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const maze = squareMaze(7, 7, seed);
      const hashes = new Set(squareMaps(7).map((map) => canonicalHash(mapped(maze, map))));
      expect(hashes.size).toBe(1);
      expect([...hashes][0]).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('is the same for the four reflections of a rectangular maze', () => {
    const maze = squareMaze(9, 6, 2);
    const [w, h] = [9, 6];
    const maps: ((x: number, y: number) => [number, number])[] = [
      (x, y) => [x, y],
      (x, y) => [w - x, y],
      (x, y) => [x, h - y],
      (x, y) => [w - x, h - y],
    ];
    expect(new Set(maps.map((map) => canonicalHash(mapped(maze, map)))).size).toBe(1);
    expect(gridSymmetries(maze.grid)).toHaveLength(4);
  });

  it('follows one-way passages through the symmetries', () => {
    const maze = decodeFm('FM3iEi1W0E0');
    const flipped = mapped(maze, (x, y) => [3 - x, y]);
    expect(flipped.oneWay?.[2]).toBe(-1);
    expect(canonicalHash(flipped)).toBe(canonicalHash(maze));
    // Turning the one-way passage round makes another maze.
    expect(canonicalHash({ ...maze, oneWay: Int8Array.from(maze.oneWay!, (d) => -d) })).not.toBe(
      canonicalHash(maze),
    );
  });

  it('tells different mazes apart', () => {
    const hashes = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) hashes.add(canonicalHash(squareMaze(6, 6, seed)));
    expect(hashes.size).toBe(30);
    const maze = squareMaze(6, 6, 1);
    const swapped = {
      ...maze,
      entryWall: maze.exitWall,
      exitWall: maze.entryWall,
      entryCell: maze.exitCell,
      exitCell: maze.entryCell,
    };
    expect(canonicalHash(swapped)).not.toBe(canonicalHash(maze));
    // Same walls on a different grid.
    expect(canonicalHash(squareMaze(6, 6, 1, { shape: 'octagon' }))).not.toBe(canonicalHash(maze));
  });

  it('is invariant on other topologies under the symmetries their grids have', () => {
    const cases = [
      squareMaze(7, 5, 1, { shape: 'hex' }),
      squareMaze(7, 4, 2, { shape: 'triangle' }),
      squareMaze(5, 5, 3, { shape: 'octagon' }),
      squareMaze(7, 7, 4, { shape: 'circle' }),
    ];
    const counts = cases.map((maze) => {
      const symmetries = gridSymmetries(maze.grid);
      const hash = canonicalHash(maze);
      for (const s of symmetries) expect(canonicalHash(applySymmetry(maze, s))).toBe(hash);
      return symmetries.length;
    });
    expect(counts).toEqual([2, 4, 8, 8]);
  });

  it('does not change through a JSON round trip', () => {
    const maze = squareMaze(10, 10, 6, {
      shape: 'hex',
      mask: maskOf({ label: 'all', aspect: 1, inside: () => true }, 'largest'),
    });
    expect(canonicalHash(importMazeJson(JSON.parse(JSON.stringify(exportMazeJson(maze)))))).toBe(
      canonicalHash(maze),
    );
  });
});
