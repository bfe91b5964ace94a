import { UserError } from '../../base/errors.js';
import { type Grid, rimNormal, wallMidpoint } from '../../grid/grid.js';
import type { EndPlacement, Side } from './end-placement.js';
import { outerRimWalls } from './rim-parts.js';

/** Ends fixed by the spec or the algorithm: a side's rim wall, a given wall, the centre cell. */

const SIDE_VECTOR: Record<Side, [number, number]> = {
  top: [0, -1],
  bottom: [0, 1],
  left: [-1, 0],
  right: [1, 0],
};

/** Minimum cosine between a rim wall's outward normal and the side's direction for the wall to face that side. */
const FACING_COS = 0.7;

/** Distance (grid units) a side end may land from the requested spot before the author is warned. */
const MOVE_WARNING = 2;

/**
 * The rim wall of an end the spec or the algorithm fixed: a `wall` end's own, a `side` end's wall facing
 * that side nearest the spot asked for (with a warning when that is far from it); -1 for `auto` and
 * `centre` ends.
 * @param name `entry` or `exit`, for messages
 * @throws UserError when no rim wall faces the side
 */
export function fixedEndWall(
  grid: Grid,
  end: EndPlacement,
  name: string,
  where: string,
  warn: (what: string) => void,
): number {
  if (end.kind === 'wall') return end.wall;
  if (end.kind !== 'side') return -1;
  const found = wallOnSide(grid, end.side, end.at);
  if (found.wall < 0) {
    throw new UserError(
      where,
      `${name}: no rim wall of this maze faces ${end.side}`,
      `use another side or 'auto'`,
    );
  }
  if (found.distance > MOVE_WARNING) {
    warn(
      `${name} ${end.side} at ${Math.round(end.at * 100)}% is outside the maze's shape; moved to the nearest rim cell facing ${end.side}`,
    );
  }
  return found.wall;
}

/** The cell whose centre is nearest the middle of the grid's box (lowest index on ties). */
export function centreCell(grid: Grid): number {
  const mx = grid.width / 2;
  const my = grid.height / 2;
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < grid.cellCount; c++) {
    const d = (grid.cellX[c] - mx) ** 2 + (grid.cellY[c] - my) ** 2;
    if (d < bestD - 1e-12) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/**
 * The rim wall facing `side` nearest to the spot `at` along that side of the maze's box (the outermost on
 * ties), and how far (grid units) its midpoint is from that spot; wall -1 if no rim wall faces the side.
 */
export function wallOnSide(grid: Grid, side: Side, at: number): { wall: number; distance: number } {
  const [sx, sy] = SIDE_VECTOR[side];
  const alongX = sy !== 0;
  const px = alongX ? at * grid.width : sx > 0 ? grid.width : 0;
  const py = alongX ? (sy > 0 ? grid.height : 0) : at * grid.height;
  let best = -1;
  let bestD = Infinity;
  const outer = outerRimWalls(grid);
  for (let k = 0; k < grid.rimWall.length; k++) {
    const w = grid.rimWall[k];
    if (!outer[w]) continue;
    const [nx, ny] = rimNormal(grid, w);
    if (nx * sx + ny * sy < FACING_COS) continue;
    const [mx, my] = wallMidpoint(grid, w);
    const d = Math.hypot(mx - px, my - py);
    if (d < bestD - 1e-9) {
      best = w;
      bestD = d;
    }
  }
  return { wall: best, distance: bestD };
}
