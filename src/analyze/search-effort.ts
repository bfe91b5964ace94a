import type { Rng } from '../random/sfc32.js';
import { LatinStrata } from './latin-strata.js';
import type { Simulator, SimulatorName } from './simulate.js';

/**
 * The search part of a maze's difficulty: the overlap steps a simulated solver is expected to make
 * (simulate.ts), computed exactly where the maths allows and sampled, with as few walks as will do, where it
 * does not.
 *
 * On a perfect maze (a tree, reached whole from the entry, no one-way passages) every walk follows the route
 * and, at each of its cells, may try wrong branches first. A Trémaux walker that tries a branch explores all
 * of it and comes back: each of its cells costs one overlap step (the step back out of it). It tries branch
 * b of a route cell before the route's next passage c with chance w_b/(w_b + w_c) (the walkers' order of a
 * cell's passages is a weighted draw without replacement; uniform weights for `tremaux`), so
 *
 *   E[overlap] = Σ over wrong branches b of  w_b/(w_b + w_c) · cells(b)        (`tremaux`, `directional`)
 *
 * exactly, in one pass over the tree, with its variance from the same chances (junctions are independent).
 *
 * `smart` also skips what its own path has closed off from the exit, which depends on the order it took
 * everything before, so no closed form is known. Its overlap is still the sum over the branches of the cells
 * it explores in each, X_b, and X_b is 0 unless it tried b before c; so E[X] = Σ_b p_b · E[X_b | b before c],
 * with p_b exact as above. Walks estimate only the conditional means E[X_b | b before c] (the mean of X_b
 * over the walks that tried b first), which takes the largest share of the walks' variance out: whether the
 * big branches were tried at all (Rao–Blackwellisation over the route's choices). A branch no walk tried
 * (rare: only those with p_b well under 1/walks) counts its cells reachable beyond the path
 * (`Simulator.reachBeyondPath`, an upper bound) scaled by the ratio the sampled branches show; a branch the
 * route alone has closed off counts 0 without walking it.
 *
 * Elsewhere (loops, weave crossings that close a loop, one-way passages) the estimate is the mean of walks.
 * Walks are drawn in batches of 8 with Latin strata for every cell's first choice (latin-strata.ts), which
 * balances each batch's choices without changing how any one walk is drawn.
 */
export type SearchMethod = 'exact' | 'branches' | 'walks';

export interface SearchEstimate {
  /** How the mean was found: in closed form, per branch from walks, or as the mean of walks. */
  method: SearchMethod;
  /** Walks made (0 when exact). */
  walks: number;
  /** Expected overlap steps of one walk. */
  mean: number;
  /** Half-width of the 95 % interval of `mean` (0 when exact). */
  ci95: number;
  /** Spread (standard deviation) of one walk's overlap: exact, or of the walks made. */
  sd: number;
  /** Expected steps of one walk. */
  steps: number;
}

export interface SearchOptions {
  /** Walks before the first check; default 8 per branch, 16 for stratified walks, 100 for `method: 'walks'`. */
  minWalks?: number;
  /** Upper bound on walks; default 2000. */
  maxWalks?: number;
  /** Whether an estimate is good enough (mean and the half-width of its 95 % interval) to stop walking. */
  enough: (mean: number, ci95: number) => boolean;
  /**
   * `auto` (default): exact, per branch or stratified walks, as the maze allows; `walks`: the plain mean of
   * walks, in batches of 50 without strata (how every maze was rated before; kept for comparisons).
   */
  method?: 'auto' | 'walks';
  /** Walks are wanted for the visits they leave in the simulator (heatmaps): never the closed form. */
  needWalks?: boolean;
}

/** Walks per batch of Latin strata, and per check of the stopping rule. */
export const STRATA = 8;
/** Walks before the first check: per branch, and the mean of stratified walks. */
const BRANCH_WALKS = 8;
const STRATIFIED_WALKS = 16;
/** Batch of the plain walks (`method: 'walks'`). */
const PLAIN_BATCH = 50;
const Z95 = 1.96;

