import type { Maze } from '../generate/maze.js';
import type { Grid } from '../grid/grid.js';
import { positionalIndices, stepWeight } from './indices.js';
import type { Solution } from './solve.js';

/**
 * The parts of a maze's difficulty that can be read from its structure alone (no simulated walks), on the cell
 * graph of any topology, with loops and one-way passages. Each is a count of steps a solver spends, so the
 * difficulty model (difficulty-model.ts) can weigh them against the simulated search. Linear in cells.
 *
 * - route: tracing the solution itself — its steps, and its turning (McClendon's hallway complexity: the
 *   change of direction along a hallway, here in right angles, measured between the chords of consecutive
 *   steps, so that the zigzag of a straight triangle corridor counts only at its two ends, 2/3 right angle);
 * - decisions: at every junction on the route, each wrong branch costs the cells behind it, weighted by the
 *   chance that a solver drawn towards the exit tries it before the right way (w_b / (w_b + w_route), with
 *   the directional simulator's step weights) and discounted for branches small enough to dismiss at a
 *   glance. On a perfect maze without that discount this is the exact mean overlap steps of the `directional`
 *   simulator (which does not see areas its own path has sealed off). A region of off-route cells reached by k passages from the route
 *   (a loop through it) counts a k-th of its cells per passage;
 * - cycling: cells off the route that lie on loops (the 2-core of the passage graph, off the route), where a
 *   solver can go round and round and no dead end tells them they went wrong.
 */
export interface Effort {
  route: {
    /** Moves from the entry cell to the exit cell along the solution. */
    steps: number;
    /** Total change of direction along the solution, in right angles. */
    turning: number;
    /** Pieces of the solution between junctions (McClendon's hallways). */
    hallways: number;
  };
  decisions: {
    /** Route cells with at least one wrong branch that may be entered. */
    junctions: number;
    /** Wrong branches leaving the route. */
    branches: number;
    /** Expected cells explored in wrong branches (see above). */
    cells: number;
    /** The costliest junction: its step along the route (0 = entry cell) and its share of `cells`. */
    worst: { step: number; cells: number };
  };
  cycling: {
    /** Off-route cells on loops. */
    cells: number;
    /** Independent loops: open passages − cells + 1. */
    loops: number;
  };
}

/**
 * A branch of b cells counts b²/(b + GLANCE): a two-cell stub costs 0.8 cells, a 50-cell branch 47. People
 * dismiss a short dead end by looking at it; the simulated solvers walk into it.
 */
export const GLANCE = 3;

/** Right angle in radians. */
const QUARTER = Math.PI / 2;

/**
 * Reads the structural parts of the effort of solving `maze`.
 * @param solution the shortest route from entry to exit (solve(maze)), in walking order
 * @param glance branch size (cells) dismissed at a glance; 0 counts every branch in full
 */
export function measureEffort(maze: Maze, solution: Solution, glance = GLANCE): Effort {
  const { grid, open } = maze;
  const n = grid.cellCount;
  const route = solution.cells;
  const last = route.length - 1;
  const pos = new Int32Array(n).fill(-1);
  for (let i = 0; i <= last; i++) pos[route[i]] = i;
  const { degree, passages } = passageDegrees(grid, open);
  const { turning, hallways } = routeTurns(grid, route, degree);
  const regions = offRouteRegions(grid, open, pos);
  const decisions = wrongBranches(maze, route, pos, regions, glance);
  // A tree (no more passages than a tree has, every region joined to the route) has no cells on loops.
  const tree = passages === n - 1 && regions.attachments.every((a) => a >= 1);
  return {
    route: { steps: last, turning, hallways },
    decisions,
    cycling: { cells: tree ? 0 : cellsOnLoops(grid, open, degree, pos), loops: passages - n + 1 },
  };
}

/** Open inner passages per cell (rim openings are not passages), and in all. */
function passageDegrees(grid: Grid, open: Uint8Array): { degree: Int32Array; passages: number } {
  const degree = new Int32Array(grid.cellCount);
  let passages = 0;
  for (let w = 0; w < grid.wallCount; w++) {
    const b = grid.wallCellB[w];
    if (open[w] === 0 || b < 0) continue;
    degree[grid.wallCellA[w]]++;
    degree[b]++;
    passages++;
  }
  return { degree, passages };
}

/**
 * The route's turning, in right angles between the chords of consecutive steps, and its hallways (the route
 * split at junctions).
 */
