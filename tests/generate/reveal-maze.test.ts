import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import type { PictureName } from '../../src/art/picture-names.js';
import { generateMaze, type MazeRecipe } from '../../src/generate/generate-maze.js';
import type { Maze } from '../../src/generate/maze.js';
import type { RevealRecipe } from '../../src/generate/picture-maze.js';
import { ENDS_APART, rimApart, rimOrder } from '../../src/generate/reveal-ends.js';
import { pictureMatch, REVEAL_MIN_MATCH } from '../../src/generate/reveal-maze.js';
import { followWall } from '../../src/generate/wall-follower.js';
import { joinPieces, pictureCells } from '../../src/mask/reveal-cells.js';
import type { Bitmap } from '../../src/mask/shape.js';
import { silhouetteBitmap } from '../../src/mask/silhouette.js';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { isSpanningTree, recipe } from '../helpers.js';

/** A hidden picture's recipe part, as planning makes it: dark cells, the route's cells made one piece. */
function revealOf(dark: Uint8Array, columns: number, rows: number, reverse = false): RevealRecipe {
  const target = reverse ? dark.map((d) => 1 - d) : dark;
  return { dark, target: joinPieces(target, columns, rows).cells, reverse, label: 'test picture' };
}

function silhouette(name: PictureName, columns: number, rows: number, reverse = false): RevealRecipe {
  return revealOf(pictureCells(silhouetteBitmap(name), columns, rows, 0.08), columns, rows, reverse);
}

/** A bitmap drawn by a predicate on (x, y) in [0, 1)². */
function drawn(width: number, height: number, inside: (x: number, y: number) => boolean): Bitmap {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      data[y * width + x] = inside((x + 0.5) / width, (y + 0.5) / height) ? 1 : 0;
  return { width, height, data };
}

const shapes: Record<string, Bitmap> = {
  // A ring: the picture has a hole the route must go round.
  ring: drawn(40, 40, (x, y) => {
    const r = Math.hypot(x - 0.5, y - 0.5);
    return r > 0.18 && r < 0.4;
  }),
  // An L: two arms, a corner.
  ell: drawn(
    30,
    40,
    (x, y) => (x > 0.15 && x < 0.45 && y > 0.1 && y < 0.9) || (y > 0.6 && y < 0.9 && x > 0.15),
  ),
  // A wide ellipse touching the rim on both sides.
  wide: drawn(50, 20, (x, y) => ((x - 0.5) / 0.5) ** 2 + ((y - 0.5) / 0.35) ** 2 < 1),
};

function hidden(
  reveal: RevealRecipe,
  columns: number,
  rows: number,
  extra: Partial<MazeRecipe> = {},
): MazeRecipe {
  return recipe(columns, rows, { picture: { reveal }, ...extra });
}

/** Every promise a hidden-picture maze makes, checked on one maze. */
function expectHonest(maze: Maze, reveal: RevealRecipe, label: string): number {
  expect(isSpanningTree(maze), `${label}: one solution`).toBe(true);
  const route = solve(maze).cells;
  const match = pictureMatch(reveal.dark, route, reveal.reverse);
  expect(match, `${label}: IoU`).toBeGreaterThanOrEqual(REVEAL_MIN_MATCH);
  // Ends at least a third of the outer rim apart, both ways round.
  const rim = rimOrder(maze.grid);
  const apart = rimApart(rim.indexOf(maze.entryWall), rim.indexOf(maze.exitWall), rim.length);
  expect(apart, `${label}: ends apart`).toBeGreaterThanOrEqual(Math.ceil(rim.length * ENDS_APART));
  // Neither hand on the wall reaches the exit without turning back at a dead end.
  for (const hand of ['right', 'left'] as const) {
    const walk = followWall(maze.grid, maze.open, maze.entryWall, maze.exitCell, hand);
    expect(walk.reached && !walk.turnedBack, `${label}: ${hand}-hand walker`).toBe(false);
  }
  return match;
}

