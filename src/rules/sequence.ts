import type { Rng } from '../random/sfc32.js';
import { type PathCount, simplePaths } from './count-paths.js';
import { buildMoves, type MoveGraph } from './move-graph.js';
import { eachNeighbour } from './numbers.js';
import { roomTree } from './room-tree.js';
import type { RulePuzzle, SymbolName } from './rule-puzzle.js';

/**
 * Sequence mazes. Every cell holds one of the rule's k shapes (all different, k ≥ 2); from the start (the
 * first shape) the way steps to an orthogonal neighbour holding the next shape, in order, over and over.
 * With different shapes a cell's shape fixes its place in the cycle, so the states are the cells and a move
 * goes from a cell to each neighbour holding the shape after its own: a directed graph (undirected for two
 * shapes), which may have cycles. Counting its simple paths is hard in general, so the proof is a bounded
 * search (`simplePaths`: up to two paths, within a work budget); a maze whose proof runs out of budget is
 * rejected, never printed unproven.
 *
 * The generator keeps the graph sparse and the search short. The way and its decoys (branches that carry the
 * sequence on, then end) lie on a room tree (room-tree.ts); every other cell takes, in order of its distance
 * from the way, a shape that keeps this condition: no cell off the way is both reachable from way cell i and
 * able to reach way cell j > i through cells off the way, and no move jumps ahead along the way. That
 * condition alone rules out a second way (a second way leaves the first at some cell i and must come back at
 * a later one), and among the shapes that keep it, a filler prefers the one that makes fewest moves with its
 * neighbours, sometimes the tempting one beside the way (the next shape, leading nowhere).
 */

/** The room tree grows from its newest room at least this often (see room-tree.ts): long, winding ways. */
const NEWEST = 0.5;

/** Weight against a shape for each move it makes with its neighbours (a sparser graph), against 1.5 of noise. */
const SPARSE = 0.5;

/**
 * Weight against a shape for each neighbour already holding it: without it the sparsest choice fills whole
 * regions with one shape (which makes no moves), blocks a reader sees past at a glance.
 */
const MIXED = 0.8;

/** Tries at a whole maze before the generator gives up (each try is a new tree). */
const ATTEMPTS = 24;

/** A sequence maze of the given shapes on `columns` × `rows` cells (each at least 3). */
export function generateSequence(
  symbols: readonly SymbolName[],
  columns: number,
  rows: number,
  rng: Rng,
): RulePuzzle {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const p = trySequence(symbols, columns, rows, rng);
    if (!p) continue;
    // A proof that ran out of budget proves nothing: that maze is never kept.
    const proof = proveSequence(p);
    if (proof.count === 1 && !proof.exhausted) return p;
  }
  throw new Error(`internal: no sequence maze of ${columns}×${rows} with a single way in ${ATTEMPTS} tries`);
}

function trySequence(
  symbols: readonly SymbolName[],
  columns: number,
  rows: number,
  rng: Rng,
): RulePuzzle | undefined {
  const k = symbols.length;
  const n = columns * rows;
  const tree = roomTree(columns, rows, rng, NEWEST + (1 - NEWEST) * rng.next());
  const cells = new Int32Array(n).fill(-1);
  const pathIndex = new Int32Array(n).fill(-1);
  tree.path.forEach((c, i) => {
    pathIndex[c] = i;
    cells[c] = i % k;
  });
  placeDecoys(tree, cells, pathIndex, k, rng);
  const order = fillOrder(columns, rows, cells, rng);
  const check = new BypassCheck(columns, rows, k, tree.path);
  const scores = new Float64Array(k);
  for (const c of order) {
    let best = -1;
    let bestScore = Infinity;
    const nearWay = beside(columns, rows, c, pathIndex);
    for (let s = 0; s < k; s++)
      scores[s] =
        moveCount(columns, rows, cells, c, s, k) * SPARSE +
        sameCount(columns, rows, cells, c, s) * MIXED +
        rng.next() * 1.5;
    if (nearWay >= 0 && rng.next() < 0.5) scores[(cells[nearWay] + 1) % k] -= 3;
    for (let s = 0; s < k; s++) {
      if (scores[s] >= bestScore) continue;
      cells[c] = s;
      if (check.holds(cells)) {
        best = s;
        bestScore = scores[s];
      }
    }
    if (best < 0) return undefined;
    cells[c] = best;
  }
  return {
    rule: { kind: 'sequence', symbols },
    columns,
    rows,
    cells,
    start: tree.path[0],
    goal: tree.path[tree.path.length - 1],
    startSide: tree.startSide,
    goalSide: tree.goalSide,
    path: tree.path,
  };
}

/**
 * Decoys: each branch of the tree off the way is kept, with a chance drawn per maze, to a depth of 1–5
 * cells, its shapes carrying the sequence on from the way cell it leaves.
 */
function placeDecoys(
  tree: ReturnType<typeof roomTree>,
  cells: Int32Array,
  pathIndex: Int32Array,
  k: number,
  rng: Rng,
): void {
  const share = 0.4 + 0.6 * rng.next();
  const n = cells.length;
  const depth = new Int32Array(n).fill(-1);
  const top = new Int32Array(n).fill(-1);
  const walk = (c: number): void => {
    if (depth[c] >= 0 || pathIndex[c] >= 0) return;
    const p = tree.parent[c];
    if (p < 0) return;
    if (pathIndex[p] >= 0) {
      depth[c] = 1;
      top[c] = c;
      return;
    }
    walk(p);
    if (depth[p] < 0) return;
    depth[c] = depth[p] + 1;
    top[c] = top[p];
  };
  for (let c = 0; c < n; c++) if (tree.inTree[c] === 1) walk(c);
  const keep = new Int32Array(n);
  for (let c = 0; c < n; c++) if (depth[c] === 1) keep[c] = rng.next() < share ? 1 + rng.int(5) : 0;
  for (let c = 0; c < n; c++) {
    if (depth[c] < 1 || depth[c] > keep[top[c]]) continue;
    let a = c;
    while (pathIndex[a] < 0) a = tree.parent[a];
    cells[c] = (pathIndex[a] + depth[c]) % k;
  }
}

