/**
 * The checks of `npm run check:pdf` with real PDF tools (qpdf, poppler's pdffonts, pdfinfo and pdftoppm,
 * Ghostscript) on three small books: KDP with outer-edge bleed, Lulu with bleed all round, and a screen PDF
 * with bookmarks and links. A check whose tool is not on PATH is skipped, and its name says so.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkBoxes,
  checkFonts,
  checkGhostscript,
  checkInteractive,
  checkPoppler,
  checkQpdf,
  generatedBooks,
  INSTALL,
  onPath,
  parsePdffonts,
  type ToolName,
  writeSpec,
} from '../../bench/check-pdf.js';
import { buildBook } from '../../src/book/build-book.js';
import { tempDir } from '../helpers.js';

const has = (tool: ToolName) => onPath(tool);
const missing = (tool: ToolName) => (has(tool) ? '' : ` [skipped: ${tool} not on PATH; ${INSTALL[tool]}]`);

const books = generatedBooks(3).filter((b) => ['gen-kdp', 'gen-lulu', 'gen-screen'].includes(b.name));
const dir = tempDir();
const built = new Map<string, { file: string; pages: number }>();

beforeAll(async () => {
  for (const book of books) {
    const result = await buildBook(writeSpec(dir, book), { output: join(dir, `${book.name}.pdf`) });
    built.set(book.name, { file: result.output, pages: result.pages });
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(books.map((b) => [b.name, b] as const))('%s', (name, book) => {
  const pdf = () => built.get(name)!;

  it.skipIf(!has('qpdf'))(`qpdf --check: no syntax or stream encoding errors${missing('qpdf')}`, () => {
    expect(checkQpdf(pdf().file).problems).toEqual([]);
  });

  it.skipIf(!has('pdffonts'))(`pdffonts: every font embedded and subset${missing('pdffonts')}`, () => {
    expect(checkFonts(pdf().file).problems).toEqual([]);
  });

  it.skipIf(!has('pdfinfo'))(`pdfinfo -box: trim and bleed boxes as asked${missing('pdfinfo')}`, () => {
    expect(checkBoxes(pdf().file, pdf().pages, book.expect).problems).toEqual([]);
  });

  it.skipIf(!has('pdftoppm'))(`pdftoppm renders every page, nothing on stderr${missing('pdftoppm')}`, () => {
    expect(checkPoppler(pdf().file, pdf().pages, dir).problems).toEqual([]);
  });

  it.skipIf(!has('gs'))(`Ghostscript renders every page silently${missing('gs')}`, () => {
    expect(checkGhostscript(pdf().file).problems).toEqual([]);
  });

  it(
    book.expect.interactive ? 'has bookmarks and working links' : 'has no bookmarks and no links',
    async () => {
      const result = await checkInteractive(readFileSync(pdf().file), book.expect);
      expect(result.problems).toEqual([]);
    },
  );
});

describe('the checker itself', () => {
  it.skipIf(!has('pdfinfo'))(`notices boxes that differ from the ones asked for${missing('pdfinfo')}`, () => {
    const kdp = books.find((b) => b.name === 'gen-kdp')!;
    const { file, pages } = built.get('gen-kdp')!;
    const allRound = checkBoxes(file, pages, { ...kdp.expect, bleedStyle: 'all' }).problems;
    expect(allRound.join('\n')).toMatch(
      /page 1 MediaBox 0\.00 0\.00 441\.00 666\.00, expected 0\.00 0\.00 450\.00/,
    );
    expect(checkBoxes(file, pages, { ...kdp.expect, bleed: 0 }).problems.length).toBeGreaterThan(0);
  });

  it('notices a print PDF expected to have links, and a screen PDF expected to have none', async () => {
    for (const book of books.filter((b) => b.name !== 'gen-lulu')) {
      const bytes = readFileSync(built.get(book.name)!.file);
      const wrong = { ...book.expect, interactive: !book.expect.interactive };
      expect((await checkInteractive(bytes, wrong)).problems.length).toBeGreaterThan(0);
    }
  });

  it('reads the emb and sub columns of pdffonts', () => {
    const out = [
      'name                                 type              encoding         emb sub uni object ID',
      '------------------------------------ ----------------- ---------------- --- --- --- ---------',
      'CZZZZZ+Lato-Bold                     CID TrueType      Identity-H       yes yes yes      9  0',
      'Helvetica                            Type 1            WinAnsi          no  no  no      12  0',
      '',
    ].join('\n');
    expect(parsePdffonts(out)).toEqual([
      { name: 'CZZZZZ+Lato-Bold', type: 'CID TrueType', emb: 'yes', sub: 'yes' },
      { name: 'Helvetica', type: 'Type 1', emb: 'no', sub: 'no' },
    ]);
  });
});
