import { createHash, type Hash } from 'node:crypto';
import type { Maze } from '../generate/maze.js';
import type { Grid } from '../grid/grid.js';
import { type GridSymmetry, type SymmetryCandidates, symmetryCandidates } from './grid-symmetry.js';

export { type GridSymmetry, gridSymmetries } from './grid-symmetry.js';

/**
 * The maze moved by a symmetry of its grid (same grid, same numbering): open walls, one-way directions,
 * entry and exit follow.
 */
export function applySymmetry(maze: Maze, s: GridSymmetry): Maze {
  const { grid, open, oneWay } = maze;
  const mapped = new Uint8Array(grid.wallCount);
  const mappedOneWay = oneWay ? new Int8Array(grid.wallCount) : undefined;
  for (let w = 0; w < grid.wallCount; w++) {
    const m = s.wall[w];
    mapped[m] = open[w];
    if (mappedOneWay && oneWay && oneWay[w] !== 0) mappedOneWay[m] = mappedDirection(grid, s, oneWay, w, m);
  }
  return {
    grid,
    open: mapped,
    entryWall: maze.entryWall >= 0 ? s.wall[maze.entryWall] : -1,
    exitWall: maze.exitWall >= 0 ? s.wall[maze.exitWall] : -1,
    entryCell: s.cell[maze.entryCell],
    exitCell: s.cell[maze.exitCell],
    ...(mappedOneWay ? { oneWay: mappedOneWay } : {}),
  };
}

/** The one-way direction of wall w's image m: the cell the passage is left from keeps that role. */
function mappedDirection(grid: Grid, s: GridSymmetry, oneWay: Int8Array, w: number, m: number): number {
  const from = s.cell[oneWay[w] > 0 ? grid.wallCellA[w] : grid.wallCellB[w]];
  return grid.wallCellA[m] === from ? 1 : -1;
}

/**
 * A hash (64 hex digits, SHA-256) of the maze that is the same for every copy of it under the symmetries of
 * its grid (`gridSymmetries`: for a square grid the reflections and turns that fit it): the Finger Maze
 * standard form, generalised. Each symmetric copy is written as bytes — entry, exit, then one byte per wall
 * (0 standing, 1 open, 2 one-way first → second cell, 3 one-way back) — and the lexicographically smallest
 * is hashed together with the grid itself (topology, size, cells, walls and their geometry), so different
 * grids never share a hash. Mazegram letters are not part of it.
 *
 * Only the copies whose header (ends) is smallest are built (`canonicalForm`), and compared packed when
 * there are several; the grid's part of the hash is computed once per grid.
 */
export function canonicalHash(maze: Maze): string {
  const hit = hashes.get(maze);
  if (hit) return hit;
  const hash = computeCanonicalHash(maze);
  hashes.set(maze, hash);
  return hash;
}

/** Hashes already computed: book checks and the lockfile both ask for every puzzle's. */
const hashes = new WeakMap<Maze, string>();

function computeCanonicalHash(maze: Maze): string {
  return gridHash(maze.grid).copy().update(canonicalForm(maze)).digest('hex');
}

/**
 * The bytes `canonicalHash` hashes after the grid's part: the smallest copy of the maze under its grid's
 * symmetries (16 header bytes — entry wall, entry cell, exit wall, exit cell as big-endian int32s — then a
 * byte per wall).
 *
 * Copies are compared header first, and a candidate map's header needs the images of two cells and two
 * walls only: the candidates are ranked by header without building their maps, and only those sharing
 * the smallest header are built and checked (`symmetryCandidates`) and their walls compared; when none of
 * them maps the grid onto itself the next header is tried (the identity always does).
 */
export function canonicalForm(maze: Maze): Uint8Array {
  const { grid } = maze;
  const candidates = symmetryCandidates(grid);
  const ranked: { i: number; head: number[] }[] = [];
  for (let i = 0; i < candidates.count; i++) {
    const head = headOf(maze, candidates, i);
    if (head) ranked.push({ i, head });
  }
  ranked.sort((a, b) => compareHeads(a.head, b.head) || a.i - b.i);
  for (let g = 0; g < ranked.length; ) {
    let end = g + 1;
    while (end < ranked.length && compareHeads(ranked[end].head, ranked[g].head) === 0) end++;
    // The symmetries among the candidates sharing the smallest header (the identity needs no maps).
    const tied: (GridSymmetry | undefined)[] = [];
    for (let k = g; k < end; k++) {
      const s = ranked[k].i === 0 ? undefined : candidates.symmetry(ranked[k].i);
      if (s || ranked[k].i === 0) tied.push(s);
    }
    if (tied.length > 0) return formBytes(maze, ranked[g].head, smallestCopy(maze, tied));
    g = end;
  }
  throw new Error(`canonicalForm: no symmetry of the ${grid.topology} grid, not even the identity`);
}

