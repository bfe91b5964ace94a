import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { UserError } from '../../src/base/errors.js';
import { backtracker } from '../../src/generate/backtracker.js';
import { placeEnds } from '../../src/generate/ends/place-ends.js';
import { outerRimWalls, type RimPart, rimPart } from '../../src/generate/ends/rim-parts.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import { kruskal } from '../../src/generate/kruskal.js';
import type { Maze } from '../../src/generate/maze.js';
import { bfs } from '../../src/grid/bfs.js';
import { assembleGrid, type Grid, rimNormal, wallMidpoint } from '../../src/grid/grid.js';
import { buildGrid, topologyNames } from '../../src/grid/registry.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { recipe, SHAPES_AND_MASKS, shapeLabel, squareMaze } from '../helpers.js';

describe('entry and exit', () => {
  it('auto ends are open rim walls of distinct cells, most of the way apart along the passages', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const m = squareMaze(9, 7, seed);
      const { grid } = m;
      expect(grid.wallCellB[m.entryWall]).toBe(-1);
      expect(grid.wallCellB[m.exitWall]).toBe(-1);
      expect(m.open[m.entryWall]).toBe(1);
      expect(m.open[m.exitWall]).toBe(1);
      expect(m.entryCell).not.toBe(m.exitCell);
      const rimCells = [...new Set(grid.rimWall)].map((w) => grid.wallCellA[w]);
      let best = 0;
      for (const c of rimCells) {
        const { dist } = bfs(grid, m.open, c);
        for (const d of rimCells) best = Math.max(best, dist[d]);
      }
      const found = bfs(grid, m.open, m.entryCell).dist[m.exitCell];
      expect(found).toBeGreaterThanOrEqual(Math.floor(best * 0.7));
    }
  });

  it('auto ends are at least half the maze apart on the page', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const m = squareMaze(12, 15, seed);
      const d = Math.hypot(
        m.grid.cellX[m.entryCell] - m.grid.cellX[m.exitCell],
        m.grid.cellY[m.entryCell] - m.grid.cellY[m.exitCell],
      );
      expect(d).toBeGreaterThanOrEqual(7.5);
    }
  });

  it('auto names the upper-left end the entry', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const m = squareMaze(10, 10, seed);
      const [ex, ey] = [m.grid.cellX[m.entryCell], m.grid.cellY[m.entryCell]];
      const [xx, xy] = [m.grid.cellX[m.exitCell], m.grid.cellY[m.exitCell]];
      expect(ey < xy || (ey === xy && ex <= xx)).toBe(true);
    }
  });

  it('puts side ends on that side, at the requested position', () => {
    const m = squareMaze(10, 6, 1, {
      entry: { kind: 'side', side: 'left', at: 0.1 },
      exit: { kind: 'side', side: 'bottom', at: 0.75 },
    });
    expect(rimNormal(m.grid, m.entryWall)).toEqual([-1, 0]);
    expect(wallMidpoint(m.grid, m.entryWall)).toEqual([0, 0.5]);
    expect(rimNormal(m.grid, m.exitWall)).toEqual([0, 1]);
    expect(wallMidpoint(m.grid, m.exitWall)).toEqual([7.5, 6]);
  });

  it('refuses an entry and exit on the same wall', () => {
    const grid = buildSquareGrid({ columns: 4, rows: 4 });
    const open = backtracker(grid, createRng(deriveSeed(1, 'x')), { straightness: 0 });
    const top = { kind: 'side', side: 'top', at: 0.5 } as const;
    expect(() => placeEnds(grid, open, top, top, 'pages[0]')).toThrow(UserError);
  });
});

