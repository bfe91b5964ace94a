import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { layoutBook } from '../../src/book/build-book.js';
import { sheetSpec } from '../../src/cli/sheet.js';
import { answerWallColor, routeColors } from '../../src/layout/answer-key-style.js';
import type { Page, PathItem } from '../../src/layout/display-list.js';
import type { BookPlan } from '../../src/plan/book-plan.js';
import type { Rect } from '../../src/plan/rect.js';
import { capHeight, textWidth } from '../../src/text/fonts.js';
import { CLOSE, CURVE, MOVE } from '../../src/vector/path-data.js';
import { tempDir } from '../helpers.js';

/** 3 mm in points: the least free space between a marker (or its word) and any other part of the page. */
const KEEP = (3 / 25.4) * 72;

type Pt = [number, number];

/** The points of each subpath of a path (curve control points included: they bound the curve). */
function subpaths(item: PathItem): Pt[][] {
  const out: Pt[][] = [];
  const { cmds, coords } = item.path;
  let j = 0;
  for (const c of cmds) {
    if (c === MOVE) out.push([]);
    const n = c === CURVE ? 6 : c === CLOSE ? 0 : 2;
    for (let k = 0; k < n; k += 2) out[out.length - 1].push([coords[j + k], coords[j + k + 1]]);
    j += n;
  }
  return out;
}

const boxOf = (pts: readonly Pt[], grow = 0): Rect => {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x = Math.min(...xs) - grow;
  const y = Math.min(...ys) - grow;
  return { x, y, width: Math.max(...xs) + grow - x, height: Math.max(...ys) + grow - y };
};

const pointToBox = ([x, y]: Pt, r: Rect) =>
  Math.hypot(Math.max(r.x - x, 0, x - r.x - r.width), Math.max(r.y - y, 0, y - r.y - r.height));

/** Least distance between a closed outline (its edges sampled every 0.05 pt) and a box; 0 when they overlap. */
function distance(outline: readonly Pt[], r: Rect): number {
  const corners: Pt[] = [
    [r.x, r.y],
    [r.x + r.width, r.y],
    [r.x + r.width, r.y + r.height],
    [r.x, r.y + r.height],
  ];
  if (corners.some((c) => insidePolygon(c, outline))) return 0;
  let best = Number.POSITIVE_INFINITY;
  outline.forEach(([x0, y0], i) => {
    const [x1, y1] = outline[(i + 1) % outline.length];
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 0.05));
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      best = Math.min(best, pointToBox([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t], r));
    }
  });
  return best;
}

