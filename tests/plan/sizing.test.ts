import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/book/build-book.js';
import { markerRoom, markerSize } from '../../src/plan/marker-rule.js';
import { gridClearIn, puzzleMazeArea } from '../../src/plan/page-geometry.js';
import { planBook } from '../../src/plan/plan-book.js';
import type { Rect } from '../../src/plan/rect.js';
import { tempDir } from '../helpers.js';

function plan(spec: string) {
  const dir = tempDir({ 'b.yaml': spec });
  return planBook(loadSpec(join(dir, 'b.yaml')));
}

describe('planning sizes', () => {
  it('converts paper, orientation and margins to points', () => {
    const p = plan(
      'title: T\npaper: letter\norientation: landscape\nmargins: 0.5in\npages: [{ maze: { cells: 4 } }]\n',
    );
    expect(p.paper).toEqual({ width: 792, height: 612 });
    expect(p.margins).toEqual({ top: 36, right: 36, bottom: 36, left: 36 });
  });

  it('keeps an explicit size in its own orientation unless told otherwise', () => {
    expect(plan('title: T\npaper: 11x8.5in\npages: [{ maze: { cells: 4 } }]\n').paper).toEqual({
      width: 792,
      height: 612,
    });
    expect(plan('title: T\npaper: 210x297mm\npages: [{ maze: { cells: 4 } }]\n').paper.width).toBeCloseTo(
      595.28,
      1,
    );
    const custom = plan(
      'title: T\npaper: { width: 6in, height: 9in }\norientation: landscape\npages: [{ maze: { cells: 4 } }]\n',
    );
    expect(custom.paper).toEqual({ width: 648, height: 432 });
  });

  it("fills the maze area (less its markers' room) from cells, or fits cells of a passage width", () => {
    const p = plan('title: T\npages:\n  - maze: { cells: [10, 20] }\n  - maze: { passage: 10mm }\n');
    const [byCells, byPassage] = p.puzzles;
    const room = (q: typeof byCells, passage: (a: Rect) => number) =>
      puzzleMazeArea(p.geometry, p.theme, { blanks: false, markers: q.markers.fit }, passage);
    const cells = room(byCells, gridClearIn({ width: 10, height: 20 }, 1, p.theme.walls.width));
    expect(byCells.cellSize).toBeCloseTo(Math.min(cells.width / 10, cells.height / 20), 6);
    // The room is what the marker rule's arrow for that passage needs, and it is more than the least.
    const size = markerSize(byCells.markers.fit.rule, byCells.cellSize - p.theme.walls.width);
    expect(size).toBeGreaterThan(byCells.markers.fit.rule.least);
    expect(cells.x - p.geometry.mazeArea.x).toBeCloseTo(
      markerRoom(size, byCells.markers.fit) - 1.75 * p.theme.markers.size,
      6,
    );
    const passage = room(byPassage, () => 28.35 - p.theme.walls.width);
    expect(byPassage.cellSize).toBeCloseTo(28.35, 2);
    expect(byPassage.recipe.size.columns).toBe(Math.floor(passage.width / byPassage.cellSize));
  });

  it("lets a page's own sizing override the defaults' sizing", () => {
    const p = plan(
      'title: T\ndefaults: { cells: [5, 5] }\npages:\n  - maze: { passage: 10mm }\n  - maze: {}\n',
    );
    expect(p.puzzles[0].recipe.size.columns).toBeGreaterThan(5);
    expect(p.puzzles[1].recipe.size).toEqual({ columns: 5, rows: 5 });
  });

  it('allows zero margins', () => {
    expect(plan('title: T\nmargins: 0\npages: [{ maze: { cells: 4 } }]\n').margins.top).toBe(0);
  });
});
