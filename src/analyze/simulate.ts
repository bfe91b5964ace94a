import type { Maze } from '../generate/maze.js';
import { maxDegree } from '../grid/grid.js';
import { cellRings, type Rings } from '../grid/rings.js';
import type { Rng } from '../random/sfc32.js';
import { positionalIndices, weightOfStep } from './indices.js';
import type { LatinStrata } from './latin-strata.js';

/**
 * Simulated solvers after McGlinn (§4.4 and listing 8.1), on the cell graph of any topology.
 *
 * All three walk by Trémaux's rule: every passage is marked each time it is walked; at a cell the walker
 * takes a passage never walked if there is one, otherwise the one walked once (the way back); a passage is
 * never walked a third time. In mazes with loops, a walker that reaches an already visited cell along a
 * new passage turns straight back. So every walk ends at the exit after at most two walks of each passage.
 *
 * - `tremaux`: picks among the never-walked passages uniformly.
 * - `directional`: weighs them towards the exit (the thesis's directional bias, generalised: a step is
 *   weighted by how well it points from start to goal, corrected towards the start–goal line more strongly
 *   the further along the walker is).
 * - `smart`: directional, and never enters an area its own path has cut off from the exit. The path splits
 *   the unvisited cells into regions (neighbours through any wall, as the drawn line splits the paper); the
 *   regions are kept up to date as cells are visited, by searching out from the new cell's neighbours in
 *   lockstep and relabelling the smaller sides, so each step costs amortised O(log n).
 *
 * One-way passages (`Maze.oneWay`) are only ever started the way they allow; going back along the walker's
 * own line is always allowed (a pencil solver retracing, or erasing, a wrong turn), so every walk still ends.
 *
 * How a walker chooses: the first time it stands on a cell, it puts the cell's passages it may start in a
 * random order, weighted (the first drawn with chance w/Σw among all, the next among the rest, and so on);
 * at every choice there it takes the first passage of that order it may still take. That is the same as
 * drawing, at each choice, among the passages it may take with chance w/Σw over them (the order of
 * weighted draws without replacement is the order of independent exponential clocks of rates w), and it
 * fixes for each walk which of two passages of a cell comes first, with chance w_a/(w_a + w_b) — what the
 * expected search of search-effort.ts is built on.
 *
 * The measure is overlap steps: moves onto a cell visited before.
 */
export type SimulatorName = 'tremaux' | 'directional' | 'smart';
export const simulatorNames: readonly SimulatorName[] = ['tremaux', 'directional', 'smart'];

export interface Walk {
  /** Moves made, from the entry cell to the exit cell. */
  steps: number;
  /** Moves onto a cell visited before. */
  overlap: number;
}

/** What a walk may be given beside its generator, and what it may count. */
export interface WalkTrace {
  /**
   * Latin strata for the first draw of each cell's order (the caller moves them on before each walk); a
   * walk is drawn the same either way, the strata only balance a batch of walks.
   */
  strata?: LatinStrata;
  /** With `visited`: the branch of each cell (-1: none); the walk adds 1 to visited[b] per new cell of b. */
  branchOf?: Int32Array;
  visited?: Int32Array;
  /** Leave `Simulator.visits` as it is (nobody wants this walk's visits). */
  quiet?: boolean;
}

/**
 * A maze prepared for many walks: open-passage lists, step weights and scratch arrays are built once.
 * Not thread-safe; one per maze per thread.
 */
