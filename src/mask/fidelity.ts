import type { Grid } from '../grid/grid.js';
import {
  type GridSize,
  type HexTop,
  type TopologyInfo,
  type TopologyName,
  topologies,
} from '../grid/registry.js';
import { type MaskRequest, MIN_MASKED_CELLS, maskCells, maskFrame } from './apply.js';
import { edgeCrossings } from './scanline.js';
import type { MaskShape } from './shape.js';
import { wallChords } from './wall-chords.js';

/**
 * Fidelity a masked maze needs before its outline reads as its shape (intersection over union, see
 * {@link maskFidelity}), unless the shape says otherwise ({@link MaskShape.readsAt}). Chosen by looking at
 * hearts, stars and diamonds on every tiling at growing sizes: at 0.84 a square heart has no notch and a hex
 * heart is a shield, a star below 0.8 is a plus sign or a blob; from 0.87 on each reads as what it is.
 * (Words read earlier: their strokes are thin, so their IoU stays low; text masks set 0.7.)
 */
export const FIDELITY_THRESHOLD = 0.87;

/** Raster pixels per grid unit (a passage is about one unit) the fidelity is measured on, and the bounds of
 * the raster's longer side in pixels. */
const PX_PER_UNIT = 6;
const MIN_SIDE = 128;
const MAX_SIDE = 768;

/**
 * How well the kept cells reproduce the mask, as the intersection over union of two regions on a raster of
 * the grid's frame: the shape (fitted into the frame as the mask stage fits it) and the union of the kept
 * cells (the area inside the walls between kept and other cells). 1 is a perfect copy; 0 no overlap.
 * @param full the unmasked grid the cells were chosen on
 * @param keep 1 for each cell of `full` kept
 * @returns fidelity in [0, 1]
 */
export function maskFidelity(full: Grid, keep: Uint8Array, shape: MaskShape): number {
  const { width: W, height: H } = full;
  const side = Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.ceil(PX_PER_UNIT * Math.max(W, H))));
  const s = side / Math.max(W, H); // pixels per grid unit
  const cols = Math.max(1, Math.ceil(W * s));
  const rows = Math.max(1, Math.ceil(H * s));
  const kept = keptRaster(full, keep, s, cols, rows);
  const { left, top, sx, sy } = maskFrame(full, shape);
  let both = 0;
  let either = 0;
  for (let r = 0; r < rows; r++) {
    const v = 1 - ((r + 0.5) / s - top) * sy;
    for (let c = 0; c < cols; c++) {
      const u = ((c + 0.5) / s - left) * sx - 1;
      const inMask = shape.inside(u, v);
      const inCells = kept[r * cols + c] !== 0;
      if (inMask && inCells) both++;
      if (inMask || inCells) either++;
    }
  }
  return either === 0 ? 0 : both / either;
}

/**
 * 1 for each pixel whose centre lies in a kept cell. The kept region's boundary is every wall with a kept
 * cell on exactly one side (arcs flattened); a pixel is inside when a ray to its left crosses that boundary
 * an odd number of times. Pixel (c, r) covers grid [c/s, (c+1)/s) × [r/s, (r+1)/s).
 */
function keptRaster(full: Grid, keep: Uint8Array, s: number, cols: number, rows: number): Uint8Array {
  const stride = cols + 1;
  const flips = new Uint8Array(stride * rows);
  const flip = (r: number, c: number): void => {
    flips[r * stride + c] ^= 1;
  };
  for (let w = 0; w < full.wallCount; w++) {
    const a = keep[full.wallCellA[w]] !== 0;
    const b = full.wallCellB[w] >= 0 && keep[full.wallCellB[w]] !== 0;
    if (a === b) continue;
    wallChords(full, w, Math.PI / 45, (x0, y0, x1, y1) =>
      edgeCrossings(x0 * s, y0 * s, x1 * s, y1 * s, rows, cols, flip),
    );
  }
  const out = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    let inside = 0;
    for (let c = 0; c < cols; c++) {
      inside ^= flips[r * stride + c];
      out[r * cols + c] = inside;
    }
  }
  return out;
}

