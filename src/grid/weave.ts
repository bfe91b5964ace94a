import { assembleGrid, type Grid } from './grid.js';
import { straightAhead } from './straight.js';

/**
 * Weave grids: a grid plus one possible under-passage wall for every straight line of three cells
 * a – b – c whose middle cell b is a crossing candidate (no rim wall, so its over-passage can never end at the
 * rim). The under-passage joins a and c beneath b; `weave.under` holds b for it and -1 for every ordinary wall.
 *
 *         a
 *     ┌───┬───┬───┐        under-passage a–c beneath b (north–south), or
 *     │   │ ↓ │   │        under-passage d–e beneath b (west–east);
 *     ├───┼───┼───┤        a weave maze opens at most one of b's two
 *   d │ → │ b │ → │ e      and then runs its over-passage along the
 *     ├───┼───┼───┤        other axis
 *     │   │ ↓ │   │
 *     └───┴───┴───┘
 *         c
 *
 * Ordinary walls keep their numbers (under-passages are appended after them), so an open-wall set of the plain
 * grid means the same walls on the weave grid. Algorithms that do not know the crossing rules must not run on a
 * weave grid: they would open under-passages freely.
 */

/**
 * Weave mazes are drawn inset: each passage runs down the middle of its cells, its walls this share of the
 * cell's width in from the cell's edges on each side (so the clear passage is 1 − 2 × WEAVE_INSET of the cell,
 * less the wall), which leaves room for a bridge's walls to pass over a tunnel's.
 */
export const WEAVE_INSET = 0.18;

const weaveCache = new WeakMap<Grid, Grid>();
const plainOf = new WeakMap<Grid, Grid>();

/**
 * The grid a weave grid was built from (`weaveGrid`'s argument); a grid without under-passages itself. A weave
 * grid that arrived without its plain grid (structured-cloned from a worker thread, or cut by `subGrid`) gets
 * it rebuilt from its ordinary walls, which come first; cached either way.
 */
export function plainGrid(grid: Grid): Grid {
  const known = plainOf.get(grid);
  if (known) return known;
  const wallUnder = grid.weave?.under;
  if (!wallUnder) return grid;
  let n = 0;
  while (n < grid.wallCount && wallUnder[n] < 0) n++;
  const plain = assembleGrid({
    topology: grid.topology,
    sizeLabel: grid.sizeLabel,
    cellCount: grid.cellCount,
    cellX: grid.cellX.slice(),
    cellY: grid.cellY.slice(),
    wallCount: n,
    wallCellA: grid.wallCellA.slice(0, n),
    wallCellB: grid.wallCellB.slice(0, n),
    wallV0: grid.wallV0.slice(0, n),
    wallV1: grid.wallV1.slice(0, n),
    vertexX: grid.vertexX,
    vertexY: grid.vertexY,
    width: grid.width,
    height: grid.height,
    // The ordinary walls are the weave grid's first ones, unmoved.
    wallSpan: grid.wallSpan,
    ...(grid.arcs ? { arcs: { ...grid.arcs, curved: grid.arcs.curved.slice(0, n) } } : {}),
    ...(grid.tone ? { tone: { wallWidth: grid.tone.wallWidth.slice(0, n) } } : {}),
  });
  plainOf.set(grid, plain);
  return plain;
}

