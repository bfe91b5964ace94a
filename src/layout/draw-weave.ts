import type { Solution } from '../analyze/solve.js';
import { pointIndex } from '../codec/point-index.js';
import type { Maze } from '../generate/maze.js';
import type { Grid } from '../grid/grid.js';
import { underWalls, WEAVE_INSET } from '../grid/weave.js';
import { PathBuilder, type PathData } from '../vector/path-data.js';
import { type Placement, wallPaths } from './wall-paths.js';

/**
 * Inset drawing for weave mazes (grids with under-passages, see `weaveGrid`). Each cell's passage runs down its
 * middle: a side without a passage is drawn as the cell's inset outline (WEAVE_INSET of the cell in from its
 * edge), a side with a passage as two short corridor walls from the inset corners out to the edge, meeting the
 * neighbour's. A crossing cell draws its over-passage like any straight cell, so the bridge's walls run
 * unbroken across the cell; the tunnel's corridor walls come in from the cell's edge and stop `gap` short of
 * the bridge, so the reader sees the passage go beneath it.
 *
 *     │   │          ─┘   └─   (the inset outline of a closed side,
 *   ──┘   └──                   corridor walls on open sides)
 *     ┆   ┆        tunnel walls stop short of the bridge:
 *   ─ ┆   ┆ ─      ─ ┆ … gap … ┆ ─
 *   ──┐   ┌──
 *     │   │
 *
 * Written for four-sided cells (the corners of a cell move towards its centre by 2·WEAVE_INSET of the way).
 */

/**
 * The gap (grid units) between a tunnel's corridor walls and the bridge above it: three quarters of the inset
 * (a share of the passage, so it scales with it), or three wall widths where that is more (so round caps
 * still leave a clear space a reader sees), but never more than the inset (the tunnel's walls then end at the
 * crossing cell's edge).
 * @param wallWidth the walls' stroke width, pt
 */
export function weaveGap(place: Placement, wallWidth: number): number {
  return Math.min(WEAVE_INSET, Math.max(0.75 * WEAVE_INSET, (3 * wallWidth) / place.scale));
}

/**
 * The walls of a weave maze in page points, merged into long pieces as `wallPaths` merges a plain maze's.
 * @param wallWidth the walls' stroke width, pt (sets the tunnel gap)
 */
export function weaveWallPaths(maze: Maze, place: Placement, wallWidth: number): PathData {
  const { grid, open } = maze;
  const wallUnder = grid.weave!.under;
  const { near, far } = underWalls(grid);
  const inset = WEAVE_INSET;
  const gap = weaveGap(place, wallWidth);
  /** 1 for ordinary walls an open tunnel passes through; the crossing cell of each open tunnel. */
  const tunnelled = new Uint8Array(grid.wallCount);
  const bridge = new Uint8Array(grid.cellCount);
  for (let t = 0; t < grid.wallCount; t++) {
    if (wallUnder[t] < 0 || open[t] === 0) continue;
    tunnelled[near[t]] = 1;
    tunnelled[far[t]] = 1;
    bridge[wallUnder[t]] = 1;
  }
  const segs: number[] = [];
  const side = (c: number, w: number): void => {
    const cx = grid.cellX[c];
    const cy = grid.cellY[c];
    const x0 = grid.vertexX[grid.wallV0[w]];
    const y0 = grid.vertexY[grid.wallV0[w]];
    const x1 = grid.vertexX[grid.wallV1[w]];
    const y1 = grid.vertexY[grid.wallV1[w]];
    // Inset corners q and their feet r on the cell's edge.
    const qx0 = x0 + (cx - x0) * 2 * inset;
    const qy0 = y0 + (cy - y0) * 2 * inset;
    const qx1 = x1 + (cx - x1) * 2 * inset;
    const qy1 = y1 + (cy - y1) * 2 * inset;
    const rx0 = x0 + (x1 - x0) * inset;
    const ry0 = y0 + (y1 - y0) * inset;
    const rx1 = x1 + (x0 - x1) * inset;
    const ry1 = y1 + (y0 - y1) * inset;
    const passage = open[w] !== 0 || tunnelled[w] !== 0;
    if (!passage || (bridge[c] !== 0 && tunnelled[w] !== 0)) segs.push(qx0, qy0, qx1, qy1);
    if (!passage) return;
    if (bridge[c] !== 0 && tunnelled[w] !== 0) {
      // The tunnel's corridor walls, stopping `gap` short of the bridge's walls.
      const keep = Math.max(0, 1 - gap / inset);
      segs.push(rx0, ry0, rx0 + (qx0 - rx0) * keep, ry0 + (qy0 - ry0) * keep);
      segs.push(rx1, ry1, rx1 + (qx1 - rx1) * keep, ry1 + (qy1 - ry1) * keep);
    } else {
      segs.push(qx0, qy0, rx0, ry0);
      segs.push(qx1, qy1, rx1, ry1);
    }
  };
  for (let c = 0; c < grid.cellCount; c++) {
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const w = grid.adjWall[k];
      if (wallUnder[w] < 0) side(c, w);
    }
    for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++) side(c, grid.rimWall[k]);
  }
  rimCaps(maze, tunnelled, segs);
  return wallPaths(segmentMaze(segs), place);
}

/**
 * Closes the inset rim. A standing wall between two cells is drawn as two parallel inset lines, one in each
 * cell; where such a wall meets the rim, the strip between the lines would run out through the rim and read
 * as an opening. At each end of a standing wall that lies on the rim, a cap joins the two cells' inset corners
 * (along the inset rim line, or round a concave corner of a mask), so the rim reads as one closed wall whose
 * only gaps are the entry and the exit. Appends the caps to `segs` (grid units).
 * @param tunnelled 1 for ordinary walls an open tunnel passes through (drawn as passages)
 */
