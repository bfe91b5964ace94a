import type { z } from 'zod';
import { solve } from '../analyze/solve.js';
import { LIMITS } from '../base/limits.js';
import type { Maze } from '../generate/maze.js';
import { bfs } from '../grid/bfs.js';
import { type Grid, subGrid } from '../grid/grid.js';
import {
  buildGrid,
  type GridLayout,
  type HexTop,
  type TopologyInfo,
  type TopologyName,
  topologies,
  topologyNames,
} from '../grid/registry.js';
import { crossingProblem, plainGrid, weaveGrid } from '../grid/weave.js';
import { CodecError } from './codec-error.js';
import {
  MAZE_JSON_FIELDS,
  type MazeJson,
  mazeJsonHeader,
  mazeJsonZod,
  showJsonValue,
} from './json-schema.js';
import { pointIndex } from './point-index.js';

/**
 * Maze JSON, format `mazebook-maze` version 1, or 2 for weave mazes: one maze of any topology, enough to rebuild its grid exactly
 * and check it.
 *
 * ```json
 * { "format": "mazebook-maze", "version": 1,
 *   "topology": "square", "size": { "columns": 3, "rows": 2 },
 *   "cells": 6, "wallCount": 17, "walls": "JikB",
 *   "entry": { "wall": 8 }, "exit": { "wall": 16 },
 *   "solution": [0, 1, 2, 5] }
 * ```
 *
 * - `topology`: `square`, `hex`, `triangle`, `octagon` or `circle`; `size` is `{ columns, rows }`, or
 *   `{ rings }` for circle. `hexTop` (`pointy` or `flat`, default `pointy`) for hex only.
 * - `mask` (optional): which cells of the full grid the maze keeps, as a bit string (see below) over the
 *   full grid's cells in its own cell order. The maze's grid is the full grid with the dropped cells cut
 *   out, exactly as the mask stage cuts it (cells renumbered in order, walls kept in the full grid's order).
 * - `cells`, `wallCount`: the maze grid's numbers of cells and walls, as a check.
 * - `walls`: bit w is 1 when wall w is open (a passage, or a rim opening).
 * - Bit strings are base64 (RFC 4648, with padding) of ⌈bits / 8⌉ bytes; bit i is bit (i mod 8) of byte
 *   ⌊i / 8⌋, least significant first; the unused high bits of the last byte are 0.
 * - `entry`, `exit`: `{ "wall": w }` for a rim wall (which must be open), or `{ "cell": c }` for an end
 *   inside the maze (the centre of a circle maze).
 * - `oneWay` (optional): `[wall, direction]` pairs for one-way passages (open inner walls): direction 1 when
 *   the wall may be crossed only from its first cell to its second, −1 only the other way (see
 *   `Maze.oneWay`; the first cell of a wall is the west/north one on square grids).
 * - `crossings` (version 2 only; weave mazes): the under-passages, each `[a, c]`: the two cells it joins,
 *   straight across the cell between them (the bridge). `cells`, `wallCount` and `walls` then describe the
 *   grid without under-passages; the under-passages are added as `weaveGrid` numbers them. Every crossing
 *   rule is checked on import (a bridge is a straight passage across its tunnel, crossed once).
 * - `letters` (optional): one string per cell, `""` for none (mazegram letters).
 * - `solution`: the shortest route, cells from the entry cell to the exit cell; `[]` when the exit cannot
 *   be reached (possible in imported Finger Maze strings, never in generated mazes).
 *
 * Cell and wall numbers are the grid's own (the topology files document them); they are stable because
 * every grid is built deterministically from topology, size and mask.
 */
export type { MazeJson } from './json-schema.js';

export type MazeJsonEnd = { wall: number } | { cell: number };

export const MAZE_JSON_FORMAT = 'mazebook-maze';
/** The newest version this mazebook writes (for weave mazes; other mazes are written as version 1). */
export const MAZE_JSON_VERSION = 2;

/** Extras for `exportMazeJson`. */
export interface MazeJsonExtra {
  /** Mazegram letters, one per cell ('' for none). */
  letters?: readonly string[];
  /**
   * The layout and mask the grid was built from. Found from the grid when absent (topology, size label and
   * cell positions); give them when known to skip the search.
   */
  layout?: GridLayout;
  /** One byte per cell of the full grid of `layout`, 0 for a dropped cell. */
  keep?: Uint8Array;
}

