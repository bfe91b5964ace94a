import sharp from 'sharp';
import type { DisplayDocument } from '../layout/display-list.js';
import { renderSvgPage } from '../render/svg.js';

/** Screen resolution of the cover preview, pixels per inch. */
export const PREVIEW_DPI = 96;

/** The ebook cover's size in pixels, as KDP asks for a Kindle cover (1:1.6). */
export const EBOOK_PX = { width: 1600, height: 2560 } as const;

/** A one-page document as a PNG at `dpi`, on its page colour. */
export async function pagePng(doc: DisplayDocument, dpi: number): Promise<Buffer> {
  const page = doc.pages[0];
  return sharp(Buffer.from(renderSvgPage(doc, 0)), { density: dpi })
    .flatten({ background: page.background ?? '#ffffff' })
    .png()
    .toBuffer();
}

/** The ebook front (a page 1:1.6) as a PNG of exactly 1600×2560 pixels. */
export async function ebookPng(doc: DisplayDocument): Promise<Buffer> {
  const page = doc.pages[0];
  const dpi = (EBOOK_PX.width * 72) / page.width;
  return sharp(Buffer.from(renderSvgPage(doc, 0)), { density: dpi })
    .resize(EBOOK_PX.width, EBOOK_PX.height, { fit: 'fill' })
    .flatten({ background: page.background ?? '#ffffff' })
    .png()
    .toBuffer();
}
