import type { Rng } from '../random/sfc32.js';
import { LatinStrata } from './latin-strata.js';
import { exactOverlap, firstChance, type RouteBranches, routeBranches } from './route-branches.js';
import type { Simulator, SimulatorName } from './simulate.js';

/**
 * The search part of a maze's difficulty: the overlap steps a simulated solver is expected to make
 * (simulate.ts), computed exactly where the maths allows and sampled, with as few walks as will do, where it
 * does not.
 *
 * - `tremaux` and `directional` on a perfect maze: in closed form (route-branches.ts), no walks.
 * - `smart` on a perfect maze skips what its own path has closed off from the exit, which depends on the
 *   order it took everything before, so no closed form is known. Its overlap is still the sum over the
 *   wrong branches of the cells it explores in each, X_b, and X_b is 0 unless it tried b before going on
 *   along the route, which it does with the exact chance p_b = w_b/(w_b + w_c). So
 *   E[X] = Σ_b p_b · E[X_b | b tried first], and walks estimate only the conditional means (the mean of X_b
 *   over the walks that tried b first): whether the big branches were tried at all, the largest share of
 *   the walks' variance, is taken out (Rao–Blackwellisation over the route's choices). A branch the route
 *   alone closes off counts 0 without walking it (`Simulator.reachBeyondPath`); one no walk tried yet (only
 *   those with p_b well under 1/walks) counts its cells times the share of their cells the tried branches
 *   showed, at most what lies beyond the path in it.
 * - Elsewhere (loops, one-way passages) the mean of walks.
 *
 * Walks are made in batches of 8 with Latin strata for every cell's first choice (latin-strata.ts), which
 * balances each batch without changing how any one walk is drawn, and the estimate is checked every 4 walks
 * from the first 8. A run can be taken further later (a screening rating, then the full one): it checks the batches it
 * has made as a fresh run would, so it gives what a fresh run from the same generator gives.
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

/** When walks stop. */
export interface SearchLimits {
  /** Walks before the first check; default 8 per branch, 16 for stratified walks, 100 for `method: 'walks'`. */
  minWalks?: number;
  /** Upper bound on walks; default 2000. */
  maxWalks?: number;
  /** Whether an estimate is good enough (mean and the half-width of its 95 % interval) to stop walking. */
  enough: (mean: number, ci95: number) => boolean;
}

/** How a run estimates. */
export interface SearchRunOptions {
  /**
   * `auto` (default): exact, per branch or stratified walks, as the maze allows; `walks`: the plain mean of
   * walks, from 100 in batches of 50 without strata (how every maze was rated before; kept for comparisons).
   */
  method?: 'auto' | 'walks';
  /** Walks are wanted for the visits they leave in the simulator (heatmaps): never the closed form. */
  needWalks?: boolean;
}

export interface SearchOptions extends SearchLimits, SearchRunOptions {}

/** Walks per batch of Latin strata. */
export const STRATA = 8;
/** Walks between two checks of the stopping rule. */
const CHECK = 4;
/** Walks before the first check: per branch, the mean of stratified walks, the plain mean. */
const BRANCH_WALKS = 8;
const STRATIFIED_WALKS = 16;
const PLAIN_WALKS = 100;
const PLAIN_BATCH = 50;
const MAX_WALKS = 2000;
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
 * The expected overlap of `kind` on a maze, and its spread (see the module comment). Deterministic: the
 * walks draw from `rng` alone.
 * @param route the route's cells from entry to exit (solve(maze).cells)
 */
export function estimateSearch(
  sim: Simulator,
  kind: SimulatorName,
  route: Int32Array,
  rng: Rng,
  options: SearchOptions,
): SearchEstimate {
  return new SearchRun(sim, kind, route, rng, options).advance(options);
}

/** The walks of one estimate, made batch by batch. */
interface Sampler {
  readonly walks: number;
  /** Makes `count` more walks. */
  walk(count: number): void;
  /** The estimate from the walks so far. */
  estimate(): SearchEstimate;
}

/** An estimate of the search that can be taken further (see the module comment). */
export class SearchRun {
  readonly method: SearchMethod;
  private readonly exact: SearchEstimate | undefined;
  private readonly sampler: Sampler | undefined;
  private readonly plain: boolean;
  /** The estimate after each batch. */
  private readonly history: SearchEstimate[] = [];
  /** Every batch so far was a whole one. */
  private whole = true;

