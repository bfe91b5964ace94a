import { UserError } from '../base/errors.js';
import type { Theme } from '../plan/theme.js';
import { type FontFace, missingCharacters, textWidth } from '../text/fonts.js';
import type { FontKey, TextItem } from './display-list.js';

export interface TextStyle {
  font: FontKey;
  size: number;
  color: string;
}

function face(theme: Theme, key: FontKey): FontFace {
  if (key !== 'heading' && key !== 'body') throw new Error(`internal: ${key} is not a theme font`);
  return theme.fonts[key];
}

/** A line of text whose baseline is centred on x. */
export function centredText(theme: Theme, text: string, x: number, y: number, style: TextStyle): TextItem {
  const w = textWidth(face(theme, style.font), text, style.size);
  return { type: 'text', text, x: x - w / 2, y, ...style };
}

export function leftText(text: string, x: number, y: number, style: TextStyle): TextItem {
  return { type: 'text', text, x, y, ...style };
}

/**
 * Greedy word wrap to `maxWidth` points; explicit newlines start new lines. A single word wider than the
 * line is kept whole (it will overhang rather than be split mid-word).
 */
export function wrapText(theme: Theme, text: string, style: TextStyle, maxWidth: number): string[] {
  const f = face(theme, style.font);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && textWidth(f, candidate, style.size) > maxWidth) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

/** The largest size ≤ `size` at which `text` fits in `maxWidth` on one line (not below 60 % of `size`). */
export function fitSize(theme: Theme, text: string, font: FontKey, size: number, maxWidth: number): number {
  const w = textWidth(face(theme, font), text, size);
  return w <= maxWidth ? size : Math.max(size * 0.6, (size * maxWidth) / w);
}

/** Text set to fit a space: its lines and the one size they all take, in points. */
export interface FittedText {
  lines: string[];
  size: number;
}

/** Each step down in {@link fitText} sets the text this much smaller than the step before. */
const SHRINK_STEP = 0.96;

/**
 * Text wrapped to `width` (points) at the largest size from `size` down to `floor` at which every line fits
 * the width and `fits(lines, size)` accepts the block (a height, a number of lines): first the text is
 * wrapped at its size, then set smaller in steps of 4 %, the last step the floor itself. Undefined when it
 * does not fit even at the floor (a word wider than the width, or too many lines): the caller reports it,
 * as text is never clipped nor left to run over the page.
 */
export function fitText(
  theme: Theme,
  text: string,
  font: FontKey,
  size: number,
  floor: number,
  width: number,
  fits: (lines: number, size: number) => boolean = () => true,
): FittedText | undefined {
  const f = face(theme, font);
  const trial = (s: number): FittedText | undefined => {
    const lines = wrapText(theme, text, { font, size: s, color: '' }, width);
    if (lines.some((line) => textWidth(f, line, s) > width + 1e-9)) return undefined;
    return fits(lines.length, s) ? { lines, size: s } : undefined;
  };
  const top = Math.max(size, floor);
  for (let s = top; s > floor; s *= SHRINK_STEP) {
    const fitted = trial(s);
    if (fitted) return fitted;
  }
  return trial(floor);
}

/** One line of `text` at the largest size from `size` down to `floor` that fits `width`, or undefined. */
export function fitLine(
  theme: Theme,
  text: string,
  font: FontKey,
  size: number,
  floor: number,
  width: number,
): number | undefined {
  const w = textWidth(face(theme, font), text, 1);
  const fitted = Math.min(Math.max(size, floor), width / Math.max(w, 1e-9));
  return fitted >= floor - 1e-9 ? Math.max(fitted, floor) : undefined;
}

/**
 * Refuses text that cannot be set in its place: a located error naming the text (its start), the space and
 * the floor, so a build stops (exit 2) before anything is written instead of clipping it.
 * @param where the spec place the text came from
 * @param space what it must fit, for the message ("the title band of page 12")
 */
export function textDoesNotFit(where: string, text: string, space: string, floor: number): UserError {
  const shown = text.length > 40 ? `${text.slice(0, 37).trimEnd()}…` : text;
  return new UserError(
    where,
    `"${shown}" (${text.length} characters) does not fit ${space}, even set at ${round(floor)}pt, the smallest text the book allows`,
    'shorten the text, or use larger paper or smaller margins',
  );
}

function round(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/**
 * Refuses text the font cannot draw (it would print as empty boxes), naming the characters and the font.
 * @param where the spec place the text came from
 */
export function checkGlyphs(theme: Theme, font: FontKey, text: string, where: string): void {
  const missing = missingCharacters(face(theme, font), text);
  if (missing.length > 0) {
    const file = face(theme, font).path.split(/[\\/]/).pop();
    throw new UserError(
      where,
      `the ${font} font of theme "${theme.name}" (${file}) has no glyph for ${missing.map((c) => `"${c}"`).join(', ')}`,
      'remove or replace those characters, or use a theme whose font has them',
    );
  }
}
