import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { deflateSync, inflateRawSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DisplayDocument } from '../../src/layout/display-list.js';
import { adler32, DEFLATE_PIECE, deflatePath, deflatePieces } from '../../src/render/big-paths.js';
import { pdfPathBytes } from '../../src/render/path-ops.js';
import { renderPdf } from '../../src/render/pdf.js';
import { PathBuilder, polygon } from '../../src/vector/path-data.js';
import { inspectPdf } from '../pdf-inspect.js';

const fonts = {
  heading: resolve('fonts/lato/Lato-Bold.ttf'),
  body: resolve('fonts/lato/Lato-Regular.ttf'),
};

function doc(): DisplayDocument {
  return {
    info: { title: 'Test', subject: 's', keywords: 'k', date: new Date(Date.UTC(2024, 4, 6)) },
    fonts,
    pages: [
      {
        width: 300,
        height: 200,
        items: [
          {
            type: 'path',
            path: polygon([
              [10, 10],
              [50.123, 10],
              [50.123, 40],
            ]),
            stroke: { color: '#112233', width: 1.5, cap: 'square', join: 'miter' },
          },
          {
            type: 'path',
            path: polygon([
              [0, 0],
              [5, 0],
              [0, 5],
            ]),
            fill: '#ff0000',
          },
          { type: 'text', text: 'Maze 1', x: 20, y: 100, size: 12, font: 'heading', color: '#000000' },
        ],
      },
      {
        width: 300,
        height: 200,
        background: '#eeeeff',
        items: [{ type: 'link', x: 0, y: 0, width: 10, height: 10, page: 0 }],
      },
    ],
  };
}

