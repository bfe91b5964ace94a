import { UserError } from '../base/errors.js';
import { bfs } from '../grid/bfs.js';
import { type Grid, subGrid } from '../grid/grid.js';
import { cellReach } from '../grid/locate.js';
import type { RouteSketch } from '../grid/route-sketch.js';
import type { CellFlow } from '../mask/flow.js';
import type { Rng } from '../random/sfc32.js';
import { openWalls } from './algorithm.js';
import { disjointSets } from './disjoint-sets.js';
import { outerRimWalls } from './ends/rim-parts.js';
import {
  axisVectors,
  cellDirections,
  type RegionStyle,
  type ResolvedStyle,
  resolveStyle,
  stepBias,
} from './region-textures.js';
import { type AlgorithmName, algorithms } from './registry.js';
import { type TracedLine, traceSketch, wallBetween } from './route.js';
import { lengthenPath } from './route-lengthen.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * Picture mazes after Xu & Kaplan §4–5: the cells are split into regions (from a painted region map), each
 * region is filled with its own texture, and regions meet at a few openings. Optionally a sketched solution
 * decides which regions the solution passes through, in which order, and near which points; the sketch's side
 * lines become long planned dead ends.
 *
 * The maze is built as a tree of sub-mazes ("territories"): every territory lies inside one piece of a region
 * and is a spanning tree of its own cells, and territories are joined by single door walls into a tree, so the
 * whole is a spanning tree of the grid. Each piece holds one main territory, one per stretch of sketch line
 * inside it, and a small "pocket" territory for every extra opening towards a neighbouring piece — a branch
 * that comes in from that neighbour and ends inside this piece, so a solver cannot read the maze's structure
 * off its openings. The paper's co-routing rule — passages of different trees never meet inside a region —
 * holds because territories do not overlap: each grows from its own seed cells (a stretch of sketch, or a
 * door), competing for the piece's cells in random order, so each is connected and all of them fill the piece.
 * Routing within a territory is then the territory's texture, so the solution wanders maze-like between the
 * doors it must pass instead of tracing the sketch.
 */
export interface RegionMazeInput {
  /** Per cell, the index in `styles` of its region. */
  region: Int32Array;
  styles: readonly RegionStyle[];
  /** Per wall, 1 on walls the designer drew: never opened, unless drawn walls shut cells in (then as few as possible). */
  fixed?: Uint8Array;
  /** Per cell, the picture's edge direction, for `flow` styles. */
  flow?: CellFlow;
  /** A sketched solution, in grid units. */
  route?: RouteSketch;
}

export interface RegionMaze {
  /** Open walls: a spanning tree of the cells; no rim wall is open. */
  open: Uint8Array;
  /**
   * With a route: where the solution starts and ends. A wall is a rim wall when the sketch starts (ends) at the
   * rim of the maze, else -1 for an end inside the maze.
   */
  ends?: { entryWall: number; exitWall: number; entryCell: number; exitCell: number };
  /** Per cell, its piece: a connected part of one region. */
  piece: Int32Array;
  /** Per cell, its territory: the sub-maze it belongs to. */
  territory: Int32Array;
  /** The doors between territories, in the order they were made. */
  doors: Int32Array;
  /** With a route: the pieces the main line visits, in order, and how many cells it crosses. */
  route?: { pieces: Int32Array; cells: number };
  /** Notes for the author (drawn walls opened, regions merged away). */
  warnings: string[];
}

/** Pieces of a region smaller than this (anti-aliasing specks, slivers) join a neighbouring piece. */
export const MIN_PIECE = 4;

interface Territory {
  piece: number;
  /** Most cells it may claim before the others have had their turn (pockets stay small). */
  cap: number;
  /** A stretch of sketch line: its first and last cells, whose path is lengthened. */
  stretch?: [number, number, number];
}

