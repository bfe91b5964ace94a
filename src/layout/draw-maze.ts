import type { Solution } from '../analyze/solve.js';
import type { Maze } from '../generate/maze.js';
import { type Grid, wallMidpoint } from '../grid/grid.js';
import { WEAVE_INSET } from '../grid/weave.js';
import type { Rect } from '../plan/rect.js';
import { PathBuilder, type PathData, shortSweep } from '../vector/path-data.js';
import type { Item, Stroke } from './display-list.js';
import { tonedOverhang, tonedWallItems } from './draw-toned-walls.js';
import { weaveSolutionPath, weaveWallPaths } from './draw-weave.js';
import { drawMarkers, type MarkerStyle } from './markers.js';
import { tonedRoute } from './toned-route.js';
import { type Placement, wallPaths } from './wall-paths.js';

export interface MazeStyle {
  walls: Stroke;
  /** Draw the solution with this stroke; omit for a puzzle page. */
  solution?: Stroke;
  /** Also draw the solution as this (wide, light) band under the walls, so it reads in grey. */
  band?: Stroke;
  /** Start/finish markers (arrows or pictures, optionally labelled) outside the rim; omit for none. */
  markers?: MarkerStyle;
  /** Draw the solution under the walls (a highlight band) instead of over them. */
  solutionUnder?: boolean;
  /** Fill the maze's cells (the area inside its outer wall) with this colour, under everything. */
  background?: string;
}

/**
 * Scales and centres a grid in a rectangle, keeping cells their true shape. A grid with its own wall widths
 * (a tone maze) is scaled so that its widest rim walls, which reach `tonedOverhang` beyond its box, stay
 * inside the rectangle too.
 */
export function fitGrid(grid: Grid, rect: Rect): Placement {
  const over = 2 * tonedOverhang(grid);
  const scale = Math.min(rect.width / (grid.width + over), rect.height / (grid.height + over));
  return {
    scale,
    ox: rect.x + (rect.width - grid.width * scale) / 2,
    oy: rect.y + (rect.height - grid.height * scale) / 2,
  };
}

/**
 * Display items for one maze fitted into `rect`: walls (one merged path, or a path per width band when the
 * grid gives each wall its width: `tonedWallItems`, in the walls' colour, caps and joins), one-way marks (when the maze has
 * one-way passages), then the solution, then markers (see `placeMarkers`: sized to the passage, on the
 * openings' normals, clear of walls, inside `style.markers.frame`).
 */
export function drawMaze(maze: Maze, rect: Rect, style: MazeStyle, solution?: Solution): Item[] {
  const place = fitGrid(maze.grid, rect);
  // Weave mazes (under-passages in the grid) are drawn inset, with gaps where a tunnel runs under a bridge;
  // tone mazes' walls have their own widths (the two never meet: the plan refuses weave on a picture).
  const weave = maze.grid.weave !== undefined;
  const items: Item[] = maze.grid.tone
    ? tonedWallItems(maze, place, style.walls)
    : [
        {
          type: 'path',
          path: weave ? weaveWallPaths(maze, place, style.walls.width) : wallPaths(maze, place),
          stroke: style.walls,
          role: 'walls',
        },
      ];
  const oneWay = maze.oneWay ? oneWayMarks(maze, place) : undefined;
  if (oneWay) items.push({ type: 'path', path: oneWay, stroke: { ...style.walls, join: 'miter' } });
  let route: PathData | undefined;
  /** The narrowest clear passage the route runs through, pt, where walls narrow it more than `wall` does. */
  let clear = Infinity;
  if (solution && (style.solution || style.band)) {
    if (maze.grid.tone) {
      const toned = tonedRoute(maze, solution, place);
      route = toned.path;
      clear = toned.clear;
    } else if (weave) {
      route = weaveSolutionPath(maze, solution, place, style.walls.width);
      clear = weaveClear(maze.grid, place, style.walls.width);
    } else route = solutionPath(maze, solution, place);
  }
  const { band, solution: line } = fitRoute(style, clear);
  if (route && line) {
    const path: Item = { type: 'path', path: route, stroke: line, role: 'route' };
    if (style.solutionUnder) items.unshift(path);
    else items.push(path);
  }
  if (route && band) items.unshift({ type: 'path', path: route, stroke: band, role: 'band' });
  if (style.background) {
    items.unshift({
      type: 'path',
      path: rimOutline(maze.grid, place),
      fill: style.background,
      evenOdd: true,
    });
  }
  if (style.markers) items.push(...drawMarkers(maze, place, rect, style.walls.width, style.markers));
  return items;
}