describe('auto ends on open walls that are not a spanning tree', () => {
  // Both ends auto walk the tree once without marking cells; open walls with loops, two open walls between
  // the same cells, or cells out of reach take the marked walk instead, and must find what it always found.
  const ends = (grid: Grid, open: Uint8Array) => {
    const m = placeEnds(grid, open, { kind: 'auto' }, { kind: 'auto' }, 'test');
    return [m.entryWall, m.exitWall];
  };
  const cases = [
    ['square', [93, 175], [91, 177], [95, 10]],
    ['hex', [72, 194], [41, 193], [4, 11]],
    ['circle', [512, 442], [512, 442], [401, 524]],
  ] as const;
  for (const [shape, tree, loops, cut] of cases) {
    it(`${shape}: a tree, the tree with loops, the tree cut in pieces`, () => {
      const grid = buildGrid({ shape, size: { columns: 9, rows: 9 } });
      const open = backtracker(grid, createRng(deriveSeed(5, shape)), { straightness: 0 });
      const looped = open.slice();
      for (let w = 0; w < grid.wallCount; w += 5) if (grid.wallCellB[w] >= 0) looped[w] = 1;
      const pieces = open.slice();
      for (let w = 0; w < grid.wallCount; w += 4) pieces[w] = 0;
      expect(ends(grid, open)).toEqual(tree);
      expect(ends(grid, looped)).toEqual(loops);
      expect(ends(grid, pieces)).toEqual(cut);
    });
  }

  it('two open walls between the same two cells', () => {
    const plain = buildSquareGrid({ columns: 4, rows: 4 });
    const w0 = 6; // between cells 4 and 5
    expect([plain.wallCellA[w0], plain.wallCellB[w0]]).toEqual([4, 5]);
    const twin = (a: Int32Array) => Int32Array.from([...a, a[w0]]);
    const grid = assembleGrid({
      topology: 'square',
      sizeLabel: '4×4 with a twin wall',
      cellCount: plain.cellCount,
      cellX: plain.cellX.slice(),
      cellY: plain.cellY.slice(),
      wallCount: plain.wallCount + 1,
      wallCellA: twin(plain.wallCellA),
      wallCellB: twin(plain.wallCellB),
      wallV0: twin(plain.wallV0),
      wallV1: twin(plain.wallV1),
      vertexX: plain.vertexX,
      vertexY: plain.vertexY,
      width: 0,
      height: 0,
    });
    const open = new Uint8Array(grid.wallCount);
    open.set(backtracker(plain, createRng(deriveSeed(6, 'twin')), { straightness: 0 }));
    open[w0] = 1;
    open[plain.wallCount] = 1;
    expect(ends(grid, open)).toEqual([0, 19]);
  });
});

describe('ends on other shapes', () => {
  const circle = (extra: Partial<Parameters<typeof recipe>[2]> = {}) =>
    generateMaze(
      recipe(0, 0, { shape: 'circle', size: { columns: 8, rows: 8 }, ...extra }),
      deriveSeed(2, 'circle', 0),
      'test',
    );

  it('puts a centre end in the centre disc of a circle maze, with no rim opening, and solves to it', () => {
    const m = circle({ exit: { kind: 'centre' } });
    expect(m.exitWall).toBe(-1);
    expect(m.exitCell).toBe(0);
    expect([m.grid.cellX[0], m.grid.cellY[0]]).toEqual([8, 8]);
    let openRim = 0;
    for (const w of m.grid.rimWall) openRim += m.open[w];
    expect(openRim).toBe(1); // only the entry
    const sol = solve(m);
    expect(sol.cells[0]).toBe(m.entryCell);
    expect(sol.cells.at(-1)).toBe(0);
    // The auto entry is the rim cell farthest from the centre along the passages.
    const { dist } = bfs(m.grid, m.open, 0);
    for (const w of m.grid.rimWall) expect(dist[m.grid.wallCellA[w]]).toBeLessThanOrEqual(dist[m.entryCell]);
  });

  it('a centre entry works too, and centre is the middle cell on any shape', () => {
    const m = circle({ entry: { kind: 'centre' } });
    expect(m.entryCell).toBe(0);
    expect(m.entryWall).toBe(-1);
    const sq = squareMaze(5, 5, 1, { exit: { kind: 'centre' } });
    expect([sq.grid.cellX[sq.exitCell], sq.grid.cellY[sq.exitCell]]).toEqual([2.5, 2.5]);
  });

  it('moves a side end that misses the mask to the nearest rim wall facing that side, with a warning', () => {
    const warnings: string[] = [];
    const m = generateMaze(
      recipe(40, 40, {
        mask: maskOf(builtinShape('heart'), 'largest'),
        entry: { kind: 'side', side: 'top', at: 0.5 },
        exit: { kind: 'side', side: 'bottom', at: 0.5 },
      }),
      deriveSeed(1, 'heart', 0),
      'p',
      (w) => warnings.push(w),
    );
    // The top middle of a heart is its notch, below the lobes: the entry moved down into it.
    expect(warnings).toEqual([
      "entry top at 50% is outside the maze's shape; moved to the nearest rim cell facing top",
    ]);
    const [nx, ny] = rimNormal(m.grid, m.entryWall);
    expect([nx, ny]).toEqual([0, -1]);
    const [mx] = wallMidpoint(m.grid, m.entryWall);
    expect(Math.abs(mx - m.grid.width / 2)).toBeLessThan(4);
    // The bottom tip of the heart is on the frame: no warning for the exit.
    expect(m.grid.wallCellB[m.exitWall]).toBe(-1);
  });
});

