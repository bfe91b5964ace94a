import sharp from 'sharp';
import type { DisplayDocument } from '../layout/display-list.js';
import { renderSvgPage } from '../render/svg.js';

/** Screen resolution of the cover preview, pixels per inch. */
export const PREVIEW_DPI = 96;

/** The ebook cover's size in pixels, as KDP asks for a Kindle cover (1:1.6). */
export const EBOOK_PX = { width: 1600, height: 2560 } as const;

/**
 * sharp's `density` for `dpi` pixels an inch of an SVG sized in points: sharp (with librsvg) applies the
 * density twice to point units — a 72pt wide SVG is 72 × (density / 72)² pixels wide (measured with sharp
 * 0.35: density 96 gives 128 px, 144 gives 288) — so the density asked for is the square root's worth.
 */
function svgDensity(dpi: number): number {
  return 72 * Math.sqrt(dpi / 72);
}

/** A one-page document as a PNG at `dpi` pixels an inch, on its page colour. */
export async function pagePng(doc: DisplayDocument, dpi: number): Promise<Buffer> {
  const page = doc.pages[0];
  return sharp(Buffer.from(renderSvgPage(doc, 0)), { density: svgDensity(dpi) })
    .flatten({ background: page.background ?? '#ffffff' })
    .png()
    .toBuffer();
}

/** The ebook front (a page 1:1.6) as a PNG of exactly 1600×2560 pixels. */
export async function ebookPng(doc: DisplayDocument): Promise<Buffer> {
  const page = doc.pages[0];
  const dpi = (EBOOK_PX.width * 72) / page.width;
  return sharp(Buffer.from(renderSvgPage(doc, 0)), { density: svgDensity(dpi) })
    .resize(EBOOK_PX.width, EBOOK_PX.height, { fit: 'fill' })
    .flatten({ background: page.background ?? '#ffffff' })
    .png()
    .toBuffer();
}