/**
 * The maze as a maze JSON object (`JSON.stringify` it to write a file).
 * @throws CodecError when the grid is not one mazebook builds from a topology, size and mask
 */
export function exportMazeJson(maze: Maze, extra: MazeJsonExtra = {}): MazeJson {
  const { grid: woven } = maze;
  if (woven.tone || woven.topology.startsWith('adaptive-')) {
    // Version 1 rebuilds a grid from its topology and size; an adaptive grid is split cell by cell by its
    // picture's tone, and its walls carry their own widths, none of which the format holds.
    throw new CodecError(
      `maze JSON cannot hold a tone maze: its ${woven.topology} grid is split by its picture and its walls have their own widths`,
      undefined,
      undefined,
      'export the page as PDF or SVG (mazebook render), or leave out tone to export the maze as JSON',
    );
  }
  // A woven maze is written as its plain grid plus the under-passages it opens.
  const grid = plainGrid(woven);
  const crossings: [number, number][] = [];
  if (woven.weave) {
    for (let w = grid.wallCount; w < woven.wallCount; w++)
      if (maze.open[w] !== 0) crossings.push([woven.wallCellA[w], woven.wallCellB[w]]);
  }
  const { layout, keep } = extra.layout ? checkLayout(grid, extra.layout, extra.keep) : findLayout(grid);
  if (extra.letters && extra.letters.length !== grid.cellCount) {
    throw new CodecError(`letters: expected one per cell (${grid.cellCount}), got ${extra.letters.length}`);
  }
  const oneWay: [number, 1 | -1][] = [];
  if (maze.oneWay) {
    for (let w = 0; w < grid.wallCount; w++)
      if (maze.oneWay[w] !== 0) oneWay.push([w, maze.oneWay[w] > 0 ? 1 : -1]);
  }
  const reachable = bfs(woven, maze.open, maze.entryCell, maze.oneWay).dist[maze.exitCell] >= 0;
  const end = (wall: number, cell: number): MazeJsonEnd => (wall >= 0 ? { wall } : { cell });
  const { columns, rows } = layout.size;
  const kind =
    layout.shape === 'circle'
      ? { topology: layout.shape, size: { rings: rows } }
      : layout.shape === 'hex'
        ? { topology: layout.shape, size: { columns, rows }, hexTop: layout.hexTop ?? 'pointy' }
        : { topology: layout.shape, size: { columns, rows } };
  return {
    format: MAZE_JSON_FORMAT,
    version: woven.weave ? 2 : 1,
    ...kind,
    cells: grid.cellCount,
    wallCount: grid.wallCount,
    ...(keep ? { mask: packBits(keep) } : {}),
    walls: packBits(maze.open.subarray(0, grid.wallCount)),
    entry: end(maze.entryWall, maze.entryCell),
    exit: end(maze.exitWall, maze.exitCell),
    ...(oneWay.length > 0 ? { oneWay } : {}),
    ...(woven.weave ? { crossings } : {}),
    ...(extra.letters ? { letters: [...extra.letters] } : {}),
    solution: reachable ? Array.from(solve(maze).cells) : [],
  };
}

/** A maze read from maze JSON, with the extras the file carries. */
export interface ImportedMaze {
  maze: Maze;
  letters?: string[];
}

/**
 * Reads a parsed maze JSON value (see `MazeJson`) and checks all of it: format and version, topology and
 * size within limits, mask, cell and wall counts, bit-string lengths, ends, one-way walls, letters and the
 * solution (a walk from the entry cell to the exit cell through passable walls).
 * @throws CodecError naming the JSON path of the first bad value and what was expected there
 */
export function importMazeJson(value: unknown): Maze {
  return readMazeJson(value).maze;
}

