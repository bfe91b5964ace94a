import { UserError } from '../base/errors.js';
import { type Grid, wallMidpoint } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { EndPlacement } from './ends/end-placement.js';
import { wallOnSide } from './ends/fixed-ends.js';
import { outerRimWalls } from './ends/rim-parts.js';

/**
 * Where a hidden-picture maze opens: two outer rim walls at least a third of the rim apart, measured along
 * the rim (Okamoto and Uehara's picture mazes open side by side; a solver should have to cross the maze), as
 * near the picture as that allows, so that the corridors from the rim to the picture — route cells off the
 * picture — are short.
 */

/** The least share of the rim between automatic ends, both ways round. */
export const ENDS_APART = 1 / 3;

/** The outer rim walls in order round the maze (clockwise on the page from the right). */
export function rimOrder(grid: Grid): Int32Array {
  const outer = outerRimWalls(grid);
  const cx = grid.width / 2;
  const cy = grid.height / 2;
  const walls: number[] = [];
  for (let k = 0; k < grid.rimWall.length; k++) if (outer[grid.rimWall[k]]) walls.push(grid.rimWall[k]);
  const angle = new Map<number, number>();
  for (const w of walls) {
    const [x, y] = wallMidpoint(grid, w);
    angle.set(w, Math.atan2(y - cy, x - cx));
  }
  walls.sort((a, b) => (angle.get(a) ?? 0) - (angle.get(b) ?? 0) || a - b);
  return Int32Array.from(walls);
}

/** Steps along the rim between places i and j of a rim of `count` walls, the shorter way round. */
export function rimApart(i: number, j: number, count: number): number {
  const d = Math.abs(i - j);
  return Math.min(d, count - d);
}

/**
 * For every cell, how many cells off the target a corridor from it to the nearest target cell crosses (the
 * cell itself included; 0 on the target).
 */
function corridorCost(grid: Grid, target: Uint8Array): Int32Array {
  const n = grid.cellCount;
  const cost = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let c = 0; c < n; c++) {
    if (target[c] !== 0) {
      cost[c] = 0;
      queue[tail++] = c;
    }
  }
  for (let head = 0; head < tail; head++) {
    const c = queue[head];
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const m = grid.adjCell[k];
      if (cost[m] >= 0) continue;
      cost[m] = cost[c] + 1;
      queue[tail++] = m;
    }
  }
  return cost;
}

/**
 * The entry and exit rim walls: the author's where given (`side` ends, as every maze places them), else
 * automatic ones at least {@link ENDS_APART} of the rim from each other (and from a given end) whose
 * corridors to the target cross the fewest cells off it, chosen at random among the cheapest pairs. Of two
 * automatic ends the upper-left one is the entry.
 * @throws UserError when an end cannot be placed (a centre end, a side no rim wall faces)
 */
export function chooseEnds(
  grid: Grid,
  target: Uint8Array,
  entry: EndPlacement,
  exit: EndPlacement,
  rng: Rng,
  where: string,
): { entryWall: number; exitWall: number } {
  const rim = rimOrder(grid);
  const count = rim.length;
  const placeOf = new Map<number, number>();
  for (let i = 0; i < count; i++) placeOf.set(rim[i], i);
  const fixed = (end: EndPlacement, name: string): number => {
    if (end.kind === 'centre') {
      throw new UserError(
        where,
        `${name}: a hidden-picture maze opens on its rim, not at the centre`,
        "use a side or 'auto'",
      );
    }
    if (end.kind === 'wall') return end.wall;
    if (end.kind !== 'side') return -1;
    const found = wallOnSide(grid, end.side, end.at);
    if (found.wall < 0) throw new UserError(where, `${name}: no rim wall of this maze faces ${end.side}`);
    return found.wall;
  };
  let entryWall = fixed(entry, 'entry');
  let exitWall = fixed(exit, 'exit');
  if (entryWall >= 0 && exitWall >= 0) return checkedEnds(grid, entryWall, exitWall, where);
  const cost = corridorCost(grid, target);
  const least = Math.ceil(count * ENDS_APART);
  const cellOf = (i: number): number => grid.wallCellA[rim[i]];
  // Candidate pairs (i, j) of rim places: the cheapest, one of the ties at random (a pass to count them,
  // a pass to find the one drawn).
  const given = entryWall >= 0 ? entryWall : exitWall;
  const g = given >= 0 ? (placeOf.get(given) ?? -1) : -1;
  if (given >= 0 && g < 0) {
    throw new UserError(where, 'an end of a hidden-picture maze must be on its outer rim');
  }
  const pairs = (visit: (i: number, j: number, c: number) => boolean): void => {
    const from = g >= 0 ? g : 0;
    const to = g >= 0 ? g + 1 : count;
    for (let i = from; i < to; i++) {
      for (let j = g >= 0 ? 0 : i + 1; j < count; j++) {
        if (rimApart(i, j, count) < least || cellOf(i) === cellOf(j)) continue;
        if (!visit(i, j, cost[cellOf(i)] + cost[cellOf(j)])) return;
      }
    }
  };
  let best = Number.POSITIVE_INFINITY;
  let ties = 0;
  pairs((_i, _j, c) => {
    if (c < best) {
      best = c;
      ties = 0;
    }
    if (c === best) ties++;
    return true;
  });
  let pick: [number, number] = [-1, -1];
  let k = ties > 0 ? rng.int(ties) : -1;
  pairs((i, j, c) => {
    if (c !== best) return true;
    if (k-- > 0) return true;
    pick = [i, j];
    return false;
  });
  if (pick[0] < 0) {
    throw new UserError(where, 'the maze is too small to open its entry and exit a third of its rim apart');
  }
  let [a, b] = [rim[pick[0]], rim[pick[1]]];
  if (given >= 0) {
    if (entryWall >= 0) exitWall = b;
    else entryWall = b;
  } else {
    // The upper-left of the two is the entry, so books read from the top.
    const [ax, ay] = wallMidpoint(grid, a);
    const [bx, by] = wallMidpoint(grid, b);
    if (by < ay - 1e-9 || (Math.abs(by - ay) <= 1e-9 && bx < ax)) [a, b] = [b, a];
    entryWall = a;
    exitWall = b;
  }
  return checkedEnds(grid, entryWall, exitWall, where);
}

function checkedEnds(
  grid: Grid,
  entryWall: number,
  exitWall: number,
  where: string,
): { entryWall: number; exitWall: number } {
  if (grid.wallCellA[entryWall] === grid.wallCellA[exitWall]) {
    throw new UserError(
      where,
      'entry and exit fall on the same cell',
      'give them different sides or positions',
    );
  }
  return { entryWall, exitWall };
}
