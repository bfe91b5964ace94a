import type { Rng } from '../random/sfc32.js';
import { bridgedPath, orderedPaths, type PathCount } from './count-paths.js';
import { buildMoves, type MoveGraph, reachable, reverseMoves } from './move-graph.js';
import { roomTree } from './room-tree.js';
import { type NumbersFollow, obeys, type RulePuzzle } from './rule-puzzle.js';

/**
 * Number mazes. Every cell holds a number; the way runs through orthogonally neighbouring cells from the start
 * to the goal:
 *
 * - `even`, `odd`, `multiples-of: n`: through cells whose number has the property. The cells that have it form
 *   an undirected graph; the way is the only simple path when every edge on it is a bridge (`bridgedPath`).
 * - `count-up`: through 1, 2, 3, … in order (each move to the next number). Moves only go up, so the graph has
 *   no cycles and its paths are counted in order (`orderedPaths`).
 *
 * The generator lays the way and its decoys on a room tree (room-tree.ts), so the cells that follow the rule
 * never close a loop: decoys are branches of the tree that follow the rule and end (a count-up decoy counts on
 * from where it leaves the way), and cells off the tree and off the rule carry near misses — an odd number
 * beside an even one, a number one off a multiple, a count-up number one short of or past its neighbour's
 * next.
 */

/** The numbers of a property maze: the multiples run 1·n … 12·n (times tables), the rest 1 … 99. */
function numberRange(follow: NumbersFollow): { most: number } {
  return { most: follow.kind === 'multiples-of' ? 12 * follow.n : 99 };
}

/** A random number in 1 … most that has the property or not (`want`). */
function drawNumber(follow: NumbersFollow, most: number, want: boolean, rng: Rng): number {
  if (follow.kind === 'multiples-of' && want) return follow.n * (1 + rng.int(Math.floor(most / follow.n)));
  for (;;) {
    const v = 1 + rng.int(most);
    if (obeys(follow, v) === want) return v;
  }
}

/** The orthogonal neighbours of cell c. */
export function eachNeighbour(columns: number, rows: number, c: number, visit: (d: number) => void): void {
  const x = c % columns;
  const y = (c - x) / columns;
  if (y > 0) visit(c - columns);
  if (x < columns - 1) visit(c + 1);
  if (y < rows - 1) visit(c + columns);
  if (x > 0) visit(c - 1);
}

/**
 * How many tree cells beyond the way a decoy branch keeps: each branch hanging off the way is kept, with
 * chance `share`, up to a depth of 1–6 cells; other cells of the tree follow the rule with chance ISLANDS
 * (separate islands, or longer decoys).
 */
const ISLANDS = 0.12;

/** The room tree grows from its newest room at least this often (see room-tree.ts): long, winding ways. */
const NEWEST = 0.5;

/** The tree's cells that follow the rule: the way, decoy branches off it, and scattered islands. */
function ruleCells(
  tree: ReturnType<typeof roomTree>,
  n: number,
  rng: Rng,
): { rule: Uint8Array; depth: Int32Array; onPath: Int32Array } {
  const onPath = new Int32Array(n).fill(-1);
  tree.path.forEach((c, i) => {
    onPath[c] = i;
  });
  const share = 0.35 + 0.65 * rng.next();
  // Depth of each tree cell below the way, and the way cell its branch leaves from.
  const depth = new Int32Array(n).fill(-1);
  const keepTo = new Int32Array(n).fill(0);
  const rule = new Uint8Array(n);
  for (const c of tree.path) rule[c] = 1;
  const depthOf = (c: number): number => {
    if (depth[c] >= 0) return depth[c];
    if (onPath[c] >= 0) {
      depth[c] = 0;
      return 0;
    }
    const p = tree.parent[c];
    const d = p < 0 ? 0 : depthOf(p) + 1;
    depth[c] = d;
    return d;
  };
  for (let c = 0; c < n; c++) {
    if (tree.inTree[c] === 0 || onPath[c] >= 0) continue;
    const d = depthOf(c);
    if (d === 1) keepTo[c] = rng.next() < share ? 1 + rng.int(6) : 0;
  }
  for (let c = 0; c < n; c++) {
    if (tree.inTree[c] === 0 || onPath[c] >= 0) continue;
    let top = c;
    while (depth[top] > 1) top = tree.parent[top];
    if (depth[c] <= keepTo[top] || rng.next() < ISLANDS) rule[c] = 1;
  }
  return { rule, depth, onPath };
}

