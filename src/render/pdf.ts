import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { DisplayDocument, Item, Page, PathItem } from '../layout/display-list.js';
import { parseHex } from '../plan/palette.js';
import { fontBytes, fontEngine } from '../text/fonts.js';
import { BIG_PATH, type PackedPaths, packBigPaths, paintOp } from './big-paths.js';
import { PageDeflates } from './page-deflate.js';
import { pdfPathBytes } from './path-ops.js';

// pdfkit is one large CommonJS file: `require` loads it about 0.1 s of CPU faster than `import`, which
// first scans the whole file for its export names. fontkit first: pdfkit then embeds the fonts already parsed
// for measuring instead of parsing them again.
fontEngine();
const PDFDocument = createRequire(import.meta.url)('pdfkit') as typeof import('pdfkit');

/**
 * Renders a display document to PDF bytes with pdfkit. Fonts are embedded as subsets; paths are written as
 * raw content-stream operators (one `m`/`l` per point, `S`/`f` per item) in the display list's y-down page
 * space, which pdfkit sets up for every page. Dates and the document ID come from `info.date`, so the
 * same document always gives the same bytes. Big paths are deflated on zlib's thread (`packBigPaths`, begun
 * by the caller or here) while the document and its fonts are set up, and each page's content while the
 * pages after it are drawn (`PageDeflates`).
 */