  constructor(
    sim: Simulator,
    kind: SimulatorName,
    route: Int32Array,
    rng: Rng,
    options: SearchRunOptions = {},
  ) {
    this.plain = options.method === 'walks';
    const branches = this.plain ? undefined : routeBranches(sim, route);
    const routeSteps = route.length - 1;
    const exact = (mean: number, sd: number): SearchEstimate => ({
      method: 'exact',
      walks: 0,
      mean,
      ci95: 0,
      sd,
      steps: routeSteps + 2 * mean,
    });
    if (branches && kind !== 'smart' && !options.needWalks) {
      const { mean, sd } = exactOverlap(sim, kind, branches);
      this.exact = exact(mean, sd);
    } else if (branches && kind === 'smart') {
      const open = sim.reachBeyondPath(
        route,
        branches.root,
        branches.step,
        new Uint8Array(branches.root.length),
      );
      // The route closes off every wrong branch before the walker reaches it: no wandering at all.
      if (!options.needWalks && open.every((r) => r === 0)) this.exact = exact(0, 0);
      else this.sampler = new BranchSampler(sim, branches, open, route, rng, !options.needWalks);
    } else {
      this.sampler = new MeanSampler(sim, kind, rng, !this.plain, !options.needWalks);
    }
    this.method = this.exact ? 'exact' : this.sampler instanceof BranchSampler ? 'branches' : 'walks';
  }

  /** Walks made so far. */
  get walks(): number {
    return this.sampler?.walks ?? 0;
  }

  /** The walks before the first check, and the most walks, of `limits`. */
  private bounds(limits: Pick<SearchLimits, 'minWalks' | 'maxWalks'>): {
    minWalks: number;
    maxWalks: number;
  } {
    const fallback = this.method === 'branches' ? BRANCH_WALKS : this.plain ? PLAIN_WALKS : STRATIFIED_WALKS;
    const minWalks = Math.max(2, limits.minWalks ?? fallback);
    return { minWalks, maxWalks: Math.max(minWalks, limits.maxWalks ?? MAX_WALKS) };
  }

  /**
   * Whether `advance` with these limits gives what a fresh run would: the run has checked every batch a
   * fresh one would check among those made (they start no later than its `minWalks`) and made no more
   * walks than it may. Never for plain walks (their batches depend on `minWalks`), nor after a batch cut
   * short by `maxWalks`.
   */
  canResume(limits: Pick<SearchLimits, 'minWalks' | 'maxWalks'>): boolean {
    if (this.exact) return true;
    const { minWalks, maxWalks } = this.bounds(limits);
    const first = this.history.length > 0 ? this.history[0].walks : Infinity;
    return !this.plain && this.whole && this.walks <= maxWalks && (this.walks === 0 || first <= minWalks);
  }

  /** Walks on until the estimate is good enough at a check from `minWalks` on, or `maxWalks`. */
  advance(limits: SearchLimits): SearchEstimate {
    if (this.exact) return this.exact;
    const sampler = this.sampler as Sampler;
    const { minWalks, maxWalks } = this.bounds(limits);
    // The checks a fresh run makes over the batches made already: the same batches, the same estimates.
    for (const e of this.history) {
      if (e.walks > maxWalks) throw new Error('internal: a search run cannot take back walks');
      if ((e.walks >= minWalks && limits.enough(e.mean, e.ci95)) || e.walks === maxWalks) return e;
    }
    while (sampler.walks < maxWalks) {
      const size = !this.plain ? CHECK : sampler.walks < minWalks ? minWalks - sampler.walks : PLAIN_BATCH;
      const batch = Math.min(size, maxWalks - sampler.walks);
      if (batch < CHECK) this.whole = false;
      sampler.walk(batch);
      // Estimates from the first check on (earlier ones would only cost: what branches no walk has tried yet
      // hold is counted with the first).
      if (sampler.walks < minWalks) continue;
      const e = sampler.estimate();
      this.history.push(e);
      if (limits.enough(e.mean, e.ci95)) return e;
    }
    return this.history[this.history.length - 1];
  }
}

