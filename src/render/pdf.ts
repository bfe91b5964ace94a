import PDFDocument from 'pdfkit';
import type { DisplayDocument, Item, Page, PathItem } from '../layout/display-list.js';
import { writePath } from './path-ops.js';

/**
 * Renders a display document to PDF bytes with pdfkit. Fonts are embedded as subsets; paths are written as
 * raw content-stream operators (one `m`/`l` per point, `S`/`f` per item) in the display list's y-down page
 * space, which pdfkit sets up for every page. Dates and the document ID come from `info.date`, so the
 * same document always gives the same bytes.
 */
export function renderPdf(doc: DisplayDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    autoFirstPage: false,
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
  pdf.registerFont('heading', doc.fonts.heading);
  pdf.registerFont('body', doc.fonts.body);
  const linked = doc.pages.some((p) => p.items.some((i) => i.type === 'link'));
  doc.pages.forEach((page, index) => {
    drawPage(pdf, page);
    if (linked) pdf.addNamedDestination(`page-${index}`);
  });
  pdf.end();
  return done;
}

function drawPage(pdf: PDFKit.PDFDocument, page: Page): void {
  pdf.addPage({ size: [page.width, page.height], margin: 0 });
  if (page.background) pdf.rect(0, 0, page.width, page.height).fill(page.background);
  for (const item of page.items) drawItem(pdf, item);
}

function drawItem(pdf: PDFKit.PDFDocument, item: Item): void {
  switch (item.type) {
    case 'path':
      drawPath(pdf, item);
      return;
    case 'text':
      pdf
        .font(item.font)
        .fontSize(item.size)
        .fillColor(item.color)
        .text(item.text, item.x, item.y, { lineBreak: false, baseline: 'alphabetic' });
      return;
    case 'link':
      pdf.goTo(item.x, item.y, item.width, item.height, `page-${item.page}`);
      return;
  }
}

function drawPath(pdf: PDFKit.PDFDocument, item: PathItem): void {
  if (item.path.cmds.length === 0) return;
  const ops: string[] = [];
  writePath(
    item.path,
    (x, y) => ops.push(`${x} ${y} m`),
    (x, y) => ops.push(`${x} ${y} l`),
    () => ops.push('h'),
    (x1, y1, x2, y2, x, y) => ops.push(`${x1} ${y1} ${x2} ${y2} ${x} ${y} c`),
  );
  pdf.save();
  if (item.fill) pdf.fillColor(item.fill);
  if (item.stroke) {
    pdf
      .strokeColor(item.stroke.color)
      .lineWidth(item.stroke.width)
      .lineCap(item.stroke.cap)
      .lineJoin(item.stroke.join);
  }
  const paint = item.fill && item.stroke ? 'B' : item.fill ? 'f' : 'S';
  pdf.addContent(`${ops.join('\n')}\n${paint}`);
  pdf.restore();
}