/**
 * The 97.5 % point of Student's t with `df` degrees of freedom (the 95 % interval of a mean from df + 1
 * walks), by its expansion about the normal one (Cornish–Fisher; 2.357 for 7, true 2.365; 1.96 as df
 * grows): small batches of walks get honest intervals.
 */
export function t95(df: number): number {
  if (df < 1) return Infinity;
  const z = Z95;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}

/**
 * The wrong branches off the route of a perfect maze: for each, the cell it starts at, the route cell it
 * leaves (its junction, as an index along the route), its cells, and the two passages a walker at the
 * junction chooses between (into the branch, and on along the route).
 */
export interface RouteBranches {
  /** The branch each cell belongs to; -1 for the route's cells (and those beyond the exit, never walked). */
  of: Int32Array;
  root: Int32Array;
  step: Int32Array;
  cells: Int32Array;
  /** Open-passage entries (Simulator.passage) from the junction into the branch, and on along the route. */
  wrong: Int32Array;
  right: Int32Array;
}

/**
 * The branches off `route` when the maze is a tree reached whole from the entry without one-way passages;
 * undefined otherwise (a loop, a cell cut off, a one-way passage).
 */
export function routeBranches(sim: Simulator, route: Int32Array): RouteBranches | undefined {
  const { grid, open, oneWay } = sim.maze;
  if (oneWay !== undefined) return undefined;
  const n = grid.cellCount;
  const { adjStart, adjCell, adjWall } = grid;
  const of = new Int32Array(n).fill(-2);
  for (const c of route) of[c] = -1;
  const root: number[] = [];
  const step: number[] = [];
  const cells: number[] = [];
  const wrong: number[] = [];
  const right: number[] = [];
  const queue = new Int32Array(n);
  let covered = route.length;
  const last = route.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = route[i];
    for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
      if (open[adjWall[k]] === 0) continue;
      const r = adjCell[k];
      if (of[r] === -1) continue;
      if (of[r] !== -2) return undefined; // a second way into a branch: a loop
      const b = root.length;
      const size = labelBranch(sim, r, b, of, queue);
      covered += size;
      if (i === last) {
        // Beyond the exit: never walked. Its cells belong to no branch.
        for (let j = 0; j < size; j++) of[queue[j]] = -1;
        continue;
      }
      root.push(r);
      step.push(i);
      cells.push(size);
      wrong.push(sim.passage(c, r));
      right.push(sim.passage(c, route[i + 1]));
    }
  }
  // Every cell on the route or in one of its branches, and no passage more than a tree has.
  if (covered !== n || countPassages(sim) !== n - 1) return undefined;
  return {
    of,
    root: Int32Array.from(root),
    step: Int32Array.from(step),
    cells: Int32Array.from(cells),
    wrong: Int32Array.from(wrong),
    right: Int32Array.from(right),
  };
}

/**
 * Labels branch b: the cells reached from `root` through open passages without crossing the route (cells
 * labelled already are passed by; a loop shows in the passage count). Returns its cells.
 */
function labelBranch(sim: Simulator, root: number, b: number, of: Int32Array, queue: Int32Array): number {
  const { grid, open } = sim.maze;
  const { adjStart, adjCell, adjWall } = grid;
  let head = 0;
  let tail = 0;
  queue[tail++] = root;
  of[root] = b;
  while (head < tail) {
    const c = queue[head++];
    for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
      const to = adjCell[k];
      if (open[adjWall[k]] === 0 || of[to] !== -2) continue;
      of[to] = b;
      queue[tail++] = to;
    }
  }
  return tail;
}

/** Open passages between two cells (rim openings aside). */
function countPassages(sim: Simulator): number {
  const { grid, open } = sim.maze;
  let count = 0;
  for (let w = 0; w < grid.wallCount; w++) if (open[w] !== 0 && grid.wallCellB[w] >= 0) count++;
  return count;
}

