/**
 * Rasters laid over a grid: a picture's lightness, a wanted subdivision depth, a region label per pixel. Pixels
 * are row-major from the top row down; pixel (i, j) covers [i, i+1) × [j, j+1) in pixel units, so its centre
 * is (i + ½, j + ½). A raster is placed over the plane of a grid by a `Frame`.
 */
export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
}

/** A raster of small integer labels (region colours), same layout as `Raster`. */
export interface LabelRaster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/**
 * Where a raster lies on a grid's plane, in grid units: its top-left corner at (x, y), its whole width and
 * height. A grid built for a picture has the picture over its full box, `{x: 0, y: 0, width, height}`; a
 * masked grid is re-framed to the cells it keeps, so the frame moves with it.
 */
export interface Frame {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The frame that stretches a raster over the box [0, width] × [0, height]. */
export function boxFrame(width: number, height: number): Frame {
  return { x: 0, y: 0, width, height };
}

/**
 * Bilinear sample of a raster at a point of the plane (grid units); points outside the raster take the
 * nearest edge pixel.
 */
export function sampleRaster(r: Raster, frame: Frame, x: number, y: number): number {
  const { width: w, height: h, data } = r;
  let u = ((x - frame.x) / frame.width) * w - 0.5;
  let v = ((y - frame.y) / frame.height) * h - 0.5;
  u = u < 0 ? 0 : u > w - 1 ? w - 1 : u;
  v = v < 0 ? 0 : v > h - 1 ? h - 1 : v;
  const i = Math.floor(u);
  const j = Math.floor(v);
  const fu = u - i;
  const fv = v - j;
  const i1 = i + 1 < w ? i + 1 : i;
  const j1 = j + 1 < h ? j + 1 : j;
  const top = data[j * w + i] * (1 - fu) + data[j * w + i1] * fu;
  const bottom = data[j1 * w + i] * (1 - fu) + data[j1 * w + i1] * fu;
  return top * (1 - fv) + bottom * fv;
}

/** The pixel index under a point of the plane (nearest pixel, clamped to the raster). */
export function pixelAt(r: { width: number; height: number }, frame: Frame, x: number, y: number): number {
  let i = Math.floor(((x - frame.x) / frame.width) * r.width);
  let j = Math.floor(((y - frame.y) / frame.height) * r.height);
  i = i < 0 ? 0 : i >= r.width ? r.width - 1 : i;
  j = j < 0 ? 0 : j >= r.height ? r.height - 1 : j;
  return j * r.width + i;
}

/**
 * Separable box blur of radius `radius` pixels (a (2r+1)-wide average along rows, then columns; edges
 * average over the pixels that exist). Three passes approximate a Gaussian of σ ≈ r. Linear in pixels.
 */
export function boxBlur(r: Raster, radius: number): Raster {
  const rad = Math.max(0, Math.round(radius));
  if (rad === 0) return r;
  const { width: w, height: h } = r;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  blurLines(r.data, tmp, w, h, 1, w, rad);
  blurLines(tmp, out, h, w, w, 1, rad);
  return { width: w, height: h, data: out };
}

/** Blurs `lines` lines of `n` samples each: sample k of line l is at l·lineStep + k·step. */
function blurLines(
  src: Float32Array,
  dst: Float32Array,
  n: number,
  lines: number,
  step: number,
  lineStep: number,
  rad: number,
): void {
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep;
    let sum = 0;
    let count = 0;
    for (let k = 0; k < Math.min(rad, n); k++) {
      sum += src[base + k * step];
      count++;
    }
    for (let k = 0; k < n; k++) {
      const add = k + rad;
      if (add < n) {
        sum += src[base + add * step];
        count++;
      }
      const drop = k - rad - 1;
      if (drop >= 0) {
        sum -= src[base + drop * step];
        count--;
      }
      dst[base + k * step] = sum / count;
    }
  }
}

/** A Gaussian-like blur of standard deviation `sigma` pixels: three box blurs. */
export function smoothRaster(r: Raster, sigma: number): Raster {
  // Three boxes of radius ρ have variance 3·((2ρ+1)² − 1)/12 = ρ(ρ+1); pick ρ so that matches σ².
  const rad = Math.round((Math.sqrt(1 + 4 * sigma * sigma) - 1) / 2);
  let out = r;
  for (let i = 0; i < 3; i++) out = boxBlur(out, rad);
  return out;
}

/**
 * The raster resampled to `width × height` pixels over the same frame: each output pixel is the area average
 * of the input under it when shrinking, a linear interpolation when growing (separably, per axis). Linear in
 * input + output pixels.
 */
export function resampleRaster(r: Raster, width: number, height: number): Raster {
  if (width === r.width && height === r.height) return r;
  const rows = new Float32Array(width * r.height);
  resampleLines(r.data, rows, r.width, width, r.height, 1, r.width, 1, width);
  const out = new Float32Array(width * height);
  resampleLines(rows, out, r.height, height, width, width, 1, width, 1);
  return { width, height, data: out };
}

/**
 * Resamples `lines` lines from n to m samples: sample k of line l is at l·lineStep + k·step (source) and
 * l·outLineStep + k·outStep (destination). The taps (source samples and weights) of each output sample are
 * worked out once, for all lines.
 */
function resampleLines(
  src: Float32Array,
  dst: Float32Array,
  n: number,
  m: number,
  lines: number,
  step: number,
  lineStep: number,
  outStep: number,
  outLineStep: number,
): void {
  const ratio = n / m;
  const first = new Int32Array(m + 1);
  const tapAt: number[] = [];
  const tapWeight: number[] = [];
  for (let o = 0; o < m; o++) {
    first[o] = tapAt.length;
    if (ratio >= 1) {
      // Area average over the source interval [o·ratio, (o+1)·ratio).
      const a = o * ratio;
      const b = a + ratio;
      for (let k = Math.floor(a); k < b && k < n; k++) {
        tapAt.push(k);
        tapWeight.push((Math.min(b, k + 1) - Math.max(a, k)) / ratio);
      }
    } else {
      const x = (o + 0.5) * ratio - 0.5;
      const k = x <= 0 ? 0 : Math.floor(x);
      const f = x <= 0 ? 0 : x - k;
      tapAt.push(k, k + 1 < n ? k + 1 : k);
      tapWeight.push(1 - f, f);
    }
  }
  first[m] = tapAt.length;
  const at = Int32Array.from(tapAt, (k) => k * step);
  const weight = Float64Array.from(tapWeight);
  for (let l = 0; l < lines; l++) {
    const base = l * lineStep;
    const outBase = l * outLineStep;
    for (let o = 0; o < m; o++) {
      let v = 0;
      for (let t = first[o]; t < first[o + 1]; t++) v += weight[t] * src[base + at[t]];
      dst[outBase + o * outStep] = v;
    }
  }
}
