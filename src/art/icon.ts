import { UserError } from '../base/errors.js';
import { IDENTITY, readSvgPath, SvgPathError, SvgPathWriter } from './svg-path.js';

/**
 * A vector picture as plain data (it travels in the book's plan): filled outlines in the picture's own units
 * (SVG user units: x right, y down) within the box `viewBox` (`[x, y, width, height]`), painted in order.
 */
export interface Icon {
  readonly name: string;
  readonly viewBox: readonly [number, number, number, number];
  readonly layers: readonly IconLayer[];
  /**
   * Which way a picture of a creature or a vehicle looks or travels, for pictures that read as well mirrored
   * (a start picture is mirrored to face into its maze); absent for the rest, which are never mirrored.
   */
  readonly faces?: 'left' | 'right';
}

/** One filled shape of a picture. */
export interface IconLayer {
  /** SVG path data; bundled art and read files hold absolute M, L, C and Z only. */
  readonly d: string;
  /** Its colour (`#rrggbb`), or none: painted in the colour the picture is drawn in (the theme's markers). */
  readonly fill?: string;
  /** Fill rule: even-odd (holes by any inner loop) or nonzero. */
  readonly evenOdd: boolean;
}

/** Upper bound on an SVG file's size, in characters. */
const MAX_SVG_CHARS = 2_000_000;
/** Upper bound on the commands of all of a file's shapes together. */
const MAX_COMMANDS = 200_000;

/**
 * An icon from the text of an SVG file: the `d` of every `<path>`, plus `<circle>`, `<ellipse>`, `<rect>`
 * (square corners), `<polygon>` and `<polyline>` outlines, filled in one colour within the root's `viewBox`
 * (or its `width`×`height`). Strokes, colours, gradients, `<use>`, text and transforms are not read: the
 * icon is drawn as the union of its shapes' fills, in the theme's colour. The first `fill-rule` the file
 * names decides the fill rule (nonzero otherwise).
 * @param name the file as the user wrote it, for messages
 * @param where the place that named the file
 */
export function svgIcon(text: string, name: string, where: string): Icon {
  if (text.length > MAX_SVG_CHARS) {
    throw new UserError(where, `SVG ${name} is over ${MAX_SVG_CHARS} characters`, 'use a simpler picture');
  }
  const root = /<svg\b([^>]*)>/i.exec(text);
  if (!root) throw new UserError(where, `${name} is not an SVG file (no <svg> element)`);
  const attrs = root[1];
  const viewBox = attr(attrs, 'viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  let box: [number, number, number, number];
  if (viewBox && viewBox.length === 4 && viewBox.every(Number.isFinite) && viewBox[2] > 0 && viewBox[3] > 0) {
    box = [viewBox[0], viewBox[1], viewBox[2], viewBox[3]];
  } else {
    const w = Number.parseFloat(attr(attrs, 'width') ?? '');
    const h = Number.parseFloat(attr(attrs, 'height') ?? '');
    if (!(w > 0 && h > 0)) {
      throw new UserError(
        where,
        `SVG ${name} has neither a viewBox nor a width and height`,
        'add viewBox="0 0 W H"',
      );
    }
    box = [0, 0, w, h];
  }
  // Every shape written as absolute commands one after another: one outline, filled as one.
  const b = new SvgPathWriter(IDENTITY, 4);
  const add = (d: string): void => {
    readSvgPath(d, b);
  };
  const elements = /<(path|circle|ellipse|rect|polygon|polyline)\b([^>]*?)\/?>/gi;
  for (const m of text.matchAll(elements)) {
    const kind = m[1].toLowerCase();
    const a = m[2];
    const n = (key: string): number => Number.parseFloat(attr(a, key) ?? '0') || 0;
    if (kind === 'path') {
      const d = attr(a, 'd');
      if (!d) continue;
      try {
        add(d);
      } catch (e) {
        if (!(e instanceof SvgPathError)) throw e;
        throw new UserError(
          where,
          `SVG ${name}: path data ${e.message}`,
          'export the picture again, or simplify it',
        );
      }
    } else if (kind === 'circle' || kind === 'ellipse') {
      const rx = kind === 'circle' ? n('r') : n('rx');
      const ry = kind === 'circle' ? n('r') : n('ry');
      const cx = n('cx');
      const cy = n('cy');
      if (rx <= 0 || ry <= 0) continue;
      add(`M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`);
    } else if (kind === 'rect') {
      const w = n('width');
      const h = n('height');
      if (w <= 0 || h <= 0) continue;
      const x = n('x');
      const y = n('y');
      add(`M${x} ${y}H${x + w}V${y + h}H${x}Z`);
    } else {
      const points = (attr(a, 'points') ?? '').trim();
      if (points === '') continue;
      try {
        add(`M${points}${kind === 'polygon' ? 'Z' : ''}`);
      } catch (e) {
        if (!(e instanceof SvgPathError)) throw e;
        throw new UserError(where, `SVG ${name}: points ${e.message}`);
      }
    }
  }
  if (b.count > MAX_COMMANDS) {
    throw new UserError(
      where,
      `SVG ${name} has more than ${MAX_COMMANDS} path commands`,
      'use a simpler picture',
    );
  }
  if (b.isEmpty) {
    throw new UserError(
      where,
      `SVG ${name} has no shapes mazebook can draw`,
      'the picture must contain <path>, <circle>, <ellipse>, <rect> or <polygon> elements',
    );
  }
  const rule = /fill-rule\s*[:=]\s*["']?\s*(evenodd|nonzero)/i.exec(text);
  return {
    name,
    viewBox: box,
    layers: [{ d: b.toString(), evenOdd: rule?.[1].toLowerCase() === 'evenodd' }],
  };
}

/** The value of attribute `key` in an element's attribute text (either quote), or undefined. */
function attr(attrs: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? (m[1] ?? m[2]) : undefined;
}
