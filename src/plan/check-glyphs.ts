import { UserError } from '../base/errors.js';
import { missingCharacters } from '../text/fonts.js';
import type { Theme } from './theme.js';

/**
 * Refuses text a theme font cannot draw (it would print as empty boxes), naming the characters and the font.
 * Planning checks every text the book will print, so `validate` finds these before any maze is made.
 * @param where the spec place the text came from
 */
export function checkGlyphs(theme: Theme, font: 'heading' | 'body', text: string, where: string): void {
  const face = theme.fonts[font];
  const missing = missingCharacters(face, text);
  if (missing.length > 0) {
    const file = face.path.split(/[\\/]/).pop();
    throw new UserError(
      where,
      `the ${font} font of theme "${theme.name}" (${file}) has no glyph for ${missing
        .slice(0, 12)
        .map((c) => `"${c}"`)
        .join(', ')}${missing.length > 12 ? ', …' : ''}`,
      'remove or replace those characters, or use a theme whose font has them',
    );
  }
}
