import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PACKAGE_ROOT } from '../base/package-root.js';
import type { Icon } from './icon.js';
import { PICTURE_ART, PICTURE_FACING, type PictureName } from './picture-names.js';

/** How bundled art is drawn: in its own colours, or in one colour (the theme's marker colour or grey). */
export type ArtStyle = 'color' | 'mono';

/** A shape as the data file holds it: its fill (`#rrggbb`, or `""` for the picture's colour), path, even-odd. */
type ArtLayer = [string, string, 0 | 1];

/** The bundled art (written by `npm run pictures`), shipped with its licence. */
export const PICTURES_FILE = resolve(PACKAGE_ROOT, 'art', 'fluent-emoji', 'pictures.json');

let data: Record<string, Record<ArtStyle, ArtLayer[]>> | undefined;
const cache = new Map<string, Icon>();

/**
 * A bundled picture in a style, on its 32 × 32 box. The art file is read on the first call only, so books
 * without bundled pictures never load it.
 */
export function bundledPicture(name: PictureName, style: ArtStyle): Icon {
  const key = `${name}:${style}`;
  const hit = cache.get(key);
  if (hit) return hit;
  data ??= JSON.parse(readFileSync(PICTURES_FILE, 'utf8')) as Record<string, Record<ArtStyle, ArtLayer[]>>;
  const art = data[PICTURE_ART[name]];
  if (!art) throw new Error(`picture ${name} is missing from ${PICTURES_FILE}`);
  const faces = PICTURE_FACING[name];
  const icon: Icon = {
    name,
    viewBox: [0, 0, 32, 32],
    ...(faces ? { faces } : {}),
    layers: art[style].map(([fill, d, evenOdd]) => ({
      d,
      ...(fill === '' ? {} : { fill }),
      evenOdd: evenOdd === 1,
    })),
  };
  cache.set(key, icon);
  return icon;
}