/** The chance a walker of `kind` tries branch b before going on along the route. */
function firstChance(sim: Simulator, kind: SimulatorName, branches: RouteBranches, b: number): number {
  if (kind === 'tremaux') return 0.5;
  const wb = sim.passageWeight(branches.wrong[b]);
  const wc = sim.passageWeight(branches.right[b]);
  return wb / (wb + wc);
}

/**
 * The expected overlap of `kind` on a maze, and its spread: exact for `tremaux` and `directional` on a
 * perfect maze, per branch for `smart` there, from walks elsewhere (see the module comment). Deterministic:
 * the walks draw from `rng` alone.
 * @param route the route's cells from entry to exit (solve(maze).cells)
 */
export function estimateSearch(
  sim: Simulator,
  kind: SimulatorName,
  route: Int32Array,
  rng: Rng,
  options: SearchOptions,
): SearchEstimate {
  const auto = (options.method ?? 'auto') === 'auto';
  const branches = auto ? routeBranches(sim, route) : undefined;
  const routeSteps = route.length - 1;
  if (branches && kind !== 'smart' && !options.needWalks) return exactSearch(sim, kind, branches, routeSteps);
  if (branches && kind === 'smart') {
    const open = sim.reachBeyondPath(
      route,
      branches.root,
      branches.step,
      new Uint8Array(branches.root.length),
    );
    if (!options.needWalks && open.every((r) => r === 0)) {
      // The route closes off every wrong branch before the walker reaches it: no wandering at all.
      return { method: 'exact', walks: 0, mean: 0, ci95: 0, sd: 0, steps: routeSteps };
    }
    return searchPerBranch(sim, branches, open, route, rng, options);
  }
  return searchByWalks(sim, kind, rng, options, auto);
}

/** `tremaux` and `directional` on a perfect maze: the mean and spread in closed form. */
function exactSearch(
  sim: Simulator,
  kind: SimulatorName,
  branches: RouteBranches,
  routeSteps: number,
): SearchEstimate {
  const { step, cells } = branches;
  const count = step.length;
  let mean = 0;
  let variance = 0;
  for (let first = 0; first < count; ) {
    // The branches of one junction: their choices depend on each other, and on no other junction's.
    let last = first;
    while (last < count && step[last] === step[first]) last++;
    for (let b = first; b < last; b++) {
      const p = firstChance(sim, kind, branches, b);
      mean += p * cells[b];
      variance += p * (1 - p) * cells[b] * cells[b];
      for (let o = b + 1; o < last; o++) {
        const both = bothFirstChance(sim, kind, branches, b, o);
        const q = firstChance(sim, kind, branches, o);
        variance += 2 * (both - p * q) * cells[b] * cells[o];
      }
    }
    first = last;
  }
  const sd = Math.sqrt(Math.max(0, variance));
  return { method: 'exact', walks: 0, mean, ci95: 0, sd, steps: routeSteps + 2 * mean };
}

/**
 * The chance that branches a and b of one junction are both tried before the route: the route is last of
 * the three in the weighted order, (w_a/W)·w_b/(w_b + w_c) + (w_b/W)·w_a/(w_a + w_c) with W = w_a + w_b + w_c.
 */
function bothFirstChance(
  sim: Simulator,
  kind: SimulatorName,
  branches: RouteBranches,
  a: number,
  b: number,
): number {
  const w = (k: number): number => (kind === 'tremaux' ? 1 : sim.passageWeight(k));
  const wa = w(branches.wrong[a]);
  const wb = w(branches.wrong[b]);
  const wc = w(branches.right[a]);
  const all = wa + wb + wc;
  return (wa / all) * (wb / (wb + wc)) + (wb / all) * (wa / (wa + wc));
}

