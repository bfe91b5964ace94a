import { describe, expect, it } from 'vitest';
import { CodecError } from '../../src/codec/codec-error.js';
import { decodeFm } from '../../src/codec/fm.js';
import { exportMazeJson, importMazeJson, type MazeJson, readMazeJson } from '../../src/codec/json.js';
import { mazeJsonSchema } from '../../src/codec/json-schema.js';
import type { Maze } from '../../src/generate/maze.js';
import { topologyNames } from '../../src/grid/registry.js';
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
    expect(flat).toMatchObject({ topology: 'hex', hexTop: 'flat' });
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
    expect(roundTrip(flat)).toMatchObject({ hexTop: 'flat' });
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
    // Entered from the east, the one-way passage keeps the west end out of reach (a Finger Maze string
    // cannot say so: decodeFm refuses it, so the ends are swapped here).
    const forward = decodeFm('FM3iEi1W0E0');
    const maze = {
      ...forward,
      entryWall: forward.exitWall,
      exitWall: forward.entryWall,
      entryCell: 2,
      exitCell: 0,
    };
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
      /^is not maze JSON: its format is not "mazebook-maze"$/,
    ],
    [
      'version',
      (d) => {
        d.version = 3;
      },
      '$.version',
      /expected version 1 or 2, got 3/,
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
      /unknown field "colour"; maze JSON fields: format, version, topology, size, hexTop, cells/,
    ],
    [
      'unknown size field',
      (d) => {
        d.size = { columns: 5, rows: 4, depth: 2 };
      },
      '$.size.depth',
      /unknown field "depth"/,
    ],
    [
      'missing walls',
      (d) => {
        delete d.walls;
      },
      '$.walls',
      /base64 string of walls bits, got nothing/,
    ],
    [
      'cells type',
      (d) => {
        d.cells = '20';
      },
      '$.cells',
      /whole number in \[1, 1048576\], got "20"/,
    ],
    [
      'entry wall out of range',
      (d) => {
        d.entry = { wall: 49 };
      },
      '$.entry.wall',
      /whole number in \[0, 48\], got 49/,
    ],
    [
      'oneWay pair',
      (d) => {
        d.oneWay = [[1]];
      },
      '$.oneWay[0]',
      /expected \[wall, 1 \| -1\]/,
    ],
    [
      'letter type',
      (d) => {
        d.letters = [...Array(19).fill(''), 7];
      },
      '$.letters[19]',
      /expected a string, got 7/,
    ],
    [
      'solution type',
      (d) => {
        d.solution = 'all of it';
      },
      '$.solution',
      /expected a list of cells/,
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

  it('reads an end written as -0 as index 0', () => {
    const doc = JSON.parse(
      '{"format":"mazebook-maze","version":1,"topology":"square","size":{"columns":3,"rows":1},"cells":3,"wallCount":10,"walls":"DwA=","entry":{"wall":-0},"exit":{"wall":3},"solution":[0,1,2]}',
    );
    const maze = importMazeJson(doc);
    expect(Object.is(maze.entryWall, 0)).toBe(true);
    expect(importMazeJson(JSON.parse(JSON.stringify(exportMazeJson(maze))))).toEqual(maze);
  });

  it('reads an empty oneWay list as no one-way walls', () => {
    const doc = { ...good(), oneWay: [] };
    expect(importMazeJson(doc).oneWay).toBeUndefined();
    expect(importMazeJson(doc)).toEqual(importMazeJson(good()));
  });

  it('refuses a cell count that does not match the size, a huge one too', () => {
    const doc = { ...good(), size: { columns: 1024, rows: 1024 }, cells: 5 };
    const e = codecError(() => importMazeJson(doc));
    expect([e.path, e.what]).toEqual([
      '$.cells',
      'the square grid 1024×1024 has 1048576 cells, the file says 5',
    ]);
  });

  it('refuses something that is not an object', () => {
    expect(codecError(() => importMazeJson([])).path).toBe('$');
    expect(codecError(() => importMazeJson(null)).what).toBe('expected an object, got null');
    expect(codecError(() => importMazeJson('maze')).what).toBe('expected an object, got text');
  });

  it('names a newer version as such, before anything else that differs', () => {
    const e = codecError(() => importMazeJson({ format: 'mazebook-maze', version: 3, topology: 'penrose' }));
    expect([e.path, e.what, e.hint]).toEqual([
      '$.version',
      'expected version 1 or 2, got 3',
      'the file was written by a newer mazebook',
    ]);
  });
});

