import { UserError } from '../base/errors.js';
import { LIMITS } from '../base/limits.js';
import { loadSharp, type PictureWords, pictureDecodeError, readPictureHeader } from './picture-pixels.js';
import { type Bitmap, bitmapShape, type MaskShape } from './shape.js';

export interface ImageMaskOptions {
  /** Cut-off in [0, 1]: a pixel is inside when its darkness (or opacity) is at least this. Default 0.5. */
  threshold: number;
  /** Swap inside and outside (after thresholding, before trimming). Default false. */
  invert: boolean;
  /** `contain` keeps the picture's aspect ratio in the frame; `stretch` fills the frame. Default `contain`. */
  fit: 'contain' | 'stretch';
}

/** Longest side, in pixels, an image is scaled down to before thresholding; bounds memory and mask cost. */
export const IMAGE_MASK_SIDE = 1024;

/** How messages name an image mask. */
const IMAGE: PictureWords = { noun: 'image', purpose: 'a mask' };

/**
 * A mask shape from a picture: dark (or opaque) pixels are inside.
 *
 * - If the picture has an alpha channel and any pixel is not fully opaque, inside = alpha ≥ threshold;
 *   otherwise inside = darkness ≥ threshold, darkness = 1 − luma (Rec. 601 weights on sRGB values, 0..1).
 * - Read: PNG, JPEG, WebP, GIF (first frame), TIFF (first page), AVIF. SVG and PDF are refused (vector input
 *   has no natural pixel size and SVG may pull in other files): export them to PNG first.
 * - The picture is turned upright per its EXIF orientation, scaled down so its longest side is at most
 *   {@link IMAGE_MASK_SIDE} px, thresholded, optionally inverted, then trimmed to the bounding box of its inside
 *   pixels, so the shape fills the frame whatever margin the picture had.
 *
 * @param input the picture file's bytes (read through the build's file access)
 * @param shownAs the path as the user wrote it, for messages
 * @param from the place that named the image, for messages
 */
export async function imageShape(
  input: Buffer,
  shownAs: string,
  from: string,
  options: Partial<ImageMaskOptions> = {},
): Promise<MaskShape> {
  const where = from || shownAs;
  const threshold = options.threshold ?? 0.5;
  const invert = options.invert ?? false;
  const fit = options.fit ?? 'contain';
  if (!(threshold >= 0 && threshold <= 1)) {
    throw new UserError(where, `mask threshold must be between 0 and 1 (got ${threshold})`);
  }
  const pixels = await decodeImage(input, shownAs, where);
  const bitmap = thresholdImage(pixels, threshold, invert);
  const count = countInside(bitmap);
  if (count === 0 || count === bitmap.width * bitmap.height) {
    const all = count === 0 ? 'outside' : 'inside';
    const basis = pixels.byAlpha ? 'opacity' : 'darkness';
    throw new UserError(
      where,
      `image ${shownAs} is entirely ${all} the mask at threshold ${threshold} (by ${basis}${invert ? ', inverted' : ''})`,
      count === 0
        ? `dark${pixels.byAlpha ? ' (opaque)' : ''} pixels are inside: lower the threshold, or set invert: true for a light shape on a dark ground`
        : `light${pixels.byAlpha ? ' (transparent)' : ''} pixels are outside: raise the threshold, or set invert: ${!invert}`,
    );
  }
  return bitmapShape(`image ${shownAs}`, trimBitmap(bitmap), fit === 'stretch');
}

/** Decoded pixels: 8-bit RGBA rows from the top down, and whether inside is decided by alpha. */
interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array;
  readonly byAlpha: boolean;
}

async function decodeImage(input: Buffer, shownAs: string, where: string): Promise<Pixels> {
  const meta = await readPictureHeader(input, shownAs, where, IMAGE);
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(input, { limitInputPixels: LIMITS.maxImagePixels, autoOrient: true })
      .resize({ width: IMAGE_MASK_SIDE, height: IMAGE_MASK_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`expected 4 channels, got ${info.channels}`);
    const rgba = new Uint8Array(data.buffer, data.byteOffset, data.length);
    let byAlpha = false;
    if (meta.hasAlpha) {
      for (let i = 3; i < rgba.length; i += 4) {
        if (rgba[i] !== 255) {
          byAlpha = true;
          break;
        }
      }
    }
    return { width: info.width, height: info.height, rgba, byAlpha };
  } catch (e) {
    throw pictureDecodeError(e, shownAs, where, IMAGE);
  }
}

/** Darkness (1 − luma) or opacity against the threshold, then `invert`. */
function thresholdImage(pixels: Pixels, threshold: number, invert: boolean): Bitmap {
  const { width, height, rgba, byAlpha } = pixels;
  const data = new Uint8Array(width * height);
  // Compare in 0..255 units: darkness ≥ t ⇔ 255 − luma ≥ 255·t; opacity ≥ t ⇔ alpha ≥ 255·t.
  const cut = threshold * 255;
  for (let p = 0, i = 0; p < data.length; p++, i += 4) {
    const level = byAlpha ? rgba[i + 3] : 255 - (0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2]);
    data[p] = level >= cut !== invert ? 1 : 0;
  }
  return { width, height, data };
}

function countInside(bitmap: Bitmap): number {
  let n = 0;
  for (const v of bitmap.data) n += v;
  return n;
}

/** The bitmap cropped to the bounding box of its inside pixels (unchanged if it has none). */
export function trimBitmap(bitmap: Bitmap): Bitmap {
  const { width, height, data } = bitmap;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (data[row + x] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return bitmap;
  if (left === 0 && top === 0 && right === width - 1 && bottom === height - 1) return bitmap;
  const w = right - left + 1;
  const h = bottom - top + 1;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    out.set(data.subarray((top + y) * width + left, (top + y) * width + left + w), y * w);
  }
  return { width: w, height: h, data: out };
}