/**
 * `smart` on a perfect maze: E[X] = Σ_b p_b · E[X_b | b tried before the route], the conditional means from
 * walks, with the 95 % interval of the whole from each walk's influence on it (which counts the dependence
 * between branches of one walk).
 */
function searchPerBranch(
  sim: Simulator,
  branches: RouteBranches,
  open: Int32Array,
  route: Int32Array,
  rng: Rng,
  options: SearchOptions,
): SearchEstimate {
  const count = branches.root.length;
  const chance = new Float64Array(count);
  for (let b = 0; b < count; b++) chance[b] = open[b] === 0 ? 0 : firstChance(sim, 'smart', branches, b);
  const minWalks = Math.max(2, options.minWalks ?? BRANCH_WALKS);
  const maxWalks = Math.max(minWalks, options.maxWalks ?? 2000);
  const strata = new LatinStrata(sim.maze.grid.cellCount, STRATA);
  const visited = new Int32Array(count);
  const tried = new Float64Array(count); // walks that tried b before the route
  const sum = new Float64Array(count); // and the cells of b they explored
  // Per walk, the branches it tried first and the cells it explored in each (for the interval).
  const ledger = new Ledger();
  const trace = { strata, branchOf: branches.of, visited };
  const { order } = sim;
  let reach: Int32Array | undefined;
  let walks = 0;
  let overlapSum = 0;
  let overlapSq = 0;
  let estimate = { mean: 0, ci95: 0 };
  while (walks < maxWalks) {
    const batch = Math.min(STRATA, maxWalks - walks);
    for (let i = 0; i < batch; i++) {
      strata.nextWalk();
      visited.fill(0);
      const w = sim.walk('smart', rng, undefined, trace);
      overlapSum += w.overlap;
      overlapSq += w.overlap * w.overlap;
      ledger.startWalk();
      for (let b = 0; b < count; b++) {
        if (chance[b] === 0 || order[branches.wrong[b]] > order[branches.right[b]]) continue;
        tried[b]++;
        sum[b] += visited[b];
        ledger.add(b, visited[b]);
      }
      walks++;
    }
    if (walks < minWalks) continue;
    // Branches no walk has tried yet: what lies beyond the path in them, counted once (later walks only
    // try more of them).
    reach ??= reachOfUntried(sim, branches, route, chance, tried);
    estimate = perBranchEstimate(chance, branches.cells, reach, tried, sum, ledger, walks);
    if (options.enough(estimate.mean, estimate.ci95)) break;
  }
  const sd = spread(overlapSum, overlapSq, walks);
  const routeSteps = route.length - 1;
  return { method: 'branches', walks, ...estimate, sd, steps: routeSteps + 2 * estimate.mean };
}

/** `Simulator.reachBeyondPath` of the open branches no walk has tried (0 for the others). */
function reachOfUntried(
  sim: Simulator,
  branches: RouteBranches,
  route: Int32Array,
  chance: Float64Array,
  tried: Float64Array,
): Int32Array {
  const count = chance.length;
  const which = new Uint8Array(count);
  let any = false;
  for (let b = 0; b < count; b++) {
    if (chance[b] > 0 && tried[b] === 0) {
      which[b] = 1;
      any = true;
    }
  }
  if (!any) return new Int32Array(count);
  const reach = sim.reachBeyondPath(route, branches.root, branches.step, which);
  for (let b = 0; b < count; b++) if (which[b] === 0) reach[b] = 0;
  return reach;
}

/**
 * The per-branch estimate from the walks so far, and the half-width of its 95 % interval. A branch no walk
 * tried counts its cells times the share of their cells the tried branches showed, at most its reach.
 */