describe('hidden-picture mazes', () => {
  const pictures: PictureName[] = [
    'cat',
    'fish',
    'butterfly',
    'mushroom',
    'unicorn',
    'star',
    'heart',
    'tree',
  ];
  const sizes: [number, number][] = [
    [42, 48],
    [48, 40],
  ];

  it.each(pictures)('%s: IoU, one solution, ends apart, honest wall-followers over many seeds', (name) => {
    for (const [columns, rows] of sizes) {
      const reveal = silhouette(name, columns, rows);
      for (let s = 0; s < 8; s++) {
        const maze = generateMaze(hidden(reveal, columns, rows), deriveSeed(32, name, s), 'test');
        expectHonest(maze, reveal, `${name} ${columns}×${rows} seed ${s}`);
      }
    }
  });

  it.each(['cat', 'star', 'heart', 'apple'] as PictureName[])(
    '%s reversed: the wrong turns draw it',
    (name) => {
      const reveal = silhouette(name, 42, 48, true);
      for (let s = 0; s < 6; s++) {
        const maze = generateMaze(hidden(reveal, 42, 48), deriveSeed(32, `${name}-r`, s), 'test');
        expectHonest(maze, reveal, `${name} reversed seed ${s}`);
      }
    },
  );

  it.each(Object.keys(shapes))('a drawn %s, one cell and two cells per pixel', (name) => {
    const b = shapes[name];
    for (const k of [1, 2]) {
      const [columns, rows] = [b.width * k, b.height * k];
      const reveal = revealOf(pictureCells(b, columns, rows), columns, rows);
      for (let s = 0; s < 5; s++) {
        const maze = generateMaze(hidden(reveal, columns, rows), deriveSeed(32, name, s + 10 * k), 'test');
        expectHonest(maze, reveal, `${name} ×${k} seed ${s}`);
      }
    }
  });

  it('gives the same walls for the same seed, and other walls for another', () => {
    const reveal = silhouette('cat', 30, 30);
    const a = generateMaze(hidden(reveal, 30, 30), deriveSeed(1, 'x', 0), 'a');
    const b = generateMaze(hidden(reveal, 30, 30), deriveSeed(1, 'x', 0), 'b');
    const c = generateMaze(hidden(reveal, 30, 30), deriveSeed(1, 'x', 1), 'c');
    expect(Buffer.from(a.open).equals(Buffer.from(b.open))).toBe(true);
    expect(Buffer.from(a.open).equals(Buffer.from(c.open))).toBe(false);
  });

  it('opens where the author puts the ends', () => {
    const reveal = silhouette('heart', 32, 32);
    for (let s = 0; s < 4; s++) {
      const maze = generateMaze(
        hidden(reveal, 32, 32, {
          entry: { kind: 'side', side: 'left', at: 0.5 },
          exit: { kind: 'side', side: 'right', at: 0.5 },
        }),
        deriveSeed(5, 'ends', s),
        'test',
      );
      expect(isSpanningTree(maze)).toBe(true);
      const { grid } = maze;
      expect(grid.cellX[maze.entryCell]).toBe(grid.cellX[0]);
      expect(grid.cellX[maze.exitCell]).toBe(grid.cellX[31]);
      expect(pictureMatch(reveal.dark, solve(maze).cells, false)).toBeGreaterThanOrEqual(REVEAL_MIN_MATCH);
    }
  });

  it('ends on small and awkward pictures: a speck, a full frame, a thin line, the smallest grid', () => {
    const cases: [string, Bitmap, number, number][] = [
      ['speck', drawn(8, 8, (x, y) => Math.abs(x - 0.5) < 0.2 && Math.abs(y - 0.5) < 0.2), 8, 8],
      ['frame', drawn(12, 10, (x, y) => x > 0.05 && x < 0.95 && y > 0.05 && y < 0.95), 12, 10],
      ['line', drawn(20, 20, (_x, y) => Math.abs(y - 0.5) < 0.03), 20, 20],
      ['diagonal', drawn(16, 16, (x, y) => Math.abs(x - y) < 0.05), 16, 16],
    ];
    for (const [name, b, columns, rows] of cases) {
      const reveal = revealOf(pictureCells(b, columns, rows), columns, rows);
      for (let s = 0; s < 20; s++) {
        const maze = generateMaze(hidden(reveal, columns, rows), deriveSeed(7, name, s), 'test');
        expect(isSpanningTree(maze), `${name} seed ${s}`).toBe(true);
      }
    }
  });

  it('warns the author when the route cannot fill the picture (parts thinner than two cells)', () => {
    // A one-cell-wide comb: its teeth are dead ends a single route cannot colour.
    const comb = drawn(
      24,
      24,
      (x, y) =>
        (y > 0.2 && y < 0.3 && x > 0.1 && x < 0.9) || (y >= 0.3 && y < 0.8 && Math.floor(x * 24) % 4 === 2),
    );
    const reveal = revealOf(pictureCells(comb, 24, 24), 24, 24);
    const notes: string[] = [];
    const maze = generateMaze(hidden(reveal, 24, 24), deriveSeed(3, 'comb', 0), 'test', (n) => notes.push(n));
    expect(isSpanningTree(maze)).toBe(true);
    expect(notes.join('\n')).toMatch(/of test picture shows when the answer is coloured/);
    const notesOfCat: string[] = [];
    generateMaze(hidden(silhouette('cat', 42, 48), 42, 48), deriveSeed(3, 'cat', 0), 'test', (n) =>
      notesOfCat.push(n),
    );
    expect(notesOfCat).toEqual([]);
  });
});
