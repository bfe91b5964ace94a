/**
 * What every mask source (built-in shape, formula, image, text) reduces to: a predicate over the normalised
 * plane. Coordinates are x, y in [-1, 1] with y pointing up; (0, 0) is the centre of the mask's box.
 */
export interface MaskShape {
  /** Short description for messages, e.g. `heart`, `formula "x<y"`, `image cat.png`, `text "ANNA"`. */
  readonly label: string;
  /**
   * Width ÷ height of the shape's own box. The box is fitted inside the maze frame keeping this ratio
   * (`contain`); leave undefined to stretch the box over the whole frame (formulas, `fit: stretch`).
   */
  readonly aspect?: number;
  /** True where the plane is inside the shape. Must be pure and cheap: it runs several times per cell. */
  inside(x: number, y: number): boolean;
  /** The bitmap behind a picture or text shape (plans carry it instead of the predicate). */
  readonly raster?: { readonly bitmap: Bitmap; readonly stretch: boolean };
  /**
   * Price (≥ 1) of making the cell centred at (x, y) part of a bridge when `join` links islands; the
   * cheapest bridge wins. Absent: every cell costs 1, so bridges are the shortest. Text masks price cells
   * outside the lower band of each line high, so letters join along the baseline.
   */
  bridgeCost?(x: number, y: number): number;
  /**
   * Fidelity (IoU of the kept cells and the shape, see `maskFidelity`) from which a maze in this shape reads
   * as it; absent: `FIDELITY_THRESHOLD`. Shapes made of thin strokes (text) read at lower values.
   */
  readonly readsAt?: number;
  /** Text shapes: the lower band of each line, where bridges go (plans carry these with the bitmap). */
  readonly textBands?: readonly { readonly low: number; readonly baseline: number; readonly high: number }[];
}

/** A one-bit picture, row-major from the top row down; 1 is inside. */
export interface Bitmap {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** A mask shape that samples a bitmap stretched over [-1, 1]² (nearest pixel), with the bitmap's aspect. */
export function bitmapShape(label: string, bitmap: Bitmap, stretch = false): MaskShape {
  const { width, height, data } = bitmap;
  return {
    label,
    aspect: stretch ? undefined : width / height,
    raster: { bitmap, stretch },
    inside(x, y) {
      const px = Math.floor(((x + 1) / 2) * width);
      const py = Math.floor(((1 - y) / 2) * height);
      if (px < 0 || py < 0 || px >= width || py >= height) return false;
      return data[py * width + px] !== 0;
    },
  };
}