/**
 * How much longer than its stretch of sketch line the solution's path through a territory is made (in
 * cells): the sketch sets the order of regions and doors, the maze makes the walk between them.
 */
export const ROUTE_STRETCH = 2.5;

/**
 * Builds a region maze on any grid (every topology, masked or not, adaptive grids included).
 * @param where names the maze in messages; route errors name the route point and the region
 * @throws UserError for styles that cannot fill a region, and sketches that cannot be honoured
 */
export function regionMaze(grid: Grid, rng: Rng, input: RegionMazeInput, where: string): RegionMaze {
  const styles = input.styles.map((s) => resolveStyle(s, where));
  const region = checkedRegions(input.region, grid.cellCount, styles.length);
  const fixed = input.fixed ?? new Uint8Array(grid.wallCount);
  const warnings: string[] = [];
  const regionName = (r: number) => styles[r].name ?? `region ${r + 1}`;

  const piece = mergeSpecks(grid, region, fixed);
  const kept = new Set(region);
  const vanished = [...new Set(input.region)].filter((r) => !kept.has(r)).sort((a, b) => a - b);
  if (vanished.length > 0) {
    warnings.push(
      `${vanished.map(regionName).join(', ')} ${vanished.length > 1 ? 'are' : 'is'} too small for the maze's cells (under ${MIN_PIECE} cells) and joined ${vanished.length > 1 ? 'their' : 'its'} neighbours`,
    );
  }
  const m = assembly(grid, rng, styles, region, piece, fixed);
  let routeReport: RegionMaze['route'];
  let ends: RegionMaze['ends'];
  if (input.route) {
    const main = seedRoute(m, input.route, where, (c) => regionName(region[c]));
    routeReport = { pieces: visitOrder(main.cells, piece), cells: main.cells.length };
    ends = routeEnds(grid, main, input.route.main);
  } else {
    seedRandomCell(m);
  }
  const viaDrawn = attachPieces(m);
  if (viaDrawn > 0) {
    warnings.push(
      `drawn lines shut ${viaDrawn} part${viaDrawn > 1 ? 's' : ''} of the maze in; opened one drawn wall for each`,
    );
  }
  const { grower, territory, territories, doors } = m;
  if (grower.drawnOpened > 0) {
    warnings.push(
      `drawn lines shut ${grower.drawnOpened} cell${grower.drawnOpened > 1 ? 's' : ''} in; opened the fewest drawn walls that reach them`,
    );
  }
  const open = carveTerritories(
    grid,
    rng,
    territory,
    territories.length,
    styles,
    region,
    piece,
    fixed,
    input.flow,
    where,
  );
  // Each stretch of sketch line: a walk between its doors well longer than the stretch itself.
  for (const t of territories) {
    if (!t.stretch) continue;
    const [first, last, cells] = t.stretch;
    lengthenPath(grid, open, first, last, Math.ceil(ROUTE_STRETCH * cells), fixed, rng);
  }
  for (const w of doors) open[w] = 1;
  return {
    open,
    ...(ends ? { ends } : {}),
    piece,
    territory,
    doors: Int32Array.from(doors),
    ...(routeReport ? { route: routeReport } : {}),
    warnings,
  };
}

/** A copy of the region of each cell, checked against the cell and style counts. */
function checkedRegions(region: Int32Array, cells: number, styles: number): Int32Array {
  if (region.length !== cells)
    throw new Error(`internal: region has ${region.length} entries for ${cells} cells`);
  for (let c = 0; c < cells; c++) {
    if (!(region[c] >= 0 && region[c] < styles)) {
      throw new Error(`internal: cell ${c} has region ${region[c]} of ${styles}`);
    }
  }
  return Int32Array.from(region);
}

