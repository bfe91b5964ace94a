/**
 * Just enough of the OpenType (sfnt) format to check a font file and tell which characters it has, without
 * loading a full font engine: planning checks every text against its font, and `validate` should start fast.
 * Reads the table directory (every table inside the file: a truncated file fails here) and the Unicode `cmap`
 * subtables of formats 4 (BMP) and 12 (all planes). Layout and outlines use fontkit, loaded when first needed.
 */

/** Why a file is not a usable font, for the message; undefined when it is one. */
export type SfntProblem = 'woff' | 'collection' | 'not-a-font' | 'damaged';

export interface SfntInfo {
  /** Character ranges the font maps to a glyph other than .notdef: [first, last] code points, sorted. */
  readonly ranges: Uint32Array;
}

const TAG_TRUE = 0x00010000;
const TAG_OTTO = 0x4f54544f; // 'OTTO'
const TAG_TRUE_MAC = 0x74727565; // 'true'
const TAG_TTCF = 0x74746366; // 'ttcf'
const TAG_WOFF = 0x774f4646; // 'wOFF'
const TAG_WOF2 = 0x774f4632; // 'wOF2'

/** Tables every font mazebook can set text with must have. */
const REQUIRED = ['cmap', 'head', 'hhea', 'hmtx', 'maxp'];

/** Parses the font's directory and character map, or says why it cannot. */
export function readSfnt(bytes: Uint8Array): SfntInfo | SfntProblem {
  if (bytes.length < 12) return 'not-a-font';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = view.getUint32(0);
  if (tag === TAG_WOFF || tag === TAG_WOF2) return 'woff';
  if (tag === TAG_TTCF) return 'collection';
  if (tag !== TAG_TRUE && tag !== TAG_OTTO && tag !== TAG_TRUE_MAC) return 'not-a-font';
  const count = view.getUint16(4);
  if (12 + count * 16 > bytes.length) return 'damaged';
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const name = String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
    const offset = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    if (offset + length > bytes.length) return 'damaged';
    tables.set(name, { offset, length });
  }
  for (const t of REQUIRED) if (!tables.has(t)) return 'damaged';
  if (!tables.has('glyf') && !tables.has('CFF ') && !tables.has('CFF2')) return 'damaged';
  const cmap = tables.get('cmap');
  if (!cmap) return 'damaged';
  try {
    return { ranges: readCmap(view, cmap.offset, cmap.length) };
  } catch {
    return 'damaged';
  }
}

/** True when the font has a glyph for the code point. */
export function hasCodePoint(info: SfntInfo, cp: number): boolean {
  const r = info.ranges;
  let lo = 0;
  let hi = r.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < r[2 * mid]) hi = mid - 1;
    else if (cp > r[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The best Unicode subtable (format 12, else 4) as merged ranges of mapped code points. */
function readCmap(view: DataView, start: number, length: number): Uint32Array {
  const end = start + length;
  const check = (at: number, n: number) => {
    if (at < start || at + n > end) throw new RangeError('cmap outside its table');
  };
  check(start, 4);
  const subtables = view.getUint16(start + 2);
  let best = -1;
  let bestFormat = 0;
  for (let i = 0; i < subtables; i++) {
    const at = start + 4 + i * 8;
    check(at, 8);
    const platform = view.getUint16(at);
    const encoding = view.getUint16(at + 2);
    const offset = start + view.getUint32(at + 4);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    check(offset, 2);
    const format = view.getUint16(offset);
    if ((format === 12 && bestFormat !== 12) || (format === 4 && bestFormat === 0)) {
      best = offset;
      bestFormat = format;
    }
  }
  const ranges: number[] = [];
  const add = (a: number, b: number) => {
    const n = ranges.length;
    if (n > 0 && a <= ranges[n - 1] + 1) ranges[n - 1] = Math.max(ranges[n - 1], b);
    else ranges.push(a, b);
  };
  if (bestFormat === 12) {
    check(best, 16);
    const groups = view.getUint32(best + 12);
    check(best + 16, groups * 12);
    for (let g = 0; g < groups; g++) {
      const at = best + 16 + g * 12;
      const first = view.getUint32(at);
      const last = view.getUint32(at + 4);
      const glyph = view.getUint32(at + 8);
      if (last < first) continue;
      // A group starting at glyph 0 maps its first code point to .notdef.
      add(glyph === 0 ? first + 1 : first, last);
    }
  } else if (bestFormat === 4) {
    check(best, 14);
    const segments = view.getUint16(best + 6) / 2;
    const ends = best + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const offsets = deltas + segments * 2;
    check(ends, segments * 8 + 2);
    for (let s = 0; s < segments; s++) {
      const last = view.getUint16(ends + s * 2);
      const first = view.getUint16(starts + s * 2);
      const delta = view.getInt16(deltas + s * 2);
      const rangeOffset = view.getUint16(offsets + s * 2);
      if (first > last || first === 0xffff) continue;
      if (rangeOffset === 0) {
        // glyph = (c + delta) mod 65536; skip the code point that lands on .notdef.
        for (let c = first; c <= last; c++) if (((c + delta) & 0xffff) !== 0) add(c, c);
        continue;
      }
      for (let c = first; c <= last; c++) {
        const at = offsets + s * 2 + rangeOffset + (c - first) * 2;
        check(at, 2);
        if (view.getUint16(at) !== 0) add(c, c);
      }
    }
  }
  // Ranges were added in table order, which is sorted by code point in valid fonts; sort to be safe.
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i], ranges[i + 1]]);
  pairs.sort((a, b) => a[0] - b[0]);
  const merged: number[] = [];
  for (const [a, b] of pairs) {
    const n = merged.length;
    if (n > 0 && a <= merged[n - 1] + 1) merged[n - 1] = Math.max(merged[n - 1], b);
    else merged.push(a, b);
  }
  return Uint32Array.from(merged);
}
