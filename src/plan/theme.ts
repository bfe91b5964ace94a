import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UserError } from '../spec/errors.js';
import { loadYamlFile } from '../spec/parse.js';
import type { ThemeOverride } from '../spec/schema.js';
import { closest } from '../spec/suggest.js';
import { themeSchema } from '../spec/theme-schema.js';
import { toPoints } from '../spec/units.js';
import { type FontFace, loadFont } from '../text/fonts.js';
import { THEMES_DIR } from './package-root.js';
import { type PathPolicy, resolveNamedFile } from './paths.js';

/** A theme with every length in points and its fonts loaded. */
export interface Theme {
  name: string;
  colors: {
    page: string;
    walls: string;
    solution: string;
    markers: string;
    text: string;
    muted: string;
    /** Mazegram letters. */
    letters: string;
  };
  walls: { width: number; cap: 'butt' | 'square' | 'round'; join: 'miter' | 'round' | 'bevel' };
  solution: { width: number };
  markers: { size: number };
  fonts: { heading: FontFace; body: FontFace };
  sizes: { title: number; subtitle: number; heading: number; body: number; label: number; folio: number };
}

/** A base theme with the spec's overrides applied (colours, widths, caps and joins, fonts). */
function withOverrides(
  base: Theme,
  o: ThemeOverride,
  specDir: string,
  policy: PathPolicy,
  where: string,
): Theme {
  const colors = { ...base.colors };
  for (const key of ['page', 'walls', 'solution', 'markers', 'letters', 'text', 'muted'] as const) {
    const c = o[key];
    if (c !== undefined) colors[key] = c;
  }
  const font = (key: 'heading' | 'body'): FontFace => {
    const name = o.fonts?.[key];
    return name ? loadFont(resolveNamedFile(specDir, name, policy, where), name, where) : base.fonts[key];
  };
  return {
    ...base,
    colors,
    walls: {
      width: o['wall-width'] !== undefined ? toPoints(o['wall-width']) : base.walls.width,
      cap: o.cap ?? base.walls.cap,
      join: o.join ?? base.walls.join,
    },
    solution: {
      width: o['solution-width'] !== undefined ? toPoints(o['solution-width']) : base.solution.width,
    },
    fonts: { heading: font('heading'), body: font('body') },
  };
}

/** Names of the themes shipped in themes/. */
export function builtinThemes(): string[] {
  return readdirSync(THEMES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => f.slice(0, -5))
    .sort();
}

/**
 * Loads a theme by built-in name (`classic`) or by path (`my-theme.yaml`, relative to the spec).
 * @param where the spec place naming the theme
 */
export function loadTheme(
  ref: string | ThemeOverride,
  specDir: string,
  policy: PathPolicy,
  where: string,
): Theme {
  if (typeof ref !== 'string')
    return withOverrides(
      loadTheme(ref.base ?? 'classic', specDir, policy, where),
      ref,
      specDir,
      policy,
      where,
    );
  let file: string;
  let shownAs: string;
  if (/[/\\]|\.ya?ml$/i.test(ref)) {
    file = resolveNamedFile(specDir, ref, policy, where);
    shownAs = ref;
  } else {
    const names = builtinThemes();
    if (!names.includes(ref)) {
      const guess = closest(ref, names);
      throw new UserError(
        where,
        `unknown theme "${ref}"`,
        `${guess ? `did you mean "${guess}"? ` : ''}built-in themes: ${names.join(', ')}; or give a path to a .yaml theme file`,
      );
    }
    file = resolve(THEMES_DIR, `${ref}.yaml`);
    shownAs = `themes/${ref}.yaml`;
  }
  const loaded = loadYamlFile(file, shownAs, where, 'theme', themeSchema);
  const t = loaded.value;
  const themeDir = dirname(file);
  const font = (key: 'heading' | 'body'): FontFace => {
    const place = loaded.placeOf(['fonts', key]);
    const path = resolveNamedFile(themeDir, t.fonts[key], policy, place);
    return loadFont(path, t.fonts[key], place);
  };
  const wallWidth = toPoints(t.walls.width);
  if (wallWidth < 0.25) {
    throw new UserError(
      loaded.placeOf(['walls', 'width']),
      `walls.width is ${wallWidth}pt; the minimum is 0.25pt`,
      'thinner lines do not print reliably',
    );
  }
  return {
    name: t.name,
    colors: { ...t.colors, letters: t.colors.letters ?? t.colors.text },
    walls: { width: wallWidth, cap: t.walls.cap, join: t.walls.join },
    solution: { width: toPoints(t.solution.width) },
    markers: { size: toPoints(t.markers.size) },
    fonts: { heading: font('heading'), body: font('body') },
    sizes: {
      title: toPoints(t.sizes.title),
      subtitle: toPoints(t.sizes.subtitle),
      heading: toPoints(t.sizes.heading),
      body: toPoints(t.sizes.body),
      label: toPoints(t.sizes.label),
      folio: toPoints(t.sizes.folio),
    },
  };
}
