import type { Grid } from '../grid/grid.js';

/**
 * A walker who keeps one hand on the wall: from the entry, at every cell it takes the first opening on its
 * hand's side (right hand: right, then straight on, then left, then back the way it came). In a perfect maze it
 * always reaches the exit; the question a picture maze asks of it is whether it had to turn back at a dead end
 * on the way (Okamoto and Uehara's mazes let a right-hand walker through without one).
 *
 * A cell's walls are taken in order round its centre (by the angle of each wall's midpoint), so the walker
 * works on every tiling. Grid coordinates have y down, so increasing angle is clockwise on the page.
 */
export type Hand = 'right' | 'left';

/** Each cell's walls (inner and rim) in clockwise order round its centre, CSR like the grid's own lists. */
export interface WallRings {
  start: Int32Array;
  walls: Int32Array;
}

const ringsOf = new WeakMap<Grid, WallRings>();

/** The walls of every cell in clockwise order on the page (made once per grid). */
export function wallRings(grid: Grid): WallRings {
  const hit = ringsOf.get(grid);
  if (hit) return hit;
  const n = grid.cellCount;
  const start = new Int32Array(n + 1);
  for (let c = 0; c < n; c++) {
    start[c + 1] =
      start[c] + grid.adjStart[c + 1] - grid.adjStart[c] + grid.rimStart[c + 1] - grid.rimStart[c];
  }
  const walls = new Int32Array(start[n]);
  const order: number[] = [];
  for (let c = 0; c < n; c++) {
    order.length = 0;
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) order.push(grid.adjWall[k]);
    for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++) order.push(grid.rimWall[k]);
    const at = new Map<number, number>();
    for (const w of order) {
      const mx = (grid.vertexX[grid.wallV0[w]] + grid.vertexX[grid.wallV1[w]]) / 2;
      const my = (grid.vertexY[grid.wallV0[w]] + grid.vertexY[grid.wallV1[w]]) / 2;
      at.set(w, Math.atan2(my - grid.cellY[c], mx - grid.cellX[c]));
    }
    order.sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0) || a - b);
    for (let i = 0; i < order.length; i++) walls[start[c] + i] = order[i];
  }
  const rings = { start, walls };
  ringsOf.set(grid, rings);
  return rings;
}

export interface WallWalk {
  /** Whether the walker reached the exit cell (within the step limit). */
  reached: boolean;
  /** Whether it turned back at a dead end before it got there. */
  turnedBack: boolean;
  /** Cells entered, the entry cell first. */
  steps: number;
}

/**
 * Walks from the entry (coming in through `entryWall`) keeping `hand` on the wall, until the exit cell, or
 * at most 4 steps per cell (an Euler tour of a tree takes under 2). Rim walls are walls, the openings
 * included.
 */
export function followWall(
  grid: Grid,
  open: Uint8Array,
  entryWall: number,
  exitCell: number,
  hand: Hand,
): WallWalk {
  const { start, walls } = wallRings(grid);
  let cell = grid.wallCellA[entryWall];
  let came = entryWall;
  let turnedBack = false;
  const limit = 4 * grid.cellCount + 4;
  let steps = 1;
  // Right hand: the wall before the one came through, going anticlockwise round the cell; left: clockwise.
  const dir = hand === 'right' ? -1 : 1;
  // The walk's own limit is its budget: past it, it reports the exit not reached.
  let budget = limit;
  while (cell !== exitCell) {
    if (--budget < 0) return { reached: false, turnedBack, steps };
    const s = start[cell];
    const size = start[cell + 1] - s;
    const at = ringPlace(walls, s, size, came);
    let out = -1;
    for (let t = 1; t <= size; t++) {
      const w = walls[s + ((((at + dir * t) % size) + size) % size)];
      if (open[w] !== 0 && grid.wallCellB[w] >= 0) {
        out = w;
        break;
      }
    }
    if (out < 0) return { reached: false, turnedBack, steps };
    if (out === came) turnedBack = true;
    cell = grid.wallCellA[out] === cell ? grid.wallCellB[out] : grid.wallCellA[out];
    came = out;
    steps++;
  }
  return { reached: true, turnedBack, steps };
}

/**
 * The place of `wall` in a cell's ring of walls (`walls[start … start + size)`).
 * @throws Error when the wall is not the cell's (an internal bug)
 */
export function ringPlace(walls: Int32Array, start: number, size: number, wall: number): number {
  for (let at = 0; at < size; at++) if (walls[start + at] === wall) return at;
  throw new Error('internal: a wall is not in its cell’s ring');
}
