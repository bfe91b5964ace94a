import { UserError } from '../base/errors.js';
import { type Grid, maxDegree, rimNormal, wallMidpoint } from '../grid/grid.js';
import { buildSquareGrid } from '../grid/square.js';
import { disjointSets } from './disjoint-sets.js';
import type { Maze } from './maze.js';
import { neighbourTable } from './neighbour-table.js';
import { runaway, stepBudget } from './watchdog.js';

export type Side = 'top' | 'bottom' | 'left' | 'right';

/** Where an end of the maze goes: `auto` (as far from the other end as the maze allows) or a rim spot. */
export type EndPlacement =
  | { kind: 'auto' }
  | { kind: 'side'; side: Side /** in [0, 1] along the side */; at: number }
  | { kind: 'wall' /** a rim wall chosen by the algorithm */; wall: number }
  /** The cell nearest the middle of the maze (the centre disc of a circle maze); no rim opening. */
  | { kind: 'centre' };

const SIDE_VECTOR: Record<Side, [number, number]> = {
  top: [0, -1],
  bottom: [0, 1],
  left: [-1, 0],
  right: [1, 0],
};

/** Minimum cosine between a rim wall's outward normal and the side's direction for the wall to face that side. */
const FACING_COS = 0.7;

/**
 * One of the eight parts of a maze's outer rim, by where it lies around the middle of the maze's box: the
 * middles of the four sides and the four corners (see `rimPart`).
 */
export type RimPart =
  | 'top'
  | 'top-right'
  | 'right'
  | 'bottom-right'
  | 'bottom'
  | 'bottom-left'
  | 'left'
  | 'top-left';

/** Parts clockwise from the top: a part's code is its index, and opposite parts differ by 4. */
const PARTS: readonly RimPart[] = [
  'top',
  'top-right',
  'right',
  'bottom-right',
  'bottom',
  'bottom-left',
  'left',
  'top-left',
];

/** Steps between two parts round the rim, 0 to 4 (4: opposite). */
const apartParts = (a: number, b: number): number => {
  const d = Math.abs(a - b);
  return d > 4 ? 8 - d : d;
};

/**
 * Opens an entry and an exit in the rim of a spanning tree and returns the finished maze.
 *
 * `auto` ends go on outer rim walls in opposite parts of the rim (`rimPart`: top and bottom, left and
 * right, or opposite corners), so they are on different sides of the maze and never both along one edge,
 * unless the author fixed both ends. With both `auto`: the pair of rim cells farthest apart along the
 * passages among such pairs (exactly, in one pass over the tree). With one `auto`: the rim cell farthest
 * along the passages from the fixed end, in the part opposite it if possible, else as far round the rim as
 * possible (anywhere when the fixed end is the centre). Pairs at least half the maze's larger side apart on
 * the page come first. The upper-left of two `auto` ends is the entry. A side end is the rim wall facing
 * that side nearest to `at`, preferring the outermost. Linear in cells + walls.
 * @param where names the page in error messages
 */