/**
 * The route's strokes narrowed to a passage `clear` points wide (wall face to wall face): the band to three
 * quarters of it (as `routeStyle` sizes it on plain mazes), the line to at most 0.4 of the band (but not under
 * 0.5pt, so it stays visible).
 */
function fitRoute(style: MazeStyle, clear: number): { band?: Stroke; solution?: Stroke } {
  const { band, solution } = style;
  if (!Number.isFinite(clear)) return { band, solution };
  const bandWidth = band ? Math.min(band.width, 0.75 * clear) : 0.75 * clear;
  const fitted = (s: Stroke, width: number): Stroke => {
    if (width >= s.width) return s;
    const k = width / s.width;
    return { ...s, width, ...(s.dash ? { dash: [s.dash[0] * k, s.dash[1] * k] as [number, number] } : {}) };
  };
  return {
    ...(band ? { band: fitted(band, bandWidth) } : {}),
    ...(solution ? { solution: fitted(solution, Math.max(0.5, 0.4 * bandWidth)) } : {}),
  };
}

/**
 * The clear passage of a weave maze in points: its cells are drawn inset (see `weaveWallPaths`), so a passage
 * is 1 − 2·WEAVE_INSET of a cell between wall centres, less the wall's width.
 */
function weaveClear(grid: Grid, place: Placement, wall: number): number {
  const cell = Math.hypot(
    grid.vertexX[grid.wallV1[0]] - grid.vertexX[grid.wallV0[0]],
    grid.vertexY[grid.wallV1[0]] - grid.vertexY[grid.wallV0[0]],
  );
  return Math.max(0, (1 - 2 * WEAVE_INSET) * cell * place.scale - wall);
}

/** Size of a one-way chevron as a share of its wall's length: twice this along the wall, once across. */
const CHEVRON = 0.22;

/**
 * A chevron (›) on each open one-way wall, centred on the wall's middle and pointing the way the passage may
 * be crossed, sized to the wall; drawn with the walls' stroke. Undefined when no wall is one-way.
 */
function oneWayMarks(maze: Maze, { ox, oy, scale }: Placement) {
  const { grid, open, oneWay } = maze;
  if (!oneWay) return undefined;
  const b = new PathBuilder();
  let any = false;
  for (let w = 0; w < grid.wallCount; w++) {
    if (oneWay[w] === 0 || open[w] === 0 || grid.wallCellB[w] < 0) continue;
    const [from, to] =
      oneWay[w] > 0 ? [grid.wallCellA[w], grid.wallCellB[w]] : [grid.wallCellB[w], grid.wallCellA[w]];
    const v0 = grid.wallV0[w];
    const v1 = grid.wallV1[w];
    let tx = grid.vertexX[v1] - grid.vertexX[v0];
    let ty = grid.vertexY[v1] - grid.vertexY[v0];
    const length = Math.hypot(tx, ty);
    if (length === 0) continue;
    tx /= length;
    ty /= length;
    let [mx, my] = wallMidpoint(grid, w);
    if (grid.arcs && grid.arcs.curved[w] !== 0) {
      // The middle of the arc, not of its chord.
      const { cx, cy } = grid.arcs;
      const r = Math.hypot(grid.vertexX[v0] - cx, grid.vertexY[v0] - cy);
      const d = Math.hypot(mx - cx, my - cy);
      if (d > 0) [mx, my] = [cx + ((mx - cx) * r) / d, cy + ((my - cy) * r) / d];
    }
    // Normal to the wall, pointing from the cell the passage is left from towards the other.
    let nx = -ty;
    let ny = tx;
    const side = (grid.cellX[to] - grid.cellX[from]) * nx + (grid.cellY[to] - grid.cellY[from]) * ny;
    if (side < 0) [nx, ny] = [-nx, -ny];
    const arm = CHEVRON * length;
    const X = (x: number): number => ox + x * scale;
    const Y = (y: number): number => oy + y * scale;
    b.moveTo(X(mx - nx * arm * 0.5 + tx * arm), Y(my - ny * arm * 0.5 + ty * arm));
    b.lineTo(X(mx + nx * arm * 0.5), Y(my + ny * arm * 0.5));
    b.lineTo(X(mx - nx * arm * 0.5 - tx * arm), Y(my - ny * arm * 0.5 - ty * arm));
    any = true;
  }
  return any ? b.finish() : undefined;
}

