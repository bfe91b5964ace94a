import { LIMITS } from '../base/limits.js';
import type { Maze } from '../generate/maze.js';
import { bfs } from '../grid/bfs.js';
import type { Grid } from '../grid/grid.js';
import { buildSquareGrid } from '../grid/square.js';
import { CodecError } from './codec-error.js';
import { refuseWeave } from './refuse-weave.js';
import { checkRimEnds, horizontalWall, type SquareFrame, squareFrame, verticalWall } from './square-frame.js';
import { transformSquareMaze } from './square-symmetry.js';

/**
 * Finger Maze strings (Giuseppe Bilotta's *Finger Maze*): a full rectangular square maze in one line,
 *
 *     FM <columns> <tiles of row 0> <rows> <tiles of rows 1 .. rows−1> <entry> <exit>
 *     FM 5         jsnWS            3      IEAnJNEJLi                  N1      E2
 *
 * Each tile is one letter for its four sides, a 4-bit number with bit 0 north, 1 east, 2 south, 3 west,
 * 1 for a wall and 0 for an open side; letter n of `AnelsiJWwjISLENa` is tile n (`A` all open, `a` all
 * walls, `I` a north–south corridor, `E` open to the east only…). Tiles run row by row from the north-west
 * corner. The two numbers are positive decimal integers without leading zeros.
 *
 * An end is a side letter and a decimal number: the tiles along each side are counted from 0 clockwise, the
 * count restarting on every side — `N k` is column k from the west, `E k` row k from the north, `S k`
 * column k from the east, `W k` row k from the south.
 *
 * A passage between two tiles is open when either tile is open towards the other; when only one is, it is a
 * one-way passage that may be crossed only out of the open tile (`Maze.oneWay`). The entry and exit tiles
 * must be open towards the rim, and the exit must be reachable from the entry (through one-way passages
 * only in their direction); other open rim sides are kept as gaps in the rim, and tiles off the route may be
 * cut off.
 */

/** Tile letters: letter n has the walls of the 4-bit number n (bit 0 north, 1 east, 2 south, 3 west). */
export const FM_TILES = 'AnelsiJWwjISLENa';

const NORTH = 1;
const EAST = 2;
const SOUTH = 4;
const WEST = 8;

type Side = 'N' | 'E' | 'S' | 'W';
const SIDE_NAMES: Record<Side, string> = { N: 'north', E: 'east', S: 'south', W: 'west' };

/** A rim wall as a Finger Maze end: the side and the clockwise tile number on it. */
interface End {
  side: Side;
  index: number;
}

/**
 * Reads a Finger Maze string.
 * @throws CodecError naming the 1-based column of the first character that does not fit, and what was
 *   expected there; for a maze whose exit cannot be reached, the column of the exit
 */
export function decodeFm(text: string): Maze {
  const fm = readFm(text);
  const { frame, tiles, entry, exit } = fm;
  const { grid, open, oneWay } = openTiles(frame, tiles);
  const entryWall = openEndWall(grid, open, fm, entry, 'entry');
  const exitWall = openEndWall(grid, open, fm, exit, 'exit');
  if (entryWall === exitWall) throw new CodecError('the exit is the same rim side as the entry', exit.column);
  const entryCell = grid.wallCellA[entryWall];
  const exitCell = grid.wallCellA[exitWall];
  checkExitReached(grid, open, oneWay, fm, entryCell, exitCell);
  return {
    grid,
    open,
    entryWall,
    exitWall,
    entryCell,
    exitCell,
    ...(oneWay ? { oneWay } : {}),
  };
}

/** A Finger Maze string's parts: the frame, each tile's code, and the ends with their columns in the text. */
interface FmParts {
  frame: SquareFrame;
  tiles: number[];
  entry: { end: End; column: number };
  exit: { end: End; column: number };
}

/**
 * The parts of a Finger Maze string, read character by character.
 * @throws CodecError at the first character that does not fit
 */
