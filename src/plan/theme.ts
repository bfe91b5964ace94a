import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { UserError } from '../base/errors.js';
import type { FileAccess, FileRef } from '../base/files.js';
import { THEMES_DIR } from '../base/package-root.js';
import { loadYamlRef } from '../base/parse-yaml.js';
import { closest } from '../base/suggest.js';
import type { ThemeOverride } from '../spec/schema.js';
import { themeSchema } from '../spec/theme-schema.js';
import { toPoints } from '../spec/units.js';
import { type FontFace, loadFont } from '../text/fonts.js';
import { contrast, derivePalette, ensureContrast, normalizeHex, relativeLuminance } from './palette.js';

/** A theme with every length in points and its fonts loaded. */
export interface Theme {
  name: string;
  /** False for themes unsuited to print (a dark page, say), so print profiles can warn. */
  print: boolean;
  colors: {
    page: string;
    /** Fill behind the maze's cells area; absent when the page shows through. */
    background?: string;
    walls: string;
    solution: string;
    markers: string;
    text: string;
    muted: string;
    /** Mazegram letters. */
    letters: string;
  };
  /**
   * How the theme prints with `ink: black` (greys as `#rrggbb`): walls, text and letters are then 100 % black
   * and these replace the other colours; the answer route becomes a light band under the walls (`solution`)
   * with a dark centre line. `page` and `background` are tints the theme asks for, printed only when the spec
   * confirms them (`page-tint: true`).
   */
  grayscale: {
    markers: string;
    muted: string;
    solution: string;
    solutionLine: string;
    page?: string;
    background?: string;
  };
  walls: { width: number; cap: 'butt' | 'square' | 'round'; join: 'miter' | 'round' | 'bevel' };
  solution: { width: number };
  markers: { size: number };
  fonts: { heading: FontFace; body: FontFace };
  sizes: { title: number; subtitle: number; heading: number; body: number; label: number; folio: number };
}

/** The grayscale rule of a theme that gives none: black markers, dark grey labels, a light grey answer band. */
export const GRAYSCALE_DEFAULTS = {
  markers: '#000000',
  muted: '#595959',
  solution: '#c8c8c8',
  solutionLine: '#000000',
} as const;

export type Ink = 'black' | 'standard-color' | 'premium-color';

/**
 * The theme as it prints with the book's ink. Colour inks print the theme as it is. `black` applies the
 * theme's grayscale rule: walls, text and mazegram letters 100 % black, markers, labels and the answer band
 * in the rule's greys, white paper and no tint behind the maze unless the theme asks for one and the spec
 * confirms it (`pageTint`).
 */
export function themeForInk(theme: Theme, ink: Ink, pageTint: boolean): Theme {
  if (ink !== 'black') return theme;
  const g = theme.grayscale;
  return {
    ...theme,
    colors: {
      page: pageTint && g.page ? g.page : '#ffffff',
      ...(pageTint && g.background ? { background: g.background } : {}),
      walls: '#000000',
      solution: g.solution,
      markers: g.markers,
      text: '#000000',
      muted: g.muted,
      letters: '#000000',
    },
  };
}

/**
 * Minimum WCAG 2 contrast ratio of each checked colour against what it is drawn on: the page, and for
 * colours drawn in the maze also the background when there is one. Lines and text that must be read need
 * 4.5:1; the answer line and the arrows, large marks beside text, need 3:1. `muted` is not checked.
 */
export const CONTRAST_MINIMUMS = { walls: 4.5, text: 4.5, letters: 4.5, solution: 3, markers: 3 } as const;

type CheckedColor = keyof typeof CONTRAST_MINIMUMS;
const CHECKED_COLORS = Object.keys(CONTRAST_MINIMUMS) as CheckedColor[];

/**
 * Where a colour came from: written where it is checked (a theme file, or a spec's override), derived by a
 * spec's palette, or kept from the base theme of an override.
 */
type ColorSource = 'explicit' | 'palette' | 'base';

