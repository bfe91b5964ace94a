import { UserError } from '../base/errors.js';
import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { EndPlacement } from './ends/end-placement.js';
import { chooseEnds } from './reveal-ends.js';
import { type ForestOptions, growTrunks, hangLeftovers } from './reveal-forest.js';
import {
  closeHoles,
  FREE,
  type Growth,
  growPath,
  newPaths,
  type Paths,
  pathCells,
  RESERVED,
  ROUTE,
  randomNeighbour,
} from './reveal-paths.js';
import { cheapestRoute, windRoute } from './reveal-route.js';
import { followWall, type Hand, ringPlace, wallRings } from './wall-follower.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * A hidden-picture maze: a perfect maze whose one route from entry to exit runs through the target cells
 * (a picture's dark cells; its light ones for a reverse picture) and hardly anywhere else, so that colouring
 * the route reveals the picture.
 *
 * 1. Ends on the rim, at least a third of the rim apart (`chooseEnds`), so that both sides of the route have
 *    cells beside them (Okamoto and Uehara's picture mazes open side by side).
 * 2. The route: the cheapest path between them through the picture (`cheapestRoute`), made to wind by a
 *    loop-erased random walk (`windRoute`), then grown by detours until it fills the picture, its holes
 *    closed as far as they can be (`reveal-paths`). A few target cells, `spurs` per cell, are kept out of it
 *    first. The holes left are the picture's dead ends: one cell each, on both sides of the route.
 * 3. The background: trunks grown by the same detours (`growTrunks`), so its corridors look like the
 *    route's; cells left over hang from a neighbour on the tree; trunks are cut in two where the background
 *    has fewer dead ends per cell than the picture (`matchDeadEnds`).
 * 4. Neither a right-hand nor a left-hand wall-follower may walk from the entry to the exit without turning
 *    back at a dead end: if one could, a branch beside the route on that walker's side is hung from the route
 *    (Okamoto and Uehara's route is solved by a hand on the wall).
 */
export interface RevealOptions extends ForestOptions {
  /** Target cells per cell kept out of the route beforehand, as dead ends. */
  spurs: number;
}

export const REVEAL_OPTIONS: RevealOptions = {
  spurs: 0.01,
  hairs: 0.1,
  trunk: 400,
  pocket: 2,
  tipChance: 0.1,
  holeMoves: 8,
};

export interface RevealCarved {
  open: Uint8Array;
  entryWall: number;
  exitWall: number;
  /** The route's cells, entry cell first. */
  route: Int32Array;
}

/**
 * @param target 1 for each cell the route should run through
 * @throws UserError when the ends cannot be placed
 */
export function revealMaze(
  grid: Grid,
  target: Uint8Array,
  entry: EndPlacement,
  exit: EndPlacement,
  rng: Rng,
  where: string,
  options: RevealOptions = REVEAL_OPTIONS,
): RevealCarved {
  const n = grid.cellCount;
  const { entryWall, exitWall } = chooseEnds(grid, target, entry, exit, rng, where);
  const state = new Uint8Array(n).fill(FREE);
  const paths = newPaths(n);
  const from = grid.wallCellA[entryWall];
  const to = grid.wallCellA[exitWall];
  if (!cheapestRoute(grid, target, state, paths, from, to)) {
    throw new UserError(where, 'the maze has no way between its entry and exit');
  }
  windRoute(grid, target, state, paths, from, to, rng);
  const inTarget = (c: number): boolean => target[c] !== 0;
  reserve(grid, state, options.spurs, inTarget, rng);
  const routeGrowth: Growth = { allowed: target, mark: ROUTE, tips: false, tipChance: 0, cap: n };
  growPath(grid, paths, state, [...pathCells(paths, from)], routeGrowth, rng);
  closeHoles(grid, paths, state, routeGrowth, rng, options.holeMoves * n);
  const background = new Uint8Array(n);
  for (let c = 0; c < n; c++) if (target[c] === 0 && state[c] === FREE) background[c] = 1;
  const route = pathCells(paths, from);
  growTrunks(grid, paths, state, background, route, rng, options);
  const parent = hangLeftovers(grid, state, rng);
  const open = openWalls(grid, paths, parent);
  matchDeadEnds(grid, open, paths, parent, target, route, rng);
  keepWallFollowersHonest(grid, open, paths, parent, route, entryWall, to, rng);
  open[entryWall] = 1;
  open[exitWall] = 1;
  return { open, entryWall, exitWall, route };
}

/** The least {@link pictureMatch} a hidden-picture maze is expected to reach; under it the author is warned. */
export const REVEAL_MIN_MATCH = 0.9;

/**
 * How closely colouring a hidden-picture maze's answer draws its picture: intersection over union of the
 * coloured cells (the route's, or every cell off it for a reverse picture) and the picture's dark cells.
 * @param dark 1 for each dark cell of the picture
 * @param route the route's cells
 */
export function pictureMatch(dark: Uint8Array, route: ArrayLike<number>, reverse: boolean): number {
  const onRoute = new Uint8Array(dark.length);
  for (let i = 0; i < route.length; i++) onRoute[route[i]] = 1;
  let both = 0;
  let either = 0;
  for (let c = 0; c < dark.length; c++) {
    const coloured = (onRoute[c] !== 0) !== reverse;
    if (coloured && dark[c] !== 0) both++;
    if (coloured || dark[c] !== 0) either++;
  }
  return either === 0 ? 0 : both / either;
}

/**
 * Gives the background as many dead ends per cell as the picture has (its holes): where it has fewer, trunks
 * are cut in two — a trunk cell is hung from another neighbour on the tree instead of the cell before it,
 * which becomes a dead end — at random places, each the place of one more dead end and one more junction.
 * The route is never cut.
 */
function matchDeadEnds(
  grid: Grid,
  open: Uint8Array,
  paths: Paths,
  parent: Int32Array,
  target: Uint8Array,
  route: Int32Array,
  rng: Rng,
): void {
  const n = grid.cellCount;
  // The route's corridors from the rim to the picture are off the target too, but never cut: the route
  // would then run through the background.
  const onRoute = new Uint8Array(n);
  for (const c of route) onRoute[c] = 1;
  const degree = new Int32Array(n);
  for (let w = 0; w < grid.wallCount; w++) {
    if (open[w] === 0 || grid.wallCellB[w] < 0) continue;
    degree[grid.wallCellA[w]]++;
    degree[grid.wallCellB[w]]++;
  }
  let inside = 0;
  let insideCells = 0;
  let outside = 0;
  const cuttable: number[] = [];
  for (let c = 0; c < n; c++) {
    if (target[c] !== 0) {
      insideCells++;
      if (degree[c] === 1) inside++;
      continue;
    }
    if (degree[c] === 1) outside++;
    if (paths.prev[c] >= 0 && onRoute[c] === 0) cuttable.push(c);
  }
  const want = Math.round((inside / Math.max(1, insideCells)) * (n - insideCells));
  const link = (x: number): number =>
    parent[x] >= 0 ? parent[x] : paths.prev[x] >= 0 ? paths.prev[x] : paths.hang[x];
  /** Whether c hangs from b (b lies on c's way to the route). */
  const below = (c: number, b: number): boolean => {
    for (let x = c, k = 0; x >= 0 && k <= n; x = link(x), k++) if (x === b) return true;
    return false;
  };
  let tries = 4 * cuttable.length;
  let budget = stepBudget(grid);
  while (outside < want && cuttable.length > 0 && tries-- > 0) {
    if (--budget < 0) throw runaway('reveal dead ends', grid);
    const i = rng.int(cuttable.length);
    const b = cuttable[i];
    cuttable[i] = cuttable[cuttable.length - 1];
    cuttable.pop();
    const a = paths.prev[b];
    if (a < 0 || degree[a] !== 2 || target[a] !== 0) continue;
    // Another neighbour to hang b from: on the tree, not hanging from b, not a dead end (it would stop being one).
    const c = randomNeighbour(
      grid,
      b,
      (m) => m !== a && degree[m] >= 2 && !open[wallOf(grid, b, m)] && !below(m, b),
      rng,
    );
    if (c < 0) continue;
    rehang(grid, open, paths, parent, b, c);
    degree[a]--;
    degree[c]++;
    outside++;
  }
}

/**
 * Marks FREE cells that `where` accepts RESERVED at random, about `density` of them, never two side by side
 * (each becomes a one-cell dead end).
 */
function reserve(
  grid: Grid,
  state: Uint8Array,
  density: number,
  where: (c: number) => boolean,
  rng: Rng,
): void {
  if (density <= 0) return;
  for (let c = 0; c < grid.cellCount; c++) {
    if (state[c] !== FREE || !where(c) || rng.next() >= density) continue;
    let alone = true;
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1] && alone; k++)
      if (state[grid.adjCell[k]] === RESERVED) alone = false;
    if (alone) state[c] = RESERVED;
  }
}

/** The open walls of the paths' steps, of each trunk's first cell to the cell it hangs from, and of leftovers. */
function openWalls(grid: Grid, paths: Paths, parent: Int32Array): Uint8Array {
  const open = new Uint8Array(grid.wallCount);
  for (let c = 0; c < grid.cellCount; c++) {
    if (paths.next[c] >= 0) open[wallOf(grid, c, paths.next[c])] = 1;
    if (paths.hang[c] >= 0) open[wallOf(grid, c, paths.hang[c])] = 1;
    if (parent[c] >= 0) open[wallOf(grid, c, parent[c])] = 1;
  }
  return open;
}

function wallOf(grid: Grid, a: number, b: number): number {
  for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++)
    if (grid.adjCell[k] === b) return grid.adjWall[k];
  throw new Error('internal: cells of a hidden-picture maze are not neighbours');
}

