/**
 * The assignment that decides a series as a whole: every candidate made for any of its positions goes into
 * one pool, and each position gets a different one of them so that, in series order, the scores never fall,
 * rise strictly wherever the pool allows, and stay as close to each position's target as that allows.
 *
 * It is an isotonic (order-preserving) matching of the targets, in series order, to the candidates sorted by
 * score: position i takes a candidate later in that order than position i − 1's, so the scores cannot fall,
 * whatever the candidates are. Among those matchings a dynamic programme finds the least
 *
 *   Σ_i |score_i − target_i| + penalty_i  +  TIE_COST for each step that rises by less than MIN_RISE,
 *
 * so a tie is taken only where every way round it costs more than TIE_COST points of distance. Work is
 * O(positions × candidates); nothing iterates until it converges. Equal costs go to the candidate earlier in
 * the sorted order (score, then its index in the pool), so the result depends on the input alone.
 */

/** A candidate as the assignment sees it: its score, and what counts against it besides the distance. */
export interface ScoredCandidate {
  /** Difficulty score on the 1–10 scale. */
  score: number;
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
 * One candidate per position (indices into `pool`, all different) minimising the cost above. The pool must
 * hold at least as many eligible candidates as there are positions.
 */
export function assignSeries(targets: readonly number[], pool: readonly ScoredCandidate[]): number[] {
  const n = targets.length;
  const order = pool
    .map((_, k) => k)
    .filter((k) => pool[k].eligible)
    .sort((a, b) => pool[a].score - pool[b].score || a - b);
  const m = order.length;
  if (m < n) throw new Error(`internal: ${m} eligible candidates for a series of ${n}`);
  if (n === 0) return [];
  const score = Float64Array.from(order, (k) => pool[k].score);
  const local = (i: number, j: number) => Math.abs(score[j] - targets[i]) + pool[order[j]].penalty;
  // cost[j]: the least cost of positions 0..i with position i on sorted candidate j; back[i][j]: the sorted
  // candidate of position i − 1 on that way.
  let cost = new Float64Array(m).fill(Infinity);
  for (let j = 0; j <= m - n; j++) cost[j] = local(0, j);
  const back: Int32Array[] = [new Int32Array(m).fill(-1)];
  for (let i = 1; i < n; i++) {
    const next = new Float64Array(m).fill(Infinity);
    const from = new Int32Array(m).fill(-1);
    stepPosition(cost, score, i, m - n + i, (j, best, arg) => {
      next[j] = best + local(i, j);
      from[j] = arg;
    });
    cost = next;
    back.push(from);
  }
  let last = -1;
  for (let j = 0; j < m; j++) if (cost[j] < Infinity && (last < 0 || cost[j] < cost[last])) last = j;
  const picks = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    picks[i] = order[last];
    last = back[i][last];
  }
  return picks;
}

/**
 * For each sorted candidate j in [first, end] of position i, the best way to reach it from position i − 1
 * (`prev`): the least prev[j'] over j' < j, plus TIE_COST when score[j] − score[j'] < MIN_RISE. The j' that
 * rise enough form a prefix (scores are sorted), kept as a running minimum; the others form a window whose
 * ends only move forward, kept as a monotone queue of its minima.
 */
function stepPosition(
  prev: Float64Array,
  score: Float64Array,
  first: number,
  end: number,
  take: (j: number, best: number, arg: number) => void,
): void {
  let rise = 0; // j' < rise rise enough for j
  let prefixBest = Infinity;
  let prefixArg = -1;
  const queue = new Int32Array(prev.length);
  let head = 0;
  let tail = 0;
  let added = 0; // candidates pushed into the window so far (j' < added)
  for (let j = first; j <= end; j++) {
    // Move the candidates that now rise enough out of the window into the prefix.
    while (rise < j && score[j] - score[rise] >= MIN_RISE) {
      if (prev[rise] < prefixBest) {
        prefixBest = prev[rise];
        prefixArg = rise;
      }
      rise++;
    }
    while (added < j) {
      while (tail > head && prev[queue[tail - 1]] > prev[added]) tail--;
      queue[tail++] = added++;
    }
    while (tail > head && queue[head] < rise) head++;
    let best = prefixBest;
    let arg = prefixArg;
    if (tail > head && prev[queue[head]] + TIE_COST < best) {
      best = prev[queue[head]] + TIE_COST;
      arg = queue[head];
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
