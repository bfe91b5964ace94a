import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { CodecError } from '../../src/codec/codec-error.js';
import { decodeFm, encodeFm, standardFormFm, standardFormMaze } from '../../src/codec/fm.js';
import { transformSquareMaze } from '../../src/codec/square-symmetry.js';
import type { Maze } from '../../src/generate/maze.js';
import { buildGrid } from '../../src/grid/registry.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { squareMaze } from '../helpers.js';

/**
 * The pictures of the Finger Maze notes, transcribed by hand. The copy of the notes at hand collapsed runs
 * of spaces, so each picture is written out at full width here, and `collapse` checks that it reduces to
 * the notes' lines exactly. The logo's tile letters fix every wall; in the 5 × 3 example the positions of
 * the `|` walls inside a row are not recoverable from the collapsed copy (only how many there are), so
 * they are the ones the figure's own maze string gives.
 */
const EXAMPLES = [
  {
    id: 'FM3iEi1W0E0',
    // One-way passage drawn as a › chevron on the boundary between tiles 0 and 1 (the `iE` boundary).
    picture: `
+------+------+------+
       \\
       /
+------+------+------+`,
    notes: ['+------+------+------+', '\\', '/', '+------+------+------+'],
    entry: 'v 0 0',
    exit: 'v 3 0',
  },
  {
    id: 'FM5jsnWS3IEAnJNEJLiN1E2',
    picture: `
+---+ v +---+---+---+
|               |   |
+   +---+   +---+   +
|   |               |
+   +---+   +   +---+
|   |       |         >
+---+---+---+---+---+`,
    notes: [
      '+---+ v +---+---+---+',
      '| | |',
      '+ +---+ +---+ +',
      '| | |',
      '+ +---+ + +---+',
      '| | | >',
      '+---+---+---+---+---+',
    ],
    entry: 'h 1 0',
    exit: 'v 5 2',
  },
  {
    id: 'FM4jiiJ4IjilIIjJLJLlN3S0',
    picture: `
+---+---+---+   +
| j   i   i   J |
+   +---+---+---+
| I | j   i   l |
+   +   +---+   +
| I | I | j   J |
+   +   +   +---+
| L   J | L   l |
+---+---+---+   +`,
    notes: [
      '+---+---+---+ +',
      '| j i i J |',
      '+ +---+---+---+',
      '| I | j i l |',
      '+ + +---+ +',
      '| I | I | j J |',
      '+ + + +---+',
      '| L J | L l |',
      '+---+---+---+ +',
    ],
    entry: 'h 3 0',
    exit: 'h 3 4',
  },
];

interface Picture {
  columns: number;
  rows: number;
  /** `v x y` (west side of cell x, y) or `h x y` (north side) → open. */
  open: Map<string, boolean>;
  /** One-way walls → the way they may be crossed. */
  oneWay: Map<string, 'east' | 'west'>;
  letters: string;
}