function insidePolygon([x, y]: Pt, poly: readonly Pt[]): boolean {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

/**
 * A line of text's box: its advance, from 0.75 em above the baseline (caps, ascenders; at least the cap
 * height) to 0.25 em under it (descenders, underscores).
 */
function textBox(plan: BookPlan, text: string, x: number, y: number, size: number, font: string): Rect {
  const face = font === 'heading' ? plan.theme.fonts.heading : plan.theme.fonts.body;
  const top = Math.max(0.75 * size, capHeight(face, size));
  return { x, y: y - top, width: textWidth(face, text, size), height: top + 0.25 * size };
}

/**
 * Splits a page into its markers (outlines of the arrows, pictures' boxes and the words beside them), the
 * mazes' boxes, and every other part (text lines, cut lines, answer blanks, stars: one box per subpath).
 */
function pageParts(plan: BookPlan, page: Page) {
  const { markers: markerColor, walls } = plan.theme.colors;
  const route = routeColors(plan);
  // Walls of a puzzle, or of an answer drawing (drawn lighter).
  const isWall = (color: string | undefined) => color === walls || color === answerWallColor(plan);
  const mazes = page.items
    .filter((i): i is PathItem => i.type === 'path' && isWall(i.stroke?.color) && !i.stroke?.dash)
    .map((i) => boxOf(subpaths(i).flat(), 1 + (i.stroke?.width ?? 0)));
  const inMaze = (r: Rect) =>
    mazes.some(
      (m) => r.x >= m.x && r.y >= m.y && r.x + r.width <= m.x + m.width && r.y + r.height <= m.y + m.height,
    );
  const markers: Pt[][] = [];
  const parts: Rect[] = [];
  for (const item of page.items) {
    if (item.type === 'text') {
      if (item.font !== 'heading' && item.font !== 'body') continue; // mazegram letters
      const box = textBox(plan, item.text, item.x, item.y, item.size, item.font);
      if (item.color === markerColor) {
        markers.push([
          [box.x, box.y],
          [box.x + box.width, box.y],
          [box.x + box.width, box.y + box.height],
          [box.x, box.y + box.height],
        ]);
      } else if (!inMaze(box)) parts.push(box);
    } else if (item.type === 'path') {
      if (isWall(item.stroke?.color) && !item.stroke?.dash) continue;
      // An answer route (band and line) belongs to its maze: it runs up to the openings the markers mark.
      if (item.stroke && (item.stroke.color === route.band || item.stroke.color === route.line)) continue;
      const pieces = subpaths(item);
      if (item.fill === markerColor) {
        // An arrow is one polygon; a picture many pieces, kept inside its box.
        markers.push(pieces.length === 1 ? pieces[0] : boxCorners(boxOf(pieces.flat())));
        continue;
      }
      for (const piece of pieces) {
        const box = boxOf(piece, (item.stroke?.width ?? 0) / 2);
        if (!inMaze(box)) parts.push(box);
      }
    }
  }
  return { markers, parts };
}

const boxCorners = (r: Rect): Pt[] => [
  [r.x, r.y],
  [r.x + r.width, r.y],
  [r.x + r.width, r.y + r.height],
  [r.x, r.y + r.height],
];

async function laidOut(spec: string | Record<string, unknown>) {
  const text = typeof spec === 'string' ? spec : stringify(spec);
  const dir = tempDir({ 'b.yaml': text });
  return layoutBook(join(dir, 'b.yaml'));
}

/** Every marker and word on every page keeps 3 mm from every other part of the page; returns how many. */
function expectClear(plan: BookPlan, pages: readonly Page[]): number {
  let count = 0;
  pages.forEach((page, n) => {
    const { markers, parts } = pageParts(plan, page);
    for (const m of markers) {
      count++;
      for (const part of parts) {
        const d = distance(m, part);
        expect(
          d,
          `page ${n + 1}: marker at ${boxOf(m).x.toFixed(1)},${boxOf(m).y.toFixed(1)}`,
        ).toBeGreaterThan(KEEP - 0.05);
      }
    }
  });
  return count;
}

const sheetOptions = { paper: 'letter', title: 'Mazes', answers: true, seed: 3 };

describe('markers and their words on activity sheets', () => {
  it('keep 3 mm from cut lines, name/date lines, answer blanks and titles (books/worksheet.yaml)', async () => {
    const { plan, doc } = await layoutBook('books/worksheet.yaml');
    const count = expectClear(plan, doc.pages);
    // Both markers of every maze and their words, on its sheet and on the back: 8 mazes × 2 sides × 4, less
    // the word of the circle maze's finish in its centre (a dot).
    expect(count).toBe(62);
  });

  for (const [count, extra] of [
    [2, { theme: 'kids', nameDate: true }],
    [6, { nameDate: true, difficulty: 'easy' }],
    [4, { shape: 'hex', theme: 'kids', difficulty: 'easy' }],
  ] as const) {
    it(`keep 3 mm from every other part on the \`sheet --count ${count}\` preset (${JSON.stringify(extra)})`, async () => {
      const { plan, doc } = await laidOut(sheetSpec({ ...sheetOptions, count, ...extra }));
      expect(doc.pages.some((p) => p.items.some((i) => i.type === 'path' && i.stroke?.dash))).toBe(count > 1);
      expect(expectClear(plan, doc.pages)).toBeGreaterThanOrEqual(count * 2);
    });
  }
});

describe('markers on one-maze pages', () => {
  it('keep 3 mm from the title, name/date line, answer blanks and folio', async () => {
    const { plan, doc } = await laidOut(`title: Pages
seed: 4
theme: kids
name-date: true
front: []
defaults: { cells: auto, difficulty: easy }
pages: [{}, { maze: { mazegram: "Well done" } }, { maze: { shape: circle, rings: auto } }]
solutions: false
`);
    expect(expectClear(plan, doc.pages)).toBeGreaterThanOrEqual(6);
  });
});

describe('markers in a bound book printed at home', () => {
  it('may reach into the outer margin, never into the gutter nor the 5 mm border', async () => {
    const { plan, doc } = await laidOut(`title: Bound
seed: 8
theme: kids
margins: { top: 0.6in, bottom: 0.6in, inside: 1in, outside: 0.5in }
front: []
defaults: { cells: [6, 8], entry: left, exit: right }
pages: [{}, {}, {}, {}]
solutions: false
`);
    const W = plan.paper.width;
    const { left: inside } = plan.print.margins;
    const border = (5 / 25.4) * 72;
    let markers = 0;
    doc.pages.forEach((page, i) => {
      const recto = (i + 1) % 2 === 1;
      for (const m of pageParts(plan, page).markers) {
        const box = boxOf(m);
        expect(box.x, `page ${i + 1}`).toBeGreaterThanOrEqual(recto ? inside - 1e-6 : border - 1e-6);
        expect(box.x + box.width, `page ${i + 1}`).toBeLessThanOrEqual(
          recto ? W - border + 1e-6 : W - inside + 1e-6,
        );
        markers++;
      }
    });
    // The marker rule's room is kept beside each maze, so they need not use the margin; none is left out.
    expect(markers).toBeGreaterThanOrEqual(8);
  });
});

describe('cut lines', () => {
  for (const orientation of ['portrait', 'landscape'] as const) {
    it(`run only between neighbouring slips, never through a maze (6 a sheet, ${orientation})`, async () => {
      const spec = { ...sheetSpec({ ...sheetOptions, paper: 'a4', count: 6 }), orientation };
      const { plan, doc } = await laidOut(spec);
      const page = doc.pages[0];
      const cuts = page.items.filter((i): i is PathItem => i.type === 'path' && !!i.stroke?.dash);
      const lines = cuts.flatMap(subpaths);
      const across = lines.filter(([a, b]) => Math.abs(a[1] - b[1]) < 1e-9).length;
      const down = lines.length - across;
      // 2 columns × 3 rows on portrait paper, 3 × 2 on landscape.
      expect([down, across]).toEqual(orientation === 'portrait' ? [1, 2] : [2, 1]);
      const mazes = page.items
        .filter(
          (i): i is PathItem =>
            i.type === 'path' && i.stroke?.color === plan.theme.colors.walls && !i.stroke.dash,
        )
        .map((i) => boxOf(subpaths(i).flat()));
      expect(mazes).toHaveLength(6);
      for (const line of lines) {
        const box = boxOf(line);
        for (const m of mazes) expect(distance(boxCorners(m), box)).toBeGreaterThan(KEEP);
      }
    });
  }
});
