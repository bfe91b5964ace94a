import { describe, expect, it } from 'vitest';
import { CodecError } from '../../src/codec/codec-error.js';
import { decodeFm } from '../../src/codec/fm.js';
import { amazingText, boxText } from '../../src/codec/text.js';
import type { Maze } from '../../src/generate/maze.js';
import { buildSquareGrid } from '../../src/grid/square.js';
import { squareMaze } from '../helpers.js';

/**
 * 3 × 2, entered from the top of the north-west cell and left through the bottom of the south-east cell:
 *
 *     (0,0) ─ (1,0) ─ (2,0)
 *       │               │
 *     (0,1) ─ (1,1)   (2,1)
 */
function handMade(): Maze {
  const grid = buildSquareGrid({ columns: 3, rows: 2 });
  const open = new Uint8Array(grid.wallCount);
  const passage = (a: number, b: number) => {
    for (let k = grid.adjStart[a]; k < grid.adjStart[a + 1]; k++)
      if (grid.adjCell[k] === b) open[grid.adjWall[k]] = 1;
  };
  passage(0, 1);
  passage(1, 2);
  passage(0, 3);
  passage(2, 5);
  passage(3, 4);
  // Vertical walls: 4 per row × 2 rows = 8; horizontal (x, y) = 8 + 3y + x.
  const entryWall = 8;
  const exitWall = 8 + 6 + 2;
  open[entryWall] = 1;
  open[exitWall] = 1;
  return { grid, open, entryWall, exitWall, entryCell: 0, exitCell: 5 };
}

describe('text renderings', () => {
  it('draws a maze the way Amazing printed it', () => {
    expect(amazingText(handMade())).toBe(
      ['.  .--.--.', 'I        I', ':  :--:  .', 'I     I  I', ':--:--:  .', ''].join('\n'),
    );
  });

  it('shows openings on the west and east sides as gaps', () => {
    expect(amazingText(decodeFm('FM5jsnWS3IEAnJNEJLiN1E2'))).toBe(
      [
        '.--.  .--.--.--.',
        'I           I  I',
        ':  :--:  :--:  .',
        'I  I           I',
        ':  :--:  :  :--.',
        'I  I     I      ',
        ':--:--:--:--:--.',
        '',
      ].join('\n'),
    );
  });

  it('draws a maze with box-drawing characters', () => {
    expect(boxText(handMade())).toBe(
      ['╷   ╶───────┐', '│           │', '│   ╶───┐   │', '│       │   │', '└───────┘   ╵', ''].join('\n'),
    );
  });

  it('uses every junction character where walls meet', () => {
    const text = boxText(decodeFm('FM4jiiJ4IjilIIjJLJLlN3S0'));
    expect(text).toBe(
      [
        '┌───────────╴   ╷',
        '│               │',
        '│   ┌───────────┤',
        '│   │           │',
        '│   │   ┌───╴   │',
        '│   │   │       │',
        '│   ╵   │   ╶───┤',
        '│       │       │',
        '└───────┴───╴   ╵',
        '',
      ].join('\n'),
    );
  });

  it('draws every wall of a generated maze', () => {
    const maze = squareMaze(9, 7, 4);
    const lines = amazingText(maze).split('\n');
    expect(lines).toHaveLength(2 * 7 + 2);
    for (const line of lines.slice(0, -1)) expect(line.length).toBeLessThanOrEqual(3 * 9 + 1);
    const box = boxText(maze).split('\n');
    expect(box).toHaveLength(2 * 7 + 2);
    for (const line of box.slice(0, -1)) expect([...line]).toHaveLength(4 * 9 + 1);
  });

  it('refuses other topologies', () => {
    const hex = squareMaze(5, 5, 1, { shape: 'hex' });
    expect(() => amazingText(hex)).toThrow(CodecError);
    expect(() => boxText(hex)).toThrow(/square mazes only; this one is hex 5×5/);
  });
});
