import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { CodecError } from '../../src/codec/codec-error.js';
import { decodeFm, encodeFm, FM_TILES } from '../../src/codec/fm.js';
import { squareMaze } from '../helpers.js';
import { FUZZ_TIMEOUT, fuzz } from './budget.js';
import { mutatedText } from './mutate.js';

/**
 * Any string given as a Finger Maze string ends in a maze the rest of mazebook can use — solvable, and
 * written back to the same maze — or in a CodecError at a column of the string (one past its end at most),
 * never another exception or a hang.
 */
function checkFm(text: string): void {
  let maze: ReturnType<typeof decodeFm>;
  try {
    maze = decodeFm(text);
  } catch (e) {
    if (!(e instanceof CodecError)) throw e;
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(e.column).toBeLessThanOrEqual(Array.from(text).length + 1);
    expect(e.message).toMatch(/^column \d+: /);
    return;
  }
  expect(solve(maze).cells.at(-1)).toBe(maze.exitCell);
  expect(decodeFm(encodeFm(maze))).toEqual(maze);
}

/** Valid strings: the notes' examples and small generated mazes. */
const VALID = [
  'FM5jsnWS3IEAnJNEJLiN1E2',
  'FM3iEi1W0E0',
  'FM2ln2LJW1E0',
  'FM4jiiJ4IjilIIjJLJLlN3S0',
  'FM3AEi2aaAW1E0',
  ...[
    [1, 2],
    [3, 3],
    [6, 4],
    [2, 7],
  ].map(([c, r], i) => encodeFm(squareMaze(c, r, i + 1, { algorithm: i % 2 ? 'kruskal' : 'backtracker' }))),
];

/** Characters and fragments of the format (and near misses). */
const PIECES = [...FM_TILES, ...'NESW0123456789', 'FM', '10', '00', 'x', ' ', 'é', 'n'];

const soup = fc
  .tuple(fc.constantFrom('FM', 'FM', 'F', ''), fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }))
  .map(([head, body]) => head + body.join(''));

/** A well-formed string of random tiles: the decoder must judge reachability, not the syntax. */
const randomTiles = fc
  .record({
    columns: fc.integer({ min: 1, max: 6 }),
    rows: fc.integer({ min: 1, max: 6 }),
    seed: fc.array(fc.nat(15), { minLength: 36, maxLength: 36 }),
    entry: fc.tuple(fc.constantFrom('N', 'E', 'S', 'W'), fc.nat(5)),
    exit: fc.tuple(fc.constantFrom('N', 'E', 'S', 'W'), fc.nat(5)),
  })
  .map(({ columns, rows, seed, entry, exit }) => {
    const tiles = seed.slice(0, columns * rows).map((n) => FM_TILES[n]);
    const end = ([side, k]: [string, number]) =>
      `${side}${k % (side === 'N' || side === 'S' ? columns : rows)}`;
    return `FM${columns}${tiles.slice(0, columns).join('')}${rows}${tiles.slice(columns).join('')}${end(entry)}${end(exit)}`;
  });

describe('Finger Maze decoder under fuzzing', () => {
  it(
    'any string: a usable maze or a located CodecError',
    () => {
      fuzz(
        'fm: any string: a usable maze or a located CodecError',
        fc.property(
          fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 30 })),
          (s) => checkFm(s),
        ),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'strings built from the format’s own characters',
    () => {
      fuzz(
        'fm: strings built from the format’s own characters',
        fc.property(soup, (s) => checkFm(s)),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'well-formed strings of random tiles (many of them unsolvable)',
    () => {
      fuzz(
        'fm: well-formed strings of random tiles (many of them unsolvable)',
        fc.property(randomTiles, (s) => checkFm(s)),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'valid strings with a few edits',
    () => {
      fuzz(
        'fm: valid strings with a few edits',
        fc.property(mutatedText(VALID, PIECES), (s) => checkFm(s)),
      );
    },
    FUZZ_TIMEOUT,
  );
});
