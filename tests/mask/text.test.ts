import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Font, PathCommand } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import type { MaskShape } from '../../src/mask/shape.js';
import { textShape } from '../../src/mask/text.js';
import { type FontFace, fontOf, loadFont, loadFontFile, registerFont } from '../../src/text/fonts.js';

/**
 * A stand-in font with one glyph per character, each a list of path commands in units of a 1000-unit em,
 * y up, advancing 1000 units; enough of fontkit's surface for textShape.
 */
function fakeFace(glyphs: Record<string, PathCommand[]>): FontFace {
  const glyph = (ch: string) => {
    const commands = glyphs[ch] ?? [];
    const xs = commands.flatMap((c) => c.args.filter((_, i) => i % 2 === 0));
    const ys = commands.flatMap((c) => c.args.filter((_, i) => i % 2 === 1));
    const bbox = {
      minX: Math.min(...xs),
      minY: Math.min(...ys),
      maxX: Math.max(...xs),
      maxY: Math.max(...ys),
    };
    return { id: ch in glyphs ? 1 : 0, codePoints: [ch.codePointAt(0)!], path: { commands, bbox } };
  };
  const font = {
    unitsPerEm: 1000,
    hasGlyphForCodePoint: (cp: number) => String.fromCodePoint(cp) in glyphs,
    layout: (text: string) => ({
      glyphs: [...text].map(glyph),
      positions: [...text].map(() => ({ xAdvance: 1000, yAdvance: 0, xOffset: 0, yOffset: 0 })),
      advanceWidth: [...text].length * 1000,
    }),
  };
  return registerFont(`/fonts/fake-${Object.keys(glyphs).join('')}.ttf`, font as unknown as Font);
}

const move = (x: number, y: number): PathCommand => ({ command: 'moveTo', args: [x, y] });
const line = (x: number, y: number): PathCommand => ({ command: 'lineTo', args: [x, y] });
/** A square contour, counter-clockwise (y up) unless `cw`, left open (no closePath). */
const square = (x0: number, y0: number, x1: number, y1: number, cw = false): PathCommand[] =>
  cw
    ? [move(x0, y0), line(x0, y1), line(x1, y1), line(x1, y0)]
    : [move(x0, y0), line(x1, y0), line(x1, y1), line(x0, y1)];

const LATO = join(import.meta.dirname, '..', '..', 'fonts', 'lato', 'Lato-Bold.ttf');
const face: FontFace = loadFontFile(LATO);

function userError(run: () => unknown): UserError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return e as UserError;
  }
  throw new Error('expected a UserError');
}

/** Inside/outside runs met walking down the vertical line x from the top edge to the bottom edge. */
function runsDown(shape: MaskShape, x: number, steps = 400): boolean[] {
  const runs: boolean[] = [];
  for (let i = 0; i < steps; i++) {
    const now = shape.inside(x, 1 - (2 * i + 1) / steps);
    if (runs.at(-1) !== now) runs.push(now);
  }
  return runs;
}