/** A region maze while it is assembled: its pieces, the territories grown so far and the doors between them. */
interface Assembly {
  grid: Grid;
  rng: Rng;
  styles: readonly ResolvedStyle[];
  piece: Int32Array;
  fixed: Uint8Array;
  /** Per piece: its region, its cells, and (`between`) the walls to each neighbouring piece. */
  pieceRegion: Int32Array;
  pieceCells: number[][];
  between: Between;
  /** Per cell, its territory (-1 before it is grown). */
  territory: Int32Array;
  territories: Territory[];
  doors: number[];
  /** 1 for the pieces already in the maze. */
  processed: Uint8Array;
  grower: ReturnType<typeof territoryGrower>;
}

function assembly(
  grid: Grid,
  rng: Rng,
  styles: readonly ResolvedStyle[],
  region: Int32Array,
  piece: Int32Array,
  fixed: Uint8Array,
): Assembly {
  const pieceCount = count(piece);
  const pieceRegion = new Int32Array(pieceCount);
  for (let c = 0; c < grid.cellCount; c++) pieceRegion[piece[c]] = region[c];
  const territory = new Int32Array(grid.cellCount).fill(-1);
  const territories: Territory[] = [];
  return {
    grid,
    rng,
    styles,
    piece,
    fixed,
    pieceRegion,
    pieceCells: groupBy(piece, pieceCount),
    between: doorCandidates(grid, piece, fixed),
    territory,
    territories,
    doors: [],
    processed: new Uint8Array(pieceCount),
    grower: territoryGrower(grid, piece, fixed, territory, territories, rng),
  };
}

/**
 * Lays the sketch on the cells and grows the pieces it crosses: a territory per stretch of each line (split
 * at every sketch point and wherever the line passes into another piece), doors between consecutive
 * stretches and from each side line to the cell it leaves from.
 * @returns the main line as traced
 */
function seedRoute(
  m: Assembly,
  route: RouteSketch,
  where: string,
  regionOf: (cell: number) => string,
): TracedLine {
  const { grid, piece, territories, doors } = m;
  const traced = traceSketch(grid, route, m.fixed, where, regionOf);
  const seedsByPiece = new Map<number, { label: number; cells: number[] }[]>();
  for (const line of traced) {
    const splits = new Set<number>();
    for (const i of line.atPoint) if (i > 0) splits.add(i);
    let current: number[] = [];
    const flush = () => {
      if (current.length === 0) return;
      const p = piece[current[0]];
      const label = territories.length;
      territories.push({
        piece: p,
        cap: Infinity,
        stretch: [current[0], current[current.length - 1], current.length],
      });
      const list = seedsByPiece.get(p) ?? [];
      list.push({ label, cells: current });
      seedsByPiece.set(p, list);
      current = [];
    };
    for (let i = 0; i < line.cells.length; i++) {
      const c = line.cells[i];
      if (current.length > 0 && (splits.has(i) || piece[c] !== piece[current[0]])) flush();
      current.push(c);
    }
    flush();
    let prev = line.from;
    for (let i = 0; i < line.cells.length; i++) {
      const c = line.cells[i];
      const startsStretch = i === 0 || splits.has(i) || piece[c] !== piece[line.cells[i - 1]];
      if (prev >= 0 && startsStretch) {
        const w = wallBetween(grid, prev, c, m.fixed);
        if (w < 0) throw new Error('internal: traced route cells are not neighbours');
        doors.push(w);
      }
      prev = c;
    }
  }
  // Grow the route's pieces: the stretches compete for their cells.
  for (const [p, seeds] of [...seedsByPiece.entries()].sort((a, b) => a[0] - b[0])) {
    m.grower.grow(m.pieceCells[p], seeds);
    m.processed[p] = 1;
  }
  return traced[0];
}

/** Without a sketch: grows the piece of a random cell from that cell. */
function seedRandomCell(m: Assembly): void {
  const start = m.rng.int(m.grid.cellCount);
  const p = m.piece[start];
  const label = m.territories.length;
  m.territories.push({ piece: p, cap: Infinity });
  m.grower.grow(m.pieceCells[p], [{ label, cells: [start] }]);
  m.processed[p] = 1;
}

