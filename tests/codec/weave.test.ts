import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { applySymmetry, canonicalHash, gridSymmetries } from '../../src/codec/canonical.js';
import { CodecError } from '../../src/codec/codec-error.js';
import { encodeFm, standardFormFm } from '../../src/codec/fm.js';
import { exportMazeJson, importMazeJson, type MazeJson } from '../../src/codec/json.js';
import { amazingText, boxText } from '../../src/codec/text.js';
import { countCrossings } from '../../src/grid/weave.js';
import { maskOf } from '../../src/mask/descriptor.js';
import { builtinShape } from '../../src/mask/shapes.js';
import { squareMaze } from '../helpers.js';

const weaveMaze = (seed: number, extra = {}) =>
  squareMaze(10, 8, seed, { algorithm: 'kruskal', options: { straightness: 0, weave: 1 }, ...extra });

function codecError(f: () => unknown): CodecError {
  try {
    f();
  } catch (e) {
    if (e instanceof CodecError) return e;
    throw e;
  }
  throw new Error('expected a CodecError');
}

describe('maze JSON of weave mazes', () => {
  it('round-trips the crossings as version 2, through JSON text', () => {
    for (const extra of [{}, { mask: maskOf(builtinShape('circle')) }]) {
      const maze = weaveMaze(3, extra);
      const doc = exportMazeJson(maze);
      expect(doc.version).toBe(2);
      expect(doc.crossings?.length).toBe(countCrossings(maze.grid, maze.open));
      expect(doc.crossings?.length).toBeGreaterThan(0);
      const back = importMazeJson(JSON.parse(JSON.stringify(doc)));
      expect(back.grid.wallCount).toBe(maze.grid.wallCount);
      expect(back.open).toEqual(maze.open);
      expect([back.entryWall, back.exitWall]).toEqual([maze.entryWall, maze.exitWall]);
      expect(Array.from(solve(back).cells)).toEqual(doc.solution);
      expect(exportMazeJson(back)).toEqual(doc);
    }
  });

  it('writes a weave maze cloned from a worker thread as it writes the original, with the same hash', () => {
    const maze = weaveMaze(7);
    const copy = structuredClone(maze);
    expect(copy.grid).not.toBe(maze.grid);
    expect(exportMazeJson(copy)).toEqual(exportMazeJson(maze));
    expect(canonicalHash(copy)).toBe(canonicalHash(maze));
  });

  it('writes plain mazes as version 1, without crossings', () => {
    const doc = exportMazeJson(squareMaze(5, 4, 1));
    expect(doc.version).toBe(1);
    expect(doc.crossings).toBeUndefined();
  });

  it('refuses crossings that are not under-passages or break the crossing rules, at the crossing', () => {
    const doc = exportMazeJson(weaveMaze(4)) as MazeJson;
    const [a, c] = (doc.crossings as [number, number][])[0];
    const bad = (crossings: [number, number][], version: 1 | 2 = 2) =>
      codecError(() => importMazeJson({ ...doc, version, crossings }));
    expect(bad([[a, c]], 1).path).toBe('$.crossings');
    expect(bad([[0, 1]]).what).toMatch(/not two apart in a straight line/);
    expect(bad([[0, 1]]).path).toBe('$.crossings[0]');
    expect(
      bad([
        [a, c],
        [c, a],
      ]).what,
    ).toMatch(/listed twice/);
    // Crossing the same cell the other way: its bridge is no longer a straight passage.
    const w = 10;
    const b = (a + c) / 2;
    const across: [number, number] = a + 2 === c ? [b - w, b + w] : [b - 1, b + 1];
    const twice = bad([[a, c], across]);
    expect(twice.path).toMatch(/^\$\.crossings\[[01]\]$/);
    expect(twice.what).toMatch(/crossed twice|runs through open wall/);
  });
});

describe('other formats and the canonical hash', () => {
  it('text drawings and Finger Maze strings refuse weave mazes', () => {
    const maze = weaveMaze(5);
    for (const write of [amazingText, boxText, encodeFm, standardFormFm]) {
      const e = codecError(() => write(maze));
      expect(e.what).toMatch(/weave maze .* cannot be written as/);
      expect(e.hint).toMatch(/maze JSON/);
    }
  });

  it('sees the under-passages, and is the same for a mirrored weave maze', () => {
    const maze = weaveMaze(6);
    const hash = canonicalHash(maze);
    // The same walls without one of its under-passages is another maze.
    const open = maze.open.slice();
    const t = open.findIndex((o, w) => o !== 0 && maze.grid.weave!.under[w] >= 0);
    open[t] = 0;
    expect(canonicalHash({ ...maze, open })).not.toBe(hash);
    const symmetries = gridSymmetries(maze.grid);
    expect(symmetries.length).toBe(4);
    for (const s of symmetries) {
      const mirrored = applySymmetry(maze, s);
      expect(countCrossings(mirrored.grid, mirrored.open)).toBe(countCrossings(maze.grid, maze.open));
      expect(canonicalHash(mirrored)).toBe(hash);
    }
  });
});