/** An even/odd/multiples maze on `columns` × `rows` cells (each at least 3). */
function propertyMaze(follow: NumbersFollow, columns: number, rows: number, rng: Rng): RulePuzzle {
  const n = columns * rows;
  const tree = roomTree(columns, rows, rng, NEWEST + (1 - NEWEST) * rng.next());
  const { rule } = ruleCells(tree, n, rng);
  const { most } = numberRange(follow);
  const cells = new Int32Array(n);
  for (let c = 0; c < n; c++) if (rule[c] === 1) cells[c] = drawNumber(follow, most, true, rng);
  for (let c = 0; c < n; c++) {
    if (rule[c] === 1) continue;
    // A near miss beside a cell that follows the rule: one more or one less than it.
    const near: number[] = [];
    eachNeighbour(columns, rows, c, (d) => {
      if (rule[d] === 1) near.push(cells[d]);
    });
    let v = 0;
    if (near.length > 0 && rng.next() < 0.7) {
      const base = near[rng.int(near.length)];
      const up = rng.int(2) === 1;
      v = up ? base + 1 : base - 1;
      if (v < 1 || v > most || obeys(follow, v)) v = up ? base - 1 : base + 1;
      if (v < 1 || v > most || obeys(follow, v)) v = 0;
    }
    cells[c] = v > 0 ? v : drawNumber(follow, most, false, rng);
  }
  return puzzleOf({ kind: 'numbers', follow }, columns, rows, cells, tree);
}

