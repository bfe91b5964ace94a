import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { algorithmInfo, algorithmNames } from '../../src/generate/registry.js';
import { bfs } from '../../src/grid/bfs.js';
import { ringCounts } from '../../src/grid/circle.js';
import type { Grid } from '../../src/grid/grid.js';
import {
  buildGrid,
  type GridLayout,
  type TopologyInfo,
  type TopologyName,
  topologies,
} from '../../src/grid/registry.js';
import { straightAhead } from '../../src/grid/straight.js';
import { maskedGrid } from '../../src/mask/apply.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { checkGridInvariants, isSpanningTree, recipe } from '../helpers.js';

const LAYOUTS: GridLayout[] = [
  { shape: 'square', size: { columns: 7, rows: 5 } },
  { shape: 'hex', size: { columns: 7, rows: 5 } },
  { shape: 'hex', size: { columns: 7, rows: 5 }, hexTop: 'flat' },
  { shape: 'triangle', size: { columns: 9, rows: 5 } },
  { shape: 'octagon', size: { columns: 7, rows: 5 } },
  { shape: 'circle', size: { columns: 7, rows: 7 } },
];
const name = (l: GridLayout): string => `${l.shape}${l.hexTop ? `-${l.hexTop}` : ''}`;

/** Every cell's walls form one closed loop: each corner of the cell is met by exactly two of its walls. */
function checkCellsClosed(grid: Grid): void {
  const walls: number[][] = Array.from({ length: grid.cellCount }, () => []);
  for (let w = 0; w < grid.wallCount; w++) {
    walls[grid.wallCellA[w]].push(w);
    if (grid.wallCellB[w] >= 0) walls[grid.wallCellB[w]].push(w);
  }
  for (let c = 0; c < grid.cellCount; c++) {
    const meets = new Map<number, number>();
    for (const w of walls[c]) {
      for (const v of [grid.wallV0[w], grid.wallV1[w]]) meets.set(v, (meets.get(v) ?? 0) + 1);
    }
    for (const n of meets.values()) expect(n).toBe(2);
  }
}

/** No two walls join the same pair of vertices, and none is degenerate. */
function checkNoDuplicateWalls(grid: Grid): void {
  const seen = new Set<string>();
  for (let w = 0; w < grid.wallCount; w++) {
    const a = Math.min(grid.wallV0[w], grid.wallV1[w]);
    const b = Math.max(grid.wallV0[w], grid.wallV1[w]);
    expect(a).not.toBe(b);
    const key = `${a},${b}`;
    expect(seen.has(key)).toBe(false);
    seen.add(key);
  }
}

describe.each(LAYOUTS)('$shape $hexTop grid', (layout) => {
  const grid = buildGrid(layout);

  it('is a planar subdivision of a disc: V − E + F = 1, cells closed, walls unique', () => {
    checkGridInvariants(grid);
    checkCellsClosed(grid);
    checkNoDuplicateWalls(grid);
    expect(grid.vertexCount - grid.wallCount + grid.cellCount).toBe(1);
    expect(bfs(grid, new Uint8Array(grid.wallCount).fill(1), 0).reached).toBe(grid.cellCount);
  });

  it('has the extent and cell count its topology promises, with every vertex inside it', () => {
    const topo: TopologyInfo = topologies[layout.shape];
    const ext = topo.extent(layout.size, layout.hexTop);
    expect(grid.width).toBeCloseTo(ext.width, 9);
    expect(grid.height).toBeCloseTo(ext.height, 9);
    expect(grid.cellCount).toBe(topo.count(layout.size));
    for (let v = 0; v < grid.vertexCount; v++) {
      expect(grid.vertexX[v]).toBeGreaterThanOrEqual(-1e-9);
      expect(grid.vertexX[v]).toBeLessThanOrEqual(grid.width + 1e-9);
      expect(grid.vertexY[v]).toBeGreaterThanOrEqual(-1e-9);
      expect(grid.vertexY[v]).toBeLessThanOrEqual(grid.height + 1e-9);
    }
    // fit() is the inverse of extent(): the fitted size fits, one more row or column would not.
    const fitted = topo.fit(ext.width + 1e-6, ext.height + 1e-6, layout.hexTop);
    expect(fitted).toEqual(layout.size);
  });

  it('crosses each inner wall between neighbouring centres (the wall lies between them)', () => {
    for (let w = 0; w < grid.wallCount; w++) {
      const b = grid.wallCellB[w];
      if (b < 0) continue;
      const a = grid.wallCellA[w];
      // The centres are on opposite sides of the wall's chord.
      const x0 = grid.vertexX[grid.wallV0[w]];
      const y0 = grid.vertexY[grid.wallV0[w]];
      const dx = grid.vertexX[grid.wallV1[w]] - x0;
      const dy = grid.vertexY[grid.wallV1[w]] - y0;
      const side = (c: number) => dx * (grid.cellY[c] - y0) - dy * (grid.cellX[c] - x0);
      expect(side(a) * side(b)).toBeLessThan(0);
    }
  });

  it('carves a spanning tree with every general algorithm, solved through open walls only', () => {
    for (const algorithm of algorithmNames) {
      if ('squareOnly' in algorithmInfo[algorithm]) continue;
      const maze = generateMaze(
        recipe(0, 0, {
          shape: layout.shape,
          size: layout.size,
          hexTop: layout.hexTop,
          algorithm,
          post: [],
        }),
        deriveSeed(3, algorithm, 0),
        name(layout),
      );
      // Entry and exit are the only opened rim walls; otherwise the open walls form a spanning tree.
      expect(isSpanningTree(maze), `${algorithm} on ${name(layout)}`).toBe(true);
      const sol = solve(maze);
      expect(sol.cells[0]).toBe(maze.entryCell);
      expect(sol.cells.at(-1)).toBe(maze.exitCell);
      for (const w of sol.walls) expect(maze.open[w]).toBe(1);
    }
  });
});

