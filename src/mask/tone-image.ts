import { UserError } from '../base/errors.js';
import type { Raster } from '../grid/raster.js';
import { decodePicture } from './picture-pixels.js';

export interface LightnessOptions {
  /** Exponent on the lightness, in (0, 10]: above 1 darkens the mid-tones, below 1 lightens them. Default 1. */
  gamma: number;
  /** Stretch about mid-grey, in [0, 10]: above 1 adds contrast, 0 makes everything mid-grey. Default 1. */
  contrast: number;
}

/**
 * A picture's lightness for tone reproduction: G = clamp(½ + contrast·(L^gamma − ½), 0, 1), with L the Rec. 601
 * luma of the sRGB values in [0, 1] (0 black, 1 white); transparent pixels count as white paper. At most
 * `PICTURE_SIDE` pixels on the longest side, with the picture's own proportions.
 * @param bytes the picture file's contents
 * @param shownAs the file as the user wrote it; `where` the place that named it, for messages
 */
export async function decodeLightness(
  bytes: Buffer,
  shownAs: string,
  where: string,
  options: Partial<LightnessOptions> = {},
): Promise<Raster> {
  const gamma = options.gamma ?? 1;
  const contrast = options.contrast ?? 1;
  if (!(gamma > 0 && gamma <= 10)) {
    throw new UserError(where, `tone gamma must be above 0 and at most 10 (got ${gamma})`, 'try 0.7 to 1.5');
  }
  if (!(contrast >= 0 && contrast <= 10)) {
    throw new UserError(where, `tone contrast must be between 0 and 10 (got ${contrast})`, 'try 0.8 to 1.5');
  }
  const { width, height, rgb } = await decodePicture(bytes, shownAs, where, 'area');
  const data = new Float32Array(width * height);
  for (let p = 0, i = 0; p < data.length; p++, i += 3) {
    const luma = (0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2]) / 255;
    const g = 0.5 + contrast * (luma ** gamma - 0.5);
    data[p] = g < 0 ? 0 : g > 1 ? 1 : g;
  }
  return { width, height, data };
}