/**
 * Attaches the other pieces, one at a time in random order, each through a door to a piece already in the
 * maze; a piece reachable only through drawn walls gets one drawn wall opened to the first attached piece.
 * @returns how many drawn walls were opened so
 */
function attachPieces(m: Assembly): number {
  const { grid, rng, between, processed } = m;
  const pieceCount = processed.length;
  const frontier: number[] = [];
  const offer = (p: number) => {
    for (const q of between.neighbours[p]) if (processed[q] === 0) frontier.push(p, q);
  };
  for (let p = 0; p < pieceCount; p++) if (processed[p]) offer(p);
  let viaDrawn = 0;
  let budget = stepBudget(grid);
  for (;;) {
    if (--budget < 0) throw runaway('regions', grid);
    while (frontier.length > 0) {
      if (--budget < 0) throw runaway('regions', grid);
      const i = rng.int(frontier.length / 2) * 2;
      const parent = frontier[i];
      const child = frontier[i + 1];
      frontier[i] = frontier[frontier.length - 2];
      frontier[i + 1] = frontier[frontier.length - 1];
      frontier.length -= 2;
      if (processed[child]) continue;
      attachPiece(m, child, parent, false);
      offer(child);
    }
    let stranded = -1;
    for (let p = 0; p < pieceCount && stranded < 0; p++) {
      if (processed[p] === 0 && between.drawnNeighbours[p].some((q) => processed[q] !== 0)) stranded = p;
    }
    if (stranded < 0) break;
    const parent = between.drawnNeighbours[stranded].find((q) => processed[q] !== 0) as number;
    attachPiece(m, stranded, parent, true);
    viaDrawn++;
    offer(stranded);
  }
  for (let p = 0; p < pieceCount; p++) {
    if (processed[p] === 0)
      throw new Error('internal: a piece of the region maze is not connected to the grid');
  }
  return viaDrawn;
}

/**
 * Grows piece `child` into the maze: a main territory behind a door to `parent` (a drawn wall when `drawn`),
 * and a pocket territory behind each extra opening towards every neighbour already in the maze.
 */
function attachPiece(m: Assembly, child: number, parent: number, drawn: boolean): void {
  const { grid, rng, piece, between, territories, doors, processed, styles, pieceRegion } = m;
  const cells = m.pieceCells[child];
  const seeds: { label: number; cells: number[] }[] = [];
  const used = new Set<number>();
  const add = (wall: number, cap: number) => {
    const inside =
      piece[grid.wallCellA[wall]] === child ? grid.wallCellA[wall] : (grid.wallCellB[wall] as number);
    if (used.has(inside)) return false;
    used.add(inside);
    const label = territories.length;
    territories.push({ piece: child, cap });
    seeds.push({ label, cells: [inside] });
    doors.push(wall);
    return true;
  };
  const mainWall = pickDoor(between.walls(child, parent, drawn), [], grid, rng);
  add(mainWall, Infinity);
  // Extra openings: pockets towards every neighbour already in the maze.
  const pocketCap = (pockets: number) => Math.max(3, Math.floor(cells.length / (2 * (pockets + 1))));
  const wanted: [number, number][] = [];
  for (const q of between.neighbours[child]) {
    if (processed[q] === 0) continue;
    const candidates = between.walls(child, q, false);
    const openings = Math.min(
      Math.max(styles[pieceRegion[child]].doors, styles[pieceRegion[q]].doors),
      Math.max(1, Math.floor(candidates.length / 3)),
    );
    const extra = q === parent && !drawn ? openings - 1 : openings;
    for (let k = 0; k < extra; k++) wanted.push([q, k]);
  }
  for (const [q] of wanted) {
    const candidates = between.walls(child, q, false);
    const placed = doors.filter((w) => candidates.includes(w));
    const wall = pickDoor(candidates, placed, grid, rng);
    add(wall, pocketCap(wanted.length));
  }
  m.grower.grow(cells, seeds);
  processed[child] = 1;
}

