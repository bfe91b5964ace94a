import type { Path } from 'fontkit';
import { UserError } from '../spec/errors.js';
import { LIMITS } from '../spec/limits.js';
import { type FontFace, fontOf, missingCharacters } from '../text/fonts.js';
import { type Bitmap, bitmapShape, type MaskShape } from './shape.js';

/** Longer side, in pixels, of the bitmap a text is rasterised into. */
export const TEXT_MASK_SIDE = 1024;

/** Distance between baselines of a multi-line text, in em. */
const LINE_SPACING = 1.1;

/** Largest distance, in pixels, between a glyph's curve and the polyline that replaces it. */
const FLATNESS = 0.2;

/** A glyph outline placed on the text's plane: font units, y up, baseline of the first line at y = 0. */
interface PlacedGlyph {
  readonly path: Path;
  readonly dx: number;
  readonly dy: number;
}

/**
 * A mask shape from a text set in a font: the glyphs' ink is inside (counters, like the hole of an `A`, are
 * outside). Lines are split at `\n`, centred on each other, baselines 1.1 em apart. The outlines are filled
 * with the non-zero winding rule into a bitmap whose longer side is {@link TEXT_MASK_SIDE} px, cropped to the
 * ink, so the shape's aspect is the ink's. Letters stay separate regions; joining them is the mask stage's job.
 * @param from the place that named the text, for messages
 */
export function textShape(text: string, face: FontFace, from: string): MaskShape {
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
  const glyphs = layoutText(text, face, from);
  if (glyphs.length === 0) {
    throw new UserError(
      from,
      `mask text ${JSON.stringify(text)} has no ink`,
      'use at least one visible letter',
    );
  }
  return bitmapShape(`text ${JSON.stringify(text)}`, rasterise(glyphs));
}

/** Sets each line with the font's shaping (kerning, ligatures), centred; glyphs without ink are left out. */
function layoutText(text: string, face: FontFace, from: string): PlacedGlyph[] {
  const missing = missingCharacters(face, text);
  const font = fontOf(face);
  const lines = text.split(/\r?\n/).map((line) => font.layout(line));
  const widest = Math.max(...lines.map((run) => run.advanceWidth));
  const placed: PlacedGlyph[] = [];
  lines.forEach((run, i) => {
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
        placed.push({ path, dx: x + pos.xOffset, dy: y + pos.yOffset });
      }
      x += pos.xAdvance;
      y += pos.yAdvance;
    }
  });
  if (missing.length > 0) {
    const names = missing.map((ch) => `${JSON.stringify(ch)} (U+${codePointHex(ch)})`).join(', ');
    throw new UserError(
      from,
      `font ${face.name} has no glyph for ${names}`,
      'use a font that has these characters, or change the text',
    );
  }
  return placed;
}

function codePointHex(ch: string): string {
  return ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Fills the outlines (non-zero winding, sampled at pixel centres) into a bitmap cropped to the ink.
 *
 * Pixel space: x right, y down, (0, 0) the top-left corner of pixel (0, 0); font units map to it by
 * px = (fx − minX)·s + PAD, py = (maxY − fy)·s + PAD.
 */
function rasterise(glyphs: readonly PlacedGlyph[]): Bitmap {
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
  const PAD = 1;
  const s = TEXT_MASK_SIDE / Math.max(maxX - minX, maxY - minY);
  const width = Math.ceil((maxX - minX) * s) + 2 * PAD;
  const height = Math.ceil((maxY - minY) * s) + 2 * PAD;

  // winding[r·(width+1) + c]: change of the winding number at the centre of pixel c of row r, left to right.
  const stride = width + 1;
  const winding = new Int32Array(stride * height);
  const edge = (x0: number, y0: number, x1: number, y1: number): void => {
    if (y0 === y1) return;
    const dir = y1 > y0 ? 1 : -1;
    const top = Math.min(y0, y1);
    const bottom = Math.max(y0, y1);
    // Rows whose centre line r + 0.5 lies in [top, bottom): half-open, so a shared vertex counts once.
    const first = Math.max(0, Math.ceil(top - 0.5));
    const last = Math.min(height - 1, Math.ceil(bottom - 0.5) - 1);
    const slope = (x1 - x0) / (y1 - y0);
    for (let r = first; r <= last; r++) {
      const x = x0 + (r + 0.5 - y0) * slope;
      // The crossing changes the winding of every pixel whose centre c + 0.5 lies right of x.
      const c = Math.min(width, Math.max(0, Math.ceil(x - 0.5)));
      winding[r * stride + c] += dir;
    }
  };
  for (const glyph of glyphs) {
    traceOutline(glyph, (fx, fy) => [(fx - minX) * s + PAD, (maxY - fy) * s + PAD], edge);
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
  if (right < 0) return { width, height, data: full };
  const w = right - left + 1;
  const h = bottom - top + 1;
  const data = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) {
    const from = (top + r) * width + left;
    data.set(full.subarray(from, from + w), r * w);
  }
  return { width: w, height: h, data };
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