/**
 * Makes sure each hand's wall-follower meets a dead end before the exit: where one walks straight through,
 * a cell beside the route on that walker's side is hung from the route there, with everything that hangs from
 * it (a cell whose link to the tree is not to the route, where there is one, so no branch of the route is
 * lost). A maze with no cell beside the route on that side (a route along the rim) is left as it is.
 */
function keepWallFollowersHonest(
  grid: Grid,
  open: Uint8Array,
  paths: Paths,
  parent: Int32Array,
  route: Int32Array,
  entryWall: number,
  exitCell: number,
  rng: Rng,
): void {
  const onRoute = new Uint8Array(grid.cellCount);
  for (const c of route) onRoute[c] = 1;
  for (const hand of ['right', 'left'] as const) {
    const probe = open.slice();
    probe[entryWall] = 1;
    if (followWall(grid, probe, entryWall, exitCell, hand).turnedBack) continue;
    const options = sideCells(grid, open, route, onRoute, entryWall, hand);
    if (options.length === 0) continue;
    const link = (x: number): number => {
      if (parent[x] >= 0) return parent[x];
      // A path cell's link to the rest of the tree is the step towards its trunk's first cell.
      return paths.prev[x] >= 0 ? paths.prev[x] : paths.hang[x];
    };
    const loose = options.filter(([x]) => onRoute[link(x)] === 0);
    const pool = loose.length > 0 ? loose : options;
    const [x, r] = pool[rng.int(pool.length)];
    rehang(grid, open, paths, parent, x, r);
  }
}

