import type { Grid } from '../grid/grid.js';
import { cellReach } from '../grid/locate.js';
import { type Frame, type LabelRaster, pixelAt } from '../grid/raster.js';
import { UserError } from '../spec/errors.js';
import { decodePicture } from './picture-pixels.js';

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
 * pixels take the region of their nearest labelled neighbours. A wall is drawn (`fixed`) when a drawn line
 * crosses the step between its two cells — the middle of the line, where the step cuts it, lies between the
 * two centres — or lies under the middle of a rim wall. So a line thinner than a passage becomes one unbroken
 * chain of walls beside it, whatever its angle; lines running along a step do not close it.
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
  const votes = new Int32Array(map.colours.length);
  for (let c = 0; c < cellCount; c++) {
    const r = reach[c] / 2;
    let best = -1;
    for (const [dx, dy] of SAMPLES) {
      const l = labels.data[pixelAt(labels, frame, cellX[c] + dx * r, cellY[c] + dy * r)];
      if (role(l) !== 'region') continue;
      votes[l]++;
      if (best < 0 || votes[l] > votes[best]) best = l;
    }
    region[c] = best;
    for (const [dx, dy] of SAMPLES) {
      const l = labels.data[pixelAt(labels, frame, cellX[c] + dx * r, cellY[c] + dy * r)];
      if (l !== NO_LABEL) votes[l] = 0;
    }
  }
  fillFromNeighbours(grid, region);

  const fixed = new Uint8Array(grid.wallCount);
  if (roles.includes('lines')) {
    const isLine = (x: number, y: number) => role(labels.data[pixelAt(labels, frame, x, y)]) === 'lines';
    const pxPerUnit = labels.width / frame.width;
    for (let w = 0; w < grid.wallCount; w++) {
      const a = grid.wallCellA[w];
      const b = grid.wallCellB[w];
      if (b < 0) {
        const mx = (grid.vertexX[grid.wallV0[w]] + grid.vertexX[grid.wallV1[w]]) / 2;
        const my = (grid.vertexY[grid.wallV0[w]] + grid.vertexY[grid.wallV1[w]]) / 2;
        if (isLine(mx, my)) fixed[w] = 1;
        continue;
      }
      // Step from the upper (then left) cell to the other, so a line through a cell centre counts once.
      const [p, q] = cellY[a] < cellY[b] || (cellY[a] === cellY[b] && cellX[a] < cellX[b]) ? [a, b] : [b, a];
      if (crossesLine(cellX[p], cellY[p], cellX[q], cellY[q], isLine, pxPerUnit)) fixed[w] = 1;
    }
  }
  return { region, fixed };
}

/**
 * Whether a drawn line crosses the step from (x0, y0) to (x1, y1): along the step's line, extended a step
 * beyond either end, the line's pixels form a run no longer than 1.2 steps (the line is crossed, not followed)
 * whose middle lies in [0, 1) of the step.
 */
function crossesLine(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  isLine: (x: number, y: number) => boolean,
  pxPerUnit: number,
): boolean {
  const len = Math.hypot(x1 - x0, y1 - y0) * pxPerUnit;
  const samples = Math.min(96, Math.max(12, Math.ceil(len * 6)));
  const dt = 3 / samples;
  let runStart = Number.NaN;
  for (let i = 0; i <= samples; i++) {
    const t = -1 + i * dt;
    const on = i < samples && isLine(x0 + t * (x1 - x0), y0 + t * (y1 - y0));
    if (on && Number.isNaN(runStart)) runStart = t;
    if (!on && !Number.isNaN(runStart)) {
      const end = t - dt;
      const mid = (runStart + end) / 2;
      // Runs touching the ends of the sampled stretch have unknown length: not a crossing.
      if (runStart > -1 && i < samples && end - runStart <= 1.2 && mid >= 0 && mid < 1) return true;
      runStart = Number.NaN;
    }
  }
  return false;
}

const SAMPLES = [
  [0, 0],
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
] as const;

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