function readFm(text: string): FmParts {
  const chars = Array.from(text);
  let i = 0;
  const got = (): string => (i < chars.length ? `'${chars[i]}'` : 'the end of the string');
  const fail = (expected: string, hint?: string): never => {
    throw new CodecError(`expected ${expected}, got ${got()}`, i + 1, undefined, hint);
  };

  for (const letter of 'FM') {
    if (chars[i] !== letter) fail(`'FM' (a Finger Maze string starts with FM)`);
    i++;
  }

  const number = (what: string, max: number): number => {
    if (!/^[1-9]$/.test(chars[i] ?? '')) fail(`${what} (a positive whole number)`);
    const start = i;
    let value = 0;
    while (/^[0-9]$/.test(chars[i] ?? '')) value = value * 10 + Number(chars[i++]);
    if (value > max) throw new CodecError(`${what} must be at most ${max}, got ${value}`, start + 1);
    return value;
  };

  const tiles: number[] = [];
  const tile = (n: number, columns: number): void => {
    const code = FM_TILES.indexOf(chars[i] ?? '');
    if (code < 0 || chars[i] === undefined) {
      const row = Math.floor(n / columns);
      fail(`tile ${(n % columns) + 1} of ${columns} in row ${row} (one of ${FM_TILES})`);
    }
    tiles.push(code);
    i++;
  };

  const columns = number('the number of columns', LIMITS.maxSide);
  for (let n = 0; n < columns; n++) tile(n, columns);
  const rowsAt = i;
  const rows = number('the number of rows', LIMITS.maxSide);
  if (columns * rows > LIMITS.maxCells) {
    throw new CodecError(
      `a maze may have at most ${LIMITS.maxCells} tiles, this one has ${columns} × ${rows}`,
      rowsAt + 1,
    );
  }
  for (let n = columns; n < columns * rows; n++) tile(n, columns);

  const end = (name: 'entry' | 'exit'): { end: End; column: number } => {
    const column = i + 1;
    const side = chars[i];
    if (side !== 'N' && side !== 'E' && side !== 'S' && side !== 'W') {
      fail(
        `the ${name} side (N, E, S or W)`,
        /^[0-9]$/.test(side ?? '') ? 'a row may be a tile short: the tiles ran on into the entry' : undefined,
      );
    }
    i++;
    const start = i;
    if (!/^[0-9]$/.test(chars[i] ?? ''))
      fail(`the ${name} tile number on the ${SIDE_NAMES[side as Side]} side`);
    if (chars[i] === '0' && /^[0-9]$/.test(chars[i + 1] ?? '')) {
      i++;
      fail(`the end of the ${name} tile number (no leading zeros)`);
    }
    let index = 0;
    while (/^[0-9]$/.test(chars[i] ?? '') && index <= LIMITS.maxSide) index = index * 10 + Number(chars[i++]);
    const along = side === 'N' || side === 'S' ? columns : rows;
    if (index >= along) {
      throw new CodecError(
        `${name} ${side}${index}: the ${SIDE_NAMES[side as Side]} side has tiles 0 to ${along - 1}`,
        start + 1,
      );
    }
    return { end: { side: side as Side, index }, column };
  };
  const entry = end('entry');
  const exit = end('exit');
  if (i < chars.length) fail('the end of the string after the exit');
  return { frame: { columns, rows }, tiles, entry, exit };
}

/**
 * The square grid of the tiles with the walls they open: a wall open on one side only is a one-way passage
 * (`oneWay`, absent when there is none).
 */
function openTiles(
  frame: SquareFrame,
  tiles: readonly number[],
): { grid: Grid; open: Uint8Array; oneWay?: Int8Array } {
  const { columns, rows } = frame;
  const grid = buildSquareGrid(frame);
  const open = new Uint8Array(grid.wallCount);
  const oneWay = new Int8Array(grid.wallCount);
  let anyOneWay = false;
  const at = (x: number, y: number): number => tiles[y * columns + x];
  /** Wall between cell A (west/north, side bit `a` of its tile) and cell B (east/south, side bit `b`). */
  const inner = (w: number, tileA: number, a: number, tileB: number, b: number): void => {
    const fromA = (tileA & a) === 0;
    const fromB = (tileB & b) === 0;
    open[w] = fromA || fromB ? 1 : 0;
    if (fromA !== fromB) {
      oneWay[w] = fromA ? 1 : -1;
      anyOneWay = true;
    }
  };
  for (let y = 0; y < rows; y++) {
    open[verticalWall(frame, 0, y)] = at(0, y) & WEST ? 0 : 1;
    for (let x = 1; x < columns; x++) inner(verticalWall(frame, x, y), at(x - 1, y), EAST, at(x, y), WEST);
    open[verticalWall(frame, columns, y)] = at(columns - 1, y) & EAST ? 0 : 1;
  }
  for (let x = 0; x < columns; x++) {
    open[horizontalWall(frame, x, 0)] = at(x, 0) & NORTH ? 0 : 1;
    for (let y = 1; y < rows; y++) inner(horizontalWall(frame, x, y), at(x, y - 1), SOUTH, at(x, y), NORTH);
    open[horizontalWall(frame, x, rows)] = at(x, rows - 1) & SOUTH ? 0 : 1;
  }
  return { grid, open, ...(anyOneWay ? { oneWay } : {}) };
}

