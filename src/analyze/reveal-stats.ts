import type { Maze } from '../generate/maze.js';
import { wallMidpoint } from '../grid/grid.js';
import type { Solution } from './solve.js';

/**
 * How well a hidden-picture maze keeps its promises, measured on the finished maze:
 *
 * - `iou`: intersection over union of the coloured cells (the route's; for a reverse picture every cell off
 *   it) and the picture's dark cells at the grid's resolution (1 is a perfect copy);
 * - the texture inside the picture's cells and outside them, which should be alike so the picture does not
 *   show before it is coloured: dead ends and junctions per cell, the share of corridor cells where the way
 *   turns, the mean length of a corridor between two forks or ends, the mean length of a dead-end branch
 *   (from its dead end to the fork it leaves), and the share of walls that are open — inside, outside, and
 *   across the picture's outline (a closed outline would draw the picture).
 */
export interface RevealStats {
  iou: number;
  inside: TextureStats;
  outside: TextureStats;
  /** Share of the walls between a dark and a light cell that are open. */
  outlineOpen: number;
}

export interface TextureStats {
  cells: number;
  deadEnds: number;
  junctions: number;
  /** Share of the cells with two open walls where the way turns. */
  turns: number;
  /** Mean cells in a corridor between forks or dead ends (whose middle cell is here). */
  corridor: number;
  /** Mean cells in a dead-end branch, dead end to fork (whose dead end is here). */
  branch: number;
  /** Share of the walls between two of these cells that are open. */
  open: number;
}

/**
 * The cells a hidden-picture maze's answer colours, 1 each: the route's, or for a reverse picture every cell
 * off the route (the wrong turns).
 */
export function colouredCells(cellCount: number, solution: Solution, reverse: boolean): Uint8Array {
  const out = new Uint8Array(cellCount).fill(reverse ? 1 : 0);
  for (const c of solution.cells) out[c] = reverse ? 0 : 1;
  return out;
}

/**
 * @param dark 1 for each cell of the picture's dark area
 * @param coloured 1 for each cell the answer colours (the route, or the cells off it for a reverse picture)
 */
export function revealStats(maze: Maze, dark: Uint8Array, coloured: Uint8Array): RevealStats {
  const { grid, open } = maze;
  const n = grid.cellCount;
  let both = 0;
  let either = 0;
  for (let c = 0; c < n; c++) {
    if (dark[c] !== 0 && coloured[c] !== 0) both++;
    if (dark[c] !== 0 || coloured[c] !== 0) either++;
  }
  const degree = openDegrees(maze);
  let outline = 0;
  let outlineOpen = 0;
  for (let w = 0; w < grid.wallCount; w++) {
    const b = grid.wallCellB[w];
    if (b < 0 || (dark[grid.wallCellA[w]] !== 0) === (dark[b] !== 0)) continue;
    outline++;
    if (open[w] !== 0) outlineOpen++;
  }
  return {
    iou: either > 0 ? both / either : 0,
    inside: regionTexture(maze, degree, (c) => dark[c] !== 0),
    outside: regionTexture(maze, degree, (c) => dark[c] === 0),
    outlineOpen: outline > 0 ? outlineOpen / outline : 0,
  };
}

/** The number of open walls between cells (rim openings not counted) of each cell. */
function openDegrees(maze: Maze): Int32Array {
  const { grid, open } = maze;
  const degree = new Int32Array(grid.cellCount);
  for (let w = 0; w < grid.wallCount; w++) {
    if (open[w] === 0 || grid.wallCellB[w] < 0) continue;
    degree[grid.wallCellA[w]]++;
    degree[grid.wallCellB[w]]++;
  }
  return degree;
}

