import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { hasCodePoint, readSfnt } from '../../src/text/sfnt.js';

const FONTS = join(import.meta.dirname, '../../fonts');
const files = [
  'lato/Lato-Regular.ttf',
  'lato/Lato-Bold.ttf',
  'comic-neue/ComicNeue-Regular.otf',
  'comic-neue/ComicNeue-Bold.otf',
];

describe('the character map read without a font engine', () => {
  it.each(files)('agrees with fontkit on every code point of %s', (name) => {
    const bytes = readFileSync(join(FONTS, name));
    const info = readSfnt(bytes);
    if (typeof info === 'string') throw new Error(info);
    const font = fontkit.create(bytes) as fontkit.Font;
    const differ: number[] = [];
    for (let cp = 0; cp < 0x30000; cp++) {
      if (hasCodePoint(info, cp) !== font.hasGlyphForCodePoint(cp)) differ.push(cp);
    }
    expect(differ.slice(0, 10)).toEqual([]);
  });

  it('tells a truncated file, a WOFF, a collection and something else apart', () => {
    const lato = readFileSync(join(FONTS, 'lato/Lato-Regular.ttf'));
    expect(readSfnt(lato.subarray(0, 3000))).toBe('damaged');
    expect(readSfnt(lato.subarray(0, 8))).toBe('not-a-font');
    expect(readSfnt(Buffer.concat([Buffer.from('wOFF'), lato.subarray(4)]))).toBe('woff');
    expect(readSfnt(Buffer.concat([Buffer.from('ttcf'), lato.subarray(4)]))).toBe('collection');
    expect(readSfnt(Buffer.from('not a font at all, just text'))).toBe('not-a-font');
  });
});
