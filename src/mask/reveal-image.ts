import { UserError } from '../base/errors.js';
import { decodePicture } from './picture-pixels.js';
import type { Bitmap } from './shape.js';

/** How a hidden picture is read from its file. */
export interface RevealImageOptions {
  /** Cut-off in [0, 1]: a pixel is dark when its darkness (1 − luma) is at least this. Default 0.5. */
  threshold: number;
  /** Swap dark and light (a light drawing on a dark ground). Default false. */
  invert: boolean;
}

/**
 * The dark pixels of a hidden-picture maze's picture: decoded like every picture (PNG, JPEG, WebP, GIF,
 * TIFF, AVIF; upright by EXIF; transparency on white paper; at most 1024 pixels a side, averaged down), then
 * darkness = 1 − luma (Rec. 601 on sRGB values) against the threshold. Not cropped: the picture's frame is
 * the maze's.
 * @param shownAs the file as the user wrote it; `where` the place that named it, for messages
 * @throws UserError for a file that cannot be read, and for a picture with no dark pixel or no light one
 */
export async function decodeRevealImage(
  bytes: Buffer,
  shownAs: string,
  where: string,
  options: RevealImageOptions,
): Promise<Bitmap> {
  const { width, height, rgb } = await decodePicture(bytes, shownAs, where, 'area');
  const data = new Uint8Array(width * height);
  const cut = options.threshold * 255;
  let dark = 0;
  for (let p = 0, i = 0; p < data.length; p++, i += 3) {
    const darkness = 255 - (0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2]);
    data[p] = darkness >= cut !== options.invert ? 1 : 0;
    dark += data[p];
  }
  if (dark === 0 || dark === data.length) {
    const none = dark === 0;
    throw new UserError(
      where,
      `picture ${shownAs} has ${none ? 'no dark pixel' : 'no light pixel'} at threshold ${Math.round(options.threshold * 100)}%${options.invert ? ' (inverted)' : ''}: there is nothing ${none ? 'for the route to draw' : 'around the picture'}`,
      none
        ? 'the route draws the dark parts: lower the threshold, or set invert: true for a light drawing on a dark ground'
        : 'raise the threshold, or set invert: true for a dark ground with a light drawing',
    );
  }
  return { width, height, data };
}
