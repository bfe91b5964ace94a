import { basename, join } from 'node:path';
import type { IslandRule, MaskRequest } from '../mask/apply.js';
import { FormulaError, formulaShape } from '../mask/formula.js';
import { imageShape } from '../mask/image.js';
import type { MaskShape } from '../mask/shape.js';
import { builtinShape } from '../mask/shapes.js';
import { textShape } from '../mask/text.js';
import { UserError } from '../spec/errors.js';
import type { FieldPath } from '../spec/parse.js';
import type { BookSpec, MazeSpec } from '../spec/schema.js';
import { toFraction } from '../spec/units.js';
import { type FontFace, loadFont } from '../text/fonts.js';
import { FONTS_DIR } from './package-root.js';
import { type PathPolicy, resolveNamedFile } from './paths.js';
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
  policy: PathPolicy;
  theme: Theme;
  /** Image masks decoded beforehand (decoding is asynchronous), by `imageKey`. */
  images: ReadonlyMap<string, MaskShape>;
}

const imageOptions = (m: ImageMaskSpec) => ({
  threshold: m.threshold === undefined ? 0.5 : toFraction(m.threshold),
  invert: m.invert ?? false,
  fit: m.fit ?? 'contain',
});

function imageKey(path: string, m: ImageMaskSpec): string {
  const o = imageOptions(m);
  return `${path}\u0000${o.threshold}\u0000${o.invert}\u0000${o.fit}`;
}

/**
 * Decodes every image mask the spec names (in the defaults and on pages), once per file and options, so
 * that planning can stay synchronous.
 */
export async function preloadImageMasks(
  spec: BookSpec,
  specDir: string,
  policy: PathPolicy,
  at: (path: FieldPath) => string,
): Promise<Map<string, MaskShape>> {
  const wanted: { m: ImageMaskSpec; field: FieldPath }[] = [];
  const look = (m: MazeSpec['mask'], field: FieldPath): void => {
    if (m !== undefined && typeof m === 'object' && 'image' in m) wanted.push({ m, field });
  };
  look(spec.defaults?.mask, ['defaults', 'mask']);
  spec.pages.forEach((p, i) => {
    look(p.maze?.mask, ['pages', i, 'maze', 'mask']);
  });
  const images = new Map<string, MaskShape>();
  for (const { m, field } of wanted) {
    const where = at([...field, 'image']);
    const path = resolveNamedFile(specDir, m.image, policy, where);
    const key = imageKey(path, m);
    if (!images.has(key)) images.set(key, await imageShape(path, m.image, where, imageOptions(m)));
  }
  return images;
}

/**
 * A font named in a spec: a bundled font's short name, a TTF/OTF file relative to the spec, or (undefined)
 * the theme's heading font.
 */
export function resolveFont(
  name: string | undefined,
  ctx: { specDir: string; policy: PathPolicy; theme: Theme },
  where: string,
): FontFace {
  if (name === undefined) return ctx.theme.fonts.heading;
  const bundled = BUNDLED_FONTS[name];
  if (bundled) return loadFont(join(FONTS_DIR, bundled), name, where);
  return loadFont(resolveNamedFile(ctx.specDir, name, ctx.policy, where), name, where);
}

/** The mask request for a maze spec's `mask`, or undefined when it has none. */
export function resolveMask(
  m: MazeSpec['mask'],
  field: FieldPath,
  at: (path: FieldPath) => string,
  ctx: MaskContext,
): MaskRequest | undefined {
  if (m === undefined) return undefined;
  let shape: MaskShape;
  let islands: IslandRule = 'largest';
  if (typeof m === 'string') shape = builtinShape(m);
  else if ('shape' in m) {
    shape = builtinShape(m.shape, {
      points: m.points,
      inner: m.inner === undefined ? undefined : toFraction(m.inner),
    });
  } else if ('formula' in m) {
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
  } else if ('image' in m) {
    const path = resolveNamedFile(ctx.specDir, m.image, ctx.policy, at([...field, 'image']));
    const hit = ctx.images.get(imageKey(path, m));
    if (!hit) {
      throw new Error(
        `image mask ${basename(path)} was not decoded before planning: plan with planSpec(), or pass preloadImageMasks() to planBook()`,
      );
    }
    shape = hit;
  } else {
    const fontWhere = at([...field, m.font ? 'font' : 'text']);
    const face = resolveFont(m.font, ctx, fontWhere);
    shape = textShape(m.text, face, at([...field, 'text']));
    islands = 'join';
  }
  if (typeof m === 'object' && m.islands) islands = m.islands;
  return { shape, islands, where: at(field) };
}
