import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { type CoverFonts, fitText, parseRichText, plainText } from '../../src/plan/cover-text.js';
import { fontBytes, loadFontFile, textWidth } from '../../src/text/fonts.js';

const lato = (file: string) => loadFontFile(join(import.meta.dirname, '..', '..', 'fonts', 'lato', file));
const fonts: CoverFonts = {
  heading: lato('Lato-Bold.ttf'),
  body: lato('Lato-Regular.ttf'),
  bold: lato('Lato-Bold.ttf'),
};

const writers = new Map<string, PDFKit.PDFDocument>();
/** What the PDF prints for a run: pdfkit's own width of the text in that face. */
function printed(path: string, text: string, size: number): number {
  let pdf = writers.get(path);
  if (!pdf) {
    pdf = new PDFDocument({ autoFirstPage: false }).font(fontBytes(path));
    writers.set(path, pdf);
  }
  return pdf.fontSize(size).widthOfString(text);
}

describe('cover text', () => {
  it('centres a line on the width it prints, kerning before a space included', () => {
    // Lato kerns "A" and "y" against the space after them: words measured one by one and joined by a
    // space put this title ~1 pt off centre.
    const box = { x: 40, y: 100, width: 420, height: 200 };
    const block = fitText(
      {
        field: 'title',
        where: 'cover.title',
        paragraphs: plainText('A Very Tall Maze Book'),
        base: 'heading',
        box,
        start: 36,
        min: 12,
        leading: 1.2,
        align: 'centre',
      },
      fonts,
    );
    const [line] = block.lines;
    expect(line.runs).toHaveLength(1);
    const run = line.runs[0];
    const width = printed(fonts.heading.path, run.text, block.size);
    expect(line.width).toBeCloseTo(width, 9);
    expect(run.x + width / 2).toBeCloseTo(box.x + box.width / 2, 9);
  });

  it('puts each run where the one before it ends, a base space apart, and wraps on printed widths', () => {
    const text = 'Find **Any Way** out, *Yes* — A **Very** Long Trail of Twisty Ways, Ya?';
    for (const width of [600, 260, 150]) {
      const box = { x: 10, y: 10, width, height: 400 };
      const block = fitText(
        {
          field: 'blurb',
          where: 'cover.blurb',
          paragraphs: parseRichText(text),
          base: 'body',
          box,
          start: 14,
          min: 6,
          leading: 1.3,
          align: 'left',
        },
        fonts,
      );
      const space = textWidth(fonts.body, ' ', block.size);
      for (const line of block.lines) {
        let end = box.x;
        for (const [k, run] of line.runs.entries()) {
          const face = run.font === 'bold' ? fonts.bold : fonts.body;
          if (k > 0) expect(run.x).toBeCloseTo(end + space, 9);
          end = run.x + printed(face.path, run.text, block.size);
        }
        expect(box.x + line.width).toBeCloseTo(end, 9);
        expect(line.width).toBeLessThanOrEqual(box.width + 1e-6);
      }
    }
  });
});
