import { describe, expect, it } from 'vitest';
import { CLOSE, LINE, MOVE, type PathData } from '../../src/layout/display-list.js';
import { wallPaths } from '../../src/layout/wall-paths.js';
import { squareMaze } from '../helpers.js';

/** Splits a path drawn at scale 1 into unit lattice segments "x,y-x,y" (sorted ends). */
function unitSegments(path: PathData): { segments: string[]; moves: number } {
  const segments: string[] = [];
  let moves = 0;
  let [sx, sy, px, py] = [0, 0, 0, 0];
  const add = (x0: number, y0: number, x1: number, y1: number) => {
    const steps = Math.round(Math.abs(x1 - x0) + Math.abs(y1 - y0));
    expect(x0 === x1 || y0 === y1).toBe(true); // square walls stay axis-aligned
    for (let i = 0; i < steps; i++) {
      const a = [x0 + Math.sign(x1 - x0) * i, y0 + Math.sign(y1 - y0) * i];
      const b = [a[0] + Math.sign(x1 - x0), a[1] + Math.sign(y1 - y0)];
      segments.push([a.join(','), b.join(',')].sort().join('-'));
    }
  };
  let j = 0;
  for (const c of path.cmds) {
    if (c === MOVE) {
      [px, py] = [path.coords[j++], path.coords[j++]];
      [sx, sy] = [px, py];
      moves++;
    } else if (c === LINE) {
      const [x, y] = [path.coords[j++], path.coords[j++]];
      add(px, py, x, y);
      [px, py] = [x, y];
    } else if (c === CLOSE) add(px, py, sx, sy);
  }
  return { segments, moves };
}

describe('wall paths', () => {
  it('draw every standing wall exactly once and no open one', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const m = squareMaze(12, 9, seed);
      const { segments } = unitSegments(wallPaths(m, { ox: 0, oy: 0, scale: 1 }));
      const expected: string[] = [];
      for (let w = 0; w < m.grid.wallCount; w++) {
        if (m.open[w]) continue;
        const a = [m.grid.vertexX[m.grid.wallV0[w]], m.grid.vertexY[m.grid.wallV0[w]]].join(',');
        const b = [m.grid.vertexX[m.grid.wallV1[w]], m.grid.vertexY[m.grid.wallV1[w]]].join(',');
        expected.push([a, b].sort().join('-'));
      }
      expect(segments.sort()).toEqual(expected.sort());
    }
  });

  it('merge walls into far fewer polylines than walls', () => {
    const m = squareMaze(40, 40, 1);
    const path = wallPaths(m, { ox: 0, oy: 0, scale: 1 });
    const { moves } = unitSegments(path);
    let standing = 0;
    for (let w = 0; w < m.grid.wallCount; w++) standing += m.open[w] ? 0 : 1;
    expect(moves).toBeLessThan(standing / 3);
    // Straight runs are single segments: fewer points than unit walls.
    expect(path.cmds.length).toBeLessThan(standing * 0.8);
  });

  it('apply the placement', () => {
    const m = squareMaze(3, 3, 1);
    const path = wallPaths(m, { ox: 10, oy: 20, scale: 5 });
    for (let i = 0; i < path.coords.length; i += 2) {
      expect(path.coords[i]).toBeGreaterThanOrEqual(10);
      expect(path.coords[i]).toBeLessThanOrEqual(25);
      expect(path.coords[i + 1]).toBeGreaterThanOrEqual(20);
      expect(path.coords[i + 1]).toBeLessThanOrEqual(35);
    }
  });
});
