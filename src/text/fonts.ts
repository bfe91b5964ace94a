import * as fontkit from 'fontkit';
import { UserError } from '../spec/errors.js';
import { readUserFile } from '../spec/parse.js';

/** A loaded TTF/OTF font. Text is measured with the same font files the PDF embeds, so centring is exact. */
export interface FontFace {
  /** Absolute path of the font file. */
  readonly path: string;
  readonly font: fontkit.Font;
}

const cache = new Map<string, FontFace>();

/**
 * Loads a TrueType or OpenType font (not WOFF2, which the PDF writer cannot embed correctly).
 * @param from the place that named the font, for messages
 */
export function loadFont(path: string, shownAs: string, from: string): FontFace {
  const hit = cache.get(path);
  if (hit) return hit;
  const data = readUserFile(path, shownAs, from, 'font');
  if (/\.woff2?$/i.test(path)) {
    throw new UserError(from, `font ${shownAs} is a WOFF file`, 'use the TTF or OTF version of the font');
  }
  let font: fontkit.Font | fontkit.FontCollection;
  try {
    font = fontkit.create(data);
  } catch {
    throw new UserError(
      from,
      `${shownAs} is not a font fontkit can read`,
      'use a TrueType (.ttf) or OpenType (.otf) file',
    );
  }
  if ('fonts' in font || !('unitsPerEm' in font)) {
    throw new UserError(from, `${shownAs} is a font collection`, 'use a single .ttf or .otf font file');
  }
  const face = { path, font };
  cache.set(path, face);
  return face;
}

/** Forgets loaded fonts, so the next build reads them again (for `build --watch`). */
export function clearFontCache(): void {
  cache.clear();
}

/** Advance width of a single line of text, in points. */
export function textWidth(face: FontFace, text: string, size: number): number {
  if (text.length === 0) return 0;
  return (face.font.layout(text).advanceWidth / face.font.unitsPerEm) * size;
}

/** Height of capital letters above the baseline, in points. */
export function capHeight(face: FontFace, size: number): number {
  return (face.font.capHeight / face.font.unitsPerEm) * size;
}

/** Characters of `text` that the font has no glyph for (spaces aside), each listed once. */
export function missingCharacters(face: FontFace, text: string): string[] {
  const missing = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (!/\s/.test(ch) && !face.font.hasGlyphForCodePoint(cp)) missing.add(ch);
  }
  return [...missing];
}

/** Glyph outlines of a line of text as one SVG path in points, baseline at y = 0, y pointing down. */
export function textOutline(face: FontFace, text: string, size: number): string {
  const run = face.font.layout(text);
  const scale = size / face.font.unitsPerEm;
  let x = 0;
  const parts: string[] = [];
  for (let i = 0; i < run.glyphs.length; i++) {
    const glyph = run.glyphs[i];
    const pos = run.positions[i];
    const gx = x + pos.xOffset;
    const gy = pos.yOffset;
    // x' = (gx + px)·scale, y' = −(gy + py)·scale: font units (y up) to points (y down).
    const d = glyph.path.transform(scale, 0, 0, -scale, gx * scale, -gy * scale).toSVG();
    if (d) parts.push(d);
    x += pos.xAdvance;
  }
  return parts.join('');
}