export interface FaithfulSizeRequest {
  shape: TopologyName;
  hexTop?: HexTop;
  mask: MaskRequest;
  /**
   * Width ÷ height of the frame the maze fills (the page's maze area); used for masks without an aspect of
   * their own (formulas, stretched pictures), which fill the frame. Default 1.
   */
  frameAspect?: number;
  /** Fidelity to reach, in [0, 1]; default the shape's `readsAt`, else {@link FIDELITY_THRESHOLD}. */
  threshold?: number;
  /** Largest size allowed (the passage floor on the page); sizes beyond it in either direction are not tried. */
  max: GridSize;
  /** Smallest size to start from (e.g. the size a difficulty search asks for); default the smallest grid. */
  min?: GridSize;
}

export interface FaithfulSize {
  size: GridSize;
  /** The size's fidelity, in [0, 1]. */
  fidelity: number;
  /** True when the fidelity reaches the threshold; false when no size up to `max` does (then `size` is the
   * most faithful one tried). */
  reached: boolean;
}

/**
 * The smallest grid size, growing in the mask's proportions from `min`, whose masked cells reach the
 * fidelity threshold and so do the next size's (a lone lucky size, such as a 5×3 triangle grid that happens
 * to cover a heart's area as a hexagon, does not count), trying sizes up to `max`. Sizes are those `topo.fit` gives for the mask's box (the
 * shape's aspect, or the frame's) at growing scales, as passage-based sizing would; each is measured with
 * the real mask stage (coverage, island rule). Costs one mask stage per distinct size tried.
 */
export function faithfulSize(request: FaithfulSizeRequest): FaithfulSize {
  const { shape, hexTop, mask, max } = request;
  const topo: TopologyInfo = topologies[shape];
  const threshold = request.threshold ?? mask.shape.readsAt ?? FIDELITY_THRESHOLD;
  const aspect = mask.shape.aspect ?? request.frameAspect ?? 1;
  const min = request.min ?? { columns: 2, rows: 2 };
  const layoutOf = (size: GridSize) => ({ shape, size, ...(hexTop ? { hexTop } : {}) });
  let best: FaithfulSize | undefined;
  let candidate: FaithfulSize | undefined; // reached the threshold; waits for the next size to agree
  let last = '';
  // Scale the box (height `unit` grid units… widened by the aspect) by small steps; each new size is tried.
  for (let k = 1; k < 4096; k *= 1.04) {
    const size = topo.fit(k * Math.max(aspect, 1), k / Math.min(aspect, 1), hexTop);
    if (size.columns > max.columns || size.rows > max.rows) break;
    if (size.columns < Math.max(2, min.columns) || size.rows < Math.max(2, min.rows)) continue;
    const id = `${size.columns}x${size.rows}`;
    if (id === last) continue;
    last = id;
    const cells = maskCells(layoutOf(size), mask);
    // Too few cells for a maze at all (the mask stage refuses it): never the answer.
    if (cells.kept < MIN_MASKED_CELLS) continue;
    const fidelity = maskFidelity(cells.full, cells.keep, mask.shape);
    if (fidelity >= threshold) {
      if (candidate) return candidate;
      candidate = { size, fidelity, reached: true };
    } else candidate = undefined;
    if (!best || fidelity > best.fidelity) best = { size, fidelity, reached: false };
  }
  if (candidate) return candidate; // the largest size tried reached it; there is no next size to ask
  if (best) return best;
  // Not even the smallest size fits: report `max` as it is.
  const cells = maskCells(layoutOf(max), mask);
  return {
    size: max,
    fidelity: cells.kept === 0 ? 0 : maskFidelity(cells.full, cells.keep, mask.shape),
    reached: false,
  };
}
