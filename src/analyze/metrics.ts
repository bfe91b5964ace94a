import type { Maze } from '../generate/maze.js';
import { countCrossings } from '../grid/weave.js';
import type { Solution } from './solve.js';

/**
 * Whole-maze counts for reports, after the definitions in McGlinn §2 on the cell graph (cells joined by open
 * inner walls; the entry and exit openings are not neighbours). The thesis found that these do not
 * predict how long people wander — that is what the simulated solvers are for — but authors like to see them.
 */
export interface Metrics {
  cells: number;
  /** Cells on the solution, entry and exit cells included. */
  solutionLength: number;
  /** Cells with exactly one neighbour through an open wall (the entry and exit cells aside). */
  deadEnds: number;
  /** Dead ends whose corridor to the nearest junction is at least LONG_DEAD_END cells (junction excluded). */
  longDeadEnds: number;
  /** Cells with three or more neighbours through open walls, and the start cell when it has two. */
  junctions: number;
  /** Corridors between junctions and dead ends (each a maximal chain, both end cells included). */
  passages: number;
  /** Independent loops: open passages − cells + 1 (0 for a perfect maze). */
  loops: number;
  /** Loops of at least LONG_LOOP cells (measured as fundamental cycles of a breadth-first tree). */
  longLoops: number;
  /** Changes of direction along the solution (steps turning by more than 30°). */
  turns: number;
  /** Share of the solution's cells that lie on the maze's rim, in [0, 1]. */
  rimShare: number;
  /** Weave mazes only: open under-passages (crossings), and how many of them the solution runs through. */
  crossings?: number;
  routeCrossings?: number;
}

export const LONG_DEAD_END = 5;
export const LONG_LOOP = 15;
const TURN_COS = Math.cos(Math.PI / 6);

export function measure(maze: Maze, solution: Solution): Metrics {
  const { grid, open } = maze;
  const n = grid.cellCount;
  // Neighbours through open inner walls (rim openings are not neighbours).
  const nbrs = new Uint8Array(n);
  let inner = 0;
  for (let w = 0; w < grid.wallCount; w++) {
    const b = grid.wallCellB[w];
    if (open[w] === 0 || b < 0) continue;
    nbrs[grid.wallCellA[w]]++;
    nbrs[b]++;
    inner++;
  }
  const isJunction = (c: number): boolean => nbrs[c] >= 3 || (c === maze.entryCell && nbrs[c] === 2);
  const isEnd = (c: number): boolean => c === maze.entryCell || c === maze.exitCell;
  let deadEnds = 0;
  let junctions = 0;
  for (let c = 0; c < n; c++) {
    if (nbrs[c] === 1 && !isEnd(c)) deadEnds++;
    else if (isJunction(c)) junctions++;
  }

  // Walk out of every dead end to the first junction: long dead ends. Passages: chains between nodes.
  let longDeadEnds = 0;
  const node = (c: number): boolean => nbrs[c] !== 2 || isJunction(c);
  const step = (c: number, from: number): number => {
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const to = grid.adjCell[k];
      if (to !== from && open[grid.adjWall[k]] !== 0) return to;
    }
    return -1;
  };
  for (let c = 0; c < n; c++) {
    if (nbrs[c] !== 1 || isEnd(c)) continue;
    let len = 1;
    let prev = c;
    let cur = step(c, -1);
    while (cur >= 0 && !node(cur)) {
      const next = step(cur, prev);
      prev = cur;
      cur = next;
      len++;
    }
    if (len >= LONG_DEAD_END) longDeadEnds++;
  }
  // Each passage is counted from its end nodes: half an end per inner-wall step out of a node, plus
  // chains with no node at all (a cycle of corridor cells).
  let passageEnds = 0;
  for (let c = 0; c < n; c++) {
    if (!node(c)) continue;
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++)
      if (open[grid.adjWall[k]] !== 0) passageEnds++;
  }
  const passages = Math.ceil(passageEnds / 2);

  const loops = inner - n + 1;
  let longLoops = 0;
  if (loops > 0) {
    // Fundamental cycles of a BFS tree from the entry: a non-tree passage (a, b) closes a cycle of
    // depth[a] + depth[b] − 2·depth[lca] + 1 cells.
    const depth = new Int32Array(n).fill(-1);
    const parent = new Int32Array(n).fill(-1);
    const viaWall = new Int32Array(n).fill(-1);
    const queue = new Int32Array(n);
    let head = 0;
    let tail = 0;
    queue[tail++] = maze.entryCell;
    depth[maze.entryCell] = 0;
    while (head < tail) {
      const c = queue[head++];
      for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
        const to = grid.adjCell[k];
        if (open[grid.adjWall[k]] === 0 || depth[to] >= 0) continue;
        depth[to] = depth[c] + 1;
        parent[to] = c;
        viaWall[to] = grid.adjWall[k];
        queue[tail++] = to;
      }
    }
    for (let w = 0; w < grid.wallCount; w++) {
      const b = grid.wallCellB[w];
      if (open[w] === 0 || b < 0) continue;
      const a = grid.wallCellA[w];
      if (viaWall[a] === w || viaWall[b] === w) continue;
      let x = a;
      let y = b;
      let size = 1;
      while (x !== y) {
        if (depth[x] >= depth[y]) x = parent[x];
        else y = parent[y];
        size++;
      }
      if (size >= LONG_LOOP) longLoops++;
    }
  }

  let turns = 0;
  const cells = solution.cells;
  for (let i = 2; i < cells.length; i++) {
    const ax = grid.cellX[cells[i - 1]] - grid.cellX[cells[i - 2]];
    const ay = grid.cellY[cells[i - 1]] - grid.cellY[cells[i - 2]];
    const bx = grid.cellX[cells[i]] - grid.cellX[cells[i - 1]];
    const by = grid.cellY[cells[i]] - grid.cellY[cells[i - 1]];
    if ((ax * bx + ay * by) / (Math.hypot(ax, ay) * Math.hypot(bx, by)) < TURN_COS) turns++;
  }
  return {
    cells: n,
    solutionLength: cells.length,
    deadEnds,
    longDeadEnds,
    junctions,
    passages,
    loops,
    longLoops,
    turns,
    rimShare: rimShare(maze, solution),
    ...(grid.weave ? weaveCounts(maze, solution) : {}),
  };
}

/** Share of the solution's cells that lie on the maze's rim, in [0, 1] (`Metrics.rimShare`). */
export function rimShare(maze: Maze, solution: Solution): number {
  const { rimStart } = maze.grid;
  const cells = solution.cells;
  let onRim = 0;
  for (const c of cells) if (rimStart[c + 1] > rimStart[c]) onRim++;
  return cells.length > 0 ? onRim / cells.length : 0;
}

/** Independent loops: open inner walls − cells + 1 (`Metrics.loops`; 0 for a perfect maze). */
export function loopCount(maze: Maze): number {
  const { wallCount, wallCellB, cellCount } = maze.grid;
  const { open } = maze;
  let inner = 0;
  for (let w = 0; w < wallCount; w++) if (open[w] !== 0 && wallCellB[w] >= 0) inner++;
  return inner - cellCount + 1;
}

/** The crossings of a weave maze and the ones its solution runs under. */
function weaveCounts(maze: Maze, solution: Solution): { crossings: number; routeCrossings: number } {
  const under = maze.grid.weave!.under;
  let routeCrossings = 0;
  for (const w of solution.walls) if (under[w] >= 0) routeCrossings++;
  return { crossings: countCrossings(maze.grid, maze.open), routeCrossings };
}
