import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';
import { UserError } from '../base/errors.js';
import { createFileAccess, type FileAccess, type FileRef } from '../base/files.js';
import { hasCodePoint, readSfnt, type SfntInfo } from './sfnt.js';

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
  readonly bytes: Buffer;
  /** The character map, read without a font engine (glyph checks while planning). */
  readonly sfnt?: SfntInfo;
  /** fontkit's font, made when text is first measured or outlined. */
  font?: fontkit.Font;
  /** Where the font was named, for a message should fontkit refuse it later. */
  readonly from: string;
  readonly name: string;
  /** Advance widths of pieces already shaped (`shapingPieces`), in font units (a book repeats its words). */
  widths?: Map<string, number>;
}

/** Pieces of text whose widths a font keeps, at most (the words of titles, folios, labels of a big book). */
const WIDTHS_KEPT = 4096;

const cache = new Map<string, LoadedFont>();

/** fontkit is heavy: loaded when text is first measured (or a PDF written), not to check a spec. */
let engine: typeof fontkit | undefined;

/**
 * The fontkit every module of mazebook uses, the PDF writer's included (`shareParsedFonts`). Loaded once.
 * Where node loads the modules one by one (the library, tests), modules that require fontkit after this
 * first call get this one; the command's bundle hands it to pdfkit at build time (bench/bundle-cli.mjs).
 * @internal (as the two below: fontkit's types are no dependency of the package, so no public
 * declaration may name them)
 */
export function fontEngine(): typeof fontkit {
  if (!engine) {
    engine = shareParsedFonts(createRequire(import.meta.url)('fontkit') as typeof fontkit);
    const nodeRequire = createRequire(import.meta.url);
    const loaded = nodeRequire.cache[nodeRequire.resolve('fontkit')];
    if (loaded) loaded.exports = engine;
  }
  return engine;
}

/**
 * fontkit whose `create`, given the very bytes (the same Buffer object) of a font it parsed before, returns
 * a new font that shares the first one's decoded tables. The PDF writer embeds a face from the bytes it was
 * measured with (`fontBytes`) and parses them again with its own `fontkit.create`; decoding a face's layout
 * tables costs about 60 ms a face, every build. Only the tables are shared (fontkit shares them the same
 * way between a font and its variations): each font keeps its own glyph objects, whose code points the
 * writer copies into the PDF's text-to-Unicode map, so that map depends on the document's own text alone,
 * not on what was measured or written before in the process. Other bytes, and named faces of a
 * collection, are parsed as before.
 */
function shareParsedFonts(fk: typeof fontkit): typeof fontkit {
  const create = fk.create;
  const parsed = new WeakMap<Buffer, { _tables?: object }>();
  const shared = (buffer: Buffer, postscriptName?: string): ReturnType<typeof create> => {
    if (postscriptName !== undefined) return create(buffer, postscriptName);
    const font = create(buffer) as ReturnType<typeof create> & { _tables?: object };
    const first = parsed.get(buffer);
    // fontkit keeps decoded tables in `_tables` (fontkit is pinned); anything else is left unshared.
    if (!first) parsed.set(buffer, font);
    else if (typeof first._tables === 'object' && typeof font._tables === 'object')
      font._tables = first._tables;
    return font;
  };
  return Object.create(fk, { create: { value: shared, enumerable: true } }) as typeof fontkit;
}

/**
 * Loads a TrueType or OpenType font (not WOFF, which the PDF writer cannot embed correctly) through the
 * build's file access, once per file. The file is checked now (every table inside it, a Unicode character
 * map); the font engine reads it when text is first measured.
 */
export function loadFont(files: FileAccess, ref: FileRef): FontFace {
  const face = { path: ref.real, name: ref.shownAs };
  if (cache.has(ref.real)) return face;
  const from = ref.from || ref.shownAs;
  const bytes = files.read(ref);
  const sfnt = readSfnt(bytes);
  if (sfnt === 'woff') {
    throw new UserError(from, `font ${ref.shownAs} is a WOFF file`, 'use the TTF or OTF version of the font');
  }
  if (sfnt === 'collection') {
    throw new UserError(from, `${ref.shownAs} is a font collection`, 'use a single .ttf or .otf font file');
  }
  if (typeof sfnt === 'string') {
    throw new UserError(
      from,
      `${ref.shownAs} is not a font fontkit can read (or it is damaged)`,
      'use a TrueType (.ttf) or OpenType (.otf) file',
    );
  }
  cache.set(ref.real, { bytes, sfnt, from, name: ref.shownAs });
  return face;
}

