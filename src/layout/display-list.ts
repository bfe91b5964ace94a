/**
 * The layout's output and the renderers' only input: pages of drawing items with every coordinate in points,
 * origin at the page's top-left corner, y down. Renderers walk this tree and nothing else.
 */

import { CLOSE, CURVE, type PathData } from '../vector/path-data.js';

export interface Stroke {
  color: string;
  width: number;
  /** Dash and gap lengths, for dashed lines. */
  dash?: [number, number];
  cap: 'butt' | 'square' | 'round';
  join: 'miter' | 'round' | 'bevel';
}

export interface PathItem {
  type: 'path';
  path: PathData;
  stroke?: Stroke;
  fill?: string;
  /** Fill by the even-odd rule (so inner loops are holes); nonzero otherwise. */
  evenOdd?: boolean;
  /**
   * What a maze's path is, for the book's checks (a large-print book's thinnest wall) and for tests: its
   * walls, or an answer route's band or line, or the cells a hidden-picture answer fills. Renderers ignore it.
   */
  role?: 'walls' | 'band' | 'route' | 'area';
}

/** One line of text, already positioned: (x, y) is the start of its baseline. */
export interface TextItem {
  type: 'text';
  text: string;
  x: number;
  y: number;
  size: number;
  font: FontKey;
  color: string;
  /**
   * Turn the line about (x, y) by this many degrees, clockwise on the page (y down): 90 reads top to bottom,
   * as a book's spine does. Absent or 0: level.
   */
  rotate?: number;
}

/** A clickable area jumping to another page of the document (0-based page index). */
export interface LinkItem {
  type: 'link';
  x: number;
  y: number;
  width: number;
  height: number;
  page: number;
}

export type Item = PathItem | TextItem | LinkItem;
/** `heading` and `body` are the theme's fonts; other keys (such as mazegram letter fonts) name more files. */
export type FontKey = string;

export interface Page {
  width: number;
  height: number;
  /** The trimmed page within a page with bleed (TrimBox); absent when the page is the trim. */
  trim?: { x: number; y: number; width: number; height: number };
  /** An outline (bookmark) entry for this page, for screen PDFs. */
  bookmark?: string;
  /** Paper colour to paint first, or undefined for none (white paper). */
  background?: string;
  items: Item[];
  /** What the layout had to give up on this page, `where: what`, for the build's warnings (renderers ignore it). */
  notes?: string[];
}

/**
 * Moves everything on a page by (dx, dy), in place. Items may share one path (an answer route is drawn as a
 * band and a line over the same points): each path's coordinates move once.
 */
export function translatePage(page: Page, dx: number, dy: number): void {
  if (dx === 0 && dy === 0) return;
  const moved = new Set<Float64Array>();
  for (const item of page.items) {
    if (item.type === 'path') {
      const { cmds, coords } = item.path;
      if (moved.has(coords)) continue;
      moved.add(coords);
      let j = 0;
      for (let i = 0; i < cmds.length; i++) {
        const n = cmds[i] === CURVE ? 6 : cmds[i] === CLOSE ? 0 : 2;
        for (let k = 0; k < n; k += 2) {
          coords[j + k] += dx;
          coords[j + k + 1] += dy;
        }
        j += n;
      }
    } else {
      item.x += dx;
      item.y += dy;
    }
  }
}

export interface DisplayDocument {
  info: { title: string; author?: string; subject: string; keywords: string; date: Date };
  /** Colour space of the PDF: DeviceRGB, or DeviceCMYK (greys as pure black ink). */
  color?: 'rgb' | 'cmyk';
  /** Absolute paths of the TTF/OTF files behind each font key. */
  fonts: Record<FontKey, string>;
  pages: Page[];
}
