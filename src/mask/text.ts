import type { Path } from 'fontkit';
import { UserError } from '../base/errors.js';
import { LIMITS } from '../base/limits.js';
import { type FontFace, fontOf, missingCharacters } from '../text/fonts.js';
import { edgeCrossings } from './scanline.js';
import { type Bitmap, bitmapShape, type MaskShape } from './shape.js';

/** Longer side, in pixels, of the bitmap a text is rasterised into. */
export const TEXT_MASK_SIDE = 1024;

/** Distance between baselines of a multi-line text, in em. */
const LINE_SPACING = 1.1;

/** Largest distance, in pixels, between a glyph's curve and the polyline that replaces it. */
const FLATNESS = 0.2;

/** Most a text's letters are drawn taller than the font's (height ÷ width), so one long word fills more of a
 * tall area; bold letters up to this read as a condensed face of the same capitals. */
export const MAX_STRETCH = 2;

/**
 * The gap set between neighbouring letters of a line, as a share of the letters' drawn height (cap height
 * times the stretch), ink to ink where they come closest (row by row, so an A beside a V counts its
 * diagonals). Letters a dozen cells tall are then about one and a half cells apart, so they never touch, and
 * a bridge between two of them is a short joint at their foot (a long one beside two upright strokes reads
 * as a U). Neighbours across a space are WORD_GAP apart.
 */
export const LETTER_GAP = 0.125;
/** The gap set between the last letter of a word and the first of the next, as a share of the drawn height. */
const WORD_GAP = 0.45;
/** Horizontal rows, per em, at which the ink of neighbouring letters is compared. */
const GAP_ROWS_PER_EM = 64;

/**
 * The lower band of a line, where bridges between letters go: from this share of the cap height below the
 * baseline to this share above it.
 */
export const BRIDGE_BAND = { below: 0.12, above: 0.3 } as const;

/** Extra price of a bridge cell at the top of its line's band over one level with the baseline. */
const IN_BAND_SLOPE = 0.5;

/** Price of a bridge cell outside every line's lower band (1 to 1.5 inside): a bridge climbs into the gap between
 * two letters only where the baseline route is this many times longer. */
const OFF_BAND_COST = 8;

/** Fidelity (IoU) from which a text mask reads as its words, found by looking: thin strokes keep it low. */
const TEXT_READS_AT = 0.7;

/** A glyph outline placed on the text's plane: font units, y up, baseline of the first line at y = 0. */
interface PlacedGlyph {
  readonly path: Path;
  readonly dx: number;
  readonly dy: number;
  /** The glyph's advance as set (font units): how far the pen moved after it. */
  readonly advance: number;
  /** The line it is set on, from 0. */
  readonly line: number;
}

export interface TextMaskOptions {
  /**
   * Width ÷ height of the area the maze fills (the page's maze area). With it, a text without `\n` is
   * broken into lines between words and its letters stretched (up to {@link MAX_STRETCH}) so that it uses
   * as much of the area as it can; without it, the text is set as written.
   */
  aspect?: number;
  /** `auto` (default): as many lines as use the area best, breaking only between words; a number: that many
   * lines (at most one per word; a single word is split between its letters). Ignored when the text breaks
   * its own lines with `\n`. */
  lines?: number | 'auto';
}

/** A text mask's shape and how it was set. */
export interface TextMask extends MaskShape {
  /** The lines as set, after automatic breaking. */
  readonly lines: readonly string[];
  /** Letter height ÷ the font's: 1, or more when the letters were stretched to fill a tall area. */
  readonly stretch: number;
  /**
   * The lower band of each line in the shape's plane (v from -1 at the bottom to 1 at the top): bridges
   * between letters are priced low inside these, see {@link BRIDGE_BAND}.
   */
  readonly bands: readonly TextBand[];
}

/**
 * A mask shape from a text set in a font: the glyphs' ink is inside (counters, like the hole of an `A`, are
 * outside). Lines are split at `\n` (or chosen for the area, see {@link TextMaskOptions}), centred on each
 * other, baselines 1.1 em apart, letters {@link LETTER_GAP} apart. The outlines are filled with the non-zero winding rule into a bitmap whose
 * longer side is {@link TEXT_MASK_SIDE} px, cropped to the ink, so the shape's aspect is the ink's. Letters
 * stay separate regions; the mask stage joins them, through bridges priced to run along each line's
 * baseline ({@link MaskShape.bridgeCost}), so that no bridge turns two letters into another glyph.
 * @param from the place that named the text, for messages
 */
