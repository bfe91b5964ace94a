import sharp, { type Metadata } from 'sharp';
import { UserError } from '../spec/errors.js';
import { LIMITS } from '../spec/limits.js';

/** Longest side, in pixels, a tone picture or region map is scaled down to: plenty for any printed maze. */
export const PICTURE_SIDE = 1024;

/** Raster formats read (sharp's `metadata().format` names); AVIF reports itself as `heif`. */
const FORMATS = new Set(['png', 'jpeg', 'webp', 'gif', 'tiff', 'heif']);

/** Decoded 8-bit RGB pixels, rows from the top down. */
export interface RgbPixels {
  readonly width: number;
  readonly height: number;
  readonly rgb: Uint8Array;
}

/**
 * Decodes a picture's bytes (the file is read by the caller) to sRGB pixels: upright per EXIF, transparency
 * flattened onto white, scaled down so the longest side is at most {@link PICTURE_SIDE}. The same formats,
 * byte and pixel limits as image masks; a picture over the pixel limit is refused from its header, before
 * decoding.
 * @param kernel `nearest` keeps flat colours flat (region maps); `area` averages (photographs)
 * @param shownAs the file as the user wrote it; `where` the place that named it, for messages
 */
export async function decodePicture(
  bytes: Buffer,
  shownAs: string,
  where: string,
  kernel: 'nearest' | 'area',
): Promise<RgbPixels> {
  if (bytes.length > LIMITS.maxImageBytes) {
    throw new UserError(
      where,
      `picture ${shownAs} is ${bytes.length} bytes; the limit is ${LIMITS.maxImageBytes}`,
      'save a smaller copy (about 1000 px across is plenty)',
    );
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw decodeError(e, shownAs, where);
  }
  if (!FORMATS.has(meta.format)) {
    throw new UserError(
      where,
      `picture ${shownAs} is ${String(meta.format).toUpperCase()}, which is not read`,
      'use a PNG, JPEG, WebP, GIF, TIFF or AVIF picture (export vector art to PNG first)',
    );
  }
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > LIMITS.maxImagePixels) {
    throw new UserError(
      where,
      `picture ${shownAs} is ${meta.width}×${height} pixels; the limit is ${LIMITS.maxImagePixels} pixels`,
      'save a smaller copy (about 1000 px across is plenty)',
    );
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: LIMITS.maxImagePixels, autoOrient: true })
      .resize({
        width: PICTURE_SIDE,
        height: PICTURE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
        kernel: kernel === 'nearest' ? 'nearest' : 'lanczos3',
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return {
      width: info.width,
      height: info.height,
      rgb: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch (e) {
    throw decodeError(e, shownAs, where);
  }
}

function decodeError(e: unknown, shownAs: string, where: string): UserError {
  const message = e instanceof Error ? e.message : String(e);
  if (/unsupported image format/i.test(message)) {
    return new UserError(
      where,
      `${shownAs} is not a picture that can be read`,
      'use a PNG, JPEG, WebP, GIF, TIFF or AVIF picture',
    );
  }
  if (/pixel limit/i.test(message)) {
    return new UserError(
      where,
      `picture ${shownAs} has more than ${LIMITS.maxImagePixels} pixels`,
      'save a smaller copy (about 1000 px across is plenty)',
    );
  }
  return new UserError(
    where,
    `picture ${shownAs} could not be decoded: ${message}`,
    'the file may be damaged',
  );
}