/**
 * The rim wall of an end, which must be open.
 * @throws CodecError at the end's column when its tile has a wall there
 */
function openEndWall(
  grid: Grid,
  open: Uint8Array,
  { frame, tiles }: FmParts,
  { end: e, column }: { end: End; column: number },
  name: string,
): number {
  const { columns } = frame;
  const w = endWall(frame, e);
  if (open[w] === 0) {
    const cell = grid.wallCellA[w];
    const tile = `tile '${FM_TILES[tiles[cell]]}' (column ${cell % columns}, row ${Math.floor(cell / columns)})`;
    throw new CodecError(
      `${name} ${e.side}${e.index}: ${tile} has a wall on its ${SIDE_NAMES[e.side]} side; an ${name} needs an open side`,
      column,
    );
  }
  return w;
}

/**
 * @throws CodecError at the exit's column when the exit cannot be reached from the entry, saying whether
 *   walls or one-way passages cut it off
 */
function checkExitReached(
  grid: Grid,
  open: Uint8Array,
  oneWay: Int8Array | undefined,
  { frame, tiles, entry, exit }: FmParts,
  entryCell: number,
  exitCell: number,
): void {
  const { columns } = frame;
  const reach = bfs(grid, open, entryCell, oneWay);
  if (reach.dist[exitCell] < 0) {
    const tile = (cell: number): string =>
      `tile '${FM_TILES[tiles[cell]]}' (column ${cell % columns}, row ${Math.floor(cell / columns)})`;
    throw new CodecError(
      `exit ${exit.end.side}${exit.end.index}: ${tile(exitCell)} is not reachable from the entry ` +
        `${entry.end.side}${entry.end.index} at ${tile(entryCell)}; the entry leads to ${reach.reached} of ` +
        `${grid.cellCount} tiles`,
      exit.column,
      undefined,
      oneWay && bfs(grid, open, entryCell).dist[exitCell] >= 0
        ? 'one-way passages (open on one side only) cut the exit off: open their other side, or swap entry and exit'
        : 'walls cut the exit off: open a way through',
    );
  }
}

/**
 * Writes a full rectangular square maze as a Finger Maze string (`decodeFm` reads it back to the same maze).
 * @throws CodecError for other topologies, masked mazes, weave mazes and ends inside the maze
 */
export function encodeFm(maze: Maze): string {
  refuseWeave(maze, 'a Finger Maze string');
  const frame = squareFrame(maze.grid, 'a Finger Maze string');
  checkRimEnds(maze, 'a Finger Maze string');
  const { columns, rows } = frame;
  const { open, oneWay } = maze;
  const tiles = new Uint8Array(columns * rows).fill(NORTH | EAST | SOUTH | WEST);
  const clear = (x: number, y: number, side: number): void => {
    tiles[y * columns + x] &= ~side;
  };
  /** Opens the A side (west/north) and/or the B side of an inner wall as its direction allows. */
  const inner = (w: number, ax: number, ay: number, a: number, bx: number, by: number, b: number): void => {
    if (open[w] === 0) return;
    const dir = oneWay ? oneWay[w] : 0;
    if (dir >= 0) clear(ax, ay, a);
    if (dir <= 0) clear(bx, by, b);
  };
  for (let y = 0; y < rows; y++) {
    if (open[verticalWall(frame, 0, y)]) clear(0, y, WEST);
    for (let x = 1; x < columns; x++) inner(verticalWall(frame, x, y), x - 1, y, EAST, x, y, WEST);
    if (open[verticalWall(frame, columns, y)]) clear(columns - 1, y, EAST);
  }
  for (let x = 0; x < columns; x++) {
    if (open[horizontalWall(frame, x, 0)]) clear(x, 0, NORTH);
    for (let y = 1; y < rows; y++) inner(horizontalWall(frame, x, y), x, y - 1, SOUTH, x, y, NORTH);
    if (open[horizontalWall(frame, x, rows)]) clear(x, rows - 1, SOUTH);
  }
  const letters = Array.from(tiles, (t) => FM_TILES[t]).join('');
  const entry = wallEnd(frame, maze.entryWall);
  const exit = wallEnd(frame, maze.exitWall);
  const ends = `${entry.side}${entry.index}${exit.side}${exit.index}`;
  return `FM${columns}${letters.slice(0, columns)}${rows}${letters.slice(columns)}${ends}`;
}

