import { describe, expect, it } from 'vitest';
import { layoutBook } from '../../src/book/build-book.js';
import { topologies } from '../../src/grid/registry.js';
import { fitGrid } from '../../src/layout/draw-maze.js';
import { placeMarkers } from '../../src/layout/markers.js';
import { fitPuzzle, markerStyle, pageGeometry } from '../../src/layout/puzzle-pages.js';
import { fitMarkers, markerRoom, markerRule, markerSize } from '../../src/plan/marker-rule.js';
import { pageMazeArea } from '../../src/plan/page-geometry.js';

const MM = 72 / 25.4;

describe('the marker rule', () => {
  it('gives adults 6–14mm arrows and 10–20mm pictures, children 9–17mm arrows and pictures from 15mm', () => {
    const mm = (v: number) => Math.round((v / MM) * 100) / 100;
    const adults = { arrows: markerRule(false, 3 * MM, 12), pictures: markerRule(true, 3 * MM, 12) };
    expect([mm(adults.arrows.least), mm(adults.arrows.most)]).toEqual([6, 14]);
    expect([mm(adults.pictures.least), mm(adults.pictures.most)]).toEqual([10, 20]);
    const kids = { arrows: markerRule(false, 6 * MM, 16), pictures: markerRule(true, 6 * MM, 16) };
    expect([mm(kids.arrows.least), mm(kids.arrows.most)]).toEqual([9, 17]);
    expect([mm(kids.pictures.least), mm(kids.pictures.most)]).toEqual([15, 25]);
    // Any other audience's clear passage scales the least sizes (5mm, as a large-print floor might be).
    expect(mm(markerRule(false, 5 * MM, 12).least)).toBe(7.5);
    expect(mm(markerRule(true, 5 * MM, 12).least)).toBe(12.5);
    // A theme's marker size can only raise the least size.
    expect(markerRule(false, 3 * MM, 40).least).toBe(50);
  });

  it('follows the passage between its clamps: 0.6 of it for arrows, all of it for pictures', () => {
    const arrows = markerRule(false, 3 * MM, 12);
    const pictures = markerRule(true, 6 * MM, 16);
    expect(markerSize(arrows, 5 * MM)).toBe(arrows.least);
    expect(markerSize(arrows, 15 * MM)).toBeCloseTo(9 * MM, 9);
    expect(markerSize(arrows, 40 * MM)).toBe(arrows.most);
    expect(markerSize(pictures, 10 * MM)).toBe(pictures.least);
    expect(markerSize(pictures, 20 * MM)).toBeCloseTo(20 * MM, 9);
    expect(markerSize(pictures, 60 * MM)).toBe(pictures.most);
    // Never falls as the passage grows.
    let last = 0;
    for (let p = 1; p < 200; p += 0.5) {
      const s = markerSize(arrows, p);
      expect(s).toBeGreaterThanOrEqual(last);
      last = s;
    }
  });

  it('makes room for the markers by drawing the maze smaller: the room holds the markers of the passage left', () => {
    const rule = markerRule(true, 6 * MM, 16);
    const fit = { rule, wall: 2.6, label: 40 };
    const given = { x: 50, y: 50, width: 400, height: 300 };
    for (const cells of [2, 3, 4, 6, 10, 20, 40]) {
      const passageIn = (a: typeof given) => Math.min(a.width / cells, a.height / cells);
      const { area, room, size } = fitMarkers(given, 28, fit, passageIn);
      expect(size).toBe(markerSize(rule, passageIn(area)));
      expect(markerRoom(size, fit)).toBeLessThanOrEqual(room + 1e-6);
      // The smallest such room: a hair less would not hold the markers of the passage it leaves.
      const less = room - 0.01;
      const d = less - 28;
      const smaller = { x: 50 + d, y: 50 + d, width: 400 - 2 * d, height: 300 - 2 * d };
      if (room > markerRoom(rule.least, fit) + 0.01)
        expect(markerRoom(markerSize(rule, passageIn(smaller)), fit)).toBeGreaterThan(less);
      expect(area.x - given.x).toBeCloseTo(room - 28, 9);
    }
  });
});

describe('markers through a book', () => {
  for (const book of ['books/kids-activity.yaml', 'books/graded.yaml', 'books/sample.yaml']) {
    it(`follow the rule at both ends, in the room the page made for them: ${book}`, async () => {
      const { plan, puzzles } = await layoutBook(book);
      const byPassage = new Map<string, number>();
      for (const p of puzzles) {
        const geometry = pageGeometry(plan, p.plan);
        const slot = geometry.slots ? geometry.slots[0].maze : pageMazeArea(geometry, plan.theme, false);
        if (p.plan.mazegram?.blanks) continue;
        const { area, size } = fitPuzzle(plan, p, slot);
        const place = fitGrid(p.maze.grid, area);
        const passage =
          place.scale * topologies[(p.recipe ?? p.plan.recipe).shape].narrowest - plan.theme.walls.width;
        expect(size).toBe(markerSize(p.plan.markers.fit.rule, passage));
        if (p.plan.markers.pictures && p.plan.floor.audience === 'kids')
          expect(size).toBeGreaterThanOrEqual(15 * MM);
        // Inside the room the page made (the frame pages give is wider still).
        const room = markerRoom(size, p.plan.markers.fit);
        const frame = {
          x: area.x - room,
          y: area.y - room,
          width: area.width + 2 * room,
          height: area.height + 2 * room,
        };
        const placed = placeMarkers(
          p.maze,
          place,
          area,
          plan.theme.walls.width,
          markerStyle(plan, p.plan, size, frame),
        );
        for (const m of placed) {
          if (m.kind === 'dot') continue;
          // Drawn at the rule's size, not shrunk: the page left the room.
          expect(m.fits, `${p.plan.key} ${m.end}`).toBe(true);
          expect(m.size, `${p.plan.key} ${m.end}`).toBe(size);
        }
        // The same passage gets the same markers through the book.
        const key = `${p.plan.markers.fit.rule.kind}:${passage.toFixed(6)}`;
        const seen = byPassage.get(key);
        if (seen !== undefined) expect(size).toBe(seen);
        byPassage.set(key, size);
      }
    });
  }
});