function routeTurns(
  grid: Grid,
  route: Int32Array,
  degree: Int32Array,
): { turning: number; hallways: number } {
  const last = route.length - 1;
  let turning = 0;
  let hallways = 1;
  const { cellX, cellY } = grid;
  if (last >= 1) {
    // The chord at step i runs from the cell before to the cell after (the ends use themselves).
    let px = cellX[route[1]] - cellX[route[0]];
    let py = cellY[route[1]] - cellY[route[0]];
    for (let i = 1; i <= last; i++) {
      const a = route[i - 1];
      const b = route[Math.min(last, i + 1)];
      const qx = cellX[b] - cellX[a];
      const qy = cellY[b] - cellY[a];
      const cross = px * qy - py * qx;
      const dot = px * qx + py * qy;
      turning += Math.abs(Math.atan2(cross, dot)) / QUARTER;
      px = qx;
      py = qy;
      if (i < last && degree[route[i]] >= 3) hallways++;
    }
  }
  return { turning, hallways };
}

/**
 * The off-route regions: connected pieces of the passage graph once the route's cells are taken out, each
 * cell's region (-1 on the route), and each region's size and passages joining it to the route.
 */
interface OffRoute {
  region: Int32Array;
  sizes: number[];
  attachments: number[];
}

function offRouteRegions(grid: Grid, open: Uint8Array, pos: Int32Array): OffRoute {
  const n = grid.cellCount;
  const { adjStart, adjCell, adjWall } = grid;
  const region = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  const attachments: number[] = [];
  const queue = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    if (pos[s] >= 0 || region[s] >= 0) continue;
    const id = sizes.length;
    let head = 0;
    let tail = 0;
    let attach = 0;
    queue[tail++] = s;
    region[s] = id;
    while (head < tail) {
      const c = queue[head++];
      for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
        if (open[adjWall[k]] === 0) continue;
        const to = adjCell[k];
        if (pos[to] >= 0) attach++;
        else if (region[to] < 0) {
          region[to] = id;
          queue[tail++] = to;
        }
      }
    }
    sizes.push(tail);
    attachments.push(attach);
  }
  return { region, sizes, attachments };
}

/** Decisions: each wrong branch that may be entered from a route cell, weighted by its lure. */
function wrongBranches(
  maze: Maze,
  route: Int32Array,
  pos: Int32Array,
  { region, sizes, attachments }: OffRoute,
  glance: number,
): Effort['decisions'] {
  const { grid, open, oneWay } = maze;
  const { adjStart, adjCell, adjWall } = grid;
  const last = route.length - 1;
  const ind = positionalIndices(maze);
  let junctions = 0;
  let branches = 0;
  let cells = 0;
  let worstStep = 0;
  let worstCells = 0;
  for (let i = 0; i < last; i++) {
    const c = route[i];
    const right = stepWeight(maze, ind, c, route[i + 1]);
    let here = 0;
    let any = false;
    for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
      const w = adjWall[k];
      const to = adjCell[k];
      if (open[w] === 0 || pos[to] >= 0) continue;
      if (oneWay && oneWay[w] !== 0 && (oneWay[w] > 0 ? grid.wallCellA[w] : grid.wallCellB[w]) !== c)
        continue;
      const r = region[to];
      const size = sizes[r] / Math.max(1, attachments[r]);
      const lure = stepWeight(maze, ind, c, to);
      here += ((lure / (lure + right)) * size * size) / (size + glance);
      branches++;
      any = true;
    }
    if (any) junctions++;
    cells += here;
    if (here > worstCells) {
      worstCells = here;
      worstStep = i;
    }
  }
  return { junctions, branches, cells, worst: { step: worstStep, cells: worstCells } };
}

/**
 * Off-route cells on loops (or between them): dead ends are peeled until none is left. Uses up `degree`
 * (each cell's open passages).
 */
function cellsOnLoops(grid: Grid, open: Uint8Array, degree: Int32Array, pos: Int32Array): number {
  const n = grid.cellCount;
  const { adjStart, adjCell, adjWall } = grid;
  const queue = new Int32Array(n);
  let tail = 0;
  for (let c = 0; c < n; c++) if (degree[c] <= 1) queue[tail++] = c;
  const peeled = new Uint8Array(n);
  for (let head = 0; head < tail; head++) {
    const c = queue[head];
    peeled[c] = 1;
    for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
      const to = adjCell[k];
      if (open[adjWall[k]] === 0 || peeled[to] !== 0) continue;
      if (--degree[to] === 1) queue[tail++] = to;
    }
  }
  let cyclic = 0;
  for (let c = 0; c < n; c++) if (peeled[c] === 0 && pos[c] < 0) cyclic++;
  return cyclic;
}
