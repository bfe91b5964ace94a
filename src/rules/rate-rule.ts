import { type DifficultyModel, effortParts, scoreOfEffort } from '../analyze/difficulty-model.js';
import { labelOf, type Rating } from '../analyze/rating.js';
import { createRng, type Rng, type Seed128 } from '../random/sfc32.js';
import type { MoveGraph } from './move-graph.js';
import type { RulePuzzle } from './rule-puzzle.js';

/**
 * The difficulty of a rule maze on the book's 1–10 scale, from its state space (docs/difficulty.md, "Rule
 * mazes"). The measures are those of a wall maze, read on the graph of moves instead of the corridors:
 *
 * - search O: the mean wasted moves of a simulated solver — Trémaux's rule over the states (take a move to a
 *   state never visited, at random; at a dead end go back one move), from the start until it stands on the
 *   goal; wasted moves are all it made beyond the solution's;
 * - route S and turning T: the solution's moves, and how far it turns (right angles; a jump back is two);
 * - decisions D: the wrong moves offered along the solution (moves to states not yet on it);
 * - cycling C: states off the solution on a cycle of moves (a solver can go round them).
 *
 * The difficulty model weighs them as it weighs a wall maze's, E = search·O + route·(S + turning·T) +
 * decisions·D + cycling·C, and the rule's `moveCost` says what one move costs against a step along a
 * corridor (reading a number, finding the next shape, counting a jump): the rule maze's effort is
 * moveCost · E, scored 1 + 9·ln(1 + moveCost·E)/ln(1 + top) as every maze.
 */
export interface RuleMeasures {
  /** Mean, standard deviation and 95 % half-width of the wasted moves over the walks. */
  overlap: { mean: number; sd: number; ci95: number };
  /** Mean moves of a walk, wasted ones included. */
  moves: number;
  steps: number;
  turning: number;
  junctions: number;
  branches: number;
  /** The solution's step (from the start) offering most wrong moves. */
  worstStep: number;
  cycling: number;
  walks: number;
}

/** Walks of the simulated solver for a full rating and for a screening one. */
export const RULE_WALKS = { full: 96, screen: 32 } as const;

/** Measures a rule maze: `walks` simulated solvers drawn from `seed`. */
export function measureRuleMaze(
  p: RulePuzzle,
  g: MoveGraph,
  seed: Seed128,
  walks: number,
  undirected: boolean,
): RuleMeasures {
  const rng = createRng(seed);
  const path = p.path;
  const steps = path.length - 1;
  const walker = new TremauxWalker(g, p.goal);
  let sum = 0;
  let sum2 = 0;
  let all = 0;
  for (let k = 0; k < walks; k++) {
    const moves = walker.walk(p.start, p.goal, rng);
    const wasted = Math.max(0, moves - steps);
    sum += wasted;
    sum2 += wasted * wasted;
    all += moves;
  }
  const mean = sum / walks;
  const sd = walks > 1 ? Math.sqrt(Math.max(0, (sum2 - walks * mean * mean) / (walks - 1))) : 0;
  const { junctions, branches, worstStep } = choicesAlong(g, path);
  return {
    overlap: { mean, sd, ci95: (1.96 * sd) / Math.sqrt(walks) },
    moves: all / walks,
    steps,
    turning: turningOf(p),
    junctions,
    branches,
    worstStep,
    cycling: offPathOnCycles(g, path, undirected),
    walks,
  };
}