/**
 * The outline of all the maze's cells: every rim wall (openings included), chained into closed loops. Filled
 * even-odd, the loops give the maze's area with its holes (a ring mask's middle).
 */
export function rimOutline(grid: Grid, { ox, oy, scale }: Placement): PathData {
  const n = grid.rimWall.length;
  const byVertex = new Map<number, number[]>();
  for (let k = 0; k < n; k++) {
    const w = grid.rimWall[k];
    for (const v of [grid.wallV0[w], grid.wallV1[w]]) {
      const list = byVertex.get(v);
      if (list) list.push(w);
      else byVertex.set(v, [w]);
    }
  }
  const used = new Set<number>();
  const b = new PathBuilder();
  const X = (v: number): number => ox + grid.vertexX[v] * scale;
  const Y = (v: number): number => oy + grid.vertexY[v] * scale;
  const cx = ox + (grid.arcs?.cx ?? 0) * scale;
  const cy = oy + (grid.arcs?.cy ?? 0) * scale;
  for (let k = 0; k < n; k++) {
    let w = grid.rimWall[k];
    if (used.has(w)) continue;
    const start = grid.wallV0[w];
    let v = start;
    b.moveTo(X(v), Y(v));
    while (w >= 0 && !used.has(w)) {
      used.add(w);
      const u = grid.wallV0[w] === v ? grid.wallV1[w] : grid.wallV0[w];
      if (grid.arcs && grid.arcs.curved[w] !== 0) b.arcAround(cx, cy, X(v), Y(v), X(u), Y(u));
      else b.lineTo(X(u), Y(u));
      v = u;
      w = (byVertex.get(v) ?? []).find((x) => !used.has(x)) ?? -1;
    }
    b.close();
  }
  return b.finish();
}

/**
 * The route from the entry opening to the exit opening (from or to a cell centre when an end is inside the
 * maze). On straight-edged tilings it runs through the midpoints of the walls each step crosses; where it
 * turns in a cell of more than three walls (squares, hexagons, octagons) it passes through the cell's centre,
 * so it follows the corridors' middles (and a mazegram's letters, set on the centres) instead of cutting the
 * corners. Triangles, where every step turns, are crossed straight from midpoint to midpoint, so a straight run of
 * triangles is a straight line, not a sawtooth through their centroids. On circle mazes steps round a ring
 * follow the ring's arc through the cell centres and steps between rings turn along the inner ring, then go
 * straight out, so the line stays inside its cells.
 */
