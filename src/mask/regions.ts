import { UserError } from '../base/errors.js';
import type { Grid } from '../grid/grid.js';
import { cellLocator, cellReach } from '../grid/locate.js';
import type { Frame, LabelRaster } from '../grid/raster.js';
import { decodePicture } from './picture-pixels.js';
import { type Polyline, traceLines } from './trace-lines.js';

/** Label of pixels that belong to no colour (stray anti-aliasing, specks of an unlisted colour). */
export const NO_LABEL = 255;

/** Most colours a region map may list. */
export const MAX_REGION_COLOURS = 64;

/**
 * Distance in RGB (0–255 per channel) within which a pixel counts as a listed colour, or as a blend of two
 * listed colours (the anti-aliased edge between two painted regions).
 */
const SNAP = 40;

/** Share of the pixels an unlisted colour must cover to become a region of its own (else it is a speck). */
const UNLISTED_SHARE = 0.002;

/** A flat-colour region map: one label per pixel. */
export interface RegionMap {
  /** Labels 0 … colours.length − 1, or NO_LABEL. */
  readonly labels: LabelRaster;
  /**
   * `#rrggbb` of each label: first the listed colours in the order given, then unlisted colours found on
   * enough pixels to be regions of their own (most pixels first).
   */
  readonly colours: readonly string[];
  /** How many listed colours lead `colours`. */
  readonly listed: number;
  /** Pixels per label. */
  readonly pixels: readonly number[];
}

/** `#rgb` or `#rrggbb` (any case) as 0xRRGGBB; undefined when it is neither. */
export function parseHexColour(text: string): number | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!m) return undefined;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return Number.parseInt(h, 16);
}

const hex = (rgb: number): string => `#${rgb.toString(16).padStart(6, '0')}`;

/**
 * Decodes a region map (a picture painted in flat colours over the photograph, any size: it is stretched over
 * the same box) and labels each pixel with the listed colour it shows. Anti-aliased edges are snapped: a pixel
 * within {@link SNAP} of a listed colour takes it, and one within SNAP of a blend of two listed colours takes
 * the nearer of the two. Unlisted colours on at least 0.2 % of the pixels become labels of their own; the
 * remaining pixels get NO_LABEL.
 * @param colours the listed colours, `#rgb` or `#rrggbb`
 * @param shownAs the file as the user wrote it; `where` the place that named it, for messages
 */
export async function decodeRegionMap(
  bytes: Buffer,
  colours: readonly string[],
  shownAs: string,
  where: string,
): Promise<RegionMap> {
  if (colours.length === 0 || colours.length > MAX_REGION_COLOURS) {
    throw new UserError(
      where,
      `a region map needs between 1 and ${MAX_REGION_COLOURS} colours with styles (got ${colours.length})`,
    );
  }
  const listed: number[] = [];
  for (const c of colours) {
    const v = parseHexColour(c);
    if (v === undefined) {
      throw new UserError(
        where,
        `region colour "${c}" is not a colour`,
        "write it as '#rrggbb', e.g. '#ff8800'",
      );
    }
    if (listed.includes(v)) throw new UserError(where, `region colour ${hex(v)} is listed twice`);
    listed.push(v);
  }
  const { width, height, rgb } = await decodePicture(bytes, shownAs, where, 'nearest');
  const labels = new Uint8Array(width * height);
  const cache = new Map<number, number>();
  const strays = new Map<number, number>();
  for (let p = 0, i = 0; p < labels.length; p++, i += 3) {
    const c = (rgb[i] << 16) | (rgb[i + 1] << 8) | rgb[i + 2];
    let label = cache.get(c);
    if (label === undefined) {
      label = snapColour(c, listed);
      cache.set(c, label);
    }
    labels[p] = label;
    if (label === NO_LABEL) strays.set(c, (strays.get(c) ?? 0) + 1);
  }
  // Unlisted colours big enough to be painted regions, most pixels first (then by colour, for a fixed order).
  const found = [...strays.entries()]
    .filter(([, n]) => n >= UNLISTED_SHARE * labels.length)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, NO_LABEL - listed.length);
  const extra = new Map(found.map(([c], k) => [c, listed.length + k]));
  if (extra.size > 0) {
    for (let p = 0, i = 0; p < labels.length; p++, i += 3) {
      if (labels[p] !== NO_LABEL) continue;
      const e = extra.get((rgb[i] << 16) | (rgb[i + 1] << 8) | rgb[i + 2]);
      if (e !== undefined) labels[p] = e;
    }
  }
  const all = [...listed, ...found.map(([c]) => c)];
  const pixels = new Array<number>(all.length).fill(0);
  for (const l of labels) if (l !== NO_LABEL) pixels[l]++;
  return { labels: { width, height, data: labels }, colours: all.map(hex), listed: listed.length, pixels };
}

