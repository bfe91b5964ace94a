import { describe, expect, it } from 'vitest';
import { CodecError } from '../../src/codec/codec-error.js';
import { decodeFm } from '../../src/codec/fm.js';
import { exportMazeJson, importMazeJson, type MazeJson, readMazeJson } from '../../src/codec/json.js';
import { mazeJsonSchema } from '../../src/codec/json-schema.js';
import type { Maze } from '../../src/generate/maze.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { squareMaze } from '../helpers.js';

/** Export, write as text, read back, import: the maze must come back identical. */
function roundTrip(maze: Maze, letters?: string[]): MazeJson {
  const doc = exportMazeJson(maze, letters ? { letters } : {});
  const text = JSON.stringify(doc);
  const back = readMazeJson(JSON.parse(text));
  expect(back.maze).toEqual(maze);
  expect(back.letters).toEqual(letters);
  expect(exportMazeJson(back.maze, letters ? { letters } : {})).toEqual(doc);
  return doc;
}

function codecError(f: () => unknown): CodecError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(CodecError);
    return e as CodecError;
  }
  throw new Error('expected a CodecError');
}

const heart = maskOf(builtinShape('heart'), 'largest' as const);

describe('maze JSON round trips', () => {
  it('square mazes of several algorithms', () => {
    for (const [i, algorithm] of (['backtracker', 'kruskal', 'wilson', 'eller'] as const).entries()) {
      const doc = roundTrip(squareMaze(9 + i, 7, i + 1, { algorithm }));
      expect(doc.topology).toBe('square');
      expect(doc.size).toEqual({ columns: 9 + i, rows: 7 });
      expect(doc.mask).toBeUndefined();
    }
  });

  it('hex (both tops), triangle, octagon and circle mazes', () => {
    roundTrip(squareMaze(8, 6, 1, { shape: 'hex' }));
    const flat = roundTrip(squareMaze(7, 5, 2, { shape: 'hex', hexTop: 'flat' }));
    expect(flat.hexTop).toBe('flat');
    roundTrip(squareMaze(11, 6, 3, { shape: 'triangle' }));
    roundTrip(squareMaze(6, 5, 4, { shape: 'octagon' }));
    const circle = roundTrip(squareMaze(6, 6, 5, { shape: 'circle' }));
    expect(circle.size).toEqual({ rings: 6 });
  });

  it('masked mazes of every topology, rebuilt by cutting the mask out of the full grid', () => {
    for (const shape of ['square', 'hex', 'triangle', 'octagon', 'circle'] as const) {
      for (const [i, outline] of (['heart', 'star', 'ring', 'triangle'] as const).entries()) {
        const mask = maskOf(builtinShape(outline), 'join' as const);
        const maze = squareMaze(14, 12, 7 + i, { shape, mask });
        const doc = roundTrip(maze);
        expect(doc.mask).toBeDefined();
        expect(doc.cells).toBe(maze.grid.cellCount);
      }
    }
    const flat = squareMaze(10, 12, 8, { shape: 'hex', hexTop: 'flat', mask: heart });
    expect(roundTrip(flat).hexTop).toBe('flat');
  });

  it('a circle maze with its exit at the centre', () => {
    const maze = squareMaze(7, 7, 3, { shape: 'circle', exit: { kind: 'centre' } });
    expect(maze.exitWall).toBe(-1);
    const doc = roundTrip(maze);
    expect(doc.exit).toEqual({ cell: maze.exitCell });
  });

  it('one-way passages and mazegram letters', () => {
    const maze = decodeFm('FM3iEi1W0E0');
    const doc = roundTrip(maze, ['A', '', 'C']);
    expect(doc.oneWay).toEqual([[1, 1]]);
    expect(doc.letters).toEqual(['A', '', 'C']);
  });

  it('writes the documented bit order', () => {
    const maze = decodeFm('FM5jsnWS3IEAnJNEJLiN1E2');
    const doc = exportMazeJson(maze);
    const bytes = Buffer.from(doc.walls, 'base64');
    expect(bytes.length).toBe(Math.ceil(maze.grid.wallCount / 8));
    for (let w = 0; w < maze.grid.wallCount; w++) expect((bytes[w >> 3] >> (w & 7)) & 1).toBe(maze.open[w]);
    expect(doc.solution).toEqual([1, 2, 7, 8, 13, 14]);
    expect(doc.entry).toEqual({ wall: maze.entryWall });
  });

  it('an unsolvable maze has an empty solution', () => {
    // Entered from the east, the one-way passage keeps the west end out of reach.
    const maze = decodeFm('FM3iEi1E0W0');
    const doc = roundTrip(maze);
    expect(doc.solution).toEqual([]);
  });
});

