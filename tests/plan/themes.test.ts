import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import { loadSpec } from '../../src/book/build-book.js';
import {
  contrast,
  derivePalette,
  ensureContrast,
  hexToHsl,
  normalizeHex,
  rotateHue,
} from '../../src/plan/palette.js';
import { planBook } from '../../src/plan/plan-book.js';
import { builtinThemes, CONTRAST_MINIMUMS, loadTheme, type Theme } from '../../src/plan/theme.js';
import type { ThemeOverride } from '../../src/spec/schema.js';
import { tempDir } from '../helpers.js';

const WHERE = 'book.yaml:2:8';
/** A bundled font by absolute path, for theme files in temp folders (loaded with anyPath). */
const FONT = join(import.meta.dirname, '../../fonts/lato/Lato-Regular.ttf');

function theme(ref: string | ThemeOverride, files: Record<string, string> = {}): Theme {
  const dir = tempDir(files);
  return loadTheme(ref, dir, createFileAccess(defaultPathPolicy(dir)), WHERE);
}

function errorOf(ref: string | ThemeOverride, files: Record<string, string> = {}): UserError {
  try {
    theme(ref, files);
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected the theme to be refused');
}

/** Hue distance in degrees, in [0, 180]. */
function hueDistance(a: string, b: string): number {
  return circleDistance(hexToHsl(a).h, hexToHsl(b).h);
}

/** Distance between two angles in degrees, in [0, 180]. */
function circleDistance(a: number, b: number): number {
  const d = (((a - b) % 360) + 360) % 360;
  return d > 180 ? 360 - d : d;
}

/** Signed hue turn from a to b in degrees, in (−180, 180]. */
function hueTurn(a: string, b: string): number {
  let d = (hexToHsl(b).h - hexToHsl(a).h) % 360;
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  return d;
}

/** Every checked colour of a theme against the page and, for maze colours, the background. */
function expectReadable(t: Theme): void {
  for (const [key, minimum] of Object.entries(CONTRAST_MINIMUMS)) {
    const color = t.colors[key as keyof typeof CONTRAST_MINIMUMS];
    expect(contrast(color, t.colors.page), `${t.name} ${key}`).toBeGreaterThanOrEqual(minimum);
    if (t.colors.background && key !== 'text')
      expect(contrast(color, t.colors.background), `${t.name} ${key} on background`).toBeGreaterThanOrEqual(
        minimum,
      );
  }
}

describe('contrast', () => {
  it('follows WCAG 2: 21:1 for black on white, 1:1 for a colour on itself, symmetric', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 6);
    expect(contrast('#777777', '#777777')).toBe(1);
    expect(contrast('#d1495b', '#ffffff')).toBeCloseTo(contrast('#ffffff', '#d1495b'), 12);
    // Known value: #767676 is the lightest grey with 4.5:1 on white.
    expect(contrast('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('moves only the lightness of a failing colour, towards the side that passes', () => {
    const fixed = ensureContrast('#ffd166', ['#ffffff'], 3);
    expect(fixed).toBeDefined();
    expect(contrast(fixed as string, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(hexToHsl(fixed as string).l).toBeLessThan(hexToHsl('#ffd166').l);
    expect(hueDistance(fixed as string, '#ffd166')).toBeLessThan(3);
    const onDark = ensureContrast('#1d3557', ['#15191f'], 4.5) as string;
    expect(hexToHsl(onDark).l).toBeGreaterThan(hexToHsl('#1d3557').l);
    expect(ensureContrast('#333333', ['#ffffff'], 4.5)).toBe('#333333');
    expect(ensureContrast('#777777', ['#ffffff', '#000000'], 7)).toBeUndefined();
  });
});

describe('built-in themes', () => {
  it('include the new themes', () => {
    expect(builtinThemes()).toEqual(
      expect.arrayContaining([
        'classic',
        'grayscale',
        'high-contrast',
        'ink-saver',
        'kids',
        'night',
        'ocean',
      ]),
    );
  });

  it.each(builtinThemes())('%s loads and passes the contrast rules', (name) => {
    const t = theme(name);
    expect(t.name).toBeTruthy();
    expectReadable(t);
  });

  it('grayscale uses greys only, with a dark grey answer line', () => {
    const t = theme('grayscale');
    for (const c of Object.values(t.colors)) {
      if (c === undefined) continue;
      const hex = normalizeHex(c);
      expect(hex.slice(1, 3), c).toBe(hex.slice(3, 5));
      expect(hex.slice(3, 5), c).toBe(hex.slice(5, 7));
    }
    expect(hexToHsl(t.colors.solution).l).toBeLessThan(0.5);
    expect(t.colors.solution).not.toBe(t.colors.walls);
  });

  it('high-contrast has pure black walls, thicker than classic, and larger arrows', () => {
    const hc = theme('high-contrast');
    const classic = theme('classic');
    expect(normalizeHex(hc.colors.walls)).toBe('#000000');
    expect(hc.walls.width).toBeGreaterThan(classic.walls.width);
    expect(hc.markers.size).toBeGreaterThan(classic.markers.size);
  });

  it('night is light on dark and not for print; the others print', () => {
    const night = theme('night');
    expect(night.print).toBe(false);
    expect(contrast(night.colors.page, '#000000')).toBeLessThan(contrast(night.colors.walls, '#000000'));
    for (const name of builtinThemes().filter((n) => n !== 'night')) expect(theme(name).print).toBe(true);
  });

  it('carries print and background from a theme file', () => {
    const file = (extra: string) => `name: Mine
${extra}colors: { page: '#ffffff', background: '#f4f1e8', walls: '#222222', solution: '#b00020', markers: '#005f73', text: '#222222', muted: '#666666' }
walls: { width: 1pt, cap: square, join: miter }
solution: { width: 2pt }
markers: { size: 10pt }
fonts: { heading: ${FONT}, body: ${FONT} }
sizes: { title: 30pt, subtitle: 14pt, heading: 18pt, body: 11pt, label: 8pt, folio: 9pt }
`;
    const dir = tempDir({ 'mine.yaml': file('print: false\n') });
    const t = loadTheme('mine.yaml', dir, createFileAccess(defaultPathPolicy(dir, true)), WHERE);
    expect(t.print).toBe(false);
    expect(t.colors.background).toBe('#f4f1e8');
    expect(theme('classic').colors.background).toBeUndefined();
  });

  it('refuses a theme file whose colour is too pale, at the colour', () => {
    const dir = tempDir({
      'pale.yaml': `name: Pale
colors: { page: '#ffffff', walls: '#cccccc', solution: '#b00020', markers: '#005f73', text: '#222222', muted: '#666666' }
walls: { width: 1pt, cap: square, join: miter }
solution: { width: 2pt }
markers: { size: 10pt }
fonts: { heading: ${FONT}, body: ${FONT} }
sizes: { title: 30pt, subtitle: 14pt, heading: 18pt, body: 11pt, label: 8pt, folio: 9pt }
`,
    });
    let err: unknown;
    try {
      loadTheme('pale.yaml', dir, createFileAccess(defaultPathPolicy(dir, true)), WHERE);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UserError);
    const e = err as UserError;
    expect(e.where).toMatch(/pale\.yaml:2:35$/);
    expect(e.what).toBe(
      "colors.walls '#cccccc' has a contrast of 1.6:1 against the page '#ffffff'; the minimum for walls is 4.5:1",
    );
    expect(e.hint).toBe("use a darker colour, such as '#757575' (the same hue, 4.6:1)");
  });
});

describe('overrides', () => {
  it('replace what they name and nothing else', () => {
    const kids = theme('kids');
    const t = theme({
      base: 'kids',
      walls: '#334',
      'wall-width': '2pt',
      cap: 'butt',
    });
    expect(t.colors).toEqual({ ...kids.colors, walls: '#334' });
    expect(t.walls).toEqual({ width: 2, cap: 'butt', join: kids.walls.join });
    expect(t.solution).toEqual(kids.solution);
    expect(t.markers).toEqual(kids.markers);
    expect(t.sizes).toEqual(kids.sizes);
    expect(t.name).toBe(kids.name);
    expect(t.print).toBe(true);
    expect(t.fonts.heading.path).toBe(kids.fonts.heading.path);
    expect(t.fonts.body.path).toBe(kids.fonts.body.path);
  });

  it('start from classic without a base, and keep print: false from night', () => {
    const classic = theme('classic');
    expect(theme({ solution: '#0000ff' }).colors).toEqual({ ...classic.colors, solution: '#0000ff' });
    expect(theme({ base: 'night', markers: '#ffd166' }).print).toBe(false);
  });

  it('refuses a low-contrast explicit colour, naming it, its ratio and the minimum', () => {
    const e = errorOf({ base: 'classic', walls: '#cccccc' });
    expect(e.where).toBe(WHERE);
    expect(e.what).toBe(
      "walls '#cccccc' has a contrast of 1.6:1 against the page '#ffffff'; the minimum for walls is 4.5:1",
    );
    expect(e.hint).toBe("use a darker colour, such as '#757575' (the same hue, 4.6:1)");
    const suggested = /'(#[0-9a-f]{6})'/.exec(e.hint ?? '')?.[1] as string;
    expect(contrast(suggested, '#ffffff')).toBeGreaterThanOrEqual(4.5);

    const markers = errorOf({ base: 'night', markers: '#334455' });
    expect(markers.what).toMatch(/^markers '#334455' has a contrast of [\d.]+:1 against the page '#15191f'/);
    expect(markers.what).toMatch(/the minimum for markers is 3:1$/);
    expect(markers.hint).toMatch(/^use a lighter colour/);
  });

  it('checks maze colours against the background as well as the page', () => {
    const classic = theme('classic');
    expect(theme({ background: '#f4f1e8' }).colors).toEqual({ ...classic.colors, background: '#f4f1e8' });
    const e = errorOf({ base: 'classic', background: '#d0d0d0' });
    expect(e.what).toMatch(
      /^solution of theme Classic '#d1495b' has a contrast of 2\.\d+:1 against the background '#d0d0d0'; the minimum for solution is 3:1$/,
    );
    expect(e.hint).toMatch(
      /^set solution too, for example to '#[0-9a-f]{6}', or choose another background colour$/,
    );
    const t = theme({ base: 'classic', background: '#d0d0d0', solution: '#a01030' });
    expectReadable(t);
    // A dark cells area on a white page leaves walls no shade that reads on both.
    const dark = errorOf({ base: 'classic', background: '#303030' });
    expect(dark.what).toMatch(
      /^walls of theme Classic '#1b1b1b' has a contrast of [\d.]+:1 against the background/,
    );
    expect(dark.hint).toMatch(/choose a background closer to the page/);
  });

  it('refuses a page that leaves the base colours unreadable', () => {
    const e = errorOf({ base: 'classic', page: '#000000' });
    expect(e.what).toMatch(/^walls of theme Classic '#1b1b1b' has a contrast of 1\.\d+:1 against the page/);
    expect(e.hint).toMatch(/or choose another page colour/);
  });
});

describe('palette', () => {
  it.each([
    ['complementary', 180, 180],
    ['triad', 120, -120],
    ['analogous', 30, -30],
  ] as const)('%s turns the hue of markers and letters', (harmony, markersTurn, lettersTurn) => {
    const from = '#d1495b';
    const p = derivePalette(harmony, from);
    expect(p.solution).toBe(from);
    expect(circleDistance(hueTurn(from, p.markers), markersTurn)).toBeLessThan(1.5);
    expect(circleDistance(hueTurn(from, p.letters), lettersTurn)).toBeLessThan(1.5);
    // Saturation and lightness are kept.
    for (const c of [p.markers, p.letters]) {
      expect(hexToHsl(c).s).toBeCloseTo(hexToHsl(from).s, 1);
      expect(hexToHsl(c).l).toBeCloseTo(hexToHsl(from).l, 1);
    }
  });

  it('rotates hues exactly for pure colours', () => {
    expect(rotateHue('#ff0000', 120)).toBe('#00ff00');
    expect(rotateHue('#ff0000', -120)).toBe('#0000ff');
    expect(rotateHue('#ff0000', 180)).toBe('#00ffff');
    expect(derivePalette('triad', '#f00')).toEqual({
      solution: '#ff0000',
      markers: '#00ff00',
      letters: '#0000ff',
    });
  });

  it.each(['triad', 'complementary', 'analogous'] as const)(
    '%s from a pale colour is darkened to pass, keeping its hues',
    (harmony) => {
      const from = '#ffd166';
      const raw = derivePalette(harmony, from);
      const t = theme({ base: 'classic', palette: { harmony, from } });
      expectReadable(t);
      for (const key of ['solution', 'markers', 'letters'] as const) {
        expect(hueDistance(t.colors[key], raw[key]), key).toBeLessThan(3);
        expect(hexToHsl(t.colors[key]).l).toBeLessThanOrEqual(hexToHsl(raw[key]).l + 1e-9);
      }
      expect(t.colors.walls).toBe(theme('classic').colors.walls);
    },
  );

  it('is lightened on a dark page', () => {
    const t = theme({ base: 'night', palette: { harmony: 'triad', from: '#1d3557' } });
    expectReadable(t);
    expect(hexToHsl(t.colors.solution).l).toBeGreaterThan(hexToHsl('#1d3557').l);
  });

  it('gives way to explicit colours, which are not adjusted', () => {
    const t = theme({
      base: 'classic',
      palette: { harmony: 'complementary', from: '#00798c' },
      markers: '#333',
    });
    expect(t.colors.markers).toBe('#333');
    expect(hueDistance(t.colors.letters, '#00798c')).toBeGreaterThan(170);
    const e = errorOf({
      base: 'classic',
      palette: { harmony: 'triad', from: '#00798c' },
      solution: '#eeeeee',
    });
    expect(e.what).toMatch(/^solution '#eeeeee' has a contrast of/);
  });

  it('works from a spec', () => {
    const dir = tempDir({
      'b.yaml':
        "title: T\ntheme: { base: ocean, palette: { harmony: analogous, from: '#0a9396' } }\npages: [{ maze: { cells: 4 } }]\n",
    });
    const plan = planBook(loadSpec(join(dir, 'b.yaml')));
    expect(plan.theme.name).toBe('Ocean');
    expectReadable(plan.theme);
    expect(Math.abs(hueTurn(plan.theme.colors.solution, plan.theme.colors.markers) - 30)).toBeLessThan(3);
  });
});
