import { describe, expect, it } from 'vitest';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import { ROUTE_CONTRAST, routeColors, routeStyle } from '../../src/layout/page-parts.js';
import type { BookPlan } from '../../src/plan/book-plan.js';
import { contrast } from '../../src/plan/palette.js';
import { builtinThemes, type Ink, loadTheme, type Theme, themeForInk } from '../../src/plan/theme.js';
import { tempDir } from '../helpers.js';

const dir = tempDir();
const theme = (name: string): Theme =>
  loadTheme(name, dir, createFileAccess(defaultPathPolicy(dir)), 'theme');

/** Just what the route's style reads of a book. */
function book(t: Theme, ink: Ink, style: 'line' | 'dashed' | 'highlight' = 'line'): BookPlan {
  return {
    theme: themeForInk(t, ink, false),
    ink,
    print: { rules: { minLine: 0.25 } },
    solutions: { style },
  } as unknown as BookPlan;
}

const INKS: Ink[] = ['black', 'standard-color'];
const cases = builtinThemes().flatMap((name) => INKS.map((ink) => [name, ink] as const));

describe('answer routes in every theme and ink', () => {
  it.each(cases)(
    '%s, %s: a band that shows on the paper and a line that shows on the band, in grey',
    (name, ink) => {
      const b = book(theme(name), ink);
      const { band, line } = routeColors(b);
      const paper = b.theme.colors.background ?? b.theme.colors.page;
      // Contrast of relative luminance: what a greyscale print or photocopy keeps of the colours.
      expect(contrast(band, paper)).toBeGreaterThanOrEqual(ROUTE_CONTRAST.bandLeast - 0.01);
      expect(contrast(line, band)).toBeGreaterThanOrEqual(ROUTE_CONTRAST.line - 0.01);
      // Walls read over the band as well as over the paper.
      expect(contrast(b.theme.colors.walls, band)).toBeGreaterThanOrEqual(3);
    },
  );

  it.each(cases)('%s, %s: a band at least 2.5 walls wide under a line unlike the walls', (name, ink) => {
    for (const [wall, route, passage] of [
      [1, 2, 20],
      [0.6, 0.6, 5],
      [1.5, 1.5, 30],
    ]) {
      for (const style of ['line', 'dashed', 'highlight'] as const) {
        const s = routeStyle(book(theme(name), ink, style), wall, route, passage);
        expect(s.band.width).toBeGreaterThanOrEqual(2.5 * wall);
        expect(s.solution.width).toBeLessThan(s.band.width / 2);
        expect(Math.abs(s.solution.width - wall)).toBeGreaterThanOrEqual(0.2 * wall - 1e-9);
        expect(s.solution.width).toBeGreaterThanOrEqual(0.5);
        expect(s.solution.dash !== undefined).toBe(style === 'dashed');
      }
    }
  });

  it('keep the theme’s route colour as the line where it reads on the band', () => {
    const classic = routeColors(book(theme('classic'), 'standard-color'));
    expect(classic.line).toBe(theme('classic').colors.solution);
    // A pale route colour (kids' pink) is darkened to a shade of itself to read on its band in grey.
    const kids = routeColors(book(theme('kids'), 'standard-color'));
    expect(kids.line).not.toBe(theme('kids').colors.solution);
  });
});
