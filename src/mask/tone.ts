import { type AdaptiveTiling, adaptiveExtent, buildAdaptiveGrid } from '../grid/adaptive.js';
import type { Grid } from '../grid/grid.js';
import { boxFrame, type Frame, type Raster, resampleRaster, sampleRaster } from '../grid/raster.js';

/**
 * Tone reproduction after Xu & Kaplan §6.1. Walls of width W at spacing S leave a lightness of (S − W)/S, so a
 * lightness G wants W = S(1 − G). Passages must stay at least P_min clear and lines at least W_min wide, and
 * spacing is at most S_max, so the reproducible range is G_min = P_min/S_max … G_max = (S_max − W_min)/S_max;
 * the picture's G is mapped linearly into it (G'). Where both floors bind the lightness is
 * G_thresh = P_min/(P_min + W_min): darker tones keep the passage at P_min and thicken the walls
 * (S = P_min/G', W = P_min(1 − G')/G'), lighter tones keep the wall at W_min and widen the passages
 * (S = W_min/(1 − G'), W = W_min).
 *
 * The spacing comes from an adaptive grid (S takes the values of its levels), so each wall then gets the
 * width W = S(1 − G') for the spacing it actually has, within the floors. On other tilings the same holds with
 * S the mean spacing of the standing walls of a perfect maze (√3/2 of the side for triangles) and the clear
 * passage the cell's inscribed diameter minus the wall (1/√3 of the side for triangles).
 */
export interface ToneFloors {
  /** Minimum clear passage P_min, in points (the audience's). */
  passage: number;
  /** Minimum line width W_min, in points (the print profile's). */
  line: number;
}

export interface ToneRequest extends ToneFloors {
  /** Lightness over the maze box, 0 black … 1 white (see `decodeLightness`). */
  lightness: Raster;
  tiling: AdaptiveTiling;
  /** Coarse cells across and down. */
  columns: number;
  rows: number;
  /** Subdivision levels: the coarse spacing is 2^levels finest spacings. */
  levels: number;
  /** Points per grid unit: the side of the finest cell. At least `minUnit(tiling, floors)`. */
  unit: number;
}

/** Wall spacing per unit of cell side in a perfect maze, and clear passage per unit of side, by tiling. */
const GEOMETRY: Record<AdaptiveTiling, { spacing: number; passage: number }> = {
  square: { spacing: 1, passage: 1 },
  triangle: { spacing: Math.sqrt(3) / 2, passage: 1 / Math.sqrt(3) },
};

/** The smallest finest-cell side (points) that leaves P_min clear between walls of W_min. */
export function minUnit(tiling: AdaptiveTiling, floors: ToneFloors): number {
  return (floors.passage + floors.line) / GEOMETRY[tiling].passage;
}

/** The paper's mapping for one tiling, floors and spacing range; all lengths in points. */
export interface ToneMapping {
  /** Darkest and lightest reproducible lightness, and the crossover where both floors bind. */
  gMin: number;
  gMax: number;
  gThresh: number;
  /** Finest and coarsest wall spacing. */
  sMin: number;
  sMax: number;
  floors: ToneFloors;
  /** Clear passage ÷ spacing at zero wall width (1 on squares, 2/3 on triangles). */
  ratio: number;
}

export function toneMapping(
  tiling: AdaptiveTiling,
  floors: ToneFloors,
  unit: number,
  levels: number,
): ToneMapping {
  const { spacing, passage } = GEOMETRY[tiling];
  const ratio = passage / spacing;
  const sMin = spacing * unit;
  const sMax = sMin * 2 ** levels;
  const P = floors.passage;
  const Wl = floors.line;
  return {
    gMin: Math.max(0, 1 - ratio + P / sMax),
    gMax: Math.max(0, 1 - Wl / sMax),
    gThresh: 1 - Wl / ((P + Wl) / ratio),
    sMin,
    sMax,
    floors,
    ratio,
  };
}

/** G mapped into the reproducible range [gMin, gMax]. */
export function mappedLightness(m: ToneMapping, g: number): number {
  const c = g < 0 ? 0 : g > 1 ? 1 : g;
  return m.gMin + c * (m.gMax - m.gMin);
}

/** The paper's ideal spacing for a lightness G (points), within [sMin, sMax]. */
export function idealSpacing(m: ToneMapping, g: number): number {
  const gp = mappedLightness(m, g);
  const { passage: P, line: Wl } = m.floors;
  const s = gp <= m.gThresh ? P / Math.max(1e-6, gp - 1 + m.ratio) : Wl / Math.max(1e-6, 1 - gp);
  return s < m.sMin ? m.sMin : s > m.sMax ? m.sMax : s;
}

/**
 * The wanted subdivision depth for each lightness pixel, for an adaptive grid that splits a level-k cell where
 * the depth exceeds k + ½ everywhere in it: the finest level whose spacing is still at least the ideal
 * spacing, less ½. Any spacing at or above the ideal one reaches the tone (the walls make up the rest), a
 * finer one cannot (its walls would pinch the passage or stay too thin), so levels round towards coarse.
 * The lightness is first averaged over each finest cell, so single pixels do not split cells.
 */
export function toneDepth(req: ToneRequest): Raster {
  const m = toneMapping(req.tiling, req, req.unit, req.levels);
  const { width, height } = adaptiveExtent(req.tiling, req.columns, req.rows, req.levels);
  // About one pixel per finest cell (exactly one per finest square, which the grid reads without sampling).
  const fine = resampleRaster(req.lightness, Math.max(1, Math.round(width)), Math.max(1, Math.round(height)));
  const out = new Float32Array(fine.data.length);
  for (let i = 0; i < out.length; i++) {
    const d = Math.log2(m.sMax / idealSpacing(m, fine.data[i])) - 0.5;
    out[i] = d < 0 ? 0 : d > req.levels ? req.levels : d;
  }
  return { width: fine.width, height: fine.height, data: out };
}

