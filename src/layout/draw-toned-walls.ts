import type { Maze } from '../generate/maze.js';
import type { PathItem, Stroke } from './display-list.js';
import { type Placement, wallPaths } from './wall-paths.js';

/** Ratio between the widths of neighbouring bands: widths within 6 % share one path (tone error ≤ 3 %). */
export const BAND_RATIO = 1.06;

/**
 * The standing walls of a maze whose grid has per-wall widths (`grid.wallWidth`, grid units), as a few stroked
 * paths: walls are grouped into bands of similar width (each band `ratio` times wider than the one before),
 * each band merged into long polylines by `wallPaths` and stroked at the band's mean width weighted by wall
 * length, so the ink is what the widths ask for. Thinnest band first. Colour, caps and joins come from
 * `stroke`; its width is ignored. Square caps (or round) close the corners where bands meet.
 * @returns one path item per non-empty band; none when every wall is open
 */
export function tonedWallItems(maze: Maze, place: Placement, stroke: Stroke, ratio = BAND_RATIO): PathItem[] {
  const { grid, open } = maze;
  const widths = grid.wallWidth;
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
    const len = Math.hypot(vertexX[wallV1[w]] - vertexX[wallV0[w]], vertexY[wallV1[w]] - vertexY[wallV0[w]]);
    inked[b] += widths[w] * len;
    length[b] += len;
  }

  const items: PathItem[] = [];
  const view = new Uint8Array(wallCount);
  for (let b = 0; b < bands; b++) {
    if (length[b] === 0) continue;
    // Every wall outside the band counts as open, so wallPaths merges just this band's walls.
    for (let w = 0; w < wallCount; w++) view[w] = band[w] === b ? 0 : 1;
    items.push({
      type: 'path',
      path: wallPaths({ ...maze, open: view }, place),
      stroke: { ...stroke, width: (inked[b] / length[b]) * place.scale },
    });
  }
  return items;
}