export function placeEnds(
  grid: Grid,
  open: Uint8Array,
  entry: EndPlacement,
  exit: EndPlacement,
  where: string,
  warn: (what: string) => void = () => {},
): Maze {
  if (grid.rimWall.length === 0)
    throw new UserError(where, 'the maze has no rim to place an entry and exit on');
  if (entry.kind === 'centre' && exit.kind === 'centre') {
    throw new UserError(where, 'entry and exit are both at the centre', 'put one of them on a side or auto');
  }
  const fixed = (end: EndPlacement, name: string): number => {
    if (end.kind === 'wall') return end.wall;
    if (end.kind !== 'side') return -1;
    const found = wallOnSide(grid, end.side, end.at);
    if (found.wall < 0) {
      throw new UserError(
        where,
        `${name}: no rim wall of this maze faces ${end.side}`,
        `use another side or 'auto'`,
      );
    }
    if (found.distance > MOVE_WARNING) {
      warn(
        `${name} ${end.side} at ${Math.round(end.at * 100)}% is outside the maze's shape; moved to the nearest rim cell facing ${end.side}`,
      );
    }
    return found.wall;
  };
  let entryWall = fixed(entry, 'entry');
  let exitWall = fixed(exit, 'exit');
  const centre = entry.kind === 'centre' || exit.kind === 'centre' ? centreCell(grid) : -1;
  const entryCell = entry.kind === 'centre' ? centre : -1;
  const exitCell = exit.kind === 'centre' ? centre : -1;
  const rim = rimInfo(grid);
  const minApart = MIN_APART * Math.max(grid.width, grid.height);
  // The solution, when the ends walk found it on its way (both ends auto, open walls a tree).
  let walked: WalkedRoute | undefined;

  if (entry.kind === 'auto' && exit.kind === 'auto') {
    const pair = farthestPair(grid, open, rim, minApart);
    // Name the upper-left of the two the entry, so books read top to bottom.
    const [a, b] = isBefore(grid, pair.a, pair.b) ? [pair.a, pair.b] : [pair.b, pair.a];
    const [pa, pb] = a === pair.a ? [pair.partA, pair.partB] : [pair.partB, pair.partA];
    entryWall = outermostRimWall(grid, rim, a, b, pa);
    exitWall = outermostRimWall(grid, rim, b, a, pb);
    if (pair.tree) {
      const { fork, via, length, reached } = pair.tree;
      walked = { ...routeThrough(grid, via, a, fork, b, length), reached };
    }
  } else if (exit.kind === 'auto' || entry.kind === 'auto') {
    const [wall, cell] = entry.kind === 'auto' ? [exitWall, exitCell] : [entryWall, entryCell];
    const from = cell >= 0 ? cell : grid.wallCellA[wall];
    // The fixed end's part of the rim; none for the centre (or a wall round a hole).
    const part = cell >= 0 ? -1 : rim.wallPart[wall] - 1;
    const far = farthestFrom(grid, open, rim, from, part, minApart);
    const placed = outermostRimWall(grid, rim, far.cell, from, far.part);
    if (entry.kind === 'auto') entryWall = placed;
    else exitWall = placed;
  }
  if (entryWall >= 0 && entryWall === exitWall) {
    throw new UserError(
      where,
      'entry and exit fall on the same rim wall',
      'give them different sides or positions',
    );
  }
  const withEnds = open.slice();
  if (entryWall >= 0) withEnds[entryWall] = 1;
  if (exitWall >= 0) withEnds[exitWall] = 1;
  const maze: Maze = {
    grid,
    open: withEnds,
    entryWall,
    exitWall,
    entryCell: entryCell >= 0 ? entryCell : grid.wallCellA[entryWall],
    exitCell: exitCell >= 0 ? exitCell : grid.wallCellA[exitWall],
  };
  if (walked) walkedRoutes.set(maze, walked);
  return maze;
}

/** The route between a maze's ends, found while they were placed, and the cells reachable from the entry. */
interface WalkedRoute {
  cells: Int32Array;
  walls: Int32Array;
  reached: number;
}

/**
 * Routes found by `placeEnds`, per maze it returned. Keyed by that object, whose walls only `placeEnds`
 * had: a post-process or any other change makes a new maze (`{ ...maze, open }`), which is not here.
 */
const walkedRoutes = new WeakMap<Maze, WalkedRoute>();

/**
 * The solution of a maze `placeEnds` returned with both ends `auto` on open walls that form a tree in the
 * entry's part of the maze, found by its walk: the route from entry to exit (the only one) and how many
 * cells are reachable from the entry, the entry included — what a search from the entry would give. Handed
 * out once (the first solve of the maze takes it, and may keep the arrays); undefined for any other maze.
 */
export function takeWalkedRoute(maze: Maze): WalkedRoute | undefined {
  const walked = walkedRoutes.get(maze);
  if (walked === undefined) return undefined;
  walkedRoutes.delete(maze);
  return walked;
}

/**
 * The part of the rim an outer rim wall is in, by where its middle lies around the middle of the maze's
 * box: the box is stretched to a square, and the turn from straight up to the wall's middle, rounded to
 * eighths of a full turn, names the part (top, top-right, right, …). On a rectangle the middle 41 % of each
 * side is that side's part and the rest are the corners; on a circle the parts are eight equal arcs.
 * Undefined for walls that are not on the outer rim.
 */
export function rimPart(grid: Grid, wall: number): RimPart | undefined {
  const code = rimInfo(grid).wallPart[wall] - 1;
  return code >= 0 ? PARTS[code] : undefined;
}