export async function renderPdf(doc: DisplayDocument, options: RenderPdfOptions = {}): Promise<Buffer> {
  const packing = packBigPaths(
    doc.pages.flatMap((p) => p.items),
    options.packed,
  );
  const linked = doc.pages.some((p) => p.items.some((i) => i.type === 'link'));
  // Page contents deflated beside the drawing (PageDeflates), the pages kept until then and written at the
  // end: the same bytes as writing each page when the next begins. Not for documents with links: pdfkit
  // writes a link as it is drawn, so every earlier page would have to be written first, and nothing would
  // overlap.
  const beside = !options.deflateOnThisThread && !linked;
  const pdf = new PDFDocument({
    autoFirstPage: false,
    bufferPages: beside,
    compress: true,
    pdfVersion: '1.7',
    info: {
      Title: doc.info.title,
      ...(doc.info.author ? { Author: doc.info.author } : {}),
      Subject: doc.info.subject,
      Keywords: doc.info.keywords,
      Creator: 'mazebook',
      Producer: 'mazebook (pdfkit)',
      CreationDate: doc.info.date,
      ModDate: doc.info.date,
    },
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (const key of Object.keys(doc.fonts).sort()) pdf.registerFont(key, fontBytes(doc.fonts[key]));
  const packed = await settle(packing);
  const forms: Forms = { count: 0, packed, pdfkitText: options.pdfkitText === true };
  const color = doc.color === 'cmyk' ? toCmyk : (c: string) => c;
  const deflates = beside ? new PageDeflates() : undefined;
  for (const [index, page] of doc.pages.entries()) {
    if (deflates && writesObjects(page)) {
      // pdfkit writes this page's forms as they are drawn: the pages before go first, as they would without
      // buffering.
      await deflates.finish();
      pdf.flushPages();
    }
    drawPage(pdf, page, forms, color);
    if (linked) pdf.addNamedDestination(`page-${index}`);
    if (page.bookmark) pdf.outline.addItem(page.bookmark);
    await deflates?.begin((pdf.page as unknown as { content: unknown }).content);
  }
  await deflates?.finish();
  tagSubsets(pdf);
  pdf.end();
  return done;
}

/**
 * Whether drawing the page makes pdfkit write objects of its own there and then (forms of big paths; links
 * too, though documents with links are not buffered).
 */
function writesObjects(page: Page): boolean {
  return page.items.some((i) => i.type === 'link' || (i.type === 'path' && i.path.cmds.length > BIG_PATH));
}

export interface RenderPdfOptions {
  /**
   * Set level text through pdfkit's `text()` instead of writing its operators directly (the same bytes; the
   * reference the direct writer is tested against).
   */
  pdfkitText?: boolean;
  /**
   * Let pdfkit deflate each page's content on this thread as it writes the page, when the next begins,
   * instead of on zlib's threads while later pages are drawn (the same bytes; the reference the page
   * deflates are tested against).
   */
  deflateOnThisThread?: boolean;
  /**
   * Big paths of the document whose deflating the caller has begun (`packBigPaths`); the rest are begun
   * here. The map gains them.
   */
  packed?: PackedPaths;
}

/** pdfkit's embedded (subset) font, as far as its subset tag goes. */
interface SubsetFont {
  id: string;
  embed: () => void;
  subset?: { glyphs: number[] };
  font?: { postscriptName?: string; numGlyphs?: number; head?: { checkSumAdjustment?: number } };
}

/**
 * Gives each subset font a tag (the `ABCDEF+` before its name) derived from what the subset holds: the
 * font and its glyphs in subset order. pdfkit derives the tag from the font's resource number alone, so
 * every document would call its first Lato subset `BZZZZZ+Lato-Bold`, and two books merged into one PDF
 * would have two different fonts of one name. The same document still gets the same tags (same bytes);
 * different glyph sets get different ones. pdfkit reads the tag from characters 1–6 of the font's id while
 * embedding it at the end of the document (each plus 17), so the id is set for just that moment.
 */
function tagSubsets(pdf: PDFKit.PDFDocument): void {
  const families = (pdf as unknown as { _fontFamilies: Record<string, SubsetFont> })._fontFamilies;
  for (const font of new Set(Object.values(families))) {
    if (!font.subset || typeof font.embed !== 'function') continue;
    const embed = font.embed;
    font.embed = function (this: SubsetFont): void {
      const id = this.id;
      this.id = `F${[...subsetTag(this)].map((c) => String.fromCharCode(c.charCodeAt(0) - 17)).join('')}`;
      try {
        embed.call(this);
      } finally {
        this.id = id;
      }
    };
  }
}

/** Six capital letters from a hash of the font's identity and the glyphs of its subset, in order. */
export function subsetTag(font: Pick<SubsetFont, 'subset' | 'font'>): string {
  const hash = createHash('sha256');
  const f = font.font;
  hash.update(`${f?.postscriptName ?? ''}|${f?.numGlyphs ?? 0}|${f?.head?.checkSumAdjustment ?? 0}|`);
  hash.update((font.subset?.glyphs ?? []).join(','));
  const bytes = hash.digest();
  let tag = '';
  for (let i = 0; i < 6; i++) tag += String.fromCharCode(65 + (bytes[i] % 26));
  return tag;
}

type Paint = (hex: string) => PDFKit.Mixins.ColorValue;

/**
 * DeviceCMYK for a hex colour: greys (equal channels) become black ink only, so black walls print with one
 * ink; other colours by the usual naive conversion (no colour profile).
 */
export function toCmyk(hex: string): [number, number, number, number] {
  const { r, g, b } = parseHex(hex);
  const k = 1 - Math.max(r, g, b);
  if (r === g && g === b) return [0, 0, 0, Math.round(k * 1000) / 10];
  const c = (1 - r - k) / (1 - k);
  const m = (1 - g - k) / (1 - k);
  const y = (1 - b - k) / (1 - k);
  const pct = (v: number) => Math.round(v * 1000) / 10;
  return [pct(c), pct(m), pct(y), pct(k)];
}

function drawPage(pdf: PDFKit.PDFDocument, page: Page, forms: Forms, paint: Paint): void {
  pdf.addPage({ size: [page.width, page.height], margin: 0 });
  if (page.trim) {
    // PDF boxes are in default user space: y up from the bottom-left corner.
    const t = page.trim;
    const data = (pdf.page as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data;
    data.TrimBox = [t.x, page.height - t.y - t.height, t.x + t.width, page.height - t.y];
    data.BleedBox = [0, 0, page.width, page.height];
  }
  if (page.background) pdf.rect(0, 0, page.width, page.height).fill(paint(page.background));
  for (const item of page.items) drawItem(pdf, item, page, forms, paint);
}

function drawItem(pdf: PDFKit.PDFDocument, item: Item, page: Page, forms: Forms, paint: Paint): void {
  switch (item.type) {
    case 'path':
      drawPath(pdf, item, page, forms, paint);
      return;
    case 'text':
      if (!item.rotate && !forms.pdfkitText && !item.text.includes('\n')) {
        pdf.font(item.font).fontSize(item.size).fillColor(paint(item.color));
        setLevelText(pdf, item.text, item.x, item.y);
        return;
      }
      // Turned text is set level at (x, y) in a coordinate system turned about that point.
      if (item.rotate) pdf.save().rotate(item.rotate, { origin: [item.x, item.y] });
      pdf.font(item.font).fontSize(item.size).fillColor(paint(item.color));
      pdf.text(item.text, item.x, item.y, { lineBreak: false, baseline: 'alphabetic' });
      if (item.rotate) pdf.restore();
      return;
    case 'link':
      pdf.goTo(item.x, item.y, item.width, item.height, `page-${item.page}`);
      return;
  }
}

/** The parts of pdfkit's document and embedded font that setting a line of text uses. */
interface TextState {
  x: number;
  y: number;
  _fontSize: number;
  _font: {
    id: string;
    ref: () => unknown;
    encode: (
      text: string,
    ) => [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]];
  };
  page: { height: number; fonts: Record<string, unknown> };
  addContent: (ops: string) => unknown;
}

/** A number as pdfkit writes it in content streams: rounded to millionths. */
function pdfNumber(n: number): number {
  if (n > -1e21 && n < 1e21) return Math.round(n * 1e6) / 1e6;
  throw new Error(`internal: the number ${n} cannot be written in a PDF`);
}

/**
 * One level line of text, baseline starting at (x, y) in the page's y-down space, in pdfkit's current font,
 * size and fill colour: the operators pdfkit's `text(t, x, y, { lineBreak: false, baseline: 'alphabetic' })`
 * writes, byte for byte (the glyphs come from the same `encode`: shaping, subset and widths), written as one
 * piece of content instead of pdfkit's option handling, a call per operator and a second measuring of the
 * line. Text with line breaks is left to pdfkit. It reads pdfkit's own state (`_font`, `_fontSize`, the page's
 * fonts), so it holds for the pinned pdfkit 0.20.2; the test comparing it with `text()` byte for byte guards
 * an upgrade.
 */
function setLevelText(pdf: PDFKit.PDFDocument, text: string, x0: number, y0: number): void {
  const doc = pdf as unknown as TextState;
  doc.x = x0;
  doc.y = y0;
  if (text.length === 0) return;
  const font = doc._font;
  const size = doc._fontSize;
  // pdfkit flips the y axis for the text (q … cm, restored by Q), so the baseline sits at height − y.
  const height = doc.page.height;
  let x = x0;
  const y = height - y0;
  if (doc.page.fonts[font.id] == null) doc.page.fonts[font.id] = font.ref();
  const ops = [
    'q',
    `1 0 0 -1 0 ${pdfNumber(height)} cm`,
    'BT',
    `1 0 0 1 ${pdfNumber(x)} ${pdfNumber(y)} Tm`,
    `/${font.id} ${pdfNumber(size)} Tf`,
  ];
  const [encoded, positions] = font.encode(text);
  const scale = size / 1000;
  // Glyph runs in TJ arrays: a kerned glyph ends a run with its adjustment; an offset glyph (a mark) is set
  // on its own at its own text matrix.
  const runs: string[] = [];
  let last = 0;
  let hadOffset = false;
  const addRun = (end: number) => {
    if (last < end) {
      const adjust = positions[end - 1].xAdvance - positions[end - 1].advanceWidth;
      runs.push(`<${encoded.slice(last, end).join('')}> ${pdfNumber(-adjust)}`);
    }
    last = end;
  };
  const flush = (end: number) => {
    addRun(end);
    if (runs.length > 0) {
      ops.push(`[${runs.join(' ')}] TJ`);
      runs.length = 0;
    }
  };
  let i = 0;
  for (; i < positions.length; i++) {
    const pos = positions[i];
    if (pos.xOffset || pos.yOffset) {
      flush(i);
      ops.push(`1 0 0 1 ${pdfNumber(x + pos.xOffset * scale)} ${pdfNumber(y + pos.yOffset * scale)} Tm`);
      flush(i + 1);
      hadOffset = true;
    } else {
      if (hadOffset) {
        ops.push(`1 0 0 1 ${pdfNumber(x)} ${pdfNumber(y)} Tm`);
        hadOffset = false;
      }
      if (pos.xAdvance - pos.advanceWidth !== 0) addRun(i + 1);
    }
    x += pos.xAdvance * scale;
  }
  flush(i);
  ops.push('ET', 'Q');
  doc.addContent(ops.join('\n'));
}

/** Form XObjects made so far, and the deflated operators of each big path (see `packBigPaths`). */
interface Forms {
  count: number;
  packed: Map<PathItem, Buffer>;
  /** Level text through pdfkit's `text()` (RenderPdfOptions). */
  pdfkitText: boolean;
}

/** Every big path's deflated operators, once zlib is done with all of them. */
async function settle(packed: PackedPaths): Promise<Map<PathItem, Buffer>> {
  const out = new Map<PathItem, Buffer>();
  for (const [item, job] of packed) out.set(item, await job);
  return out;
}

function drawPath(pdf: PDFKit.PDFDocument, item: PathItem, page: Page, forms: Forms, color: Paint): void {
  if (item.path.cmds.length === 0) return;
  const paint = paintOp(item);
  pdf.save();
  if (item.fill) pdf.fillColor(color(item.fill));
  if (item.stroke) {
    pdf
      .strokeColor(color(item.stroke.color))
      .lineWidth(item.stroke.width)
      .lineCap(item.stroke.cap)
      .lineJoin(item.stroke.join);
    if (item.stroke.dash) pdf.dash(item.stroke.dash[0], { space: item.stroke.dash[1] });
  }
  if (item.path.cmds.length > BIG_PATH) {
    // pdfkit deflates page content at its default level, which dominates the time for million-cell mazes;
    // a form XObject carries its own stream, deflated here at a faster level (about 3× quicker, ~15% larger).
    const form = pdf.ref({
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, page.width, page.height],
      Filter: 'FlateDecode',
    });
    const ops = forms.packed.get(item);
    if (!ops) throw new Error('internal: a big path was not deflated before the PDF was put together');
    form.end(ops);
    const name = `Maze${++forms.count}`;
    (pdf.page as unknown as { xobjects: Record<string, unknown> }).xobjects[name] = form;
    pdf.addContent(`/${name} Do`);
  } else {
    // Bytes go into the page's content as they are; a string gets a line end appended, so the two make
    // exactly the line `…ops paint\n` that one string would.
    pdf.addContent(pdfPathBytes(item.path));
    pdf.addContent(paint);
  }
  pdf.restore();
}