export function textShape(
  text: string,
  face: FontFace,
  from: string,
  options: TextMaskOptions = {},
): TextMask {
  if (text.length === 0) {
    throw new UserError(from, 'mask text is empty', 'write the word the maze should spell');
  }
  const length = [...text].length;
  if (length > LIMITS.maxMaskTextChars) {
    throw new UserError(
      from,
      `mask text is ${length} characters; the limit is ${LIMITS.maxMaskTextChars}`,
      'a mask text is read as a picture: use a word or a short phrase',
    );
  }
  // Set as written first: reports missing characters and a text without ink before any line is chosen.
  const written = layoutText(text.split(/\r?\n/), face, from);
  if (written.length === 0) {
    throw new UserError(
      from,
      `mask text ${JSON.stringify(text)} has no ink`,
      'use at least one visible letter',
    );
  }
  const lines = chooseLines(text, face, options);
  let glyphs = lines.length === 1 && lines[0] === text ? written : layoutText(lines, face, from);
  let box = inkBox(glyphs);
  let stretch = options.aspect === undefined ? 1 : stretchFor(box, options.aspect);
  if (stretch > 1 && options.aspect !== undefined) {
    // Taller letters are set wider apart (the gap is a share of their height), which narrows them less.
    glyphs = layoutText(lines, face, from, stretch);
    box = inkBox(glyphs);
    stretch = Math.max(stretch, stretchFor(box, options.aspect));
  }
  const { bitmap, toV } = rasterise(glyphs, box, stretch);
  const cap = capHeightUnits(face);
  const em = fontOf(face).unitsPerEm;
  const bands = lines.map((_, i) => {
    const baseline = -i * LINE_SPACING * em;
    return {
      low: toV(baseline - BRIDGE_BAND.below * cap),
      baseline: toV(baseline),
      high: toV(baseline + BRIDGE_BAND.above * cap),
    };
  });
  return { ...textRasterShape(`text ${JSON.stringify(text)}`, bitmap, bands), lines, stretch, bands };
}

/** A line's lower band in the shape's plane (v from -1 at the bottom to 1 at the top). */
export interface TextBand {
  readonly low: number;
  readonly baseline: number;
  readonly high: number;
}

/**
 * The shape of a rasterised text: its bitmap, read as words from TEXT_READS_AT, with bridges priced low in
 * each line's lower band. Plans carry the bitmap and bands; this rebuilds the shape from them.
 */
export function textRasterShape(label: string, bitmap: Bitmap, bands: readonly TextBand[]): MaskShape {
  const shape = bitmapShape(label, bitmap);
  return {
    ...shape,
    inside: shape.inside,
    readsAt: TEXT_READS_AT,
    bridgeCost: (_x, y) => {
      for (const band of bands) {
        if (y < band.low || y > band.high) continue;
        // Level with the baseline is cheapest, so of two equally short bridges the lower one wins.
        const off = y >= band.baseline ? (y - band.baseline) / (band.high - band.baseline) : 0.5;
        return 1 + IN_BAND_SLOPE * off;
      }
      return OFF_BAND_COST;
    },
    textBands: bands,
  };
}

/** The font's cap height in font units (0.7 em when the font does not say). */
function capHeightUnits(face: FontFace): number {
  const font = fontOf(face);
  const cap = (font as { capHeight?: number }).capHeight;
  return cap !== undefined && cap > 0 ? cap : 0.7 * font.unitsPerEm;
}

/**
 * The lines to set: the author's `\n` breaks; else, for a target aspect, the number of lines (breaking
 * between words, each count balanced so its widest line is as narrow as it can be) whose ink, stretched as
 * allowed, covers the largest share of the area (fewer lines on ties); else the text as one line.
 */