describe('PDF renderer', () => {
  it('draws paths as content-stream operators with the stroke settings asked for', async () => {
    const facts = await inspectPdf(await renderPdf(doc()));
    expect(facts.pageCount).toBe(2);
    expect(facts.sizes).toEqual([
      [300, 200],
      [300, 200],
    ]);
    const c = facts.contents[0];
    // The paint operator ends the path's own line (path bytes and operator are written apart).
    expect(c).toContain('10 10 m\n50.12 10 l\n50.12 40 l\nh\nS\n');
    expect(c).toMatch(/1\.5 w/);
    expect(c).toMatch(/2 J/); // square cap
    expect(c).toMatch(/0 j/); // miter join
    expect(c).toContain('0 0 m\n5 0 l\n0 5 l\nh\nf\n');
    expect(c).toMatch(/Tf/); // text was set in an embedded font
  });

  it('embeds and subsets the fonts and fixes the dates', async () => {
    const facts = await inspectPdf(await renderPdf(doc()));
    expect(facts.fonts.length).toBe(1);
    expect(facts.fonts[0].embedded).toBe(true);
    expect(facts.fonts[0].name).toMatch(/^[A-Z]{6}\+Lato-Bold$/);
    expect(facts.info.creationDate).toBe('2024-05-06T00:00:00.000Z');
  });

  it('gives the same bytes for the same display list', async () => {
    const a = await renderPdf(doc());
    const b = await renderPdf(doc());
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it('tags font subsets by their glyphs: the same document the same tags, other text other tags', async () => {
    const withText = (text: string): DisplayDocument => {
      const d = doc();
      d.pages[0].items.push({ type: 'text', text, x: 20, y: 150, size: 10, font: 'body', color: '#000000' });
      return d;
    };
    const names = async (d: DisplayDocument) =>
      (await inspectPdf(await renderPdf(d))).fonts.map((f) => f.name);
    const a = await names(withText('Amazing Adventures'));
    const b = await names(withText('Spring Puzzles'));
    expect(a).toHaveLength(2);
    for (const name of [...a, ...b]) expect(name).toMatch(/^[A-Z]{6}\+Lato-(Bold|Regular)$/);
    // pdfkit alone tags by resource number only: F1 → BZZZZZ, F2 → CZZZZZ in every document.
    expect(a.some((n) => /^[BC]ZZZZZ\+/.test(n))).toBe(false);
    // Same heading glyphs in both: the same bold subset, the same tag; other body text, another tag.
    const tag = (names: string[], face: string) => names.find((n) => n.endsWith(face))?.slice(0, 6);
    expect(tag(a, 'Bold')).toBe(tag(b, 'Bold'));
    expect(tag(a, 'Regular')).not.toBe(tag(b, 'Regular'));
    const x = await renderPdf(withText('Amazing Adventures'));
    const y = await renderPdf(withText('Amazing Adventures'));
    expect(Buffer.compare(x, y)).toBe(0);
  });

  it("sets level text in the very bytes pdfkit's text() writes: kerning, ligatures, marks, colours, sizes", async () => {
    const lines = [
      'Maze 12',
      'AVATAR Wave To. Yoyo',
      'office ﬁne fluffy',
      'Crème brûlée à l’île',
      'e\u0301 a\u0308 n\u0303', // combining marks, placed by offsets
      '',
      '   ',
      ' spaced  out ',
      '1234567890 · 2/3',
    ];
    const page = (k: number): DisplayDocument['pages'][number] => ({
      width: 300 + k,
      height: 400 + 7 * k,
      items: lines.map((text, i) => ({
        type: 'text' as const,
        text,
        x: 10.123456789 + i * 3.3,
        y: 20 + i * 31.7,
        size: [9, 12.5, 18, 8.5][i % 4],
        font: i % 2 === 0 ? 'heading' : 'body',
        color: ['#000000', '#123456', '#999999'][i % 3],
      })),
    });
    const d: DisplayDocument = { ...doc(), pages: [page(0), page(1), page(2)] };
    const direct = await renderPdf(d);
    expect(direct.equals(await renderPdf(d, { pdfkitText: true }))).toBe(true);
    expect((await inspectPdf(direct)).contents[0]).toMatch(/\] TJ/);
  });

  it('sets glyphs a font moves (marks with offsets) where pdfkit sets them', async () => {
    // Lato places its combining marks without offsets: give every zero-width glyph one, for both writers.
    const font = createRequire(import.meta.url)('fontkit').create(readFileSync(fonts.body));
    const proto = Object.getPrototypeOf(font);
    const layout = proto.layout;
    proto.layout = function (this: unknown, ...args: unknown[]) {
      const run = layout.apply(this, args);
      for (const p of run.positions) {
        if (p.xAdvance === 0) {
          p.xOffset = -310;
          p.yOffset = 255;
        }
      }
      return run;
    };
    try {
      const items = ['a\u0301b\u0308c', 'q\u0301 x\u0323\u0323 AV'].map((text, i) => ({
        type: 'text' as const,
        text,
        x: 12.5,
        y: 40 + 30 * i,
        size: 14,
        font: 'body',
        color: '#000000',
      }));
      const d: DisplayDocument = { ...doc(), pages: [{ width: 200, height: 120, items }] };
      const direct = await renderPdf(d);
      expect(direct.equals(await renderPdf(d, { pdfkitText: true }))).toBe(true);
      expect((await inspectPdf(direct)).contents[0].match(/ Tm/g)?.length).toBeGreaterThan(4);
    } finally {
      proto.layout = layout;
    }
  });

  it('deflates a big path on zlib’s thread into the bytes deflateSync gives', async () => {
    const b = new PathBuilder();
    for (let i = 0; i < 150_000; i++) {
      if (i % 7 === 0) b.moveTo(i % 1000, (i * 0.37) % 900);
      else if (i % 11 === 0) b.curveTo(i % 13, -3.333, 12345.678, i / 3, 0.004, -0.006);
      else if (i % 5 === 0) b.close();
      else b.lineTo((i * 1.25) % 5000, (i * 2.5) % 777.77);
    }
    const path = b.finish();
    const ops = pdfPathBytes(path);
    const whole = deflateSync(Buffer.concat([ops, Buffer.from('S', 'latin1')]), { level: 1 });
    expect(Buffer.compare(await deflatePath(path, 'S'), whole)).toBe(0);
    expect(inflateSync(whole).subarray(0, 24).toString('latin1')).toBe('0 0 m\n1.25 2.5 l\n2.5 5 l');
    expect(pdfPathBytes(path, 'B*').toString('latin1')).toBe(`${ops.toString('latin1')}B*`);
  });

  it('deflates long operators in pieces side by side into one zlib stream any inflater reads', async () => {
    const b = new PathBuilder();
    for (let i = 0; i < 40_000; i++) {
      if (i % 9 === 0) b.moveTo(i % 997, (i * 0.61) % 733);
      else b.lineTo((i * 3.25) % 4001, (i * 1.5) % 613.37);
    }
    const ops = Buffer.concat([pdfPathBytes(b.finish()), Buffer.from('S', 'latin1')]);
    for (const piece of [1 << 16, 100_003, ops.length - 1]) {
      const packed = await deflatePieces(ops, piece);
      expect(inflateSync(packed).equals(ops)).toBe(true);
      // A raw inflater reads the same (the pieces join with no gap), and the trailer is the bytes' Adler-32.
      expect(inflateRawSync(packed.subarray(2, -4)).equals(ops)).toBe(true);
      expect(packed.readUInt32BE(packed.length - 4)).toBe(
        deflateSync(ops).readUInt32BE(deflateSync(ops).length - 4),
      );
      // The same bytes every time, and about as small as one deflate of the whole.
      expect((await deflatePieces(ops, piece)).equals(packed)).toBe(true);
      expect(packed.length).toBeLessThan(deflateSync(ops, { level: 1 }).length * 1.01 + 64);
    }
    expect(inflateSync(await deflatePieces(Buffer.alloc(0), 1 << 16)).length).toBe(0);
    expect(inflateSync(await deflatePieces(ops.subarray(0, 1), 1 << 16)).equals(ops.subarray(0, 1))).toBe(
      true,
    );
    await expect(deflatePieces(ops, 0)).rejects.toThrow(/pieces of 0 bytes/);
    expect(adler32(new Uint8Array(0))).toBe(1);
    expect(adler32(Buffer.from('Wikipedia', 'latin1'))).toBe(0x11e60398);
    // The largest sums: every byte 255.
    const full = Buffer.alloc(100_003, 255);
    expect(adler32(full)).toBe(deflateSync(full).readUInt32BE(deflateSync(full).length - 4));
    // Up to a piece's length a path is one deflate of the whole.
    expect(DEFLATE_PIECE).toBeGreaterThan(ops.length);
    expect((await deflatePath(b.finish(), 'S')).equals(deflateSync(ops, { level: 1 }))).toBe(true);
  });

  it('paints a page background and writes links to named page destinations', async () => {
    const bytes = await renderPdf(doc());
    const facts = await inspectPdf(bytes);
    expect(facts.contents[1]).toMatch(/0 0 300 200 re/);
    expect(bytes.toString('latin1')).toMatch(/\/Dests|page-0/);
  });
});
