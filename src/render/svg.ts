import type { DisplayDocument, Item, Page } from '../layout/display-list.js';
import { textOutline } from '../text/fonts.js';
import { fmt, writePath } from './path-ops.js';

const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const LINECAP = { butt: 'butt', square: 'square', round: 'round' } as const;

/**
 * Renders one page of a display document as a standalone SVG (units: points). Text is drawn as glyph
 * outlines from the same font files the PDF embeds, so the SVG needs no fonts and looks the same everywhere.
 */
export function renderSvgPage(doc: DisplayDocument, index: number): string {
  const page: Page = doc.pages[index];
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(page.width)}pt" height="${fmt(page.height)}pt" viewBox="0 0 ${fmt(page.width)} ${fmt(page.height)}">`,
  ];
  if (page.background) parts.push(`<rect width="100%" height="100%" fill="${page.background}"/>`);
  for (const item of page.items) {
    const svg = itemSvg(doc, item);
    if (svg) parts.push(svg);
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function itemSvg(doc: DisplayDocument, item: Item): string | undefined {
  switch (item.type) {
    case 'path': {
      const d: string[] = [];
      writePath(
        item.path,
        (x, y) => d.push(`M${x} ${y}`),
        (x, y) => d.push(`L${x} ${y}`),
        () => d.push('Z'),
        (x1, y1, x2, y2, x, y) => d.push(`C${x1} ${y1} ${x2} ${y2} ${x} ${y}`),
      );
      const attrs = [`d="${d.join('')}"`];
      attrs.push(`fill="${item.fill ?? 'none'}"`);
      if (item.evenOdd) attrs.push('fill-rule="evenodd"');
      if (item.stroke) {
        attrs.push(
          `stroke="${item.stroke.color}" stroke-width="${fmt(item.stroke.width)}" stroke-linecap="${LINECAP[item.stroke.cap]}" stroke-linejoin="${item.stroke.join}"${item.stroke.dash ? ` stroke-dasharray="${fmt(item.stroke.dash[0])} ${fmt(item.stroke.dash[1])}"` : ''}`,
        );
      }
      return `<path ${attrs.join(' ')}/>`;
    }
    case 'text': {
      const face = { path: doc.fonts[item.font], name: item.font };
      const d = textOutline(face, item.text, item.size);
      return `<path transform="translate(${fmt(item.x)} ${fmt(item.y)})" fill="${item.color}" d="${d}"><title>${escapeXml(item.text)}</title></path>`;
    }
    case 'link':
      return `<a href="#page-${item.page}"><rect x="${fmt(item.x)}" y="${fmt(item.y)}" width="${fmt(item.width)}" height="${fmt(item.height)}" fill="transparent"/></a>`;
  }
}
