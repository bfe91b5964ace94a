import type { Grid } from '../grid/grid.js';
import { type Frame, type Raster, resampleRaster, sampleRaster, smoothRaster } from '../grid/raster.js';

/** The direction of a picture's edges at each cell of a grid. */
export interface CellFlow {
  /** Direction along the edges, radians from the +x axis towards +y (y down), in [0, π). */
  readonly angle: Float32Array;
  /** How clear that direction is, in [0, 1]: 0 where the picture is flat or equally busy every way. */
  readonly strength: Float32Array;
}

/**
 * The picture's edge direction at every cell centre, from its smoothed structure tensor: the gradient of the
 * lightness (central differences) gives J = ∇G ∇Gᵀ per pixel; J is smoothed over `smoothing` grid units; the
 * edges run across the dominant gradient, at ½·atan2(2J_xy, J_xx − J_yy) + π/2, and the coherence
 * √((J_xx − J_yy)² + 4J_xy²) / (J_xx + J_yy) says how clear that is.
 * @param frame where the picture lies on the grid's plane
 * @param smoothing radius of the smoothing in grid units (a few cells: edges are followed, not pixel noise)
 */
export function flowOnGrid(grid: Grid, picture: Raster, frame: Frame, smoothing: number): CellFlow {
  // Smoothing over many pixels gains nothing from them: work at about four pixels per smoothing radius.
  const shrink = Math.max(1, Math.floor((smoothing * picture.width) / frame.width / 4));
  const lightness =
    shrink > 1
      ? resampleRaster(picture, Math.ceil(picture.width / shrink), Math.ceil(picture.height / shrink))
      : picture;
  const { width: w, height: h, data } = lightness;
  const xx = new Float32Array(w * h);
  const xy = new Float32Array(w * h);
  const yy = new Float32Array(w * h);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const gx = (data[j * w + Math.min(w - 1, i + 1)] - data[j * w + Math.max(0, i - 1)]) / 2;
      const gy = (data[Math.min(h - 1, j + 1) * w + i] - data[Math.max(0, j - 1) * w + i]) / 2;
      const p = j * w + i;
      xx[p] = gx * gx;
      xy[p] = gx * gy;
      yy[p] = gy * gy;
    }
  }
  const sigma = (smoothing * w) / frame.width;
  const sxx = smoothRaster({ width: w, height: h, data: xx }, sigma);
  const sxy = smoothRaster({ width: w, height: h, data: xy }, sigma);
  const syy = smoothRaster({ width: w, height: h, data: yy }, sigma);
  const angle = new Float32Array(grid.cellCount);
  const strength = new Float32Array(grid.cellCount);
  for (let c = 0; c < grid.cellCount; c++) {
    const x = grid.cellX[c];
    const y = grid.cellY[c];
    const a = sampleRaster(sxx, frame, x, y);
    const b = sampleRaster(sxy, frame, x, y);
    const d = sampleRaster(syy, frame, x, y);
    let t = 0.5 * Math.atan2(2 * b, a - d) + Math.PI / 2;
    if (t >= Math.PI) t -= Math.PI;
    if (t < 0) t += Math.PI;
    angle[c] = t;
    const sum = a + d;
    strength[c] = sum > 1e-12 ? Math.min(1, Math.sqrt((a - d) ** 2 + 4 * b * b) / sum) : 0;
  }
  return { angle, strength };
}