/** The colours a colour is drawn on: text only on the page, maze colours also on the background. */
function surfacesOf(
  key: CheckedColor,
  colors: Theme['colors'],
): { name: 'page' | 'background'; color: string }[] {
  const surfaces: { name: 'page' | 'background'; color: string }[] = [{ name: 'page', color: colors.page }];
  if (key !== 'text' && colors.background !== undefined)
    surfaces.push({ name: 'background', color: colors.background });
  return surfaces;
}

/** A ratio as shown in messages, rounded down so that a failing ratio never prints as the minimum. */
function formatRatio(r: number): string {
  return `${Math.floor(r * 100) / 100}:1`;
}

/**
 * Checks every colour in CONTRAST_MINIMUMS against its surfaces. A palette colour that fails is moved to
 * the nearest shade of its hue that passes; any other colour that fails is a UserError.
 * @param sources where each checked colour came from
 * @param placeOf where to report a colour
 * @param owner how to name an explicit or base colour, e.g. `colors.walls` or `walls of theme Classic`
 * @returns the colours, with failing palette colours replaced
 */
function checkContrast(
  colors: Theme['colors'],
  source: (key: CheckedColor) => ColorSource,
  placeOf: (key: CheckedColor) => string,
  owner: (key: CheckedColor) => string,
): Theme['colors'] {
  const out = { ...colors };
  for (const key of CHECKED_COLORS) {
    const minimum = CONTRAST_MINIMUMS[key];
    const surfaces = surfacesOf(key, out);
    const worst = surfaces
      .map((s) => ({ ...s, ratio: contrast(out[key], s.color) }))
      .reduce((a, b) => (b.ratio < a.ratio ? b : a));
    if (worst.ratio >= minimum) continue;
    const from = source(key);
    const fixed = ensureContrast(
      out[key],
      surfaces.map((s) => s.color),
      minimum,
    );
    if (from === 'palette' && fixed !== undefined) {
      out[key] = fixed;
      continue;
    }
    const ratioOf = (c: string) => Math.min(...surfaces.map((s) => contrast(c, s.color)));
    const name = from === 'palette' ? `the palette's ${key} colour` : owner(key);
    const what = `${name} '${out[key]}' has a contrast of ${formatRatio(worst.ratio)} against the ${worst.name} '${worst.color}'; the minimum for ${key} is ${formatRatio(minimum)}`;
    let hint: string;
    if (fixed === undefined) {
      hint = `no shade of its hue reaches ${formatRatio(minimum)} against both the page and the background; choose a background closer to the page`;
    } else {
      const shade = relativeLuminance(fixed) < relativeLuminance(out[key]) ? 'darker' : 'lighter';
      hint =
        from === 'explicit'
          ? `use a ${shade} colour, such as '${fixed}' (the same hue, ${formatRatio(ratioOf(fixed))})`
          : `set ${key} too, for example to '${fixed}', or choose another ${worst.name} colour`;
    }
    throw new UserError(placeOf(key), what, hint);
  }
  return out;
}

/** Colour keys a spec may override, in the order of its schema. */
const OVERRIDE_COLORS = [
  'page',
  'background',
  'walls',
  'solution',
  'markers',
  'letters',
  'text',
  'muted',
] as const;

/**
 * A base theme with the spec's overrides applied: first the palette, then explicit colours (which win over
 * the palette), widths, caps and joins, fonts; then the contrast check (see CONTRAST_MINIMUMS).
 * @param where the spec place of the `theme` field, where override errors are reported
 */
