import { UserError } from '../base/errors.js';
import { type Grid, subGrid } from '../grid/grid.js';
import { buildGrid, type GridLayout, type TopologyInfo, topologies } from '../grid/registry.js';
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

/** The mask stage's result on the full grid, before the kept cells are cut out. */
export interface MaskedCells {
  /** The unmasked grid of the layout. */
  full: Grid;
  /** 1 for each cell of `full` the maze keeps: covered by the shape, or on a bridge. */
  keep: Uint8Array;
  /** 1 for each kept cell that only a bridge between islands put there. */
  bridge: Uint8Array;
  /** Cells kept. */
  kept: number;
  /** Separate pieces the shape covered before the island rule (letters that touch count as one). */
  pieces: number;
}

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
  return cutMasked(maskCells(layout, mask, warn), mask, where);
}

/**
 * The grid of the kept cells cut out of the full one.
 * @throws UserError naming the mask when fewer than MIN_MASKED_CELLS cells are kept
 */
export function cutMasked({ full, keep, kept }: MaskedCells, mask: MaskRequest, where: string): Grid {
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

/**
 * The cells a mask keeps on the full grid of a layout, joined into one piece by the island rule, without
 * the size check or the cut of {@link maskedGrid} (for measuring a mask before choosing a size).
 */
export function maskCells(
  layout: GridLayout,
  mask: MaskRequest,
  warn: (what: string) => void = () => {},
): MaskedCells {
  const full = buildGrid(layout);
  const keep = coverage(full, mask.shape);
  (topologies[layout.shape] as TopologyInfo).settle?.(layout.size, keep);
  return keptCells(full, keep, mask, warn);
}

/**
 * The mask stage on a grid built elsewhere (an adaptive picture grid): the cells the shape covers, joined by
 * the island rule, as in {@link maskCells}.
 */
export function maskCellsOn(
  full: Grid,
  mask: MaskRequest,
  warn: (what: string) => void = () => {},
): MaskedCells {
  return keptCells(full, coverage(full, mask.shape), mask, warn);
}

function keptCells(
  full: Grid,
  keep: Uint8Array,
  mask: MaskRequest,
  warn: (what: string) => void,
): MaskedCells {
  const bridge = new Uint8Array(full.cellCount);
  const { label, count, sizes } = components(full, keep);
  const kept = count === 0 ? 0 : connect(full, keep, bridge, label, sizes, mask.islands, mask.shape, warn);
  return { full, keep, bridge, kept, pieces: count };
}

/**
 * Where a mask's [-1, 1]² box lies on a grid (grid units, y down): the box keeps the shape's aspect and is
 * centred in the grid's frame, or fills the frame when the shape has no aspect. A grid point (x, y) maps to
 * the shape's plane by u = (x − left)·sx − 1, v = 1 − (y − top)·sy.
 */
export interface MaskFrame {
  left: number;
  top: number;
  sx: number;
  sy: number;
}

export function maskFrame(full: Grid, shape: MaskShape): MaskFrame {
  const { width: W, height: H } = full;
  let boxW = W;
  let boxH = H;
  if (shape.aspect !== undefined) {
    if (W / H > shape.aspect) boxW = H * shape.aspect;
    else boxH = W / shape.aspect;
  }
  return { left: (W - boxW) / 2, top: (H - boxH) / 2, sx: 2 / boxW, sy: 2 / boxH };
}

/** 1 for each cell of the full grid whose samples are mostly inside the shape, fitted into the frame. */
export function coverage(full: Grid, shape: MaskShape): Uint8Array {
  const { left, top, sx, sy } = maskFrame(full, shape);
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
 * Leaves exactly one piece in `keep` by the island rule and returns its cell count; marks the cells it adds
 * in `bridge`. Ties between equal pieces go to the one with the lowest cell, so the result never depends on
 * anything but the grid. `join` grows from the main piece to the nearest island and keeps the way there as
 * a bridge, repeatedly: nearest by cells crossed, or, when the shape prices its cells
 * ({@link MaskShape.bridgeCost}), by the sum of the prices of the cells crossed.
 */
function connect(
  grid: Grid,
  keep: Uint8Array,
  bridge: Uint8Array,
  label: Int32Array,
  sizes: number[],
  rule: IslandRule,
  shape: MaskShape,
  warn: (what: string) => void,
): number {
  let main = 0;
  for (let i = 1; i < sizes.length; i++) if (sizes[i] > sizes[main]) main = i;
  const dropped: number[] = [];
  const drop = (piece: number): void => {
    dropped.push(sizes[piece]);
    for (let c = 0; c < grid.cellCount; c++) {
      if (label[c] !== piece) continue;
      keep[c] = 0;
      label[c] = -1;
    }
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
      `mask ${shape.label}: dropped ${dropped.length} separate piece${dropped.length > 1 ? 's' : ''} (${cells} cell${cells > 1 ? 's' : ''}) to keep one connected maze` +
        (rule === 'largest' ? " (set 'islands: join' to bridge them instead)" : ''),
    );
  }
  let total = sizes[main];
  if (islands.length === 0) return total;

  const remaining = new Set(islands);
  const prev = new Int32Array(grid.cellCount);
  const cost = shape.bridgeCost ? cellCosts(grid, shape) : undefined;
  while (remaining.size > 0) {
    const reached = cost
      ? cheapestIsland(grid, label, main, cost, prev)
      : nearestIsland(grid, label, main, remaining, prev);
    if (reached < 0) throw new Error('internal: a mask island cannot be reached on the full grid');
    const piece = label[reached];
    for (let c = prev[reached]; c >= 0 && label[c] !== main; c = prev[c]) {
      keep[c] = 1;
      bridge[c] = 1;
      label[c] = main;
      total++;
    }
    for (let c = 0; c < grid.cellCount; c++) if (label[c] === piece) label[c] = main;
    total += sizes[piece];
    remaining.delete(piece);
  }
  return total;
}

/**
 * Breadth-first from every cell of the main piece through any cell: the first cell of a remaining island
 * reached, with `prev` leading back to the main piece (-1 at its cells); -1 when none is reachable.
 */
function nearestIsland(
  grid: Grid,
  label: Int32Array,
  main: number,
  remaining: ReadonlySet<number>,
  prev: Int32Array,
): number {
  const queue = new Int32Array(grid.cellCount);
  prev.fill(-2);
  let tail = 0;
  for (let c = 0; c < grid.cellCount; c++) {
    if (label[c] === main) {
      prev[c] = -1;
      queue[tail++] = c;
    }
  }
  let head = 0;
  while (head < tail) {
    const c = queue[head++];
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const n = grid.adjCell[k];
      if (prev[n] !== -2) continue;
      prev[n] = c;
      if (label[n] >= 0 && remaining.has(label[n])) return n;
      queue[tail++] = n;
    }
  }
  return -1;
}