/** Labels of connected parts of one region (through walls not drawn), numbered in order of their first cell. */
function regionPieces(grid: Grid, region: Int32Array, fixed: Uint8Array): Int32Array {
  const n = grid.cellCount;
  const piece = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let next = 0;
  for (let s = 0; s < n; s++) {
    if (piece[s] >= 0) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    piece[s] = next;
    let budget = stepBudget(grid);
    while (head < tail) {
      if (--budget < 0) throw runaway('regions', grid);
      const c = queue[head++];
      for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
        const m = grid.adjCell[k];
        if (piece[m] >= 0 || region[m] !== region[c] || fixed[grid.adjWall[k]] !== 0) continue;
        piece[m] = next;
        queue[tail++] = m;
      }
    }
    next++;
  }
  return piece;
}

/**
 * Pieces after specks (fewer than MIN_PIECE cells) have joined the neighbouring piece they share most walls
 * with (their cells take its region, in `region`).
 */
function mergeSpecks(grid: Grid, region: Int32Array, fixed: Uint8Array): Int32Array {
  for (let round = 0; round < 8; round++) {
    const piece = regionPieces(grid, region, fixed);
    const sizes = new Int32Array(count(piece));
    for (let c = 0; c < grid.cellCount; c++) sizes[piece[c]]++;
    let changed = false;
    const shared = new Map<number, number>();
    const cells = groupBy(piece, sizes.length);
    for (let p = 0; p < sizes.length; p++) {
      if (sizes[p] >= MIN_PIECE) continue;
      shared.clear();
      for (const c of cells[p]) {
        for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
          const q = piece[grid.adjCell[k]];
          if (q !== p && fixed[grid.adjWall[k]] === 0) shared.set(q, (shared.get(q) ?? 0) + 1);
        }
      }
      let best = -1;
      let most = 0;
      for (const [q, k] of shared) {
        if (k > most || (k === most && q < best)) {
          most = k;
          best = q;
        }
      }
      if (best < 0) continue;
      const into = region[cells[best][0]];
      if (into === region[cells[p][0]]) continue;
      for (const c of cells[p]) region[c] = into;
      changed = true;
    }
    if (!changed) return piece;
  }
  return regionPieces(grid, region, fixed);
}

function count(labels: Int32Array): number {
  let max = -1;
  for (const l of labels) if (l > max) max = l;
  return max + 1;
}

/** Cells by label, each list in cell order. */
function groupBy(labels: Int32Array, k: number): number[][] {
  const out: number[][] = Array.from({ length: k }, () => []);
  for (let c = 0; c < labels.length; c++) out[labels[c]].push(c);
  return out;
}

interface Between {
  /** Neighbouring pieces of each piece through walls that may open, in order of first shared wall. */
  neighbours: number[][];
  /** Neighbouring pieces through drawn walls only. */
  drawnNeighbours: number[][];
  /** The walls between two pieces (drawn ones only when `drawn`), in wall order. */
  walls(a: number, b: number, drawn: boolean): number[];
}

function doorCandidates(grid: Grid, piece: Int32Array, fixed: Uint8Array): Between {
  const k = count(piece);
  const open = new Map<number, number[]>();
  const drawnWalls = new Map<number, number[]>();
  const neighbours: number[][] = Array.from({ length: k }, () => []);
  const drawnNeighbours: number[][] = Array.from({ length: k }, () => []);
  const key = (a: number, b: number) => (a < b ? a * k + b : b * k + a);
  for (let w = 0; w < grid.wallCount; w++) {
    const b = grid.wallCellB[w];
    if (b < 0) continue;
    const pa = piece[grid.wallCellA[w]];
    const pb = piece[b];
    if (pa === pb) continue;
    const map = fixed[w] ? drawnWalls : open;
    const list = map.get(key(pa, pb));
    if (list) list.push(w);
    else {
      map.set(key(pa, pb), [w]);
      (fixed[w] ? drawnNeighbours : neighbours)[pa].push(pb);
      (fixed[w] ? drawnNeighbours : neighbours)[pb].push(pa);
    }
  }
  return {
    neighbours,
    drawnNeighbours,
    walls: (a, b, drawn) => (drawn ? drawnWalls : open).get(key(a, b)) ?? [],
  };
}

