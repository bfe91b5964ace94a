import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { buildBook, layoutBook, planSpec } from '../../src/book/build-book.js';
import { sheetSpec } from '../../src/cli/sheet.js';
import { topologies } from '../../src/grid/registry.js';
import type { BookPlan, PuzzlePlan } from '../../src/plan/book-plan.js';
import { fitScale, gridClearIn, puzzleMazeArea } from '../../src/plan/page-geometry.js';
import { AUDIENCE_FLOOR_MM } from '../../src/plan/resolve-puzzles.js';
import { tempDir } from '../helpers.js';

const MM = 72 / 25.4;

/** The clear passage of the largest maze the page lets an automatic size reach, in points. */
function clearAtMax(book: BookPlan, p: PuzzlePlan): number {
  const topo = topologies[p.recipe.shape];
  const max = p.autoSize?.max ?? p.recipe.size;
  const extent = topo.extent(max, p.recipe.hexTop);
  const area = puzzleMazeArea(
    book.layouts[p.perPage],
    book.theme,
    { blanks: p.mazegram?.blanks ?? false, markers: p.markers.fit },
    gridClearIn(extent, topo.narrowest, book.theme.walls.width),
  );
  return fitScale(extent, area) * topo.narrowest - book.theme.walls.width;
}

async function plan(spec: Record<string, unknown> | string) {
  const dir = tempDir({ 'b.yaml': typeof spec === 'string' ? spec : stringify(spec) });
  return { dir, file: join(dir, 'b.yaml'), plan: await planSpec(join(dir, 'b.yaml')) };
}

