import type { Simulator, SimulatorName } from './simulate.js';

/**
 * The wrong branches off the route of a perfect maze, and what the walkers that do not exclude areas are
 * expected to waste in them, in closed form.
 *
 * On a perfect maze (a tree, reached whole from the entry, without one-way passages) every walk follows the
 * route and, at each of its cells, may try wrong branches first. A Trémaux walker that tries a branch
 * explores all of it and comes back: each of its cells costs one overlap step (the step back out of it). It
 * tries branch b of a route cell before the route's next passage c with chance w_b/(w_b + w_c) (a walker's
 * order of a cell's passages is a weighted draw without replacement, simulate.ts; uniform weights for
 * `tremaux`), so for `tremaux` and `directional`
 *
 *   E[overlap] = Σ over wrong branches b of  w_b/(w_b + w_c) · cells(b)
 *
 * exactly, and its variance follows from the same chances: junctions choose independently, and two branches
 * a, b of one junction are both tried first when the route comes last of the three.
 */
export interface RouteBranches {
  /** The branch each cell belongs to; -1 for the route's cells (and those beyond the exit, never walked). */
  of: Int32Array;
  /** Each branch's first cell, next to its junction. */
  root: Int32Array;
  /** Its junction, as an index along the route (non-decreasing from branch to branch). */
  step: Int32Array;
  /** Its cells. */
  cells: Int32Array;
  /** Open-passage entries (Simulator.passage) from the junction into the branch, and on along the route. */
  wrong: Int32Array;
  right: Int32Array;
}

/**
 * The branches off `route` when the maze is a tree reached whole from the entry without one-way passages;
 * undefined otherwise (a loop, a cell cut off, a one-way passage).
 * @param route the route's cells from entry to exit (solve(maze).cells)
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
  // Ends of open passages met (each passage twice: once from each of its cells).
  const ends = { count: 0 };
  const last = route.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = route[i];
    for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
      if (open[adjWall[k]] === 0) continue;
      ends.count++;
      const r = adjCell[k];
      if (of[r] === -1) continue;
      if (of[r] !== -2) return undefined; // a second way into a branch: a loop
      const b = root.length;
      const size = labelBranch(sim, r, b, of, queue, ends);
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
  if (covered !== n || ends.count !== 2 * (n - 1)) return undefined;
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
 * labelled already are passed by; a loop shows in the passage count, `ends`, which counts the open passages'
 * ends met). Returns its cells, listed in `queue`.
 */
function labelBranch(
  sim: Simulator,
  root: number,
  b: number,
  of: Int32Array,
  queue: Int32Array,
  ends: { count: number },
): number {
  const { grid, open } = sim.maze;
  const { adjStart, adjCell, adjWall } = grid;
  let head = 0;
  let tail = 0;
  queue[tail++] = root;
  of[root] = b;
  while (head < tail) {
    const c = queue[head++];
    for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
      if (open[adjWall[k]] === 0) continue;
      ends.count++;
      const to = adjCell[k];
      if (of[to] !== -2) continue;
      of[to] = b;
      queue[tail++] = to;
    }
  }
  return tail;
}

/** The chance a walker of `kind` tries branch b before going on along the route: w_b/(w_b + w_c). */
export function firstChance(sim: Simulator, kind: SimulatorName, branches: RouteBranches, b: number): number {
  if (kind === 'tremaux') return 0.5;
  const wb = sim.passageWeight(branches.wrong[b]);
  const wc = sim.passageWeight(branches.right[b]);
  return wb / (wb + wc);
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
 * The overlap of `tremaux` or `directional` on a perfect maze (see the module comment): its mean and its
 * standard deviation over walks, in closed form.
 */
export function exactOverlap(
  sim: Simulator,
  kind: SimulatorName,
  branches: RouteBranches,
): { mean: number; sd: number } {
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
  return { mean, sd: Math.sqrt(Math.max(0, variance)) };
}
