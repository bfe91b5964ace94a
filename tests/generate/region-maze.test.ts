import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { UserError } from '../../src/base/errors.js';
import { placeEnds } from '../../src/generate/ends/place-ends.js';
import type { Maze } from '../../src/generate/maze.js';
import {
  applyPost,
  type PostStep,
  postKeepsPerfect,
  postKeepsUniqueSolution,
  postNames,
} from '../../src/generate/post/registry.js';
import { type RegionMaze, type RegionMazeInput, regionMaze } from '../../src/generate/region-maze.js';
import { type RegionStyle, resolveStyle } from '../../src/generate/region-textures.js';
import { buildAdaptiveGrid } from '../../src/grid/adaptive.js';
import { bfs } from '../../src/grid/bfs.js';
import { type Grid, subGrid } from '../../src/grid/grid.js';
import { cellLocator } from '../../src/grid/locate.js';
import { buildGrid, type GridLayout } from '../../src/grid/registry.js';
import type { RouteSketch } from '../../src/grid/route-sketch.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { toneGrid } from '../../src/mask/tone.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';

/** Regions by where a cell's centre lies in the grid's box: left half 0, top right 1, bottom right 2. */
function thirds(grid: Grid): Int32Array {
  const region = new Int32Array(grid.cellCount);
  for (let c = 0; c < grid.cellCount; c++) {
    const x = grid.cellX[c] / grid.width;
    const y = grid.cellY[c] / grid.height;
    region[c] = x < 0.5 ? 0 : y < 0.5 ? 1 : 2;
  }
  return region;
}

const STYLES: RegionStyle[] = [
  { texture: 'directional', angle: 0, name: 'left' },
  { texture: 'concentric', name: 'top right', doors: 2 },
  { texture: 'random', name: 'bottom right' },
];

function build(grid: Grid, input: Partial<RegionMazeInput> = {}, seed = 1): RegionMaze {
  return regionMaze(
    grid,
    createRng(deriveSeed(seed, 'region-maze')),
    { region: thirds(grid), styles: STYLES, ...input },
    'test',
  );
}

/** Exactly cells − 1 open inner walls, no rim wall open, and one connected piece. */
function isTree(grid: Grid, open: Uint8Array): boolean {
  let passages = 0;
  for (let w = 0; w < grid.wallCount; w++) {
    if (!open[w]) continue;
    if (grid.wallCellB[w] < 0) return false;
    passages++;
  }
  return passages === grid.cellCount - 1 && bfs(grid, open, 0).reached === grid.cellCount;
}

/** The maze with the route's ends opened (or auto ends without a route). */
function mazeOf(grid: Grid, r: RegionMaze): Maze {
  if (!r.ends) return placeEnds(grid, r.open, { kind: 'auto' }, { kind: 'auto' }, 'test');
  const open = r.open.slice();
  if (r.ends.entryWall >= 0) open[r.ends.entryWall] = 1;
  if (r.ends.exitWall >= 0) open[r.ends.exitWall] = 1;
  return { grid, open, ...r.ends };
}

/** Share of open walls inside `cells` whose passage runs within 30° of horizontal. */
function horizontalShare(grid: Grid, open: Uint8Array, keep: (c: number) => boolean): number {
  let h = 0;
  let all = 0;
  for (let w = 0; w < grid.wallCount; w++) {
    const a = grid.wallCellA[w];
    const b = grid.wallCellB[w];
    if (!open[w] || b < 0 || !keep(a) || !keep(b)) continue;
    all++;
    if (Math.abs(grid.cellY[b] - grid.cellY[a]) < 0.5 * Math.abs(grid.cellX[b] - grid.cellX[a])) h++;
  }
  return h / all;
}

