/**
 * Colour arithmetic for themes: harmonies on the HSL colour wheel and WCAG 2 contrast.
 *
 * Colours are sRGB hex strings (`#rrggbb` or `#rgb`); results are always lower-case `#rrggbb`.
 * Hues are in degrees [0, 360), saturation and lightness in [0, 1].
 *
 * Why HSL and not OKLCH: rotating the hue in HSL never leaves the sRGB gamut, so a derived colour is exactly
 * the rotated one, with the saturation and lightness of the colour it came from. HSL lightness is not
 * perceptual, so the colours of a triad can differ a lot in how light they look; the contrast check that
 * follows (see `ensureContrast`) corrects that by moving only the lightness.
 */

export type Harmony = 'triad' | 'complementary' | 'analogous';

/** The theme colours a palette decides. */
export interface Palette {
  solution: string;
  markers: string;
  letters: string;
}

/** Hue offsets in degrees from the `from` colour, for solution, markers and letters. */
const HARMONY_OFFSETS: Record<Harmony, { solution: number; markers: number; letters: number }> = {
  complementary: { solution: 0, markers: 180, letters: 180 },
  triad: { solution: 0, markers: 120, letters: -120 },
  analogous: { solution: 0, markers: 30, letters: -30 },
};

/** An sRGB colour with channels in [0, 1]. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** HSL with h in degrees [0, 360), s and l in [0, 1]. */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

/** `#rgb` or `#rrggbb` as channels in [0, 1]. */
export function parseHex(hex: string): Rgb {
  let digits = hex.replace(/^#/, '');
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  if (!/^[0-9a-fA-F]{6}$/.test(digits)) throw new Error(`not a hex colour: ${hex}`);
  const n = Number.parseInt(digits, 16);
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
}

function toHex({ r, g, b }: Rgb): string {
  const byte = (v: number) =>
    Math.round(Math.min(1, Math.max(0, v)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${byte(r)}${byte(g)}${byte(b)}`;
}

/** `a` mixed towards `b` by share t (0 gives a, 1 gives b), as `#rrggbb`. */
export function mixColors(a: string, b: string, t: number): string {
  const p = parseHex(a);
  const q = parseHex(b);
  return toHex({ r: p.r + (q.r - p.r) * t, g: p.g + (q.g - p.g) * t, b: p.b + (q.b - p.b) * t });
}

/** The colour as `#rrggbb`, lower case. */
export function normalizeHex(hex: string): string {
  return toHex(parseHex(hex));
}

export function hexToHsl(hex: string): Hsl {
  const { r, g, b } = parseHex(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

export function hslToHex({ h, s, l }: Hsl): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const hp = (((h % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((hp % 2) - 1));
  const [r1, g1, b1] =
    hp < 1
      ? [c, x, 0]
      : hp < 2
        ? [x, c, 0]
        : hp < 3
          ? [0, c, x]
          : hp < 4
            ? [0, x, c]
            : hp < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = l - c / 2;
  return toHex({ r: r1 + m, g: g1 + m, b: b1 + m });
}

/** The colour with its hue turned by `degrees` (positive is anticlockwise on the wheel: red → yellow → green). */
export function rotateHue(hex: string, degrees: number): string {
  const hsl = hexToHsl(hex);
  return hslToHex({ ...hsl, h: (((hsl.h + degrees) % 360) + 360) % 360 });
}

/**
 * The solution, marker and letter colours of a harmony, by turning the hue of `from` on the HSL wheel:
 * the solution is `from` itself; complementary gives markers and letters at +180°; triad gives markers at
 * +120° and letters at −120°; analogous gives markers at +30° and letters at −30°. Saturation and lightness
 * are kept; the colours are not yet checked for contrast.
 */
export function derivePalette(harmony: Harmony, from: string): Palette {
  const offsets = HARMONY_OFFSETS[harmony];
  return {
    solution: rotateHue(from, offsets.solution),
    markers: rotateHue(from, offsets.markers),
    letters: rotateHue(from, offsets.letters),
  };
}

/** WCAG 2 relative luminance, in [0, 1]. */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  const lin = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * WCAG 2 contrast ratio between two colours: (L1 + 0.05) / (L2 + 0.05) with L1 the lighter.
 * @returns a ratio in [1, 21]; symmetric in its arguments
 */
export function contrast(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Lightness step of the search in `ensureContrast`. */
const LIGHTNESS_STEP = 0.005;

/**
 * The colour itself if it has at least `minimum` contrast with every surface; otherwise the nearest shade
 * of the same hue and saturation (only HSL lightness changes) that does. It tries darker shades first on
 * light surfaces and lighter shades first on dark ones.
 * @param surfaces colours the colour is drawn on (the page, and the maze background if any)
 * @returns the colour as `#rrggbb`, or undefined when no shade passes (surfaces light and dark at once)
 */
export function ensureContrast(
  color: string,
  surfaces: readonly string[],
  minimum: number,
): string | undefined {
  const passes = (c: string) => surfaces.every((s) => contrast(c, s) >= minimum);
  if (passes(color)) return normalizeHex(color);
  const hsl = hexToHsl(color);
  // Mid-grey luminance at which black and white contrast equally with a surface.
  const darkFirst =
    surfaces.reduce((sum, s) => sum + relativeLuminance(s), 0) / Math.max(1, surfaces.length) > 0.179;
  const directions = darkFirst ? [-1, 1] : [1, -1];
  for (let k = 1; k * LIGHTNESS_STEP <= 1; k++) {
    for (const dir of directions) {
      const l = hsl.l + dir * k * LIGHTNESS_STEP;
      if (l < 0 || l > 1) continue;
      const shade = hslToHex({ ...hsl, l });
      if (passes(shade)) return shade;
    }
  }
  for (const end of ['#000000', '#ffffff']) if (passes(end)) return end;
  return undefined;
}