/** Of the maze's copies under the symmetries (the identity when undefined), the one whose walls pack smallest. */
function smallestCopy(maze: Maze, tied: (GridSymmetry | undefined)[]): GridSymmetry | undefined {
  if (tied.length === 1) return tied[0];
  const bits = maze.oneWay ? 2 : 1;
  const words = Math.ceil((maze.grid.wallCount * bits) / 32);
  let best = new Uint32Array(words);
  let current = new Uint32Array(words);
  let chosen = tied[0];
  packWalls(maze, chosen, bits, best);
  for (let k = 1; k < tied.length; k++) {
    packWalls(maze, tied[k], bits, current);
    if (compareWords(current, best) < 0) {
      [best, current] = [current, best];
      chosen = tied[k];
    }
  }
  return chosen;
}

/**
 * The canonical bytes of the maze's copy under s (the identity when undefined) with the given header:
 * the header as big-endian int32s (byte order is then numeric order; a wall end sorts before a cell end),
 * then each wall's code.
 */
function formBytes(maze: Maze, head: readonly number[], s: GridSymmetry | undefined): Uint8Array {
  const { grid, open, oneWay } = maze;
  const bytes = new Uint8Array(16 + grid.wallCount);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) view.setInt32(4 * i, head[i]);
  const n = grid.wallCount;
  if (oneWay) {
    for (let w = 0; w < n; w++) if (open[w] !== 0) bytes[16 + (s ? s.wall[w] : w)] = wallCode(maze, s, w);
  } else if (s) {
    const map = s.wall;
    for (let w = 0; w < n; w++) if (open[w] !== 0) bytes[16 + map[w]] = 1;
  } else {
    for (let w = 0; w < n; w++) if (open[w] !== 0) bytes[16 + w] = 1;
  }
  return bytes;
}

/** The code of open wall w moved by s: 1 open, 2 one-way first → second cell, 3 one-way back. */
function wallCode(maze: Maze, s: GridSymmetry | undefined, w: number): number {
  const { oneWay } = maze;
  if (oneWay === undefined || oneWay[w] === 0) return 1;
  const forward = s ? mappedDirection(maze.grid, s, oneWay, w, s.wall[w]) : oneWay[w];
  return forward > 0 ? 2 : 3;
}

/**
 * Candidate i's header for the maze (images of entry wall, entry cell, exit wall, exit cell; -1 for no
 * wall), or undefined when one of them has no image (the candidate is then no symmetry).
 */
function headOf(maze: Maze, candidates: SymmetryCandidates, i: number): number[] | undefined {
  const entryWall = maze.entryWall >= 0 ? candidates.wallImage(i, maze.entryWall) : -1;
  const exitWall = maze.exitWall >= 0 ? candidates.wallImage(i, maze.exitWall) : -1;
  const head = [
    entryWall,
    candidates.cellImage(i, maze.entryCell),
    exitWall,
    candidates.cellImage(i, maze.exitCell),
  ];
  if ((maze.entryWall >= 0 && entryWall < 0) || (maze.exitWall >= 0 && exitWall < 0)) return;
  return head[1] < 0 || head[3] < 0 ? undefined : head;
}

/**
 * The maze's walls moved by s (the identity when undefined), packed into `out` (one bit a wall, two with
 * one-way passages: 0 standing, 1 open, 2 one-way first → second cell, 3 one-way back; first wall in the
 * highest bit).
 */
function packWalls(maze: Maze, s: GridSymmetry | undefined, bits: number, out: Uint32Array): void {
  const { grid, open } = maze;
  out.fill(0);
  for (let w = 0; w < grid.wallCount; w++) {
    if (open[w] === 0) continue;
    const bit = (s ? s.wall[w] : w) * bits;
    out[bit >>> 5] |= (wallCode(maze, s, w) << (32 - bits - (bit & 31))) >>> 0;
  }
}

const gridHashes = new WeakMap<Grid, Hash>();

/** The grid's part of the canonical hash, fed once per grid and copied for each maze on it. */
function gridHash(grid: Grid): Hash {
  const hit = gridHashes.get(grid);
  if (hit) return hit;
  const hash = createHash('sha256');
  hash.update(
    `mazebook-canonical-1\n${grid.topology}\n${grid.sizeLabel}\n${grid.cellCount}\n${grid.wallCount}\n`,
  );
  for (const a of [grid.wallCellA, grid.wallCellB, grid.wallV0, grid.wallV1]) hash.update(littleEndian(a));
  // Coordinates in millionths of a grid unit, wrapped to int32 as an Int32Array stores them.
  const scaled = new Int32Array(Math.max(grid.cellCount, grid.vertexCount));
  for (const a of [grid.cellX, grid.cellY, grid.vertexX, grid.vertexY]) {
    for (let i = 0; i < a.length; i++) scaled[i] = Math.round(a[i] * 1e6);
    hash.update(littleEndian(scaled.subarray(0, a.length)));
  }
  if (grid.arcs) hash.update(grid.arcs.curved);
  gridHashes.set(grid, hash);
  return hash;
}

function compareHeads(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i] >>> 0 < b[i] >>> 0 ? -1 : 1;
  return 0;
}

function compareWords(a: Uint32Array, b: Uint32Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** The int32s as little-endian bytes: a view of the array itself on little-endian machines. */
function littleEndian(a: Int32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const out = new Uint8Array(a.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < a.length; i++) view.setInt32(i * 4, a[i], true);
  return out;
}