/** The weave grid of `grid` (built once per grid and cached). Linear in cells + walls. */
export function weaveGrid(grid: Grid): Grid {
  const cached = weaveCache.get(grid);
  if (cached) return cached;
  const { cellCount, adjStart, adjCell, adjWall, rimStart, wallCount } = grid;
  const ahead = straightAhead(grid);
  // Under-passages found: far cells a, c, the crossing cell and the wall between a and b (for its vertices).
  const found: number[] = [];
  for (let b = 0; b < cellCount; b++) {
    if (rimStart[b + 1] !== rimStart[b]) continue;
    for (let j = adjStart[b]; j < adjStart[b + 1]; j++) {
      const a = adjCell[j];
      // The step a → b, then straight on from b.
      let into = -1;
      for (let k = adjStart[a]; k < adjStart[a + 1]; k++) if (adjCell[k] === b) into = k;
      const on = into >= 0 ? ahead[into] : -1;
      if (on < 0) continue;
      const c = adjCell[on];
      if (a < c) found.push(a, c, b, adjWall[j]);
    }
  }
  const unders = found.length / 4;
  const n = wallCount + unders;
  const wallCellA = new Int32Array(n);
  const wallCellB = new Int32Array(n);
  const wallV0 = new Int32Array(n);
  const wallV1 = new Int32Array(n);
  const wallUnder = new Int32Array(n).fill(-1);
  wallCellA.set(grid.wallCellA);
  wallCellB.set(grid.wallCellB);
  wallV0.set(grid.wallV0);
  wallV1.set(grid.wallV1);
  for (let i = 0; i < unders; i++) {
    const w = wallCount + i;
    const near = found[4 * i + 3];
    wallCellA[w] = found[4 * i];
    wallCellB[w] = found[4 * i + 1];
    wallUnder[w] = found[4 * i + 2];
    wallV0[w] = grid.wallV0[near];
    wallV1[w] = grid.wallV1[near];
  }
  const woven = assembleGrid({
    topology: grid.topology,
    sizeLabel: grid.sizeLabel,
    cellCount,
    cellX: grid.cellX.slice(),
    cellY: grid.cellY.slice(),
    wallCount: n,
    wallCellA,
    wallCellB,
    wallV0,
    wallV1,
    vertexX: grid.vertexX,
    vertexY: grid.vertexY,
    width: grid.width,
    height: grid.height,
    // An under-passage has the ends of an ordinary wall, drawn straight: no box larger than that wall's.
    wallSpan: grid.wallSpan,
    ...(grid.arcs ? { arcs: { ...grid.arcs, curved: concat8(grid.arcs.curved, unders) } } : {}),
    weave: { under: wallUnder },
  });
  weaveCache.set(grid, woven);
  plainOf.set(woven, grid);
  return woven;
}

function concat8(a: Uint8Array, extra: number): Uint8Array {
  const out = new Uint8Array(a.length + extra);
  out.set(a);
  return out;
}

/**
 * For each under-passage wall t of a weave grid, the two ordinary walls it passes through: `near[t]` between
 * its cell A and the crossing cell, `far[t]` between the crossing cell and its cell B; -1 for ordinary walls.
 * Derived from the grid alone (so a grid read back from a file has it too); cached per grid.
 */
export interface UnderWalls {
  near: Int32Array;
  far: Int32Array;
  /** Ordinary inner walls of each cell (a crossing cell needs four). */
  sides: Uint8Array;
  /**
   * The first adjacency entry of each cell that is an under-passage: a cell's entries are its ordinary
   * neighbours from adjStart[c] to firstUnder[c], then its under-passages up to adjStart[c + 1] (walls are
   * listed in wall order, and under-passages come after every ordinary wall).
   */
  firstUnder: Int32Array;
  /**
   * For each adjacency entry k of the plain grid (`plainGrid`; the step from cell c to its neighbour b), the
   * under-passage from c beneath b to the cell beyond, or -1. Lets a generator walk the plain grid's shorter
   * lists and find tunnels from the neighbours it has already visited.
   */
  tunnelVia: Int32Array;
  /** For the same entries, the cell the under-passage surfaces in (beyond b), or -1. */
  tunnelTo: Int32Array;
}

const underCache = new WeakMap<Grid, UnderWalls>();