describe('the passage floor', () => {
  it('is 3mm clear for adults, 6mm for kids (and the kids theme), or min-passage; sections may set theirs', async () => {
    const { plan: p } = await plan(`
title: T
theme: kids
defaults: { cells: auto, difficulty: easy }
pages:
  - {}
  - section: Grown-ups
    defaults: { audience: adults }
  - {}
  - section: Wide
    defaults: { min-passage: 9mm }
  - {}
`);
    expect(p.puzzles.map((x) => [x.floor.audience, x.floor.from])).toEqual([
      ['kids', 'audience'],
      ['adults', 'audience'],
      ['kids', 'min-passage'],
    ]);
    expect(p.puzzles.map((x) => x.floor.clear / MM)).toEqual([
      expect.closeTo(AUDIENCE_FLOOR_MM.kids, 6),
      expect.closeTo(AUDIENCE_FLOOR_MM.adults, 6),
      expect.closeTo(9, 6),
    ]);
  });

  it('bounds every automatic size of every sheet preset, on every shape, count and audience', async () => {
    for (const audience of ['adults', 'kids']) {
      for (const shape of ['square', 'hex', 'triangle', 'octagon', 'circle']) {
        for (const count of [1, 2, 4, 6]) {
          const spec = sheetSpec({
            paper: 'a4',
            count,
            title: 'S',
            answers: true,
            shape,
            difficulty: 'expert',
            audience,
          });
          const { plan: p } = await plan(spec);
          for (const puzzle of p.puzzles) {
            expect(puzzle.autoSize, `${shape} ×${count}`).toBeDefined();
            const clear = clearAtMax(p, puzzle);
            expect(clear, `${audience} ${shape} ×${count}`).toBeGreaterThanOrEqual(puzzle.floor.clear - 1e-6);
          }
        }
      }
    }
  });

  it('keeps an expert 2-up circle sheet at the floor as printed, and says the target is out of reach there', async () => {
    const spec = sheetSpec({
      paper: 'a5',
      count: 2,
      title: 'S',
      answers: false,
      shape: 'circle',
      difficulty: 'expert',
    });
    const { dir, file } = await plan({ ...spec, defaults: { ...(spec.defaults as object), candidates: 2 } });
    const r = await buildBook(file, { output: join(dir, 'b.pdf') });
    for (const p of r.puzzles) {
      expect(p.clear).toBeGreaterThanOrEqual(3 * MM - 1e-6);
      // The search went on past its candidates, with the other means the page allows.
      expect(p.tried).toBeGreaterThan(2);
    }
    expect(r.warnings.join('\n')).toMatch(
      /b\.yaml:\d+:\d+: difficulty expert not reached at the passage floor \(3\.0mm clear, the largest maze the page holds\): the best of \d+ candidates, also with .*reverse-wasted-turns.* scored \d/,
    );
  });

  it('gives a page without a size the default passage, or the floor when that is wider', async () => {
    const { plan: p } = await plan({
      title: 'T',
      'min-passage': '12mm',
      pages: [{ maze: {} }, { maze: { shape: 'hex' } }],
    });
    for (const puzzle of p.puzzles) {
      expect(puzzle.cellSize - p.theme.walls.width).toBeGreaterThanOrEqual(12 * MM - 1e-6);
    }
  });

  it('warns about a size the spec gives whose passages are narrower, naming the clear width', async () => {
    const { dir, file } = await plan({ title: 'T', pages: [{ maze: { cells: [60, 80] } }, { maze: {} }] });
    const r = await layoutBook(file);
    const warnings = r.warnings.filter((w) => w.includes('floor'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /b\.yaml:\d+:\d+: passages are 2\.\dmm clear between walls at 60×80 cells, under the adults' floor of 3\.0mm/,
    );
    await expect(buildBook(file, { output: join(dir, 'b.pdf'), strict: true })).rejects.toThrow(
      /--strict.*passages are 2\.\dmm clear/s,
    );
  });

  it('measures hex and octagon mazes at the doors between their cells, narrower than the cells', async () => {
    // 7mm across an octagon leaves a 2.9mm side, 2.5mm clear of the walls; across a hexagon, a 4mm side.
    const { file } = await plan({
      title: 'T',
      pages: [{ maze: { shape: 'octagon', passage: '7mm' } }, { maze: { shape: 'hex', passage: '7mm' } }],
    });
    const r = await layoutBook(file);
    const warnings = r.warnings.filter((w) => w.includes('floor'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/passages are 2\.\dmm clear between walls at \d+×\d+ cells/);
    // Sized by mazebook, the door keeps the floor.
    const { plan: p } = await plan({
      title: 'T',
      pages: [{ maze: { shape: 'octagon' } }, { maze: { shape: 'hex' } }],
    });
    for (const puzzle of p.puzzles) {
      const door =
        (puzzle.cellSize * topologies[puzzle.recipe.shape].narrowest) /
        topologies[puzzle.recipe.shape].passage;
      expect(door - p.theme.walls.width).toBeGreaterThanOrEqual(AUDIENCE_FLOOR_MM.adults * MM - 1e-6);
    }
  });

  it('records the clear passage as printed in the lockfile and in rate', async () => {
    const { dir, file } = await plan({ title: 'T', pages: [{ id: 'a', maze: { passage: '10mm' } }] });
    const r = await buildBook(file, { output: join(dir, 'b.pdf') });
    const { readFileSync } = await import('node:fs');
    const lock = JSON.parse(readFileSync(join(dir, 'b.lock.json'), 'utf8'));
    const printed = lock.puzzles[0].clearPassage;
    // The maze fills its frame, so its passage is at least the one asked for.
    expect(printed).toBeGreaterThanOrEqual(10 - 1.4 / MM - 0.01);
    expect(printed).toBeCloseTo(r.puzzles[0].clear / MM, 2);
    const { rateBook, ratingsJson } = await import('../../src/book/rate-book.js');
    const json = ratingsJson(await rateBook(file)) as {
      pages: { clearPassage: number; minPassage: number }[];
    };
    expect(json.pages[0]).toMatchObject({ clearPassage: printed, minPassage: 3 });
  });
});