export class Simulator {
  readonly maze: Maze;
  /** Visits per cell summed over all walks so far (for heatmaps). */
  readonly visits: Float64Array;
  private readonly oStart: Int32Array;
  private readonly oCell: Int32Array;
  private readonly oWall: Int32Array;
  private readonly weight: Float64Array;
  /** 1 where the passage may be started from this cell (0: a one-way passage pointing the other way). */
  private readonly forward: Uint8Array;
  /** @internal scratch, read through destructuring */
  readonly mark: Uint8Array;
  /**
   * @internal scratch, read through destructuring: 1 for each cell visited on this walk, and a last place
   * for the outside, always 1 (see `cellRings`)
   */
  readonly seen: Uint8Array;
  /**
   * @internal the unvisited region of each cell during a smart walk: cells share a label when they are
   * joined through unvisited cells (-1: visited); read by the tests
   */
  readonly comp: Int32Array;
  /**
   * The cells round each cell (see `remove`), made by the first smart walk (null before it); undefined on
   * grids without rings.
   */
  private rings: Rings | undefined | null = null;
  /** @internal scratch, read through destructuring */
  readonly owner: Int32Array;
  /** @internal scratch, read through destructuring */
  readonly stamp: Int32Array;
  /** @internal scratch, read through destructuring: search i's queue is queue[i·cells ..) */
  readonly queue: Int32Array;
  /** @internal scratch, read through destructuring */
  readonly heads: Int32Array;
  /** @internal scratch, read through destructuring */
  readonly tails: Int32Array;
  /** @internal scratch, read through destructuring */
  readonly parent: Int32Array;
  /** @internal scratch, read through destructuring */
  readonly pick: Int32Array;
  /** @internal scratch, read through destructuring */
  readonly pickW: Float64Array;
  /** @internal scratch, read through destructuring */
  readonly done: Uint8Array;
  /**
   * @internal each passage's place in its cell's order on the current walk (see the class comment), valid
   * where `drawn` holds the walk's number; read by search-effort.ts
   */
  readonly order: Int32Array;
  /** @internal the walk in which each cell's order was last drawn */
  readonly drawn: Int32Array;
  private walkNumber = 0;
  /** Undo log of region labels, (cell, label) pairs, while `logging` (see `reachBeyondPath`). */
  private undo: Int32Array = new Int32Array(0);
  private undoLength = 0;
  private logging = false;
  private pathStack: Int32Array = new Int32Array(0);
  /** @internal scratch, read through destructuring */
  readonly live: Int32Array;
  /** @internal scratch, read through destructuring */
  readonly fresh: Int32Array;
  private stampNow = 0;
  private labels = 0;
  private readonly limit: number;

