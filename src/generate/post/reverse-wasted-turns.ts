import type { Rng } from '../../random/sfc32.js';
import type { Maze } from '../maze.js';
import { runaway, stepBudget } from '../watchdog.js';
import { solutionZones } from './zones.js';

/**
 * McGlinn's "reversing wasted turns" (§5.4.1), generalised from "up or left" to "away from the exit": a
 * branch leaving a solution junction in a direction that points away from the exit is an option no solver
 * takes seriously. Each such branch is cut off at the junction and reattached to the solution elsewhere,
 * through the first wall (from the entry on) whose step from the solution into the branch points *toward*
 * the exit — so the branch becomes a tempting wrong turn. A branch with no such wall is left as it was.
 * The maze stays perfect and the solution unchanged. Linear in cells.
 */
export function reverseWastedTurns(maze: Maze, _rng: Rng): Maze {
  const { grid } = maze;
  const open = maze.open.slice();
  const { solution, onSolution } = solutionZones(maze);
  const { cellX, cellY, adjStart, adjCell, adjWall } = grid;
  const ex = cellX[maze.exitCell];
  const ey = cellY[maze.exitCell];
  const towardExit = (from: number, to: number): number =>
    (cellX[to] - cellX[from]) * (ex - cellX[from]) + (cellY[to] - cellY[from]) * (ey - cellY[from]);

  // Branch membership: the branch root (first off-solution cell) of every off-solution cell.
  let budget = stepBudget(grid);
  const root = new Int32Array(grid.cellCount).fill(-1);
  for (let i = 0; i < solution.length; i++) {
    const s = solution[i];
    for (let k = adjStart[s]; k < adjStart[s + 1]; k++) {
      const b = adjCell[k];
      if (open[adjWall[k]] !== 0 && onSolution[b] === 0 && root[b] < 0) markBranch(b, b);
    }
  }

  // For every branch, the first standing wall (from the entry on) that leads into it from the solution
  // with a step toward the exit: one pass over the solution.
  const standIn = new Int32Array(grid.cellCount).fill(-1);
  for (let i = 0; i < solution.length; i++) {
    const s = solution[i];
    for (let k = adjStart[s]; k < adjStart[s + 1]; k++) {
      const r = root[adjCell[k]];
      if (r >= 0 && open[adjWall[k]] === 0 && standIn[r] < 0 && towardExit(s, adjCell[k]) > 0)
        standIn[r] = adjWall[k];
    }
  }

  for (let i = 0; i < solution.length; i++) {
    const s = solution[i];
    for (let k = adjStart[s]; k < adjStart[s + 1]; k++) {
      const b = adjCell[k];
      if (open[adjWall[k]] === 0 || root[b] !== b || towardExit(s, b) >= 0 || standIn[b] < 0) continue;
      open[adjWall[k]] = 0;
      open[standIn[b]] = 1;
    }
  }
  return { ...maze, open };

  function markBranch(start: number, r: number): void {
    const stack = [start];
    root[start] = r;
    while (stack.length > 0) {
      if (--budget < 0) throw runaway('reverse-wasted-turns', grid);
      const c = stack.pop()!;
      for (let k = adjStart[c]; k < adjStart[c + 1]; k++) {
        const n = adjCell[k];
        if (open[adjWall[k]] !== 0 && onSolution[n] === 0 && root[n] < 0) {
          root[n] = r;
          stack.push(n);
        }
      }
    }
  }
}