describe('topology specifics', () => {
  it('hexagons have six sides of length 1 and neighbours √3 apart', () => {
    const g = buildGrid({ shape: 'hex', size: { columns: 6, rows: 6 } });
    for (let w = 0; w < g.wallCount; w++) {
      const len = Math.hypot(
        g.vertexX[g.wallV1[w]] - g.vertexX[g.wallV0[w]],
        g.vertexY[g.wallV1[w]] - g.vertexY[g.wallV0[w]],
      );
      expect(len).toBeCloseTo(1, 9);
    }
    for (let c = 0; c < g.cellCount; c++) {
      for (let k = g.adjStart[c]; k < g.adjStart[c + 1]; k++) {
        const n = g.adjCell[k];
        expect(Math.hypot(g.cellX[n] - g.cellX[c], g.cellY[n] - g.cellY[c])).toBeCloseTo(Math.sqrt(3), 9);
      }
    }
    // An inner cell has 6 neighbours.
    const inner = 2 * 6 + 2;
    expect(g.adjStart[inner + 1] - g.adjStart[inner]).toBe(6);
  });

  it('triangles are equilateral, alternate up and down, and have at most three neighbours', () => {
    const g = buildGrid({ shape: 'triangle', size: { columns: 8, rows: 4 } });
    for (let w = 0; w < g.wallCount; w++) {
      const len = Math.hypot(
        g.vertexX[g.wallV1[w]] - g.vertexX[g.wallV0[w]],
        g.vertexY[g.wallV1[w]] - g.vertexY[g.wallV0[w]],
      );
      expect(len).toBeCloseTo(1, 9);
    }
    expect(g.cellY[0]).toBeGreaterThan(g.cellY[1]); // cell 0 points up: its centre sits low
    for (let c = 0; c < g.cellCount; c++) expect(g.adjStart[c + 1] - g.adjStart[c]).toBeLessThanOrEqual(3);
  });

  it('octagons have eight equal sides and squares between them, four sides each', () => {
    const g = buildGrid({ shape: 'octagon', size: { columns: 4, rows: 3 } });
    expect(g.cellCount).toBe(12 + 3 * 2);
    const side = Math.SQRT2 - 1;
    for (let w = 0; w < g.wallCount; w++) {
      const len = Math.hypot(
        g.vertexX[g.wallV1[w]] - g.vertexX[g.wallV0[w]],
        g.vertexY[g.wallV1[w]] - g.vertexY[g.wallV0[w]],
      );
      expect(len).toBeCloseTo(side, 9);
    }
    const square = 12;
    expect(g.adjStart[square + 1] - g.adjStart[square]).toBe(4);
    const inner = 1 * 4 + 1;
    expect(g.adjStart[inner + 1] - g.adjStart[inner]).toBe(8);
  });

  it('circle rings double so wedges stay between 0.75 and 1.5 wide, with a centre disc', () => {
    const n = ringCounts(40);
    expect(n[0]).toBe(1);
    for (let r = 1; r < 40; r++) {
      const width = (2 * Math.PI * (r + 0.5)) / n[r];
      expect(width).toBeLessThanOrEqual(1.5);
      if (r > 1) expect(width).toBeGreaterThanOrEqual(0.7);
      expect(n[r] % n[r - 1]).toBe(0);
    }
    const g = buildGrid({ shape: 'circle', size: { columns: 5, rows: 5 } });
    expect([g.cellX[0], g.cellY[0]]).toEqual([5, 5]);
    expect(g.adjStart[1] - g.adjStart[0]).toBe(n[1]);
    // Walls between rings are arcs, walls within a ring are radial segments.
    expect(g.arcs?.curved).toBeDefined();
    for (let w = 0; w < g.wallCount; w++) {
      const r0 = Math.hypot(g.vertexX[g.wallV0[w]] - 5, g.vertexY[g.wallV0[w]] - 5);
      const r1 = Math.hypot(g.vertexX[g.wallV1[w]] - 5, g.vertexY[g.wallV1[w]] - 5);
      if (g.arcs!.curved[w]) expect(r0).toBeCloseTo(r1, 9);
      else expect(Math.abs(r0 - r1)).toBeCloseTo(1, 9);
    }
  });

  it('finds a straight-ahead step on square, hex and octagon grids but not across triangle tips', () => {
    const count = (shape: TopologyName) => {
      const g = buildGrid({ shape, size: { columns: 6, rows: 6 } });
      return straightAhead(g).filter((k) => k >= 0).length;
    };
    expect(count('square')).toBeGreaterThan(0);
    expect(count('hex')).toBeGreaterThan(0);
    expect(count('octagon')).toBeGreaterThan(0);
  });
});