function chooseLines(text: string, face: FontFace, options: TextMaskOptions): string[] {
  if (/\r?\n/.test(text)) return text.split(/\r?\n/);
  const words = text.trim().split(/\s+/);
  const want = options.lines ?? 'auto';
  if (want === 1) return [text];
  if (words.length === 1 && want !== 'auto') {
    // One word in a set number of lines: the author splits it between letters (ANNA in 2 lines: AN / NA).
    const letters = [...words[0]];
    return balancedLines(letters, Math.min(want, letters.length), face, '');
  }
  if (words.length < 2) return [text];
  if (want !== 'auto') return balancedLines(words, Math.min(want, words.length), face);
  const aspect = options.aspect;
  if (aspect === undefined) return [text];
  let best = [text];
  let bestShare = -1;
  for (let n = 1; n <= words.length; n++) {
    const lines = n === 1 ? [text] : balancedLines(words, n, face);
    const glyphs = layoutText(lines, face, '');
    if (glyphs.length === 0) return [text];
    const box = inkBox(glyphs);
    const stretch = stretchFor(box, aspect);
    const b = (box.maxX - box.minX) / ((box.maxY - box.minY) * stretch);
    const share = Math.min(b / aspect, aspect / b);
    if (share > bestShare + 1e-9) {
      best = lines;
      bestShare = share;
    }
  }
  return best;
}

/**
 * Words (or the letters of one word, joined by `glue` '') split into `n` lines, in order, so that the widest
 * line (by the font's advances) is narrowest.
 */
function balancedLines(words: readonly string[], n: number, face: FontFace, glue = ' '): string[] {
  const k = words.length;
  const font = fontOf(face);
  const width = (i: number, j: number): number => font.layout(words.slice(i, j).join(glue)).advanceWidth;
  // widest[m][j]: the narrowest widest line for the first j words in m lines; cut[m][j]: where line m starts.
  const widest = Array.from({ length: n + 1 }, () => new Float64Array(k + 1).fill(Number.POSITIVE_INFINITY));
  const cut = Array.from({ length: n + 1 }, () => new Int32Array(k + 1));
  widest[0][0] = 0;
  for (let m = 1; m <= n; m++) {
    for (let j = m; j <= k; j++) {
      for (let i = m - 1; i < j; i++) {
        const w = Math.max(widest[m - 1][i], width(i, j));
        if (w < widest[m][j]) {
          widest[m][j] = w;
          cut[m][j] = i;
        }
      }
    }
  }
  const lines: string[] = [];
  for (let m = n, j = k; m > 0; m--) {
    const i = cut[m][j];
    lines.unshift(words.slice(i, j).join(glue));
    j = i;
  }
  return lines;
}

/** How much taller than the font's to draw letters so ink of this box fills an area of `aspect` (≥ 1). */
function stretchFor(box: InkBox, aspect: number): number {
  const b = (box.maxX - box.minX) / (box.maxY - box.minY);
  return Math.min(MAX_STRETCH, Math.max(1, b / aspect));
}

/**
 * Sets each line with the font's shaping (kerning, ligatures), its letters tracked (see `track`) for letters
 * `stretch` times taller than the font's, centred; glyphs without ink are left out.
 */
function layoutText(lines: readonly string[], face: FontFace, from: string, stretch = 1): PlacedGlyph[] {
  const missing = missingCharacters(face, lines.join('\n'));
  const font = fontOf(face);
  const runs = lines.map((line) => font.layout(line));
  const widest = Math.max(...runs.map((run) => run.advanceWidth));
  const placed: PlacedGlyph[] = [];
  runs.forEach((run, i) => {
    let x = (widest - run.advanceWidth) / 2;
    let y = -i * LINE_SPACING * font.unitsPerEm;
    for (let g = 0; g < run.glyphs.length; g++) {
      const glyph = run.glyphs[g];
      const pos = run.positions[g];
      // Glyph 0 is .notdef, the "missing" box; whitespace other than a space can land there too.
      if (glyph.id === 0) {
        for (const cp of glyph.codePoints) {
          const ch = String.fromCodePoint(cp);
          if (!missing.includes(ch) && ch !== ' ') missing.push(ch);
        }
      }
      const path = glyph.path;
      if (path.commands.length > 0 && glyph.id !== 0) {
        placed.push({ path, dx: x + pos.xOffset, dy: y + pos.yOffset, advance: pos.xAdvance, line: i });
      }
      x += pos.xAdvance;
      y += pos.yAdvance;
    }
  });
  if (missing.length > 0) {
    const names = missing.map((ch) => `${JSON.stringify(ch)} (U+${codePointHex(ch)})`).join(', ');
    throw new UserError(
      from,
      `font ${face.path} has no glyph for ${names}`,
      'use a font that has these characters, or change the text',
    );
  }
  return track(placed, font.unitsPerEm, capHeightUnits(face) * stretch);
}

/**
 * The glyphs of each line (placed as `layoutText` places them, a line's glyphs in order, lines apart in y)
 * moved along their line so that neighbouring letters are exactly {@link LETTER_GAP} of `height` (the letters'
 * drawn height, font units) apart where their ink comes closest ({@link WORD_GAP} across a space), each line
 * then centred on its ink at x = 0.
 */
