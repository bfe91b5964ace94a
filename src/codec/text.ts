import type { Maze } from '../generate/maze.js';
import { refuseWeave } from './refuse-weave.js';
import { horizontalWall, squareFrame, verticalWall } from './square-frame.js';

/**
 * A full rectangular square maze drawn the way the 1970s BASIC program "Amazing" printed it: three
 * characters per cell, two lines per row. The top line is `.--` per cell (`.  ` over an opening) and a
 * closing `.`; then for each row an `I` for the west rim (a space where it is open) followed by `  I` for
 * each cell with a wall on its east side and `   ` for one without, and below it `:--` per cell with a wall
 * on its south side and `:  ` for one without, closed by `.`. Openings in the rim (entry and exit) show as
 * gaps wherever they are; one-way passages show as plain openings. Every line ends with a newline.
 *
 *     .  .--.--.
 *     I        I
 *     :  :--:  .
 *     I     I  I
 *     :--:--:  .
 *
 * @throws CodecError for other topologies, masked mazes and weave mazes
 */
export function amazingText(maze: Maze): string {
  refuseWeave(maze, 'Amazing text');
  const f = squareFrame(maze.grid, 'the Amazing text rendering');
  const { open } = maze;
  let out = '';
  for (let x = 0; x < f.columns; x++) out += open[horizontalWall(f, x, 0)] ? '.  ' : '.--';
  out += '.\n';
  for (let y = 0; y < f.rows; y++) {
    out += open[verticalWall(f, 0, y)] ? ' ' : 'I';
    for (let x = 0; x < f.columns; x++) out += open[verticalWall(f, x + 1, y)] ? '   ' : '  I';
    out += '\n';
    for (let x = 0; x < f.columns; x++) out += open[horizontalWall(f, x, y + 1)] ? ':  ' : ':--';
    out += '.\n';
  }
  return out;
}

/** Box-drawing characters by the arms that meet at a corner: bit 0 up, 1 right, 2 down, 3 left. */
const BOX = ' ╵╶└╷│┌├╴┘─┴┐┤┬┼';
const UP = 1;
const RIGHT = 2;
const DOWN = 4;
const LEFT = 8;

/**
 * A full rectangular square maze drawn with Unicode box-drawing characters: each corner is the character
 * joining the standing walls that meet there (─ │ ┌ ┐ └ ┘ ├ ┤ ┬ ┴ ┼, and ╴ ╵ ╶ ╷ where a wall ends), each
 * horizontal wall `───` and each cell three characters wide, so openings (entry and exit too) show as gaps.
 * Two lines per row plus one; every line ends with a newline (trailing spaces are kept, so columns line
 * up).
 *
 *     ╷   ╶───────┐
 *     │           │
 *     │   ╶───┐   │
 *     │       │   │
 *     └───────┘   ╵
 *
 * @throws CodecError for other topologies, masked mazes and weave mazes
 */
export function boxText(maze: Maze): string {
  refuseWeave(maze, 'box-drawing text');
  const f = squareFrame(maze.grid, 'the box-drawing text rendering');
  const { open } = maze;
  const standsV = (x: number, y: number): boolean =>
    y >= 0 && y < f.rows && open[verticalWall(f, x, y)] === 0;
  const standsH = (x: number, y: number): boolean =>
    x >= 0 && x < f.columns && open[horizontalWall(f, x, y)] === 0;
  const corner = (x: number, y: number): string =>
    BOX[
      (standsV(x, y - 1) ? UP : 0) |
        (standsH(x, y) ? RIGHT : 0) |
        (standsV(x, y) ? DOWN : 0) |
        (standsH(x - 1, y) ? LEFT : 0)
    ];
  let out = '';
  for (let y = 0; y <= f.rows; y++) {
    for (let x = 0; x <= f.columns; x++) {
      out += corner(x, y);
      if (x < f.columns) out += standsH(x, y) ? '───' : '   ';
    }
    out += '\n';
    if (y === f.rows) break;
    for (let x = 0; x <= f.columns; x++) {
      out += standsV(x, y) ? '│' : ' ';
      if (x < f.columns) out += '   ';
    }
    out += '\n';
  }
  return out;
}
