import type { MazeRecipe } from '../generate/generate-maze.js';
import { type GridSize, topologies } from '../grid/registry.js';
import type { BookPlan, DifficultyTarget, PuzzlePlan } from '../plan/plan-book.js';
import { AUTO_SCORE_PER_E, NEAR_MISS } from '../plan/resolve-difficulty.js';
import { mm } from '../spec/units.js';
import { assignSeries, MIN_RISE } from './assign-series.js';
import {
  atLargest,
  type Candidate,
  canonicalOf,
  finishPuzzle,
  harderVariants,
  makeCandidate,
  messageRoomError,
  type RatingDepth,
  rateCandidate,
  repeatsAny,
  SHORT_PENALTY,
  sizeForCells,
  startSize,
} from './candidate.js';
import type { ChosenPuzzle } from './chosen-puzzle.js';
import { notEnoughMazes, REROLLS } from './repeats.js';
import { bandDistance } from './select.js';

/**
 * A series chosen as a whole (docs/difficulty.md, "Series"): candidates made for every position, rated, then
 * one assignment over all of them at once (`assignSeries`: any position may take any candidate) that never
 * falls and stays as close to each target as that allows. No position's choice waits on the one before it, so
 * one overshoot cannot drag the rest up.
 *
 * 1. probe: candidate 0 of each position, sized for its target by the size model of `cells: auto`;
 * 2. calibrate: the probes' scores against their cell counts give this series' own size model (near each
 *    target, weighted towards the probes whose targets are close);
 * 3. spread: candidates 1 … n−1 of each position, sized by that model for scores spread over its band;
 * 4. reach: positions whose every candidate is too easy at the largest size the page holds try the harder
 *    variants (algorithms, post-processes) the page allows;
 * 5. assign: the assignment on screened ratings; its picks are rated in full and checked against each
 *    other (a repeat is ruled out, and its position makes one more candidate if the pool runs short), and the
 *    assignment is made again until it keeps only confirmed, distinct picks.
 *
 * Every step is bounded: n candidates a position (`candidates`), the variants' few, at most REROLLS repeats
 * skipped a position, and each round of step 5 rates in full or rules out at least one candidate.
 */

/** Half-width, in score points, of the spread of a position's candidates around its target. */
const SPREAD = 0.3;
/** Width, in score points, of the kernel that weighs probes by how close their targets are. */
const KERNEL = 0.75;
/** Weight of the default size model's slope against the probes' (ridge towards AUTO_SCORE_PER_E). */
const PRIOR = 1;
/** The slopes (points per e-fold of cells) a series' own size model may take. */
const SLOPE_RANGE = [0.6, 1.8] as const;

/** One position of the series while it is chosen. */
interface Position {
  /** Its place in the series (0-based). */
  k: number;
  p: PuzzlePlan;
  band: DifficultyTarget;
  /** The band's centre, which the assignment aims at. */
  target: number;
  /** Its own candidates (indices into the series' pool). */
  own: number[];
  /** The next candidate index, and repeats skipped so far. */
  next: number;
  skipped: number;
}

/** What the steps share. */
interface SeriesChoice {
  book: BookPlan;
  positions: Position[];
  /** Every candidate of every position, in the order they were made. */
  pool: Candidate[];
  /** Per pool entry: ruled out as a repeat of another pick. */
  out: boolean[];
  /** Per pool entry: the position that made it (whose key its seeds derive from). */
  source: number[];
  exclude: ReadonlySet<string>;
  /** Screened when there are several candidates a position, else rated in full at once. */
  depth: RatingDepth;
  /** The last assignment found no way through the pool that never gets smaller. */
  shrinks: boolean;
}

/**
 * Chooses every puzzle of one series (its plans in order). `exclude` holds canonical hashes no pick may have
 * (avoided lockfiles, earlier puzzles of the book); `warn(k, what)` reports about position k.
 */
export function chooseSeries(
  book: BookPlan,
  plans: readonly PuzzlePlan[],
  exclude: ReadonlySet<string>,
  warn: (k: number, what: string) => void,
): ChosenPuzzle[] {
  const positions = plans.map((p, k): Position => {
    const band = p.difficulty;
    if (!band) throw new Error(`internal: series puzzle ${p.number} has no target`);
    return { k, p, band, target: (band.min + band.max) / 2, own: [], next: 0, skipped: 0 };
  });
  const depth: RatingDepth = positions.every((s) => s.p.candidates <= 1) ? 'full' : 'screen';
  const s: SeriesChoice = {
    book,
    positions,
    pool: [],
    out: [],
    source: [],
    exclude,
    depth,
    shrinks: false,
  };
  probeSeries(s);
  spreadCandidates(s, calibrateSizes(s));
  reachHarder(s);
  const picks = assignPicks(s);
  warnSeries(s, picks, warn);
  return positions.map((pos, k) => {
    const pick = s.pool[picks[k]];
    for (const note of pos.p.notes) warn(k, note);
    for (const note of pick.notes) warn(k, note);
    if (pick.penalty >= SHORT_PENALTY) throw messageRoomError(pos.p, s.pool.length, pick.room);
    return finishPuzzle(book, pos.p, pick, pos.own.length + pos.skipped);
  });
}

