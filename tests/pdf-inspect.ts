import { inflateSync } from 'node:zlib';
import { PDFArray, type PDFDict, PDFDocument, PDFName, type PDFRawStream, PDFRef } from 'pdf-lib';

export interface PdfFacts {
  pageCount: number;
  /** [width, height] of each page's MediaBox, in points. */
  sizes: [number, number][];
  /** Base font names, and whether each one has an embedded font program. */
  fonts: { name: string; embedded: boolean }[];
  info: { title?: string; creationDate?: string };
  /** Decompressed content stream of each page. */
  contents: string[];
}

/** Reads the facts a print shop checks from a PDF, with an independent PDF library. */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfFacts> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = pdf.getPages();
  const fonts = new Map<string, boolean>();
  const contents: string[] = [];
  const lookup = <T>(v: unknown): T => (v instanceof PDFRef ? pdf.context.lookup(v) : v) as T;
  for (const page of pages) {
    const res = lookup<PDFDict | undefined>(page.node.get(PDFName.of('Resources')));
    const fontDict = res && lookup<PDFDict | undefined>(res.get(PDFName.of('Font')));
    for (const [, ref] of fontDict?.entries() ?? []) {
      const font = lookup<PDFDict>(ref);
      const name = String(font.get(PDFName.of('BaseFont'))).replace(/^\//, '');
      let descriptorOwner = font;
      const descendants = lookup<PDFArray | undefined>(font.get(PDFName.of('DescendantFonts')));
      if (descendants) descriptorOwner = lookup<PDFDict>(descendants.get(0));
      const desc = lookup<PDFDict | undefined>(descriptorOwner.get(PDFName.of('FontDescriptor')));
      const embedded = !!desc && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => desc.has(PDFName.of(k)));
      fonts.set(name, embedded);
    }
    const raw = lookup<PDFRawStream | PDFArray>(page.node.get(PDFName.of('Contents')));
    const streams = raw instanceof PDFArray ? raw.asArray().map((r) => lookup<PDFRawStream>(r)) : [raw];
    contents.push(
      streams
        .map((s) => {
          const filter = s.dict.get(PDFName.of('Filter'));
          return (filter ? inflateSync(s.contents) : Buffer.from(s.contents)).toString('latin1');
        })
        .join('\n'),
    );
  }
  return {
    pageCount: pages.length,
    sizes: pages.map((p) => [p.getWidth(), p.getHeight()]),
    fonts: [...fonts].map(([name, embedded]) => ({ name, embedded })),
    info: { title: pdf.getTitle(), creationDate: pdf.getCreationDate()?.toISOString() },
    contents,
  };
}
