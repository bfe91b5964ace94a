import { UserError } from '../base/errors.js';
import { mm } from '../spec/units.js';
import { type FontFace, fontOf, shapingPieces, textWidth } from '../text/fonts.js';
import type { Rect } from './rect.js';

/**
 * Cover text set while planning: wrapped, fitted to its box (shrunk down to a minimum size first), with every
 * baseline placed, so the layout only draws it and a text that cannot fit stops the build before any maze is
 * made. Blurbs may mark words **bold** and *italic*.
 */

/** Which of the cover's fonts a run is set in: the theme's two, and the blurb's bold and italic. */
export type CoverFontKey = 'heading' | 'body' | 'bold' | 'italic';

export interface CoverFonts {
  heading: FontFace;
  body: FontFace;
  bold: FontFace;
  /** Absent: italic is the body font slanted (drawn as outlines). */
  italic?: FontFace;
}

/** A piece of one line in one font; `slant` draws it obliqued (no italic font). x is its start, points. */
export interface TextRun {
  text: string;
  font: CoverFontKey;
  slant: boolean;
  x: number;
}

export interface TextLine {
  runs: TextRun[];
  /** Baseline, points from the sheet's top. */
  y: number;
  width: number;
}

export interface TextBlock {
  /** The spec field the text came from, for messages and checks. */
  field: string;
  size: number;
  lines: TextLine[];
  /** Top of the first line's ink box to the bottom of the last line's (size × 1.0 a line, roughly). */
  height: number;
}

type Style = { bold: boolean; italic: boolean };
interface Word {
  text: string;
  style: Style;
  /** Glued to the previous word (no space), as in `**bold**,`. */
  glued: boolean;
}

/**
 * Paragraphs of a text with `**bold**` and `*italic*` marks: paragraphs are split by blank lines, a single
 * line break is a space, `\*` is a literal star, and a mark left open is printed as it is.
 */
export function parseRichText(text: string): Word[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(parseParagraph);
}

function parseParagraph(p: string): Word[] {
  // Tokens: escaped stars, marks, spaces and plain text.
  const tokens = p.match(/\\\*|\*\*|\*|\s+|[^*\\\s]+|\\/g) ?? [];
  const closes = (i: number, mark: string): boolean => tokens.slice(i + 1).includes(mark);
  const words: Word[] = [];
  const style: Style = { bold: false, italic: false };
  let glued = false;
  let pendingSpace = false;
  const push = (text: string) => {
    const last = words.at(-1);
    if (
      last &&
      !pendingSpace &&
      glued &&
      last.style.bold === style.bold &&
      last.style.italic === style.italic
    )
      last.text += text;
    else words.push({ text, style: { ...style }, glued: words.length > 0 && !pendingSpace });
    glued = true;
    pendingSpace = false;
  };
  tokens.forEach((t, i) => {
    if (/^\s+$/.test(t)) {
      pendingSpace = true;
      glued = false;
    } else if (t === '**' && (style.bold || closes(i, '**'))) {
      style.bold = !style.bold;
    } else if (t === '*' && (style.italic || closes(i, '*'))) {
      style.italic = !style.italic;
    } else push(t === '\\*' ? '*' : t);
  });
  return words;
}

/** The font key and slant a style is set in. */
function runFont(
  style: Style,
  fonts: CoverFonts,
  base: 'heading' | 'body',
): { font: CoverFontKey; slant: boolean } {
  if (style.italic && fonts.italic) return { font: 'italic', slant: false };
  return { font: style.bold ? 'bold' : base, slant: style.italic };
}

function faceOf(fonts: CoverFonts, key: CoverFontKey): FontFace {
  return key === 'italic' ? (fonts.italic ?? fonts.body) : fonts[key];
}

export interface FitRequest {
  field: string;
  /** Where the field is in the spec, for errors. */
  where: string;
  paragraphs: Word[][];
  base: 'heading' | 'body';
  box: Rect;
  start: number;
  min: number;
  /** Baseline to baseline, as a multiple of the size. */
  leading: number;
  /** Extra space between paragraphs, as a multiple of the size. */
  paragraphGap?: number;
  maxLines?: number;
  align: 'centre' | 'left';
  /**
   * Balance each paragraph's lines: as many lines as filling them one by one takes, broken where the longest
   * line is shortest (titles: "The Little / Maze Book", never a last word alone).
   */
  balance?: boolean;
}

