/**
 * The assignment that decides a series as a whole: every candidate made for any of its positions goes into
 * one pool, and each position gets a different one of them so that, in series order, the scores never fall,
 * the mazes never get smaller (a hard rule wherever the pool holds such a way; a reader sees a coarser maze
 * after a finer one as easier, whatever the scores say), the scores rise strictly wherever the pool allows,
 * and stay as close to each position's target as that allows.
 *
 * It is an isotonic (order-preserving) matching of the targets, in series order, to the candidates sorted by
 * score: position i takes a candidate later in that order than position i − 1's, so the scores cannot fall,
 * whatever the candidates are. Among those matchings a dynamic programme finds the least
 *
 *   Σ_i |score_i − target_i| + penalty_i  +  TIE_COST for each step that rises by less than MIN_RISE,
 *
 * where no step goes to a maze of fewer cells, so a tie is taken only where every way round it costs more
 * than TIE_COST points of distance. Only when the pool holds no such way at all (its sizes and scores cross
 * too often) is it made again with a step to fewer cells allowed at SHRINK_COST, and the caller is told
 * (`shrinks`). A series is of one shape, so its cell counts compare alike. Work is
 * O(positions × candidates × log candidates); nothing iterates until it converges. Equal costs go to the
 * candidate earlier in the sorted order (score, then cells, then its index in the pool; equal scores in
 * growing size, so a step between them never shrinks when the other order would not), so the result depends on the
 * input alone.
 */

/** A candidate as the assignment sees it: its score, size, and what counts against it besides the distance. */
export interface ScoredCandidate {
  /** Difficulty score on the 1–10 scale. */
  score: number;
  /** Cells of the maze as printed: a reader sees a smaller maze after a larger one as easier. */
  cells: number;
  /** Added to its cost: a solution along the rim, a message that does not fit (0 when none). */
  penalty: number;
  /** False for a candidate that may not be picked (a repeat of another maze). */
  eligible: boolean;
}

/** A rise smaller than this (in score points) counts as a tie: printed to two decimals it would not show. */
export const MIN_RISE = 0.01;
/** What a step that does not rise by MIN_RISE costs, in score points of distance. */
export const TIE_COST = 20;
/**
 * What a step to a maze of fewer cells costs, in score points of distance, in the assignment made when the
 * pool holds no way that never shrinks.
 */
export const SHRINK_COST = 0.25;

/**
 * One candidate per position (indices into `pool`, all different) minimising the cost above. The pool must
 * hold at least as many eligible candidates as there are positions. `shrinks` is true when no way through
 * the pool keeps the sizes from falling, and the picks then take the fewest-cost shrinks.
 */
export function assignSeries(
  targets: readonly number[],
  pool: readonly ScoredCandidate[],
): { picks: number[]; shrinks: boolean } {
  const strict = assignWith(targets, pool, Infinity);
  if (strict) return { picks: strict, shrinks: false };
  return { picks: assignWith(targets, pool, SHRINK_COST) ?? [], shrinks: true };
}

/**
 * The dynamic programme with a step to fewer cells at `shrinkCost` (Infinity: never); undefined when no
 * assignment has a finite cost.
 */
function assignWith(
  targets: readonly number[],
  pool: readonly ScoredCandidate[],
  shrinkCost: number,
): number[] | undefined {
  const n = targets.length;
  const order = pool
    .map((_, k) => k)
    .filter((k) => pool[k].eligible)
    .sort((a, b) => pool[a].score - pool[b].score || pool[a].cells - pool[b].cells || a - b);
  const m = order.length;
  if (m < n) throw new Error(`internal: ${m} eligible candidates for a series of ${n}`);
  if (n === 0) return [];
  const sorted: Sorted = {
    score: Float64Array.from(order, (k) => pool[k].score),
    rank: cellRanks(order.map((k) => pool[k].cells)),
  };
  const local = (i: number, j: number) => Math.abs(sorted.score[j] - targets[i]) + pool[order[j]].penalty;
  // cost[j]: the least cost of positions 0..i with position i on sorted candidate j; back[i][j]: the sorted
  // candidate of position i − 1 on that way.
  let cost = new Float64Array(m).fill(Infinity);
  for (let j = 0; j <= m - n; j++) cost[j] = local(0, j);
  const back: Int32Array[] = [new Int32Array(m).fill(-1)];
  for (let i = 1; i < n; i++) {
    const next = new Float64Array(m).fill(Infinity);
    const from = new Int32Array(m).fill(-1);
    stepPosition(cost, sorted, i, m - n + i, shrinkCost, (j, best, arg) => {
      next[j] = best + local(i, j);
      from[j] = arg;
    });
    cost = next;
    back.push(from);
  }
  let last = -1;
  for (let j = 0; j < m; j++) if (cost[j] < Infinity && (last < 0 || cost[j] < cost[last])) last = j;
  if (last < 0) return undefined;
  const picks = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    picks[i] = order[last];
    last = back[i][last];
  }
  return picks;
}