/** A rating from measures, as `rateWith` gives a wall maze's (simulator `tremaux`, search from walks). */
export function ruleRating(m: RuleMeasures, moveCost: number, model: DifficultyModel): Rating {
  const parts = effortParts(
    {
      overlap: m.overlap.mean,
      steps: m.steps,
      turning: m.turning,
      decisions: m.branches,
      cycling: m.cycling,
    },
    model,
  );
  const effort = moveCost * parts.total;
  const score = scoreOfEffort(effort, model);
  return {
    simulator: 'tremaux',
    walks: m.walks,
    overlapSteps: { ...m.overlap },
    steps: { mean: m.moves },
    score,
    label: labelOf(score),
    components: {
      search: { overlap: m.overlap.mean, effort: moveCost * parts.search, method: 'walks', walks: m.walks },
      route: { steps: m.steps, turning: m.turning, hallways: m.steps, effort: moveCost * parts.route },
      decisions: {
        junctions: m.junctions,
        branches: m.branches,
        cells: m.branches,
        worstStep: m.worstStep,
        effort: moveCost * parts.decisions,
      },
      cycling: { cells: m.cycling, loops: 0, effort: moveCost * parts.cycling },
      effort,
    },
    model: model.name,
  };
}

/**
 * Trémaux's rule over the states of a move graph: at each state, a move to a state never visited (at random
 * among them, but to the goal or to a state one move from it when there is one: a solver sees that far);
 * none left, one move back along the way it came. Counts every move, back moves included, until it stands on
 * the goal (or has searched all it can reach). Scratch kept between walks.
 */
class TremauxWalker {
  private readonly stamp: Int32Array;
  private readonly stack: Int32Array;
  private readonly options: Int32Array;
  /** 1 for the goal and the states one move from it. */
  private readonly near: Uint8Array;
  private mark = 0;
  constructor(
    private readonly g: MoveGraph,
    goal: number,
  ) {
    this.stamp = new Int32Array(g.count);
    this.stack = new Int32Array(g.count);
    let most = 1;
    for (let c = 0; c < g.count; c++) most = Math.max(most, g.start[c + 1] - g.start[c]);
    this.options = new Int32Array(most);
    this.near = new Uint8Array(g.count);
    this.near[goal] = 1;
    for (let c = 0; c < g.count; c++) {
      for (let e = g.start[c]; e < g.start[c + 1]; e++) if (g.to[e] === goal) this.near[c] = 1;
    }
  }

  walk(start: number, goal: number, rng: Rng): number {
    const { g, stamp, stack, options, near } = this;
    const mark = ++this.mark;
    let depth = 0;
    let moves = 0;
    stamp[start] = mark;
    stack[depth++] = start;
    while (depth > 0) {
      const c = stack[depth - 1];
      if (c === goal) return moves;
      let k = 0;
      let seen = -1;
      for (let e = g.start[c]; e < g.start[c + 1]; e++) {
        const d = g.to[e];
        if (stamp[d] === mark) continue;
        options[k++] = d;
        if (near[d] === 1 && (seen < 0 || d === goal)) seen = d;
      }
      moves++;
      if (k === 0) {
        depth--;
        continue;
      }
      const d = seen >= 0 ? seen : options[rng.int(k)];
      stamp[d] = mark;
      stack[depth++] = d;
    }
    return moves;
  }
}

/** Wrong moves offered along the solution: to states not on it so far. */
function choicesAlong(
  g: MoveGraph,
  path: Int32Array,
): { junctions: number; branches: number; worstStep: number } {
  const seen = new Set<number>();
  let junctions = 0;
  let branches = 0;
  let worst = 0;
  let worstStep = 0;
  for (let i = 0; i < path.length - 1; i++) {
    const c = path[i];
    seen.add(c);
    let wrong = 0;
    for (let e = g.start[c]; e < g.start[c + 1]; e++) {
      const d = g.to[e];
      if (d !== path[i + 1] && !seen.has(d)) wrong++;
    }
    if (wrong > 0) junctions++;
    branches += wrong;
    if (wrong > worst) {
      worst = wrong;
      worstStep = i;
    }
  }
  return { junctions, branches, worstStep };
}