/**
 * Cuts cell x off the tree at its link towards the route and hangs it from r, with everything beyond it. A
 * trunk cut in its middle becomes two: x and the cells after it are a trunk hanging from r; the cells before
 * x stay a trunk hanging where it did.
 */
function rehang(grid: Grid, open: Uint8Array, paths: Paths, parent: Int32Array, x: number, r: number): void {
  if (parent[x] >= 0) {
    open[wallOf(grid, x, parent[x])] = 0;
    parent[x] = r;
    open[wallOf(grid, x, r)] = 1;
    return;
  }
  const { next, prev, hang, kids } = paths;
  const back = prev[x] >= 0 ? prev[x] : hang[x];
  open[wallOf(grid, x, back)] = 0;
  open[wallOf(grid, x, r)] = 1;
  kids[r]++;
  if (prev[x] < 0) {
    kids[hang[x]]--;
    hang[x] = r;
    return;
  }
  // Only x's link changes; the open walls along both parts stay.
  next[back] = -1;
  prev[x] = -1;
  hang[x] = r;
}

/**
 * Cells off the route beside a route cell r on `hand`'s side of the route — between the wall the route comes
 * in by and the wall it leaves by, the way that hand's walker sweeps round r — as [cell, r] pairs.
 */
function sideCells(
  grid: Grid,
  open: Uint8Array,
  route: Int32Array,
  onRoute: Uint8Array,
  entryWall: number,
  hand: Hand,
): [number, number][] {
  const { start, walls } = wallRings(grid);
  const dir = hand === 'right' ? -1 : 1;
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < route.length; i++) {
    const r = route[i];
    const came = i === 0 ? entryWall : wallOf(grid, r, route[i - 1]);
    const leave = wallOf(grid, r, route[i + 1]);
    const s = start[r];
    const size = start[r + 1] - s;
    const at = ringPlace(walls, s, size, came);
    for (let t = 1; t < size; t++) {
      const w = walls[s + ((((at + dir * t) % size) + size) % size)];
      if (w === leave) break;
      const other = grid.wallCellA[w] === r ? grid.wallCellB[w] : grid.wallCellA[w];
      if (other < 0 || open[w] !== 0 || onRoute[other] !== 0) continue;
      out.push([other, r]);
    }
  }
  return out;
}