/** The label a pixel colour snaps to (see decodeRegionMap). */
function snapColour(c: number, listed: readonly number[]): number {
  const r = c >> 16;
  const g = (c >> 8) & 255;
  const b = c & 255;
  let best = NO_LABEL;
  let bestD = SNAP * SNAP;
  for (let k = 0; k < listed.length; k++) {
    const d = dist2(r, g, b, listed[k]);
    if (d <= bestD) {
      bestD = d;
      best = k;
    }
  }
  if (best !== NO_LABEL) return best;
  // A blend t·A + (1 − t)·B of two listed colours: the nearer end's label.
  for (let a = 0; a < listed.length; a++) {
    for (let q = a + 1; q < listed.length; q++) {
      const A = listed[a];
      const B = listed[q];
      const ar = A >> 16;
      const ag = (A >> 8) & 255;
      const ab = A & 255;
      const dr = (B >> 16) - ar;
      const dg = ((B >> 8) & 255) - ag;
      const db = (B & 255) - ab;
      const len2 = dr * dr + dg * dg + db * db;
      const t = Math.max(0, Math.min(1, ((r - ar) * dr + (g - ag) * dg + (b - ab) * db) / len2));
      const d = (r - ar - t * dr) ** 2 + (g - ag - t * dg) ** 2 + (b - ab - t * db) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = t < 0.5 ? a : q;
      }
    }
  }
  return best;
}

function dist2(r: number, g: number, b: number, c: number): number {
  return (r - (c >> 16)) ** 2 + (g - ((c >> 8) & 255)) ** 2 + (b - (c & 255)) ** 2;
}

/** What a label stands for on the grid. */
export type LabelRole = 'region' | 'lines' | 'route' | 'ignore';

/** Regions of a grid's cells and the walls the designer drew. */
export interface GridRegions {
  /** Per cell, the label of its region (never a `lines`, `route` or `ignore` label; -1 only if no cell has one). */
  readonly region: Int32Array;
  /** Per wall, 1 where a `lines` label covers the wall: a drawn wall, never opened. */
  readonly fixed: Uint8Array;
}

/**
 * Lays a region map over a grid. Each cell takes the region label most of five samples show (its centre and
 * points halfway to its nearest wall in four directions); cells under drawn lines, a route sketch or unlabelled
 * pixels take the region of their nearest labelled neighbours. Drawn lines are thinned to their middle and
 * traced as polylines; a wall between two cells is drawn (`fixed`) when such a polyline crosses the step
 * between their centres, so each drawn line becomes one unbroken chain of walls beside it, at any angle and
 * any thickness.
 * @param roles what each label is (by label index; labels past the end are regions)
 * @param frame where the map lies on the grid's plane
 */
export function regionsOnGrid(
  grid: Grid,
  map: RegionMap,
  roles: readonly LabelRole[],
  frame: Frame,
): GridRegions {
  const { labels } = map;
  const role = (l: number): LabelRole => (l === NO_LABEL ? 'ignore' : (roles[l] ?? 'region'));
  const { cellCount, cellX, cellY } = grid;
  const reach = cellReach(grid);
  const region = new Int32Array(cellCount).fill(-1);
  const isRegion = new Uint8Array(256);
  for (let l = 0; l < 256; l++) isRegion[l] = role(l) === 'region' ? 1 : 0;
  const votes = new Int32Array(256);
  const seen = new Int32Array(SAMPLE_X.length);
  const { width: lw, height: lh, data } = labels;
  const sx = lw / frame.width;
  const sy = lh / frame.height;
  for (let c = 0; c < cellCount; c++) {
    const r = reach[c] / 2;
    let best = -1;
    for (let k = 0; k < SAMPLE_X.length; k++) {
      let i = Math.floor((cellX[c] + SAMPLE_X[k] * r - frame.x) * sx);
      let j = Math.floor((cellY[c] + SAMPLE_Y[k] * r - frame.y) * sy);
      i = i < 0 ? 0 : i >= lw ? lw - 1 : i;
      j = j < 0 ? 0 : j >= lh ? lh - 1 : j;
      const l = data[j * lw + i];
      seen[k] = l;
      if (isRegion[l] === 0) continue;
      votes[l]++;
      if (best < 0 || votes[l] > votes[best]) best = l;
    }
    region[c] = best;
    for (let k = 0; k < SAMPLE_X.length; k++) votes[seen[k]] = 0;
  }
  fillFromNeighbours(grid, region);

  const fixed = new Uint8Array(grid.wallCount);
  if (roles.includes('lines')) {
    const drawing = traceLines(labels, (l) => role(l) === 'lines');
    drawnWalls(grid, drawing.lines, frame, labels, fixed, reach);
  }
  return { region, fixed };
}