function track(glyphs: readonly PlacedGlyph[], em: number, height: number): PlacedGlyph[] {
  const step = em / GAP_ROWS_PER_EM;
  const count = Math.ceil((1.6 * em) / step);
  const out: PlacedGlyph[] = [];
  let line: { glyph: PlacedGlyph; left: Float64Array; right: Float64Array }[] = [];
  const finish = (): void => {
    if (line.length === 0) return;
    let shift = 0;
    // The last glyph with an advance: a mark the font places on a letter (no advance) moves with the letter.
    let prev = -1;
    const moved = line.map((b, i) => {
      if (b.glyph.advance === 0 && prev >= 0) return { ...b.glyph, dx: b.glyph.dx + shift };
      if (prev >= 0) {
        const a = line[prev];
        let gap = Number.POSITIVE_INFINITY;
        for (let r = 0; r < count; r++) {
          if (Number.isFinite(a.right[r]) && Number.isFinite(b.left[r]))
            gap = Math.min(gap, b.left[r] - a.right[r]);
        }
        if (!Number.isFinite(gap))
          gap = b.glyph.path.bbox.minX + b.glyph.dx - (a.glyph.path.bbox.maxX + a.glyph.dx);
        // A space between them: the pen moved on past the first glyph's advance.
        const spaced = b.glyph.dx - a.glyph.dx > a.glyph.advance + 0.05 * em;
        shift += (spaced ? WORD_GAP : LETTER_GAP) * height - gap;
      }
      prev = i;
      return { ...b.glyph, dx: b.glyph.dx + shift };
    });
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    for (const g of moved) {
      minX = Math.min(minX, g.path.bbox.minX + g.dx);
      maxX = Math.max(maxX, g.path.bbox.maxX + g.dx);
    }
    const centre = (minX + maxX) / 2;
    for (const g of moved) out.push({ ...g, dx: g.dx - centre });
    line = [];
  };
  let current = -1;
  for (const glyph of glyphs) {
    if (glyph.line !== current) {
      finish();
      current = glyph.line;
    }
    // Row r is the line fy = top − (r + 0.5)·step, from above the caps to below the descenders.
    const top = -glyph.line * LINE_SPACING * em + 1.2 * em;
    const left = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
    const right = new Float64Array(count).fill(Number.NEGATIVE_INFINITY);
    traceOutline(
      glyph,
      (fx, fy) => [fx, (top - fy) / step],
      (x0, y0, x1, y1) =>
        edgeCrossings(x0, y0, x1, y1, count, 1, (r) => {
          const x = x0 + ((r + 0.5 - y0) * (x1 - x0)) / (y1 - y0);
          if (x < left[r]) left[r] = x;
          if (x > right[r]) right[r] = x;
        }),
    );
    line.push({ glyph, left, right });
  }
  finish();
  return out;
}

function codePointHex(ch: string): string {
  return ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

/** Bounding box of placed glyphs' outlines, in font units (y up). */
interface InkBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function inkBox(glyphs: readonly PlacedGlyph[]): InkBox {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const { path, dx, dy } of glyphs) {
    const box = path.bbox;
    minX = Math.min(minX, box.minX + dx);
    minY = Math.min(minY, box.minY + dy);
    maxX = Math.max(maxX, box.maxX + dx);
    maxY = Math.max(maxY, box.maxY + dy);
  }
  return { minX, minY, maxX, maxY };
}

/**
 * Fills the outlines (non-zero winding, sampled at pixel centres) into a bitmap cropped to the ink, the
 * letters `stretch` times taller than the font draws them; `toV` maps a font-unit height to the shape's v.
 *
 * Pixel space: x right, y down, (0, 0) the top-left corner of pixel (0, 0); font units map to it by
 * px = (fx − minX)·s + PAD, py = (maxY − fy)·s·stretch + PAD.
 */