interface Wrapped {
  lines: { words: Word[]; width: number }[];
  /** The widest single word, which cannot be broken. */
  widest: number;
  breaks: Set<number>;
}

/**
 * A line of words as it prints: consecutive words in one font and slant are one run of text (joined by a
 * space unless glued), each later run a base-font space (none when glued) after the one before, runs
 * measured as the PDF shapes them (`textWidth`: a letter kerned against the space after it counts). `x` is
 * from the line's start.
 */
function setLine(
  words: readonly Word[],
  fonts: CoverFonts,
  base: 'heading' | 'body',
  size: number,
): { runs: TextRun[]; width: number } {
  const space = textWidth(faceOf(fonts, base), ' ', size);
  const runs: TextRun[] = [];
  let end = 0;
  const widthOf = (r: TextRun) => textWidth(faceOf(fonts, r.font), r.text, size);
  for (const [k, word] of words.entries()) {
    const { font, slant } = runFont(word.style, fonts, base);
    const last = runs.at(-1);
    if (last && last.font === font && last.slant === slant) {
      last.text += (k > 0 && !word.glued ? ' ' : '') + word.text;
    } else {
      if (last) end = last.x + widthOf(last);
      runs.push({ text: word.text, font, slant, x: last ? end + (word.glued ? 0 : space) : 0 });
    }
  }
  const last = runs.at(-1);
  return { runs, width: last ? last.x + widthOf(last) : 0 };
}

function wrap(req: FitRequest, fonts: CoverFonts, size: number): Wrapped {
  const lines: { words: Word[]; width: number }[] = [];
  const breaks = new Set<number>();
  let widest = 0;
  for (const paragraph of req.paragraphs) {
    const start = lines.length;
    let line: Word[] = [];
    let width = 0;
    for (const w of paragraph) {
      const face = faceOf(fonts, runFont(w.style, fonts, req.base).font);
      const ww = textWidth(face, w.text, size);
      widest = Math.max(widest, ww);
      const longer = line.length === 0 ? ww : setLine([...line, w], fonts, req.base, size).width;
      if (line.length > 0 && !w.glued && longer > req.box.width) {
        lines.push({ words: line, width });
        line = [w];
        width = ww;
      } else {
        line.push(w);
        width = longer;
      }
    }
    lines.push({ words: line, width });
    const count = lines.length - start;
    if (req.balance && count > 1) lines.splice(start, count, ...balanced(paragraph, count, req, fonts, size));
    breaks.add(lines.length);
  }
  return { lines, widest, breaks };
}

/**
 * A paragraph's words on `count` lines no wider than the box, broken where the widest line is narrowest
 * (ties: the first such breaks), never before a glued word; the greedy lines when no such breaks exist.
 */
function balanced(
  words: readonly Word[],
  count: number,
  req: FitRequest,
  fonts: CoverFonts,
  size: number,
): { words: Word[]; width: number }[] {
  const n = words.length;
  const memo = new Map<string, number>();
  const width = (i: number, j: number): number => {
    const key = `${i}:${j}`;
    let w = memo.get(key);
    if (w === undefined) {
      w = setLine(words.slice(i, j), fonts, req.base, size).width;
      memo.set(key, w);
    }
    return w;
  };
  // best[k][j]: the narrowest widest line setting words [0, j) on k lines; from[k][j] the last line's start.
  const best: number[][] = [[0, ...Array<number>(n).fill(Number.POSITIVE_INFINITY)]];
  const from: number[][] = [[]];
  for (let k = 1; k <= count; k++) {
    best.push(Array<number>(n + 1).fill(Number.POSITIVE_INFINITY));
    from.push(Array<number>(n + 1).fill(-1));
    for (let j = 1; j <= n; j++) {
      for (let i = k - 1; i < j; i++) {
        if (i > 0 && words[i].glued) continue;
        const prev = best[k - 1][i];
        if (!Number.isFinite(prev)) continue;
        const w = width(i, j);
        if (w > req.box.width + 1e-6) continue;
        const worst = Math.max(prev, w);
        if (worst < best[k][j] - 1e-9) {
          best[k][j] = worst;
          from[k][j] = i;
        }
      }
    }
  }
  if (!Number.isFinite(best[count][n])) {
    // No breaks keep every line in the box (a word wider than it): fill lines one by one instead.
    return wrap({ ...req, paragraphs: [words as Word[]], balance: false }, fonts, size).lines;
  }
  const lines: { words: Word[]; width: number }[] = [];
  for (let k = count, j = n; k > 0; k--) {
    const i = from[k][j];
    lines.unshift({ words: words.slice(i, j), width: width(i, j) });
    j = i;
  }
  return lines;
}