/** The shape's bridge price of every cell of the grid, at its centre. */
function cellCosts(grid: Grid, shape: MaskShape): Float64Array {
  const { left, top, sx, sy } = maskFrame(grid, shape);
  const cost = new Float64Array(grid.cellCount);
  for (let c = 0; c < grid.cellCount; c++) {
    const u = (grid.cellX[c] - left) * sx - 1;
    const v = 1 - (grid.cellY[c] - top) * sy;
    cost[c] = Math.max(1, shape.bridgeCost?.(u, v) ?? 1);
  }
  return cost;
}

/**
 * Dijkstra from every cell of the main piece: entering a cell outside every piece costs its price, and the
 * search ends at the first cell of another piece it settles (every labelled cell is the main piece's or a
 * remaining island's). Ties settle the lower cell first, so bridges are fixed by the
 * grid. Returns that cell, with `prev` leading back to the main piece (-1 at its cells); -1 when none.
 */
function cheapestIsland(
  grid: Grid,
  label: Int32Array,
  main: number,
  cost: Float64Array,
  prev: Int32Array,
): number {
  const n = grid.cellCount;
  const dist = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const done = new Uint8Array(n);
  const heap = new MinHeap(n, dist);
  prev.fill(-2);
  for (let c = 0; c < n; c++) {
    if (label[c] !== main) continue;
    prev[c] = -1;
    dist[c] = 0;
    heap.push(c);
  }
  while (heap.size > 0) {
    const c = heap.pop();
    if (done[c]) continue;
    done[c] = 1;
    if (label[c] >= 0 && label[c] !== main) return c;
    for (let k = grid.adjStart[c]; k < grid.adjStart[c + 1]; k++) {
      const m = grid.adjCell[k];
      if (done[m]) continue;
      const d = dist[c] + (label[m] < 0 ? cost[m] : 0);
      if (d < dist[m]) {
        dist[m] = d;
        prev[m] = c;
        heap.push(m);
      }
    }
  }
  return -1;
}

/**
 * A binary min-heap of cells keyed by `key[cell]` at push time (then the cell index), with lazy deletion:
 * a cell pushed again with a smaller key is popped first; stale copies are skipped by the caller.
 */
class MinHeap {
  private cells: Int32Array;
  private keys: Float64Array;
  size = 0;

  constructor(
    capacity: number,
    private readonly key: Float64Array,
  ) {
    this.cells = new Int32Array(Math.max(16, capacity));
    this.keys = new Float64Array(Math.max(16, capacity));
  }

  private less(i: number, j: number): boolean {
    const a = this.keys[i];
    const b = this.keys[j];
    return a < b || (a === b && this.cells[i] < this.cells[j]);
  }

  private swap(i: number, j: number): void {
    const c = this.cells[i];
    this.cells[i] = this.cells[j];
    this.cells[j] = c;
    const k = this.keys[i];
    this.keys[i] = this.keys[j];
    this.keys[j] = k;
  }

  push(cell: number): void {
    if (this.size === this.cells.length) {
      const cells = new Int32Array(this.size * 2);
      cells.set(this.cells);
      this.cells = cells;
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    let i = this.size++;
    this.cells[i] = cell;
    this.keys[i] = this.key[cell];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): number {
    const top = this.cells[0];
    this.size--;
    if (this.size > 0) {
      this.cells[0] = this.cells[this.size];
      this.keys[0] = this.keys[this.size];
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.size && this.less(l, m)) m = l;
        if (r < this.size && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }
}