describe('maze JSON schema', () => {
  const variants = mazeJsonSchema.oneOf as {
    properties: Record<string, { const?: string; enum?: string[]; pattern?: string }>;
    required: string[];
  }[];

  it('is a draft 2020-12 schema with one variant per kind of size, covering every topology', () => {
    expect(mazeJsonSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(mazeJsonSchema.$id).toBe('https://mazebook.dev/schema/maze-v2.json');
    const named = variants.flatMap((v) => v.properties.topology.enum ?? [v.properties.topology.const]);
    expect(named.sort()).toEqual([...topologyNames].sort());
    // hexTop only where the topology is hex.
    for (const v of variants) expect('hexTop' in v.properties).toBe(v.properties.topology.const === 'hex');
  });

  it('names every field the exporter writes, and requires what it always writes', () => {
    const docs = [
      exportMazeJson(decodeFm('FM3iEi1W0E0'), { letters: ['a', 'b', 'c'] }),
      exportMazeJson(squareMaze(14, 12, 7, { shape: 'hex', mask: heart })),
      exportMazeJson(squareMaze(5, 5, 7, { shape: 'circle' })),
    ];
    for (const doc of docs) {
      const variant = variants.find(
        (v) =>
          v.properties.topology.const === doc.topology || v.properties.topology.enum?.includes(doc.topology),
      )!;
      for (const key of Object.keys(doc)) expect(Object.keys(variant.properties)).toContain(key);
      for (const key of variant.required) expect(doc).toHaveProperty(key);
      const bits = new RegExp(variant.properties.walls.pattern!);
      expect(doc.walls).toMatch(bits);
      if (doc.mask) expect(doc.mask).toMatch(bits);
    }
  });
});

describe('maze JSON written before the schema was generated', () => {
  // Files written by mazebook 0.1.0's exporter, kept verbatim: they must still read.
  const files: Record<string, string> = {
    square:
      '{"format":"mazebook-maze","version":1,"topology":"square","size":{"columns":4,"rows":3},"cells":12,"wallCount":31,"walls":"DjuZAg==","entry":{"wall":16},"exit":{"wall":9},"solution":[1,0,4,8,9,10,6,7]}',
    flatHexHeart:
      '{"format":"mazebook-maze","version":1,"topology":"hex","size":{"columns":8,"rows":7},"hexTop":"flat","cells":42,"wallCount":150,"mask":"js/v5//9Hg==","walls":"OMBAgS4oBKmiCIw4BIdSRCAiAQ==","entry":{"wall":61},"exit":{"wall":33},"solution":[14,20,26,27,33,34,40,41,36,30,31,24,25,19,18,13,7]}',
    circleCentre:
      '{"format":"mazebook-maze","version":1,"topology":"circle","size":{"rings":3},"cells":25,"wallCount":64,"walls":"oMVGLKy4Iio=","entry":{"wall":44},"exit":{"cell":0},"solution":[14,15,16,17,18,5,4,3,13,12,11,2,1,9,24,23,22,21,7,8,0]}',
    oneWayLetters:
      '{"format":"mazebook-maze","version":1,"topology":"square","size":{"columns":3,"rows":1},"cells":3,"wallCount":10,"walls":"DwA=","entry":{"wall":0},"exit":{"wall":3},"oneWay":[[1,1]],"letters":["A","","C"],"solution":[0,1,2]}',
    unsolvable:
      '{"format":"mazebook-maze","version":1,"topology":"square","size":{"columns":3,"rows":1},"cells":3,"wallCount":10,"walls":"DwA=","entry":{"wall":3},"exit":{"wall":0},"oneWay":[[1,1]],"solution":[]}',
  };
  it.each(Object.entries(files))('%s reads, and writes back byte for byte', (_name, text) => {
    const { maze, letters } = readMazeJson(JSON.parse(text));
    expect(JSON.stringify(exportMazeJson(maze, letters ? { letters } : {}))).toBe(text);
  });
});