describe('openings stay on the outer wall', () => {
  it('never opens a ring maze into its hole', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const m = generateMaze(
        recipe(30, 30, { mask: maskOf(builtinShape('ring', { inner: 0.5 }), 'largest') }),
        deriveSeed(seed, 'ring', 0),
        'test',
      );
      const centre = [m.grid.width / 2, m.grid.height / 2];
      for (const w of [m.entryWall, m.exitWall]) {
        const [mx, my] = wallMidpoint(m.grid, w);
        // Outer wall: farther from the centre than the hole's radius (a quarter of the side) by a margin.
        expect(Math.hypot(mx - centre[0], my - centre[1])).toBeGreaterThan(m.grid.width * 0.4);
      }
    }
  });
});

const opposite: Record<RimPart, RimPart> = {
  top: 'bottom',
  'top-right': 'bottom-left',
  right: 'left',
  'bottom-right': 'top-left',
  bottom: 'top',
  'bottom-left': 'top-right',
  left: 'right',
  'top-left': 'bottom-right',
};

describe('auto ends stay where they were', () => {
  // Golden: the entry and exit walls of 100 mazes per topology (long-corridor backtracker mazes and bushy
  // Kruskal ones), folded into one FNV-1a hash. Recorded before the search became one walk with records on
  // its stack; any change in which pair wins a tie, or in its order, changes the hash.
  const golden: Record<string, number> = {
    square: 3917625447,
    hex: 498501968,
    triangle: 656562154,
    octagon: 4247589709,
    circle: 1811578269,
  };
  it.each(topologyNames.map((t) => [t]))('%s: the same pairs as recorded, in the same order', (shape) => {
    const grid = buildGrid({ shape, size: { columns: 17, rows: 15 } });
    let hash = 0x811c9dc5;
    for (let seed = 0; seed < 100; seed++) {
      const rng = createRng(deriveSeed(18, shape, seed));
      const open =
        seed % 2 === 0
          ? backtracker(grid, rng, { straightness: 0 })
          : kruskal(grid, rng, { straightness: 0 });
      const m = placeEnds(grid, open, { kind: 'auto' }, { kind: 'auto' }, 'test');
      for (const wall of [m.entryWall, m.exitWall]) hash = Math.imul(hash ^ wall, 0x01000193) >>> 0;
    }
    expect(hash).toBe(golden[shape]);
  });
});