/**
 * The Finger Maze standard form of a full rectangular square maze, by the rules of the Finger Maze notes
 * ("Standard form"), applied in order:
 *
 * 1. landscape: more rows than columns → transpose;
 * 2. entry from the north-west: entry on the south side → reflect north/south; on the east side → reflect
 *    east/west; on the west side of a square maze → transpose; on the north side in the eastern half →
 *    reflect east/west; on the west side in the southern half → reflect north/south;
 * 3. exit towards the south-east (odd sizes): entry in the middle column of the north side and exit on the
 *    south side west of the middle → reflect east/west; entry in the middle row of the west side and exit on
 *    the east side north of the middle → reflect north/south.
 *
 * The halves include the middle column (row) of an odd size: the notes' C_M = ⌊(C + 1)/2⌋ is read as a
 * 1-based column number (0-based column c is in the western half when c + 1 ≤ C_M), the only reading under
 * which it is "the highest-numbered column in the western half". As the notes say, the form is not unique
 * in every case (e.g. entry and exit both in the middle column); `canonicalHash` is.
 */
export function standardFormFm(maze: Maze): string {
  return encodeFm(standardFormMaze(maze));
}

/** The maze of `standardFormFm`, as a Maze. */
export function standardFormMaze(maze: Maze): Maze {
  refuseWeave(maze, 'a Finger Maze standard form');
  let frame = squareFrame(maze.grid, 'a Finger Maze standard form');
  checkRimEnds(maze, 'a Finger Maze standard form');
  let m = maze;
  const apply = (transpose: boolean, flipX: boolean, flipY: boolean): void => {
    m = transformSquareMaze(m, frame, { transpose, flipX, flipY });
    if (transpose) frame = { columns: frame.rows, rows: frame.columns };
  };
  /** An end's side and its column (north/south) or row (east/west), 0-based from the west or north. */
  const place = (wall: number): { side: Side; at: number } => {
    const e = wallEnd(frame, wall);
    const along = e.side === 'N' || e.side === 'S' ? frame.columns : frame.rows;
    return { side: e.side, at: e.side === 'N' || e.side === 'E' ? e.index : along - 1 - e.index };
  };
  const westHalf = (c: number): boolean => c + 1 <= Math.floor((frame.columns + 1) / 2);
  const northHalf = (r: number): boolean => r + 1 <= Math.floor((frame.rows + 1) / 2);
  const middle = (k: number, n: number): boolean => n % 2 === 1 && k === (n - 1) / 2;

  if (frame.rows > frame.columns) apply(true, false, false);
  if (place(m.entryWall).side === 'S') apply(false, false, true);
  if (place(m.entryWall).side === 'E') apply(false, true, false);
  if (frame.columns === frame.rows && place(m.entryWall).side === 'W') apply(true, false, false);
  let entry = place(m.entryWall);
  if (entry.side === 'N' && !westHalf(entry.at)) apply(false, true, false);
  if (entry.side === 'W' && !northHalf(entry.at)) apply(false, false, true);

  entry = place(m.entryWall);
  const exit = place(m.exitWall);
  if (entry.side === 'N' && middle(entry.at, frame.columns) && exit.side === 'S' && exit.at < entry.at) {
    apply(false, true, false);
  } else if (entry.side === 'W' && middle(entry.at, frame.rows) && exit.side === 'E' && exit.at < entry.at) {
    apply(false, false, true);
  }
  return m;
}

/** The rim wall of an end (the range of `index` is checked by the caller). */
function endWall(f: SquareFrame, { side, index }: End): number {
  switch (side) {
    case 'N':
      return horizontalWall(f, index, 0);
    case 'E':
      return verticalWall(f, f.columns, index);
    case 'S':
      return horizontalWall(f, f.columns - 1 - index, f.rows);
    case 'W':
      return verticalWall(f, 0, f.rows - 1 - index);
  }
}

/** The end of a rim wall: its side and its tile number counted clockwise along that side. */
function wallEnd(f: SquareFrame, wall: number): End {
  const vertical = (f.columns + 1) * f.rows;
  if (wall < vertical) {
    const x = wall % (f.columns + 1);
    const y = Math.floor(wall / (f.columns + 1));
    if (x === 0) return { side: 'W', index: f.rows - 1 - y };
    if (x === f.columns) return { side: 'E', index: y };
  } else {
    const x = (wall - vertical) % f.columns;
    const y = Math.floor((wall - vertical) / f.columns);
    if (y === 0) return { side: 'N', index: x };
    if (y === f.rows) return { side: 'S', index: f.columns - 1 - x };
  }
  throw new CodecError(`wall ${wall} is not on the rim, so it cannot be an entry or exit`);
}