/**
 * A door among candidate walls: the best of up to eight random candidates by distance from the doors already
 * placed between the same two pieces (so several openings spread out along their border).
 */
function pickDoor(candidates: readonly number[], placed: readonly number[], grid: Grid, rng: Rng): number {
  if (candidates.length === 0) throw new Error('internal: no wall between two neighbouring pieces');
  const mid = (w: number): [number, number] => [
    (grid.vertexX[grid.wallV0[w]] + grid.vertexX[grid.wallV1[w]]) / 2,
    (grid.vertexY[grid.wallV0[w]] + grid.vertexY[grid.wallV1[w]]) / 2,
  ];
  let best = -1;
  let bestD = -1;
  const tries = placed.length === 0 ? 1 : 8;
  for (let t = 0; t < tries; t++) {
    const w = candidates[rng.int(candidates.length)];
    if (placed.includes(w)) continue;
    const [x, y] = mid(w);
    let d = Infinity;
    for (const p of placed) {
      const [px, py] = mid(p);
      d = Math.min(d, Math.hypot(x - px, y - py));
    }
    if (d > bestD) {
      bestD = d;
      best = w;
    }
  }
  return best >= 0 ? best : (candidates.find((w) => !placed.includes(w)) ?? candidates[0]);
}

/**
 * Grows territories inside a piece from their seed cells: random frontier growth, every territory competing
 * for the free cells, pockets stopping at their cap; then the cells left (shut in by pockets or drawn walls)
 * go to whoever reaches them, through drawn walls as a last resort.
 */
function territoryGrower(
  grid: Grid,
  piece: Int32Array,
  fixed: Uint8Array,
  territory: Int32Array,
  territories: Territory[],
  rng: Rng,
) {
  let frontier = new Int32Array(1024);
  let size = 0;
  const state = { drawnOpened: 0 };
  const push = (cell: number, label: number) => {
    if (size + 2 > frontier.length) {
      const next = new Int32Array(frontier.length * 2);
      next.set(frontier);
      frontier = next;
    }
    frontier[size++] = cell;
    frontier[size++] = label;
  };
  const expand = (c: number, label: number, drawn: boolean) => {
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const m = grid.adjCell[k];
      if (territory[m] < 0 && piece[m] === piece[c] && (drawn || fixed[grid.adjWall[k]] === 0))
        push(m, label);
    }
  };
  const run = (claimed: Int32Array, capped: boolean, drawn: boolean) => {
    let budget = stepBudget(grid);
    while (size > 0) {
      if (--budget < 0) throw runaway('regions', grid);
      const i = rng.int(size / 2) * 2;
      const cell = frontier[i];
      const label = frontier[i + 1];
      frontier[i] = frontier[size - 2];
      frontier[i + 1] = frontier[size - 1];
      size -= 2;
      if (territory[cell] >= 0) continue;
      if (capped && claimed[label] >= territories[label].cap) continue;
      territory[cell] = label;
      claimed[label]++;
      if (drawn) state.drawnOpened++;
      expand(cell, label, false);
    }
  };
  return {
    get drawnOpened() {
      return state.drawnOpened;
    },
    grow(cells: readonly number[], seeds: readonly { label: number; cells: readonly number[] }[]): void {
      const claimed = new Int32Array(territories.length);
      for (const { label, cells: own } of seeds) {
        for (const c of own) {
          if (territory[c] >= 0) throw new Error('internal: two territories seeded on one cell');
          territory[c] = label;
          claimed[label]++;
        }
      }
      for (const { label, cells: own } of seeds) for (const c of own) expand(c, label, false);
      run(claimed, true, false);
      // Cells still free: every territory may take them now, through drawn walls if nothing else reaches.
      for (const drawn of [false, true]) {
        for (const c of cells) if (territory[c] >= 0) expand(c, territory[c], drawn);
        run(claimed, false, drawn);
      }
      for (const c of cells)
        if (territory[c] < 0) throw new Error('internal: a cell of a piece was not reached');
    },
  };
}