function perBranchEstimate(
  chance: Float64Array,
  cells: Int32Array,
  reach: Int32Array,
  tried: Float64Array,
  sum: Float64Array,
  ledger: Ledger,
  walks: number,
): { mean: number; ci95: number } {
  const count = chance.length;
  let explored = 0;
  let size = 0;
  for (let b = 0; b < count; b++) {
    if (tried[b] === 0) continue;
    explored += chance[b] * (sum[b] / tried[b]);
    size += chance[b] * cells[b];
  }
  const share = size > 0 ? explored / size : 1;
  let mean = explored;
  for (let b = 0; b < count; b++) {
    if (tried[b] === 0 && chance[b] > 0) mean += chance[b] * Math.min(reach[b], share * cells[b]);
  }
  // Influence of walk k on the estimate: Σ over the branches it tried of p_b·(walks/tried_b)·(X_bk − mean_b).
  let squares = 0;
  for (let k = 0; k < ledger.walks; k++) {
    let influence = 0;
    for (let e = ledger.start[k]; e < ledger.start[k + 1]; e++) {
      const b = ledger.branch[e];
      influence += chance[b] * (walks / tried[b]) * (ledger.cells[e] - sum[b] / tried[b]);
    }
    squares += influence * influence;
  }
  const ci95 = walks > 1 ? (t95(walks - 1) * Math.sqrt(squares / (walks - 1))) / Math.sqrt(walks) : Infinity;
  return { mean, ci95 };
}

/** The branches each walk tried first and the cells it explored in them, walk after walk. */
class Ledger {
  walks = 0;
  start: Int32Array = new Int32Array(65);
  branch: Int32Array = new Int32Array(256);
  cells: Int32Array = new Int32Array(256);
  private length = 0;

  startWalk(): void {
    if (this.walks + 2 > this.start.length) this.start = grow(this.start);
    this.walks++;
    this.start[this.walks] = this.length;
  }

  add(b: number, cells: number): void {
    if (this.length === this.branch.length) {
      this.branch = grow(this.branch);
      this.cells = grow(this.cells);
    }
    this.branch[this.length] = b;
    this.cells[this.length++] = cells;
    this.start[this.walks] = this.length;
  }
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}

/** Standard deviation of n values from their sum and sum of squares. */
function spread(sum: number, sumSq: number, n: number): number {
  if (n < 2) return 0;
  const mean = sum / n;
  return Math.sqrt(Math.max(0, (sumSq - n * mean * mean) / (n - 1)));
}

/**
 * The mean of walks: in batches of 8 with Latin strata (`stratified`), or in batches of 50 without (the
 * plain Monte Carlo every maze was rated with before).
 */
function searchByWalks(
  sim: Simulator,
  kind: SimulatorName,
  rng: Rng,
  options: SearchOptions,
  stratified: boolean,
): SearchEstimate {
  const minWalks = Math.max(2, options.minWalks ?? (stratified ? STRATIFIED_WALKS : 100));
  const maxWalks = Math.max(minWalks, options.maxWalks ?? 2000);
  const strata = stratified ? new LatinStrata(sim.maze.grid.cellCount, STRATA) : undefined;
  const trace = { strata };
  const batchSize = stratified ? STRATA : PLAIN_BATCH;
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let stepSum = 0;
  // The plain walks keep the normal quantile they were always rated with.
  const quantile = (): number => (stratified ? t95(n - 1) : Z95);
  const ci = (): number => (n < 2 ? Infinity : (quantile() * spread(sum, sumSq, n)) / Math.sqrt(n));
  while (n < maxWalks) {
    const batch = Math.min(n < minWalks && !stratified ? minWalks - n : batchSize, maxWalks - n);
    for (let i = 0; i < batch; i++) {
      strata?.nextWalk();
      const w = sim.walk(kind, rng, undefined, trace);
      sum += w.overlap;
      sumSq += w.overlap * w.overlap;
      stepSum += w.steps;
      n++;
    }
    if (n >= minWalks && options.enough(sum / n, ci())) break;
  }
  const interval = ci();
  return {
    method: 'walks',
    walks: n,
    mean: sum / n,
    ci95: interval === Infinity ? 0 : interval,
    sd: spread(sum, sumSq, n),
    steps: stepSum / n,
  };
}