describe('textShape', () => {
  it('sets a word wide, labelled with the text', () => {
    const shape = textShape('ANNA', face, 'spec.yaml:4:11');
    expect(shape.label).toBe('text "ANNA"');
    expect(shape.aspect).toBeGreaterThan(2);
    expect(shape.aspect).toBeLessThan(6);
  });

  it('leaves the counter of an A outside', () => {
    const shape = textShape('A', face, 'spec.yaml');
    // Down the middle: apex (ink), counter (hole), crossbar (ink), gap between the legs.
    expect(runsDown(shape, 0)).toEqual([true, false, true, false]);
    expect(shape.inside(0, 0.95)).toBe(true);
    expect(shape.inside(0, 0.2)).toBe(false);
    expect(shape.inside(0, -0.9)).toBe(false);
    // Feet reach the bottom corners: the bitmap is cropped to the ink.
    expect(shape.inside(-0.97, -0.97)).toBe(true);
    expect(shape.inside(0.97, -0.97)).toBe(true);
  });

  it('fills an O as a ring with an outside centre', () => {
    const shape = textShape('O', face, 'spec.yaml');
    expect(shape.aspect).toBeCloseTo(1, 1);
    expect(shape.inside(0, 0)).toBe(false);
    expect(shape.inside(-0.9, 0)).toBe(true);
    expect(shape.inside(0.9, 0)).toBe(true);
    expect(shape.inside(0, 0.95)).toBe(true);
    expect(shape.inside(0, -0.95)).toBe(true);
    // Corners lie outside the round letter.
    expect(shape.inside(0.95, 0.95)).toBe(false);
    expect(runsDown(shape, 0)).toEqual([true, false, true]);
  });

  it('keeps letters apart: a gap between the two N strokes of "NN"', () => {
    const shape = textShape('NN', face, 'spec.yaml');
    expect(runsDown(shape, 0)).toEqual([false]);
  });

  it('stacks lines, centred, 1.1 em apart', () => {
    const one = textShape('ANNA', face, 'spec.yaml');
    const two = textShape('AN\nNA', face, 'spec.yaml');
    expect(two.aspect!).toBeLessThan(one.aspect! / 2);
    // A thin I centred over a wide line: ink at the top only around x = 0, a gap between the lines.
    const shape = textShape('I\nWWWW', face, 'spec.yaml');
    expect(shape.inside(0, 0.9)).toBe(true);
    expect(shape.inside(-0.5, 0.9)).toBe(false);
    expect(shape.inside(0.5, 0.9)).toBe(false);
    expect(runsDown(shape, 0)[0]).toBe(true);
    expect(runsDown(shape, 0)).toContain(false);
  });

  it('puts baselines 1.1 em apart', () => {
    // "I" over "I": ink (cap height), gap (1.1 em − cap height), ink; the gap's share of the height follows.
    const shape = textShape('I\nI', face, 'spec.yaml');
    expect(runsDown(shape, 0)).toEqual([true, false, true]);
    const cap = fontOf(face).capHeight / fontOf(face).unitsPerEm;
    let gap = 0;
    const steps = 1000;
    for (let i = 0; i < steps; i++) if (!shape.inside(0, 1 - (2 * i + 1) / steps)) gap++;
    expect(gap / steps).toBeCloseTo((1.1 - cap) / (1.1 + cap), 2);
  });

  it('fills overlapping contours by the non-zero rule and closes open contours', () => {
    // Two squares drawn the same way round overlap in the middle: the overlap stays inside.
    const same = textShape(
      'X',
      fakeFace({ X: [...square(0, 0, 600, 600), ...square(300, 300, 900, 900)] }),
      't',
    );
    expect(same.inside(0, 0)).toBe(true);
    expect(same.inside(-0.6, -0.6)).toBe(true);
    expect(same.inside(0.6, 0.6)).toBe(true);
    expect(same.inside(-0.6, 0.6)).toBe(false);
    // Drawn the other way round, the inner square is a counter.
    const ring = textShape(
      'O',
      fakeFace({ O: [...square(0, 0, 900, 900), ...square(300, 300, 600, 600, true)] }),
      't',
    );
    expect(ring.inside(0, 0)).toBe(false);
    expect(ring.inside(-0.8, 0)).toBe(true);
  });

  it('follows curves, not their control polygons', () => {
    // x = 0 from (0, 0) up to (0, 1000), then a parabola back through (500, 500): a D whose control point
    // lies at x = 1000, twice as far out as the ink.
    const d = fakeFace({
      D: [move(0, 0), line(0, 1000), { command: 'quadraticCurveTo', args: [1000, 500, 0, 0] }],
    });
    const shape = textShape('D', d, 't');
    expect(shape.aspect).toBeCloseTo(0.5, 2);
    // Normalised x = 0.6 is 400 units out; the parabola reaches x = 400 at y = 500 ± 224.
    expect(shape.inside(0.6, 0)).toBe(true);
    expect(shape.inside(0.6, 0.4)).toBe(true);
    expect(shape.inside(0.6, 0.5)).toBe(false);
    expect(shape.inside(0.6, -0.5)).toBe(false);
  });

  it('names characters the font lacks, and the font', () => {
    const e = userError(() => textShape('MAZE 迷路', face, 'spec.yaml:9:3'));
    expect(e.where).toBe('spec.yaml:9:3');
    expect(e.what).toContain('"迷" (U+8FF7)');
    expect(e.what).toContain('"路" (U+8DEF)');
    expect(e.what).toContain('Lato-Bold.ttf');
    const emoji = userError(() => textShape('hi 😀', face, 'spec.yaml'));
    expect(emoji.what).toContain('U+1F600');
  });

  it('refuses empty text and text without ink', () => {
    expect(userError(() => textShape('', face, 'spec.yaml')).what).toMatch(/empty/);
    expect(userError(() => textShape('   ', face, 'spec.yaml')).what).toMatch(/no ink/);
    expect(userError(() => textShape(' \n ', face, 'spec.yaml')).what).toMatch(/no ink/);
  });

  it('refuses very long text', () => {
    expect(userError(() => textShape('A'.repeat(1000), face, 'spec.yaml')).what).toMatch(/limit/);
  });
});

describe('loadFont for masks', () => {
  it('reports a file that is not a font', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mazebook-mask-text-'));
    const path = join(dir, 'fake.ttf');
    writeFileSync(path, 'not a font at all\n');
    const files = createFileAccess(defaultPathPolicy(dir));
    const e = userError(() => loadFont(files, files.named(dir, 'fake.ttf', 'spec.yaml:2:9', 'font')));
    expect(e.what).toMatch(/fake\.ttf is not a font/);
  });
});
