import type { Grid } from '../grid/grid.js';
import { underWalls } from '../grid/weave.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions } from './algorithm.js';
import { disjointSets } from './disjoint-sets.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * Kruskal on a weave grid, the dense way: crossings are laid first, then randomised Kruskal joins what is left.
 * Each candidate crossing cell (in random order) becomes a crossing with chance `weave` when all its walls are
 * still unused and its four neighbours and itself are in five different trees: one of its two under-passages
 * (chosen at random) is opened, and so are the two walls across it (the straight over-passage). Kruskal then
 * opens ordinary walls in random order, skipping the walls of crossing cells (every one is already the
 * over-passage or passed through by the tunnel). Crossing cells must have four ordinary inner walls; others
 * are never crossed. The result is a spanning tree of the weave graph. O(walls · α(cells)).
 */
export function weaveKruskal(grid: Grid, rng: Rng, options: AlgorithmOptions): Uint8Array {
  const weave = options.weave ?? 0;
  const { wallCount, wallCellA, wallCellB, cellCount, adjStart, adjWall } = grid;
  const wallUnder = grid.weave?.under ?? new Int32Array(wallCount).fill(-1);
  const { near, far } = underWalls(grid);
  const open = new Uint8Array(wallCount);
  const used = new Uint8Array(wallCount);
  const sets = disjointSets(cellCount, stepBudget(grid, 16), () => runaway('weave kruskal', grid, 16));
  const { find } = sets;
  let joined = 0;
  const join = (w: number): void => {
    sets.union(wallCellA[w], wallCellB[w]);
    open[w] = 1;
    used[w] = 1;
    joined++;
  };

  // Candidate crossings: each cell some under-passage runs beneath, with those under-passages (at most
  // UNDER_SLOTS per cell: one per straight axis).
  const underOf = new Int32Array(cellCount * UNDER_SLOTS).fill(-1);
  const cells: number[] = [];
  for (let w = 0; w < wallCount; w++) {
    const b = wallUnder[w];
    if (b < 0) continue;
    if (underOf[b * UNDER_SLOTS] < 0) cells.push(b);
    for (let slot = 0; slot < UNDER_SLOTS; slot++) {
      if (underOf[b * UNDER_SLOTS + slot] >= 0) continue;
      underOf[b * UNDER_SLOTS + slot] = w;
      break;
    }
  }
  const candidates = Int32Array.from(cells);
  shuffle(candidates, candidates.length, rng);
  const over = new Int32Array(UNDER_SLOTS * 2);
  const roots = new Int32Array(5);
  for (let i = 0; i < candidates.length && weave > 0; i++) {
    if (rng.next() >= weave) continue;
    const b = candidates[i];
    let walls = 0;
    let free = true;
    for (let k = adjStart[b]; k < adjStart[b + 1]; k++) {
      const w = adjWall[k];
      if (wallUnder[w] >= 0) continue;
      walls++;
      if (used[w] !== 0) free = false;
    }
    if (!free || walls !== 4) continue;
    let u = 0;
    for (let slot = 0; slot < UNDER_SLOTS; slot++) if (underOf[b * UNDER_SLOTS + slot] >= 0) u++;
    const t = underOf[b * UNDER_SLOTS + (u === 1 ? 0 : rng.int(u))];
    let o = 0;
    for (let k = adjStart[b]; k < adjStart[b + 1]; k++) {
      const w = adjWall[k];
      if (wallUnder[w] < 0 && w !== near[t] && w !== far[t]) over[o++] = w;
    }
    if (o !== 2) continue;
    // Five different trees: b, the two over-passage neighbours, the tunnel's two ends.
    roots[0] = find(b);
    roots[1] = find(otherCell(grid, over[0], b));
    roots[2] = find(otherCell(grid, over[1], b));
    roots[3] = find(wallCellA[t]);
    roots[4] = find(wallCellB[t]);
    if (!allDifferent(roots)) continue;
    join(over[0]);
    join(over[1]);
    join(t);
    used[near[t]] = 1;
    used[far[t]] = 1;
  }

  // Kruskal over the ordinary inner walls still unused.
  const order = new Int32Array(wallCount);
  let n = 0;
  for (let w = 0; w < wallCount; w++) {
    if (wallCellB[w] >= 0 && wallUnder[w] < 0 && used[w] === 0) order[n++] = w;
  }
  shuffle(order, n, rng);
  for (let i = 0; i < n && joined < cellCount - 1; i++) {
    const w = order[i];
    if (used[w] !== 0 || find(wallCellA[w]) === find(wallCellB[w])) continue;
    join(w);
  }
  return open;
}

/** Under-passages a crossing cell can have: one per straight axis through it (two on squares, three on hexagons). */
const UNDER_SLOTS = 3;

function allDifferent(a: Int32Array): boolean {
  for (let i = 1; i < a.length; i++) for (let j = 0; j < i; j++) if (a[i] === a[j]) return false;
  return true;
}

function otherCell(grid: Grid, wall: number, cell: number): number {
  return grid.wallCellA[wall] === cell ? grid.wallCellB[wall] : grid.wallCellA[wall];
}

/** Fisher–Yates over the first n entries. */
function shuffle(a: Int32Array, n: number, rng: Rng): void {
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
