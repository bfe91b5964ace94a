import { basename } from 'node:path';
import { UserError } from '../base/errors.js';
import type { FieldPath } from '../base/parse-yaml.js';
import type { CoverSpec } from '../spec/schema.js';
import { missingCharacters } from '../text/fonts.js';
import { checkGlyphs } from './check-glyphs.js';
import type { CoverGeometry } from './cover-geometry.js';
import { type CoverFonts, fitText, parseRichText, type TextBlock } from './cover-text.js';
import type { Rect } from './rect.js';
import type { Theme } from './theme.js';

/** A cover's back panel as laid out: its blurb and its thumbnails, in points on the cover page. */
export interface CoverBack {
  blurb?: TextBlock;
  /** Small drawings of puzzles (by their number in the book) or of the solved cover maze. */
  thumbnails: {
    rect: Rect;
    label?: { text: string; x: number; y: number; size: number };
    puzzle?: number;
  }[];
}

/**
 * Where n square thumbnails go on a cover's back: the grid (columns × rows, filled row by row) that makes
 * them largest in a box `width` wide and at most `height` tall, each with `caption` points of room above it
 * for its label, `gap` points between them. A side never exceeds `maxSide` (a single thumbnail would
 * otherwise fill the back). All in points.
 */
function backThumbnailGrid(
  n: number,
  box: { width: number; height: number },
  gap: number,
  caption: number,
  maxSide: number,
): { columns: number; rows: number; side: number } {
  let best = { columns: n, rows: 1, side: 0 };
  for (let columns = 1; columns <= n; columns++) {
    const rows = Math.ceil(n / columns);
    const side = Math.min(
      maxSide,
      (box.width - gap * (columns - 1)) / columns,
      (box.height - rows * caption - gap * (rows - 1)) / rows,
    );
    // Fewer rows win a tie: a row reads as a set.
    if (side > best.side + 1e-9 || (Math.abs(side - best.side) <= 1e-9 && rows < best.rows))
      best = { columns, rows, side };
  }
  return best;
}

/** The height a grid takes: its rows, each a caption and a thumbnail, gaps between rows. */
const gridHeight = (g: { rows: number; side: number }, gap: number, caption: number): number =>
  g.rows * (caption + g.side) + (g.rows - 1) * gap;

/**
 * The back panel: the blurb at the top, then the thumbnails in the grid that makes them largest in the room
 * the blurb leaves (centred in it), and the barcode area kept empty at the bottom right. The blurb is fitted
 * first with the thumbnails holding BACK_THUMB_SHARE of the room; a blurb too long for that gets the room
 * it had with one row of thumbnails a third of the panel high.
 */
export function layoutBack(
  c: CoverSpec,
  g: CoverGeometry,
  thumbs: { puzzle?: number; label?: string }[],
  fonts: CoverFonts,
  theme: Theme,
  minText: number,
  at: (p: FieldPath) => string,
): CoverBack {
  const pad = Math.max(0.125 * 72, g.back.width * 0.05);
  const frame: Rect = {
    x: g.backSafe.x + pad,
    y: g.backSafe.y + pad,
    width: g.backSafe.width - 2 * pad,
    height: g.backSafe.height - 2 * pad,
  };
  let bottom = frame.y + frame.height;
  if (g.barcode) bottom = Math.min(bottom, g.barcode.y - pad);
  const gap = frame.width * 0.04;
  const label = Math.max(minText, theme.sizes.label);
  const grid = (height: number) =>
    backThumbnailGrid(thumbs.length, { width: frame.width, height }, gap, label * 1.6, frame.width * 0.45);
  const reserve = (height: number) =>
    thumbs.length > 0 ? gridHeight(grid(height), gap, label * 1.6) + gap : 0;
  const room = bottom - frame.y;
  const blurb = c.blurb
    ? fitBlurb(
        c.blurb,
        { ...frame, height: room - reserve(room * BACK_THUMB_SHARE) },
        fonts,
        theme,
        minText,
        at,
        () =>
          fitBlurb(
            c.blurb ?? '',
            { ...frame, height: room - reserve(frame.height * 0.3 + label * 1.6) },
            fonts,
            theme,
            minText,
            at,
          ),
      )
    : undefined;
  const below = blurb ? frame.y + blurb.height + gap : frame.y;
  const thumbnails: CoverBack['thumbnails'] = [];
  if (thumbs.length > 0) {
    const { columns, side, rows } = grid(bottom - below);
    const top = below + (bottom - below - gridHeight({ rows, side }, gap, label * 1.6)) / 2;
    thumbs.forEach((t, i) => {
      const row = Math.floor(i / columns);
      const inRow = Math.min(columns, thumbs.length - row * columns);
      const rowW = side * inRow + gap * (inRow - 1);
      const x = frame.x + (frame.width - rowW) / 2 + (i % columns) * (side + gap);
      const y = top + row * (side + label * 1.6 + gap);
      if (t.label)
        checkGlyphs(theme, 'body', t.label, at(t.puzzle === undefined ? ['solution'] : ['thumbnails', i]));
      thumbnails.push({
        rect: { x, y: y + label * 1.6, width: side, height: side },
        ...(t.label ? { label: { text: t.label, x: x + side / 2, y: y + label, size: label } } : {}),
        ...(t.puzzle !== undefined ? { puzzle: t.puzzle } : {}),
      });
    });
  }
  return blurb ? { blurb, thumbnails } : { thumbnails };
}

/** The share of the back's room (under the safe top, above the barcode) the thumbnails may take first. */
const BACK_THUMB_SHARE = 0.55;

/** The blurb set in `box`, from 1.2 × the body size down to `minText`; `otherwise` when it does not fit. */
function fitBlurb(
  text: string,
  box: Rect,
  fonts: CoverFonts,
  theme: Theme,
  minText: number,
  at: (p: FieldPath) => string,
  otherwise?: () => TextBlock,
): TextBlock {
  const paragraphs = parseRichText(text);
  checkBlurbGlyphs(paragraphs, fonts, at(['blurb']));
  try {
    return fitText(
      {
        field: 'the blurb',
        where: at(['blurb']),
        paragraphs,
        base: 'body',
        box,
        start: Math.max(minText, theme.sizes.body * 1.2),
        min: minText,
        leading: 1.4,
        paragraphGap: 0.6,
        align: 'left',
      },
      fonts,
    );
  } catch (e) {
    if (otherwise && e instanceof UserError) return otherwise();
    throw e;
  }
}

/** Every blurb word in the font it is set in. */
function checkBlurbGlyphs(
  paragraphs: ReturnType<typeof parseRichText>,
  fonts: CoverFonts,
  where: string,
): void {
  const byFont = new Map<string, { face: CoverFonts['body']; text: string }>();
  for (const w of paragraphs.flat()) {
    const face = w.style.italic && fonts.italic ? fonts.italic : w.style.bold ? fonts.bold : fonts.body;
    const entry = byFont.get(face.path) ?? { face, text: '' };
    entry.text += w.text;
    byFont.set(face.path, entry);
  }
  for (const { face, text } of byFont.values()) {
    const missing = missingCharacters(face, text);
    if (missing.length > 0) {
      throw new UserError(
        where,
        `the font ${basename(face.path)} has no glyph for ${missing
          .slice(0, 12)
          .map((ch) => `"${ch}"`)
          .join(', ')}`,
        'remove or replace those characters, or choose cover fonts that have them',
      );
    }
  }
}
