import { type Grid, maxDegree } from '../../grid/grid.js';
import { buildSquareGrid } from '../../grid/square.js';
import { neighbourTable } from '../neighbour-table.js';
import { farthestFrom } from './farthest-from.js';
import {
  A,
  B,
  FORK,
  joinRecord,
  LENGTH,
  newRecord,
  PART_A,
  PART_B,
  REACHED,
  type Records,
  records,
} from './pair-records.js';
import { lowestPart, type RimInfo, rimInfo } from './rim-parts.js';
import { scratch } from './scratch.js';
import { routeThrough } from './walked-route.js';

/** Both ends `auto`: the two rim cells farthest apart along the passages, in opposite parts of the rim. */

/** A pair of rim cells and the parts of the rim their openings go in. */
export interface EndPair {
  a: number;
  partA: number;
  b: number;
  partB: number;
  /**
   * When the pair came straight from the walk over a tree (`pairOnTree`): the cell both ends hang from, the
   * entering wall of each cell the walk reached (valid until the next walk), and how many cells it reached.
   */
  tree?: { fork: number; via: Int32Array; length: number; reached: number };
}

/**
 * The two rim cells farthest apart along the passages with openings in opposite parts of the rim,
 * preferring pairs at least `minApart` apart on the page.
 *
 * One pass over the tree from a rim cell, depth first, each cell's branches in neighbour order: when a
 * cell's branches are done, its record (per part of the rim, the farthest rim cell below it and its depth)
 * is paired with its parent's record so far in the opposite part, then merged into it; the first longest
 * pair found wins (ties: the branch finished first, then the lower part code, then the cell reached first).
 * Only rim cells start records and only forks merge them, so the walk does little more
 * than read each cell's open walls once. Open walls that are not a tree (`pairOnTree` finds out) take the
 * same pairing over a walk that marks cells. A best pair too close on the page keeps its better end, which
 * gets the farthest partner far enough away (one more pass from each end, rarely needed); so does a maze
 * with no pair in opposite parts, from its first rim cell. A pair taken straight from the walk over a tree
 * comes with what reads back the route between its ends (`EndPair.tree`).
 */
export function farthestPair(grid: Grid, open: Uint8Array, rim: RimInfo, minApart: number): EndPair {
  const { cellX, cellY } = grid;
  const root = rim.cells[0];
  // A bit per neighbour on the tree walk's stack: up to 31 neighbours.
  if (grid.cellCount >= WARM_FROM && !warmed) warmUp();
  const via = scratch.ints('via', grid.cellCount);
  const tree = maxDegree(grid) <= 31 ? pairOnTree(grid, open, rim, root, via) : undefined;
  const best = tree ?? pairOnWalk(grid, open, rim, root);
  const bestLength = best[LENGTH];
  let found: EndPair;
  if (bestLength >= 0) {
    const x = best[A];
    const y = best[B];
    found = { a: x, partA: best[PART_A], b: y, partB: best[PART_B] };
    if ((cellX[x] - cellX[y]) ** 2 + (cellY[x] - cellY[y]) ** 2 >= minApart * minApart) {
      if (!tree) return found;
      return { ...found, tree: { fork: tree[FORK], via, length: bestLength, reached: tree[REACHED] } };
    }
  } else {
    const far = farthestFrom(grid, open, rim, root, -1, minApart);
    found = { a: root, partA: lowestPart(rim.parts[root]), b: far.cell, partB: far.part };
  }
  // Keep the end that finds the better partner: farther round the rim, far enough on the page, longer.
  let kept = found;
  let keptRank = bestLength >= 0 ? 1 : Infinity; // the pair found is opposite but too close
  let keptLength = bestLength;
  for (const [end, part] of [
    [found.a, found.partA],
    [found.b, found.partB],
  ]) {
    const far = farthestFrom(grid, open, rim, end, part, minApart);
    if (far.rank < keptRank || (far.rank === keptRank && far.length > keptLength)) {
      keptRank = far.rank;
      keptLength = far.length;
      kept = { a: end, partA: part, b: far.cell, partB: far.part };
    }
  }
  return kept;
}

/** Cells from which a maze's ends walk is one long call that runs compiled code only if warmed up first. */
const WARM_FROM = 1 << 16;
let warmed = false;

/**
 * Runs the ends walk a few times on two tiny trees (combs on a 6 × 5 square grid: a corridor along the top
 * row or the middle row, every column hanging from it), once per thread, before the first big walk. A walk
 * over a million cells is compiled while it runs; unless every kind of step was seen beforehand (corridors,
 * forks inside and on the rim, a record handed up or joined, the stack growing, the route back), the
 * compiled code meets a step it has not seen and is thrown away. Nothing of the tiny walks is kept.
 */
function warmUp(): void {
  warmed = true;
  const grid = buildSquareGrid({ columns: 6, rows: 5 });
  const combs = [0, 2].map((row) => {
    const open = new Uint8Array(grid.wallCount);
    for (let c = 0; c < grid.cellCount; c++) {
      for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
        const n = grid.adjCell[k];
        const along = Math.floor(n / 6) === row && Math.floor(c / 6) === row;
        if (n % 6 === c % 6 || along) open[grid.adjWall[k]] = 1;
      }
    }
    return open;
  });
  const rim = rimInfo(grid);
  for (let i = 0; i < 16; i++) {
    const pair = farthestPair(grid, combs[i % 2], rim, 0);
    const { tree } = pair;
    if (!tree) continue;
    routeThrough(grid, tree.via, pair.a, tree.fork, pair.b, tree.length);
    routeThrough(grid, tree.via, pair.b, tree.fork, pair.a, tree.length);
  }
}

