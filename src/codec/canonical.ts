import { createHash } from 'node:crypto';
import type { Maze } from '../generate/maze.js';
import type { Grid } from '../grid/grid.js';
import { pointIndex } from './point-index.js';

/**
 * A symmetry of a grid: where each cell, wall and vertex goes. Built only when the map takes the grid
 * onto itself, so a mapped maze uses the same cell and wall numbers.
 */
export interface GridSymmetry {
  cell: Int32Array;
  wall: Int32Array;
}

/**
 * The symmetries of the grid's bounding box that map the grid onto itself: of the eight symmetries of a
 * rectangle (identity, the two reflections, the half turn; and when the box is square the two diagonal
 * reflections and the quarter turns), those that send every vertex, cell centre and wall onto one of the
 * grid's own. The identity always comes first.
 *
 * - square: all 8 when columns = rows, 4 otherwise (a masked grid keeps those its mask shares);
 * - hex, triangle, octagon: those the lattice and size allow (e.g. a pointy hex grid of odd rows
 *   reflects east/west only when every other row lines up again);
 * - circle: the reflections and turns by quarter turns (every ring's wedge count is a multiple of 4), not
 *   the finer rotations by one wedge.
 */
export function gridSymmetries(grid: Grid): GridSymmetry[] {
  const { width: W, height: H } = grid;
  const cx = W / 2;
  const cy = H / 2;
  const square = Math.abs(W - H) < 1e-9 * Math.max(1, W);
  // (u, v) centred on the box; each map returns the image's centred coordinates.
  const maps: ((u: number, v: number) => [number, number])[] = [
    (u, v) => [u, v],
    (u, v) => [-u, v],
    (u, v) => [u, -v],
    (u, v) => [-u, -v],
  ];
  if (square)
    maps.push(
      (u, v) => [v, u],
      (u, v) => [-v, u],
      (u, v) => [v, -u],
      (u, v) => [-v, -u],
    );
  const vertexAt = pointIndex(grid.vertexX, grid.vertexY);
  const cellAt = pointIndex(grid.cellX, grid.cellY);
  const wallOf = new Map<string, number>();
  const wallKey = (a: number, b: number, arc: number): string => `${Math.min(a, b)},${Math.max(a, b)},${arc}`;
  for (let w = 0; w < grid.wallCount; w++) {
    wallOf.set(wallKey(grid.wallV0[w], grid.wallV1[w], grid.wallArc ? grid.wallArc[w] : 0), w);
  }
  const found: GridSymmetry[] = [];
  for (const map of maps) {
    const image = (x: number, y: number, at: (x: number, y: number) => number): number => {
      const [u, v] = map(x - cx, y - cy);
      return at(u + cx, v + cy);
    };
    const vertex = new Int32Array(grid.vertexCount);
    let ok = true;
    for (let v = 0; v < grid.vertexCount && ok; v++) {
      vertex[v] = image(grid.vertexX[v], grid.vertexY[v], vertexAt);
      ok = vertex[v] >= 0;
    }
    const cell = new Int32Array(grid.cellCount);
    for (let c = 0; c < grid.cellCount && ok; c++) {
      cell[c] = image(grid.cellX[c], grid.cellY[c], cellAt);
      ok = cell[c] >= 0;
    }
    const wall = new Int32Array(grid.wallCount);
    for (let w = 0; w < grid.wallCount && ok; w++) {
      const m =
        wallOf.get(
          wallKey(vertex[grid.wallV0[w]], vertex[grid.wallV1[w]], grid.wallArc ? grid.wallArc[w] : 0),
        ) ?? -1;
      wall[w] = m;
      const b = grid.wallCellB[w];
      ok =
        m >= 0 &&
        (b < 0
          ? grid.wallCellB[m] < 0 && grid.wallCellA[m] === cell[grid.wallCellA[w]]
          : (grid.wallCellA[m] === cell[grid.wallCellA[w]] && grid.wallCellB[m] === cell[b]) ||
            (grid.wallCellA[m] === cell[b] && grid.wallCellB[m] === cell[grid.wallCellA[w]]));
    }
    if (ok) found.push({ cell, wall });
  }
  return found;
}

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
    if (mappedOneWay && oneWay && oneWay[w] !== 0) {
      const from = s.cell[oneWay[w] > 0 ? grid.wallCellA[w] : grid.wallCellB[w]];
      mappedOneWay[m] = grid.wallCellA[m] === from ? 1 : -1;
    }
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

/**
 * A hash (64 hex digits, SHA-256) of the maze that is the same for every copy of it under the symmetries of
 * its grid (`gridSymmetries`: for a square grid the reflections and turns that fit it): the Finger Maze
 * standard form, generalised. Each symmetric copy is written as bytes — entry, exit, then one byte per wall
 * (0 standing, 1 open, 2 one-way first → second cell, 3 one-way back) — and the lexicographically smallest
 * is hashed together with the grid itself (topology, size, cells, walls and their geometry), so different
 * grids never share a hash. Mazegram letters are not part of it.
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
  const { grid } = maze;
  let best: Uint8Array | undefined;
  for (const s of gridSymmetries(grid)) {
    const bytes = mazeBytes(applySymmetry(maze, s));
    if (!best || compareBytes(bytes, best) < 0) best = bytes;
  }
  const hash = createHash('sha256');
  hash.update(
    `mazebook-canonical-1\n${grid.topology}\n${grid.sizeLabel}\n${grid.cellCount}\n${grid.wallCount}\n`,
  );
  for (const a of [grid.wallCellA, grid.wallCellB, grid.wallV0, grid.wallV1]) hash.update(bytesOf(a));
  for (const a of [grid.cellX, grid.cellY, grid.vertexX, grid.vertexY]) {
    hash.update(bytesOf(Int32Array.from(a, (x) => Math.round(x * 1e6))));
  }
  if (grid.wallArc) hash.update(grid.wallArc);
  hash.update(best ?? new Uint8Array(0));
  return hash.digest('hex');
}

function mazeBytes(maze: Maze): Uint8Array {
  const { grid, open, oneWay } = maze;
  const out = new Uint8Array(16 + grid.wallCount);
  const view = new DataView(out.buffer);
  // Big-endian so that byte order is numeric order; a wall end sorts before a cell end.
  view.setInt32(0, maze.entryWall);
  view.setInt32(4, maze.entryCell);
  view.setInt32(8, maze.exitWall);
  view.setInt32(12, maze.exitCell);
  for (let w = 0; w < grid.wallCount; w++) {
    out[16 + w] = open[w] === 0 ? 0 : !oneWay || oneWay[w] === 0 ? 1 : oneWay[w] > 0 ? 2 : 3;
  }
  return out;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

function bytesOf(a: Int32Array): Uint8Array {
  const out = new Uint8Array(a.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < a.length; i++) view.setInt32(i * 4, a[i], true);
  return out;
}
