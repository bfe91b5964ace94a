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
