import { describe, expect, it } from 'vitest';
import { spearman } from '../../src/analyze/rank-correlation.js';
import { readerEffects } from '../../src/analyze/reader-effects.js';
import { solve } from '../../src/analyze/solve.js';
import { checkWalk, walkOverlap } from '../../src/analyze/walked-path.js';
import { decodeFm } from '../../src/codec/fm.js';
import { squareMaze } from '../helpers.js';

describe('a reader’s walk', () => {
  it('counts overlap steps as McGlinn does: every move onto a cell stood on before', () => {
    // Into a dead end of two cells and back out: the two moves back are overlap steps.
    expect(walkOverlap([0, 1, 2, 3, 2, 1, 4], 5)).toBe(2);
    // Round a loop to the start: the last move lands on the first cell.
    expect(walkOverlap([0, 1, 2, 3, 0], 4)).toBe(1);
    expect(walkOverlap([0], 1)).toBe(0);
    expect(walkOverlap([], 1)).toBe(0);
  });

  it('is checked against the maze: from the entry, through open walls, to the exit when solved', () => {
    const maze = squareMaze(6, 6, 3);
    const route = [...solve(maze).cells];
    expect(checkWalk(maze, route, true)).toBeUndefined();
    expect(checkWalk(maze, route.slice(0, 3), false)).toBeUndefined();
    expect(checkWalk(maze, route.slice(0, 3), true)?.what).toBe('the path does not end at the exit cell');
    expect(checkWalk(maze, route.slice(1), false)?.what).toBe('the path does not start at the entry cell');
    expect(checkWalk(maze, [], false)?.what).toBe('the path is empty');
    expect(checkWalk(maze, [route[0], 36], false)?.what).toMatch(/not a cell of the maze/);
    expect(checkWalk(maze, [route[0], 1.5], false)?.what).toMatch(/not a cell of the maze/);
    // A standing wall of the entry cell, and a jump two cells away.
    const { grid, open } = maze;
    const e = maze.entryCell;
    let shut = -1;
    for (let k = grid.adjStart[e]; k < grid.adjStart[e + 1]; k++)
      if (!open[grid.adjWall[k]]) shut = grid.adjCell[k];
    expect(checkWalk(maze, [e, shut], false)).toEqual({ step: 0, what: 'move 1 crosses a wall or jumps' });
    expect(checkWalk(maze, [route[0], route[2]], false)?.what).toBe('move 1 crosses a wall or jumps');
  });

  it('enters a one-way passage only its way, and may always take its own line back', () => {
    // 2 × 2 ring, in at cell 0, out at cell 1; 0 → 1 is one-way the other way (1 → 0 only).
    const maze = decodeFm('FM2ln2LJW1E0');
    expect(checkWalk(maze, [0, 1], true)?.what).toBe('move 1 enters a one-way passage against its direction');
    expect(checkWalk(maze, [0, 2, 3, 1], true)).toBeUndefined();
    // Through the passage its way (1 → 0), then the line taken back over it (0 → 1), to the exit.
    expect(checkWalk(maze, [0, 2, 3, 1, 0, 1], true)).toBeUndefined();
    // Back along the line, then forwards against the passage: refused.
    expect(checkWalk(maze, [0, 2, 0, 1], true)?.what).toMatch(/one-way/);
  });
});

describe('readers’ times taken apart', () => {
  it('finds each reader’s speed and each maze’s typical time, even when readers timed different mazes', () => {
    const slow = { A: 1, B: 1.5, C: 0.5 } as Record<string, number>;
    const maze = { m1: 10, m2: 20, m3: 40, m4: 80 } as Record<string, number>;
    const times = [
      ['A', 'm1'],
      ['A', 'm2'],
      ['A', 'm3'],
      ['B', 'm2'],
      ['B', 'm3'],
      ['B', 'm4'],
      ['C', 'm1'],
      ['C', 'm4'],
    ].map(([reader, m]) => ({ reader, maze: m, seconds: slow[reader] * maze[m] }));
    const e = readerEffects(times);
    const speed = (r: string) => e.readers.get(r)?.speed ?? 0;
    expect(speed('B') / speed('A')).toBeCloseTo(1.5, 6);
    expect(speed('C') / speed('A')).toBeCloseTo(0.5, 6);
    expect((e.mazes.get('m4') ?? 0) - (e.mazes.get('m1') ?? 0)).toBeCloseTo(Math.log(8), 6);
    // No noise: every reader follows the mazes exactly.
    expect(e.readers.get('A')?.spread).toBeCloseTo(1, 6);
    expect(e.readers.get('A')?.mazes).toBe(3);
    expect([...e.readers.keys()]).toEqual(['A', 'B', 'C']);
  });

  it('ranks by Spearman’s correlation, ties averaged', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
    expect(spearman([1, 2, 3], [5, 5, 5])).toBe(0);
    expect(spearman([1, 2, 2, 3], [1, 3, 2, 4])).toBeCloseTo(0.9487, 4);
    expect(spearman([1], [2])).toBe(0);
  });
});
