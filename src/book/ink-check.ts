import { inflateSync } from 'node:zlib';

/**
 * The check a black-ink interior must pass: every colour its content streams set is a grey — DeviceGray
 * (`g`, `G`, or `sc`/`scn` in DeviceGray) or pure black ink (`k`, `K`, or DeviceCMYK `sc`/`scn` with no
 * cyan, magenta or yellow). Anything else is reported: RGB (even an RGB grey, which a printer makes of
 * three inks), CMYK with colour, and any other colour space (patterns, ICC, separations).
 *
 * It reads the PDF as written: every stream is inflated when it is FlateDecode-compressed, and those that are
 * text (content streams of pages and form XObjects; not fonts, images or other binary data, which hold no
 * colour operators) have their operators walked, strings skipped.
 * @returns one entry per offending operator, its operands and operator as written (e.g. `0.82 0.29 0.36 rg`)
 */
export function nonGreyColours(pdf: Uint8Array): string[] {
  const text = Buffer.from(pdf).toString('latin1');
  const out: string[] = [];
  const head = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>|<[^<>]*>)*)>>\s*stream\r?\n/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    const dict = m[1];
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    head.lastIndex = end;
    if (
      /\/Length[123]\b|\/Subtype\s*\/(Image|XML|CIDFontType0C|OpenType|Type1C)|\/Type\s*\/(Metadata|XRef|ObjStm)/.test(
        dict,
      )
    )
      continue;
    let body = Buffer.from(text.slice(start, end), 'latin1');
    if (/\/FlateDecode/.test(dict)) {
      try {
        body = inflateSync(body, { finishFlush: 2 }); // Z_SYNC_FLUSH: tolerate the end-of-line before endstream
      } catch {
        continue; // not a stream this check can read
      }
    }
    if (isText(body)) walkColours(body.toString('latin1'), out);
  }
  return out;
}

/** Content streams are text: tabs, line ends and printable ASCII only (strings in them are written in hex). */
function isText(body: Buffer): boolean {
  for (const b of body) if (b > 0x7e || (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d)) return false;
  return true;
}

type Space = 'DeviceGray' | 'DeviceRGB' | 'DeviceCMYK' | string;

/** Walks one content stream's operators, appending non-grey colour settings to `out`. */
function walkColours(content: string, out: string[]): void {
  const operands: string[] = [];
  const space: { fill: Space; stroke: Space } = { fill: 'DeviceGray', stroke: 'DeviceGray' };
  const token =
    /\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)|<<|>>|<[0-9A-Fa-f\s]*>|\[|\]|\/[^\s/[\]()<>{}%]*|[+-]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+|%[^\r\n]*/g;
  const bad = (op: string) => out.push(`${operands.join(' ')} ${op}`.trim());
  const isGreyCmyk = (v: string[]) => v.length === 4 && v.slice(0, 3).every((x) => Number(x) === 0);
  for (let m = token.exec(content); m; m = token.exec(content)) {
    const t = m[0];
    if (/^[+-]?[\d.]/.test(t) || t.startsWith('/')) {
      operands.push(t);
      continue;
    }
    if (!/^[A-Za-z'"*]+$/.test(t)) {
      if (t.startsWith('(') || t.startsWith('<') || t === '[' || t === ']') operands.push('…');
      continue;
    }
    switch (t) {
      case 'rg':
      case 'RG':
        bad(t);
        break;
      case 'k':
      case 'K':
        if (!isGreyCmyk(operands)) bad(t);
        break;
      case 'cs':
      case 'CS':
        space[t === 'cs' ? 'fill' : 'stroke'] = (operands.at(-1) ?? '').slice(1);
        break;
      case 'sc':
      case 'scn':
      case 'SC':
      case 'SCN': {
        const s = space[t.toLowerCase() === t ? 'fill' : 'stroke'];
        const ok = s === 'DeviceGray' || (s === 'DeviceCMYK' && isGreyCmyk(operands));
        if (!ok) bad(t);
        break;
      }
    }
    operands.length = 0;
  }
}