/** `importMazeJson`, keeping the letters. */
export function readMazeJson(value: unknown): ImportedMaze {
  const doc = parseMazeJson(value);
  const shape = doc.topology;
  const size =
    doc.topology === 'circle'
      ? { columns: doc.size.rings, rows: doc.size.rings }
      : { columns: doc.size.columns, rows: doc.size.rows };
  const hexTop = doc.topology === 'hex' ? doc.hexTop : undefined;
  const info = topologies[shape] as TopologyInfo;
  const fullCount = info.count(size);
  if (fullCount > LIMITS.maxCells) {
    throw new CodecError(
      `a maze may have at most ${LIMITS.maxCells} cells, this size has ${fullCount}`,
      undefined,
      '$.size',
    );
  }
  const layout: GridLayout = { shape, size, ...(hexTop ? { hexTop } : {}) };
  // Cells are counted before any grid is built, so a wrong count costs nothing however large the size.
  const keep =
    doc.mask === undefined ? undefined : unpackBits(doc.mask, fullCount, '$.mask', 'cells of the full grid');
  let kept = fullCount;
  if (keep) {
    kept = 0;
    for (let c = 0; c < fullCount; c++) kept += keep[c];
    if (kept === 0) throw new CodecError('the mask keeps no cell', undefined, '$.mask');
  }
  if (doc.cells !== kept) {
    const label = shape === 'circle' ? `${size.rows} rings` : `${size.columns}×${size.rows}`;
    const masked = keep ? ' with this mask' : '';
    throw new CodecError(
      `the ${shape} grid ${label}${masked} has ${kept} cells, the file says ${doc.cells}`,
      undefined,
      '$.cells',
    );
  }
  const full = buildGrid(layout);
  const plain = keep ? subGrid(full, keep) : full;
  if (doc.wallCount !== plain.wallCount) {
    throw new CodecError(
      `the grid has ${plain.wallCount} walls, the file says ${doc.wallCount}`,
      undefined,
      '$.wallCount',
    );
  }
  const plainOpen = unpackBits(doc.walls, plain.wallCount, '$.walls', 'walls');
  const { grid, open } = readCrossings(doc, plain, plainOpen);

  const end = (e: MazeJsonEnd, path: string): { wall: number; cell: number } => {
    if ('cell' in e) return { wall: -1, cell: below(e.cell, grid.cellCount, `${path}.cell`) };
    const wall = below(e.wall, grid.wallCount, `${path}.wall`);
    if (grid.wallCellB[wall] >= 0)
      throw new CodecError(`wall ${wall} is not on the rim`, undefined, `${path}.wall`);
    if (open[wall] === 0) {
      throw new CodecError(
        `rim wall ${wall} is an end, so its bit in walls must be 1`,
        undefined,
        `${path}.wall`,
      );
    }
    return { wall, cell: grid.wallCellA[wall] };
  };
  const entry = end(doc.entry, '$.entry');
  const exit = end(doc.exit, '$.exit');
  if (entry.wall >= 0 ? entry.wall === exit.wall : entry.cell === exit.cell && exit.wall < 0) {
    throw new CodecError('the exit is the same as the entry', undefined, '$.exit');
  }

  let oneWay: Int8Array | undefined;
  if (doc.oneWay !== undefined && doc.oneWay.length > 0) {
    const directions = new Int8Array(grid.wallCount);
    doc.oneWay.forEach(([wall, direction], k) => {
      const path = `$.oneWay[${k}][0]`;
      const w = below(wall, grid.wallCount, path);
      if (grid.wallCellB[w] < 0 || open[w] === 0) {
        throw new CodecError(`wall ${w} is not an open inner wall, so it cannot be one-way`, undefined, path);
      }
      if (directions[w] !== 0) throw new CodecError(`wall ${w} is listed twice`, undefined, path);
      directions[w] = direction;
    });
    oneWay = directions;
  }

  if (doc.letters !== undefined && doc.letters.length !== grid.cellCount) {
    throw new CodecError(
      `expected a list of ${grid.cellCount} strings, one per cell, got ${doc.letters.length}`,
      undefined,
      '$.letters',
    );
  }

  const maze: Maze = {
    grid,
    open,
    entryWall: entry.wall,
    exitWall: exit.wall,
    entryCell: entry.cell,
    exitCell: exit.cell,
    ...(oneWay ? { oneWay } : {}),
  };
  checkSolution(maze, doc.solution);
  return { maze, ...(doc.letters ? { letters: doc.letters } : {}) };
}

/**
 * The grid and open walls with the file's under-passages: the plain ones when it has no `crossings`, else the
 * weave grid with each listed under-passage open, every crossing rule checked.
 */