/** Puts a rated candidate of position `pos` into the pool. */
function pushCandidate(s: SeriesChoice, pos: Position, made: Candidate): Candidate {
  const cand = rateCandidate(s.book, pos.p, made, s.depth);
  pos.own.push(s.pool.length);
  s.pool.push(cand);
  s.out.push(false);
  s.source.push(pos.k);
  return cand;
}

/**
 * Adds the next candidate of a position from `recipe`; a repeat of a maze in `taken` (the excluded ones) is
 * skipped for the next seed, at most REROLLS in all for the position (then the book has too few mazes of
 * that size).
 */
function addCandidate(
  s: SeriesChoice,
  pos: Position,
  recipe: MazeRecipe,
  taken: ReadonlySet<string> = s.exclude,
): Candidate {
  for (;;) {
    const made = makeCandidate(s.book, pos.p, recipe, pos.next++);
    if (recipe.fixed || !repeatsAny(made, taken)) return pushCandidate(s, pos, made);
    if (++pos.skipped >= REROLLS) throw notEnoughMazes(pos.p, recipe.size, pos.skipped);
  }
}

/** The recipe of a position at `size` (its own size when the series is not sized automatically). */
function recipeAt(p: PuzzlePlan, size: GridSize): MazeRecipe {
  return p.autoSize ? { ...p.recipe, size } : p.recipe;
}

/** Step 1: candidate 0 of every position, at the size the default size model gives its target. */
function probeSeries(s: SeriesChoice): void {
  for (const pos of s.positions) {
    const size = pos.p.autoSize ? startSize(pos.p, pos.target) : pos.p.recipe.size;
    addCandidate(s, pos, recipeAt(pos.p, size));
  }
}

/** Cells of a candidate's full grid (before a mask), the size model's variable. */
function fullCells(c: Candidate): number {
  return topologies[c.recipe.shape].count(c.recipe.size);
}

/**
 * Step 2: this series' size model near each position's target, from the probes: score = a + b·ln(cells),
 * fitted by least squares with each probe weighted by how close its target is (a Gaussian of KERNEL points),
 * the slope drawn towards the default model's (PRIOR) and kept in SLOPE_RANGE. Returns, per position, the
 * cells its full grid needs to score a given score.
 */
function calibrateSizes(s: SeriesChoice): ((score: number) => number)[] {
  const probes = s.positions.flatMap((pos) => {
    const c = s.pool[pos.own[0]];
    return c?.rating ? [{ t: pos.target, x: Math.log(fullCells(c)), y: c.rating.score }] : [];
  });
  return s.positions.map((pos) => {
    const weights = probes.map((q) => Math.exp(-(((q.t - pos.target) / KERNEL) ** 2)));
    const sw = weights.reduce((a, w) => a + w, 0);
    if (!(sw > 0)) {
      const cells = fullCells(s.pool[pos.own[0]]);
      return (score: number) => cells * Math.exp((score - pos.target) / AUTO_SCORE_PER_E);
    }
    const mx = probes.reduce((a, q, k) => a + weights[k] * q.x, 0) / sw;
    const my = probes.reduce((a, q, k) => a + weights[k] * q.y, 0) / sw;
    let sxx = 0;
    let sxy = 0;
    probes.forEach((q, k) => {
      sxx += weights[k] * (q.x - mx) ** 2;
      sxy += weights[k] * (q.x - mx) * (q.y - my);
    });
    const fitted = (sxy + PRIOR * AUTO_SCORE_PER_E) / (sxx + PRIOR);
    const b = Math.min(SLOPE_RANGE[1], Math.max(SLOPE_RANGE[0], fitted));
    return (score: number) => Math.exp(mx + (score - my) / b);
  });
}

/**
 * Step 3: candidates 1 … n−1 of every position, sized by the series' model for scores spread evenly over
 * ±SPREAD around its target (all at its own size when the series is not sized automatically).
 */
function spreadCandidates(s: SeriesChoice, cellsFor: ((score: number) => number)[]): void {
  s.positions.forEach((pos, k) => {
    const more = pos.p.candidates - 1;
    for (let i = 0; i < more; i++) {
      const offset = more === 1 ? 0 : SPREAD * ((2 * i) / (more - 1) - 1);
      const size = sizeForCells(pos.p, cellsFor[k](pos.target + offset));
      addCandidate(s, pos, recipeAt(pos.p, size));
    }
  });
}

/** No candidate of the pool comes within NEAR_MISS of the position's band from below. */
function tooEasy(s: SeriesChoice, pos: Position): boolean {
  return s.pool.every((c) => (c.rating?.score ?? 0) < pos.band.min - NEAR_MISS);
}

/**
 * Step 4: a position no candidate of the series is hard enough for, one of its own at the largest size the
 * page holds (the passage floor stops `auto` from growing), tries the harder variants the page allows, a few
 * candidates each at that size, until one is hard enough.
 */
