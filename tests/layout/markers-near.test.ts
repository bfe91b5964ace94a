import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MazeRecipe } from '../../src/generate/generate-maze.js';
import { buildAdaptiveGrid } from '../../src/grid/adaptive.js';
import { type Grid, measureWallSpan, subGrid, wallMidpoint } from '../../src/grid/grid.js';
import type { Raster } from '../../src/grid/raster.js';
import { buildGrid } from '../../src/grid/registry.js';
import { weaveGrid } from '../../src/grid/weave.js';
import { fitGrid } from '../../src/layout/draw-maze.js';
import { placeMarkers } from '../../src/layout/markers.js';
import { type GridBox, wallsNearOpenings } from '../../src/layout/walls-near-openings.js';
import { wallChords } from '../../src/mask/wall-chords.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng, type Rng } from '../../src/random/sfc32.js';
import { EVERY_SHAPE } from '../helpers.js';
import { markerCases } from './markers-cases.js';

/** A wall's box as the markers test it: its ends' box, an arc's widened by its chord's length. */
function wallBox(g: Grid, w: number): GridBox {
  const ax = g.vertexX[g.wallV0[w]];
  const ay = g.vertexY[g.wallV0[w]];
  const bx = g.vertexX[g.wallV1[w]];
  const by = g.vertexY[g.wallV1[w]];
  const bulge = g.arcs && g.arcs.curved[w] !== 0 ? Math.hypot(bx - ax, by - ay) : 0;
  return {
    x0: Math.min(ax, bx) - bulge,
    x1: Math.max(ax, bx) + bulge,
    y0: Math.min(ay, by) - bulge,
    y1: Math.max(ay, by) + bulge,
  };
}

const overlaps = (a: GridBox, b: GridBox): boolean =>
  !(a.x1 < b.x0 || a.x0 > b.x1 || a.y1 < b.y0 || a.y0 > b.y1);

/** The plain reference: every wall, in order, whose box overlaps `box`. */
function wallsOverlapping(g: Grid, box: GridBox): number[] {
  const out: number[] = [];
  for (let w = 0; w < g.wallCount; w++) if (overlaps(wallBox(g, w), box)) out.push(w);
  return out;
}

/** The plain reference: the rim walls, in the grid's rim order, whose boxes reach the band right of `box`. */
function rimBeside(g: Grid, box: GridBox): number[] {
  const band = { ...box, x1: Number.POSITIVE_INFINITY };
  return [...g.rimWall].filter((w) => overlaps(wallBox(g, w), band));
}

/** Even-odd test of a point against the chords of the given walls (a ray towards +x), as the markers do. */
function insideOf(g: Grid, walls: Iterable<number>, x: number, y: number): boolean {
  let inside = false;
  for (const w of walls) {
    wallChords(g, w, Math.PI / 36, (xi, yi, xj, yj) => {
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    });
  }
  return inside;
}

/** Roughly `share` of the cells, at random: holes, separate pieces and cells meeting at a corner only. */
function randomCells(g: Grid, rng: Rng, share: number): Uint8Array {
  const keep = new Uint8Array(g.cellCount);
  for (let c = 0; c < g.cellCount; c++) keep[c] = rng.next() < share ? 1 : 0;
  keep[0] = 1;
  return keep;
}

function bump(size = 32): Raster {
  const data = new Float32Array(size * size);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      data[j * size + i] =
        3 * Math.exp(-(((i + 0.5) / size - 0.3) ** 2 + ((j + 0.5) / size - 0.6) ** 2) / 0.03);
    }
  }
  return { width: size, height: size, data };
}

const rng = createRng(deriveSeed(18, 'walls near openings', 0));
const shapeName = (s: Partial<MazeRecipe>) => `${s.shape}${s.hexTop ? ` ${s.hexTop}` : ''}`;
const grids: [string, Grid][] = [];
for (const s of EVERY_SHAPE) {
  const layout = {
    shape: s.shape ?? 'square',
    size: s.shape === 'circle' ? { columns: 9, rows: 9 } : { columns: 13, rows: 11 },
    hexTop: s.hexTop,
  };
  const full = buildGrid(layout);
  grids.push([shapeName(s), full]);
  grids.push([`${shapeName(s)}, cells kept at random`, subGrid(full, randomCells(full, rng, 0.6))]);
}
grids.push(['square weave', weaveGrid(buildGrid({ shape: 'square', size: { columns: 12, rows: 9 } }))]);
for (const tiling of ['square', 'triangle'] as const) {
  const adaptive = buildAdaptiveGrid({ tiling, columns: 4, rows: 3, levels: 3, depth: bump() });
  grids.push([`adaptive ${tiling}`, adaptive]);
  grids.push([
    `adaptive ${tiling}, cells kept at random`,
    subGrid(adaptive, randomCells(adaptive, rng, 0.7)),
  ]);
}