/** Right angles the solution turns through, from move to move (a turn back counts two; 45° a half). */
function turningOf(p: RulePuzzle): number {
  const { columns, path } = p;
  let total = 0;
  let px = 0;
  let py = 0;
  for (let i = 1; i < path.length; i++) {
    const ax = path[i - 1] % columns;
    const ay = (path[i - 1] - ax) / columns;
    const bx = path[i] % columns;
    const by = (path[i] - bx) / columns;
    const dx = Math.sign(bx - ax);
    const dy = Math.sign(by - ay);
    if (i > 1) {
      const cos = (dx * px + dy * py) / (Math.hypot(dx, dy) * Math.hypot(px, py));
      total += (Math.acos(Math.max(-1, Math.min(1, cos))) * 2) / Math.PI;
    }
    px = dx;
    py = dy;
  }
  return Math.round(total * 1000) / 1000;
}

/**
 * States off the solution that lie on a cycle of moves: in a strongly connected component of two or more
 * states (directed rules), or on an undirected cycle of three or more (rules whose moves go both ways, where
 * a move and its way back are no cycle). Iterative Tarjan.
 */
function offPathOnCycles(g: MoveGraph, path: Int32Array, undirected: boolean): number {
  const n = g.count;
  const onPath = new Uint8Array(n);
  for (const c of path) onPath[c] = 1;
  const onCycle = undirected ? undirectedCycles(g) : directedCycles(g);
  let count = 0;
  for (let c = 0; c < n; c++) if (onCycle[c] && !onPath[c]) count++;
  return count;
}

function directedCycles(g: MoveGraph): Uint8Array {
  const n = g.count;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  const call = new Int32Array(n);
  const next = new Int32Array(n);
  const out = new Uint8Array(n);
  let counter = 0;
  let sp = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] >= 0) continue;
    let depth = 0;
    call[depth++] = root;
    index[root] = low[root] = counter++;
    next[root] = g.start[root];
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth > 0) {
      const c = call[depth - 1];
      if (next[c] < g.start[c + 1]) {
        const d = g.to[next[c]++];
        if (index[d] < 0) {
          index[d] = low[d] = counter++;
          next[d] = g.start[d];
          stack[sp++] = d;
          onStack[d] = 1;
          call[depth++] = d;
        } else if (onStack[d]) low[c] = Math.min(low[c], index[d]);
        continue;
      }
      depth--;
      if (depth > 0) {
        const p = call[depth - 1];
        low[p] = Math.min(low[p], low[c]);
      }
      if (low[c] !== index[c]) continue;
      let size = 0;
      let top = sp;
      do {
        top--;
        size++;
      } while (stack[top] !== c);
      for (let k = top; k < sp; k++) {
        onStack[stack[k]] = 0;
        if (size > 1) out[stack[k]] = 1;
      }
      sp = top;
    }
  }
  return out;
}

/** States with an edge on an undirected cycle (an edge that is not a bridge), by low-links. */
function undirectedCycles(g: MoveGraph): Uint8Array {
  const n = g.count;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const parent = new Int32Array(n).fill(-1);
  const next = new Int32Array(n);
  const stack = new Int32Array(n);
  const out = new Uint8Array(n);
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (order[root] >= 0) continue;
    let depth = 0;
    order[root] = low[root] = counter++;
    next[root] = g.start[root];
    stack[depth++] = root;
    while (depth > 0) {
      const c = stack[depth - 1];
      if (next[c] < g.start[c + 1]) {
        const d = g.to[next[c]++];
        if (order[d] < 0) {
          parent[d] = c;
          order[d] = low[d] = counter++;
          next[d] = g.start[d];
          stack[depth++] = d;
        } else if (d !== parent[c]) {
          low[c] = Math.min(low[c], order[d]);
          // A back edge closes a cycle through both ends.
          if (order[d] < order[c]) {
            out[c] = 1;
            out[d] = 1;
          }
        }
        continue;
      }
      depth--;
      const p = parent[c];
      if (p >= 0) {
        low[p] = Math.min(low[p], low[c]);
        if (low[c] <= order[p]) {
          out[c] = 1;
          out[p] = 1;
        }
      }
    }
  }
  return out;
}