function rasterise(
  glyphs: readonly PlacedGlyph[],
  { minX, minY, maxX, maxY }: InkBox,
  stretch: number,
): { bitmap: Bitmap; toV: (fy: number) => number } {
  const PAD = 1;
  const s = TEXT_MASK_SIDE / Math.max(maxX - minX, (maxY - minY) * stretch);
  const sy = s * stretch;
  const width = Math.ceil((maxX - minX) * s) + 2 * PAD;
  const height = Math.ceil((maxY - minY) * sy) + 2 * PAD;

  // winding[r·(width+1) + c]: change of the winding number at the centre of pixel c of row r, left to right.
  const stride = width + 1;
  const winding = new Int32Array(stride * height);
  const turn = (r: number, c: number, dir: number): void => {
    winding[r * stride + c] += dir;
  };
  const edge = (x0: number, y0: number, x1: number, y1: number): void =>
    edgeCrossings(x0, y0, x1, y1, height, width, turn);
  for (const glyph of glyphs) {
    traceOutline(glyph, (fx, fy) => [(fx - minX) * s + PAD, (maxY - fy) * sy + PAD], edge);
  }

  const full = new Uint8Array(width * height);
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let r = 0; r < height; r++) {
    let w = 0;
    for (let c = 0; c < width; c++) {
      w += winding[r * stride + c];
      if (w === 0) continue;
      full[r * width + c] = 1;
      if (c < left) left = c;
      if (c > right) right = c;
      if (r < top) top = r;
      bottom = r;
    }
  }
  if (right < 0) return { bitmap: { width, height, data: full }, toV: () => 0 };
  const w = right - left + 1;
  const h = bottom - top + 1;
  const data = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) {
    const from = (top + r) * width + left;
    data.set(full.subarray(from, from + w), r * w);
  }
  // bitmapShape maps the cropped bitmap's rows [0, h] to v = 1 … -1.
  const toV = (fy: number): number => 1 - (2 * ((maxY - fy) * sy + PAD - top)) / h;
  return { bitmap: { width: w, height: h, data }, toV };
}

type Point = readonly [number, number];

/** Walks a glyph's contours in pixel space as straight edges; curves are flattened, open contours closed. */
function traceOutline(
  { path, dx, dy }: PlacedGlyph,
  toPixel: (fx: number, fy: number) => Point,
  edge: (x0: number, y0: number, x1: number, y1: number) => void,
): void {
  let start: Point | undefined;
  let at: Point | undefined;
  const lineTo = (p: Point): void => {
    if (at) edge(at[0], at[1], p[0], p[1]);
    at = p;
  };
  const close = (): void => {
    if (start && at && (at[0] !== start[0] || at[1] !== start[1])) edge(at[0], at[1], start[0], start[1]);
    at = start;
  };
  const point = (args: number[], i: number): Point => toPixel(args[i] + dx, args[i + 1] + dy);
  for (const { command, args } of path.commands) {
    switch (command) {
      case 'moveTo':
        close();
        start = point(args, 0);
        at = start;
        break;
      case 'lineTo':
        lineTo(point(args, 0));
        break;
      case 'quadraticCurveTo': {
        const p0 = at ?? point(args, 2);
        const c = point(args, 0);
        const p1 = point(args, 2);
        const n = segments(0.25 * secondDifference(p0, c, p1));
        for (let k = 1; k <= n; k++) {
          const t = k / n;
          const u = 1 - t;
          lineTo([
            u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0],
            u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1],
          ]);
        }
        break;
      }
      case 'bezierCurveTo': {
        const p0 = at ?? point(args, 4);
        const c1 = point(args, 0);
        const c2 = point(args, 2);
        const p1 = point(args, 4);
        const n = segments(0.75 * Math.max(secondDifference(p0, c1, c2), secondDifference(c1, c2, p1)));
        for (let k = 1; k <= n; k++) {
          const t = k / n;
          const u = 1 - t;
          const a = u * u * u;
          const b = 3 * u * u * t;
          const d = 3 * u * t * t;
          const e = t * t * t;
          lineTo([
            a * p0[0] + b * c1[0] + d * c2[0] + e * p1[0],
            a * p0[1] + b * c1[1] + d * c2[1] + e * p1[1],
          ]);
        }
        break;
      }
      case 'closePath':
        close();
        break;
    }
  }
  close();
}

function secondDifference(a: Point, b: Point, c: Point): number {
  return Math.hypot(a[0] - 2 * b[0] + c[0], a[1] - 2 * b[1] + c[1]);
}

/**
 * Segments a curve needs to stay within {@link FLATNESS} of its polyline (Wang's formula; `bound` is
 * d(d−1)/8 times the largest second difference of the control points, d the degree).
 */
function segments(bound: number): number {
  return Math.min(64, Math.max(1, Math.ceil(Math.sqrt(bound / FLATNESS))));
}