describe('auto ends in opposite parts of the rim', () => {
  const shapes = SHAPES_AND_MASKS;
  const label = shapeLabel;

  it.each(shapes.map((r) => [label(r), r] as const))('%s: both auto', (_, extra) => {
    for (const algorithm of ['backtracker', 'sidewinder', 'kruskal', 'binary-tree'] as const) {
      if (algorithm === 'sidewinder' || algorithm === 'binary-tree') {
        if (extra.shape !== 'square' || extra.mask) continue; // square-only algorithms
      }
      for (let seed = 1; seed <= 12; seed++) {
        const size = { columns: 13, rows: extra.shape === 'circle' ? 13 : 11 };
        const m = generateMaze(
          recipe(13, 11, { ...extra, algorithm, size }),
          deriveSeed(seed, 'sides', 0),
          'test',
        );
        const a = rimPart(m.grid, m.entryWall);
        const b = rimPart(m.grid, m.exitWall);
        expect(a).toBeDefined();
        expect(opposite[a as RimPart], `${algorithm} seed ${seed}`).toBe(b);
        // Farthest along the passages among pairs in opposite parts (far enough apart on the page).
        expect(ends(m)).toBeGreaterThanOrEqual(Math.floor(0.9 * bestOppositePair(m)));
      }
    }
  });

  it('finds the farthest pair in opposite parts exactly when nothing is close on the page', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const m = squareMaze(14, 14, seed);
      expect(ends(m)).toBe(bestOppositePair(m));
    }
  });

  it('puts an auto end opposite a fixed one', () => {
    const sides = ['top', 'right', 'bottom', 'left'] as const;
    for (let seed = 1; seed <= 10; seed++) {
      for (const side of sides) {
        const m = squareMaze(9, 9, seed, { entry: { kind: 'side', side, at: 0.5 } });
        expect(rimPart(m.grid, m.entryWall)).toBe(side);
        expect(rimPart(m.grid, m.exitWall)).toBe(opposite[side]);
        const e = squareMaze(9, 9, seed, { exit: { kind: 'side', side, at: 0 } });
        const corner = rimPart(e.grid, e.exitWall) as RimPart;
        expect(corner).toContain('-'); // `at: 0` is a corner
        expect(rimPart(e.grid, e.entryWall)).toBe(opposite[corner]);
      }
    }
  });

  it('leaves two fixed ends where the author put them, even on one side', () => {
    const m = squareMaze(9, 9, 1, {
      entry: { kind: 'side', side: 'top', at: 0.1 },
      exit: { kind: 'side', side: 'top', at: 0.9 },
    });
    expect([rimPart(m.grid, m.entryWall), rimPart(m.grid, m.exitWall)]).toEqual(['top-left', 'top-right']);
  });

  it('cuts the rim into side middles and corners around the middle of the box, on every topology', () => {
    const sq = buildGrid({ shape: 'square', size: { columns: 10, rows: 6 } });
    const part = (x: number, y: number, side: 0 | 1 | 2 | 3) => {
      const c = y * 10 + x;
      // Rim walls of a square cell come in the order west, east, north, south among those it has.
      const walls = [...sq.rimWall.subarray(sq.rimStart[c], sq.rimStart[c + 1])];
      const [vx, vy] = [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ][side];
      const w = walls.find((w) => {
        const [nx, ny] = rimNormal(sq, w);
        return nx === vx && ny === vy;
      });
      return rimPart(sq, w as number);
    };
    expect(part(5, 0, 2)).toBe('top');
    expect(part(9, 0, 2)).toBe('top-right');
    expect(part(9, 0, 1)).toBe('top-right');
    expect(part(9, 3, 1)).toBe('right');
    expect(part(0, 5, 3)).toBe('bottom-left');
    expect(part(1, 5, 3)).toBe('bottom-left'); // 70 % of the way from the middle to the corner
    expect(part(3, 5, 3)).toBe('bottom'); // 30 %: within the middle 41 %
    expect(part(0, 2, 0)).toBe('left');
    expect(rimPart(sq, sq.adjWall[0])).toBeUndefined();
    // Circle: eight equal arcs, the top one centred on straight up.
    const circle = buildGrid({ shape: 'circle', size: { columns: 6, rows: 6 } });
    for (const w of circle.rimWall) {
      const [mx, my] = wallMidpoint(circle, w);
      const angle = (Math.atan2(mx - 6, 6 - my) * 180) / Math.PI; // clockwise from up
      const expected = PARTS[Math.round(((angle + 360) % 360) / 45) % 8];
      expect(rimPart(circle, w)).toBe(expected);
    }
    // A ring's hole is not on the outer rim: openings never go there.
    const ring = generateMaze(
      recipe(20, 20, { mask: maskOf(builtinShape('ring', { inner: 0.5 }), 'largest') }),
      deriveSeed(1, 'ring', 0),
      'test',
    );
    const holes = [...ring.grid.rimWall].filter((w) => rimPart(ring.grid, w) === undefined);
    expect(holes.length).toBeGreaterThan(0);
  });
});

