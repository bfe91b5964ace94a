import { describe, expect, it } from 'vitest';
import {
  BARCODE,
  coverGeometry,
  SAFE,
  SPINE_CLEARANCE,
  spineWidth,
  stocksOf,
} from '../../src/plan/cover-geometry.js';
import { parseRichText } from '../../src/plan/cover-text.js';

const IN = 72;

describe('spine width', () => {
  it('is pages × the paper thickness of the profile (KDP, no allowance)', () => {
    expect(spineWidth('kdp', 'white', 100)).toBeCloseTo(100 * 0.002252 * IN, 9);
    expect(spineWidth('kdp', 'cream', 100)).toBeCloseTo(0.25 * IN, 9);
    expect(spineWidth('kdp', 'premium-color', 500)).toBeCloseTo(500 * 0.002347 * IN, 9);
  });

  it('adds Lulu’s 0.06in to pages / 444, whatever the paper', () => {
    expect(spineWidth('lulu', 'white', 444)).toBeCloseTo(1.06 * IN, 9);
    expect(spineWidth('lulu', 'cream', 222)).toBeCloseTo(0.56 * IN, 9);
  });

  it('uses IngramSpark’s figures, and offers only the stocks they are known for', () => {
    expect(spineWidth('ingram', 'cream', 200)).toBeCloseTo(200 * 0.0022894 * IN, 9);
    expect(stocksOf('ingram')).toEqual(['white', 'cream', 'color']);
    expect(stocksOf('kdp')).toEqual(['white', 'cream', 'color', 'premium-color']);
    expect(() => spineWidth('ingram', 'premium-color', 100)).toThrow(/no premium-color paper/);
  });
});

describe('cover geometry', () => {
  const g = coverGeometry(6 * IN, 9 * IN, 0.5 * IN, 0.125 * IN, 222, true);

  it('is bleed + back + spine + front + bleed by bleed + trim height + bleed', () => {
    expect(g.width).toBeCloseTo((0.125 + 6 + 0.5 + 6 + 0.125) * IN, 9);
    expect(g.height).toBeCloseTo((0.125 + 9 + 0.125) * IN, 9);
    expect(g.trim).toEqual({ x: 9, y: 9, width: 12.5 * IN, height: 9 * IN });
    expect(g.folds).toEqual([9 + 6 * IN, 9 + 6.5 * IN]);
    expect(g.front.x + g.front.width + g.bleed).toBeCloseTo(g.width, 9);
  });

  it('keeps safe zones inside the trim and spine text clear of the folds', () => {
    expect(g.frontSafe.x).toBeCloseTo(g.front.x + SAFE, 9);
    expect(g.backSafe.width).toBeCloseTo(6 * IN - 2 * SAFE, 9);
    expect(g.spineSafe.x).toBeCloseTo(g.folds[0] + SPINE_CLEARANCE, 9);
    expect(g.spineSafe.x + g.spineSafe.width).toBeCloseTo(g.folds[1] - SPINE_CLEARANCE, 9);
  });

  it('puts the 2 × 1.2in barcode area at the back’s bottom right, inside the safe zone', () => {
    const b = g.barcode;
    expect(b).toBeDefined();
    if (!b) return;
    expect([b.width, b.height]).toEqual([BARCODE.width, BARCODE.height]);
    expect(b.x + b.width).toBeCloseTo(g.backSafe.x + g.backSafe.width, 9);
    expect(b.y + b.height).toBeCloseTo(g.backSafe.y + g.backSafe.height, 9);
    expect(coverGeometry(6 * IN, 9 * IN, 10, 9, 24, false).barcode).toBeUndefined();
  });
});

describe('blurb marks', () => {
  const words = (t: string) =>
    parseRichText(t).map((p) =>
      p.map((w) => `${w.style.bold ? 'B' : ''}${w.style.italic ? 'I' : ''}:${w.text}`),
    );

  it('reads **bold** and *italic*, paragraphs at blank lines', () => {
    expect(words('A **bold move** and *one*.\n\nNext')).toEqual([
      [':A', 'B:bold', 'B:move', ':and', 'I:one', ':.'],
      [':Next'],
    ]);
  });

  it('prints a mark left open and an escaped star as they are', () => {
    expect(words('5 * 3 = 15 and \\*star\\*')).toEqual([[':5', ':*', ':3', ':=', ':15', ':and', ':*star*']]);
  });
});