/**
 * The pair search over the open walls as a tree rooted at `root`, or undefined when they are not a tree
 * there (a loop, or two walls between the same cells: the walk goes round it for ever, deeper than there
 * are cells). Nothing is marked: on a tree every open wall but the one a cell was entered by leads to a new
 * cell. The stack holds each cell on the way down with its depth, its branches not yet taken (a bit per
 * neighbour, found without a branch per wall) and its record (-1 for none yet); a cell with neither a
 * record nor another branch gives its place to its last branch, and a corridor takes no place at all.
 * Each cell's entering wall goes to `via` (-1 at the root) and the best pair's `FORK` and `REACHED` are
 * set, so that the route between the pair can be read back (`routeThrough`).
 */
function pairOnTree(
  grid: Grid,
  open: Uint8Array,
  rim: RimInfo,
  root: number,
  via: Int32Array,
): Int32Array | undefined {
  const { cellCount } = grid;
  const { start: first, entries } = neighbourTable(grid);
  const own = rim.parts;
  const r = records(rim.cells.length);
  // The stack starts small and doubles as needed (so the tiny walks of `warmUp` make it grow too).
  let capacity = Math.min(cellCount, STACK_START);
  let cell = scratch.ints('cell', capacity);
  let depth = scratch.ints('stackDepth', capacity);
  let todo = scratch.ints('todo', capacity);
  let record = scratch.ints('record', capacity);
  let sp = 0;
  let c = root;
  let d = 0;
  let entered = -1;
  let reached = 1;
  via[root] = -1;
  for (;;) {
    // c is d passages from the root, entered through wall `entered` (-1: the root). Along a corridor (one
    // branch, no rim) the walk goes on without the stack.
    let bits = 0;
    for (;;) {
      bits = 0;
      for (let i = 2 * first[c] + 1, j = 0, end = first[c + 1] - first[c]; j < end; i += 2, j++) {
        const w = entries[i];
        const other = w ^ entered;
        bits |= (open[w] & ((other | -other) >>> 31)) << j;
      }
      if (own[c] !== 0 || bits === 0 || (bits & (bits - 1)) !== 0) break;
      const i = 2 * (first[c] + 31 - Math.clz32(bits));
      c = entries[i];
      entered = entries[i + 1];
      via[c] = entered;
      reached++;
      if (++d === cellCount) return undefined;
    }
    cell[sp] = c;
    depth[sp] = d;
    if (own[c] === 0) record[sp] = -1;
    else if (r.count < rim.cells.length) record[sp] = newRecord(r, c, d, own[c]);
    else return undefined; // a rim cell reached twice: not a tree
    // Up while a cell has no branch left, joining its record to the one of the cell it hangs from.
    while (bits === 0) {
      if (sp === 0) {
        r.best[REACHED] = reached;
        return r.best;
      }
      const mine = record[sp--];
      if (mine >= 0) {
        if (record[sp] < 0) record[sp] = mine;
        else joinRecord(r, mine, record[sp], depth[sp], cell[sp]);
      }
      bits = todo[sp];
    }
    const j = 31 - Math.clz32(bits & -bits);
    const rest = bits & (bits - 1);
    const i = 2 * (first[cell[sp]] + j);
    c = entries[i];
    entered = entries[i + 1];
    via[c] = entered;
    reached++;
    d = depth[sp] + 1;
    if (d === cellCount) return undefined;
    if (rest === 0 && record[sp] < 0) continue;
    todo[sp] = rest;
    if (++sp === capacity) {
      capacity = Math.min(cellCount, 2 * capacity);
      cell = scratch.grow('cell', cell, capacity);
      depth = scratch.grow('stackDepth', depth, capacity);
      todo = scratch.grow('todo', todo, capacity);
      record = scratch.grow('record', record, capacity);
    }
  }
}

/** Places on the ends walk's stack at first. */
const STACK_START = 8;

/**
 * The pair search over open walls that are not a tree: a walk that marks cells as it goes (the last
 * neighbour taken first), its records merged children before parents.
 */
function pairOnWalk(grid: Grid, open: Uint8Array, rim: RimInfo, root: number): Int32Array {
  const { adjStart, adjCell, adjWall } = grid;
  const n = grid.cellCount;
  const parent = new Int32Array(n).fill(-1);
  const order = new Int32Array(n);
  const stack = new Int32Array(n);
  const seen = new Uint8Array(n);
  let count = 0;
  let sp = 0;
  stack[sp++] = root;
  seen[root] = 1;
  while (sp > 0) {
    const c = stack[--sp];
    order[count++] = c;
    for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++) {
      const m = adjCell[k];
      if (seen[m] !== 0 || open[adjWall[k]] === 0) continue;
      seen[m] = 1;
      parent[m] = c;
      stack[sp++] = m;
    }
  }
  // Depths from the root, then records children before parents; a cell's record is its own, or adopted
  // from its first branch with one.
  const depth = new Int32Array(n);
  for (let i = 1; i < count; i++) depth[order[i]] = depth[parent[order[i]]] + 1;
  const r: Records = {
    parts: new Int32Array(n),
    depth: new Int32Array(8 * n),
    far: new Int32Array(8 * n),
    count: 0,
    best: scratch.best(),
  };
  const record = new Int32Array(n).fill(-1);
  for (let i = 0; i < count; i++) {
    const c = order[i];
    if (rim.parts[c] !== 0) record[c] = newRecord(r, c, depth[c], rim.parts[c]);
  }
  for (let i = count - 1; i > 0; i--) {
    const c = order[i];
    const mine = record[c];
    if (mine < 0) continue;
    const up = parent[c];
    if (record[up] < 0) record[up] = mine;
    else joinRecord(r, mine, record[up], depth[up], up);
  }
  return r.best;
}