const blockHeight = (req: FitRequest, lines: number, paragraphs: number, size: number): number =>
  size + (lines - 1) * req.leading * size + (paragraphs - 1) * (req.paragraphGap ?? 0) * size;

/** Font sizes are tried in steps of this many points, from the start size down to the minimum. */
const STEP = 0.5;

/**
 * Sets a text in its box at the largest size from `start` down to `min` at which every line fits the width,
 * the lines fit `maxLines` and the whole fits the height; otherwise a UserError naming the field and by how
 * many millimetres it is too wide or too tall at the minimum size.
 */
export function fitText(req: FitRequest, fonts: CoverFonts): TextBlock {
  let size = req.start;
  for (;;) {
    const w = wrap(req, fonts, size);
    const h = blockHeight(req, w.lines.length, req.paragraphs.length, size);
    const fits =
      w.widest <= req.box.width + 1e-6 &&
      h <= req.box.height + 1e-6 &&
      (req.maxLines === undefined || w.lines.length <= req.maxLines);
    if (fits) return place(req, fonts, size, w, h);
    if (size - STEP < req.min - 1e-9) {
      const over =
        w.widest > req.box.width
          ? `a word is ${mm(w.widest - req.box.width)} wider than its ${mm(req.box.width)} box`
          : req.maxLines !== undefined && w.lines.length > req.maxLines
            ? `it needs ${w.lines.length} lines (at most ${req.maxLines}), ${mm(blockHeight(req, w.lines.length, req.paragraphs.length, size) - blockHeight(req, req.maxLines, 1, size))} too tall`
            : `it is ${mm(h - req.box.height)} taller than its ${mm(req.box.height)} box`;
      throw new UserError(
        req.where,
        `${req.field} does not fit the cover at the smallest size, ${Math.round(req.min * 10) / 10}pt: ${over}`,
        'shorten the text (or use a larger trim size)',
      );
    }
    size = Math.max(req.min, size - STEP);
  }
}

function place(req: FitRequest, fonts: CoverFonts, size: number, w: Wrapped, height: number): TextBlock {
  const lines: TextLine[] = [];
  let y = req.box.y + size * 0.8;
  let paragraphs = 0;
  w.lines.forEach((line, i) => {
    const set = setLine(line.words, fonts, req.base, size);
    const x0 = req.align === 'centre' ? req.box.x + (req.box.width - set.width) / 2 : req.box.x;
    for (const run of set.runs) run.x += x0;
    lines.push({ runs: set.runs, y, width: set.width });
    y += req.leading * size;
    if (w.breaks.has(i + 1)) {
      paragraphs++;
      if (paragraphs < req.paragraphs.length) y += (req.paragraphGap ?? 0) * size;
    }
  });
  return { field: req.field, size, lines, height };
}

/**
 * One plain text as a single paragraph of plain words (titles, names). A separator standing alone (`·`, `–`,
 * `—`, `|`, `/`, `&`, `+`) stays on the line of the word before it, so no line starts with one.
 */
export function plainText(text: string): Word[][] {
  const words: Word[] = [];
  for (const t of text.split(/\s+/).filter(Boolean)) {
    const last = words.at(-1);
    if (last && /^[·–—|/&+]$/.test(t)) last.text += ` ${t}`;
    else words.push({ text: t, style: { bold: false, italic: false }, glued: false });
  }
  return [words];
}

export function inkExtent(face: FontFace, text: string, size: number): { above: number; below: number } {
  const font = fontOf(face);
  const scale = size / font.unitsPerEm;
  let above = 0;
  let below = 0;
  for (const piece of shapingPieces(text)) {
    for (const g of font.layout(piece).glyphs) {
      const b = g.bbox;
      if (!Number.isFinite(b.maxY) || b.maxY === b.minY) continue;
      above = Math.max(above, b.maxY * scale);
      below = Math.max(below, -b.minY * scale);
    }
  }
  return { above, below };
}
