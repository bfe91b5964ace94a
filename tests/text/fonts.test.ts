import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { DisplayDocument } from '../../src/layout/display-list.js';
import { renderPdf } from '../../src/render/pdf.js';
import {
  fontBytes,
  fontOf,
  loadFontFile,
  shapingPieces,
  textOutline,
  textWidth,
} from '../../src/text/fonts.js';
import { latoBold } from '../helpers.js';

type Tables = { _tables?: object };

describe('fonts', () => {
  it('gives the PDF writer a font sharing the tables already decoded for measuring, from the same bytes only', () => {
    const face = latoBold();
    const measured = fontOf(face) as fontkit.Font & Tables;
    // What pdfkit does with the bytes it embeds: its own require of fontkit, then create().
    const fk = createRequire(import.meta.url)('fontkit') as typeof fontkit;
    const again = fk.create(fontBytes(face.path)) as fontkit.Font & Tables;
    expect(again).not.toBe(measured);
    expect(again._tables).toBe(measured._tables);
    expect(again.layout('Maze 12').advanceWidth).toBe(measured.layout('Maze 12').advanceWidth);
    // A copy of the bytes is another font, parsed afresh, and reads the same.
    const copy = fk.create(readFileSync(face.path)) as fontkit.Font & Tables;
    expect(copy._tables).not.toBe(measured._tables);
    expect(textWidth(face, 'Maze 12', 10)).toBeCloseTo((copy.layout('Maze 12').advanceWidth / 2000) * 10, 9);
    expect(typeof fk.openSync).toBe('function');
  });

  it('measures and outlines text as the PDF writer shapes it: word by word, no kerning across a space', () => {
    // Lato kerns a space against a following "A", "T", "1" and more; pdfkit shapes each word with the space
    // after it and never shows those pairs, so a line shaped whole measured narrower than it printed.
    const lines = ['P. a. AVATAR 1', 'Maze 17', 'Ty 11 Tom\t11 4', 'Your AVATAR 8', 'Wavy  Al', ' To ', 'x'];
    const lato = join(import.meta.dirname, '..', '..', 'fonts', 'lato');
    let kernedAcross = 0;
    for (const file of ['Lato-Regular.ttf', 'Lato-Bold.ttf']) {
      const face = loadFontFile(join(lato, file));
      const pdf = new PDFDocument({ autoFirstPage: false });
      pdf.font(fontBytes(face.path)).fontSize(13);
      for (const line of lines) {
        expect(textWidth(face, line, 13)).toBeCloseTo(pdf.widthOfString(line), 9);
        if (Math.abs(fontOf(face).layout(line).advanceWidth * (13 / 2000) - pdf.widthOfString(line)) > 0.1)
          kernedAcross++;
      }
      // The outline's last word sits where the PDF draws it: after the width of the words before it.
      const line = 'Maze AVATAR';
      const xs = (d: string) =>
        (d.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number).filter((_, i) => i % 2 === 0);
      const whole = xs(textOutline(face, line, 13));
      const last = xs(textOutline(face, 'AVATAR', 13));
      const shift = textWidth(face, 'Maze ', 13);
      const tail = whole.slice(whole.length - last.length);
      // (the outline rounds to 0.01 pt; the pair Lato kerns across the space, " A", moves it 0.44 pt)
      for (const [i, x] of last.entries()) expect(Math.abs(tail[i] - (x + shift))).toBeLessThanOrEqual(0.011);
    }
    expect(kernedAcross).toBeGreaterThan(4);
    expect(shapingPieces('Maze 17')).toEqual(['Maze ', '17']);
    expect(shapingPieces(' a\t b ')).toEqual([' ', 'a\t', ' ', 'b ']);
    expect(shapingPieces('')).toEqual([]);
  });

  it('writes the same PDF for the same document whatever was measured or written before it', async () => {
    const face = loadFontFile(join(import.meta.dirname, '..', '..', 'fonts', 'lato', 'Lato-Regular.ttf'));
    // Lato draws U+2010 like "-" and U+00A0 like " ": the text-to-Unicode map must name the document's own.
    const doc = (text: string): DisplayDocument =>
      ({
        info: { title: 'T', subject: 's', keywords: 'k', date: new Date(Date.UTC(2024, 4, 6)) },
        fonts: { body: face.path },
        pages: [
          {
            width: 300,
            height: 200,
            items: [{ type: 'text', text, x: 20, y: 100, size: 12, font: 'body', color: '#000000' }],
          },
        ],
      }) as unknown as DisplayDocument;
    // Measured first: the measuring font has met the look-alikes before the writer sees "-" and " ".
    textWidth(face, 'x\u2010y\u00a0z', 12);
    const first = await renderPdf(doc('Page 1 - 2'));
    const map = toUnicode(first);
    expect(map).toContain('<002d>');
    expect(map).toContain('<0020>');
    expect(map).not.toMatch(/<2010>|<00a0>/);
    await renderPdf(doc('x\u2010y\u00a0z'));
    expect((await renderPdf(doc('Page 1 - 2'))).equals(first)).toBe(true);
  });
});

/** The text-to-Unicode maps of a PDF's fonts (its deflated streams that hold one), joined. */
function toUnicode(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const maps: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const body = pdf.subarray(start, text.indexOf('endstream', start));
    try {
      const plain = inflateSync(body).toString('latin1');
      if (plain.includes('begincmap')) maps.push(plain);
    } catch {
      // not a deflated stream
    }
  }
  return maps.join('\n');
}
