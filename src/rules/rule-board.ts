import type { Solution } from '../analyze/solve.js';
import { gridFor } from '../generate/generate-maze.js';
import type { Maze } from '../generate/maze.js';
import { type Grid, wallMidpoint } from '../grid/grid.js';
import type { RulePuzzle, RuleSide } from './rule-puzzle.js';

/**
 * A rule maze's board as the rest of the book sees a maze: its square grid (cells as the rule maze numbers
 * them) with every inner wall open — one room, no corridors — and the rim walls of the start and goal cells on
 * their sides open as the entry and the exit. Sizing, fitting, markers and answer pages work on it as on any
 * maze; the rule maze's own drawing (layout/draw-rule-maze.ts) draws the cells and symbols.
 *
 * The board's solution is the rule maze's: its cells in order, and between two neighbouring cells the wall
 * they share (−1 between cells a move jumps across).
 */
export function ruleBoard(p: RulePuzzle): { maze: Maze; solution: Solution } {
  const grid = gridFor(
    { shape: 'square', size: { columns: p.columns, rows: p.rows } },
    undefined,
    'rule maze',
  );
  const open = new Uint8Array(grid.wallCount);
  for (let w = 0; w < grid.wallCount; w++) if (grid.wallCellB[w] >= 0) open[w] = 1;
  const entryWall = rimWallOn(grid, p.start, p.startSide);
  const exitWall = rimWallOn(grid, p.goal, p.goalSide);
  open[entryWall] = 1;
  open[exitWall] = 1;
  const walls = new Int32Array(Math.max(0, p.path.length - 1));
  for (let i = 1; i < p.path.length; i++) walls[i - 1] = sharedWall(grid, p.path[i - 1], p.path[i]);
  return {
    maze: { grid, open, entryWall, exitWall, entryCell: p.start, exitCell: p.goal },
    solution: { cells: p.path, walls },
  };
}

/** The rim wall of a cell on one side of the grid. */
function rimWallOn(grid: Grid, cell: number, side: RuleSide): number {
  for (let k = grid.rimStart[cell]; k < grid.rimStart[cell + 1]; k++) {
    const w = grid.rimWall[k];
    const [mx, my] = wallMidpoint(grid, w);
    const on =
      side === 'left'
        ? mx < grid.cellX[cell] - 0.25
        : side === 'right'
          ? mx > grid.cellX[cell] + 0.25
          : side === 'top'
            ? my < grid.cellY[cell] - 0.25
            : my > grid.cellY[cell] + 0.25;
    if (on) return w;
  }
  throw new Error(`internal: cell ${cell} has no rim wall on the ${side}`);
}

function sharedWall(grid: Grid, a: number, b: number): number {
  for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++)
    if (grid.adjCell[k] === b) return grid.adjWall[k];
  return -1;
}