export function solutionPath(maze: Maze, solution: Solution, { ox, oy, scale }: Placement): PathData {
  const { grid } = maze;
  const b = new PathBuilder();
  const X = (x: number): number => ox + x * scale;
  const Y = (y: number): number => oy + y * scale;
  const cells = solution.cells;
  const curved = grid.arcs !== undefined;
  if (!curved) {
    const { adjStart, rimStart } = grid;
    // A triangle (three walls) is crossed straight between midpoints; other cells turn at their centre.
    const turnsAtCentre = (c: number): boolean =>
      adjStart[c + 1] - adjStart[c] + rimStart[c + 1] - rimStart[c] > 3;
    const first = cells[0];
    let [px, py] =
      maze.entryWall >= 0 ? wallMidpoint(grid, maze.entryWall) : [grid.cellX[first], grid.cellY[first]];
    b.moveTo(X(px), Y(py));
    // Leaves cell `c` for (nx, ny): through its centre when the way turns there.
    const step = (c: number, nx: number, ny: number): void => {
      const cx = grid.cellX[c];
      const cy = grid.cellY[c];
      const turn = (cx - px) * (ny - cy) - (cy - py) * (nx - cx);
      if (Math.abs(turn) > 1e-9 && turnsAtCentre(c)) b.lineTo(X(cx), Y(cy));
      b.lineTo(X(nx), Y(ny));
      px = nx;
      py = ny;
    };
    for (let i = 1; i < cells.length; i++) {
      const w = sharedWall(maze, cells[i - 1], cells[i]);
      if (w < 0) {
        b.lineTo(X(grid.cellX[cells[i]]), Y(grid.cellY[cells[i]]));
        px = grid.cellX[cells[i]];
        py = grid.cellY[cells[i]];
        continue;
      }
      const [mx, my] = wallMidpoint(grid, w);
      step(cells[i - 1], mx, my);
    }
    const last = cells[cells.length - 1];
    if (maze.exitWall >= 0) {
      const [xx, xy] = wallMidpoint(grid, maze.exitWall);
      step(last, xx, xy);
    } else b.lineTo(X(grid.cellX[last]), Y(grid.cellY[last]));
    return b.finish();
  }
  if (maze.entryWall >= 0) {
    const [ex, ey] = wallMidpoint(grid, maze.entryWall);
    b.moveTo(X(ex), Y(ey));
    b.lineTo(X(grid.cellX[cells[0]]), Y(grid.cellY[cells[0]]));
  } else {
    b.moveTo(X(grid.cellX[cells[0]]), Y(grid.cellY[cells[0]]));
  }
  const cx = X(grid.arcs?.cx ?? 0);
  const cy = Y(grid.arcs?.cy ?? 0);
  for (let i = 1; i < cells.length; i++) {
    const tx = X(grid.cellX[cells[i]]);
    const ty = Y(grid.cellY[cells[i]]);
    const fx = X(grid.cellX[cells[i - 1]]);
    const fy = Y(grid.cellY[cells[i - 1]]);
    const rf = Math.hypot(fx - cx, fy - cy);
    const rt = Math.hypot(tx - cx, ty - cy);
    if (rf < 1e-9 || rt < 1e-9) {
      b.lineTo(tx, ty); // to or from the centre disc: a radius
      continue;
    }
    const { start: af, sweep } = shortSweep(cx, cy, fx, fy, tx, ty);
    if (Math.abs(rf - rt) < 1e-6 * rt) {
      b.arc(cx, cy, rf, af, af + sweep);
    } else if (rf < rt) {
      b.arc(cx, cy, rf, af, af + sweep);
      b.lineTo(tx, ty);
    } else {
      b.lineTo(cx + rt * Math.cos(af), cy + rt * Math.sin(af));
      b.arc(cx, cy, rt, af, af + sweep);
    }
  }
  if (maze.exitWall >= 0) {
    const [xx, xy] = wallMidpoint(grid, maze.exitWall);
    b.lineTo(X(xx), Y(xy));
  }
  return b.finish();
}

/** The open wall between two neighbouring cells, or -1 when they share none. */
function sharedWall(maze: Maze, a: number, b: number): number {
  const { grid, open } = maze;
  for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++) {
    if (grid.adjCell[k] === b && open[grid.adjWall[k]] !== 0) return grid.adjWall[k];
  }
  return -1;
}
