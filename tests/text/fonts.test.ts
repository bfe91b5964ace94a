import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { fontBytes, fontOf, textWidth } from '../../src/text/fonts.js';
import { latoBold } from '../helpers.js';

describe('fonts', () => {
  it('gives the PDF writer the font already parsed for measuring, from the same bytes only', () => {
    const face = latoBold();
    const measured = fontOf(face);
    // What pdfkit does with the bytes it embeds: its own require of fontkit, then create().
    const fk = createRequire(import.meta.url)('fontkit') as typeof fontkit;
    expect(fk.create(fontBytes(face.path))).toBe(measured);
    // A copy of the bytes is another font (parsed afresh), and reads the same.
    const copy = fk.create(readFileSync(face.path)) as fontkit.Font;
    expect(copy).not.toBe(measured);
    expect(copy.layout('Maze 12').advanceWidth).toBe(measured.layout('Maze 12').advanceWidth);
    expect(textWidth(face, 'Maze 12', 10)).toBeCloseTo((copy.layout('Maze 12').advanceWidth / 2000) * 10, 9);
    // The rest of fontkit is untouched.
    expect(typeof fk.openSync).toBe('function');
  });
});
