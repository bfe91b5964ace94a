import { basename } from 'node:path';
import { UserError } from '../base/errors.js';
import type { FieldPath } from '../base/parse-yaml.js';
import { language } from '../mazegram/languages.js';
import { messageLetters } from '../mazegram/place.js';
import type { MazeSpec } from '../spec/schema.js';
import { toFraction } from '../spec/units.js';
import { capHeight, missingCharacters } from '../text/fonts.js';
import type { MazegramPlan } from './book-plan.js';
import { type MaskContext, resolveFont } from './resolve-mask.js';

/** A mazegram letter's height (cap height) as a share of the passage width, on every page that draws it. */
export const LETTER_SHARE = 0.5;

/** The size (points) of a mazegram's letters on a passage `cell` points wide (wall centre to wall centre). */
export function letterSize(mazegram: Pick<MazegramPlan, 'font'>, cell: number): number {
  return (cell * LETTER_SHARE) / capHeight(mazegram.font, 1);
}

/** The narrowest passage (points) at which a mazegram's letters are `text` points or larger. */
export function mazegramCell(mazegram: Pick<MazegramPlan, 'font'>, text: number): number {
  return (text * capHeight(mazegram.font, 1)) / LETTER_SHARE;
}

/**
 * A spec's `mazegram`: the message's letters in its language and case, and a font that has a glyph for every
 * letter the maze may show (the message's and the language's decoys).
 */
export function resolveMazegram(
  m: NonNullable<MazeSpec['mazegram']>,
  field: FieldPath,
  at: (p: FieldPath) => string,
  ctx: MaskContext,
): MazegramPlan {
  const spec = typeof m === 'string' ? { message: m } : m;
  const where = at(typeof m === 'string' ? field : [...field, 'message']);
  const lang = language(spec.language ?? 'en');
  const mode = spec.case ?? 'upper';
  const { letters, words, shown } = messageLetters(spec.message, lang, mode, where);
  const fontWhere = typeof m === 'object' && m.font ? at([...field, 'font']) : where;
  const font = resolveFont(typeof m === 'object' ? m.font : undefined, ctx, fontWhere);
  // Every letter the maze may show: the message's and the language's decoys.
  const decoys = lang.letters.map((l) => (mode === 'lower' ? l.toLocaleLowerCase() : l)).join('');
  const missing = missingCharacters(font, shown + decoys);
  if (missing.length > 0) {
    throw new UserError(
      fontWhere,
      `mazegram: the font ${basename(font.name)} has no glyph for ${missing.map((c) => `"${c}"`).join(', ')}`,
      'choose a font that covers the language (lato and lato-bold cover all the mazegram languages)',
    );
  }
  return {
    message: spec.message,
    language: lang,
    fill: spec.fill === undefined || spec.fill === 'auto' ? 'auto' : toFraction(spec.fill),
    case: mode,
    font,
    letters: letters.length,
    shown,
    words,
    blanks: typeof m === 'object' ? (m.blanks ?? true) : true,
  };
}