/** Per grid: which rim walls are outer and in which part, and the rim cells with the parts they touch. */
interface RimInfo {
  /** Per wall: the part code + 1 of an outer rim wall, 0 for every other wall. */
  wallPart: Uint8Array;
  /** Cells with at least one outer rim wall, ascending. */
  cells: Int32Array;
  /** Per cell: a bit (1 << part code) for each part its outer rim walls are in. */
  parts: Uint8Array;
}

const rimCache = new WeakMap<Grid, RimInfo>();

/**
 * The grid's `RimInfo`, made once per grid. Reads only the rim walls: the per-wall and per-cell arrays are
 * left as allocated (zero) elsewhere, which costs next to nothing on a million cells.
 */
function rimInfo(grid: Grid): RimInfo {
  const hit = rimCache.get(grid);
  if (hit) return hit;
  const outer = outerRimWalls(grid);
  const wallPart = new Uint8Array(grid.wallCount);
  const parts = new Uint8Array(grid.cellCount);
  // Rim cells as their outer walls come, sorted below.
  const order = new Int32Array(grid.rimWall.length);
  const cx = grid.width / 2;
  const cy = grid.height / 2;
  const sx = 1 / (cx || 1);
  const sy = 1 / (cy || 1);
  let count = 0;
  for (let k = 0; k < grid.rimWall.length; k++) {
    const w = grid.rimWall[k];
    if (!outer[w]) continue;
    const [mx, my] = wallMidpoint(grid, w);
    // Clockwise from straight up (y grows downwards), in eighths of a turn.
    const turn = Math.atan2((mx - cx) * sx, (cy - my) * sy) / (Math.PI / 4);
    const code = (Math.round(turn) + 8) % 8;
    wallPart[w] = code + 1;
    const c = grid.wallCellA[w];
    if (parts[c] === 0) order[count++] = c;
    parts[c] |= 1 << code;
  }
  const cells = order.slice(0, count).sort();
  const info = { wallPart, cells, parts };
  rimCache.set(grid, info);
  return info;
}

