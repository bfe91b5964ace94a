import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateMaze } from '../../src/generate/generate-maze.js';
import type { TopologyName } from '../../src/grid/registry.js';
import { hypot } from '../../src/layout/hypot.js';
import { onCircle, wallPaths } from '../../src/layout/wall-paths.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape, type ShapeName } from '../../src/mask/shapes.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { pdfPathBytes } from '../../src/render/path-ops.js';
import { CLOSE, CURVE, LINE, MOVE, type PathData } from '../../src/vector/path-data.js';
import { recipe, squareMaze } from '../helpers.js';

/** Splits a path drawn at scale 1 into unit lattice segments "x,y-x,y" (sorted ends). */
function unitSegments(path: PathData): { segments: string[]; moves: number } {
  const segments: string[] = [];
  let moves = 0;
  let [sx, sy, px, py] = [0, 0, 0, 0];
  const add = (x0: number, y0: number, x1: number, y1: number) => {
    const steps = Math.round(Math.abs(x1 - x0) + Math.abs(y1 - y0));
    expect(x0 === x1 || y0 === y1).toBe(true); // square walls stay axis-aligned
    for (let i = 0; i < steps; i++) {
      const a = [x0 + Math.sign(x1 - x0) * i, y0 + Math.sign(y1 - y0) * i];
      const b = [a[0] + Math.sign(x1 - x0), a[1] + Math.sign(y1 - y0)];
      segments.push([a.join(','), b.join(',')].sort().join('-'));
    }
  };
  let j = 0;
  for (const c of path.cmds) {
    if (c === MOVE) {
      [px, py] = [path.coords[j++], path.coords[j++]];
      [sx, sy] = [px, py];
      moves++;
    } else if (c === LINE) {
      const [x, y] = [path.coords[j++], path.coords[j++]];
      add(px, py, x, y);
      [px, py] = [x, y];
    } else if (c === CLOSE) add(px, py, sx, sy);
  }
  return { segments, moves };
}

describe('wall paths', () => {
  it('draw every standing wall exactly once and no open one', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const m = squareMaze(12, 9, seed);
      const { segments } = unitSegments(wallPaths(m, { ox: 0, oy: 0, scale: 1 }));
      const expected: string[] = [];
      for (let w = 0; w < m.grid.wallCount; w++) {
        if (m.open[w]) continue;
        const a = [m.grid.vertexX[m.grid.wallV0[w]], m.grid.vertexY[m.grid.wallV0[w]]].join(',');
        const b = [m.grid.vertexX[m.grid.wallV1[w]], m.grid.vertexY[m.grid.wallV1[w]]].join(',');
        expected.push([a, b].sort().join('-'));
      }
      expect(segments.sort()).toEqual(expected.sort());
    }
  });

  it('merge walls into far fewer polylines than walls', () => {
    const m = squareMaze(40, 40, 1);
    const path = wallPaths(m, { ox: 0, oy: 0, scale: 1 });
    const { moves } = unitSegments(path);
    let standing = 0;
    for (let w = 0; w < m.grid.wallCount; w++) standing += m.open[w] ? 0 : 1;
    expect(moves).toBeLessThan(standing / 3);
    // Straight runs are single segments: fewer points than unit walls.
    expect(path.cmds.length).toBeLessThan(standing * 0.8);
  });

  it('close loops of walls that touch no other wall (a pillar in a braided maze)', () => {
    const m = squareMaze(3, 3, 1);
    // Only the walls around the centre cell stand: one closed loop, drawn as one closed square.
    const open = new Uint8Array(m.grid.wallCount).fill(1);
    for (let k = m.grid.adjStart[4]; k < m.grid.adjStart[5]; k++) open[m.grid.adjWall[k]] = 0;
    const path = wallPaths({ ...m, open }, { ox: 0, oy: 0, scale: 1 });
    expect(Array.from(path.cmds)).toEqual([MOVE, LINE, LINE, LINE, LINE, CLOSE]);
    expect(unitSegments(path).segments.sort()).toEqual(['1,1-2,1', '1,1-1,2', '1,2-2,2', '2,1-2,2'].sort());
  });

  it('apply the placement', () => {
    const m = squareMaze(3, 3, 1);
    const path = wallPaths(m, { ox: 10, oy: 20, scale: 5 });
    for (let i = 0; i < path.coords.length; i += 2) {
      expect(path.coords[i]).toBeGreaterThanOrEqual(10);
      expect(path.coords[i]).toBeLessThanOrEqual(25);
      expect(path.coords[i + 1]).toBeGreaterThanOrEqual(20);
      expect(path.coords[i + 1]).toBeLessThanOrEqual(35);
    }
  });
});