function readCrossings(doc: MazeJson, plain: Grid, plainOpen: Uint8Array): { grid: Grid; open: Uint8Array } {
  if (doc.crossings === undefined) return { grid: plain, open: plainOpen };
  if (doc.version < 2) {
    throw new CodecError('crossings need version 2', undefined, '$.crossings', 'write "version": 2');
  }
  const grid = weaveGrid(plain);
  const open = new Uint8Array(grid.wallCount);
  open.set(plainOpen);
  doc.crossings.forEach(([a, c], k) => {
    const path = `$.crossings[${k}]`;
    below(a, grid.cellCount, `${path}[0]`);
    below(c, grid.cellCount, `${path}[1]`);
    let wall = -1;
    for (let j = grid.adjStart[a]; j < grid.adjStart[a + 1]; j++) {
      const w = grid.adjWall[j];
      if (grid.adjCell[j] === c && grid.weave!.under[w] >= 0) wall = w;
    }
    if (wall < 0) {
      throw new CodecError(
        `cells ${a} and ${c} are not two apart in a straight line across an inner cell`,
        undefined,
        path,
      );
    }
    if (open[wall] !== 0) throw new CodecError(`the crossing ${a}–${c} is listed twice`, undefined, path);
    open[wall] = 1;
  });
  const problem = crossingProblem(grid, open);
  if (problem) {
    const k = doc.crossings.findIndex(
      ([a, c]) =>
        (grid.wallCellA[problem.wall] === a && grid.wallCellB[problem.wall] === c) ||
        (grid.wallCellA[problem.wall] === c && grid.wallCellB[problem.wall] === a),
    );
    throw new CodecError(problem.what, undefined, `$.crossings[${k}]`);
  }
  return { grid, open };
}

/**
 * The document checked against the maze JSON schema: the format and version first (so that another format
 * or a newer version is named as such), then everything else.
 * @throws CodecError at the JSON path of the first problem
 */
function parseMazeJson(value: unknown): MazeJson {
  const header = mazeJsonHeader.safeParse(value, { reportInput: true });
  if (!header.success) throw codecError(header.error.issues[0]);
  const parsed = mazeJsonZod.safeParse(value, { reportInput: true });
  if (!parsed.success) throw codecError(parsed.error.issues[0]);
  return parsed.data;
}

/** A schema issue as a CodecError: its JSON path, its message, and a hint where one helps. */
function codecError(issue: z.core.$ZodIssue): CodecError {
  let path = '$';
  for (const key of issue.path) path += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    if (path === '$' && key === 'hexTop') {
      return new CodecError('hexTop is for hex mazes only', undefined, '$.hexTop');
    }
    const fields = path === '$' ? `; maze JSON fields: ${MAZE_JSON_FIELDS.join(', ')}` : '';
    return new CodecError(`unknown field "${key}"${fields}`, undefined, `${path}.${key}`);
  }
  const input = (issue as { input?: unknown }).input;
  const newer = path === '$.version' && typeof input === 'number' && input > MAZE_JSON_VERSION;
  return new CodecError(
    issue.message,
    undefined,
    path,
    newer ? 'the file was written by a newer mazebook' : undefined,
  );
}

/** The solution must walk from the entry cell to the exit cell through walls it may cross. */
function checkSolution(maze: Maze, solution: readonly number[]): void {
  const { grid } = maze;
  if (solution.length === 0) {
    if (bfs(grid, maze.open, maze.entryCell, maze.oneWay).dist[maze.exitCell] >= 0) {
      throw new CodecError('the solution is empty, but the exit can be reached', undefined, '$.solution');
    }
    return;
  }
  const cells = solution.map((c, k) => below(c, grid.cellCount, `$.solution[${k}]`));
  if (cells[0] !== maze.entryCell) {
    throw new CodecError(
      `expected the entry cell ${maze.entryCell}, got ${cells[0]}`,
      undefined,
      '$.solution[0]',
    );
  }
  const last = cells.length - 1;
  if (cells[last] !== maze.exitCell) {
    throw new CodecError(
      `expected the exit cell ${maze.exitCell}, got ${cells[last]}`,
      undefined,
      `$.solution[${last}]`,
    );
  }
  for (let k = 1; k < cells.length; k++) {
    const [a, b] = [cells[k - 1], cells[k]];
    let ok = false;
    for (let j = grid.adjStart[a]; j < grid.adjStart[a + 1] && !ok; j++) {
      const w = grid.adjWall[j];
      if (grid.adjCell[j] !== b || maze.open[w] === 0) continue;
      const dir = maze.oneWay ? maze.oneWay[w] : 0;
      ok = dir === 0 || (dir > 0 ? grid.wallCellA[w] : grid.wallCellB[w]) === a;
    }
    if (!ok) {
      throw new CodecError(
        `cell ${b} cannot be reached from cell ${a} in one step`,
        undefined,
        `$.solution[${k}]`,
      );
    }
  }
}

