import type { Maze } from '../generate/maze.js';
import { assembleGrid, type Grid } from '../grid/grid.js';
import type { PathItem, Stroke } from './display-list.js';
import { type Placement, wallPaths } from './wall-paths.js';

/** Ratio between the widths of neighbouring bands: widths within 6 % share one path (tone error ≤ 3 %). */
export const BAND_RATIO = 1.06;

/**
 * The standing walls of a maze whose grid has per-wall widths (`grid.tone`, grid units), as a few stroked
 * paths: walls are grouped into bands of similar width (each band `ratio` times wider than the one before),
 * each band merged into long polylines by `wallPaths` and stroked at the band's mean width weighted by wall
 * length, so the ink is what the widths ask for. Thinnest band first. Colour, caps and joins come from
 * `stroke`; its width is ignored. Square caps (or round) close the corners where bands meet.
 * @returns one path item per non-empty band; none when every wall is open
 */
export function tonedWallItems(maze: Maze, place: Placement, stroke: Stroke, ratio = BAND_RATIO): PathItem[] {
  const { grid, open } = maze;
  const widths = grid.tone?.wallWidth;
  if (!widths) throw new Error('internal: tonedWallItems needs a grid with wall widths');
  if (!(ratio > 1)) throw new Error(`internal: band ratio must be above 1 (got ${ratio})`);
  const { wallCount, wallV0, wallV1, vertexX, vertexY } = grid;
  let thinnest = Infinity;
  for (let w = 0; w < wallCount; w++) if (open[w] === 0 && widths[w] < thinnest) thinnest = widths[w];
  if (thinnest === Infinity) return [];
  thinnest = Math.max(thinnest, 1e-9);

  // Band of each standing wall, and each band's length-weighted mean width.
  const logRatio = Math.log(ratio);
  const band = new Int32Array(wallCount).fill(-1);
  let bands = 0;
  for (let w = 0; w < wallCount; w++) {
    if (open[w] !== 0) continue;
    const b = Math.floor(Math.log(Math.max(widths[w], thinnest) / thinnest) / logRatio + 1e-9);
    band[w] = b;
    if (b + 1 > bands) bands = b + 1;
  }
  const inked = new Float64Array(bands);
  const length = new Float64Array(bands);
  for (let w = 0; w < wallCount; w++) {
    const b = band[w];
    if (b < 0) continue;
    const dx = vertexX[wallV1[w]] - vertexX[wallV0[w]];
    const dy = vertexY[wallV1[w]] - vertexY[wallV0[w]];
    const len = Math.sqrt(dx * dx + dy * dy);
    inked[b] += widths[w] * len;
    length[b] += len;
  }

  // Walls of each band, listed band by band (counting sort keeps wall order within a band).
  const start = new Int32Array(bands + 1);
  for (let w = 0; w < wallCount; w++) if (band[w] >= 0) start[band[w] + 1]++;
  for (let b = 0; b < bands; b++) start[b + 1] += start[b];
  const fill = start.slice(0, bands);
  const byBand = new Int32Array(start[bands]);
  for (let w = 0; w < wallCount; w++) if (band[w] >= 0) byBand[fill[band[w]]++] = w;

  const items: PathItem[] = [];
  const local = new Int32Array(grid.vertexCount).fill(-1);
  for (let b = 0; b < bands; b++) {
    const walls = byBand.subarray(start[b], start[b + 1]);
    if (walls.length === 0) continue;
    const { maze: part, dx, dy } = bandMaze(grid, walls, local);
    items.push({
      type: 'path',
      path: wallPaths(part, {
        ox: place.ox + dx * place.scale,
        oy: place.oy + dy * place.scale,
        scale: place.scale,
      }),
      stroke: { ...stroke, width: (inked[b] / length[b]) * place.scale },
    });
  }
  return items;
}

/**
 * How far, in grid units, the drawing of a grid with wall widths reaches beyond its box: half the widest rim
 * wall (strokes are centred on the walls). The layout shrinks the maze's rectangle by this much.
 */
export function tonedOverhang(grid: Grid): number {
  const widths = grid.tone?.wallWidth;
  if (!widths) return 0;
  let widest = 0;
  for (const w of grid.rimWall) if (widths[w] > widest) widest = widths[w];
  return widest / 2;
}

/**
 * The walls of one band as a maze of their own, all standing, for `wallPaths`: a grid of just those walls
 * (each a rim wall of one placeholder cell — wallPaths reads walls and vertices only) over the vertices they
 * use. `assembleGrid` re-frames it to the walls' bounding box; (dx, dy) is how far, in grid units, to move it
 * back. `local` is scratch (one entry per vertex of `grid`, all -1), left all -1 again.
 */
function bandMaze(grid: Grid, walls: Int32Array, local: Int32Array): { maze: Maze; dx: number; dy: number } {
  const n = walls.length;
  const wallV0 = new Int32Array(n);
  const wallV1 = new Int32Array(n);
  const used: number[] = [];
  const vertex = (v: number): number => {
    if (local[v] < 0) {
      local[v] = used.length;
      used.push(v);
    }
    return local[v];
  };
  for (let i = 0; i < n; i++) {
    wallV0[i] = vertex(grid.wallV0[walls[i]]);
    wallV1[i] = vertex(grid.wallV1[walls[i]]);
  }
  const vertexX = new Float64Array(used.length);
  const vertexY = new Float64Array(used.length);
  for (let i = 0; i < used.length; i++) {
    vertexX[i] = grid.vertexX[used[i]];
    vertexY[i] = grid.vertexY[used[i]];
    local[used[i]] = -1;
  }
  const { arcs } = grid;
  const part = assembleGrid({
    topology: grid.topology,
    sizeLabel: grid.sizeLabel,
    cellCount: 1,
    cellX: new Float64Array(1),
    cellY: new Float64Array(1),
    wallCount: n,
    wallCellA: new Int32Array(n),
    wallCellB: new Int32Array(n).fill(-1),
    wallV0,
    wallV1,
    vertexX,
    vertexY,
    width: 0,
    height: 0,
    // Some of the grid's walls, shifted: no box larger than the grid's largest.
    wallSpan: grid.wallSpan,
    ...(arcs ? { arcs: { ...arcs, curved: Uint8Array.from(walls, (w) => arcs.curved[w]) } } : {}),
  });
  const maze: Maze = {
    grid: part,
    open: new Uint8Array(n),
    entryWall: -1,
    exitWall: -1,
    entryCell: 0,
    exitCell: 0,
  };
  // Every vertex is used, so the re-framing keeps their order and moves them all by the same amount.
  return { maze, dx: vertexX[0] - part.vertexX[0], dy: vertexY[0] - part.vertexY[0] };
}