function withOverrides(
  base: Theme,
  o: ThemeOverride,
  specDir: string,
  files: FileAccess,
  where: string,
): Theme {
  let colors: Theme['colors'] = { ...base.colors };
  const sources: Partial<Record<CheckedColor, ColorSource>> = {};
  if (o.palette !== undefined) {
    const derived = derivePalette(o.palette.harmony, o.palette.from);
    for (const key of ['solution', 'markers', 'letters'] as const) {
      colors[key] = derived[key];
      sources[key] = 'palette';
    }
  }
  for (const key of OVERRIDE_COLORS) {
    const c = o[key];
    if (c === undefined) continue;
    colors[key] = c;
    if (key !== 'page' && key !== 'background' && key !== 'muted') sources[key] = 'explicit';
  }
  colors = checkContrast(
    colors,
    (key) => sources[key] ?? 'base',
    () => where,
    (key) => (sources[key] === 'explicit' ? key : `${key} of theme ${base.name}`),
  );
  const font = (key: 'heading' | 'body'): FontFace => {
    const name = o.fonts?.[key];
    return name ? loadFont(files, files.named(specDir, name, where, 'font')) : base.fonts[key];
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
  files: FileAccess,
  where: string,
): Theme {
  if (typeof ref !== 'string')
    return withOverrides(loadTheme(ref.base ?? 'classic', specDir, files, where), ref, specDir, files, where);
  let file: FileRef;
  if (/[/\\]|\.ya?ml$/i.test(ref)) {
    file = files.named(specDir, ref, where, 'theme');
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
    file = { ...files.named(THEMES_DIR, `${ref}.yaml`, where, 'theme'), shownAs: `themes/${ref}.yaml` };
  }
  const loaded = loadYamlRef(files, file, themeSchema);
  const t = loaded.value;
  const themeDir = dirname(file.path);
  const font = (key: 'heading' | 'body'): FontFace => {
    const place = loaded.placeOf(['fonts', key]);
    return loadFont(files, files.named(themeDir, t.fonts[key], place, 'font'));
  };
  const wallWidth = toPoints(t.walls.width);
  if (wallWidth < 0.25) {
    throw new UserError(
      loaded.placeOf(['walls', 'width']),
      `walls.width is ${wallWidth}pt; the minimum is 0.25pt`,
      'thinner lines do not print reliably',
    );
  }
  const fonts = { heading: font('heading'), body: font('body') };
  const colors = checkContrast(
    { ...t.colors, letters: t.colors.letters ?? t.colors.text },
    () => 'explicit',
    (key) => loaded.placeOf(['colors', key === 'letters' && t.colors.letters === undefined ? 'text' : key]),
    (key) =>
      `colors.${key}${key === 'letters' && t.colors.letters === undefined ? ' (the text colour)' : ''}`,
  );
  const g = t.grayscale ?? {};
  return {
    name: t.name,
    print: t.print ?? true,
    colors,
    grayscale: {
      markers: normalizeHex(g.markers ?? GRAYSCALE_DEFAULTS.markers),
      muted: normalizeHex(g.muted ?? GRAYSCALE_DEFAULTS.muted),
      solution: normalizeHex(g.solution ?? GRAYSCALE_DEFAULTS.solution),
      solutionLine: normalizeHex(g['solution-line'] ?? GRAYSCALE_DEFAULTS.solutionLine),
      ...(g.page ? { page: normalizeHex(g.page) } : {}),
      ...(g.background ? { background: normalizeHex(g.background) } : {}),
    },
    walls: { width: wallWidth, cap: t.walls.cap, join: t.walls.join },
    solution: { width: toPoints(t.solution.width) },
    markers: { size: toPoints(t.markers.size) },
    fonts,
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

/**
 * Large print ("bold and easy" books): every text at least {@link LARGE_PRINT.text} (titles, headings,
 * folios, labels, footers), headings at least {@link LARGE_PRINT.heading}, walls at least
 * {@link LARGE_PRINT.wall}; the theme's larger sizes and walls stay.
 */
export const LARGE_PRINT = { text: 14, heading: 20, wall: 1.5 } as const;

/** The theme as a large-print book prints it (see {@link LARGE_PRINT}). */
export function themeForLargePrint(theme: Theme): Theme {
  const at = (size: number, least: number = LARGE_PRINT.text) => Math.max(size, least);
  const { sizes } = theme;
  return {
    ...theme,
    walls: { ...theme.walls, width: at(theme.walls.width, LARGE_PRINT.wall) },
    sizes: {
      title: at(sizes.title, LARGE_PRINT.heading),
      subtitle: at(sizes.subtitle),
      heading: at(sizes.heading, LARGE_PRINT.heading),
      body: at(sizes.body),
      label: at(sizes.label),
      folio: at(sizes.folio),
    },
  };
}