/**
 * Marks the walls whose step between cell centres crosses one of the polylines (pixel units) an odd number of
 * times. Crossings are exact orientation tests where a point on a line counts as lying to its left, so a
 * polyline through a cell centre or along a step is still crossed a consistent number of times, and the walls
 * marked for one polyline form one unbroken chain beside it.
 */
function drawnWalls(
  grid: Grid,
  lines: readonly Polyline[],
  frame: Frame,
  labels: { width: number; height: number },
  fixed: Uint8Array,
  reach: Float64Array,
): void {
  const locate = cellLocator(grid);
  const sx = frame.width / labels.width;
  const sy = frame.height / labels.height;
  const crossings = new Uint8Array(grid.wallCount);
  const seen = new Int32Array(grid.wallCount).fill(-1);
  let stamp = 0;
  const touched: number[] = [];
  for (const line of lines) {
    touched.length = 0;
    for (let i = 0; i + 3 < line.length; i += 2) {
      const px = frame.x + line[i] * sx;
      const py = frame.y + line[i + 1] * sy;
      const qx = frame.x + line[i + 2] * sx;
      const qy = frame.y + line[i + 3] * sy;
      stamp++;
      // Walls of the cells along the segment (sampled finer than the smallest cell there).
      const len = Math.hypot(qx - px, qy - py);
      let step = Infinity;
      const cells: number[] = [];
      for (let t = 0; t <= 1; t += step / Math.max(len, 1e-9)) {
        const c = locate.nearest(px + t * (qx - px), py + t * (qy - py)).cell;
        step = Math.max(1e-3, reach[c] / 2);
        if (cells[cells.length - 1] !== c) cells.push(c);
        if (len === 0) break;
      }
      cells.push(locate.nearest(qx, qy).cell);
      for (const c of cells) {
        for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
          const w = grid.adjWall[k];
          if (seen[w] === stamp) continue;
          seen[w] = stamp;
          const a = grid.wallCellA[w];
          const b = grid.wallCellB[w];
          if (segmentsCross(grid.cellX[a], grid.cellY[a], grid.cellX[b], grid.cellY[b], px, py, qx, qy)) {
            if (crossings[w] === 0) touched.push(w);
            crossings[w] ^= 1;
          }
        }
      }
    }
    for (const w of touched) {
      if (crossings[w]) fixed[w] = 1;
      crossings[w] = 0;
    }
  }
}

/** Side of (x, y) from the line a → b: +1 left or on it, −1 right (y down: "left" is the turn towards −y). */
function side(ax: number, ay: number, bx: number, by: number, x: number, y: number): number {
  return (bx - ax) * (y - ay) - (by - ay) * (x - ax) > 0 ? -1 : 1;
}

/** Whether segment a–b crosses segment p–q, with points on a line counted on its left (see `side`). */
function segmentsCross(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
): boolean {
  return (
    side(px, py, qx, qy, ax, ay) !== side(px, py, qx, qy, bx, by) &&
    side(ax, ay, bx, by, px, py) !== side(ax, ay, bx, by, qx, qy)
  );
}

/** Where a cell is sampled, in halves of its reach: the centre first (it wins ties), then four around it. */
const SAMPLE_X = [0, -1, 1, 0, 0];
const SAMPLE_Y = [0, 0, 0, -1, 1];

/** Gives every unlabelled cell (-1) the label of the nearest labelled cell, breadth first in cell order. */
function fillFromNeighbours(grid: Grid, region: Int32Array): void {
  const queue = new Int32Array(grid.cellCount);
  let tail = 0;
  for (let c = 0; c < grid.cellCount; c++) if (region[c] >= 0) queue[tail++] = c;
  for (let head = 0; head < tail; head++) {
    const c = queue[head];
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const n = grid.adjCell[k];
      if (region[n] >= 0) continue;
      region[n] = region[c];
      queue[tail++] = n;
    }
  }
}