describe('wallsNearOpenings', () => {
  for (const [name, g] of grids) {
    it(`finds every wall and rim wall the full pass finds, and the same insides: ${name}`, () => {
      const largest = Math.max(
        ...Array.from({ length: g.wallCount }, (_, w) => {
          const b = wallBox(g, w);
          return Math.max(b.x1 - b.x0, b.y1 - b.y0);
        }),
      );
      // The grid's own bound, and the size the measuring pass finds for grids built without one.
      expect(g.wallSpan).toBeGreaterThanOrEqual(largest);
      expect(measureWallSpan(g)).toBe(largest);
      const size = Math.max(g.width, g.height);
      for (let trial = 0; trial < 12; trial++) {
        const openings = [0, 1].map(() => g.rimWall[rng.int(g.rimWall.length)]);
        // Radii from a fraction of a cell to more than the whole grid; the second end sometimes not wanted.
        const boxes = openings.map((w, i) => {
          if (i === 1 && trial % 4 === 3) return undefined;
          const [mx, my] = wallMidpoint(g, w);
          const r = size * rng.next() ** 3 * 1.2;
          return { x0: mx - r, x1: mx + r, y0: my - r, y1: my + r };
        });
        const found = wallsNearOpenings(g, openings, boxes);
        boxes.forEach((box, i) => {
          const near = found[i];
          if (!box || !near) {
            expect(near).toBe(box);
            return;
          }
          for (let k = 1; k < near.walls.length; k++)
            expect(near.walls[k]).toBeGreaterThan(near.walls[k - 1]);
          expect([...near.walls].filter((w) => overlaps(wallBox(g, w), box))).toEqual(
            wallsOverlapping(g, box),
          );
          expect([...near.rim].filter((w) => overlaps(wallBox(g, w), { ...box, x1: Infinity }))).toEqual(
            rimBeside(g, box),
          );
          // Any point of the box is inside the maze's area by the band's rim walls as by all of them.
          for (let p = 0; p < 8; p++) {
            const x = box.x0 + (box.x1 - box.x0) * rng.next();
            const y = box.y0 + (box.y1 - box.y0) * rng.next();
            expect(insideOf(g, near.rim, x, y)).toBe(insideOf(g, g.rimWall, x, y));
          }
        });
      }
    });
  }
});

/**
 * Hashes of the markers placed by a pass over every wall (`wallsNear` without `among`), which the search near
 * the openings must match; taken again when markers took the marker rule's fixed size, and when labels took
 * one side of their markers (labelSide).
 */
const PLACED: Record<string, string> = {
  square: '5871e915648ddfbd',
  'square 40\u00d730, words': 'c824159e3313cf83',
  'hex heart, pictures and words': 'd9d56e835099b0a6',
  'flat hex': 'e740c6db55c25ac5',
  'triangle, words': 'bec645ac49941e6a',
  'octagon ring': '8785d1f16fb9f857',
  'circle, centre exit, pictures': '6d941f819309f1ff',
  'circle 24 rings, words': '1150ef761e238120',
  'text ANNA joined': 'db447089d8cd80d7',
  'square star, pictures': '36172acae79f3a6c',
  weave: 'ccfab7c557c624f6',
};

describe('placeMarkers', () => {
  const RECT = { x: 60, y: 60, width: 300, height: 400 };
  for (const { name, maze, style } of markerCases()) {
    it(`places the markers it placed with a pass over every wall: ${name}`, () => {
      const placed = placeMarkers(maze, fitGrid(maze.grid, RECT), RECT, 1.5, style);
      expect(createHash('sha256').update(JSON.stringify(placed)).digest('hex').slice(0, 16)).toBe(
        PLACED[name],
      );
    });
  }
});
