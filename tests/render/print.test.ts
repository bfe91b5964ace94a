import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildBook, layoutBook } from '../../src/book/build-book.js';
import { podGutter } from '../../src/plan/print.js';
import { tempDir } from '../helpers.js';
import { inspectPdf } from '../pdf-inspect.js';

const pages = (n: number) => Array.from({ length: n }, () => '  - maze: { cells: 6 }').join('\n');

async function build(spec: string) {
  const dir = tempDir({ 'b.yaml': spec });
  const r = await buildBook(join(dir, 'b.yaml'), { output: join(dir, 'b.pdf') });
  return { ...r, bytes: readFileSync(join(dir, 'b.pdf')) };
}

describe('print profiles and bleed', () => {
  it('KDP: bleed on the outer edge, top and bottom, trim boxes that alternate, an even page count', async () => {
    const r = await build(`title: K\npaper: trim-6x9\nprofile: kdp\nbleed: 0.125in\npages:\n${pages(3)}\n`);
    const pdf = await PDFDocument.load(r.bytes);
    expect(pdf.getPageCount() % 2).toBe(0);
    const [p1, p2] = pdf.getPages();
    expect([p1.getWidth(), p1.getHeight()]).toEqual([441, 666]); // 6.125 × 9.25 in
    const box = (i: number) => pdf.getPage(i).getTrimBox();
    expect(box(0)).toEqual({ x: 0, y: 9, width: 432, height: 648 }); // recto: bleed on the right
    expect(box(1)).toEqual({ x: 9, y: 9, width: 432, height: 648 }); // verso: bleed on the left
    expect(p2.node.get(PDFName.of('BleedBox'))).toBeDefined();
    expect(
      r.warnings.some((w) => /profile kdp: the book has \d+ pages; kdp prints at least 24/.test(w)),
    ).toBe(true);
  });

  it('Lulu: bleed all round; no bleed means no trim box', async () => {
    const lulu = await build(`title: L\npaper: letter\nprofile: lulu\nbleed: 0.125in\npages:\n${pages(2)}\n`);
    const pdf = await PDFDocument.load(lulu.bytes);
    expect([pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()]).toEqual([630, 810]);
    expect(pdf.getPage(0).getTrimBox()).toEqual({ x: 9, y: 9, width: 612, height: 792 });
    const plain = await PDFDocument.load((await build(`title: P\npages:\n${pages(1)}\n`)).bytes);
    expect(plain.getPage(0).node.get(PDFName.of('TrimBox'))).toBeUndefined();
  });

  it('facing pages: the inside margin swaps sides, and grows with the page count for POD profiles', async () => {
    const dir = tempDir({
      'b.yaml': `title: F\nmargins: { top: 20mm, bottom: 20mm, inside: 25mm, outside: 10mm }\npages:\n${pages(3)}\n`,
    });
    const { doc } = await layoutBook(join(dir, 'b.yaml'));
    const titleX = (i: number) => doc.pages[i].items.find((it) => it.type === 'text')?.x ?? 0;
    const mm = 72 / 25.4;
    expect(titleX(2) - titleX(1)).toBeCloseTo(15 * mm, 6); // page 3 (recto) sits 15 mm right of page 2 (verso)
    expect(podGutter(100)).toBe(27);
    expect(podGutter(200)).toBe(36);
    expect(podGutter(800)).toBe(63);
    const small = tempDir({ 'b.yaml': `title: G\nprofile: kdp\nmargins: 5mm\npages:\n${pages(30)}\n` });
    const g = await layoutBook(join(small, 'b.yaml'));
    expect(g.plan.print.margins.left).toBe(27);
    expect(g.warnings.some((w) => /inside margin raised to 0\.375in/.test(w))).toBe(true);
  });

  it('CMYK: colours are DeviceCMYK, and black walls use black ink only', async () => {
    const r = await build(`title: C\ncolor: cmyk\npages:\n${pages(1)}\n`);
    const facts = await inspectPdf(r.bytes);
    const content = facts.contents[1];
    expect(content).toMatch(/\/DeviceCMYK CS\s+0 0 0 0\.894 SCN/); // #1b1b1b walls: black ink only
    expect(content).not.toMatch(/\b(RG|rg)\b/);
  });

  it('screen: bookmarks for puzzles and answers, links between them; print profiles have none', async () => {
    const screen = await build(`title: S\nprofile: screen\npages:\n${pages(3)}\n`);
    const pdf = await PDFDocument.load(screen.bytes);
    expect(pdf.catalog.get(PDFName.of('Outlines'))).toBeDefined();
    const links = pdf.getPages().flatMap((p) => p.node.Annots()?.asArray() ?? []);
    expect(links.length).toBe(3 + 3); // each puzzle's title, and each thumbnail back
    const kdp = await PDFDocument.load((await build(`title: K\nprofile: kdp\npages:\n${pages(2)}\n`)).bytes);
    expect(kdp.catalog.get(PDFName.of('Outlines'))).toBeUndefined();
    expect(kdp.getPages().every((p) => !p.node.Annots())).toBe(true);
  });

  it('speaks the book’s language in its built-in words', async () => {
    const dir = tempDir({
      'b.yaml': `title: D\nlocale: de\nfront: [title-page, contents]\npages:\n${pages(2)}\n`,
    });
    const { doc } = await layoutBook(join(dir, 'b.yaml'));
    const texts = doc.pages.flatMap((p) => p.items.flatMap((i) => (i.type === 'text' ? [i.text] : [])));
    expect(texts).toContain('Inhalt');
    expect(texts).toContain('Labyrinth 1');
    expect(texts).toContain('Lösungen');
    expect(texts).toContain('Rätsel 2 · Seite 4');
  });
});