/** The eligible candidates in score order: scores, and cell counts as ranks 0 … (distinct counts − 1). */
interface Sorted {
  score: Float64Array;
  rank: Int32Array;
}

function cellRanks(cells: readonly number[]): Int32Array {
  const distinct = [...new Set(cells)].sort((a, b) => a - b);
  const rankOf = new Map(distinct.map((c, r) => [c, r]));
  return Int32Array.from(cells, (c) => rankOf.get(c) ?? 0);
}

/**
 * A Fenwick tree of prefix minima over `size` slots: each slot holds the least (value, index) put there, and
 * a value put again may only be lower. `least(r)` is the least over slots 0..r; ties go to the lower index.
 */
class MinTree {
  private readonly value: Float64Array;
  private readonly index: Int32Array;
  constructor(private readonly size: number) {
    this.value = new Float64Array(size + 1).fill(Infinity);
    this.index = new Int32Array(size + 1).fill(-1);
  }
  put(slot: number, value: number, index: number): void {
    for (let s = slot + 1; s <= this.size; s += s & -s) {
      if (value < this.value[s] || (value === this.value[s] && index < this.index[s])) {
        this.value[s] = value;
        this.index[s] = index;
      }
    }
  }
  /** The least (value, index) over slots 0..slot (Infinity, −1 when empty or slot < 0). */
  least(slot: number): [number, number] {
    let value = Infinity;
    let index = -1;
    for (let s = slot + 1; s > 0; s -= s & -s) {
      if (this.value[s] < value || (this.value[s] === value && this.index[s] < index)) {
        value = this.value[s];
        index = this.index[s];
      }
    }
    return [value, index];
  }
}

/**
 * For each sorted candidate j in [first, end] of position i, the best way to reach it from position i − 1
 * (`prev`): the least prev[j'] over j' < j, plus TIE_COST when score[j] − score[j'] < MIN_RISE and
 * `shrinkCost` when j has fewer cells than j' (Infinity: not at all). Every j' < j sits in two min-trees by its cells' rank, one
 * ordered up (for j' no larger than j) and one down (for larger ones), at prev[j'] + TIE_COST while it ties
 * with j and at prev[j'] once the scores have risen enough (which, scores being sorted, stays so for every
 * later j: the value only ever drops).
 */
function stepPosition(
  prev: Float64Array,
  sorted: Sorted,
  first: number,
  end: number,
  shrinkCost: number,
  take: (j: number, best: number, arg: number) => void,
): void {
  const { score, rank } = sorted;
  const ranks = rank.reduce((a, r) => Math.max(a, r), 0) + 1;
  const up = new MinTree(ranks);
  const down = new MinTree(ranks);
  const put = (k: number, value: number) => {
    if (value === Infinity) return;
    up.put(rank[k], value, k);
    down.put(ranks - 1 - rank[k], value, k);
  };
  let added = 0; // j' < added are in the trees
  let rise = 0; // j' < rise rise enough for j (at prev, no tie)
  for (let j = first; j <= end; j++) {
    while (added < j) {
      put(added, prev[added] + TIE_COST);
      added++;
    }
    while (rise < j && score[j] - score[rise] >= MIN_RISE) {
      put(rise, prev[rise]);
      rise++;
    }
    let [best, arg] = up.least(rank[j]);
    const [larger, largerArg] = down.least(ranks - 2 - rank[j]);
    const shrunk = larger + shrinkCost;
    if (largerArg >= 0 && shrunk < Infinity && (shrunk < best || (shrunk === best && largerArg < arg))) {
      best = shrunk;
      arg = largerArg;
    }
    if (arg >= 0 && best < Infinity) take(j, best, arg);
  }
}

/** Positions (1-based, after the first) whose score rises by less than MIN_RISE from the one before. */
export function seriesTies(scores: readonly number[]): number[] {
  const ties: number[] = [];
  for (let j = 1; j < scores.length; j++) if (scores[j] - scores[j - 1] < MIN_RISE) ties.push(j + 1);
  return ties;
}