describe('region mazes', () => {
  const grid = buildSquareGrid({ columns: 40, rows: 30 });

  it('make a spanning tree whose territories are trees joined by single doors', () => {
    const r = build(grid);
    expect(isTree(grid, r.open)).toBe(true);
    const territories = Math.max(...r.territory) + 1;
    expect(r.doors.length).toBe(territories - 1);
    for (let w = 0; w < grid.wallCount; w++) {
      const b = grid.wallCellB[w];
      if (b < 0 || !r.open[w]) continue;
      const crosses = r.territory[grid.wallCellA[w]] !== r.territory[b];
      expect(crosses).toBe(r.doors.includes(w));
    }
    // Each territory lies inside one piece.
    const pieceOf = new Map<number, number>();
    for (let c = 0; c < grid.cellCount; c++) {
      const t = r.territory[c];
      expect(pieceOf.get(t) ?? r.piece[c]).toBe(r.piece[c]);
      pieceOf.set(t, r.piece[c]);
    }
  });

  it('opens every pair of neighbouring regions at as many doors as their styles ask', () => {
    const r = build(grid);
    const openings = new Map<string, number>();
    for (const w of r.doors) {
      const [a, b] = [r.piece[grid.wallCellA[w]], r.piece[grid.wallCellB[w]]].sort();
      openings.set(`${a}-${b}`, (openings.get(`${a}-${b}`) ?? 0) + 1);
    }
    const region = thirds(grid);
    const pieceRegion = new Map<number, number>();
    for (let c = 0; c < grid.cellCount; c++) pieceRegion.set(r.piece[c], region[c]);
    expect(openings.size).toBe(3);
    for (const [pair, count] of openings) {
      const [a, b] = pair.split('-').map(Number);
      const doors = Math.max(...[a, b].map((p) => STYLES[pieceRegion.get(p) as number].doors ?? 1));
      expect(count, pair).toBe(doors);
    }
  });

  it('lay passages along a direction, around an outline, or evenly, as styled', () => {
    const sideways = build(grid, { styles: [{ texture: 'directional', angle: 0 }, STYLES[1], STYLES[2]] });
    const upright = build(grid, { styles: [{ texture: 'directional', angle: 90 }, STYLES[1], STYLES[2]] });
    const left = (c: number) => grid.cellX[c] < 20;
    expect(horizontalShare(grid, sideways.open, left)).toBeGreaterThan(0.75);
    expect(horizontalShare(grid, upright.open, left)).toBeLessThan(0.25);
    const even = build(grid, { styles: [{ texture: 'random' }, STYLES[1], STYLES[2]] });
    expect(horizontalShare(grid, even.open, left)).toBeGreaterThan(0.4);
    expect(horizontalShare(grid, even.open, left)).toBeLessThan(0.6);
    // Concentric: in the top-right square, passages mostly run around its middle rather than towards it.
    const ring = build(grid, { styles: [STYLES[0], { texture: 'concentric' }, STYLES[2]] });
    let around = 0;
    let all = 0;
    for (let w = 0; w < grid.wallCount; w++) {
      const a = grid.wallCellA[w];
      const b = grid.wallCellB[w];
      if (!ring.open[w] || b < 0 || ring.piece[a] !== ring.piece[b] || thirds(grid)[a] !== 1) continue;
      const rx = (grid.cellX[a] + grid.cellX[b]) / 2 - 30;
      const ry = (grid.cellY[a] + grid.cellY[b]) / 2 - 7.5;
      const sx = grid.cellX[b] - grid.cellX[a];
      const sy = grid.cellY[b] - grid.cellY[a];
      // Around: the step is across the line to the nearest side of the square (its outline).
      const towardSide = Math.abs(rx) / 10 > Math.abs(ry) / 7.5 ? Math.abs(sx) : Math.abs(sy);
      all++;
      if (towardSide < 0.5) around++;
    }
    expect(around / all).toBeGreaterThan(0.7);
  });

  it('fill regions with any general algorithm and keep drawn walls standing', () => {
    const fixed = new Uint8Array(grid.wallCount);
    // A drawn line across the left region: the horizontal walls under row 15, columns 5–14.
    const horizontalBase = 41 * 30;
    for (let x = 5; x < 15; x++) fixed[horizontalBase + 15 * 40 + x] = 1;
    for (const texture of ['backtracker', 'wilson', 'random'] as const) {
      const r = build(grid, { styles: [{ texture }, STYLES[1], STYLES[2]], fixed });
      expect(isTree(grid, r.open), texture).toBe(true);
      for (let w = 0; w < grid.wallCount; w++) if (fixed[w]) expect(r.open[w], texture).toBe(0);
      expect(r.warnings).toEqual([]);
    }
  });

  it('open as few drawn walls as reach cells the drawing shuts in, and say so', () => {
    const fixed = new Uint8Array(grid.wallCount);
    // A drawn 3×3 box around cells (5..7, 5..7).
    for (let y = 5; y < 8; y++) {
      fixed[y * 41 + 5] = 1;
      fixed[y * 41 + 8] = 1;
    }
    for (let x = 5; x < 8; x++) {
      fixed[41 * 30 + 5 * 40 + x] = 1;
      fixed[41 * 30 + 8 * 40 + x] = 1;
    }
    const r = build(grid, { fixed });
    expect(isTree(grid, r.open)).toBe(true);
    let opened = 0;
    for (let w = 0; w < grid.wallCount; w++) if (fixed[w] && r.open[w]) opened++;
    expect(opened).toBe(1);
    expect(r.warnings.join(' ')).toMatch(/drawn lines shut/);
  });

  it('work on every tiling, masked, and on adaptive grids', () => {
    const layouts: GridLayout[] = [
      { shape: 'hex', size: { columns: 12, rows: 9 } },
      { shape: 'triangle', size: { columns: 22, rows: 9 } },
      { shape: 'octagon', size: { columns: 10, rows: 8 } },
      { shape: 'circle', size: { columns: 7, rows: 7 } },
    ];
    const grids = layouts.map((l) => buildGrid(l));
    const square = buildSquareGrid({ columns: 30, rows: 30 });
    const keep = new Uint8Array(square.cellCount);
    for (let c = 0; c < square.cellCount; c++)
      keep[c] = Math.hypot(square.cellX[c] - 15, square.cellY[c] - 15) < 14 ? 1 : 0;
    grids.push(subGrid(square, keep));
    const depth = { width: 2, height: 1, data: new Float32Array([0, 3]) };
    grids.push(buildAdaptiveGrid({ tiling: 'square', columns: 6, rows: 4, levels: 2, depth }));
    for (const g of grids) {
      const r = build(g, {}, 2);
      expect(isTree(g, r.open), g.topology).toBe(true);
    }
  });

  it('is the same for the same seed and differs for another', () => {
    expect(build(grid, {}, 3).open).toEqual(build(grid, {}, 3).open);
    expect(build(grid, {}, 3).open).not.toEqual(build(grid, {}, 4).open);
  });

  it('folds specks of a region into their neighbour', () => {
    const region = thirds(grid);
    region[10 * 40 + 10] = 2; // one cell of the bottom-right region, alone in the left half
    const r = regionMaze(grid, createRng(deriveSeed(1, 'speck')), { region, styles: STYLES }, 'test');
    expect(r.piece[10 * 40 + 10]).toBe(r.piece[10 * 40 + 11]);
    expect(isTree(grid, r.open)).toBe(true);
    expect(r.warnings).toEqual([]);
    // A whole region that small is merged away, with a note.
    const tiny = new Int32Array(grid.cellCount);
    tiny[5] = 1;
    const styles = [{ texture: 'random' as const }, { texture: 'random' as const, name: '#ff0000' }];
    const t = regionMaze(grid, createRng(deriveSeed(1, 'tiny')), { region: tiny, styles }, 'test');
    expect(t.warnings).toEqual([
      `#ff0000 is too small for the maze's cells (under 4 cells) and joined its neighbours`,
    ]);
  });
});

