import type { Grid } from '../../grid/grid.js';
import { neighbourTable } from '../neighbour-table.js';
import { apartParts, lowestPart, type RimInfo } from './rim-parts.js';
import { scratch } from './scratch.js';

/**
 * The rim cell farthest along the passages from `from` (an end in rim part `fromPart`, -1 for the centre),
 * and the part of its opening, best first by: how far round the rim from `fromPart` (opposite is best;
 * from the centre every part is as good), then at least `minApart` away on the page, then the distance.
 * Lowest cell, then the part farthest round (lowest code among equals), on ties. `rank` orders the classes
 * (0 best).
 */
export function farthestFrom(
  grid: Grid,
  open: Uint8Array,
  rim: RimInfo,
  from: number,
  fromPart: number,
  minApart: number,
): { cell: number; part: number; length: number; rank: number } {
  const dist = treeDistances(grid, open, from);
  const fx = grid.cellX[from];
  const fy = grid.cellY[from];
  const apart2 = minApart * minApart;
  let best = -1;
  let bestPart = -1;
  let bestRank = Infinity;
  let bestLength = -1;
  for (let i = 0; i < rim.cells.length; i++) {
    const c = rim.cells[i];
    const d = dist[c];
    if (d < 0 || c === from) continue;
    // The part of c farthest round the rim from fromPart.
    const mask = rim.parts[c];
    let part = -1;
    let steps = -1;
    for (let p = 0; p < 8; p++) {
      if (((mask >> p) & 1) === 0) continue;
      const s = fromPart < 0 ? 4 : apartParts(p, fromPart);
      if (s > steps) {
        steps = s;
        part = p;
      }
    }
    const near = (grid.cellX[c] - fx) ** 2 + (grid.cellY[c] - fy) ** 2 < apart2;
    const rank = 2 * (4 - steps) + (near ? 1 : 0);
    if (rank < bestRank || (rank === bestRank && d > bestLength)) {
      best = c;
      bestPart = part;
      bestRank = rank;
      bestLength = d;
    }
  }
  if (best < 0) return { cell: from, part: lowestPart(rim.parts[from] || 1), length: 0, rank: Infinity };
  return { cell: best, part: bestPart, length: bestLength, rank: bestRank };
}

/**
 * Passages from `from` to every cell (-1 where unreached), by a depth-first walk: along the tree for a
 * spanning tree, where there is only one way. Linear; reads memory along the passages. Scratch: valid until
 * the next call.
 */
function treeDistances(grid: Grid, open: Uint8Array, from: number): Int32Array {
  const { cellCount } = grid;
  const { start: first, entries } = neighbourTable(grid);
  const dist = scratch.ints('dist', cellCount);
  dist.fill(-1, 0, cellCount);
  const stack = scratch.ints('cell', cellCount);
  let sp = 0;
  dist[from] = 0;
  stack[sp++] = from;
  while (sp > 0) {
    const c = stack[--sp];
    const d = dist[c] + 1;
    for (let i = 2 * first[c], end = 2 * first[c + 1]; i < end; i += 2) {
      const m = entries[i];
      if (dist[m] >= 0 || open[entries[i + 1]] === 0) continue;
      dist[m] = d;
      stack[sp++] = m;
    }
  }
  return dist;
}
