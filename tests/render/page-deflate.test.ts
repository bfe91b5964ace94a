import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generatePuzzles } from '../../src/book/build-book.js';
import { planSpec } from '../../src/book/plan-spec.js';
import { composeBook } from '../../src/layout/compose-book.js';
import type { DisplayDocument } from '../../src/layout/display-list.js';
import { PageDeflates } from '../../src/render/page-deflate.js';
import { renderPdf } from '../../src/render/pdf.js';
import { polygon } from '../../src/vector/path-data.js';

describe('page contents deflated beside the drawing', () => {
  it('leaves in the stream the bytes deflateSync gives, and refuses writes once begun', async () => {
    const text = `0 0 m 10 10 l S\n${'BT /F1 12 Tf ET\n'.repeat(50)}`;
    const ref = {
      buffer: [Buffer.from(text.slice(0, 16)), Buffer.from(text.slice(16))],
      compress: true,
      write() {},
    };
    const deflates = new PageDeflates();
    const begun = deflates.begin(ref);
    expect(() => ref.write()).toThrow(/written to after it was drawn/);
    await begun;
    await deflates.finish();
    expect(ref.compress).toBe(false); // pdfkit writes it as it is
    expect(Buffer.concat(ref.buffer).equals(deflateSync(Buffer.from(text)))).toBe(true);
  });

  it('keeps at most 8 pages deflating: the 8th waits until the first is done', async () => {
    const refs = Array.from({ length: 8 }, (_, i) => ({
      buffer: [Buffer.from(`${i} 0 m 1 1 l S\n`.repeat(2000))],
      compress: true,
      write() {},
    }));
    const deflates = new PageDeflates();
    for (const ref of refs.slice(0, 7)) await deflates.begin(ref);
    await deflates.begin(refs[7]);
    expect(refs[0].compress).toBe(false);
    await deflates.finish();
    expect(refs.every((r) => !r.compress)).toBe(true);
  });

  it('writes the very bytes pdfkit writes deflating each page as the next begins', async () => {
    const plan = await planSpec('books/sample.yaml');
    const book = composeBook(plan, generatePuzzles(plan));
    // In CMYK, with bookmarks, and a page with a path long enough to be a form of its own.
    const zigzag = polygon(
      Array.from({ length: 30_000 }, (_, i) => [i % 500, (i * 7) % 300] as [number, number]),
    );
    const big: DisplayDocument = {
      ...book,
      color: 'cmyk',
      pages: [
        ...book.pages.slice(0, 3).map((p, i) => ({ ...p, bookmark: `page ${i + 1}` })),
        {
          width: 600,
          height: 400,
          items: [
            {
              type: 'path',
              path: zigzag,
              stroke: { color: '#000000', width: 1, cap: 'butt', join: 'miter' },
            },
          ],
        },
      ],
    };
    // Links on some pages (annotations pdfkit writes at once), turned and broken text, trim boxes.
    const mixed: DisplayDocument = {
      ...book,
      pages: book.pages.slice(0, 6).map((p, i) => ({
        ...p,
        ...(i % 2 === 1 ? { trim: { x: 9, y: 9, width: p.width - 18, height: p.height - 18 } } : {}),
        items: [
          ...p.items,
          ...(i % 3 === 0
            ? [{ type: 'link' as const, x: 5, y: 5, width: 40, height: 20, page: (i + 2) % 6 }]
            : []),
          {
            type: 'text' as const,
            text: `Turned ${i}`,
            x: 50,
            y: 60,
            size: 9,
            font: 'body',
            color: '#333333',
            rotate: 90,
          },
          {
            type: 'text' as const,
            text: 'Two\nlines',
            x: 80,
            y: 90,
            size: 9,
            font: 'body',
            color: '#000000',
          },
        ],
        ...(i === 4 ? { background: '#fff8e0' } : {}),
      })),
    };
    for (const doc of [book, big, mixed]) {
      const here = await renderPdf(doc, { deflateOnThisThread: true });
      const beside = await renderPdf(doc);
      expect(beside.equals(here)).toBe(true);
    }
  });
});
