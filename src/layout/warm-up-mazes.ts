import type { Maze } from '../generate/maze.js';

/**
 * Tiny mazes for warming up the drawing's hot loops when their modules load. A loop that runs once over a
 * million-cell maze is optimized by V8 while it runs, from what its first stretch showed it, and every case
 * met later (an arc, a junction, a closed loop, a wall far from a marker) costs a deoptimization and a new
 * compilation; a few runs over these first (V8 keeps no type feedback for a function's first few calls)
 * show the optimizer every case. A lattice of 3 × 3 squares (corners 0…15, row by row, 1.5 units apart), with
 * straight walls and with its horizontal walls as arcs; two inner walls open (ends, bends, junctions), or
 * every wall from the middle square to the border (two closed loops of bends). Only the fields the
 * drawing reads are given: vertices, walls, arcs and open walls.
 */
export function warmUpMazes(): Maze[] {
  const side = 4;
  const vertexX = new Float64Array(side * side);
  const vertexY = new Float64Array(side * side);
  for (let v = 0; v < side * side; v++) {
    // Fractions, as real coordinates have, so the optimizer expects doubles everywhere.
    vertexX[v] = (v % side) * 1.5 + 0.25;
    vertexY[v] = Math.floor(v / side) * 1.5 + 0.75;
  }
  const v0: number[] = [];
  const v1: number[] = [];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const v = y * side + x;
      if (x + 1 < side) {
        v0.push(v);
        v1.push(v + 1);
      }
      if (y + 1 < side) {
        v0.push(v);
        v1.push(v + side);
      }
    }
  }
  const wallCount = v0.length;
  const ends = new Uint8Array(wallCount);
  ends[1] = 1;
  ends[wallCount - 2] = 1;
  const middle = (v: number): boolean => v === 5 || v === 6 || v === 9 || v === 10;
  const loops = Uint8Array.from(v0, (v, w) => (middle(v) !== middle(v1[w]) ? 1 : 0));
  const grid = {
    vertexCount: side * side,
    wallCount,
    wallV0: Int32Array.from(v0),
    wallV1: Int32Array.from(v1),
    vertexX,
    vertexY,
  };
  const arcs = {
    ...grid,
    arcs: { curved: Uint8Array.from(v0, (v, w) => (v1[w] === v + 1 ? 1 : 0)), cx: 2.5, cy: -3.25 },
  };
  return [grid, arcs].flatMap((g) => [ends, loops].map((open) => ({ grid: g, open }) as unknown as Maze));
}