/** The cells still without a shape, nearest the way first (breadth-first from every shaped cell, ties at random). */
function fillOrder(columns: number, rows: number, cells: Int32Array, rng: Rng): number[] {
  const n = cells.length;
  const dist = new Int32Array(n).fill(-1);
  let frontier: number[] = [];
  for (let c = 0; c < n; c++) {
    if (cells[c] >= 0) {
      dist[c] = 0;
      frontier.push(c);
    }
  }
  const order: number[] = [];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const c of frontier) {
      eachNeighbour(columns, rows, c, (d) => {
        if (dist[d] < 0) {
          dist[d] = dist[c] + 1;
          next.push(d);
        }
      });
    }
    for (let i = next.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [next[i], next[j]] = [next[j], next[i]];
    }
    order.push(...next);
    frontier = next;
  }
  return order;
}

/** A neighbouring way cell of c (−1 when none). */
function beside(columns: number, rows: number, c: number, pathIndex: Int32Array): number {
  let found = -1;
  eachNeighbour(columns, rows, c, (d) => {
    if (pathIndex[d] >= 0 && found < 0) found = d;
  });
  return found;
}

/** Neighbours of cell c that already hold shape s. */
function sameCount(columns: number, rows: number, cells: Int32Array, c: number, s: number): number {
  let same = 0;
  eachNeighbour(columns, rows, c, (d) => {
    if (cells[d] === s) same++;
  });
  return same;
}

/** Moves cell c would make with its shaped neighbours if it held shape s. */
function moveCount(
  columns: number,
  rows: number,
  cells: Int32Array,
  c: number,
  s: number,
  k: number,
): number {
  let moves = 0;
  eachNeighbour(columns, rows, c, (d) => {
    const t = cells[d];
    if (t < 0) return;
    if (t === (s + 1) % k) moves++;
    if (s === (t + 1) % k) moves++;
  });
  return moves;
}

/**
 * The generator's condition (see the file's comment), checked on the cells shaped so far: from each way cell
 * i in turn, the cells off the way first reachable from it get `lo` = i; back from each way cell j, last to
 * first, the cells off the way that reach it first get `hi` = j. The condition holds when no cell has
 * lo < hi and no move skips ahead along the way. O(cells) per check.
 */
class BypassCheck {
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly index: Int32Array;
  private readonly queue: Int32Array;
  constructor(
    private readonly columns: number,
    private readonly rows: number,
    private readonly k: number,
    private readonly path: Int32Array,
  ) {
    const n = columns * rows;
    this.lo = new Int32Array(n);
    this.hi = new Int32Array(n);
    this.index = new Int32Array(n).fill(-1);
    this.queue = new Int32Array(n);
    path.forEach((c, i) => {
      this.index[c] = i;
    });
  }

  holds(cells: Int32Array): boolean {
    const { columns: w, rows: h, k, path, lo, hi, index, queue } = this;
    const n = w * h;
    lo.fill(0x7fffffff);
    hi.fill(-1);
    const step = (a: number, b: number): boolean => cells[a] >= 0 && cells[b] === (cells[a] + 1) % k;
    let bad = false;
    for (let i = 0; i < path.length && !bad; i++) {
      let head = 0;
      let tail = 0;
      queue[tail++] = path[i];
      while (head < tail) {
        const c = queue[head++];
        eachNeighbour(w, h, c, (d) => {
          if (!step(c, d)) return;
          if (index[d] >= 0) {
            if (c === path[i] && index[d] > i + 1) bad = true;
            return;
          }
          if (lo[d] !== 0x7fffffff) return;
          lo[d] = i;
          queue[tail++] = d;
        });
      }
    }
    if (bad) return false;
    for (let j = path.length - 1; j >= 0; j--) {
      let head = 0;
      let tail = 0;
      queue[tail++] = path[j];
      while (head < tail) {
        const c = queue[head++];
        eachNeighbour(w, h, c, (d) => {
          if (index[d] >= 0 || hi[d] >= 0 || !step(d, c)) return;
          hi[d] = j;
          queue[tail++] = d;
        });
      }
    }
    for (let c = 0; c < n; c++) if (lo[c] < hi[c]) return false;
    return true;
  }
}

/** The moves of a sequence maze: to each neighbour holding the next shape. */
export function sequenceMoves(p: RulePuzzle): MoveGraph {
  if (p.rule.kind !== 'sequence') throw new Error('internal: not a sequence maze');
  const k = p.rule.symbols.length;
  const { columns, rows, cells } = p;
  return buildMoves(columns * rows, 4, (c, add) => {
    eachNeighbour(columns, rows, c, (d) => {
      if (cells[d] === (cells[c] + 1) % k) add(d);
    });
  });
}

/** Proves a sequence maze: its simple paths counted (up to 2) by the bounded search. */
export function proveSequence(p: RulePuzzle, g = sequenceMoves(p)): PathCount & { method: string } {
  if (p.cells[p.start] !== 0) return { count: 0, work: 0, exhausted: false, method: 'search' };
  return { ...simplePaths(g, p.start, p.goal), method: 'search' };
}
