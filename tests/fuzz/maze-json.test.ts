import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { CodecError } from '../../src/codec/codec-error.js';
import { decodeFm } from '../../src/codec/fm.js';
import { exportMazeJson, readMazeJson } from '../../src/codec/json.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { squareMaze } from '../helpers.js';
import { FUZZ_TIMEOUT, fuzz } from './budget.js';

/**
 * Any JSON value given as maze JSON ends in a maze the rest of mazebook can use — solvable when its solution
 * is not empty, and written out again — or in a CodecError naming a JSON path, never another exception, a
 * hang or unbounded memory.
 */
function checkMazeJson(value: unknown): void {
  let imported: ReturnType<typeof readMazeJson>;
  try {
    imported = readMazeJson(value);
  } catch (e) {
    if (!(e instanceof CodecError)) throw e;
    expect(e.path).toMatch(/^\$(\.[A-Za-z]+|\[\d+\])*$/);
    expect(e.message.startsWith(`${e.path}: `)).toBe(true);
    return;
  }
  const { maze, letters } = imported;
  const doc = value as { solution: number[] };
  if (doc.solution.length > 0) expect(solve(maze).cells.at(-1)).toBe(maze.exitCell);
  const again = exportMazeJson(maze, letters ? { letters } : {});
  expect(readMazeJson(JSON.parse(JSON.stringify(again))).maze).toEqual(maze);
}
const heart = maskOf(builtinShape('heart'), 'largest');

/** Valid documents of every topology, with and without mask, letters, one-way walls and a centre end. */
const VALID: Record<string, unknown>[] = [
  exportMazeJson(squareMaze(5, 4, 1)),
  exportMazeJson(squareMaze(6, 5, 2, { shape: 'hex', hexTop: 'flat' })),
  exportMazeJson(squareMaze(7, 4, 3, { shape: 'triangle' })),
  exportMazeJson(squareMaze(4, 4, 4, { shape: 'octagon' })),
  exportMazeJson(squareMaze(4, 4, 5, { shape: 'circle', exit: { kind: 'centre' } })),
  exportMazeJson(squareMaze(10, 10, 6, { shape: 'hex', mask: heart })),
  exportMazeJson(decodeFm('FM3iEi1W0E0'), { letters: ['A', '', 'C'] }),
].map((doc) => JSON.parse(JSON.stringify(doc)));

/** A small JSON value to put anywhere: the usual types, numbers near the interesting ranges, odd strings. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: -5, max: 3000 }),
  fc.constantFrom(0, 1, -1, 2, 2048, 2049, 1.5, 1e308, -0),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', 'AA==', '////', 'A', '=', 'mazebook-maze', 'circle', 'hex', 'flat', 'x'),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer({ min: -2, max: 60 }), { maxLength: 6 }),
  fc.dictionary(
    fc.constantFrom('wall', 'cell', 'rings', 'columns', 'rows', 'x'),
    fc.integer({ min: -2, max: 80 }),
    {
      maxKeys: 3,
    },
  ),
);

type Path = (string | number)[];

/** Every path to a value inside `value` (objects and arrays included), the root first. */
function pathsOf(value: unknown, path: Path = []): Path[] {
  const out: Path[] = [path];
  if (Array.isArray(value)) {
    for (const [i, v] of value.slice(0, 8).entries()) out.push(...pathsOf(v, [...path, i]));
  } else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...path, k]));
  return out;
}

function setAt(root: unknown, path: Path, replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replace(root);
  if (root === null || typeof root !== 'object') root = {};
  const copy = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path;
  (copy as Record<string | number, unknown>)[head] = setAt(
    (root as Record<string | number, unknown>)[head],
    rest,
    replace,
  );
  return copy;
}

/** Flips bit `bit` of a base64 bit string (modulo its length), keeping it valid base64. */
function flipBit(text: unknown, bit: number): unknown {
  if (typeof text !== 'string') return text;
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) return text;
  const i = bit % (bytes.length * 8);
  bytes[i >> 3] ^= 1 << (i & 7);
  return bytes.toString('base64');
}

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), pick: fc.nat(), value: anyValue }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('nudge' as const), pick: fc.nat(), by: fc.integer({ min: -3, max: 3 }) }),
  fc.record({ kind: fc.constant('flip' as const), field: fc.constantFrom('walls', 'mask'), bit: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.constantFrom('colour', 'hexTop', 'oneWay', 'letters', 'mask'),
    value: anyValue,
  }),
  fc.record({
    kind: fc.constant('truncate' as const),
    field: fc.constantFrom('solution', 'letters', 'oneWay'),
    length: fc.nat(4),
  }),
);

const mutatedDocument = fc
  .tuple(fc.constantFrom(...VALID), fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([doc, edits]) => {
    let out: unknown = doc;
    for (const m of edits) {
      const paths = pathsOf(out);
      const path = 'pick' in m ? paths[m.pick % paths.length] : [];
      switch (m.kind) {
        case 'set':
          out = setAt(out, path, () => m.value);
          break;
        case 'delete':
          if (path.length > 0) {
            const parent = path.slice(0, -1);
            const key = path.at(-1)!;
            out = setAt(out, parent, (p) => {
              if (Array.isArray(p)) return p.filter((_, i) => i !== key);
              const { [key]: _dropped, ...rest } = p as Record<string, unknown>;
              return rest;
            });
          }
          break;
        case 'nudge':
          out = setAt(out, path, (v) => (typeof v === 'number' ? v + m.by : v));
          break;
        case 'flip':
          out = setAt(out, [m.field], (v) => flipBit(v, m.bit));
          break;
        case 'add':
          out = setAt(out, [m.key], () => m.value);
          break;
        case 'truncate':
          out = setAt(out, [m.field], (v) => (Array.isArray(v) ? v.slice(0, m.length) : v));
          break;
      }
    }
    return out;
  });

describe('maze JSON decoder under fuzzing', () => {
  it(
    'any JSON value: a usable maze or a CodecError at a JSON path',
    () => {
      fuzz(
        'maze JSON: any JSON value: a usable maze or a CodecError at a JSON path',
        fc.property(fc.jsonValue({ maxDepth: 4, depthSize: 'small' }), (v) => checkMazeJson(v)),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'objects with the maze JSON field names and odd values',
    () => {
      const fields = fc.record(
        {
          format: fc.oneof(fc.constant('mazebook-maze'), anyValue),
          version: fc.oneof(fc.constant(1), anyValue),
          topology: fc.oneof(fc.constantFrom('square', 'hex', 'triangle', 'octagon', 'circle'), anyValue),
          size: anyValue,
          hexTop: anyValue,
          cells: anyValue,
          wallCount: anyValue,
          mask: anyValue,
          walls: anyValue,
          entry: anyValue,
          exit: anyValue,
          oneWay: anyValue,
          letters: anyValue,
          solution: anyValue,
        },
        { requiredKeys: [] },
      );
      fuzz(
        'maze JSON: objects with the maze JSON field names and odd values',
        fc.property(fields, (v) => checkMazeJson(v)),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'valid documents with a few edits',
    () => {
      fuzz(
        'maze JSON: valid documents with a few edits',
        fc.property(mutatedDocument, (v) => checkMazeJson(v)),
      );
    },
    FUZZ_TIMEOUT,
  );
});
