import { describe, expect, it } from 'vitest';
import { applySymmetry, canonicalHash, gridSymmetries } from '../../src/codec/canonical.js';
import { decodeFm } from '../../src/codec/fm.js';
import { exportMazeJson, importMazeJson } from '../../src/codec/json.js';
import { generateMaze, type MazeRecipe } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import { buildCircleGrid, circleCellCount } from '../../src/grid/circle.js';
import { buildOctagonGrid } from '../../src/grid/octagon.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { recipe, squareMaze } from '../helpers.js';

const HEART = maskOf(builtinShape('heart'), 'largest');

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

  it('finds each of the eight symmetries in order, cells and walls moved together', () => {
    // The maps of a square box, centred on it: identity, the reflections and the half turn, then the
    // diagonal reflection followed by each of those (the last three are composed, not searched).
    const maps: ((u: number, v: number) => [number, number])[] = [
      (u, v) => [u, v],
      (u, v) => [-u, v],
      (u, v) => [u, -v],
      (u, v) => [-u, -v],
      (u, v) => [v, u],
      (u, v) => [-v, u],
      (u, v) => [v, -u],
      (u, v) => [-v, -u],
    ];
    for (const maze of [
      squareMaze(6, 6, 1),
      squareMaze(5, 5, 3, { shape: 'octagon' }),
      squareMaze(7, 7, 4, { shape: 'circle' }),
    ]) {
      const g = maze.grid;
      const symmetries = gridSymmetries(g);
      expect(symmetries).toHaveLength(8);
      symmetries.forEach((s, i) => {
        for (let c = 0; c < g.cellCount; c++) {
          const [x, y] = maps[i](g.cellX[c] - g.width / 2, g.cellY[c] - g.height / 2);
          expect(g.cellX[s.cell[c]] - g.width / 2).toBeCloseTo(x, 6);
          expect(g.cellY[s.cell[c]] - g.height / 2).toBeCloseTo(y, 6);
        }
        for (let w = 0; w < g.wallCount; w++) {
          const m = s.wall[w];
          const a = s.cell[g.wallCellA[w]];
          const b = g.wallCellB[w] < 0 ? -1 : s.cell[g.wallCellB[w]];
          expect([g.wallCellA[m], g.wallCellB[m]].sort()).toEqual([a, b].sort());
        }
      });
    }
  });

  it('keeps its value (lockfiles record it): goldens on every topology, masked and one-way', () => {
    const cases: [Partial<MazeRecipe>, number, string][] = [
      [{ shape: 'square' }, 14, '56db1e637bb356502f7490a68f43b5a47089f013d12dd27ad1c96de1323866cc'],
      [
        { shape: 'square', mask: HEART },
        14,
        '1719b1ac6a85c8a06eb8d5b41aae8389b3e1eef289320e8162742af8f2a215f8',
      ],
      [{ shape: 'hex' }, 14, 'aa56bdc5249792cf647d06d114580acd0192971adf0f2d4aed1025d2060eba57'],
      [
        { shape: 'hex', hexTop: 'flat' },
        14,
        'bf5cebc735c7da69d708518860dcc29346613dbc62b6ab5056f9e47dc1a749a9',
      ],
      [
        { shape: 'triangle', mask: HEART },
        14,
        'bb1138a74e3954fcfb8d743bb08b9cd985404c9f06c507c7c90b37fc0d628c02',
      ],
      [{ shape: 'octagon' }, 14, 'b0564eb63cdd0ca76e5ef9d62639d6240faae1026e6de71ed7cb3d657ee188a0'],
      [{ shape: 'circle' }, 12, 'ce19e02373d62e5f961283f977009a4a233d87e85ca528efdc5dbade1022a789'],
      [
        { shape: 'circle', mask: HEART },
        12,
        '045482a323faa8bfa56640a3d6cf2e59ac1ea2ba5ad68897d322b7fde986e3ac',
      ],
    ];
    for (const [extra, n, hash] of cases) {
      const maze = generateMaze(
        recipe(n, n, {
          ...extra,
          algorithm: 'kruskal',
          entry: { kind: 'side', side: 'top', at: 0.3 },
          exit: { kind: 'side', side: 'bottom', at: 0.7 },
        }),
        deriveSeed(1, 'fp', 0),
        'test',
      );
      expect(canonicalHash(maze)).toBe(hash);
    }
    expect(canonicalHash(decodeFm('FM3iEi1W0E0'))).toBe(
      '5dea0af811ffefc14f4906399d20b2b69d639caa8f0f96d8ff4d8068234f06d2',
    );
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

describe('octagon grid symmetries by formula', () => {
  it('are the maps the point search finds, in the same order', () => {
    for (const [columns, rows] of [
      [1, 1],
      [2, 2],
      [3, 2],
      [2, 5],
      [4, 4],
      [5, 5],
      [7, 3],
      [12, 12],
    ]) {
      const grid = buildOctagonGrid({ columns, rows });
      const byFormula = gridSymmetries(grid);
      // The same grid under another topology name is searched point by point.
      const searched = gridSymmetries({ ...grid, topology: 'octagon-searched' });
      expect(byFormula.length, `${columns}×${rows}`).toBe(columns === rows ? 8 : 4);
      expect(byFormula).toEqual(searched);
    }
  });

  it('leave masked octagon grids to the search', () => {
    const keep = new Uint8Array(6 * 6 + 5 * 5).fill(1);
    keep[0] = 0;
    const grid = buildOctagonGrid({ columns: 6, rows: 6, keep });
    expect(gridSymmetries(grid)).toEqual(gridSymmetries({ ...grid, topology: 'octagon-searched' }));
  });
});

describe('circle grid symmetries by formula', () => {
  it('are the maps the point search finds, in the same order', () => {
    for (let rings = 2; rings <= 40; rings += rings < 10 ? 1 : 7) {
      const grid = buildCircleGrid({ rings });
      const byFormula = gridSymmetries(grid);
      expect(byFormula.length, `${rings} rings`).toBe(8);
      expect(byFormula).toEqual(gridSymmetries({ ...grid, topology: 'circle-searched' }));
    }
  });

  it('leave masked circle grids to the search', () => {
    const keep = new Uint8Array(circleCellCount(9)).fill(1);
    keep[30] = 0;
    const grid = buildCircleGrid({ rings: 9, keep });
    expect(gridSymmetries(grid)).toEqual(gridSymmetries({ ...grid, topology: 'circle-searched' }));
  });
});