describe('masks on every topology', () => {
  for (const layout of LAYOUTS) {
    it(`keeps one connected heart on ${name(layout)}`, () => {
      const big: GridLayout = {
        ...layout,
        size: layout.shape === 'circle' ? { columns: 12, rows: 12 } : { columns: 24, rows: 20 },
      };
      const full = buildGrid(big);
      const grid = maskedGrid(big, { shape: builtinShape('heart'), islands: 'largest' }, 'test');
      checkGridInvariants(grid);
      checkCellsClosed(grid);
      expect(bfs(grid, new Uint8Array(grid.wallCount).fill(1), 0).reached).toBe(grid.cellCount);
      expect(grid.cellCount).toBeLessThan(full.cellCount);
      expect(grid.cellCount).toBeGreaterThan(full.cellCount * 0.3);
      // The masked grid is re-framed to the walls it keeps.
      let minX = Infinity;
      let minY = Infinity;
      for (let v = 0; v < grid.vertexCount; v++) {
        minX = Math.min(minX, grid.vertexX[v]);
        minY = Math.min(minY, grid.vertexY[v]);
      }
      expect(minX).toBeCloseTo(0, 9);
      expect(minY).toBeCloseTo(0, 9);
    });
  }
});

describe('textures on circle mazes', () => {
  it('radial and concentric weights change which way the passages run', () => {
    const arcShare = (weights: { radial?: number; concentric?: number }) => {
      let arcs = 0;
      let passages = 0;
      for (let seed = 1; seed <= 4; seed++) {
        const m = generateMaze(
          recipe(0, 0, {
            shape: 'circle',
            size: { columns: 16, rows: 16 },
            algorithm: 'kruskal',
            options: { straightness: 0, weights },
          }),
          deriveSeed(seed, 'weights', 0),
          'test',
        );
        for (let w = 0; w < m.grid.wallCount; w++) {
          if (m.grid.wallCellB[w] < 0 || m.open[w] === 0) continue;
          passages++;
          if (m.grid.arcs?.curved?.[w]) arcs++; // crossing an arc is a step in or out: a radial passage
        }
      }
      return arcs / passages;
    };
    const plain = arcShare({});
    expect(arcShare({ radial: 4 })).toBeGreaterThan(plain + 0.1);
    expect(arcShare({ concentric: 4 })).toBeLessThan(plain - 0.1);
  });
});