function puzzleOf(
  rule: RulePuzzle['rule'],
  columns: number,
  rows: number,
  cells: Int32Array,
  tree: ReturnType<typeof roomTree>,
): RulePuzzle {
  return {
    rule,
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

/** A count-up maze: the way numbered 1, 2, 3, …; decoys count on from where they leave it. */
function countUpMaze(columns: number, rows: number, rng: Rng): RulePuzzle {
  const n = columns * rows;
  const tree = roomTree(columns, rows, rng, NEWEST + (1 - NEWEST) * rng.next());
  const { rule, depth, onPath } = ruleCells(tree, n, rng);
  const length = tree.path.length;
  const cells = new Int32Array(n);
  const isDecoy = new Uint8Array(n);
  tree.path.forEach((c, i) => {
    cells[c] = i + 1;
  });
  // A decoy cell continues the count of the way cell its branch leaves: depth d beyond way number v is v + d.
  for (let c = 0; c < n; c++) {
    if (rule[c] === 0 || onPath[c] >= 0 || depth[c] < 0) continue;
    let top = c;
    while (onPath[top] < 0 && tree.parent[top] >= 0) top = tree.parent[top];
    if (onPath[top] < 0) continue;
    cells[c] = onPath[top] + 1 + depth[c];
    isDecoy[c] = 1;
  }
  const most = length + 4;
  for (let c = 0; c < n; c++) {
    if (cells[c] !== 0) continue;
    const near: number[] = [];
    eachNeighbour(columns, rows, c, (d) => {
      if (onPath[d] >= 0) near.push(cells[d]);
    });
    // A near miss: the neighbour's own number, one less, or two or three more (never its next).
    const shifts = [0, -1, 2, 3];
    const v = near.length > 0 ? near[rng.int(near.length)] + shifts[rng.int(4)] : 1 + rng.int(most);
    cells[c] = Math.max(1, v);
  }
  const puzzle = puzzleOf({ kind: 'numbers', follow: { kind: 'count-up' } }, columns, rows, cells, tree);
  repairCountUp(puzzle, isDecoy, most, rng);
  return puzzle;
}

/**
 * Removes every way round the count-up path: while a second path exists, each cell off the way that lies on
 * a path from start to goal (reachable from the start and reaching the goal) takes a number none of its
 * neighbours is one away from (fillers first, decoys only when no filler is to blame). Each round cuts every
 * such cell out of the graph, so a round or two suffices; bounded at the number of cells.
 */
function repairCountUp(p: RulePuzzle, isDecoy: Uint8Array, most: number, rng: Rng): void {
  const n = p.columns * p.rows;
  const onPath = new Uint8Array(n);
  for (const c of p.path) onPath[c] = 1;
  for (let round = 0; round < n; round++) {
    const g = numbersMoves(p);
    if (orderedPaths(g, p.start, p.goal).count === 1) return;
    const from = reachable(g, p.start);
    const to = reachable(reverseMoves(g), p.goal);
    const blamed: number[] = [];
    for (let c = 0; c < n; c++) if (from[c] && to[c] && !onPath[c]) blamed.push(c);
    const fillers = blamed.filter((c) => isDecoy[c] === 0);
    for (const c of fillers.length > 0 ? fillers : blamed) {
      p.cells[c] = safeNumber(p, c, most, rng);
      isDecoy[c] = 0;
    }
  }
  throw new Error('internal: a count-up maze kept a second way');
}

/** A number for cell c that is not one away from any neighbour's (so c joins no move). */
function safeNumber(p: RulePuzzle, c: number, most: number, rng: Rng): number {
  const near: number[] = [];
  eachNeighbour(p.columns, p.rows, c, (d) => {
    near.push(p.cells[d]);
  });
  for (let tries = 0; tries < 32; tries++) {
    const v = 1 + rng.int(most);
    if (near.every((u) => Math.abs(u - v) !== 1)) return v;
  }
  // Beyond every neighbour's number by two or more.
  return Math.max(...near) + 2;
}

/** A number maze of the given rule. */
export function generateNumbers(follow: NumbersFollow, columns: number, rows: number, rng: Rng): RulePuzzle {
  return follow.kind === 'count-up'
    ? countUpMaze(columns, rows, rng)
    : propertyMaze(follow, columns, rows, rng);
}

/** The moves of a number maze (see the file's comment). */
export function numbersMoves(p: RulePuzzle): MoveGraph {
  if (p.rule.kind !== 'numbers') throw new Error('internal: not a number maze');
  const { follow } = p.rule;
  const { columns, rows, cells } = p;
  if (follow.kind === 'count-up') {
    return buildMoves(columns * rows, 4, (c, add) => {
      eachNeighbour(columns, rows, c, (d) => {
        if (cells[d] === cells[c] + 1) add(d);
      });
    });
  }
  return buildMoves(columns * rows, 4, (c, add) => {
    if (!obeys(follow, cells[c])) return;
    eachNeighbour(columns, rows, c, (d) => {
      if (obeys(follow, cells[d])) add(d);
    });
  });
}

/** Proves a number maze: its solutions counted (up to 2) with its rule's solver. */
export function proveNumbers(p: RulePuzzle, g = numbersMoves(p)): PathCount & { method: string } {
  if (p.rule.kind !== 'numbers') throw new Error('internal: not a number maze');
  if (p.rule.follow.kind === 'count-up') return { ...orderedPaths(g, p.start, p.goal), method: 'in order' };
  if (!obeys(p.rule.follow, p.cells[p.start]) || !obeys(p.rule.follow, p.cells[p.goal]))
    return { count: 0, work: 0, exhausted: false, method: 'bridges' };
  return { ...bridgedPath(g, p.start, p.goal), method: 'bridges' };
}
