import { describe, expect, it } from 'vitest';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import {
  ANSWER_KEY,
  answerKeyStyle,
  answerWallColor,
  inkGrey,
  ROUTE_CONTRAST,
  routeColors,
} from '../../src/layout/answer-key-style.js';
import type { BookPlan } from '../../src/plan/book-plan.js';
import { contrast } from '../../src/plan/palette.js';
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
    // Contrast of relative luminance: what a greyscale print or photocopy keeps of the colours.
    expect(contrast(line, paper)).toBeGreaterThanOrEqual(ANSWER_KEY.routeContrast - 0.01);
    expect(contrast(walls, paper)).toBeGreaterThanOrEqual(3);
    expect(contrast(line, paper)).toBeGreaterThan(contrast(walls, paper) * 1.4);
    expect(contrast(band, paper)).toBeGreaterThanOrEqual(ROUTE_CONTRAST.bandLeast - 0.01);
    expect(contrast(line, band)).toBeGreaterThanOrEqual(ROUTE_CONTRAST.line - 0.01);
    if (ink === 'black') {
      // 55 % K walls (the grey of black ink coverage 0.55), the route the theme's grayscale line (black but
      // for ink-saver's 80 % K).
      expect(walls).toBe(inkGrey(0.55));
      expect(walls).toBe('#737373');
      expect(line).toBe(name === 'ink-saver' ? '#333333' : '#000000');
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
    // Classic's red (#d1495b, 4.4 : 1) becomes a deeper red of the same hue.
    expect(classic.line).not.toBe(theme('classic').colors.solution);
    expect(classic.line).toMatch(/^#[89a][0-9a-f]2/);
    const grey = routeColors(book(theme('grayscale'), 'standard-color'));
    expect(contrast(grey.line, '#ffffff')).toBeGreaterThanOrEqual(7);
  });
});