/** Reads a `+---+` / `|` picture: `-` runs are walls, `|` walls, a `\` above a `/` a one-way passage east. */
function readPicture(text: string): Picture {
  const lines = text.split('\n').slice(1);
  const rules = lines.flatMap((line, i) => (line.startsWith('+') ? [i] : []));
  const xs = [...lines[0]].flatMap((ch, i) => (ch === '+' ? [i] : []));
  const columns = xs.length - 1;
  const rows = rules.length - 1;
  const open = new Map<string, boolean>();
  const oneWay = new Map<string, 'east' | 'west'>();
  let letters = '';
  rules.forEach((li, y) => {
    for (let x = 0; x < columns; x++)
      open.set(`h ${x} ${y}`, !lines[li].slice(xs[x] + 1, xs[x + 1]).includes('-'));
  });
  for (let y = 0; y < rows; y++) {
    const body = lines.slice(rules[y] + 1, rules[y + 1]);
    for (let x = 0; x <= columns; x++) {
      const column = body.map((l) => l[xs[x]] ?? ' ').join('');
      open.set(`v ${x} ${y}`, !column.includes('|'));
      if (/\\.*\//.test(column)) oneWay.set(`v ${x} ${y}`, 'east');
      if (/\/.*\\/.test(column)) oneWay.set(`v ${x} ${y}`, 'west');
      if (x < columns) letters += body.map((l) => l.slice(xs[x] + 1, xs[x + 1]).trim()).join('');
    }
  }
  return { columns, rows, open, oneWay, letters };
}

/** Names a square grid's wall by its position, from the geometry alone. */
function wallName(maze: Maze, w: number): string {
  const { vertexX, vertexY, wallV0, wallV1 } = maze.grid;
  const [x0, y0, x1, y1] = [vertexX[wallV0[w]], vertexY[wallV0[w]], vertexX[wallV1[w]], vertexY[wallV1[w]]];
  return x0 === x1 ? `v ${x0} ${Math.min(y0, y1)}` : `h ${Math.min(x0, x1)} ${y0}`;
}

const collapse = (text: string): string[] =>
  text
    .split('\n')
    .slice(1)
    .map((l) => l.replace(/ +/g, ' ').trim());

describe('Finger Maze strings: the notes’ examples', () => {
  for (const ex of EXAMPLES) {
    it(`${ex.id} decodes to the maze pictured`, () => {
      expect(collapse(ex.picture)).toEqual(ex.notes);
      const picture = readPicture(ex.picture);
      const maze = decodeFm(ex.id);
      expect(maze.grid.topology).toBe('square');
      expect([maze.grid.width, maze.grid.height]).toEqual([picture.columns, picture.rows]);
      expect(maze.grid.cellCount).toBe(picture.columns * picture.rows);
      const open = new Map<string, boolean>();
      const oneWay = new Map<string, 'east' | 'west'>();
      for (let w = 0; w < maze.grid.wallCount; w++) {
        const name = wallName(maze, w);
        open.set(name, maze.open[w] !== 0);
        const dir = maze.oneWay?.[w] ?? 0;
        if (dir !== 0) {
          const from = dir > 0 ? maze.grid.wallCellA[w] : maze.grid.wallCellB[w];
          const to = dir > 0 ? maze.grid.wallCellB[w] : maze.grid.wallCellA[w];
          oneWay.set(name, maze.grid.cellX[to] > maze.grid.cellX[from] ? 'east' : 'west');
        }
      }
      expect(open).toEqual(picture.open);
      expect(oneWay).toEqual(picture.oneWay);
      expect(wallName(maze, maze.entryWall)).toBe(ex.entry);
      expect(wallName(maze, maze.exitWall)).toBe(ex.exit);
      expect(maze.entryCell).toBe(maze.grid.wallCellA[maze.entryWall]);
      expect(maze.exitCell).toBe(maze.grid.wallCellA[maze.exitWall]);
      if (picture.letters)
        expect(picture.letters).toBe(
          ex.id
            .replace(/^FM\d+/, '')
            .replace(/\d+/, '')
            .slice(0, -4),
        );
      expect(encodeFm(maze)).toBe(ex.id);
    });
  }

  it('FM3iEi1W0E0 can be crossed west to east only', () => {
    const maze = decodeFm('FM3iEi1W0E0');
    expect([...(maze.oneWay ?? [])].filter((d) => d !== 0)).toEqual([1]);
    expect(maze.entryCell).toBe(0);
    expect(maze.exitCell).toBe(2);
    const back = { ...maze, entryWall: maze.exitWall, exitWall: maze.entryWall, entryCell: 2, exitCell: 0 };
    expect(encodeFm(back)).toBe('FM3iEi1E0W0');
  });
});

describe('Finger Maze strings: bad input', () => {
  const cases: [string, number, RegExp][] = [
    ['XM3iEi1W0E0', 1, /expected 'FM'.*got 'X'/],
    ['FN3iEi1W0E0', 2, /expected 'FM'/],
    ['F', 2, /got the end of the string/],
    ['FMx', 3, /the number of columns.*got 'x'/],
    ['FM0iEi1W0E0', 3, /the number of columns \(a positive whole number\), got '0'/],
    ['FM3iEi0W0E0', 7, /the number of rows \(a positive whole number\), got '0'/],
    ['FM3iEi', 7, /the number of rows.*got the end of the string/],
    ['FM3iXi1W0E0', 5, /tile 2 of 3 in row 0 \(one of AnelsiJWwjISLENa\), got 'X'/],
    ['FM3iE1W0E0', 6, /tile 3 of 3 in row 0.*got '1'/],
    ['FM3iEi2iE1W0E0', 10, /tile 3 of 3 in row 1.*got '1'/],
    ['FM3iEi2iE', 10, /tile 3 of 3 in row 1.*got the end of the string/],
    ['FM3iEi1X0E0', 8, /the entry side \(N, E, S or W\), got 'X'/],
    ['FM3iEi1W', 9, /the entry tile number on the west side, got the end/],
    ['FM3iEi1W0', 10, /the exit side/],
    ['FM3iEi1W0Ex', 11, /the exit tile number on the east side, got 'x'/],
    ['FM3iEi1W1E0', 9, /entry W1: the west side has tiles 0 to 0/],
    ['FM3iEi1W0N3', 11, /exit N3: the north side has tiles 0 to 2/],
    ['FM3iEi1W00E0', 10, /no leading zeros/],
    ['FM3iEi1W0E0!', 12, /the end of the string after the exit, got '!'/],
    ['FM3iEi1N0E0', 8, /entry N0: tile 'i' \(column 0, row 0\) has a wall on its north side/],
    ['FM3iEi1W0W0', 10, /the exit is the same rim side as the entry/],
    ['FM3000iii1W0E0', 3, /the number of columns must be at most 2048/],
    // Well-formed but unsolvable: the exit is out of reach of the entry.
    [
      'FM3iEi1E0W0',
      10,
      /exit W0: tile 'i' \(column 0, row 0\) is not reachable from the entry E0.* 2 of 3 tiles/,
    ],
    ['FM3iai1W0E0', 10, /exit E0: .*is not reachable from the entry W0.* 2 of 3 tiles/],
    ['FM2ii2aaW1W0', 11, /exit W0: tile 'a' \(column 0, row 1\) has a wall on its west side/],
    [
      'FM2ii2aiW1E1',
      11,
      /exit E1: tile 'i' \(column 1, row 1\) is not reachable from the entry W1.* 2 of 4 tiles/,
    ],
  ];
  for (const [text, column, message] of cases) {
    it(`${text} → column ${column}`, () => {
      let error: unknown;
      try {
        decodeFm(text);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CodecError);
      expect((error as CodecError).column).toBe(column);
      expect((error as CodecError).what).toMatch(message);
      expect((error as CodecError).message).toMatch(new RegExp(`^column ${column}: `));
    });
  }

  it('an unreachable exit gets a hint naming what cuts it off', () => {
    const hint = (text: string) => {
      try {
        decodeFm(text);
      } catch (e) {
        return (e as CodecError).hint;
      }
    };
    expect(hint('FM3iEi1E0W0')).toMatch(/^one-way passages .* swap entry and exit$/);
    expect(hint('FM2ii2aiW1E1')).toBe('walls cut the exit off: open a way through');
    // A 1×1 maze entered and left through two sides of its one tile is fine.
    expect(decodeFm('FM1A1N0S0').grid.cellCount).toBe(1);
  });

  it('hints that a row is short when the tiles run into the entry', () => {
    // 5 × 3 with one tile missing: the entry's N is read as a tile, then '1' comes where a side should.
    const e = (() => {
      try {
        decodeFm('FM5jsnWS3IEAnJNEJLN1E2');
      } catch (error) {
        return error as CodecError;
      }
    })();
    expect(e?.column).toBe(20);
    expect(e?.hint).toMatch(/a tile short/);
  });

  it('refuses mazes it cannot write', () => {
    const hex = squareMaze(4, 4, 1, { shape: 'hex' });
    expect(() => encodeFm(hex)).toThrow(CodecError);
    expect(() => encodeFm(hex)).toThrow(/square mazes only; this one is hex 4×4/);
    const circle = squareMaze(3, 3, 1, { shape: 'circle' });
    expect(() => encodeFm(circle)).toThrow(/square mazes only/);
    const masked = squareMaze(12, 12, 1, {
      mask: maskOf({ label: 'disc', aspect: 1, inside: (x, y) => x * x + y * y < 1 }, 'largest'),
    });
    expect(() => encodeFm(masked)).toThrow(/masked/);
  });
});

describe('Finger Maze strings: round trips', () => {
  it('generated square mazes survive encode → decode exactly', () => {
    const sizes = [
      [1, 2],
      [2, 1],
      [5, 5],
      [16, 9],
      [7, 12],
      [13, 10],
    ];
    for (const [i, [c, r]] of sizes.entries()) {
      for (const algorithm of ['backtracker', 'kruskal', 'wilson'] as const) {
        const maze = squareMaze(c, r, i + 1, { algorithm });
        const text = encodeFm(maze);
        expect(text).toMatch(/^FM\d+[AnelsiJWwjISLENa]+\d+[AnelsiJWwjISLENa]*[NESW]\d+[NESW]\d+$/);
        const back = decodeFm(text);
        expect(back).toEqual(maze);
        expect(encodeFm(back)).toBe(text);
      }
    }
  });

  it('one-way passages survive encode → decode', () => {
    const maze = squareMaze(6, 5, 3);
    const oneWay = new Int8Array(maze.grid.wallCount);
    let k = 0;
    for (let w = 0; w < maze.grid.wallCount; w++) {
      if (maze.open[w] && maze.grid.wallCellB[w] >= 0) oneWay[w] = [1, 0, -1][k++ % 3];
    }
    // Passages on the route point along it, so the exit stays reachable.
    const route = solve(maze);
    route.walls.forEach((w, i) => {
      oneWay[w] = maze.grid.wallCellA[w] === route.cells[i] ? 1 : -1;
    });
    const withOneWay = { ...maze, oneWay };
    expect(decodeFm(encodeFm(withOneWay))).toEqual(withOneWay);
  });

  it('keeps extra openings in the rim', () => {
    // Tiles (0, 0) and (2, 1) are open all round: besides the ends, (0, 0) opens the north rim and (2, 1)
    // the east and south rim.
    const maze = decodeFm('FM3AEi2aaAW1E0');
    const rimOpen = [...maze.grid.rimWall].filter((w) => maze.open[w]).length;
    expect(rimOpen).toBe(5);
    expect(encodeFm(maze)).toBe('FM3AEi2aaAW1E0');
  });
});

describe('Finger Maze standard form', () => {
  it('puts the entry in the north-west and the maze in landscape', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const [c, r] = seed % 3 === 0 ? [6, 6] : seed % 3 === 1 ? [5, 8] : [9, 7];
      const maze = squareMaze(c, r, seed, {
        entry: {
          kind: 'side',
          side: (['top', 'bottom', 'left', 'right'] as const)[seed % 4],
          at: (seed % 7) / 6,
        },
      });
      const std = standardFormMaze(maze);
      const w = std.grid.width;
      const h = std.grid.height;
      expect(w).toBeGreaterThanOrEqual(h);
      const text = standardFormFm(maze);
      const entry = /([NESW])(\d+)[NESW]\d+$/.exec(text)!;
      const index = Number(entry[2]);
      if (w === h) expect(entry[1]).toBe('N');
      else expect(['N', 'W']).toContain(entry[1]);
      // Western half (middle column included) on the north side; northern half (counted from the south
      // in the string) on the west side.
      if (entry[1] === 'N') expect(index + 1).toBeLessThanOrEqual(Math.floor((w + 1) / 2));
      else expect(h - index).toBeLessThanOrEqual(Math.floor((h + 1) / 2));
    }
  });

  it('gives the same string for every reflection and transposition of a maze', () => {
    const maze = squareMaze(8, 6, 5, { entry: { kind: 'side', side: 'top', at: 0.1 } });
    const frame = { columns: 8, rows: 6 };
    const forms = new Set<string>();
    for (const transpose of [false, true])
      for (const flipX of [false, true])
        for (const flipY of [false, true])
          forms.add(standardFormFm(transformSquareMaze(maze, frame, { transpose, flipX, flipY })));
    expect(forms.size).toBe(1);
  });

  it('reflects an odd-width maze so the exit lies south-east when the entry is in the middle column', () => {
    // 3 × 2, entry in the middle of the north side, exit at the south-west corner.
    const maze = decodeFm('FM3AsA2AAAN1S2');
    expect(standardFormFm(maze)).toBe('FM3AsA2AAAN1S0');
    expect(standardFormFm(decodeFm('FM3AsA2AAAN1S0'))).toBe('FM3AsA2AAAN1S0');
  });

  it('is a maze on a grid built the usual way', () => {
    const std = standardFormMaze(squareMaze(4, 7, 2));
    expect(std.grid).toEqual(buildGrid({ shape: 'square', size: { columns: 7, rows: 4 } }));
  });
});
