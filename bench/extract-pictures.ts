/**
 * Copies the bundled pictures from Microsoft's Fluent Emoji icon sets (the `@iconify-json/fluent-emoji-flat`
 * and `@iconify-json/fluent-emoji-high-contrast` packages, MIT License, pinned in package.json) into
 * `art/fluent-emoji/pictures.json`: only the pictures `src/art/picture-names.ts` names, each shape rewritten as
 * absolute M, L, C and Z commands with its transforms applied, so the renderer needs no SVG features beyond
 * filled paths. Run `npm run pictures` after changing the names or the packages; a test checks that the file
 * is what this script writes.
 *
 * Refuses art the renderer could not draw as it is meant: strokes, gradients, opacity, clipping, masks,
 * filters, `<use>`, rounded rectangles, and colours other than plain `#rgb`/`#rrggbb` (and, in the High
 * Contrast style, anything but `currentColor`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PICTURE_ART } from '../src/art/picture-names.js';
import {
  IDENTITY,
  type Matrix,
  multiply,
  parseTransform,
  readSvgPath,
  SvgPathWriter,
} from '../src/art/svg-path.js';

interface IconSet {
  prefix: string;
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
}

/** A layer as the data file holds it: fill (`''` for the picture's own colour), path data, even-odd. */
type Layer = [string, string, 0 | 1];

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '..');
export const OUT = join(ROOT, 'art', 'fluent-emoji', 'pictures.json');

function loadSet(name: string): { set: IconSet; version: string } {
  const set = require(`${name}/icons.json`) as IconSet;
  const { version, license } = require(`${name}/package.json`) as { version: string; license: string };
  if (license !== 'MIT') throw new Error(`${name} is licensed ${license}, not MIT`);
  return { set, version };
}

/** The value of attribute `key` in an element's attribute text. */
function attr(attrs: string, key: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${key}\\s*=\\s*"([^"]*)"`).exec(attrs);
  return m?.[1];
}

const REFUSED = /^(stroke|opacity|fill-opacity|clip-path|mask|filter|style|href|xlink:href)$/;

/** The filled shapes of an icon's body, in paint order. */
export function layersOf(source: string, where: string, mono: boolean): Layer[] {
  const layers: Layer[] = [];
  // A clip to the whole 32 × 32 box (the High Contrast style has some) clips nothing: it is left out.
  const whole = /<defs><clipPath id="([^"]+)"><path fill="#fff" d="M0 0h32v32H0z"\/><\/clipPath><\/defs>/;
  const clip = whole.exec(source);
  let body = source.replace(whole, '');
  if (clip) body = body.replaceAll(` clip-path="url(#${clip[1]})"`, '');
  // Inherited state per open <g>: fill, fill rule and transform.
  const stack: { fill: string; evenOdd: boolean; m: Matrix }[] = [
    { fill: '#000', evenOdd: false, m: IDENTITY },
  ];
  for (const hit of body.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    const [, closing, tag, attrs, selfClosing] = hit;
    if (closing) {
      if (tag !== 'g') throw new Error(`${where}: unexpected </${tag}>`);
      stack.pop();
      continue;
    }
    for (const a of attrs.matchAll(/([a-zA-Z:-]+)\s*=/g)) {
      if (REFUSED.test(a[1]) && !(a[1] === 'stroke' && attr(attrs, 'stroke') === 'none')) {
        throw new Error(`${where}: <${tag}> has ${a[1]}, which pictures cannot have`);
      }
    }
    const top = stack[stack.length - 1];
    const t = attr(attrs, 'transform');
    const own = t === undefined ? IDENTITY : parseTransform(t);
    if (!own) throw new Error(`${where}: transform "${t}" not understood`);
    const state = {
      fill: attr(attrs, 'fill') ?? top.fill,
      evenOdd: (attr(attrs, 'fill-rule') ?? (top.evenOdd ? 'evenodd' : 'nonzero')) === 'evenodd',
      m: multiply(top.m, own),
    };
    if (tag === 'g') {
      if (!selfClosing) stack.push(state);
      continue;
    }
    const n = (key: string): number => Number(attr(attrs, key) ?? '0');
    let d: string;
    if (tag === 'path') d = attr(attrs, 'd') ?? '';
    else if (tag === 'circle' || tag === 'ellipse') {
      const rx = tag === 'circle' ? n('r') : n('rx');
      const ry = tag === 'circle' ? n('r') : n('ry');
      const [cx, cy] = [n('cx'), n('cy')];
      d = `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
    } else if (tag === 'rect') {
      if (attr(attrs, 'rx') !== undefined || attr(attrs, 'ry') !== undefined) {
        throw new Error(`${where}: rounded rectangles are not copied`);
      }
      const [x, y, w, h] = [n('x'), n('y'), n('width'), n('height')];
      d = `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
    } else throw new Error(`${where}: <${tag}> is not a shape pictures can have`);
    if (state.fill === 'none') continue;
    let fill: string;
    if (state.fill === 'currentColor') fill = '';
    else if (/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(state.fill)) fill = state.fill.toLowerCase();
    else throw new Error(`${where}: fill "${state.fill}" is not a plain colour`);
    if (mono && fill !== '') throw new Error(`${where}: a one-colour picture has a shape in ${fill}`);
    const out = readSvgPath(d, new SvgPathWriter(state.m, 2)).toString();
    layers.push([fill, out, state.evenOdd ? 1 : 0]);
  }
  return layers;
}

/**
 * The data file's text: one picture a line, by its Fluent name, with its `color` and `mono` layers (each
 * `[fill, path data, even-odd]`, fill `""` for the colour the picture is drawn in) on a 32 × 32 box.
 */
export function pictureData(): string {
  const flat = loadSet('@iconify-json/fluent-emoji-flat');
  const mono = loadSet('@iconify-json/fluent-emoji-high-contrast');
  const lines: string[] = [];
  for (const art of [...new Set(Object.values(PICTURE_ART))].sort()) {
    const styles: Record<string, Layer[]> = {};
    for (const [style, { set }] of Object.entries({ color: flat, mono })) {
      const icon = set.icons[art];
      if (!icon) throw new Error(`${set.prefix} has no icon "${art}"`);
      const w = icon.width ?? set.width ?? 16;
      const h = icon.height ?? set.height ?? 16;
      if (w !== 32 || h !== 32) throw new Error(`${set.prefix}:${art} is ${w}×${h}, not 32×32`);
      styles[style] = layersOf(icon.body, `${set.prefix}:${art}`, style === 'mono');
    }
    lines.push(`${JSON.stringify(art)}: ${JSON.stringify(styles)}`);
  }
  const source = {
    about: `Generated by npm run pictures (bench/extract-pictures.ts) from @iconify-json/fluent-emoji-flat ${flat.version} and @iconify-json/fluent-emoji-high-contrast ${mono.version}: Fluent Emoji, Copyright (c) Microsoft Corporation, MIT License (LICENSE beside this file).`,
  };
  return `{\n${JSON.stringify('about')}: ${JSON.stringify(source.about)},\n${lines.join(',\n')}\n}\n`;
}

if (process.argv[1] === import.meta.filename) {
  const text = pictureData();
  const before = (() => {
    try {
      return readFileSync(OUT, 'utf8');
    } catch {
      return '';
    }
  })();
  writeFileSync(OUT, text);
  console.log(`${OUT}: ${text.length} characters${before === text ? ', unchanged' : ''}`);
}