describe('wall paths without arcs', () => {
  // Grids without arcs take a walk of their own; on the same walls, marked as no arcs at all, the walk that
  // handles arcs must draw the very same path. A perfect maze (ends, bends, junctions), random open walls
  // (and some loops), and one cell's walls alone (a closed loop of plain bends).
  it.each(['square', 'hex', 'triangle', 'octagon'] as const)(
    '%s: the same path as the walk for arcs',
    (shape) => {
      const maze = generateMaze(recipe(9, 7, { shape }), deriveSeed(5, 'wp-straight', 0), 'test');
      const rng = createRng(deriveSeed(5, 'wp-open', 0));
      const open = maze.open.map(() => (rng.next() < 0.4 ? 1 : 0));
      const pillar = new Uint8Array(maze.grid.wallCount).fill(1);
      const { adjStart, adjWall, rimStart } = maze.grid;
      let cell = maze.grid.cellCount >> 1;
      while (rimStart[cell + 1] > rimStart[cell]) cell++; // an inner cell: its walls alone make a loop
      for (let k = adjStart[cell]; k < adjStart[cell + 1]; k++) pillar[adjWall[k]] = 0;
      const place = { ox: 3.25, oy: 1.5, scale: 4.7 };
      for (const m of [maze, { ...maze, open }, { ...maze, open: pillar }]) {
        const noArcs = {
          ...m,
          grid: { ...m.grid, arcs: { curved: new Uint8Array(m.grid.wallCount), cx: 0, cy: 0 } },
        };
        const straight = wallPaths(m, place);
        const general = wallPaths(noArcs, place);
        expect(straight.cmds.length).toBeGreaterThan(0);
        expect(Array.from(straight.cmds)).toEqual(Array.from(general.cmds));
        expect(Array.from(straight.coords)).toEqual(Array.from(general.coords));
      }
      expect(Array.from(wallPaths({ ...maze, open: pillar }, place).cmds).at(-1)).toBe(CLOSE);
    },
  );
});

describe('wall paths goldens', () => {
  // The merged path and its PDF operators, fingerprinted: a faster merge must draw exactly the same.
  const cases: [TopologyName, number, ShapeName | undefined, string, string][] = [
    ['square', 15, undefined, '2304c9262dfb3088', 'd3a19f2947881642'],
    ['hex', 13, undefined, '019b7583358d1646', 'bcd69171b73b6be4'],
    ['hex', 16, 'heart', '62bc9543c3e0c18f', '9aa7843cc6d3db5d'],
    ['triangle', 17, undefined, '8f723cf657aa7f69', 'c8adb5b0bb707930'],
    ['octagon', 12, 'ring', '430e7c1332ea64e2', 'b2f5c3336731a4e2'],
    ['circle', 11, undefined, '0a89ad5159d58d20', '338df310e94b4669'],
    ['circle', 14, 'star', '780c8e9f8cc583ef', '1c7ab8cd0c37d0a5'],
  ];
  it.each(cases)('%s %i %s', (shape, n, mask, pathHash, pdfHash) => {
    const maze = generateMaze(
      recipe(n, n, {
        shape,
        ...(mask ? { mask: maskOf(builtinShape(mask), 'largest') } : {}),
        algorithm: 'kruskal',
        entry: { kind: 'side', side: 'top', at: 0.2 },
        exit: { kind: 'side', side: 'bottom', at: 0.8 },
      }),
      deriveSeed(3, 'wp', 0),
      'test',
    );
    const p = wallPaths(maze, { ox: 12.5, oy: 30.25, scale: 7.3 });
    const hash = (b: Uint8Array) => createHash('sha256').update(b).digest('hex').slice(0, 16);
    const coords = new Uint8Array(p.coords.buffer, p.coords.byteOffset, p.coords.byteLength);
    expect(createHash('sha256').update(p.cmds).update(coords).digest('hex').slice(0, 16)).toBe(pathHash);
    expect(hash(pdfPathBytes(p))).toBe(pdfHash);
  });
});

describe('wall paths of circle mazes', () => {
  // Long arcs merged along rings, bends into radial walls, junctions: fingerprints of the path the walk wrote
  // before it wrote each pending arc in one place and measured distances only where an arc starts.
  it.each([
    [40, { ox: 12.5, oy: 30.25, scale: 7.3 }, '90efbd3c45280181', 1288],
    [25, { ox: 0.1, oy: 0.2, scale: 0.3 }, 'a9ffe90bd16cbe6d', 502],
  ])('%i rings', (rings, place, pathHash, curves) => {
    const maze = generateMaze(
      recipe(rings, rings, { shape: 'circle' }),
      deriveSeed(7, 'wp-arcs', rings),
      'test',
    );
    const p = wallPaths(maze, place);
    const coords = new Uint8Array(p.coords.buffer, p.coords.byteOffset, p.coords.byteLength);
    expect(p.cmds.filter((c) => c === CURVE).length).toBe(curves);
    expect(createHash('sha256').update(p.cmds).update(coords).digest('hex').slice(0, 16)).toBe(pathHash);
  });

  it('decide whether a point is on an arc as the distance to the centre does', () => {
    // Points at relative distances from the circle on both sides of the 1e-6 tolerance, through the band
    // where the squares alone cannot tell, and far off it; radii from tiny to huge.
    const rng = createRng(deriveSeed(7, 'on-circle', 0));
    const offsets = [
      0, 1e-15, 1e-12, 1e-10, 1e-9, 3e-7, 9.99e-7, 1e-6, 1.01e-6, 1e-5, 4.9e-4, 5e-4, 1e-3, 0.1, 1, 5,
    ];
    const differ: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const r = 10 ** (rng.next() * 8 - 3);
      const a = rng.next() * 2 * Math.PI;
      const off = offsets[i % offsets.length] * (rng.next() < 0.5 ? -1 : 1) * (0.5 + rng.next());
      const d = r * (1 + off);
      const [qx, qy] = [d * Math.cos(a), d * Math.sin(a)];
      const q = hypot(qx, qy);
      if (onCircle(qx, qy, r) !== Math.abs(q - r) < 1e-6 * q) differ.push(`${qx}, ${qy}, ${r}`);
    }
    expect(differ).toEqual([]);
    expect(onCircle(0, 0, 0)).toBe(false); // the centre itself: as 0 < 0
    expect(onCircle(3, 4, 5)).toBe(true);
  });
});
