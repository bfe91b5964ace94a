import { UserError } from '../base/errors.js';
import type { FileAccess } from '../base/files.js';
import { FONTS_DIR } from '../base/package-root.js';
import type { FieldPath } from '../base/parse-yaml.js';
import type { IslandRule } from '../mask/apply.js';
import { describeMask, type MaskDescriptor, maskShapeOf } from '../mask/descriptor.js';
import { FormulaError, formulaShape } from '../mask/formula.js';
import type { MaskShape } from '../mask/shape.js';
import { textShape } from '../mask/text.js';
import type { BookSpec, MazeSpec } from '../spec/schema.js';
import { toFraction } from '../spec/units.js';
import { type FontFace, loadFont } from '../text/fonts.js';
import { mazeFieldsOf } from './maze-fields.js';
import { preloadPictures } from './resolve-picture.js';
import type { Theme } from './theme.js';

/** Fonts shipped with mazebook, by the short names a text mask may use instead of a file. */
export const BUNDLED_FONTS: Record<string, string> = {
  lato: 'lato/Lato-Regular.ttf',
  'lato-bold': 'lato/Lato-Bold.ttf',
  'comic-neue': 'comic-neue/ComicNeue-Regular.otf',
  'comic-neue-bold': 'comic-neue/ComicNeue-Bold.otf',
};

export type MaskSpec = NonNullable<MazeSpec['mask']>;
type ImageMaskSpec = Extract<MaskSpec, { image: string }>;

/** Everything a mask may need from around the spec. */
export interface MaskContext {
  specDir: string;
  files: FileAccess;
  theme: Theme;
  /** Image masks decoded beforehand (decoding is asynchronous), by `imageKey`. */
  images: ReadonlyMap<string, MaskShape>;
  /**
   * Masks resolved so far, by the field that names them and the area they fill, so the pages of a series
   * (and pages sharing defaults) share one descriptor: the text is set once, the fidelity measured once.
   */
  resolved?: Map<string, MaskDescriptor>;
}

const imageOptions = (m: ImageMaskSpec) => ({
  threshold: m.threshold === undefined ? 0.5 : toFraction(m.threshold),
  invert: m.invert ?? false,
  fit: m.fit ?? 'contain',
});

function imageKey(real: string, m: ImageMaskSpec): string {
  const o = imageOptions(m);
  return `${real}\u0000${o.threshold}\u0000${o.invert}\u0000${o.fit}`;
}

/**
 * Decodes every picture the spec names (in the defaults, sections, pages and series), once per file and
 * options, so that planning can stay synchronous: image masks are returned; tone pictures and region maps are
 * kept with `files` for resolve-picture.ts. Problems are reported through `report` and decoding goes on, so one
 * build shows every bad picture at once.
 */
export async function preloadImages(
  spec: BookSpec,
  specDir: string,
  files: FileAccess,
  at: (path: FieldPath) => string,
  report: (e: UserError) => void,
): Promise<Map<string, MaskShape>> {
  const images = new Map<string, MaskShape>();
  // Tone pictures and region maps, kept for planning with the same file access.
  await preloadPictures(spec, specDir, files, at, report);
  // sharp is heavy: loaded only when the spec has a picture.
  let decode: typeof import('../mask/image.js').imageShape | undefined;
  for (const { maze, field } of mazeFieldsOf(spec)) {
    const m = maze.mask;
    if (m === undefined || typeof m !== 'object' || !('image' in m)) continue;
    const where = at([...field, 'mask', 'image']);
    try {
      const ref = files.named(specDir, m.image, where, 'image');
      const key = imageKey(ref.real, m);
      if (images.has(key)) continue;
      decode ??= (await import('../mask/image.js')).imageShape;
      images.set(key, await decode(files.read(ref), m.image, where, imageOptions(m)));
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      report(e);
    }
  }
  return images;
}

/**
 * A font named in a spec: a bundled font's short name, a TTF/OTF file relative to the spec, or (undefined)
 * the theme's heading font.
 */
export function resolveFont(
  name: string | undefined,
  ctx: { specDir: string; files: FileAccess; theme: Theme },
  where: string,
): FontFace {
  if (name === undefined) return ctx.theme.fonts.heading;
  const bundled = BUNDLED_FONTS[name];
  const ref = bundled
    ? ctx.files.named(FONTS_DIR, bundled, where, 'font')
    : ctx.files.named(ctx.specDir, name, where, 'font');
  return loadFont(ctx.files, bundled ? { ...ref, shownAs: name } : ref);
}

/**
 * The mask descriptor for a maze spec's `mask`, or undefined when it has none.
 * @param aspect width ÷ height of the maze area the mask fills: a text mask breaks its lines and sets its
 *   letters' height to use it (see `textShape`)
 */
export function resolveMask(
  m: MazeSpec['mask'],
  field: FieldPath,
  at: (path: FieldPath) => string,
  ctx: MaskContext,
  aspect?: number,
): MaskDescriptor | undefined {
  if (m === undefined) return undefined;
  const key = `${JSON.stringify(field)}|${aspect}`;
  const hit = ctx.resolved?.get(key);
  if (hit) return hit;
  const found = describe(m, field, at, ctx, aspect);
  ctx.resolved?.set(key, found);
  return found;
}

function describe(
  m: NonNullable<MazeSpec['mask']>,
  field: FieldPath,
  at: (path: FieldPath) => string,
  ctx: MaskContext,
  aspect: number | undefined,
): MaskDescriptor {
  const where = at(field);
  let islands: IslandRule = typeof m === 'object' && m.islands ? m.islands : 'largest';
  if (typeof m === 'string' || 'shape' in m) {
    const source =
      typeof m === 'string'
        ? { kind: 'shape' as const, name: m }
        : {
            kind: 'shape' as const,
            name: m.shape,
            ...(m.points !== undefined ? { points: m.points } : {}),
            ...(m.inner !== undefined ? { inner: toFraction(m.inner) } : {}),
          };
    const label = maskShapeOf({ label: source.name, source, islands }).label;
    return { label, source, islands, where };
  }
  if ('formula' in m) {
    let shape: MaskShape;
    try {
      shape = formulaShape(m.formula);
    } catch (e) {
      if (!(e instanceof FormulaError)) throw e;
      throw new UserError(
        at([...field, 'formula']),
        `formula column ${e.column}: ${e.what}\n  ${m.formula}\n  ${' '.repeat(e.column - 1)}^`,
        e.hint ?? 'see "Formula masks" in docs/spec.md',
      );
    }
    return describeMask(shape, { kind: 'formula', formula: m.formula }, islands, where);
  }
  if ('image' in m) {
    const ref = ctx.files.named(ctx.specDir, m.image, at([...field, 'image']), 'image');
    const hit = ctx.images.get(imageKey(ref.real, m));
    // Not decoded: its problem was reported while preloading.
    if (!hit) throw new UserError(at([...field, 'image']), `image ${m.image} could not be used (see above)`);
    return describeMask(hit, undefined, islands, where);
  }
  const fontWhere = at([...field, m.font ? 'font' : 'text']);
  const face = resolveFont(m.font, ctx, fontWhere);
  if (!m.islands) islands = 'join';
  const shape = textShape(m.text, face, at([...field, 'text']), {
    ...(aspect !== undefined ? { aspect } : {}),
    lines: m.lines ?? 'auto',
  });
  return describeMask(shape, undefined, islands, where);
}