/**
 * Makes a font the caller already holds (a fontkit font, say one made in memory) known under `path`, for
 * measuring and outlines; it cannot be embedded in a PDF unless `bytes` are given.
 * @internal
 */
export function registerFont(path: string, font: fontkit.Font, bytes: Buffer = Buffer.alloc(0)): FontFace {
  cache.set(path, { font, bytes, from: path, name: path });
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

/** The parsed font (fontkit) of a loaded face. @internal */
export function fontOf(face: FontFace): fontkit.Font {
  const hit = loaded(face);
  if (!hit.font) {
    let font: fontkit.Font | fontkit.FontCollection;
    try {
      font = fontEngine().create(hit.bytes);
      if ('fonts' in font) throw new Error('a collection');
      // A damaged file can parse its header and fail later: touch the tables text needs now.
      void font.unitsPerEm;
      void font.capHeight;
      font.layout('Ag');
    } catch {
      throw new UserError(
        hit.from,
        `${hit.name} is not a font fontkit can read (or it is damaged)`,
        'use a TrueType (.ttf) or OpenType (.otf) file',
      );
    }
    hit.font = font;
  }
  return hit.font;
}

/** The bytes of a loaded face, exactly as measured, for embedding. */
export function fontBytes(path: string): Buffer {
  return loaded({ path, name: path }).bytes;
}

/** Forgets loaded fonts, so the next build reads them again (for `build --watch`). */
export function clearFontCache(): void {
  cache.clear();
}

/**
 * The pieces a line of text is shaped in: each word with the space or tab after it, as the PDF writer
 * (pdfkit) shapes what it draws. Kerning and ligatures work within a piece, never across a space: Lato
 * kerns a space against a following `A`, `T` or `1`, which pdfkit's text never shows, so a line shaped
 * whole would measure narrower than it prints.
 */
export function shapingPieces(text: string): string[] {
  const pieces: string[] = [];
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      pieces.push(text.slice(last, i + 1));
      last = i + 1;
    }
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

/** Advance width of a single line of text, in points, as the PDF draws it (shaped piece by piece). */
export function textWidth(face: FontFace, text: string, size: number): number {
  if (text.length === 0) return 0;
  const font = fontOf(face);
  const hit = loaded(face);
  hit.widths ??= new Map();
  let units = 0;
  for (const piece of shapingPieces(text)) {
    let w = hit.widths.get(piece);
    if (w === undefined) {
      // Shaping (kerning, ligatures) is the cost; a piece's width in font units does not depend on the size,
      // and a book's lines share most of their words (page numbers, "Maze", "Page").
      w = font.layout(piece).advanceWidth;
      if (hit.widths.size >= WIDTHS_KEPT) hit.widths.clear();
      hit.widths.set(piece, w);
    }
    units += w;
  }
  return (units / font.unitsPerEm) * size;
}

/** Height of capital letters above the baseline, in points. */
export function capHeight(face: FontFace, size: number): number {
  const font = fontOf(face);
  return (font.capHeight / font.unitsPerEm) * size;
}

/** Characters of `text` that the font has no glyph for (spaces aside), each listed once. */
export function missingCharacters(face: FontFace, text: string): string[] {
  const missing = new Set<string>();
  const hit = loaded(face);
  const sfnt = hit.sfnt;
  const has = sfnt
    ? (cp: number) => hasCodePoint(sfnt, cp)
    : (cp: number) => fontOf(face).hasGlyphForCodePoint(cp);
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (!/\s/.test(ch) && !has(cp)) missing.add(ch);
  }
  return [...missing];
}

/**
 * Glyph outlines of a line of text as one SVG path in points, baseline at y = 0, y pointing down; shaped
 * piece by piece (`shapingPieces`), so an outline has the width `textWidth` gives and the PDF's text shows.
 */
export function textOutline(face: FontFace, text: string, size: number): string {
  const font = fontOf(face);
  const scale = size / font.unitsPerEm;
  let x = 0;
  const parts: string[] = [];
  for (const piece of shapingPieces(text)) {
    const run = font.layout(piece);
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
  }
  return parts.join('');
}
