import { describe, expect, it } from 'vitest';
import { bundledPicture } from '../../src/art/bundled-pictures.js';
import type { MazeRecipe } from '../../src/generate/generate-maze.js';
import { generateMaze } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import { rimNormal, wallMidpoint } from '../../src/grid/grid.js';
import { drawMaze, fitGrid } from '../../src/layout/draw-maze.js';
import {
  CLEARANCE_SHARE,
  clearance,
  type MarkerStyle,
  type PlacedMarker,
  placeMarkers,
  standingWalls,
} from '../../src/layout/markers.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { markerRoom } from '../../src/plan/marker-rule.js';
import type { Rect } from '../../src/plan/rect.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { latoBold, recipe } from '../helpers.js';

const WALL = 1.5;
const SIZE = 12;
const RECT: Rect = { x: 60, y: 60, width: 300, height: 400 };
const FRAME: Rect = { x: 10, y: 10, width: 400, height: 500 };
const face = latoBold();

const mazes: [string, Partial<MazeRecipe>][] = [
  ['square 6×8', { size: { columns: 6, rows: 8 } }],
  ['square 30×40', { size: { columns: 30, rows: 40 } }],
  ['hex', { shape: 'hex', size: { columns: 7, rows: 8 } }],
  ['triangle', { shape: 'triangle', size: { columns: 13, rows: 8 } }],
  [
    'octagon ring',
    {
      shape: 'octagon',
      size: { columns: 22, rows: 22 },
      mask: maskOf(builtinShape('ring', { inner: 0.4 }), 'largest'),
    },
  ],
  ['circle', { shape: 'circle', size: { columns: 8, rows: 8 } }],
  [
    'hex heart',
    {
      shape: 'hex',
      size: { columns: 12, rows: 13 },
      mask: maskOf(builtinShape('heart'), 'largest'),
    },
  ],
  [
    'square star',
    {
      shape: 'square',
      size: { columns: 16, rows: 16 },
      mask: maskOf(builtinShape('star'), 'largest'),
    },
  ],
];

const make = (name: string, extra: Partial<MazeRecipe>): Maze =>
  generateMaze(recipe(6, 6, extra), deriveSeed(3, name, 0), 'test');

/** Checks every contract of a placed rim marker: on the normal, clear of walls, inside the frame. */
function checkMarker(maze: Maze, m: PlacedMarker, frame: Rect): void {
  const place = fitGrid(maze.grid, RECT);
  const [wx, wy] = wallMidpoint(maze.grid, m.wall);
  const [nx, ny] = rimNormal(maze.grid, m.wall);
  const mx = place.ox + wx * place.scale;
  const my = place.oy + wy * place.scale;
  expect(m.fits).toBe(true);
  // Pointing along the normal: into the maze at the start, out at the finish (pictures face outwards).
  const sign = m.kind === 'arrow' && m.end === 'start' ? -1 : 1;
  expect(m.direction[0] * nx + m.direction[1] * ny).toBeCloseTo(sign, 9);
  // The marker's middle lies on the normal through the opening (arcs: within the arc's sagitta).
  let cx = 0;
  let cy = 0;
  for (const [x, y] of m.outline) {
    cx += x / m.outline.length;
    cy += y / m.outline.length;
  }
  const across = Math.abs((cx - mx) * -ny + (cy - my) * nx);
  expect(across).toBeLessThan(m.kind === 'arrow' ? 1e-6 : 0.5 * m.size);
  expect((cx - mx) * nx + (cy - my) * ny).toBeGreaterThan(0); // outside, not inside
  // Clear of every standing wall's stroke by the margin.
  const margin = Math.max(WALL, CLEARANCE_SHARE * m.size);
  expect(clearance(m.outline, standingWalls(maze, place)) - WALL / 2).toBeGreaterThanOrEqual(margin - 1e-9);
  for (const [x, y] of m.outline) {
    expect(x).toBeGreaterThanOrEqual(frame.x);
    expect(y).toBeGreaterThanOrEqual(frame.y);
    expect(x).toBeLessThanOrEqual(frame.x + frame.width);
    expect(y).toBeLessThanOrEqual(frame.y + frame.height);
  }
}

