import * as fontkit from 'fontkit';
import { UserError } from '../spec/errors.js';
import { createFileAccess, type FileAccess, type FileRef } from '../spec/files.js';

/**
 * A TTF/OTF font as plans and display lists name it: plain data (it can cross to a worker thread or be
 * compared in a test). The font itself, loaded once, is looked up by `path` in this module's cache; text is
 * measured with the same bytes the PDF embeds, so centring is exact.
 */
export interface FontFace {
  /** Real path of the font file: the font's identity. */
  readonly path: string;
  /** The name the spec or theme gave it, for messages. */
  readonly name: string;
}

interface LoadedFont {
  readonly font: fontkit.Font;
  readonly bytes: Buffer;
}

const cache = new Map<string, LoadedFont>();

/**
 * Loads a TrueType or OpenType font (not WOFF, which the PDF writer cannot embed correctly) through the
 * build's file access, once per file.
 */
export function loadFont(files: FileAccess, ref: FileRef): FontFace {
  const face = { path: ref.real, name: ref.shownAs };
  if (cache.has(ref.real)) return face;
  const from = ref.from || ref.shownAs;
  const bytes = files.read(ref);
  if (/\.woff2?$/i.test(ref.real) || bytes.subarray(0, 4).toString('latin1').startsWith('wOF')) {
    throw new UserError(from, `font ${ref.shownAs} is a WOFF file`, 'use the TTF or OTF version of the font');
  }
  let font: fontkit.Font | fontkit.FontCollection;
  try {
    font = fontkit.create(bytes);
    if (!('fonts' in font)) {
      // A truncated file can parse its header and fail later: touch the tables text needs now.
      void font.unitsPerEm;
      void font.capHeight;
      font.layout('Ag');
    }
  } catch {
    throw new UserError(
      from,
      `${ref.shownAs} is not a font fontkit can read (or it is damaged)`,
      'use a TrueType (.ttf) or OpenType (.otf) file',
    );
  }
  if ('fonts' in font || !('unitsPerEm' in font)) {
    throw new UserError(from, `${ref.shownAs} is a font collection`, 'use a single .ttf or .otf font file');
  }
  cache.set(ref.real, { font, bytes });
  return face;
}

/**
 * Makes a font the caller already holds (a fontkit font, say one made in memory) known under `path`, for
 * measuring and outlines; it cannot be embedded in a PDF unless `bytes` are given.
 */
export function registerFont(path: string, font: fontkit.Font, bytes: Buffer = Buffer.alloc(0)): FontFace {
  cache.set(path, { font, bytes });
  return { path, name: path };
}

/** Loads a font file the caller trusts (library use: `textShape(text, loadFontFile('x.ttf'))`). */
export function loadFontFile(path: string): FontFace {
  const files = createFileAccess({ allowed: [], anyPath: true });
  return loadFont(files, files.given(path, path, 'font'));
}

/**
 * The loaded font behind a face. A plan's faces were loaded while planning; a face made by a library caller
 * (a display list of its own) is loaded here, from the path it gives.
 */
function loaded(face: FontFace): LoadedFont {
  const hit = cache.get(face.path);
  if (hit) return hit;
  const path = loadFontFile(face.path).path;
  const now = cache.get(path);
  if (!now) throw new Error(`internal: font ${face.name} (${face.path}) could not be loaded`);
  if (path !== face.path) cache.set(face.path, now);
  return now;
}

/** The parsed font (fontkit) of a loaded face. */
export function fontOf(face: FontFace): fontkit.Font {
  return loaded(face).font;
}

/** The bytes of a loaded face, exactly as measured, for embedding. */
export function fontBytes(path: string): Buffer {
  return loaded({ path, name: path }).bytes;
}

/** Forgets loaded fonts, so the next build reads them again (for `build --watch`). */
export function clearFontCache(): void {
  cache.clear();
}

/** Advance width of a single line of text, in points. */
export function textWidth(face: FontFace, text: string, size: number): number {
  if (text.length === 0) return 0;
  const font = fontOf(face);
  return (font.layout(text).advanceWidth / font.unitsPerEm) * size;
}

/** Height of capital letters above the baseline, in points. */
export function capHeight(face: FontFace, size: number): number {
  const font = fontOf(face);
  return (font.capHeight / font.unitsPerEm) * size;
}

/** Characters of `text` that the font has no glyph for (spaces aside), each listed once. */
export function missingCharacters(face: FontFace, text: string): string[] {
  const missing = new Set<string>();
  const font = fontOf(face);
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (!/\s/.test(ch) && !font.hasGlyphForCodePoint(cp)) missing.add(ch);
  }
  return [...missing];
}

/** Glyph outlines of a line of text as one SVG path in points, baseline at y = 0, y pointing down. */
export function textOutline(face: FontFace, text: string, size: number): string {
  const font = fontOf(face);
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
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