function rimCaps(maze: Maze, tunnelled: Uint8Array, segs: number[]): void {
  const { grid, open } = maze;
  const wallUnder = grid.weave!.under;
  const onRim = new Uint8Array(grid.vertexCount);
  for (const w of grid.rimWall) {
    onRim[grid.wallV0[w]] = 1;
    onRim[grid.wallV1[w]] = 1;
  }
  const twice = 2 * WEAVE_INSET;
  for (let w = 0; w < grid.wallCount; w++) {
    const a = grid.wallCellA[w];
    const b = grid.wallCellB[w];
    if (b < 0 || wallUnder[w] >= 0 || open[w] !== 0 || tunnelled[w] !== 0) continue;
    for (const v of [grid.wallV0[w], grid.wallV1[w]]) {
      if (onRim[v] === 0) continue;
      const x = grid.vertexX[v];
      const y = grid.vertexY[v];
      segs.push(
        x + (grid.cellX[a] - x) * twice,
        y + (grid.cellY[a] - y) * twice,
        x + (grid.cellX[b] - x) * twice,
        y + (grid.cellY[b] - y) * twice,
      );
    }
  }
}

/**
 * Segments (x0, y0, x1, y1 each, grid units) as a maze whose walls all stand, with shared end points made one
 * vertex, so `wallPaths` chains them.
 */
function segmentMaze(segs: number[]): Maze {
  const n = segs.length / 4;
  const px = new Float64Array(2 * n);
  const py = new Float64Array(2 * n);
  for (let s = 0; s < n; s++) {
    px[2 * s] = segs[4 * s];
    py[2 * s] = segs[4 * s + 1];
    px[2 * s + 1] = segs[4 * s + 2];
    py[2 * s + 1] = segs[4 * s + 3];
  }
  const find = pointIndex(px, py);
  // Each point's vertex: the lowest stored index of the equal points, renumbered densely.
  const id = new Int32Array(2 * n).fill(-1);
  const vertexX: number[] = [];
  const vertexY: number[] = [];
  const wallV0 = new Int32Array(n);
  const wallV1 = new Int32Array(n);
  for (let p = 0; p < 2 * n; p++) {
    const first = find(px[p], py[p]);
    if (id[first] < 0) {
      id[first] = vertexX.length;
      vertexX.push(px[p]);
      vertexY.push(py[p]);
    }
    if (p % 2 === 0) wallV0[p >> 1] = id[first];
    else wallV1[p >> 1] = id[first];
  }
  const grid = {
    vertexCount: vertexX.length,
    vertexX: Float64Array.from(vertexX),
    vertexY: Float64Array.from(vertexY),
    wallCount: n,
    wallV0,
    wallV1,
  } as unknown as Grid;
  return {
    grid,
    open: new Uint8Array(n),
    entryWall: -1,
    exitWall: -1,
    entryCell: 0,
    exitCell: 0,
  };
}

/**
 * The route of a weave maze from the entry opening to the exit opening, through cell centres. Where it runs
 * beneath a bridge it is interrupted: it stops `gap` short of the bridge's walls and starts again past them.
 * @param wallWidth the walls' stroke width, pt
 */
export function weaveSolutionPath(
  maze: Maze,
  solution: Solution,
  { ox, oy, scale }: Placement,
  wallWidth: number,
): PathData {
  const { grid } = maze;
  const wallUnder = grid.weave!.under;
  const { near, far } = underWalls(grid);
  const reach = WEAVE_INSET - weaveGap({ ox, oy, scale }, wallWidth);
  const b = new PathBuilder();
  const X = (x: number): number => ox + x * scale;
  const Y = (y: number): number => oy + y * scale;
  const { cells, walls } = solution;
  const mid = (w: number): [number, number] => {
    const v0 = grid.wallV0[w];
    const v1 = grid.wallV1[w];
    return [(grid.vertexX[v0] + grid.vertexX[v1]) / 2, (grid.vertexY[v0] + grid.vertexY[v1]) / 2];
  };
  if (maze.entryWall >= 0) {
    const [ex, ey] = mid(maze.entryWall);
    b.moveTo(X(ex), Y(ey));
    b.lineTo(X(grid.cellX[cells[0]]), Y(grid.cellY[cells[0]]));
  } else b.moveTo(X(grid.cellX[cells[0]]), Y(grid.cellY[cells[0]]));
  for (let i = 1; i < cells.length; i++) {
    const w = walls[i - 1];
    const to = cells[i];
    if (w >= 0 && wallUnder[w] >= 0) {
      const from = cells[i - 1];
      const dx = (grid.cellX[to] - grid.cellX[from]) / 2;
      const dy = (grid.cellY[to] - grid.cellY[from]) / 2;
      const unit = Math.hypot(dx, dy) || 1;
      const [ax, ay] = mid(grid.wallCellA[w] === from ? near[w] : far[w]);
      const [cx, cy] = mid(grid.wallCellA[w] === from ? far[w] : near[w]);
      b.lineTo(X(ax + (dx / unit) * reach), Y(ay + (dy / unit) * reach));
      b.moveTo(X(cx - (dx / unit) * reach), Y(cy - (dy / unit) * reach));
    }
    b.lineTo(X(grid.cellX[to]), Y(grid.cellY[to]));
  }
  if (maze.exitWall >= 0) {
    const [xx, xy] = mid(maze.exitWall);
    b.lineTo(X(xx), Y(xy));
  }
  return b.finish();
}