/**
 * The adaptive grid for a picture: cells split where the tone wants a finer spacing, each wall given the
 * width that reproduces the tone around it (`wallWidth`, grid units). The lightness covers the grid's box.
 * @throws Error when `unit` leaves less than the passage floor between floor-width walls (the planner sizes it)
 */
export function toneGrid(req: ToneRequest): Grid {
  const need = minUnit(req.tiling, req);
  if (req.unit < need * (1 - 1e-9)) {
    throw new Error(
      `internal: tone grid unit ${req.unit.toFixed(2)}pt is below the floors' ${need.toFixed(2)}pt`,
    );
  }
  const grid = buildAdaptiveGrid({
    tiling: req.tiling,
    columns: req.columns,
    rows: req.rows,
    levels: req.levels,
    depth: toneDepth(req),
    pooling: 'min',
    balance: 'coarsen',
  });
  const wallWidth = toneWallWidths(
    grid,
    req.lightness,
    boxFrame(grid.width, grid.height),
    req,
    req.unit,
    req.levels,
  );
  return { ...grid, tone: { wallWidth } };
}

/**
 * Width of every wall (grid units) for the tone at its middle: W = S(1 − G') with S the wall's own spacing
 * (its length times the tiling's spacing factor), at least W_min, and at most what leaves P_min clear in the
 * smallest cell at either end of the wall (so a thick wall of a big cell cannot pinch a small neighbour's
 * passage). The tone is read from the picture averaged over cells as long as the wall.
 * @param unit points per grid unit; `levels` the grid's subdivision levels (for the smoothing scales)
 */
export function toneWallWidths(
  grid: Grid,
  lightness: Raster,
  frame: Frame,
  floors: ToneFloors,
  unit: number,
  levels: number,
): Float32Array {
  const tiling: AdaptiveTiling = grid.topology.endsWith('triangle') ? 'triangle' : 'square';
  const m = toneMapping(tiling, floors, unit, levels);
  const { spacing, passage } = GEOMETRY[tiling];
  const { wallCount, wallV0, wallV1, vertexX, vertexY } = grid;
  const length = new Float64Array(wallCount);
  const shortest = new Float64Array(grid.vertexCount).fill(Infinity);
  for (let w = 0; w < wallCount; w++) {
    const a = wallV0[w];
    const b = wallV1[w];
    const dx = vertexX[b] - vertexX[a];
    const dy = vertexY[b] - vertexY[a];
    const len = Math.sqrt(dx * dx + dy * dy);
    length[w] = len;
    if (len < shortest[a]) shortest[a] = len;
    if (len < shortest[b]) shortest[b] = len;
  }
  // The picture averaged over the cells of each level (one pixel per cell of that level); levels whose cells
  // are smaller than the picture's pixels read the picture itself.
  const smoothed: Raster[] = [];
  for (let k = 0; k <= levels; k++) {
    const side = 2 ** k;
    const w = Math.max(1, Math.round(frame.width / side));
    const h = Math.max(1, Math.round(frame.height / side));
    smoothed.push(
      w >= lightness.width && h >= lightness.height ? lightness : resampleRaster(lightness, w, h),
    );
  }
  const out = new Float32Array(wallCount);
  const lineFloor = floors.line / unit;
  for (let w = 0; w < wallCount; w++) {
    const len = length[w];
    const k = Math.min(levels, Math.max(0, Math.round(Math.log2(len))));
    const mx = (vertexX[wallV0[w]] + vertexX[wallV1[w]]) / 2;
    const my = (vertexY[wallV0[w]] + vertexY[wallV1[w]]) / 2;
    const g = mappedLightness(m, sampleRaster(smoothed[k], frame, mx, my));
    const wanted = spacing * len * (1 - g);
    const cell = Math.min(shortest[wallV0[w]], shortest[wallV1[w]]);
    const cap = passage * cell - floors.passage / unit;
    out[w] = Math.max(lineFloor, Math.min(wanted, cap));
  }
  return out;
}

/**
 * The narrowest clear passage of a grid with wall widths (`toneGrid`), in grid units: over every cell, its
 * clear passage at its side (its longest wall) less its widest wall — a lower bound on the gap between
 * walls, which `toneWallWidths` keeps at or above the passage floor. Undefined for a grid without widths.
 */
export function tonedClearPassage(grid: Grid): number | undefined {
  const widths = grid.tone?.wallWidth;
  if (!widths) return undefined;
  const { passage } = GEOMETRY[grid.topology.endsWith('triangle') ? 'triangle' : 'square'];
  const { vertexX, vertexY, wallV0, wallV1 } = grid;
  let narrowest = Infinity;
  const visit = (w: number, state: { side: number; widest: number }): void => {
    const dx = vertexX[wallV1[w]] - vertexX[wallV0[w]];
    const dy = vertexY[wallV1[w]] - vertexY[wallV0[w]];
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len > state.side) state.side = len;
    if (widths[w] > state.widest) state.widest = widths[w];
  };
  for (let c = 0; c < grid.cellCount; c++) {
    const state = { side: 0, widest: 0 };
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) visit(grid.adjWall[k], state);
    for (let k = grid.rimStart[c]; k < grid.rimStart[c + 1]; k++) visit(grid.rimWall[k], state);
    const clear = passage * state.side - state.widest;
    if (clear < narrowest) narrowest = clear;
  }
  return narrowest;
}