export function underWalls(grid: Grid): UnderWalls {
  const cached = underCache.get(grid);
  if (cached) return cached;
  const { wallCount, wallCellA, wallCellB } = grid;
  const wallUnder = grid.weave?.under;
  const near = new Int32Array(wallCount).fill(-1);
  const far = new Int32Array(wallCount).fill(-1);
  const sides = new Uint8Array(grid.cellCount);
  for (let w = 0; w < wallCount; w++) {
    if (grid.wallCellB[w] < 0 || (wallUnder && wallUnder[w] >= 0)) continue;
    sides[wallCellA[w]]++;
    sides[wallCellB[w]]++;
  }
  if (wallUnder) {
    for (let t = 0; t < wallCount; t++) {
      const b = wallUnder[t];
      if (b < 0) continue;
      near[t] = ordinaryWallBetween(grid, wallCellA[t], b);
      far[t] = ordinaryWallBetween(grid, b, wallCellB[t]);
      if (near[t] < 0 || far[t] < 0) {
        throw new Error(`weave grid: under-passage wall ${t} does not run beside its crossing cell ${b}`);
      }
    }
  }
  const firstUnder = new Int32Array(grid.cellCount);
  for (let c = 0; c < grid.cellCount; c++) {
    let k = grid.adjStart[c];
    const end = grid.adjStart[c + 1];
    for (; k < end; k++) if (wallUnder && wallUnder[grid.adjWall[k]] >= 0) break;
    firstUnder[c] = k;
    for (let j = k; j < end; j++) {
      if (!wallUnder || wallUnder[grid.adjWall[j]] < 0) {
        throw new Error(`weave grid: cell ${c} lists an ordinary wall after an under-passage`);
      }
    }
  }
  const plain = plainGrid(grid);
  const tunnelVia = new Int32Array(plain.adjCell.length).fill(-1);
  const tunnelTo = new Int32Array(plain.adjCell.length).fill(-1);
  if (wallUnder) {
    const via = (from: number, under: number, to: number, t: number): void => {
      for (let k = plain.adjStart[from]; k < plain.adjStart[from + 1]; k++) {
        if (plain.adjCell[k] !== under) continue;
        tunnelVia[k] = t;
        tunnelTo[k] = to;
      }
    };
    for (let t = 0; t < wallCount; t++) {
      if (wallUnder[t] < 0) continue;
      via(wallCellA[t], wallUnder[t], wallCellB[t], t);
      via(wallCellB[t], wallUnder[t], wallCellA[t], t);
    }
  }
  const result = { near, far, sides, firstUnder, tunnelVia, tunnelTo };
  underCache.set(grid, result);
  return result;
}

/** The ordinary (not under-passage) wall between neighbouring cells a and b, or -1. */
export function ordinaryWallBetween(grid: Grid, a: number, b: number): number {
  const { adjStart, adjCell, adjWall } = grid;
  const wallUnder = grid.weave?.under;
  for (let k = adjStart[a]; k < adjStart[a + 1]; k++) {
    const w = adjWall[k];
    if (adjCell[k] === b && (!wallUnder || wallUnder[w] < 0)) return w;
  }
  return -1;
}

/** Number of open under-passages (crossings) of a maze's open-wall set; 0 on a grid without them. */
export function countCrossings(grid: Grid, open: Uint8Array): number {
  const wallUnder = grid.weave?.under;
  if (!wallUnder) return 0;
  let n = 0;
  for (let w = 0; w < grid.wallCount; w++) if (wallUnder[w] >= 0 && open[w] !== 0) n++;
  return n;
}

/**
 * The first crossing rule an open-wall set of a weave grid breaks, or undefined when it keeps them all: each
 * open under-passage runs beneath a cell crossed only once, whose open walls are exactly the two across the
 * tunnel (a straight over-passage on a four-sided cell), and no ordinary wall is both open and passed through
 * by a tunnel, or passed through twice.
 * @returns the under-passage wall at fault and what is wrong
 */
export function crossingProblem(grid: Grid, open: Uint8Array): { wall: number; what: string } | undefined {
  const { wallCount, adjStart, adjWall } = grid;
  const wallUnder = grid.weave?.under;
  if (!wallUnder) return undefined;
  const { near, far } = underWalls(grid);
  const passed = new Uint8Array(wallCount);
  const crossed = new Uint8Array(grid.cellCount);
  for (let t = 0; t < wallCount; t++) {
    const b = wallUnder[t];
    if (b < 0 || open[t] === 0) continue;
    if (crossed[b] !== 0) return { wall: t, what: `cell ${b} is crossed twice` };
    crossed[b] = 1;
    for (const w of [near[t], far[t]]) {
      if (open[w] !== 0) return { wall: t, what: `the tunnel under cell ${b} runs through open wall ${w}` };
      if (passed[w] !== 0) return { wall: t, what: `two tunnels run through wall ${w}` };
      passed[w] = 1;
    }
    let sides = 0;
    let opened = 0;
    for (let k = adjStart[b]; k < adjStart[b + 1]; k++) {
      const w = adjWall[k];
      if (wallUnder[w] >= 0) continue;
      sides++;
      if (open[w] !== 0) opened++;
    }
    if (sides !== 4 || opened !== 2) {
      return { wall: t, what: `the bridge over cell ${b} must be a straight passage across the tunnel` };
    }
  }
  return undefined;
}
