import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutBook, planSpec } from '../../src/book/build-book.js';
import { choosePuzzle } from '../../src/book/select.js';
import { maskRequestOf } from '../../src/mask/descriptor.js';
import { difficultyStars, shownStars } from '../../src/plan/resolve-difficulty.js';
import { tempDir } from '../helpers.js';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';

async function planned(spec: string, files: Record<string, string> = {}) {
  const dir = tempDir({ 'b.yaml': spec, ...files });
  return { dir, plan: await planSpec(join(dir, 'b.yaml')) };
}

describe('markers', () => {
  it('are arrows with START and FINISH words for kids, arrows alone for adults', async () => {
    const { plan } = await planned(
      'title: T\naudience: kids\npages: [{}, { maze: { markers: { labels: false } } }]\n',
    );
    expect(plan.puzzles.map((p) => p.markers.labels)).toEqual([true, false]);
    expect(plan.puzzles.map((p) => p.markers.pictures)).toEqual([undefined, undefined]);
    const adults = await planned('title: T\npages: [{}]\n');
    expect(adults.plan.puzzles[0].markers.labels).toBe(false);
    const dir = tempDir({
      'b.yaml': 'title: T\nlocale: de\ntheme: kids\nfront: []\nsolutions: false\npages: [{}]\n',
    });
    const { doc } = await layoutBook(join(dir, 'b.yaml'));
    const words = doc.pages[0].items.flatMap((i) => (i.type === 'text' ? [i.text] : []));
    expect(words).toEqual(expect.arrayContaining(['START', 'ZIEL']));
  });

  it('can be bundled pictures or SVG files read through the spec’s folder, always as a pair', async () => {
    const { plan } = await planned(
      'title: T\npages:\n  - { maze: { markers: { start: rabbit, finish: carrot } } }\n  - { maze: { markers: { start: ship.svg, finish: flag } } }\n',
      { 'ship.svg': SVG },
    );
    expect(plan.puzzles[0].markers.pictures?.start.name).toBe('rabbit');
    expect(plan.puzzles[1].markers.pictures?.start.name).toBe('ship.svg');
    expect(plan.puzzles[1].markers.pictures?.start.viewBox).toEqual([0, 0, 10, 10]);
    // Plain data: the plan still crosses to worker threads.
    expect(structuredClone(plan.puzzles[1].markers).pictures?.start.layers[0].d.length).toBeGreaterThan(0);
    await expect(
      planned('title: T\npages: [{ maze: { markers: { start: rabit, finish: carrot } } }]\n'),
    ).rejects.toThrow(/unknown marker picture "rabit".*did you mean "rabbit"/s);
    await expect(planned('title: T\npages: [{ maze: { markers: { start: rabbit } } }]\n')).rejects.toThrow(
      /a picture for one end needs a picture for the other/,
    );
  });
});

describe('masks that keep their shape', () => {
  it('warn when a size the spec gives cannot draw the shape, naming the page, mask and fidelity', async () => {
    const { plan } = await planned(
      'title: T\npages: [{ maze: { mask: heart, cells: 5 } }, { maze: { mask: heart, cells: 30 } }]\n',
    );
    expect(plan.puzzles[0].notes).toEqual([
      expect.stringMatching(
        /^mask heart does not read as its shape at 5×5 cells: fidelity 0\.\d\d \(a shape reads from 0\.87\)/,
      ),
    ]);
    expect(plan.puzzles[1].notes).toEqual([]);
    const warnings: string[] = [];
    choosePuzzle(plan, plan.puzzles[0], false, (w) => warnings.push(w));
    expect(warnings[0]).toMatch(/^mask heart does not read/);
  });

  it('warn in render too', async () => {
    const { renderMaze } = await import('../../src/book/render-maze.js');
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      await renderMaze({ format: 'svg', maze: { mask: 'star', cells: 10 } });
    } finally {
      process.stderr.write = write;
    }
    expect(written.join('')).toMatch(
      /warning: mask 5-point star does not read as its shape at 10×10 cells: fidelity 0\.\d\d/,
    );
  });

  it('grow a size mazebook chooses until the shape reads, within the floor', async () => {
    const { plan } = await planned(
      'title: T\npaper: a6\nmargins: 10mm\npages: [{ maze: { mask: star } }, { maze: { mask: star, cells: auto, difficulty: easy } }]\n',
    );
    const [chosen, auto] = plan.puzzles;
    // The default 8mm passage leaves a plus sign on A6; the star needs more cells.
    expect(chosen.recipe.size.columns).toBeGreaterThanOrEqual(12);
    expect(chosen.cellSize - plan.theme.walls.width).toBeGreaterThanOrEqual(chosen.floor.clear - 1e-6);
    expect(auto.autoSize?.min?.columns).toBeGreaterThanOrEqual(12);
    expect(chosen.notes).toEqual([]);
  });

  it('set a text in the lines that fill the page’s maze area, or as many as asked', async () => {
    const { plan } = await planned(
      'title: T\npages:\n  - { maze: { mask: { text: "YOU FOUND IT" }, passage: 4mm } }\n  - { maze: { mask: { text: "YOU FOUND IT", lines: 1 }, passage: 4mm } }\n',
    );
    const lines = plan.puzzles.map((p) =>
      p.recipe.mask ? (maskRequestOf(p.recipe.mask).shape.aspect ?? 0) : 0,
    );
    // On a portrait page the text is broken into lines (a taller shape) unless one line is asked for.
    expect(lines[0]).toBeLessThan(lines[1]);
    expect(lines[1]).toBeGreaterThan(3);
  });
});

describe('difficulty stars', () => {
  it('follow the labels and agree with the page’s target band', () => {
    expect([1, 2.9, 3, 4.9, 5, 6.4, 6.5, 7.9, 8, 10].map(difficultyStars)).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    // A page that meets its band by a hair shows the band's stars.
    expect(shownStars(6.55, { min: 5.9, max: 6.5 })).toBe(3);
    expect(shownStars(4.95, { min: 5, max: 6.5 })).toBe(3);
    expect(shownStars(7, { min: 5, max: 6.5 })).toBe(4);
  });
});