/** Measures the texture of the cells `here` picks (`degree`: open walls per cell, from openDegrees). */
function regionTexture(maze: Maze, degree: Int32Array, here: (c: number) => boolean): TextureStats {
  const { grid, open } = maze;
  const n = grid.cellCount;
  let cells = 0;
  let deadEnds = 0;
  let junctions = 0;
  let passing = 0;
  let turning = 0;
  for (let c = 0; c < n; c++) {
    if (!here(c)) continue;
    cells++;
    if (degree[c] === 1) deadEnds++;
    else if (degree[c] >= 3) junctions++;
    else if (degree[c] === 2) {
      passing++;
      if (turnsIn(maze, c)) turning++;
    }
  }
  const corridors = corridorLengths(maze, degree, here);
  const branches = branchLengths(maze, degree, here);
  let walls = 0;
  let opened = 0;
  for (let w = 0; w < grid.wallCount; w++) {
    const b = grid.wallCellB[w];
    if (b < 0 || !here(grid.wallCellA[w]) || !here(b)) continue;
    walls++;
    if (open[w] !== 0) opened++;
  }
  return {
    cells,
    deadEnds: cells > 0 ? deadEnds / cells : 0,
    junctions: cells > 0 ? junctions / cells : 0,
    turns: passing > 0 ? turning / passing : 0,
    corridor: mean(corridors),
    branch: mean(branches),
    open: walls > 0 ? opened / walls : 0,
  };
}

/** Whether the way through a cell with two open walls turns (its walls' midpoints are not opposite). */
function turnsIn(maze: Maze, c: number): boolean {
  const { grid, open } = maze;
  const dirs: [number, number][] = [];
  for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
    const w = grid.adjWall[k];
    if (open[w] === 0) continue;
    const [mx, my] = wallMidpoint(grid, w);
    dirs.push([mx - grid.cellX[c], my - grid.cellY[c]]);
  }
  const [a, b] = dirs;
  const cos = (a[0] * b[0] + a[1] * b[1]) / Math.hypot(a[0], a[1]) / Math.hypot(b[0], b[1]);
  return cos > -0.99;
}

/** The cells joined to cell c by an open wall. */
function openNeighbours(maze: Maze, c: number): number[] {
  const { grid, open } = maze;
  const out: number[] = [];
  for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++)
    if (open[grid.adjWall[k]] !== 0) out.push(grid.adjCell[k]);
  return out;
}

/** Corridors: runs of cells with two open walls, with the node cells at their ends not counted. */
function corridorLengths(maze: Maze, degree: Int32Array, here: (c: number) => boolean): number[] {
  const n = maze.grid.cellCount;
  const seen = new Uint8Array(n);
  const out: number[] = [];
  for (let s = 0; s < n; s++) {
    if (degree[s] !== 2 || seen[s]) continue;
    const run = [s];
    seen[s] = 1;
    for (const first of openNeighbours(maze, s)) {
      let prev = s;
      let c = first;
      while (degree[c] === 2 && !seen[c]) {
        seen[c] = 1;
        run.push(c);
        const [x, y] = openNeighbours(maze, c);
        const nextCell = x === prev ? y : x;
        prev = c;
        c = nextCell;
      }
    }
    // The run's cells are not in walking order; its middle by index stands in for its place.
    if (here(run[run.length >> 1])) out.push(run.length);
  }
  return out;
}

/** Dead-end branches: from each dead end along cells of two open walls to the first fork. */
function branchLengths(maze: Maze, degree: Int32Array, here: (c: number) => boolean): number[] {
  const n = maze.grid.cellCount;
  const out: number[] = [];
  for (let s = 0; s < n; s++) {
    if (degree[s] !== 1 || !here(s)) continue;
    let length = 1;
    let prev = s;
    let c = openNeighbours(maze, s)[0];
    while (c !== undefined && degree[c] === 2 && length <= n) {
      length++;
      const [x, y] = openNeighbours(maze, c);
      const nextCell = x === prev ? y : x;
      prev = c;
      c = nextCell;
    }
    out.push(length);
  }
  return out;
}

function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let s = 0;
  for (const v of values) s += v;
  return s / values.length;
}
