import type { ShapeName } from '../base/names.js';
import type { IslandRule, MaskRequest } from './apply.js';
import { formulaShape } from './formula.js';
import { type Bitmap, bitmapShape, type MaskShape } from './shape.js';
import { builtinShape } from './shapes.js';
import { type TextBand, textRasterShape } from './text.js';

/**
 * A mask as plans carry it: plain data (no predicate), so a plan can cross to a worker thread, be compared in
 * a test or diffed between builds. Pictures and text are decoded and rasterised once, while planning; a worker
 * rebuilds the predicate from the bitmap without reading any file.
 */
export type MaskSource =
  | { readonly kind: 'shape'; readonly name: ShapeName; readonly points?: number; readonly inner?: number }
  | { readonly kind: 'formula'; readonly formula: string }
  | { readonly kind: 'bitmap'; readonly bitmap: Bitmap; readonly stretch: boolean }
  /** A rasterised text, with the lower band of each line where bridges between letters go. */
  | { readonly kind: 'text'; readonly bitmap: Bitmap; readonly bands: readonly TextBand[] }
  /** Library use: any predicate. Not plain data, so a plan never holds one (it cannot go to a worker). */
  | { readonly kind: 'custom'; readonly shape: MaskShape };

export interface MaskDescriptor {
  /** Short description for messages and lockfiles, e.g. `heart`, `image cat.png`, `text "ANNA"`. */
  readonly label: string;
  readonly source: MaskSource;
  readonly islands: IslandRule;
  /** Where the spec names the mask, for messages. */
  readonly where?: string;
}

/** A descriptor for any mask shape (library use): a picture or text keeps its bitmap, others their predicate. */
export function maskOf(shape: MaskShape, islands: IslandRule = 'largest'): MaskDescriptor {
  return describeMask(shape, { kind: 'custom', shape }, islands);
}

/** The descriptor of a shape built while planning (pictures and text keep their bitmap). */
export function describeMask(
  shape: MaskShape,
  source: Exclude<MaskSource, { kind: 'bitmap' | 'text' }> | undefined,
  islands: IslandRule,
  where?: string,
): MaskDescriptor {
  const raster = shape.raster;
  const from: MaskSource | undefined =
    raster && shape.textBands
      ? { kind: 'text', bitmap: raster.bitmap, bands: shape.textBands }
      : raster
        ? { kind: 'bitmap', bitmap: raster.bitmap, stretch: raster.stretch }
        : source;
  if (!from) throw new Error(`internal: mask ${shape.label} has neither a bitmap nor a source`);
  return { label: shape.label, source: from, islands, ...(where ? { where } : {}) };
}

const built = new WeakMap<MaskDescriptor, MaskShape>();

/** The predicate of a descriptor, built once per descriptor object. */
export function maskShapeOf(d: MaskDescriptor): MaskShape {
  const hit = built.get(d);
  if (hit) return hit;
  const s = d.source;
  const shape =
    s.kind === 'shape'
      ? builtinShape(s.name, { points: s.points, inner: s.inner })
      : s.kind === 'formula'
        ? formulaShape(s.formula)
        : s.kind === 'custom'
          ? s.shape
          : s.kind === 'text'
            ? textRasterShape(d.label, s.bitmap, s.bands)
            : bitmapShape(d.label, s.bitmap, s.stretch);
  built.set(d, shape);
  return shape;
}

/** The mask stage's request for a descriptor. */
export function maskRequestOf(d: MaskDescriptor): MaskRequest {
  return { shape: maskShapeOf(d), islands: d.islands, ...(d.where ? { where: d.where } : {}) };
}