  constructor(maze: Maze) {
    this.maze = maze;
    const { grid, open } = maze;
    const { adjStart, adjCell, adjWall, cellX, cellY, wallCellA, wallCellB } = grid;
    const n = grid.cellCount;
    const oStart = new Int32Array(n + 1);
    let count = 0;
    for (let c = 0; c < n; c++) {
      for (let k = adjStart[c]; k < adjStart[c + 1]; k++) if (open[adjWall[k]] !== 0) count++;
      oStart[c + 1] = count;
    }
    const oCell = new Int32Array(count);
    const oWall = new Int32Array(count);
    const weight = new Float64Array(count);
    const forward = new Uint8Array(count);
    const ind = positionalIndices(maze);
    const { progress, direction } = ind;
    const oneWay = maze.oneWay;
    for (let c = 0, j = 0; c < n; c++) {
      const m = progress[c] * direction[c];
      for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
        const w = adjWall[k];
        if (open[w] === 0) continue;
        const to = adjCell[k];
        oCell[j] = to;
        oWall[j] = w;
        weight[j] = weightOfStep(ind, cellX[to] - cellX[c], cellY[to] - cellY[c], m);
        const dir = oneWay ? oneWay[w] : 0;
        forward[j] = dir === 0 || (dir > 0 ? wallCellA[w] : wallCellB[w]) === c ? 1 : 0;
        j++;
      }
    }
    this.oStart = oStart;
    this.oCell = oCell;
    this.oWall = oWall;
    this.weight = weight;
    this.forward = forward;
    this.visits = new Float64Array(n);
    this.mark = new Uint8Array(grid.wallCount);
    // One more place: the outside, always visited (see `cellRings`).
    this.seen = new Uint8Array(n + 1);
    this.comp = new Int32Array(n);
    this.owner = new Int32Array(n);
    this.stamp = new Int32Array(n);
    const deg = Math.max(1, maxDegree(grid));
    this.queue = new Int32Array(deg * n);
    this.heads = new Int32Array(deg);
    this.tails = new Int32Array(deg);
    this.parent = new Int32Array(deg);
    this.done = new Uint8Array(deg);
    this.live = new Int32Array(deg);
    this.fresh = new Int32Array(deg);
    this.pick = new Int32Array(deg);
    this.pickW = new Float64Array(deg);
    this.order = new Int32Array(count);
    this.drawn = new Int32Array(n);
    this.limit = 4 * count + 16;
  }

  /** How strongly the weighted walkers are drawn to open-passage entry k (see `stepWeight`). */
  passageWeight(k: number): number {
    return this.weight[k];
  }

  /** The open-passage entry from cell `from` to its neighbour `to` (-1 if no open passage joins them). */
  passage(from: number, to: number): number {
    for (let k = this.oStart[from]; k < this.oStart[from + 1]; k++) if (this.oCell[k] === to) return k;
    return -1;
  }

  /**
   * Puts the passages of `cell` the walker may start (not yet walked) in a random order weighted by `weight`
   * (uniform when not `weighted`): `order[k]` is passage k's place. The first draw takes its uniform from
   * `strata` when given; a cell with one such passage or none draws nothing.
   */
  private drawOrder(cell: number, weighted: boolean, rng: Rng, strata: LatinStrata | undefined): void {
    const { oStart, oWall, mark, forward, weight, pick, pickW, order } = this;
    this.drawn[cell] = this.walkNumber;
    let n = 0;
    let total = 0;
    for (let k = oStart[cell]; k < oStart[cell + 1]; k++) {
      if (mark[oWall[k]] !== 0 || forward[k] === 0) continue;
      pick[n] = k;
      const w = weighted ? weight[k] : 1;
      pickW[n++] = w;
      total += w;
    }
    let place = 0;
    while (n > 1) {
      const u = place === 0 && strata ? strata.uniform(cell, rng) : rng.next();
      let r = u * total;
      let i = 0;
      while (i < n - 1 && r >= pickW[i]) r -= pickW[i++];
      order[pick[i]] = place++;
      total -= pickW[i];
      n--;
      pick[i] = pick[n];
      pickW[i] = pickW[n];
    }
    if (n === 1) order[pick[0]] = place;
  }

  /**
   * One walk from entry to exit; adds its cell visits to `visits`.
   * @param onStep sees every move (for tests and traces)
   */
  walk(
    kind: SimulatorName,
    rng: Rng,
    onStep?: (from: number, to: number, wall: number) => void,
    trace: WalkTrace = {},
  ): Walk {
    const { mark, seen, oStart, oCell, oWall, forward, order, drawn, comp, visits } = this;
    const { entryCell, exitCell } = this.maze;
    const { strata, branchOf, visited } = trace;
    const counting = branchOf !== undefined && visited !== undefined;
    const tally = trace.quiet !== true;
    let smart = kind === 'smart';
    const weighted = kind !== 'tremaux';
    mark.fill(0);
    seen.fill(0);
    seen[seen.length - 1] = 1;
    if (this.walkNumber === 0x7fffffff) {
      drawn.fill(0);
      this.walkNumber = 0;
    }
    const walk = ++this.walkNumber;
    if (smart) {
      comp.fill(0);
      this.labels = 1;
      if (this.rings === null) this.rings = cellRings(this.maze.grid);
    }
    let cur = entryCell;
    let back = -1; // the adjacency entry to take back, when a new passage led into a visited cell
    let steps = 0;
    let overlap = 0;
    seen[cur] = 1;
    if (tally) visits[cur]++;
    if (smart) this.remove(cur);
    while (cur !== exitCell) {
      if (steps > this.limit) throw new Error('internal: a simulated walk did not end');
      let next = -1;
      if (back >= 0) {
        next = back;
        back = -1;
      } else {
        // Never-walked passages first, the first of the cell's order (skipping areas cut off from the exit,
        // for `smart`). A cell is put in order at its first choice.
        if (drawn[cur] !== walk) this.drawOrder(cur, weighted, rng, strata);
        const goal = smart ? comp[exitCell] : 0;
        let first = 0;
        for (let k = oStart[cur]; k < oStart[cur + 1]; k++) {
          if (mark[oWall[k]] !== 0 || forward[k] === 0) continue;
          const to = oCell[k];
          if (smart && seen[to] === 0 && comp[to] !== goal) continue;
          if (next < 0 || order[k] < first) {
            first = order[k];
            next = k;
          }
        }
        if (next < 0) {
          // Nothing new: go back the way this cell was first entered (the passage walked once).
          for (let k = oStart[cur]; k < oStart[cur + 1]; k++) {
            if (mark[oWall[k]] === 1) {
              next = k;
              break;
            }
          }
          if (next < 0 && smart) {
            // Back at the entry with every way on cut off: one-way passages can route the only way to the
            // exit through an area the path has closed. Walk on as `directional` (it always gets there).
            smart = false;
            continue;
          }
          if (next < 0) throw new Error('internal: a simulated walk is stuck away from the exit');
        }
      }
      const wall = oWall[next];
      const to = oCell[next];
      onStep?.(cur, to, wall);
      mark[wall]++;
      steps++;
      if (seen[to] !== 0) {
        overlap++;
        // A first walk along a passage into a visited cell: Trémaux turns straight back.
        if (mark[wall] === 1) back = this.entryBack(to, wall);
      } else {
        seen[to] = 1;
        if (smart) this.remove(to);
        if (counting && branchOf[to] >= 0) visited[branchOf[to]]++;
      }
      if (tally) visits[to]++;
      cur = to;
    }
    return { steps, overlap };
  }

  /**
   * For wrong branches off the route of a perfect maze, the cells a `smart` walker could enter if nothing
   * but its own path closed areas off: cell x of branch b counts when, with the route up to b's junction and
   * the passages from there to x's parent visited (and nothing else), x and every cell before it on that way
   * lie in the exit's region. An upper bound of what `smart` explores of b once it takes b (its wrong turns
   * made before only close off more), and 0 exactly when the route alone has closed b off by the time the
   * walker reaches its junction — `smart` then never enters b. Counted by one depth-first pass over the
   * branches asked for, each visit undone on the way back (the regions' labels are logged and restored).
   * @param route the route's cells, entry to exit
   * @param root each branch's first cell, in route order
   * @param step the route index of each branch's junction (non-decreasing)
   * @param which the branches to count (1); absent, every branch. The others get 1 when the route leaves
   *   them open at their junction, 0 when it has closed them off (a pass along the route only).
   */
  reachBeyondPath(route: Int32Array, root: Int32Array, step: Int32Array, which?: Uint8Array): Int32Array {
    const { seen, comp } = this;
    const exit = this.maze.exitCell;
    const reach = new Int32Array(root.length);
    if (this.rings === null) this.rings = cellRings(this.maze.grid);
    seen.fill(0);
    seen[seen.length - 1] = 1;
    comp.fill(0);
    this.labels = 1;
    if (this.undo.length === 0) this.undo = new Int32Array(1024);
    this.logging = true;
    let b = 0;
    for (let i = 0; i < route.length - 1 && b < root.length; i++) {
      const c = route[i];
      seen[c] = 1;
      this.undoLength = 0;
      this.remove(c);
      for (; b < root.length && step[b] === i; b++) {
        if (comp[root[b]] !== comp[exit]) continue;
        reach[b] = which === undefined || which[b] !== 0 ? this.exploreUnderPath(root[b], c) : 1;
      }
    }
    this.logging = false;
    this.undoLength = 0;
    return reach;
  }

  /**
   * Depth-first from `root` (entered from `parent`): visits every cell that is in the exit's region with
   * only the way to it visited, and undoes each visit on the way back. Returns the cells visited.
   */
  private exploreUnderPath(root: number, parent: number): number {
    const { seen, comp, oStart, oCell } = this;
    const exit = this.maze.exitCell;
    const n = this.maze.grid.cellCount;
    // The stack, four arrays in one: cell, the cell it was entered from, its next passage to try, the undo
    // log's length before it was entered.
    if (this.pathStack.length === 0) this.pathStack = new Int32Array(4 * n);
    const stack = this.pathStack;
    const cells = stack.subarray(0, n);
    const from = stack.subarray(n, 2 * n);
    const nextK = stack.subarray(2 * n, 3 * n);
    const logAt = stack.subarray(3 * n);
    let top = 0;
    let count = 0;
    const enter = (cell: number, p: number): void => {
      cells[top] = cell;
      from[top] = p;
      nextK[top] = oStart[cell];
      logAt[top] = this.undoLength;
      top++;
      seen[cell] = 1;
      this.remove(cell);
      count++;
    };
    enter(root, parent);
    while (top > 0) {
      const t = top - 1;
      const cell = cells[t];
      let k = nextK[t];
      const end = oStart[cell + 1];
      for (; k < end; k++) {
        const to = oCell[k];
        if (to === from[t] || seen[to] !== 0) continue;
        if (comp[to] === comp[exit]) break;
      }
      if (k < end) {
        nextK[t] = k + 1;
        enter(oCell[k], cell);
        continue;
      }
      // Done with this cell: undo its visit and everything its removal relabelled.
      this.restore(logAt[t]);
      seen[cell] = 0;
      top--;
    }
    return count;
  }

  /** Logs cell's region label before it changes. */
  private log(cell: number): void {
    if (this.undoLength + 2 > this.undo.length) {
      const grown = new Int32Array(2 * this.undo.length);
      grown.set(this.undo);
      this.undo = grown;
    }
    this.undo[this.undoLength++] = cell;
    this.undo[this.undoLength++] = this.comp[cell];
  }

  /** Restores the region labels logged since the log was `length` long. */
  private restore(length: number): void {
    const { undo, comp } = this;
    while (this.undoLength > length) {
      const label = undo[--this.undoLength];
      comp[undo[--this.undoLength]] = label;
    }
  }

  /** The adjacency entry of `cell` through `wall`. */
  private entryBack(cell: number, wall: number): number {
    for (let k = this.oStart[cell]; k < this.oStart[cell + 1]; k++) if (this.oWall[k] === wall) return k;
    return -1;
  }

  /**
   * Takes a newly visited cell out of the unvisited regions. Its unvisited neighbours were one region; they
   * stay one when the cells round v join them (`mayCut`), which is nearly always; otherwise see `split`.
   */
  private remove(v: number): void {
    if (this.logging) this.log(v);
    this.comp[v] = -1;
    const rings = this.rings;
    if (!rings || mayCut(rings.start, rings.item, this.seen, v)) this.split(v);
  }

  /**
   * The unvisited regions after visiting v, when its unvisited neighbours may have lost their only link:
   * searches from each (in lockstep, merging when they meet) find the pieces, and every piece found
   * completely gets a new label. The piece still growing keeps the old one.
   */
  private split(v: number): void {
    const { adjStart, adjCell, cellCount: n } = this.maze.grid;
    const { comp, owner, stamp, queue, heads, tails, parent, seen } = this;
    if (this.stampNow === 0x7fffffff) {
      stamp.fill(0);
      this.stampNow = 0;
    }
    const s = ++this.stampNow;
    // Search i keeps its queue in queue[i·n ..), heads and tails as absolute places.
    let k = 0;
    for (let j = adjStart[v]; j < adjStart[v + 1]; j++) {
      const nb = adjCell[j];
      if (seen[nb] !== 0 || stamp[nb] === s) continue;
      stamp[nb] = s;
      owner[nb] = k;
      queue[k * n] = nb;
      heads[k] = k * n;
      tails[k] = k * n + 1;
      parent[k] = k;
      k++;
    }
    if (k < 2) return;
    // Groups of searches that met (union-find over searches); `live[r]`: searches of root r's group still
    // growing. The search stops when every group but one has stopped growing: those are whole pieces.
    const live = this.live;
    for (let i = 0; i < k; i++) live[i] = 1;
    let groups = k;
    let growing = k;
    while (growing > 1) {
      for (let i = 0; i < k && growing > 1; i++) {
        if (heads[i] >= tails[i]) continue;
        const c = queue[heads[i]++];
        for (let j = adjStart[c]; j < adjStart[c + 1]; j++) {
          const nb = adjCell[j];
          if (seen[nb] !== 0) continue;
          if (stamp[nb] === s) {
            const o = owner[nb];
            if (o === i) continue; // found by this search already
            const a = findRoot(parent, i);
            const b = findRoot(parent, o);
            if (a !== b) {
              parent[a] = b;
              // Two growing groups become one (this one grows: it is expanding now).
              if (live[b] > 0) growing--;
              live[b] += live[a];
              if (--groups === 1) return; // every search met another: the cell was not a cut
            }
            continue;
          }
          stamp[nb] = s;
          owner[nb] = i;
          queue[tails[i]++] = nb;
        }
        if (heads[i] === tails[i] && --live[findRoot(parent, i)] === 0) growing--;
      }
    }
    if (groups <= 1) return;
    // Every group whose searches all finished is a separate region: give it a fresh label.
    const { done, fresh } = this;
    for (let i = 0; i < k; i++) {
      done[i] = 1;
      fresh[i] = -1;
    }
    for (let i = 0; i < k; i++) if (heads[i] < tails[i]) done[findRoot(parent, i)] = 0;
    let kept = false;
    for (let i = 0; i < k; i++) {
      const r = findRoot(parent, i);
      if (fresh[r] !== -1 || r !== i) continue;
      if (done[r] === 0 && !kept) {
        kept = true; // the growing group keeps its label
        fresh[r] = -2;
      } else fresh[r] = this.labels++;
    }
    // If every group finished, the first keeps the old label (labels only need to differ).
    if (!kept) {
      for (let i = 0; i < k; i++) {
        if (findRoot(parent, i) === i) {
          fresh[i] = -2;
          break;
        }
      }
    }
    for (let i = 0; i < k; i++) {
      const label = fresh[findRoot(parent, i)];
      if (label < 0) continue;
      if (this.logging) for (let j = i * n; j < tails[i]; j++) this.log(queue[j]);
      for (let j = i * n; j < tails[i]; j++) comp[queue[j]] = label;
    }
  }
}

