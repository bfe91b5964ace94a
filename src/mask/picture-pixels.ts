import type { Metadata, default as Sharp } from 'sharp';
import { UserError } from '../base/errors.js';
import { LIMITS } from '../base/limits.js';

/** Longest side, in pixels, a tone picture or region map is scaled down to: plenty for any printed maze. */
export const PICTURE_SIDE = 1024;

let sharpModule: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on first use: it is the heaviest module mazebook has, and most books (and `validate` of
 * them) read no picture at all.
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

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
  await readPictureHeader(bytes, shownAs, where, PICTURE);
  const sharp = await loadSharp();
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
    throw pictureDecodeError(e, shownAs, where, PICTURE);
  }
}

/** How messages name a picture: its noun, and what it is read for (after "not read" and "plenty"). */
export interface PictureWords {
  readonly noun: 'image' | 'picture';
  readonly purpose: string;
}

const PICTURE: PictureWords = { noun: 'picture', purpose: '' };

/**
 * Reads a picture's header only (no pixel limit yet, so a picture too large gets a message with its size) and
 * refuses a format that is not read or a picture over the pixel limit, before anything is decoded.
 */
export async function readPictureHeader(
  bytes: Buffer,
  shownAs: string,
  where: string,
  words: PictureWords,
): Promise<Metadata> {
  let meta: Metadata;
  const sharp = await loadSharp();
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw pictureDecodeError(e, shownAs, where, words);
  }
  if (!FORMATS.has(meta.format)) {
    throw new UserError(
      where,
      `${words.noun} ${shownAs} is ${String(meta.format).toUpperCase()}, which is not read${words.purpose && ` as ${words.purpose}`}`,
      'use a PNG, JPEG, WebP, GIF, TIFF or AVIF picture (export vector art to PNG first)',
    );
  }
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > LIMITS.maxImagePixels) {
    throw new UserError(
      where,
      `${words.noun} ${shownAs} is ${meta.width}×${height} pixels; the limit is ${LIMITS.maxImagePixels} pixels`,
      `save a smaller copy (about 1000 px across is plenty${words.purpose && ` for ${words.purpose}`})`,
    );
  }
  return meta;
}

/** sharp's failure to read a picture as a located user error. */
export function pictureDecodeError(
  e: unknown,
  shownAs: string,
  where: string,
  words: PictureWords,
): UserError {
  const message = e instanceof Error ? e.message : String(e);
  if (/unsupported image format/i.test(message)) {
    return new UserError(
      where,
      `${shownAs} is not ${words.noun === 'image' ? 'an image' : 'a picture'} that can be read`,
      'use a PNG, JPEG, WebP, GIF, TIFF or AVIF picture',
    );
  }
  if (/pixel limit/i.test(message)) {
    return new UserError(
      where,
      `${words.noun} ${shownAs} has more than ${LIMITS.maxImagePixels} pixels`,
      `save a smaller copy (about 1000 px across is plenty${words.purpose && ` for ${words.purpose}`})`,
    );
  }
  return new UserError(
    where,
    `${words.noun} ${shownAs} could not be decoded: ${message}`,
    'the file may be damaged',
  );
}