const PARTS: RimPart[] = [
  'top',
  'top-right',
  'right',
  'bottom-right',
  'bottom',
  'bottom-left',
  'left',
  'top-left',
];

/** Passages between a maze's entry and exit cells. */
function ends(m: Maze): number {
  return bfs(m.grid, m.open, m.entryCell).dist[m.exitCell];
}

/**
 * By brute force: the most passages between two rim cells with outer walls in opposite rim parts, among
 * pairs at least half the maze's larger side apart on the page when there are such pairs.
 */
function bestOppositePair(m: Maze): number {
  const { grid } = m;
  const parts = new Map<number, Set<RimPart>>();
  for (const w of grid.rimWall) {
    const part = rimPart(grid, w);
    if (!part) continue;
    const c = grid.wallCellA[w];
    parts.set(c, (parts.get(c) ?? new Set()).add(part));
  }
  const cells = [...parts.keys()];
  const minApart = 0.5 * Math.max(grid.width, grid.height);
  let apart = -1;
  let any = -1;
  for (const x of cells) {
    const { dist } = bfs(grid, m.open, x);
    for (const y of cells) {
      if (y === x || ![...parts.get(x)!].some((p) => parts.get(y)!.has(opposite[p]))) continue;
      any = Math.max(any, dist[y]);
      if (Math.hypot(grid.cellX[x] - grid.cellX[y], grid.cellY[x] - grid.cellY[y]) >= minApart) {
        apart = Math.max(apart, dist[y]);
      }
    }
  }
  return apart >= 0 ? apart : any;
}

describe('outer rim walls', () => {
  it('are every rim wall of an unmasked grid, of every shape', () => {
    for (const shape of topologyNames) {
      const grid = buildGrid({ shape, size: { columns: 9, rows: 7 } });
      const outer = outerRimWalls(grid);
      let marked = 0;
      for (let w = 0; w < grid.wallCount; w++) marked += outer[w];
      expect(marked).toBe(grid.rimWall.length);
      for (const w of grid.rimWall) expect(outer[w]).toBe(1);
    }
  });

  it('are the walls round one piece of a grid in two pieces: the larger, or the first of equals', () => {
    // Two 5 × 5 blocks side by side, a column apart; then the right one a row taller.
    for (const [rows, left] of [
      [5, true],
      [6, false],
    ] as const) {
      const keep = new Uint8Array(11 * rows);
      for (let y = 0; y < rows; y++)
        for (let x = 0; x < 11; x++) keep[y * 11 + x] = x !== 5 && (x > 5 || y < 5) ? 1 : 0;
      const grid = buildGrid({ shape: 'square', size: { columns: 11, rows } }, keep);
      const outer = outerRimWalls(grid);
      for (const w of grid.rimWall) {
        const inLeft = grid.cellX[grid.wallCellA[w]] < 5;
        expect(outer[w]).toBe(inLeft === left ? 1 : 0);
      }
    }
  });
});