/** Union-find root of search i (with path halving). */
function findRoot(parent: Int32Array, i: number): number {
  while (parent[i] !== i) i = parent[i] = parent[parent[i]];
  return i;
}

/**
 * Whether visiting cell v may split the unvisited cells round it into parts: false when its unvisited
 * neighbours (cells across its walls) all lie in one run of unvisited cells round its ring, whose cells
 * follow each other wall to wall, so they stay joined without v. Otherwise (two or more such runs) only a search
 * tells. `seen` marks visited cells, v among them, and the outside (its last place).
 *
 * A ring of up to 30 items is read into bit masks, item i at bit i: `free` (unvisited cells) and `across`
 * (cells across a wall). One run of visited items leaves one run of free ones; otherwise the ring is turned
 * to start at a visited item (so no run goes round its end), each neighbour's bit is spread up through its
 * run (doubling steps), and the runs whose top bit it reaches are counted. Exported for the tests.
 */
export function mayCut(start: Int32Array, item: Int32Array, seen: Uint8Array, v: number): boolean {
  const from = start[v];
  const m = start[v + 1] - from;
  if (m > 30) return mayCutLong(item, seen, from, from + m);
  let free = 0;
  let across = 0;
  for (let i = 0; i < m; i++) {
    const x = item[from + i];
    free |= (seen[x >> 1] ^ 1) << i;
    across |= (x & 1) << i;
  }
  const full = (1 << m) - 1;
  const visited = full & ~free;
  if (visited === 0) return false;
  // Starts of runs of visited items, round the ring: one run of them leaves one run of free items.
  const starts = visited & ~(((visited << 1) | (visited >>> (m - 1))) & full);
  if ((starts & (starts - 1)) === 0) return false;
  const z = 31 - Math.clz32(visited & -visited);
  const f = ((free >>> z) | (free << (m - z))) & full;
  let g = f & (((across >>> z) | (across << (m - z))) & full);
  let p = f;
  g |= p & (g << 1);
  p &= p << 1;
  g |= p & (g << 2);
  p &= p << 2;
  g |= p & (g << 4);
  p &= p << 4;
  g |= p & (g << 8);
  p &= p << 8;
  g |= p & (g << 16);
  const tops = f & ~(f >>> 1) & g;
  return (tops & (tops - 1)) !== 0;
}

/** `mayCut` for a longer ring, item by item: items [from, to) of `item`. Exported for the tests. */
export function mayCutLong(item: Int32Array, seen: Uint8Array, from: number, to: number): boolean {
  // One pass in ring order, counting the runs of unvisited cells that hold a neighbour; a run that reaches
  // the end of the list goes on at its start (counted twice then, and put right below).
  let runs = 0;
  let inRun = false;
  let hasNeighbour = false;
  let first = -1; // whether the run from the start of the list holds a neighbour (-1: still in it)
  let blocked = false;
  for (let i = from; i < to; i++) {
    const x = item[i];
    if (seen[x >> 1] !== 0) {
      if (first < 0) first = i > from && hasNeighbour ? 1 : 0;
      blocked = true;
      inRun = false;
      continue;
    }
    if (!inRun) {
      inRun = true;
      hasNeighbour = false;
    }
    if (!hasNeighbour && (x & 1) !== 0) {
      hasNeighbour = true;
      if (++runs > 2) return true;
    }
  }
  if (!blocked) return false;
  // The last run and the first are one when both touch the ends of the list.
  if (inRun && hasNeighbour && first === 1) runs--;
  return runs > 1;
}