function reachHarder(s: SeriesChoice): void {
  for (const pos of s.positions) {
    const { p } = pos;
    if (!p.autoSize || p.candidates <= 1 || !tooEasy(s, pos)) continue;
    if (!pos.own.some((k) => atLargest(p, s.pool[k].recipe.size))) continue;
    const more = Math.max(2, Math.ceil(p.candidates / 2));
    for (const v of harderVariants(p)) {
      const recipe: MazeRecipe = { ...p.recipe, size: p.autoSize.max, algorithm: v.algorithm, post: v.post };
      for (let k = 0; k < more && tooEasy(s, pos); k++) addCandidate(s, pos, recipe);
      if (!tooEasy(s, pos)) break;
    }
  }
}

/**
 * Step 5: the assignment, made again until its picks are rated in full and no pick repeats another (the one
 * later in the series is ruled out; when the pool has fewer candidates left than positions, that position
 * makes one more). Returns the pick of each position (an index into the pool).
 */
function assignPicks(s: SeriesChoice): number[] {
  const targets = s.positions.map((pos) => pos.target);
  for (;;) {
    const scored = s.pool.map((c, k) => ({
      score: c.rating?.score ?? 0,
      cells: c.maze.grid.cellCount,
      penalty: c.penalty,
      eligible: !s.out[k],
    }));
    const { picks, shrinks } = assignSeries(targets, scored);
    s.shrinks = shrinks;
    if (ruleOutRepeat(s, picks)) continue;
    let rated = false;
    for (const k of picks) {
      if (s.pool[k].full) continue;
      s.pool[k] = rateCandidate(s.book, s.positions[s.source[k]].p, s.pool[k], 'full');
      rated = true;
    }
    if (!rated) return picks;
  }
}

/**
 * Rules out the first pick (in series order) that repeats an earlier pick; when that leaves fewer eligible
 * candidates than positions, its position makes another that repeats none of the picks. True when it ruled
 * one out.
 */
function ruleOutRepeat(s: SeriesChoice, picks: readonly number[]): boolean {
  const seen = new Set(s.exclude);
  for (const [k, pos] of s.positions.entries()) {
    const c = s.pool[picks[k]];
    if (c.recipe.fixed) continue;
    const hash = canonicalOf(c);
    if (!seen.has(hash)) {
      seen.add(hash);
      continue;
    }
    s.out[picks[k]] = true;
    if (++pos.skipped >= REROLLS) throw notEnoughMazes(pos.p, c.recipe.size, pos.skipped);
    const left = s.out.filter((out) => !out).length;
    if (left < s.positions.length) {
      for (const j of picks) seen.add(canonicalOf(s.pool[j]));
      addCandidate(s, pos, c.recipe, seen);
    }
    return true;
  }
  return false;
}

/**
 * Warnings for the steps where the series does not rise or its mazes get smaller (the pool allowed nothing
 * better) and for the positions that miss their band (beyond NEAR_MISS).
 */
function warnSeries(
  s: SeriesChoice,
  picks: readonly number[],
  warn: (k: number, what: string) => void,
): void {
  const n = s.pool.length;
  const advice = 'use more candidates, cells: auto, or a wider range';
  let previous: number | undefined;
  s.positions.forEach((pos, k) => {
    const { p, band } = pos;
    const pick = s.pool[picks[k]];
    const score = pick.rating?.score ?? 0;
    if (previous !== undefined && score - previous < MIN_RISE) {
      warn(
        k,
        `puzzle ${p.number}: the series does not rise here: it scored ${score.toFixed(2)}, as the previous puzzle (${previous.toFixed(2)}); no way through the series' ${n} candidates rises at every step (${advice})`,
      );
    } else if (bandDistance(score, band) > NEAR_MISS) {
      const atFloor = p.autoSize && score < band.min && s.pool.some((c) => atLargest(p, c.recipe.size));
      warn(
        k,
        atFloor
          ? `puzzle ${p.number}: difficulty ${band.name} not reached at the passage floor (${mm(p.floor.clear)} clear, the largest maze the page holds): it scored ${score.toFixed(1)} (${pick.rating?.label}) with the series' ${n} candidates; aim lower, or give the maze more room (larger paper, smaller margins, a narrower min-passage)`
          : `puzzle ${p.number}: difficulty ${band.name} not reached: it scored ${score.toFixed(1)} (${pick.rating?.label}), the closest the series' ${n} candidates allow while it rises (${advice})`,
      );
    }
    const before = k > 0 ? s.pool[picks[k - 1]].maze.grid.cellCount : 0;
    if (s.shrinks && pick.maze.grid.cellCount < before) {
      warn(
        k,
        `puzzle ${p.number}: the maze is smaller than the previous one (${pick.maze.grid.cellCount} cells after ${before}); no way through the series' ${n} candidates keeps the size from falling while the scores rise (${advice})`,
      );
    }
    previous = score;
  });
}