/** A pair of rim cells and the parts of the rim their openings go in. */
interface EndPair {
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
function farthestPair(grid: Grid, open: Uint8Array, rim: RimInfo, minApart: number): EndPair {
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

/** Fields of the best pair found (`Records.best`): passages between its cells, and each end and its part. */
const LENGTH = 0;
const A = 1;
const PART_A = 2;
const B = 3;
const PART_B = 4;
/**
 * Set by the walk over a tree: the cell both ends of the best pair hang from (where their routes to the root
 * meet), and how many cells the walk reached (-1 from the walk that marks cells).
 */
const FORK = 5;
const REACHED = 6;

/**
 * Records of the pair search. A record belongs to a cell and holds, per part p of the rim with a rim cell
 * below that cell (bit p of `parts`), the farthest such cell (`far[8r + p]`, the first reached among equals)
 * and its depth (`depth[8r + p]`: passages from the walk's root, so a record passes up a chain of cells
 * unchanged and only branches that meet cost work); entries of unset parts are stale. A record is handed
 * out per rim cell reached.
 */
interface Records {
  parts: Int32Array;
  depth: Int32Array;
  far: Int32Array;
  count: number;
  /** The longest pair so far, by the fields LENGTH … PART_B; length -1 for none. */
  best: Int32Array;
}

/** A new record for rim cell `c` at `depth`, its own outer rim parts (`own`) at distance 0. */
function newRecord(r: Records, c: number, depth: number, own: number): number {
  const i = r.count++;
  r.parts[i] = own;
  for (let bits = own; bits !== 0; bits &= bits - 1) {
    const p = 31 - Math.clz32(bits & -bits);
    r.depth[8 * i + p] = depth;
    r.far[8 * i + p] = c;
  }
  return i;
}

/**
 * A finished branch's record `s` meets record `t` of the cell it hangs from (`fork`, at `depth`), as far as that
 * cell's branches before it go: each part's farthest cell pairs with the other's farthest in the opposite
 * part (a longer pair replaces the best; parts in ascending order), then the branch's farthest cells join
 * `t` where they are deeper.
 */
function joinRecord(r: Records, s: number, t: number, depth: number, fork: number): void {
  const { depth: deep, far, best } = r;
  const mine = r.parts[s];
  let theirs = r.parts[t];
  const o = 8 * s;
  const q = 8 * t;
  for (let bits = mine & ((theirs >> 4) | (theirs << 4)); bits !== 0; bits &= bits - 1) {
    const p = 31 - Math.clz32(bits & -bits);
    const length = deep[q + (p ^ 4)] + deep[o + p] - 2 * depth;
    if (length > best[LENGTH]) {
      best[LENGTH] = length;
      best[A] = far[q + (p ^ 4)];
      best[PART_A] = p ^ 4;
      best[B] = far[o + p];
      best[PART_B] = p;
      best[FORK] = fork;
    }
  }
  for (let bits = mine; bits !== 0; bits &= bits - 1) {
    const p = 31 - Math.clz32(bits & -bits);
    if (((theirs >> p) & 1) === 0 || deep[o + p] > deep[q + p]) {
      deep[q + p] = deep[o + p];
      far[q + p] = far[o + p];
      theirs |= 1 << p;
    }
  }
  r.parts[t] = theirs;
}

/** Records for up to `n` rim cells (scratch, valid until the next call). */
function records(n: number): Records {
  return {
    parts: scratch.ints('parts', n),
    depth: scratch.ints('depth', 8 * n),
    far: scratch.ints('far', 8 * n),
    count: 0,
    best: scratch.best(),
  };
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
 * The route between two cells of the tree `pairOnTree` walked, through `fork`, the cell both hang from (their
 * only route, `length` passages): cells from `from` to `to` inclusive and the walls crossed between them,
 * read back along the walk's `via` in one pass up from each end.
 */
function routeThrough(
  grid: Grid,
  via: Int32Array,
  from: number,
  fork: number,
  to: number,
  length: number,
): { cells: Int32Array; walls: Int32Array } {
  const { wallCellA, wallCellB } = grid;
  const cells = new Int32Array(length + 1);
  const walls = new Int32Array(length);
  // Up from `from` to the fork, filling the route from its start; then up from `to`, from its end.
  let i = 0;
  for (let c = from; c !== fork; i++) {
    const w = via[c];
    if (w < 0 || i === length) throw strayRoute(from, fork);
    cells[i] = c;
    walls[i] = w;
    c = wallCellA[w] === c ? wallCellB[w] : wallCellA[w];
  }
  cells[i] = fork;
  let j = length;
  for (let c = to; c !== fork; j--) {
    const w = via[c];
    if (w < 0 || j === i) throw strayRoute(to, fork);
    cells[j] = c;
    walls[j - 1] = w;
    c = wallCellA[w] === c ? wallCellB[w] : wallCellA[w];
  }
  if (j !== i) throw strayRoute(to, fork);
  return { cells, walls };
}

const strayRoute = (cell: number, fork: number): Error =>
  new Error(`internal: the ends walk's route from cell ${cell} misses the cell ${fork} it hangs from`);

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

/** Longest scratch array kept between calls (1 MB: mazes up to about 500 × 500 cells). */
const KEEP = 1 << 18;

/**
 * Scratch arrays kept between calls (one maze at a time on a thread), so that the pages of a book do not
 * allocate them again; each grows to the largest maze seen, up to KEEP; longer ones are made for the call
 * and left to the collector. Contents are whatever the last call left, except `best` (no pair yet).
 */
const scratch = {
  arrays: new Map<string, Int32Array>(),
  ints(name: string, length: number): Int32Array {
    const a = this.arrays.get(name);
    if (a && a.length >= length) return a;
    const made = new Int32Array(length);
    if (length <= KEEP) this.arrays.set(name, made);
    return made;
  },
  /** `current` (the array `name`) made `length` long, its contents kept. */
  grow(name: string, current: Int32Array, length: number): Int32Array {
    if (current.length >= length) return current;
    const a = new Int32Array(length);
    a.set(current);
    if (length <= KEEP) this.arrays.set(name, a);
    return a;
  },
  best(): Int32Array {
    const a = this.ints('best', 7);
    a.fill(-1);
    return a;
  },
};

const lowestPart = (mask: number): number => 31 - Math.clz32(mask & -mask);

/**
 * The rim cell farthest along the passages from `from` (an end in rim part `fromPart`, -1 for the centre),
 * and the part of its opening, best first by: how far round the rim from `fromPart` (opposite is best;
 * from the centre every part is as good), then at least `minApart` away on the page, then the distance.
 * Lowest cell, then the part farthest round (lowest code among equals), on ties. `rank` orders the classes
 * (0 best).
 */
function farthestFrom(
  grid: Grid,
  open: Uint8Array,
  rim: RimInfo,
  from: number,
  fromPart: number,
  minApart: number,
): { cell: number; part: number; length: number; rank: number } {
  const dist = treeDistances(grid, open, from);
  const fx = grid.cellX[from];
  const fy = grid.cellY[from];
  const apart2 = minApart * minApart;
  let best = -1;
  let bestPart = -1;
  let bestRank = Infinity;
  let bestLength = -1;
  for (let i = 0; i < rim.cells.length; i++) {
    const c = rim.cells[i];
    const d = dist[c];
    if (d < 0 || c === from) continue;
    // The part of c farthest round the rim from fromPart.
    const mask = rim.parts[c];
    let part = -1;
    let steps = -1;
    for (let p = 0; p < 8; p++) {
      if (((mask >> p) & 1) === 0) continue;
      const s = fromPart < 0 ? 4 : apartParts(p, fromPart);
      if (s > steps) {
        steps = s;
        part = p;
      }
    }
    const near = (grid.cellX[c] - fx) ** 2 + (grid.cellY[c] - fy) ** 2 < apart2;
    const rank = 2 * (4 - steps) + (near ? 1 : 0);
    if (rank < bestRank || (rank === bestRank && d > bestLength)) {
      best = c;
      bestPart = part;
      bestRank = rank;
      bestLength = d;
    }
  }
  if (best < 0) return { cell: from, part: lowestPart(rim.parts[from] || 1), length: 0, rank: Infinity };
  return { cell: best, part: bestPart, length: bestLength, rank: bestRank };
}

/**
 * Passages from `from` to every cell (-1 where unreached), by a depth-first walk: along the tree for a
 * spanning tree, where there is only one way. Linear; reads memory along the passages. Scratch: valid until
 * the next call.
 */
function treeDistances(grid: Grid, open: Uint8Array, from: number): Int32Array {
  const { cellCount } = grid;
  const { start: first, entries } = neighbourTable(grid);
  const dist = scratch.ints('dist', cellCount);
  dist.fill(-1, 0, cellCount);
  const stack = scratch.ints('cell', cellCount);
  let sp = 0;
  dist[from] = 0;
  stack[sp++] = from;
  while (sp > 0) {
    const c = stack[--sp];
    const d = dist[c] + 1;
    for (let i = 2 * first[c], end = 2 * first[c + 1]; i < end; i += 2) {
      const m = entries[i];
      if (dist[m] >= 0 || open[entries[i + 1]] === 0) continue;
      dist[m] = d;
      stack[sp++] = m;
    }
  }
  return dist;
}

const outerCache = new WeakMap<Grid, Uint8Array>();

/**
 * 1 for rim walls on the maze's outer boundary, 0 for those around holes (a ring mask's middle). Rim walls
 * are chained into loops through shared vertices; loops touching at a vertex belong together; the group
 * whose bounding box is largest is the outside. Openings go only in outer walls.
 */
export function outerRimWalls(grid: Grid): Uint8Array {
  const hit = outerCache.get(grid);
  if (hit) return hit;
  const out = new Uint8Array(grid.wallCount);
  const { rimWall: rim, wallV0, wallV1, vertexX, vertexY } = grid;
  const n = rim.length;
  // Rim walls joined at shared vertices: the ends of the rim walls sorted by vertex (then by rim wall), and
  // each joined to the first at its vertex. Only the groups matter, not the order of the joins.
  const sets = disjointSets(n, stepBudget(grid, 16), () => runaway('outer rim', grid, 16));
  // Keys vertex · span + rim wall, exact in a double; span a power of two, so the division is exact too.
  const span = 2 ** Math.ceil(Math.log2(n + 1));
  const ends = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    ends[2 * i] = wallV0[rim[i]] * span + i;
    ends[2 * i + 1] = wallV1[rim[i]] * span + i;
  }
  ends.sort();
  for (let j = 0, first = 0, at = -1; j < 2 * n; j++) {
    const v = Math.floor(ends[j] / span);
    const i = ends[j] - v * span;
    if (v !== at) {
      at = v;
      first = i;
    } else sets.union(i, first);
  }
  // Each group's bounding box (kept at its root): min x, min y, max x, max y.
  const box = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) {
    box[4 * i] = box[4 * i + 1] = Infinity;
    box[4 * i + 2] = box[4 * i + 3] = -Infinity;
  }
  for (let i = 0; i < n; i++) {
    const b = 4 * sets.find(i);
    for (let e = 0; e < 2; e++) {
      const v = e === 0 ? wallV0[rim[i]] : wallV1[rim[i]];
      box[b] = Math.min(box[b], vertexX[v]);
      box[b + 1] = Math.min(box[b + 1], vertexY[v]);
      box[b + 2] = Math.max(box[b + 2], vertexX[v]);
      box[b + 3] = Math.max(box[b + 3], vertexY[v]);
    }
  }
  // The largest box; among equals the group met first in rim order.
  let outer = -1;
  let best = -1;
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const r = sets.find(i);
    if (seen[r] !== 0) continue;
    seen[r] = 1;
    const area = (box[4 * r + 2] - box[4 * r]) * (box[4 * r + 3] - box[4 * r + 1]);
    if (area > best + 1e-9) {
      best = area;
      outer = r;
    }
  }
  for (let i = 0; i < n; i++) if (sets.find(i) === outer) out[rim[i]] = 1;
  outerCache.set(grid, out);
  return out;
}

