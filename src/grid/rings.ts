import { type Grid, vertexWalls } from './grid.js';

/**
 * The ring of every cell: the cells around it in order round its boundary, those across its walls and those
 * that touch it at a corner only, with the outside where its boundary meets the rim. Any two items next to
 * each other in a ring (the last and the first included) share a wall, unless one of them is the outside,
 * so cells that follow each other in a ring are joined without the cell itself.
 *
 * Found from the walls alone (no angles, so arcs and cells of any size count alike): a cell's walls are
 * chained end to end round it, and at each corner the cells there are met one after another, each entered
 * by one of its walls at that corner and left by the other. Where the rim passes through a corner, the round
 * of that corner stops at the outside from both sides; a cell that meets this one only there, across
 * masked-out cells (a pinch of a mask), is not listed (nothing joins the two but that corner).
 *
 * Items: `2·cell + 1` for a cell across a wall, `2·cell` for a cell at a corner only, `2·cellCount` for
 * the outside (as if it were one more cell, so that an array with a place per cell and one more can say of
 * every item whether it is free without a test).
 */
export interface Rings {
  /** Cell c's ring is item[start[c] .. start[c+1]). */
  start: Int32Array;
  item: Int32Array;
}

/** Rings of the grids asked for so far; null where a grid has none (see `cellRings`). */
const ringsOf = new WeakMap<Grid, Rings | null>();

/**
 * The rings of a grid's cells, made once per grid; undefined for grids on which they do not describe what
 * lies round a cell: weave grids (an under-passage joins cells that do not touch) and any cell whose walls
 * are not one closed chain with two of its walls at each corner.
 */
export function cellRings(grid: Grid): Rings | undefined {
  let rings = ringsOf.get(grid);
  if (rings === undefined) {
    rings = grid.weave ? null : (buildRings(grid) ?? null);
    ringsOf.set(grid, rings);
  }
  return rings ?? undefined;
}

function buildRings(grid: Grid): Rings | undefined {
  const { cellCount, wallCellA, wallCellB, wallV0, wallV1, adjStart, adjWall, rimStart, rimWall } = grid;
  const { start: at, walls: vWall } = vertexWalls(grid);
  /** The wall of `cell` at vertex `p` other than `from`, or -1 unless there is exactly one. */
  const otherWallAt = (cell: number, p: number, from: number): number => {
    let found = -1;
    for (let i = at[p]; i < at[p + 1]; i++) {
      const w = vWall[i];
      if (w === from || (wallCellA[w] !== cell && wallCellB[w] !== cell)) continue;
      if (found >= 0) return -1;
      found = w;
    }
    return found;
  };
  const across = (w: number, cell: number): number => (wallCellA[w] === cell ? wallCellB[w] : wallCellA[w]);
  let item = new Int32Array(Math.max(16, 9 * cellCount));
  let count = 0;
  const push = (x: number): void => {
    if (count === item.length) {
      const bigger = new Int32Array(2 * item.length);
      bigger.set(item);
      item = bigger;
    }
    item[count++] = x;
  };
  const start = new Int32Array(cellCount + 1);
  const back: number[] = [];
  const rimItem = 2 * cellCount;
  for (let c = 0; c < cellCount; c++) {
    const walls = adjStart[c + 1] - adjStart[c] + rimStart[c + 1] - rimStart[c];
    const first =
      walls > 0 ? (rimStart[c + 1] > rimStart[c] ? rimWall[rimStart[c]] : adjWall[adjStart[c]]) : -1;
    if (first < 0) return undefined;
    // Round the cell: wall w, then the corner p at its far end, then the cell's other wall there.
    let w = first;
    let p = wallV1[w];
    for (let step = 0; ; step++) {
      if (step === walls) return undefined; // the chain does not close within the cell's walls
      const x = across(w, c);
      push(x < 0 ? rimItem : 2 * x + 1);
      const next = otherWallAt(c, p, w);
      if (next < 0) return undefined;
      // The cells at corner p strictly between x (across w) and y (across next), from x's side; where the
      // rim comes between them, the outside and then those on y's side.
      let cur = x;
      let from = w;
      let outside = false;
      for (let guard = at[p + 1] - at[p]; ; guard--) {
        if (guard < 0) return undefined;
        if (cur < 0) {
          outside = true;
          break;
        }
        const f = otherWallAt(cur, p, from);
        if (f < 0) return undefined;
        if (f === next) break;
        if (from !== w) push(2 * cur);
        from = f;
        cur = across(f, cur);
        if (cur === c) return undefined;
      }
      if (outside) {
        if (x >= 0) push(rimItem);
        // From y's side back towards the rim, then in ring order.
        back.length = 0;
        cur = across(next, c);
        from = next;
        for (let guard = at[p + 1] - at[p]; cur >= 0; guard--) {
          if (guard < 0) return undefined;
          const f = otherWallAt(cur, p, from);
          if (f < 0) return undefined;
          if (from !== next) back.push(2 * cur);
          from = f;
          cur = across(f, cur);
          if (cur === c) return undefined;
        }
        for (let i = back.length - 1; i >= 0; i--) push(back[i]);
      }
      w = next;
      p = wallV0[w] === p ? wallV1[w] : wallV0[w];
      if (w === first) {
        if (step + 1 !== walls) return undefined;
        break;
      }
    }
    start[c + 1] = count;
  }
  return { start, item: item.slice(0, count) };
}