/** A cell or wall number (already a whole number ≥ 0 by the schema) that must also be below `count`. */
function below(value: number, count: number, path: string): number {
  if (value >= count) {
    throw new CodecError(`expected a whole number in [0, ${count - 1}], got ${value}`, undefined, path);
  }
  // JSON may write zero as -0; an index is 0 (a maze read back from its own export must be the same maze).
  return value === 0 ? 0 : value;
}

/** Bit i of the result is byte (i >> 3), bit (i & 7) of the packed bytes, as base64. */
export function packBits(bits: Uint8Array): string {
  const bytes = new Uint8Array(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) bytes[i >> 3] |= 1 << (i & 7);
  return Buffer.from(bytes).toString('base64');
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function unpackBits(value: unknown, count: number, path: string, what: string): Uint8Array {
  if (typeof value !== 'string' || !BASE64.test(value)) {
    throw new CodecError(
      `expected a base64 string of ${what} bits, got ${showJsonValue(value)}`,
      undefined,
      path,
    );
  }
  const bytes = Buffer.from(value, 'base64');
  const expected = Math.ceil(count / 8);
  if (bytes.length !== expected) {
    throw new CodecError(
      `expected ${expected} bytes (${count} ${what}, 8 to a byte), got ${bytes.length}`,
      undefined,
      path,
    );
  }
  if (count % 8 !== 0 && bytes[expected - 1] >> (count % 8) !== 0) {
    throw new CodecError(`the unused high bits of the last byte must be 0`, undefined, path);
  }
  const bits = new Uint8Array(count);
  for (let i = 0; i < count; i++) bits[i] = (bytes[i >> 3] >> (i & 7)) & 1;
  return bits;
}

/** The layout (and mask) a grid was built from, found from its topology, size label and cell positions. */
function findLayout(grid: Grid): { layout: GridLayout; keep?: Uint8Array } {
  const shape = grid.topology as TopologyName;
  const size = sizeOf(grid);
  if (!(topologyNames as string[]).includes(shape) || !size) {
    throw new CodecError(
      `cannot tell how the ${grid.topology} grid ${grid.sizeLabel} was built`,
      undefined,
      undefined,
      'pass its layout (and mask) to exportMazeJson',
    );
  }
  const tops: (HexTop | undefined)[] = shape === 'hex' ? ['pointy', 'flat'] : [undefined];
  for (const hexTop of tops) {
    const layout: GridLayout = { shape, size, ...(hexTop ? { hexTop } : {}) };
    const full = buildGrid(layout);
    if (full.cellCount === grid.cellCount) {
      if (sameGrid(full, grid)) return { layout };
      continue;
    }
    for (const keep of candidateKeeps(full, grid))
      if (sameGrid(subGrid(full, keep), grid)) return { layout, keep };
  }
  throw new CodecError(
    `the ${grid.topology} grid ${grid.sizeLabel} is not a full or masked grid of that size`,
    undefined,
    undefined,
    'pass its layout (and mask) to exportMazeJson',
  );
}

function checkLayout(
  grid: Grid,
  layout: GridLayout,
  keep?: Uint8Array,
): { layout: GridLayout; keep?: Uint8Array } {
  const full = buildGrid(layout);
  if (keep && keep.length !== full.cellCount) {
    throw new CodecError(
      `keep: expected one byte per cell of the full grid (${full.cellCount}), got ${keep.length}`,
    );
  }
  const keepBits = keep ? Uint8Array.from(keep, (k) => (k === 0 ? 0 : 1)) : undefined;
  if (!sameGrid(keepBits ? subGrid(full, keepBits) : full, grid)) {
    throw new CodecError(`the maze's grid is not the one its layout${keep ? ' and mask' : ''} build`);
  }
  return { layout, ...(keepBits ? { keep: keepBits } : {}) };
}

function sizeOf(grid: Grid): { columns: number; rows: number } | undefined {
  const rings = /^(\d+) rings$/.exec(grid.sizeLabel);
  if (rings) return { columns: Number(rings[1]), rows: Number(rings[1]) };
  const cr = /^(\d+)×(\d+)$/.exec(grid.sizeLabel);
  return cr ? { columns: Number(cr[1]), rows: Number(cr[2]) } : undefined;
}

/**
 * Candidate masks: the cells of `full` that `part` may keep. `subGrid` moves a cut-out grid by the corner
 * (minX, minY) of the walls it keeps, so every cell of `part` is a cell of `full` minus that corner, to the
 * bit, and minX and minY are coordinates of full-grid vertices (or of an arc's outermost point). Try each
 * full cell as part's first cell with the offsets that are such coordinates, and yield the masks under
 * which every cell is reproduced exactly, in increasing order. (A mask moved by a lattice step may fit too;
 * the caller checks each candidate by rebuilding the grid.)
 */
function* candidateKeeps(full: Grid, part: Grid): Generator<Uint8Array> {
  const n = part.cellCount;
  if (n === 0 || n > full.cellCount) return;
  const at = pointIndex(full.cellX, full.cellY);
  const xs = new Set(full.vertexX);
  const ys = new Set(full.vertexY);
  if (full.arcs) {
    // An arc bulging past its ends frames the grid by its extreme point, computed as assembleGrid does.
    const { curved, cx, cy } = full.arcs;
    for (let w = 0; w < full.wallCount; w++) {
      if (curved[w] === 0) continue;
      const r = Math.hypot(full.vertexX[full.wallV0[w]] - cx, full.vertexY[full.wallV0[w]] - cy);
      xs.add(cx - r).add(cx + r);
      ys.add(cy - r).add(cy + r);
    }
  }
  const sortedX = [...xs].sort((a, b) => a - b);
  const sortedY = [...ys].sort((a, b) => a - b);
  /** Full cell c moved by (dx, dy) is exactly part cell p. */
  const same = (p: number, c: number, dx: number, dy: number): boolean =>
    c >= 0 && full.cellX[c] - dx === part.cellX[p] && full.cellY[c] - dy === part.cellY[p];
  // Cells checked first: a few spread over the grid, so most wrong offsets fail at once.
  const probe = Array.from({ length: Math.min(n, 16) }, (_, k) => Math.floor(((k + 1) * (n - 1)) / 16));
  for (let f = 0; f + n <= full.cellCount; f++) {
    for (const dx of near(sortedX, full.cellX[f] - part.cellX[0])) {
      for (const dy of near(sortedY, full.cellY[f] - part.cellY[0])) {
        if (!same(0, f, dx, dy)) continue;
        const find = (p: number): number => at(part.cellX[p] + dx, part.cellY[p] + dy);
        if (!probe.every((p) => same(p, find(p), dx, dy))) continue;
        const keep = new Uint8Array(full.cellCount);
        let previous = -1;
        let ok = true;
        for (let p = 0; p < n && ok; p++) {
          const c = find(p);
          ok = c > previous && same(p, c, dx, dy);
          if (ok) keep[c] = 1;
          previous = c;
        }
        if (ok) yield keep;
      }
    }
  }
}

/** The values of a sorted list within 1e-6 of `x` (rounding can put a vertex and an arc's extreme there). */
function near(sorted: number[], x: number): number[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x - 1e-6) lo = mid + 1;
    else hi = mid;
  }
  const found: number[] = [];
  for (let k = lo; k < sorted.length && sorted[k] <= x + 1e-6; k++) found.push(sorted[k]);
  return found;
}

/** Same cells, walls, vertices and geometry, number for number. */
export function sameGrid(a: Grid, b: Grid): boolean {
  if (a.topology !== b.topology || a.sizeLabel !== b.sizeLabel) return false;
  if (a.cellCount !== b.cellCount || a.wallCount !== b.wallCount || a.vertexCount !== b.vertexCount)
    return false;
  if (a.width !== b.width || a.height !== b.height || a.arcs?.cx !== b.arcs?.cx || a.arcs?.cy !== b.arcs?.cy)
    return false;
  const arrays = [
    'cellX',
    'cellY',
    'wallCellA',
    'wallCellB',
    'wallV0',
    'wallV1',
    'vertexX',
    'vertexY',
  ] as const;
  for (const name of arrays) {
    const x = a[name];
    const y = b[name];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  }
  if ((a.arcs === undefined) !== (b.arcs === undefined)) return false;
  if (a.arcs && b.arcs)
    for (let w = 0; w < a.wallCount; w++) if (a.arcs.curved[w] !== b.arcs.curved[w]) return false;
  return true;
}
