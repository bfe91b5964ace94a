import type { Rng } from '../random/sfc32.js';
import type { RuleSide } from './rule-puzzle.js';

/**
 * A tree of cells whose shape guarantees a single way through: the "rooms" are the cells at even (x, y) (a
 * row offset by one when the rows are even in number), a random spanning tree joins neighbouring rooms through
 * the cell between them, and no two cells of the tree touch unless the tree joins them (rooms are two apart;
 * a joining cell touches only its two rooms). Any set of the tree's cells therefore forms a forest in the
 * grid, whatever else the grid holds: number and sequence mazes put their way and their decoys on it.
 *
 *      x → 0 1 2 3 4           R = room, - | = joining cell, . = not in the tree
 *   y    +-----------+
 *   ↓ 0  | R - R . R |         The way runs from a room on the left rim to one on the right rim (a last
 *     1  | | . | . | |         cell added beyond the last room column when the columns are even in number),
 *     2  | R . R - R |         then the grid is turned or mirrored at random.
 *     3  | . . . . . |
 *
 * Work is O(cells).
 */
export interface RoomTree {
  /** 1 for the tree's cells. */
  inTree: Uint8Array;
  /** Each tree cell's parent towards the start (−1 for the start and for cells outside the tree). */
  parent: Int32Array;
  /** The way from start to goal through the tree. */
  path: Int32Array;
  startSide: RuleSide;
  goalSide: RuleSide;
}

/**
 * A room tree on `columns` × `rows` cells (each at least 3). `newest` in [0, 1] is the growing tree's
 * chance of growing from its newest room (1: a depth-first tree, long winding ways with few branches; lower:
 * more, shorter branches).
 */
export function roomTree(columns: number, rows: number, rng: Rng, newest: number): RoomTree {
  // Build left to right on a grid that may be turned afterwards (only when square) and mirrored.
  const turn = columns === rows && rng.int(2) === 1;
  const w = columns;
  const h = rows;
  const oy = h % 2 === 0 ? rng.int(2) : 0;
  const rx = Math.floor((w - 1) / 2) + 1;
  const ry = Math.floor((h - 1 - oy) / 2) + 1;
  const roomCell = (i: number, j: number): number => (oy + 2 * j) * w + 2 * i;
  const inTree = new Uint8Array(w * h);
  const link = growRooms(rx, ry, rng, newest);
  for (let j = 0; j < ry; j++) {
    for (let i = 0; i < rx; i++) {
      inTree[roomCell(i, j)] = 1;
      const r = j * rx + i;
      // link[r] bit 0: joined to the room on the right; bit 1: to the room below.
      if (link[r] & 1) inTree[roomCell(i, j) + 1] = 1;
      if (link[r] & 2) inTree[roomCell(i, j) + w] = 1;
    }
  }
  const startRoom = roomCell(0, rng.int(ry));
  const goalRow = rng.int(ry);
  let goal = roomCell(rx - 1, goalRow);
  if (2 * (rx - 1) < w - 1) {
    goal += 1; // the last column has no rooms: one cell beyond the last room
    inTree[goal] = 1;
  }
  const parent = treeParents(inTree, w, h, startRoom);
  const cells: number[] = [];
  for (let c = goal; c >= 0; c = parent[c]) cells.push(c);
  cells.reverse();
  const mirrorX = rng.int(2) === 1;
  const mirrorY = rng.int(2) === 1;
  const map = (c: number): number => {
    let x = c % w;
    let y = (c - x) / w;
    if (mirrorX) x = w - 1 - x;
    if (mirrorY) y = h - 1 - y;
    return turn ? x * h + y : y * w + x;
  };
  const mapped = new Uint8Array(w * h);
  const mappedParent = new Int32Array(w * h).fill(-1);
  for (let c = 0; c < w * h; c++) {
    if (inTree[c] === 0) continue;
    mapped[map(c)] = 1;
    if (parent[c] >= 0) mappedParent[map(c)] = map(parent[c]);
  }
  const left: RuleSide = mirrorX ? 'right' : 'left';
  const right: RuleSide = mirrorX ? 'left' : 'right';
  const turned = (s: RuleSide): RuleSide => (!turn ? s : s === 'left' ? 'top' : s === 'right' ? 'bottom' : s);
  return {
    inTree: mapped,
    parent: mappedParent,
    path: Int32Array.from(cells, map),
    startSide: turned(left),
    goalSide: turned(right),
  };
}

/**
 * A growing tree over rx × ry rooms: per room, bit 0 when it is joined to the room on its right, bit 1 to
 * the room below.
 */
function growRooms(rx: number, ry: number, rng: Rng, newest: number): Uint8Array {
  const n = rx * ry;
  const link = new Uint8Array(n);
  const visited = new Uint8Array(n);
  const active = new Int32Array(n);
  let size = 0;
  const first = rng.int(n);
  visited[first] = 1;
  active[size++] = first;
  const options = new Int32Array(4);
  while (size > 0) {
    const at = rng.next() < newest ? size - 1 : rng.int(size);
    const r = active[at];
    const i = r % rx;
    const j = (r - i) / rx;
    let k = 0;
    if (i > 0 && !visited[r - 1]) options[k++] = r - 1;
    if (i < rx - 1 && !visited[r + 1]) options[k++] = r + 1;
    if (j > 0 && !visited[r - rx]) options[k++] = r - rx;
    if (j < ry - 1 && !visited[r + rx]) options[k++] = r + rx;
    if (k === 0) {
      active[at] = active[--size];
      continue;
    }
    const s = options[rng.int(k)];
    if (s === r + 1) link[r] |= 1;
    else if (s === r - 1) link[s] |= 1;
    else if (s === r + rx) link[r] |= 2;
    else link[s] |= 2;
    visited[s] = 1;
    active[size++] = s;
  }
  return link;
}

/** Parents of the tree's cells towards `root`, by a breadth-first search over neighbouring tree cells. */
function treeParents(inTree: Uint8Array, w: number, h: number, root: number): Int32Array {
  const parent = new Int32Array(w * h).fill(-1);
  const seen = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  seen[root] = 1;
  queue[tail++] = root;
  while (head < tail) {
    const c = queue[head++];
    const x = c % w;
    const y = (c - x) / w;
    const visit = (d: number): void => {
      if (inTree[d] === 1 && seen[d] === 0) {
        seen[d] = 1;
        parent[d] = c;
        queue[tail++] = d;
      }
    };
    if (x > 0) visit(c - 1);
    if (x < w - 1) visit(c + 1);
    if (y > 0) visit(c - w);
    if (y < h - 1) visit(c + w);
  }
  return parent;
}
