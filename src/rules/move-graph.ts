/**
 * The moves of a rule maze as a directed graph over its cells (a rule maze's states are its cells: a
 * sequence's phase and a count-up's number are read off the cell): `to[start[c] .. start[c + 1])` are the
 * cells one move from cell c, in increasing order of direction and distance. Flat typed arrays (CSR).
 */
export interface MoveGraph {
  /** Cells (states). */
  count: number;
  start: Int32Array;
  to: Int32Array;
}

/**
 * Builds a move graph: `each(c, add)` adds the moves from cell c, in the order they are to be listed.
 * `most` bounds the moves of one cell (the builder's scratch).
 */
export function buildMoves(
  count: number,
  most: number,
  each: (c: number, add: (to: number) => void) => void,
) {
  const start = new Int32Array(count + 1);
  let to = new Int32Array(Math.max(16, count * Math.min(most, 8)));
  let m = 0;
  const add = (d: number): void => {
    if (m === to.length) {
      const grown = new Int32Array(to.length * 2);
      grown.set(to);
      to = grown;
    }
    to[m++] = d;
  };
  for (let c = 0; c < count; c++) {
    start[c] = m;
    each(c, add);
  }
  start[count] = m;
  return { count, start, to: to.slice(0, m) } satisfies MoveGraph;
}

/** The same graph with every move turned round (cells that lead to c, for searches back from the goal). */
export function reverseMoves(g: MoveGraph): MoveGraph {
  const start = new Int32Array(g.count + 1);
  for (let k = 0; k < g.to.length; k++) start[g.to[k] + 1]++;
  for (let c = 0; c < g.count; c++) start[c + 1] += start[c];
  const fill = start.slice(0, g.count);
  const to = new Int32Array(g.to.length);
  for (let c = 0; c < g.count; c++) {
    for (let k = g.start[c]; k < g.start[c + 1]; k++) to[fill[g.to[k]]++] = c;
  }
  return { count: g.count, start, to };
}

/** The cells a breadth-first search along the moves reaches from `from` (1) and the rest (0). */
export function reachable(g: MoveGraph, from: number): Uint8Array {
  const seen = new Uint8Array(g.count);
  const queue = new Int32Array(g.count);
  let head = 0;
  let tail = 0;
  seen[from] = 1;
  queue[tail++] = from;
  while (head < tail) {
    const c = queue[head++];
    for (let k = g.start[c]; k < g.start[c + 1]; k++) {
      const d = g.to[k];
      if (seen[d] === 0) {
        seen[d] = 1;
        queue[tail++] = d;
      }
    }
  }
  return seen;
}
