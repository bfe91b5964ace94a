import { type Grid, subGrid } from '../grid/grid.js';
import { buildGrid, type GridLayout, type TopologyInfo, topologies } from '../grid/registry.js';
import { UserError } from '../spec/errors.js';
import type { MaskShape } from './shape.js';

/**
 * What to do with parts of a mask that do not touch each other: `join` links every island to the rest by
 * the shortest bridge of cells (nearest island first); `largest` keeps only the biggest piece.
 */
export type IslandRule = 'join' | 'largest';

export interface MaskRequest {
  shape: MaskShape;
  islands: IslandRule;
  /** Where the spec names the mask, for messages (the page's place when absent). */
  where?: string;
}

/** Fewest cells a masked maze may keep. */
export const MIN_MASKED_CELLS = 10;
/** Islands smaller than this are specks: `join` drops them instead of bridging to them. */
export const MIN_ISLAND = 3;

/** Sample offsets within a cell, in grid units: the centre and four points a quarter cell away. */
const SAMPLE = 0.25;

/**
 * The mask stage: builds the full grid, keeps the cells the shape covers (a majority of five samples
 * around each centre), makes the kept cells one connected region by the island rule, and cuts the grid of
 * the kept cells out of the full one. Throws a UserError naming the mask when too little is left.
 * @param where names the page in messages
 * @param warn receives notes on islands dropped
 */
export function maskedGrid(
  layout: GridLayout,
  mask: MaskRequest,
  where: string,
  warn: (what: string) => void = () => {},
): Grid {
  const full = buildGrid(layout);
  const keep = coverage(full, mask.shape);
  (topologies[layout.shape] as TopologyInfo).settle?.(layout.size, keep);
  const { label, count, sizes } = components(full, keep);
  const kept = count === 0 ? 0 : connect(full, keep, label, sizes, mask.islands, mask.shape.label, warn);
  if (kept < MIN_MASKED_CELLS) {
    throw new UserError(
      mask.where ?? where,
      `mask ${mask.shape.label} leaves ${kept === 0 ? 'no cells' : `only ${kept} of the ${full.cellCount} cells`} of the ${full.topology} grid ${full.sizeLabel}`,
      kept === 0
        ? 'the shape misses every cell centre: check the mask (for images, threshold or invert)'
        : `a maze needs at least ${MIN_MASKED_CELLS} cells: use more cells, a smaller passage, or a larger shape`,
    );
  }
  return subGrid(full, keep);
}

/** 1 for each cell of the full grid whose samples are mostly inside the shape, fitted into the frame. */
export function coverage(full: Grid, shape: MaskShape): Uint8Array {
  const { width: W, height: H } = full;
  let boxW = W;
  let boxH = H;
  if (shape.aspect !== undefined) {
    if (W / H > shape.aspect) boxW = H * shape.aspect;
    else boxH = W / shape.aspect;
  }
  const left = (W - boxW) / 2;
  const top = (H - boxH) / 2;
  const sx = 2 / boxW;
  const sy = 2 / boxH;
  const dx = SAMPLE * sx;
  const dy = SAMPLE * sy;
  const keep = new Uint8Array(full.cellCount);
  for (let c = 0; c < full.cellCount; c++) {
    const u = (full.cellX[c] - left) * sx - 1;
    const v = 1 - (full.cellY[c] - top) * sy;
    let votes = shape.inside(u, v) ? 1 : 0;
    votes += shape.inside(u - dx, v) ? 1 : 0;
    votes += shape.inside(u + dx, v) ? 1 : 0;
    if (votes === 0 || votes === 3) {
      keep[c] = votes === 3 ? 1 : 0;
      continue;
    }
    votes += shape.inside(u, v - dy) ? 1 : 0;
    votes += shape.inside(u, v + dy) ? 1 : 0;
    keep[c] = votes >= 3 ? 1 : 0;
  }
  return keep;
}

/** Connected pieces of the kept cells: a label per cell (-1 for dropped ones) and each piece's size. */
function components(grid: Grid, keep: Uint8Array): { label: Int32Array; count: number; sizes: number[] } {
  const label = new Int32Array(grid.cellCount).fill(-1);
  const queue = new Int32Array(grid.cellCount);
  const sizes: number[] = [];
  for (let s = 0; s < grid.cellCount; s++) {
    if (keep[s] === 0 || label[s] >= 0) continue;
    const id = sizes.length;
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    label[s] = id;
    while (head < tail) {
      const c = queue[head++];
      for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
        const n = grid.adjCell[k];
        if (keep[n] !== 0 && label[n] < 0) {
          label[n] = id;
          queue[tail++] = n;
        }
      }
    }
    sizes.push(tail);
  }
  return { label, count: sizes.length, sizes };
}

/**
 * Leaves exactly one piece in `keep` by the island rule and returns its cell count. Ties between equal
 * pieces go to the one with the lowest cell, so the result never depends on anything but the grid.
 */
function connect(
  grid: Grid,
  keep: Uint8Array,
  label: Int32Array,
  sizes: number[],
  rule: IslandRule,
  name: string,
  warn: (what: string) => void,
): number {
  let main = 0;
  for (let i = 1; i < sizes.length; i++) if (sizes[i] > sizes[main]) main = i;
  const dropped: number[] = [];
  const drop = (piece: number): void => {
    dropped.push(sizes[piece]);
    for (let c = 0; c < grid.cellCount; c++) if (label[c] === piece) keep[c] = 0;
  };
  const islands: number[] = [];
  for (let i = 0; i < sizes.length; i++) {
    if (i === main) continue;
    if (rule === 'largest' || sizes[i] < MIN_ISLAND) drop(i);
    else islands.push(i);
  }
  if (dropped.length > 0) {
    const cells = dropped.reduce((a, b) => a + b, 0);
    warn(
      `mask ${name}: dropped ${dropped.length} separate piece${dropped.length > 1 ? 's' : ''} (${cells} cell${cells > 1 ? 's' : ''}) to keep one connected maze` +
        (rule === 'largest' ? " (set 'islands: join' to bridge them instead)" : ''),
    );
  }
  let total = sizes[main];
  if (islands.length === 0) return total;

  // Join: grow from the main piece through any cell to the nearest other piece, and keep the bridge.
  const remaining = new Set(islands);
  const prev = new Int32Array(grid.cellCount);
  const queue = new Int32Array(grid.cellCount);
  while (remaining.size > 0) {
    prev.fill(-2);
    let tail = 0;
    for (let c = 0; c < grid.cellCount; c++) {
      if (label[c] === main) {
        prev[c] = -1;
        queue[tail++] = c;
      }
    }
    let head = 0;
    let reached = -1;
    while (head < tail && reached < 0) {
      const c = queue[head++];
      for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
        const n = grid.adjCell[k];
        if (prev[n] !== -2) continue;
        prev[n] = c;
        if (label[n] >= 0 && remaining.has(label[n])) {
          reached = n;
          break;
        }
        queue[tail++] = n;
      }
    }
    if (reached < 0) throw new Error('internal: a mask island cannot be reached on the full grid');
    const piece = label[reached];
    for (let c = prev[reached]; c >= 0 && label[c] !== main; c = prev[c]) {
      keep[c] = 1;
      label[c] = main;
      total++;
    }
    for (let c = 0; c < grid.cellCount; c++) if (label[c] === piece) label[c] = main;
    total += sizes[piece];
    remaining.delete(piece);
  }
  return total;
}
