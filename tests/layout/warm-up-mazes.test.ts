import { describe, expect, it } from 'vitest';
import { wallPaths } from '../../src/layout/wall-paths.js';
import { warmUpMazes } from '../../src/layout/warm-up-mazes.js';
import { CLOSE, CURVE, LINE, MOVE } from '../../src/vector/path-data.js';

describe('warmUpMazes', () => {
  it('make the wall drawing meet every case: lines, arcs, ends and junctions, closed loops', () => {
    const kinds = warmUpMazes().map((maze) => {
      const { cmds } = wallPaths(maze, { ox: 1.5, oy: 2.25, scale: 3.5 });
      const standing = maze.open.length - maze.open.reduce((n, o) => n + o, 0);
      return { cmds: new Set(cmds), moves: cmds.filter((c) => c === MOVE).length, standing };
    });
    const [straightEnds, straightLoops, arcEnds, arcLoops] = kinds;
    expect([...straightEnds.cmds].sort()).toEqual([MOVE, LINE].sort());
    expect(straightEnds.moves).toBeGreaterThan(1); // chains end at open walls and junctions
    expect(straightLoops.cmds.has(CLOSE)).toBe(true);
    expect(arcEnds.cmds.has(CURVE) && arcEnds.cmds.has(LINE)).toBe(true);
    expect(arcLoops.cmds.has(CURVE) && arcLoops.cmds.has(CLOSE)).toBe(true);
    for (const k of kinds) expect(k.standing).toBeGreaterThan(10);
  });
});
