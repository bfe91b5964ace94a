import { type Grid, maxDegree, rimNormal, wallMidpoint } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { AlgorithmOptions, Carved } from './algorithm.js';
import { outerRimWalls } from './ends/rim-parts.js';
import { runaway, stepBudget } from './watchdog.js';

/**
 * Minimum cosine between a rim wall's outward normal and straight up (or down) for the wall to be preferred on
 * the top (bottom) side: hexagon tops (0.87) and circle arcs near the poles pass, octagon corners (0.71) do not.
 */
const FACING = 0.8;
/** Depth (grid units) of the top and bottom sides: rim walls this close to the outermost one in y. */
const SIDE_BAND = 1;

/**
 * "Amazing", the classic BASIC maze program (Creative Computing): a visitor enters through a random opening
 * in the top side and walks to random unvisited neighbours; on a dead end it restarts from a random visited
 * cell that still has an unvisited neighbour. Once, at a cell on the bottom side, "down" is one of its
 * choices: taking it opens the exit. If the walk never takes it, the exit goes in a random bottom wall.
 *
 * Generalised from the square original to any grid: the top side is the outer rim walls facing up (see
 * `sideWalls`) within one grid unit of the highest of them, the bottom side likewise, so a hexagon's zigzag
 * flanks or a ring's hole never count as top or bottom. On a rectangle of squares these are exactly the top
 * and bottom rows. Restart picks are uniform over the unlocked visited cells, like the original's retry loop,
 * but locked cells are dropped from the list as they are met, so the whole run stays linear.
 */
export function amazing(grid: Grid, rng: Rng, _options: AlgorithmOptions): Carved {
  const { adjStart, adjCell, adjWall, cellCount } = grid;
  const open = new Uint8Array(grid.wallCount);
  const top = sideWalls(grid, -1);
  const bottomOf = new Int32Array(cellCount).fill(-1);
  const bottoms: number[] = [];
  for (const w of sideWalls(grid, 1)) {
    const c = grid.wallCellA[w];
    if (bottomOf[c] >= 0) continue;
    bottomOf[c] = w;
    bottoms.push(w);
  }
  if (top.length === 0 || bottoms.length === 0) {
    throw new Error(
      `internal: amazing found no top or bottom rim wall on ${grid.topology} ${grid.sizeLabel}`,
    );
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
    if (--budget < 0) throw runaway('amazing', grid);
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
  return { open, entryWall, exitWall };
}

/**
 * The rim walls of the top side (`dir` −1) or the bottom side (+1), in cell order: outer rim walls whose
 * outward normal points that way, within SIDE_BAND of the outermost of them in y. Of those, only the ones
 * facing within about 37° of straight up (down) count, unless none does (a shape whose top is all slanted
 * edges, such as a thin diagonal strip of triangles).
 */
function sideWalls(grid: Grid, dir: -1 | 1): number[] {
  const outer = outerRimWalls(grid);
  let extreme = -Infinity;
  const facing: number[] = [];
  for (let c = 0; c < grid.cellCount; c++) {
    for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++) {
      const w = grid.rimWall[k];
      if (outer[w] === 0 || rimNormal(grid, w)[1] * dir <= 1e-9) continue;
      facing.push(w);
      extreme = Math.max(extreme, wallMidpoint(grid, w)[1] * dir);
    }
  }
  const band = facing.filter((w) => wallMidpoint(grid, w)[1] * dir >= extreme - SIDE_BAND);
  const square = band.filter((w) => rimNormal(grid, w)[1] * dir >= FACING);
  return square.length > 0 ? square : band;
}
