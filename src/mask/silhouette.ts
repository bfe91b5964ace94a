import { bundledPicture } from '../art/bundled-pictures.js';
import type { PictureName } from '../art/picture-names.js';
import { type PathSink, readSvgPath } from '../art/svg-path.js';
import { edgeCrossings } from './scanline.js';
import type { Bitmap } from './shape.js';

/**
 * Silhouettes of the bundled pictures, for hidden-picture mazes that name one instead of a picture file: the
 * one-colour drawing (Fluent Emoji's High Contrast style, MIT License) filled in, so that its outline and
 * every area it closes are inside — a cat, a fish, a house as a solid shape.
 */

/** Side, in pixels, of the square the drawing's 32 × 32 box is rasterised into. */
export const SILHOUETTE_SIDE = 256;

/** Largest distance, in pixels, between a curve of the drawing and the polyline that replaces it. */
const FLATNESS = 0.25;

/** A sink that flattens paths into closed polygons, in pixels. */
class Polygons implements PathSink {
  readonly rings: number[][] = [];
  private ring: number[] = [];
  private x = 0;
  private y = 0;

  constructor(private readonly scale: number) {}

  moveTo(x: number, y: number): void {
    this.finish();
    this.x = x * this.scale;
    this.y = y * this.scale;
    this.ring = [this.x, this.y];
  }

  lineTo(x: number, y: number): void {
    this.x = x * this.scale;
    this.y = y * this.scale;
    this.ring.push(this.x, this.y);
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void {
    const s = this.scale;
    const [ax, ay, bx, by, cx, cy, dx, dy] = [this.x, this.y, x1 * s, y1 * s, x2 * s, y2 * s, x * s, y * s];
    // Enough steps that the chords stay within FLATNESS of the curve (from the control polygon's bend).
    const bend = Math.max(
      Math.hypot(ax - 2 * bx + cx, ay - 2 * by + cy),
      Math.hypot(bx - 2 * cx + dx, by - 2 * cy + dy),
    );
    const steps = Math.min(64, Math.max(1, Math.ceil(Math.sqrt((0.75 * bend) / FLATNESS))));
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      const u = 1 - t;
      this.ring.push(
        u * u * u * ax + 3 * u * u * t * bx + 3 * u * t * t * cx + t * t * t * dx,
        u * u * u * ay + 3 * u * u * t * by + 3 * u * t * t * cy + t * t * t * dy,
      );
    }
    this.x = dx;
    this.y = dy;
  }

  close(): void {
    this.finish();
  }

  finish(): void {
    if (this.ring.length >= 6) this.rings.push(this.ring);
    this.ring = [];
  }
}

/**
 * The filled silhouette of a bundled picture: its layers rasterised (by their fill rule) into a
 * {@link SILHOUETTE_SIDE}-pixel square, every area they enclose filled, and the result cropped to its ink.
 */
export function silhouetteBitmap(name: PictureName): Bitmap {
  const icon = bundledPicture(name, 'mono');
  const side = SILHOUETTE_SIDE;
  const data = new Uint8Array(side * side);
  const [, , boxW, boxH] = icon.viewBox;
  const scale = side / Math.max(boxW, boxH);
  for (const layer of icon.layers) {
    if (layer.fill !== undefined && /^#f{3}(f{3})?$/i.test(layer.fill)) continue;
    const sink = readSvgPath(layer.d, new Polygons(scale));
    sink.finish();
    fillRings(sink.rings, side, side, layer.evenOdd, data);
  }
  fillEnclosed(data, side, side);
  return cropToInk({ width: side, height: side, data });
}

/** Sets the pixels inside the rings (pixel centres, by the even-odd or non-zero rule). */
function fillRings(
  rings: number[][],
  width: number,
  height: number,
  evenOdd: boolean,
  data: Uint8Array,
): void {
  const rows: number[][] = Array.from({ length: height }, () => []);
  for (const ring of rings) {
    const count = ring.length / 2;
    for (let i = 0; i < count; i++) {
      const j = (i + 1) % count;
      edgeCrossings(ring[2 * i], ring[2 * i + 1], ring[2 * j], ring[2 * j + 1], height, width, (r, c, dir) =>
        rows[r].push(c, dir),
      );
    }
  }
  for (let r = 0; r < height; r++) {
    const row = rows[r];
    const order = Array.from({ length: row.length / 2 }, (_, k) => k).sort(
      (a, b) => row[2 * a] - row[2 * b] || row[2 * a + 1] - row[2 * b + 1],
    );
    let winding = 0;
    for (let k = 0; k < order.length; k++) {
      const c = row[2 * order[k]];
      winding += evenOdd ? 1 : row[2 * order[k] + 1];
      const inside = evenOdd ? winding % 2 !== 0 : winding !== 0;
      const until = k + 1 < order.length ? row[2 * order[k + 1]] : width;
      if (inside) data.fill(1, r * width + c, r * width + until);
    }
  }
}

/** Fills every area of empty pixels not joined to the bitmap's border (4-neighbours). */
function fillEnclosed(data: Uint8Array, width: number, height: number): void {
  const outside = new Uint8Array(width * height);
  const stack: number[] = [];
  const push = (p: number): void => {
    if (data[p] === 0 && outside[p] === 0) {
      outside[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length > 0) {
    const p = stack.pop() as number;
    const x = p % width;
    if (x > 0) push(p - 1);
    if (x + 1 < width) push(p + 1);
    if (p >= width) push(p - width);
    if (p + width < width * height) push(p + width);
  }
  for (let p = 0; p < data.length; p++) if (outside[p] === 0) data[p] = 1;
}

/** The bitmap cropped to the box of its set pixels. */
function cropToInk(b: Bitmap): Bitmap {
  let left = b.width;
  let right = -1;
  let top = b.height;
  let bottom = -1;
  for (let y = 0; y < b.height; y++) {
    for (let x = 0; x < b.width; x++) {
      if (b.data[y * b.width + x] === 0) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = y;
    }
  }
  if (right < 0) return b;
  const width = right - left + 1;
  const height = bottom - top + 1;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    data.set(b.data.subarray((top + y) * b.width + left, (top + y) * b.width + left + width), y * width);
  }
  return { width, height, data };
}
