import { type Grid, maxDegree, rimNormal } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions, Carved } from './registry.js';
import { runaway, stepBudget } from './watchdog.js';

/** Minimum cosine between a rim wall's outward normal and straight up (or down) to count as top (bottom). */
const FACING = 0.7;

/**
 * "Amazing", the classic BASIC maze program (Creative Computing): a visitor enters through a random opening
 * in the top side and walks to random unvisited neighbours; on a dead end it restarts from a random visited
 * cell that still has an unvisited neighbour. Once, at a cell on the bottom side, "down" is one of its
 * choices: taking it opens the exit. If the walk never takes it, the exit goes in a random bottom wall.
 *
 * Generalised from the square original to any grid: "top" and "bottom" are rim walls facing up and down.
 * Restart picks are uniform over the unlocked visited cells, like the original's retry loop, but locked cells
 * are dropped from the list as they are met, so the whole run stays linear.
 */
export function amazing(grid: Grid, rng: Rng, _options: AlgorithmOptions): Carved {
  const { adjStart, adjCell, adjWall, cellCount, rimStart, rimWall } = grid;
  const open = new Uint8Array(grid.wallCount);
  const top: number[] = [];
  const bottomOf = new Int32Array(cellCount).fill(-1);
  const bottoms: number[] = [];
  for (let c = 0; c < cellCount; c++) {
    for (let k = rimStart[c]; k < rimStart[c + 1]; k++) {
      const w = rimWall[k];
      const ny = rimNormal(grid, w)[1];
      if (ny <= -FACING) top.push(w);
      else if (ny >= FACING && bottomOf[c] < 0) {
        bottomOf[c] = w;
        bottoms.push(w);
      }
    }
  }
  if (top.length === 0 || bottoms.length === 0) {
    throw new Error('internal: amazing needs rim walls facing up and down');
  }
  const entryWall = top[rng.int(top.length)];
  let exitWall = -1;

  const visited = new Uint8Array(cellCount);
  const list = new Int32Array(cellCount);
  let listed = 0;
  const choices = new Int32Array(maxDegree(grid) + 1);
  const EXIT = -1;

  let c = grid.wallCellA[entryWall];
  visited[c] = 1;
  list[listed++] = c;
  let remaining = cellCount - 1;
  let budget = stepBudget(grid);
  while (remaining > 0) {
    // Walk on while there is somewhere to go.
    for (;;) {
      if (--budget < 0) throw runaway('amazing', grid);
      let n = 0;
      for (let k = adjStart[c], end = adjStart[c + 1]; k < end; k++)
        if (visited[adjCell[k]] === 0) choices[n++] = k;
      if (exitWall < 0 && bottomOf[c] >= 0) choices[n++] = EXIT;
      if (n === 0) break;
      const k = choices[n === 1 ? 0 : rng.int(n)];
      if (k === EXIT) {
        exitWall = bottomOf[c];
        break; // like the original, the walk starts afresh after placing the exit
      }
      c = adjCell[k];
      open[adjWall[k]] = 1;
      visited[c] = 1;
      list[listed++] = c;
      remaining--;
    }
    if (remaining === 0) break;
    // Restart from a random visited cell that is not locked in.
    for (;;) {
      if (--budget < 0 || listed === 0) throw runaway('amazing', grid);
      const i = rng.int(listed);
      const cand = list[i];
      let free = false;
      for (let k = adjStart[cand], end = adjStart[cand + 1]; k < end && !free; k++)
        free = visited[adjCell[k]] === 0;
      if (free) {
        c = cand;
        break;
      }
      list[i] = list[--listed];
    }
  }
  if (exitWall < 0) exitWall = bottoms[rng.int(bottoms.length)];
  if (exitWall === entryWall) exitWall = bottoms.find((w) => w !== entryWall) ?? exitWall;
  return { open, entryWall, exitWall };
}
