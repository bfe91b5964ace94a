import { UserError } from '../../base/errors.js';
import type { Grid } from '../../grid/grid.js';
import type { Maze } from '../maze.js';
import type { EndPlacement } from './end-placement.js';
import { farthestFrom } from './farthest-from.js';
import { farthestPair } from './farthest-pair.js';
import { centreCell, fixedEndWall } from './fixed-ends.js';
import { outermostRimWall, rimInfo } from './rim-parts.js';
import { keepWalkedRoute, routeThrough, type WalkedRoute } from './walked-route.js';

/**
 * Opens an entry and an exit in the rim of a spanning tree and returns the finished maze.
 *
 * `auto` ends go on outer rim walls in opposite parts of the rim (`rimPart`: top and bottom, left and
 * right, or opposite corners), so they are on different sides of the maze and never both along one edge,
 * unless the author fixed both ends. With both `auto`: the pair of rim cells farthest apart along the
 * passages among such pairs (exactly, in one pass over the tree). With one `auto`: the rim cell farthest
 * along the passages from the fixed end, in the part opposite it if possible, else as far round the rim as
 * possible (anywhere when the fixed end is the centre). Pairs at least half the maze's larger side apart on
 * the page come first. The upper-left of two `auto` ends is the entry. A side end is the rim wall facing
 * that side nearest to `at`, preferring the outermost. Linear in cells + walls.
 * @param where names the page in error messages
 */
export function placeEnds(
  grid: Grid,
  open: Uint8Array,
  entry: EndPlacement,
  exit: EndPlacement,
  where: string,
  warn: (what: string) => void = () => {},
): Maze {
  if (grid.rimWall.length === 0)
    throw new UserError(where, 'the maze has no rim to place an entry and exit on');
  if (entry.kind === 'centre' && exit.kind === 'centre') {
    throw new UserError(where, 'entry and exit are both at the centre', 'put one of them on a side or auto');
  }
  let entryWall = fixedEndWall(grid, entry, 'entry', where, warn);
  let exitWall = fixedEndWall(grid, exit, 'exit', where, warn);
  const centre = entry.kind === 'centre' || exit.kind === 'centre' ? centreCell(grid) : -1;
  const entryCell = entry.kind === 'centre' ? centre : -1;
  const exitCell = exit.kind === 'centre' ? centre : -1;
  const rim = rimInfo(grid);
  const minApart = MIN_APART * Math.max(grid.width, grid.height);
  // The solution, when the ends walk found it on its way (both ends auto, open walls a tree).
  let walked: WalkedRoute | undefined;

  if (entry.kind === 'auto' && exit.kind === 'auto') {
    const pair = farthestPair(grid, open, rim, minApart);
    // Name the upper-left of the two the entry, so books read top to bottom.
    const [a, b] = isBefore(grid, pair.a, pair.b) ? [pair.a, pair.b] : [pair.b, pair.a];
    const [pa, pb] = a === pair.a ? [pair.partA, pair.partB] : [pair.partB, pair.partA];
    entryWall = outermostRimWall(grid, rim, a, b, pa);
    exitWall = outermostRimWall(grid, rim, b, a, pb);
    if (pair.tree) {
      const { fork, via, length, reached } = pair.tree;
      walked = { ...routeThrough(grid, via, a, fork, b, length), reached };
    }
  } else if (exit.kind === 'auto' || entry.kind === 'auto') {
    const [wall, cell] = entry.kind === 'auto' ? [exitWall, exitCell] : [entryWall, entryCell];
    const from = cell >= 0 ? cell : grid.wallCellA[wall];
    // The fixed end's part of the rim; none for the centre (or a wall round a hole).
    const part = cell >= 0 ? -1 : rim.wallPart[wall] - 1;
    const far = farthestFrom(grid, open, rim, from, part, minApart);
    const placed = outermostRimWall(grid, rim, far.cell, from, far.part);
    if (entry.kind === 'auto') entryWall = placed;
    else exitWall = placed;
  }
  if (entryWall >= 0 && entryWall === exitWall) {
    throw new UserError(
      where,
      'entry and exit fall on the same rim wall',
      'give them different sides or positions',
    );
  }
  const withEnds = open.slice();
  if (entryWall >= 0) withEnds[entryWall] = 1;
  if (exitWall >= 0) withEnds[exitWall] = 1;
  const maze: Maze = {
    grid,
    open: withEnds,
    entryWall,
    exitWall,
    entryCell: entryCell >= 0 ? entryCell : grid.wallCellA[entryWall],
    exitCell: exitCell >= 0 ? exitCell : grid.wallCellA[exitWall],
  };
  if (walked) keepWalkedRoute(maze, walked);
  return maze;
}

/** Share of the grid's larger side that an `auto` end keeps away from the other end on the page. */
const MIN_APART = 0.5;

/** Whether cell a comes before cell b reading the page: higher up, or level and to the left (or the same). */
function isBefore(grid: Grid, a: number, b: number): boolean {
  const dy = grid.cellY[a] - grid.cellY[b];
  if (Math.abs(dy) > 1e-9) return dy < 0;
  return grid.cellX[a] <= grid.cellX[b];
}