/**
 * Each territory's spanning tree, by its region's texture: textures by one Kruskal over all territories at
 * once (walls inside a territory in an order biased by the texture, drawn walls last), algorithm textures by
 * running the algorithm on the territory's own grid (then swapping any drawn wall it opened for another way
 * round, where there is one).
 */
function carveTerritories(
  grid: Grid,
  rng: Rng,
  territory: Int32Array,
  territoryCount: number,
  styles: readonly ResolvedStyle[],
  region: Int32Array,
  piece: Int32Array,
  fixed: Uint8Array,
  flow: CellFlow | undefined,
  where: string,
): Uint8Array {
  const { wallCount, wallCellA, wallCellB, cellCount } = grid;
  const open = new Uint8Array(wallCount);
  if (styles.some((s) => s.texture === 'directional' && s.flow) && !flow) {
    throw new UserError(where, 'a region follows the picture (flow: image) but the maze has no tone picture');
  }
  const { angle, firmness } = cellDirections(grid, piece, styles, region, flow);
  const axes = axisVectors(angle, firmness);
  const texture = new Uint8Array(styles.length);
  styles.forEach((s, i) => {
    texture[i] =
      s.texture === 'random' ? 1 : s.texture === 'directional' || s.texture === 'concentric' ? 2 : 0;
  });
  // Kruskal order as one native sort of packed keys: the race key −ln(u)/bias quantised to 31 bits above the
  // wall number (drawn walls last); ties go to the lower wall.
  const KEY_SCALE = 2 ** 31 / 64;
  const WALL_BITS = 2 ** 22;
  if (wallCount >= WALL_BITS) throw new Error('internal: too many walls for the packed Kruskal keys');
  const keys = new Float64Array(wallCount);
  let m = 0;
  for (let w = 0; w < wallCount; w++) {
    const a = wallCellA[w];
    const b = wallCellB[w];
    if (b < 0 || territory[a] !== territory[b]) continue;
    const t = texture[region[a]];
    if (t === 0) continue;
    const u = rng.next();
    let q = 2 ** 31 - 1;
    if (fixed[w] === 0) {
      const bias = t === 1 ? 1 : stepBias(grid, a, b, axes, styles[region[a]].strength);
      q = Math.min(2 ** 31 - 2, Math.floor((-Math.log(1 - u) / bias) * KEY_SCALE));
    }
    keys[m++] = q * WALL_BITS + w;
  }
  const order = keys.subarray(0, m).sort();
  const sets = disjointSets(cellCount, stepBudget(grid, 16), () => runaway('region maze', grid, 16));
  for (let i = 0; i < m; i++) {
    const key = order[i];
    const w = key - Math.floor(key / WALL_BITS) * WALL_BITS;
    if (!sets.union(wallCellA[w], wallCellB[w])) continue;
    open[w] = 1;
  }

  // Algorithm textures, territory by territory.
  const cellsOf = groupBy(territory, territoryCount);
  for (let t = 0; t < territoryCount; t++) {
    const cells = cellsOf[t];
    if (cells.length < 2 || texture[region[cells[0]]] !== 0) continue;
    const style = styles[region[cells[0]]];
    const keep = new Uint8Array(cellCount);
    for (const c of cells) keep[c] = 1;
    const sub = subGrid(grid, keep);
    const carved = openWalls(
      algorithms[style.texture as AlgorithmName](sub, rng, { straightness: 0, ...style.options }),
    );
    // subGrid keeps the walls with a kept cell, in order.
    let m = 0;
    for (let w = 0; w < wallCount; w++) {
      const b = wallCellB[w];
      if (keep[wallCellA[w]] === 0 && (b < 0 || keep[b] === 0)) continue;
      if (carved[m] !== 0 && b >= 0 && keep[wallCellA[w]] !== 0 && keep[b] !== 0) open[w] = 1;
      m++;
    }
    rerouteDrawn(grid, open, keep, cells, fixed);
  }
  return open;
}

