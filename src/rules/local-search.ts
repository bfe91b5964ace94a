import type { Rng } from '../random/sfc32.js';
import type { PathCount } from './count-paths.js';
import type { RulePuzzle, RuleRecipe, RuleSide } from './rule-puzzle.js';

/**
 * Stochastic local search for mazes whose every cell says where to move (arrows, jumps), after Neller et al.'s
 * rook jumping maze generator: start from random cells, change one cell at a time, keep the change unless it
 * makes the maze worse (and now and then even then), and keep the best maze seen. A maze is better the longer
 * its shortest solution; one without a solution, or with two shortest ones, is worse than any with one; cells
 * the start cannot reach (a maze no one can see all of) cost a little.
 *
 * The search is bounded: `iterations` changes, each one breadth-first search over the cells (O(moves)).
 */
export interface StepRule {
  /** Cells across and down. */
  columns: number;
  rows: number;
  /** A random value for cell c other than `not` (the cell's current one; −2 for none). */
  draw(c: number, not: number, rng: Rng): number;
  /** The cells one move from c when it holds `value`, in a fixed order. */
  moves(c: number, value: number, visit: (d: number) => void): void;
  /** The goal's value (it has no moves). */
  goalValue: number;
}

/** A searched maze: its cells, ends and the length of its one shortest solution. */
export interface SearchedMaze {
  cells: Int32Array;
  start: number;
  goal: number;
  startSide: RuleSide;
  goalSide: RuleSide;
  /** Moves of the shortest solution (unique). */
  distance: number;
}

/** What a maze's cells are worth to the search: lower is better. */
interface Energy {
  value: number;
  distance: number;
  unique: boolean;
}

/** Restarts from fresh random cells before the generator gives up (none is needed on any size tried). */
const RESTARTS = 8;
/** Chance of keeping a change that makes the maze worse (lets the search leave a local optimum). */
const WORSE = 0.02;

/**
 * A maze of `rule` with a unique shortest solution between opposite corners (chosen at random), searched for
 * `iterations` changes.
 */
export function searchMaze(rule: StepRule, rng: Rng, iterations: number): SearchedMaze {
  const { columns: w, rows: h } = rule;
  const n = w * h;
  const corner = rng.int(4);
  const left = corner % 2 === 0;
  const top = corner < 2;
  const start = (top ? 0 : h - 1) * w + (left ? 0 : w - 1);
  const goal = n - 1 - start;
  const startSide: RuleSide = left ? 'left' : 'right';
  const goalSide: RuleSide = left ? 'right' : 'left';
  const bfs = new StepSearch(rule, start, goal);
  for (let restart = 0; restart < RESTARTS; restart++) {
    const cells = new Int32Array(n);
    for (let c = 0; c < n; c++) cells[c] = c === goal ? rule.goalValue : rule.draw(c, -2, rng);
    let energy = bfs.energy(cells);
    let best: Int32Array | undefined;
    let bestEnergy = energy;
    if (energy.unique) best = cells.slice();
    for (let it = 0; it < iterations; it++) {
      let c = rng.int(n - 1);
      if (c >= goal) c++;
      const old = cells[c];
      cells[c] = rule.draw(c, old, rng);
      const next = bfs.energy(cells);
      if (next.value <= energy.value || rng.next() < WORSE) energy = next;
      else cells[c] = old;
      if (energy.unique && (!best || better(energy, bestEnergy))) {
        best = cells.slice();
        bestEnergy = energy;
      }
    }
    if (best) return { cells: best, start, goal, startSide, goalSide, distance: bestEnergy.distance };
  }
  throw new Error(`internal: no maze of ${w}×${h} with one shortest solution after ${RESTARTS} searches`);
}

/** The longer unique solution, or at equal length the lower energy. */
function better(a: Energy, b: Energy): boolean {
  return a.distance > b.distance || (a.distance === b.distance && a.value < b.value);
}

/** Penalties of the energy: no solution at all, and two or more shortest ones. */
const NO_WAY = 10_000;
const TWO_WAYS = 1_000;
/** Cost of a cell the start cannot reach, against one move of solution. */
const UNSEEN = 0.05;
/** Weight of the mean depth of the cells the start reaches (moves): a slope where the solution's length is flat. */
const DEPTH = 1;

/** Breadth-first search from the start over a maze's moves, with its scratch kept between calls. */
class StepSearch {
  private readonly dist: Int32Array;
  private readonly ways: Uint8Array;
  private readonly queue: Int32Array;
  constructor(
    private readonly rule: StepRule,
    private readonly start: number,
    private readonly goal: number,
  ) {
    const n = rule.columns * rule.rows;
    this.dist = new Int32Array(n);
    this.ways = new Uint8Array(n);
    this.queue = new Int32Array(n);
  }

  energy(cells: Int32Array): Energy {
    const { dist, ways, queue, rule, goal } = this;
    dist.fill(-1);
    ways.fill(0);
    let head = 0;
    let tail = 0;
    dist[this.start] = 0;
    ways[this.start] = 1;
    queue[tail++] = this.start;
    let depthSum = 0;
    while (head < tail) {
      const c = queue[head++];
      depthSum += dist[c];
      if (c === goal) continue;
      const dc = dist[c];
      const wc = ways[c];
      rule.moves(c, cells[c], (d) => {
        if (dist[d] < 0) {
          dist[d] = dc + 1;
          ways[d] = wc;
          queue[tail++] = d;
        } else if (dist[d] === dc + 1 && ways[d] < 2) {
          ways[d] = Math.min(2, ways[d] + wc);
        }
      });
    }
    const unseen = dist.length - tail;
    const distance = dist[goal];
    if (distance < 0) return { value: NO_WAY + unseen, distance, unique: false };
    const unique = ways[goal] === 1;
    const depth = depthSum / tail;
    return {
      value: (unique ? 0 : TWO_WAYS) - distance - DEPTH * depth + UNSEEN * unseen,
      distance,
      unique,
    };
  }
}

/**
 * The puzzle of a searched maze, with the one shortest way its rule's solver (`prove`) finds; `what` names the
 * kind in the internal error a maze without exactly one shortest way would be.
 */
export function provedPuzzle(
  rule: RuleRecipe,
  columns: number,
  rows: number,
  found: SearchedMaze,
  prove: (p: RulePuzzle) => PathCount,
  what: string,
): RulePuzzle {
  const puzzle: RulePuzzle = {
    rule,
    columns,
    rows,
    cells: found.cells,
    start: found.start,
    goal: found.goal,
    startSide: found.startSide,
    goalSide: found.goalSide,
    path: new Int32Array(0),
  };
  const proof = prove(puzzle);
  if (proof.count !== 1 || !proof.path) throw new Error(`internal: ${what} without one shortest way`);
  puzzle.path = proof.path;
  return puzzle;
}