/** `smart` on a perfect maze, per branch (see the module comment). */
class BranchSampler implements Sampler {
  walks = 0;
  private readonly chance: Float64Array;
  private readonly strata: LatinStrata;
  private readonly visited: Int32Array;
  /** Walks that tried each branch before the route, and the cells of it they explored. */
  private readonly tried: Float64Array;
  private readonly sum: Float64Array;
  /** Per walk, the branches it tried first and the cells it explored in each (for the interval). */
  private readonly ledger = new Ledger();
  private reach: Int32Array | undefined;
  private overlapSum = 0;
  private overlapSq = 0;

  constructor(
    private readonly sim: Simulator,
    private readonly branches: RouteBranches,
    open: Int32Array,
    private readonly route: Int32Array,
    private readonly rng: Rng,
    private readonly quiet: boolean,
  ) {
    const count = branches.root.length;
    this.chance = new Float64Array(count);
    for (let b = 0; b < count; b++)
      this.chance[b] = open[b] === 0 ? 0 : firstChance(sim, 'smart', branches, b);
    this.strata = new LatinStrata(sim.maze.grid.cellCount, STRATA);
    this.visited = new Int32Array(count);
    this.tried = new Float64Array(count);
    this.sum = new Float64Array(count);
  }

  walk(count: number): void {
    const { sim, branches, chance, strata, visited, tried, sum, ledger } = this;
    const { order } = sim;
    const trace = { strata, branchOf: branches.of, visited, quiet: this.quiet };
    for (let i = 0; i < count; i++) {
      strata.nextWalk();
      visited.fill(0);
      const w = sim.walk('smart', this.rng, undefined, trace);
      this.overlapSum += w.overlap;
      this.overlapSq += w.overlap * w.overlap;
      ledger.startWalk();
      for (let b = 0; b < chance.length; b++) {
        if (chance[b] === 0 || order[branches.wrong[b]] > order[branches.right[b]]) continue;
        tried[b]++;
        sum[b] += visited[b];
        ledger.add(b, visited[b]);
      }
      this.walks++;
    }
  }

  estimate(): SearchEstimate {
    const { sim, branches, route, chance, tried } = this;
    // What lies beyond the path in the branches no walk has tried yet, counted once (later walks only try
    // more of them).
    this.reach ??= reachOfUntried(sim, branches, route, chance, tried);
    const { mean, ci95 } = perBranchEstimate(
      chance,
      branches.cells,
      this.reach,
      tried,
      this.sum,
      this.ledger,
      this.walks,
    );
    const sd = spread(this.overlapSum, this.overlapSq, this.walks);
    return { method: 'branches', walks: this.walks, mean, ci95, sd, steps: route.length - 1 + 2 * mean };
  }
}

/** The mean of walks: stratified in batches (Latin strata), or plain as every maze was rated before. */
class MeanSampler implements Sampler {
  walks = 0;
  private readonly trace: { strata?: LatinStrata; quiet: boolean };
  private sum = 0;
  private sumSq = 0;
  private stepSum = 0;

  constructor(
    private readonly sim: Simulator,
    private readonly kind: SimulatorName,
    private readonly rng: Rng,
    private readonly stratified: boolean,
    quiet: boolean,
  ) {
    this.trace = stratified ? { strata: new LatinStrata(sim.maze.grid.cellCount, STRATA), quiet } : { quiet };
  }

  walk(count: number): void {
    for (let i = 0; i < count; i++) {
      this.trace.strata?.nextWalk();
      const w = this.sim.walk(this.kind, this.rng, undefined, this.trace);
      this.sum += w.overlap;
      this.sumSq += w.overlap * w.overlap;
      this.stepSum += w.steps;
      this.walks++;
    }
  }

  estimate(): SearchEstimate {
    const n = this.walks;
    const sd = spread(this.sum, this.sumSq, n);
    // The plain walks keep the normal quantile they were always rated with.
    const quantile = this.stratified ? t95(n - 1) : Z95;
    const ci95 = n < 2 ? 0 : (quantile * sd) / Math.sqrt(n);
    return { method: 'walks', walks: n, mean: this.sum / n, ci95, sd, steps: this.stepSum / n };
  }
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