/** Distance (grid units) a side end may land from the requested spot before the author is warned. */
const MOVE_WARNING = 2;

/** The cell whose centre is nearest the middle of the grid's box (lowest index on ties). */
export function centreCell(grid: Grid): number {
  const mx = grid.width / 2;
  const my = grid.height / 2;
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < grid.cellCount; c++) {
    const d = (grid.cellX[c] - mx) ** 2 + (grid.cellY[c] - my) ** 2;
    if (d < bestD - 1e-12) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

function isBefore(grid: Grid, a: number, b: number): boolean {
  const dy = grid.cellY[a] - grid.cellY[b];
  if (Math.abs(dy) > 1e-9) return dy < 0;
  return grid.cellX[a] <= grid.cellX[b];
}

/** Share of the grid's larger side that an `auto` end keeps away from the other end on the page. */
const MIN_APART = 0.5;

/**
 * Of a rim cell's outer rim walls in rim part `part` (any outer wall if it has none there), the one facing
 * most directly away from `other` cell's centre.
 */
function outermostRimWall(grid: Grid, rim: RimInfo, cell: number, other: number, part: number): number {
  const awayX = grid.cellX[cell] - grid.cellX[other];
  let awayY = grid.cellY[cell] - grid.cellY[other];
  if (awayX === 0 && awayY === 0) awayY = -1;
  const inPart = (rim.parts[cell] >> part) & 1;
  let best = -1;
  let bestDot = -Infinity;
  for (let k = grid.rimStart[cell]; k < grid.rimStart[cell + 1]; k++) {
    const w = grid.rimWall[k];
    const p = rim.wallPart[w] - 1;
    if (p < 0 || (inPart && p !== part)) continue;
    const [nx, ny] = rimNormal(grid, w);
    const dot = nx * awayX + ny * awayY;
    if (dot > bestDot + 1e-9) {
      bestDot = dot;
      best = w;
    }
  }
  return best;
}

/**
 * The rim wall facing `side` nearest to the spot `at` along that side of the maze's box (the outermost on
 * ties), and how far (grid units) its midpoint is from that spot; wall -1 if no rim wall faces the side.
 */
export function wallOnSide(grid: Grid, side: Side, at: number): { wall: number; distance: number } {
  const [sx, sy] = SIDE_VECTOR[side];
  const alongX = sy !== 0;
  const px = alongX ? at * grid.width : sx > 0 ? grid.width : 0;
  const py = alongX ? (sy > 0 ? grid.height : 0) : at * grid.height;
  let best = -1;
  let bestD = Infinity;
  const outer = outerRimWalls(grid);
  for (let k = 0; k < grid.rimWall.length; k++) {
    const w = grid.rimWall[k];
    if (!outer[w]) continue;
    const [nx, ny] = rimNormal(grid, w);
    if (nx * sx + ny * sy < FACING_COS) continue;
    const [mx, my] = wallMidpoint(grid, w);
    const d = Math.hypot(mx - px, my - py);
    if (d < bestD - 1e-9) {
      best = w;
      bestD = d;
    }
  }
  return { wall: best, distance: bestD };
}