describe('region styles', () => {
  const fails = (style: RegionStyle): UserError => {
    try {
      resolveStyle(style, 'book.yaml:4:7');
    } catch (e) {
      expect(e).toBeInstanceOf(UserError);
      return e as UserError;
    }
    throw new Error('expected a UserError');
  };

  it('refuse textures that cannot fill a region, and values out of range', () => {
    expect(fails({ texture: 'eller', name: '#ff0000' }).what).toMatch(/#ff0000: eller cannot fill a region/);
    expect(fails({ texture: 'finger' }).what).toMatch(/entry and exit/);
    expect(fails({ texture: 'spiral' as never }).what).toMatch(/unknown texture "spiral"/);
    expect(fails({ texture: 'random', doors: 0 }).what).toMatch(/doors/);
    expect(fails({ texture: 'directional', strength: 0.5 }).what).toMatch(/strength/);
    expect(fails({ texture: 'random', doors: 9 }).where).toBe('book.yaml:4:7');
  });

  it('fill in defaults', () => {
    expect(resolveStyle({ texture: 'concentric' }, '')).toMatchObject({ doors: 1, strength: 12, angle: 0 });
  });
});

describe('sketched routes', () => {
  const grid = buildSquareGrid({ columns: 48, rows: 36 });
  const at = (fx: number, fy: number) => ({ x: fx * grid.width, y: fy * grid.height });
  const locate = cellLocator(grid);
  // Start at the left edge, through the top right, down through the bottom right, back to the left.
  const route: RouteSketch = {
    main: [at(0, 0.25), at(0.35, 0.2), at(0.8, 0.25), at(0.75, 0.75), at(0.3, 0.8), at(0, 0.75)],
    branches: [[at(0.8, 0.25), at(0.95, 0.5)]],
  };

  it('visit the sketched regions in order, pass its points, and walk at least twice its length', () => {
    for (let seed = 1; seed <= 3; seed++) {
      const r = build(grid, { route }, seed);
      expect(isTree(grid, r.open)).toBe(true);
      const maze = mazeOf(grid, r);
      const solution = solve(maze);
      const visited: number[] = [];
      for (const c of solution.cells) if (visited.at(-1) !== r.piece[c]) visited.push(r.piece[c]);
      expect(visited).toEqual(Array.from(r.route?.pieces ?? []));
      // Regions of the sketch: left, top right, bottom right, left.
      const region = thirds(grid);
      expect(visited.map((p) => region[r.piece.indexOf(p)])).toEqual([0, 1, 2, 0]);
      expect(solution.cells.length).toBeGreaterThanOrEqual(2 * (r.route?.cells ?? Infinity));
      // The solution passes the cell under every sketch point.
      for (const p of route.main) expect(solution.cells.includes(locate.cellAt(p.x, p.y))).toBe(true);
      // Ends on the rim where the sketch starts and ends at the edge.
      expect(maze.entryWall).toBeGreaterThanOrEqual(0);
      expect(maze.exitWall).toBeGreaterThanOrEqual(0);
    }
  });

  it('turn branches into long dead ends off the solution', () => {
    const r = build(grid, { route }, 5);
    const maze = mazeOf(grid, r);
    const solution = new Set(solve(maze).cells);
    const end = locate.cellAt(0.95 * 48, 0.5 * 36);
    expect(solution.has(end)).toBe(false);
    // The branch's end hangs off the solution by a long walk.
    const dist = bfs(grid, maze.open, end).dist;
    let nearest = Infinity;
    for (const c of solution) nearest = Math.min(nearest, dist[c]);
    expect(nearest).toBeGreaterThanOrEqual(15);
  });

  it('start or finish inside the maze when the sketch does', () => {
    const inner: RouteSketch = { main: [at(0.2, 0.5), at(0.8, 0.5)] };
    const r = build(grid, { route: inner });
    expect(r.ends?.entryWall).toBe(-1);
    expect(r.ends?.exitWall).toBe(-1);
    expect(r.ends?.entryCell).toBe(locate.cellAt(0.2 * 48, 0.5 * 36));
    const maze = mazeOf(grid, r);
    expect(solve(maze).cells.length).toBeGreaterThanOrEqual(2 * (r.route?.cells ?? Infinity));
  });

  it('name the route point and region when a sketch cannot be honoured', () => {
    const keep = new Uint8Array(grid.cellCount).fill(1);
    for (let c = 0; c < grid.cellCount; c++) if (grid.cellX[c] > 40) keep[c] = 0;
    const cut = subGrid(grid, keep);
    const outside = expectUserError(() =>
      build(cut, { route: { main: [at(0.1, 0.5), at(0.5, 0.5), at(0.95, 0.5)] } }),
    );
    expect(outside.what).toMatch(/route point 3 is outside the maze/);
    const loop = expectUserError(() =>
      build(grid, { route: { main: [at(0.1, 0.1), at(0.4, 0.4), at(0.1, 0.4), at(0.4, 0.1)] } }),
    );
    expect(loop.what).toMatch(/crosses or doubles back on itself after route point \d, in left/);
    const branch = expectUserError(() =>
      build(grid, {
        route: {
          main: [at(0.1, 0.5), at(0.9, 0.5)],
          branches: [[at(0.3, 0.5), at(0.3, 0.9), at(0.6, 0.9), at(0.6, 0.3)]],
        },
      }),
    );
    expect(branch.what).toMatch(/branch 1 point 3: the line runs into another line of the route/);
  });
});

describe('post-processes on picture mazes', () => {
  it('keep a tone-and-region maze perfect or its solution unique, as each promises', () => {
    const lightness = { width: 2, height: 2, data: new Float32Array([0.2, 0.9, 0.6, 0.4]) };
    const grid = toneGrid({
      lightness,
      tiling: 'square',
      columns: 8,
      rows: 6,
      levels: 2,
      unit: 3.5,
      passage: 3,
      line: 0.5,
    });
    const base = mazeOf(grid, build(grid, {}, 6));
    for (const name of postNames) {
      const step = (
        name === 'braid'
          ? { name, share: 0.5 }
          : name === 'cross-cuts' || name === 'loops'
            ? { name, count: 20 }
            : { name }
      ) as PostStep;
      const m = applyPost(base, createRng(deriveSeed(7, name)), [step]);
      if (postKeepsPerfect[name]) expect(isTree(grid, closeEnds(m)), name).toBe(true);
      if (postKeepsUniqueSolution[name]) expect(uniqueSolution(m), name).toBe(true);
      for (const w of solve(m).walls) expect(m.open[w]).toBe(1);
    }
  });

  it('keep a sketched route when adding loops away from its solution', () => {
    const grid = buildSquareGrid({ columns: 30, rows: 20 });
    const route: RouteSketch = {
      main: [
        { x: 0, y: 4.5 },
        { x: 29.9, y: 15.5 },
      ],
    };
    const r = build(grid, { route }, 8);
    const maze = mazeOf(grid, r);
    const cut = applyPost(maze, createRng(deriveSeed(8, 'cuts')), [{ name: 'cross-cuts', count: 40 }]);
    expect(Array.from(solve(cut).cells)).toEqual(Array.from(solve(maze).cells));
    expect(uniqueSolution(cut)).toBe(true);
  });
});

/** The maze's open walls without its entry and exit openings. */
function closeEnds(m: Maze): Uint8Array {
  const open = m.open.slice();
  if (m.entryWall >= 0) open[m.entryWall] = 0;
  if (m.exitWall >= 0) open[m.exitWall] = 0;
  return open;
}

/** Every solution passage is a bridge between entry and exit: there is no second simple route. */
function uniqueSolution(m: Maze): boolean {
  for (const w of solve(m).walls) {
    const open = m.open.slice();
    open[w] = 0;
    if (bfs(m.grid, open, m.entryCell).dist[m.exitCell] >= 0) return false;
  }
  return true;
}

function expectUserError(f: () => unknown): UserError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return e as UserError;
  }
  throw new Error('expected a UserError');
}
