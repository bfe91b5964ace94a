import { describe, expect, it } from 'vitest';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import {
  ANSWER_KEY,
  answerKeyStyle,
  answerWallColor,
  greyApart,
  greyInk,
  inkGrey,
  ROUTE_CONTRAST,
  routeColors,
} from '../../src/layout/answer-key-style.js';
import type { BookPlan } from '../../src/plan/book-plan.js';
import { contrast, hexToHsl } from '../../src/plan/palette.js';
import { builtinThemes, type Ink, loadTheme, type Theme, themeForInk } from '../../src/plan/theme.js';
import { tempDir } from '../helpers.js';

const dir = tempDir();
const theme = (name: string): Theme =>
  loadTheme(name, dir, createFileAccess(defaultPathPolicy(dir)), 'theme');

/** Just what the answer key's style reads of a book. */
function book(t: Theme, ink: Ink, style: 'line' | 'dashed' | 'highlight' = 'line'): BookPlan {
  return {
    theme: themeForInk(t, ink, false),
    ink,
    print: { rules: { minLine: 0.25 } },
    floors: { text: 4, wall: 0 },
    solutions: { style },
  } as unknown as BookPlan;
}

const INKS: Ink[] = ['black', 'standard-color'];
const cases = builtinThemes().flatMap((name) => INKS.map((ink) => [name, ink] as const));
const paperOf = (b: BookPlan) => b.theme.colors.background ?? b.theme.colors.page;

describe('answer keys in every theme and ink', () => {
  it.each(cases)('%s, %s: the route is darker than the walls in grey, the walls still read', (name, ink) => {
    const b = book(theme(name), ink);
    const { band, line } = routeColors(b);
    const paper = paperOf(b);
    const walls = answerWallColor(b);
    // How far from the paper each prints in grey, as black ink coverage (the PDF's RGB-to-grey rule).
    expect(greyApart(walls, paper)).toBeGreaterThanOrEqual(ANSWER_KEY.wallInk - 0.01);
    expect(greyApart(walls, paper)).toBeLessThanOrEqual(ANSWER_KEY.wallInk + 0.01);
    expect(greyApart(answerWallColor(b, true), paper)).toBeCloseTo(ANSWER_KEY.pictureWallInk, 1);
    expect(contrast(line, band)).toBeGreaterThanOrEqual(ROUTE_CONTRAST.line - 0.01);
    if (ink === 'black') {
      // 55 % K walls (the grey of black ink coverage 0.55), the route the theme's grayscale line (black but
      // for ink-saver's 80 % K) over the theme's light grey band.
      expect(walls).toBe(inkGrey(0.55));
      expect(walls).toBe('#737373');
      expect(line).toBe(name === 'ink-saver' ? '#333333' : '#000000');
      expect(contrast(line, paper)).toBeGreaterThanOrEqual(ANSWER_KEY.routeContrast - 0.01);
    } else {
      // Colour printed in grey: an 85 % K line over a 35 % K band, 30 points darker than the walls.
      expect(greyApart(line, paper)).toBeGreaterThanOrEqual(ANSWER_KEY.routeInk - 0.005);
      expect(greyApart(band, paper)).toBeGreaterThanOrEqual(ANSWER_KEY.bandInk - 0.005);
      expect(greyApart(band, paper)).toBeLessThanOrEqual(ANSWER_KEY.bandInk + 0.01);
      expect(greyApart(line, paper)).toBeGreaterThanOrEqual(greyApart(walls, paper) + 0.29);
    }
  });

  it.each(cases)('%s, %s: a route at least 2.5 walls wide over a wider band', (name, ink) => {
    for (const [wall, route, passage] of [
      [1, 2, 20],
      [0.75, 1, 6],
      [0.6, 0.6, 5],
      [1.5, 1.5, 30],
    ]) {
      for (const style of ['line', 'dashed', 'highlight'] as const) {
        const s = answerKeyStyle(book(theme(name), ink, style), wall, route, passage);
        expect(s.walls.width).toBe(wall);
        expect(s.solution.width).toBeGreaterThanOrEqual(ANSWER_KEY.routeToWall * wall - 1e-9);
        expect(s.band.width).toBeGreaterThan(s.solution.width);
        expect(s.band.width).toBeLessThanOrEqual(passage - wall + 1e-9);
        expect(s.solution.dash !== undefined).toBe(style === 'dashed');
      }
    }
  });

  it('keep the theme’s route colour where it is dark enough, else a darker shade of its hue', () => {
    const classic = routeColors(book(theme('classic'), 'standard-color'));
    // Classic's red (#d1495b, 57 % K in grey) becomes a deep red of the same hue, 85 % K.
    expect(classic.line).not.toBe(theme('classic').colors.solution);
    expect(Math.abs(hexToHsl(classic.line).h - hexToHsl('#d1495b').h)).toBeLessThan(2);
    expect(greyInk(classic.line)).toBeGreaterThanOrEqual(0.85 - 0.005);
    expect(greyInk(classic.line)).toBeLessThan(0.87);
    // The band is a wash of the same red, 35 % K.
    expect(Math.abs(hexToHsl(classic.band).h - hexToHsl('#d1495b').h)).toBeLessThan(3);
    const grey = routeColors(book(theme('grayscale'), 'standard-color'));
    expect(hexToHsl(grey.line).s).toBe(0);
    expect(contrast(grey.line, '#ffffff')).toBeGreaterThanOrEqual(10);
  });

  it('measure grey as a grey print does: 0.3 R + 0.59 G + 0.11 B', () => {
    expect(greyInk('#ffffff')).toBeCloseTo(0, 9);
    expect(greyInk('#000000')).toBeCloseTo(1, 9);
    expect(greyInk(inkGrey(0.55))).toBeCloseTo(0.55, 2);
    // The review's figures: the old route #A4293A printed at 69 % K, its band #F1C9CF at 16 %.
    expect(greyInk('#a4293a')).toBeCloseTo(0.69, 2);
    expect(greyInk('#f1c9cf')).toBeCloseTo(0.16, 2);
  });
});