describe('placeMarkers', () => {
  for (const [name, extra] of mazes) {
    it(`puts arrows on the openings' normals, clear of walls, inside the frame: ${name}`, () => {
      const maze = make(name, extra);
      const placed = placeMarkers(maze, fitGrid(maze.grid, RECT), RECT, WALL, {
        color: '#000',
        size: SIZE,
        frame: FRAME,
      });
      expect(placed.map((m) => m.end)).toEqual(['start', 'finish']);
      for (const m of placed) {
        expect(m.kind).toBe('arrow');
        checkMarker(maze, m, FRAME);
      }
    });
  }

  it('draws both ends at the style size (the marker rule decides it, not the room left)', () => {
    for (const [name, extra] of mazes) {
      const maze = make(name, extra);
      const sizes = placeMarkers(maze, fitGrid(maze.grid, RECT), RECT, WALL, {
        color: '#000',
        size: SIZE,
        frame: FRAME,
      }).map((m) => m.size);
      expect(sizes, name).toEqual([SIZE, SIZE]);
    }
  });

  it('draws both ends alike: an end with too little room keeps the other from being larger', () => {
    // Room above the maze, little at its sides: the top opening alone would take a large arrow.
    const maze = make('square 6×8', {
      size: { columns: 6, rows: 8 },
      entry: { kind: 'side', side: 'top', at: 0.5 },
      exit: { kind: 'side', side: 'right', at: 0.5 },
    });
    const narrow: Rect = {
      x: RECT.x - 1.2 * SIZE,
      y: RECT.y - 6 * SIZE,
      width: RECT.width + 2.4 * SIZE,
      height: RECT.height + 7 * SIZE,
    };
    const big = 1.6 * SIZE;
    const [start, finish] = placeMarkers(maze, fitGrid(maze.grid, RECT), RECT, WALL, {
      color: '#000',
      size: big,
      frame: narrow,
    });
    // The right side's room takes a shorter arrow only: both ends are drawn at what it takes.
    expect(finish.size).toBeLessThan(big);
    expect(start.size).toBe(finish.size);
    for (const m of [start, finish]) checkMarker(maze, m, narrow);
  });

  it('stays within the room the marker rule leaves (markerRoom) when no frame is given', () => {
    const maze = make('square 6×8', mazes[0][1]);
    const room = markerRoom(SIZE, { wall: WALL, label: 0 });
    const frame = {
      x: RECT.x - room,
      y: RECT.y - room,
      width: RECT.width + 2 * room,
      height: RECT.height + 2 * room,
    };
    for (const m of placeMarkers(maze, fitGrid(maze.grid, RECT), RECT, WALL, { color: '#000', size: SIZE })) {
      checkMarker(maze, m, frame);
    }
  });

  it('places pictures and labels clear of the walls, of each other and inside the frame', () => {
    const style: MarkerStyle = {
      color: '#000',
      size: 2 * SIZE,
      frame: FRAME,
      pictures: { start: bundledPicture('rabbit', 'color'), finish: bundledPicture('carrot', 'color') },
      labels: { start: 'Start', finish: 'Finish', fontKey: 'body', face, size: 11, color: '#000' },
    };
    for (const [name, extra] of mazes) {
      const maze = make(name, extra);
      const place = fitGrid(maze.grid, RECT);
      const placed = placeMarkers(maze, place, RECT, WALL, style);
      const walls = standingWalls(maze, place);
      for (const m of placed) {
        expect(m.kind, name).toBe('picture');
        expect(m.size, name).toBe(2 * SIZE);
        checkMarker(maze, m, FRAME);
        const label = m.label;
        expect(label, `${name} ${m.end}`).toBeDefined();
        if (!label) continue;
        expect(label.text).toBe(m.end === 'start' ? 'Start' : 'Finish');
        const box: [number, number][] = [
          [label.x, label.y],
          [label.x + label.width, label.y],
          [label.x + label.width, label.y + label.height],
          [label.x, label.y + label.height],
        ];
        expect(clearance(box, walls) - WALL / 2, name).toBeGreaterThanOrEqual(WALL - 1e-9);
        const edges = m.outline.flatMap(([x, y], i) => [x, y, ...m.outline[(i + 1) % m.outline.length]]);
        expect(clearance(box, edges), name).toBeGreaterThan(0);
        expect(label.x).toBeGreaterThanOrEqual(FRAME.x);
        expect(label.x + label.width).toBeLessThanOrEqual(FRAME.x + FRAME.width);
      }
    }
  });

  it('marks an end inside the maze with a dot in its cell', () => {
    const maze = make('centre', { shape: 'circle', size: { columns: 6, rows: 6 }, exit: { kind: 'centre' } });
    const [, finish] = placeMarkers(maze, fitGrid(maze.grid, RECT), RECT, WALL, {
      color: '#000',
      size: SIZE,
    });
    expect(finish.kind).toBe('dot');
    expect(finish.wall).toBe(-1);
  });

  it('draws pictures as filled vector paths (one-colour art in the marker colour) and labels as text', () => {
    const maze = make('square 6×8', mazes[0][1]);
    const pictures = { start: bundledPicture('dog', 'mono'), finish: bundledPicture('bone', 'mono') };
    const items = drawMaze(maze, RECT, {
      walls: { color: '#000', width: WALL, cap: 'round', join: 'round' },
      markers: {
        color: '#123456',
        size: 2 * SIZE,
        frame: FRAME,
        pictures,
        labels: { start: 'Los', finish: 'Ziel', fontKey: 'body', face, size: 11, color: '#000' },
      },
    });
    const fills = items.filter((i) => i.type === 'path' && i.fill === '#123456');
    expect(fills).toHaveLength(pictures.start.layers.length + pictures.finish.layers.length);
    expect(items.filter((i) => i.type === 'text').map((i) => (i.type === 'text' ? i.text : ''))).toEqual([
      'Los',
      'Ziel',
    ]);
  });
});