describe('maze JSON checks', () => {
  const good = () => exportMazeJson(squareMaze(5, 4, 1)) as unknown as Record<string, unknown>;
  const cases: [string, (d: Record<string, unknown>) => unknown, string, RegExp][] = [
    [
      'format',
      (d) => {
        d.format = 'maze';
      },
      '$.format',
      /expected format "mazebook-maze", got "maze"/,
    ],
    [
      'version',
      (d) => {
        d.version = 2;
      },
      '$.version',
      /expected version 1, got 2/,
    ],
    [
      'topology',
      (d) => {
        d.topology = 'penrose';
      },
      '$.topology',
      /expected a topology \(square, hex/,
    ],
    [
      'size',
      (d) => {
        d.size = { columns: 0, rows: 4 };
      },
      '$.size.columns',
      /whole number in \[1, 2048\], got 0/,
    ],
    [
      'circle size',
      (d) => {
        d.topology = 'circle';
        d.size = { columns: 4 };
      },
      '$.size.rings',
      /got nothing/,
    ],
    [
      'hexTop',
      (d) => {
        d.hexTop = 'flat';
      },
      '$.hexTop',
      /hex mazes only/,
    ],
    [
      'cells',
      (d) => {
        d.cells = 21;
      },
      '$.cells',
      /square grid 5×4 has 20 cells, the file says 21/,
    ],
    [
      'wallCount',
      (d) => {
        d.wallCount = 50;
      },
      '$.wallCount',
      /has 49 walls, the file says 50/,
    ],
    [
      'walls base64',
      (d) => {
        d.walls = 'abc';
      },
      '$.walls',
      /base64 string of walls bits/,
    ],
    [
      'walls length',
      (d) => {
        d.walls = 'AAAA';
      },
      '$.walls',
      /expected 7 bytes \(49 walls, 8 to a byte\), got 3/,
    ],
    [
      'walls padding',
      (d) => {
        d.walls = Buffer.alloc(7, 255).toString('base64');
      },
      '$.walls',
      /unused high bits/,
    ],
    [
      'mask length',
      (d) => {
        d.mask = 'AA==';
      },
      '$.mask',
      /expected 3 bytes \(20 cells of the full grid/,
    ],
    [
      'entry shape',
      (d) => {
        d.entry = { side: 'top' };
      },
      '$.entry',
      /\{ "wall": w \} or \{ "cell": c \}/,
    ],
    [
      'entry inner',
      (d) => {
        d.entry = { wall: 1 };
      },
      '$.entry.wall',
      /wall 1 is not on the rim/,
    ],
    [
      'entry closed',
      (d) => {
        d.entry = { wall: 0 };
      },
      '$.entry.wall',
      /its bit in walls must be 1/,
    ],
    [
      'same ends',
      (d) => {
        d.exit = d.entry;
      },
      '$.exit',
      /the exit is the same as the entry/,
    ],
    [
      'oneWay',
      (d) => {
        d.oneWay = [[0, 1]];
      },
      '$.oneWay[0][0]',
      /not an open inner wall/,
    ],
    [
      'oneWay dir',
      (d) => {
        d.oneWay = [[1, 2]];
      },
      '$.oneWay[0][1]',
      /expected 1 or -1, got 2/,
    ],
    [
      'letters',
      (d) => {
        d.letters = ['A'];
      },
      '$.letters',
      /list of 20 strings/,
    ],
    [
      'solution start',
      (d) => {
        d.solution = [99];
      },
      '$.solution[0]',
      /\[0, 19\], got 99/,
    ],
    [
      'solution end',
      (d) => {
        d.solution = (d.solution as number[]).slice(0, -1);
      },
      '$.solution',
      /exit cell/,
    ],
    [
      'solution empty',
      (d) => {
        d.solution = [];
      },
      '$.solution',
      /empty, but the exit can be reached/,
    ],
    [
      'unknown field',
      (d) => {
        d.colour = 'red';
      },
      '$.colour',
      /unknown field "colour"/,
    ],
  ];
  for (const [name, spoil, path, message] of cases) {
    it(`refuses a bad ${name}`, () => {
      const doc = good();
      spoil(doc);
      const e = codecError(() => importMazeJson(doc));
      expect(e.path).toMatch(new RegExp(`^${path.replace(/[$.[\]]/g, '\\$&')}`));
      expect(e.what).toMatch(message);
      expect(e.exitCode).toBe(2);
    });
  }

  it('refuses a solution that goes through a wall', () => {
    const doc = good();
    const solution = doc.solution as number[];
    // Jump from the entry cell to a cell that is not next to it through an open wall.
    const maze = importMazeJson(good());
    const far = [...Array(maze.grid.cellCount).keys()].find((c) => {
      for (let k = maze.grid.adjStart[solution[0]]; k < maze.grid.adjStart[solution[0] + 1]; k++)
        if (maze.grid.adjCell[k] === c && maze.open[maze.grid.adjWall[k]]) return false;
      return c !== solution[0];
    })!;
    doc.solution = [solution[0], far, ...solution.slice(1)];
    const e = codecError(() => importMazeJson(doc));
    expect(e.path).toBe('$.solution[1]');
    expect(e.what).toMatch(/cannot be reached from cell/);
  });

  it('refuses a solution that crosses a one-way passage backwards', () => {
    const doc = exportMazeJson(decodeFm('FM3iEi1W0E0')) as unknown as Record<string, unknown>;
    doc.oneWay = [[1, -1]];
    const e = codecError(() => importMazeJson(doc));
    expect(e.path).toBe('$.solution[1]');
  });

  it('refuses something that is not an object', () => {
    expect(codecError(() => importMazeJson([])).path).toBe('$');
    expect(codecError(() => importMazeJson(null)).what).toBe('expected an object, got null');
  });
});

describe('maze JSON schema', () => {
  it('is a draft 2020-12 schema naming every field the exporter writes', () => {
    expect(mazeJsonSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const fields = Object.keys(mazeJsonSchema.properties);
    const docs = [
      exportMazeJson(decodeFm('FM3iEi1W0E0'), { letters: ['a', 'b', 'c'] }),
      exportMazeJson(squareMaze(14, 12, 7, { shape: 'hex', mask: heart })),
    ];
    for (const doc of docs) {
      for (const key of Object.keys(doc)) expect(fields).toContain(key);
      for (const key of mazeJsonSchema.required) expect(doc).toHaveProperty(key);
      const bits = new RegExp(mazeJsonSchema.$defs.bits.pattern);
      expect(doc.walls).toMatch(bits);
      if (doc.mask) expect(doc.mask).toMatch(bits);
    }
  });
});