/**
 * Closes each drawn wall a tree opened inside `keep` and opens instead a closed, undrawn wall that joins the
 * two halves again, when one exists. Linear in the territory per drawn wall.
 */
function rerouteDrawn(
  grid: Grid,
  open: Uint8Array,
  keep: Uint8Array,
  cells: readonly number[],
  fixed: Uint8Array,
): void {
  const side = new Uint8Array(grid.cellCount);
  for (const c of cells) {
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const f = grid.adjWall[k];
      if (fixed[f] === 0 || open[f] === 0 || grid.wallCellA[f] !== c || keep[grid.adjCell[k]] === 0) continue;
      open[f] = 0;
      const half = bfs(grid, open, c);
      side.fill(0);
      for (let i = 0; i < half.reached; i++) side[half.order[i]] = 1;
      let swap = -1;
      for (let i = 0; i < half.reached && swap < 0; i++) {
        const x = half.order[i];
        for (let j = grid.adjStart[x]; j < grid.adjStart[x + 1]; j++) {
          const w = grid.adjWall[j];
          const y = grid.adjCell[j];
          if (keep[y] !== 0 && side[y] === 0 && fixed[w] === 0 && open[w] === 0) {
            swap = w;
            break;
          }
        }
      }
      open[swap >= 0 ? swap : f] = 1;
    }
  }
}

/** The pieces a line of cells passes through, in order (each run of one piece once). */
function visitOrder(cells: Int32Array, piece: Int32Array): Int32Array {
  const out: number[] = [];
  for (const c of cells) if (out.length === 0 || out[out.length - 1] !== piece[c]) out.push(piece[c]);
  return Int32Array.from(out);
}

/**
 * The ends of the main line: its first and last cells, opened to the outside through the nearest outer rim wall
 * when the sketch's end point lies within two passages of it, else an end inside the maze.
 */
function routeEnds(
  grid: Grid,
  main: TracedLine,
  points: readonly { x: number; y: number }[],
): NonNullable<RegionMaze['ends']> {
  const reach = cellReach(grid);
  const outer = outerRimWalls(grid);
  const endWall = (cell: number, p: { x: number; y: number }, other: number): number => {
    let best = -1;
    let bestD = Infinity;
    for (let k = grid.rimStart[cell]; k < grid.rimStart[cell + 1]; k++) {
      const w = grid.rimWall[k];
      if (!outer[w] || w === other) continue;
      const mx = (grid.vertexX[grid.wallV0[w]] + grid.vertexX[grid.wallV1[w]]) / 2;
      const my = (grid.vertexY[grid.wallV0[w]] + grid.vertexY[grid.wallV1[w]]) / 2;
      const d = Math.hypot(mx - p.x, my - p.y);
      if (d < bestD) {
        bestD = d;
        best = w;
      }
    }
    return best >= 0 && bestD <= 4 * reach[cell] ? best : -1;
  };
  const entryCell = main.cells[0];
  const exitCell = main.cells[main.cells.length - 1];
  const entryWall = endWall(entryCell, points[0], -1);
  const exitWall = endWall(exitCell, points[points.length - 1], entryWall);
  return { entryWall, exitWall, entryCell, exitCell };
}
