import type { Solution } from '../analyze/solve.js';
import type { Maze } from '../generate/maze.js';
import { type Grid, rimNormal, wallMidpoint } from '../grid/grid.js';
import type { Rect } from '../plan/page-geometry.js';
import { type Item, PathBuilder, polygon, type Stroke } from './display-list.js';
import { type Placement, wallPaths } from './wall-paths.js';

export interface MazeStyle {
  walls: Stroke;
  /** Draw the solution with this stroke; omit for a puzzle page. */
  solution?: Stroke;
  /** Start/finish arrows outside the rim; omit for none. */
  markers?: { color: string; size: number };
}

/** Scales and centres a grid in a rectangle, keeping cells their true shape. */
export function fitGrid(grid: Grid, rect: Rect): Placement {
  const scale = Math.min(rect.width / grid.width, rect.height / grid.height);
  return {
    scale,
    ox: rect.x + (rect.width - grid.width * scale) / 2,
    oy: rect.y + (rect.height - grid.height * scale) / 2,
  };
}

/** Display items for one maze fitted into `rect`: walls (one merged path), then the solution, then markers. */
export function drawMaze(maze: Maze, rect: Rect, style: MazeStyle, solution?: Solution): Item[] {
  const place = fitGrid(maze.grid, rect);
  const items: Item[] = [{ type: 'path', path: wallPaths(maze, place), stroke: style.walls }];
  if (solution && style.solution)
    items.push({ type: 'path', path: solutionPath(maze, solution, place), stroke: style.solution });
  if (style.markers) {
    const gap = style.walls.width + style.markers.size * 0.25;
    items.push(arrow(maze.grid, maze.entryWall, place, style.markers, gap, true));
    items.push(arrow(maze.grid, maze.exitWall, place, style.markers, gap, false));
  }
  return items;
}

/** The route from the entry opening through every solution cell's centre to the exit opening. */
function solutionPath(maze: Maze, solution: Solution, { ox, oy, scale }: Placement) {
  const { grid } = maze;
  const b = new PathBuilder();
  const [ex, ey] = wallMidpoint(grid, maze.entryWall);
  b.moveTo(ox + ex * scale, oy + ey * scale);
  for (const c of solution.cells) b.lineTo(ox + grid.cellX[c] * scale, oy + grid.cellY[c] * scale);
  const [xx, xy] = wallMidpoint(grid, maze.exitWall);
  b.lineTo(ox + xx * scale, oy + xy * scale);
  return b.finish();
}

/**
 * A filled arrow just outside a rim opening: pointing in at the entry, out at the exit. Its size is the
 * theme's, independent of the cell size, so tiny cells still get a visible marker.
 */
function arrow(
  grid: Grid,
  wall: number,
  { ox, oy, scale }: Placement,
  marker: { color: string; size: number },
  gap: number,
  inward: boolean,
): Item {
  const [mx, my] = wallMidpoint(grid, wall);
  const [nx, ny] = rimNormal(grid, wall);
  const cx = ox + mx * scale;
  const cy = oy + my * scale;
  const near = gap;
  const far = gap + marker.size;
  const [tip, base] = inward ? [near, far] : [far, near];
  const half = marker.size * 0.45;
  return {
    type: 'path',
    fill: marker.color,
    path: polygon([
      [cx + nx * tip, cy + ny * tip],
      [cx + nx * base - ny * half, cy + ny * base + nx * half],
      [cx + nx * base + ny * half, cy + ny * base - nx * half],
    ]),
  };
}
