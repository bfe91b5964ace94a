import type { MoveGraph } from './move-graph.js';

/**
 * The solvers that prove a rule maze has exactly one solution. Each counts solutions up to two ("two"
 * meaning two or more) and returns the one solution when there is exactly one:
 *
 * - `shortestPaths`: the only *shortest* move sequence (arrows, jumps): breadth-first, counting the shortest
 *   ways into each cell (saturating at 2).
 * - `bridgedPath`: the only *simple* path in an undirected graph (numbers that follow a property): a path
 *   from start to goal is the only simple one exactly when every edge on it is a bridge (an edge on a cycle
 *   would give a second way round), found with Tarjan's low-links.
 * - `orderedPaths`: the only path in a graph without cycles (count-up: every move goes to the next number),
 *   counted in topological order.
 * - `simplePaths`: the only simple path in any directed graph (sequences): a depth-first enumeration that
 *   prunes every branch from which the goal cannot be reached without crossing the path so far, and stops
 *   at the second path or when its work budget runs out. A proof that runs out proves nothing: the caller
 *   rejects the maze.
 */
export interface PathCount {
  /** Solutions found: 0, 1, or 2 for two or more. */
  count: 0 | 1 | 2;
  /** The solution (start to goal) when `count` is 1. */
  path?: Int32Array;
  /** Cells and moves the search looked at. */
  work: number;
  /** The search stopped at its budget before it could decide (then `count` means nothing). */
  exhausted: boolean;
}

/** Counts the shortest move sequences from `s` to `t` (up to 2) and their length in moves. */
export function shortestPaths(g: MoveGraph, s: number, t: number): PathCount & { distance: number } {
  const n = g.count;
  const dist = new Int32Array(n).fill(-1);
  const ways = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let work = 0;
  dist[s] = 0;
  ways[s] = 1;
  queue[tail++] = s;
  while (head < tail) {
    const c = queue[head++];
    if (c === t) continue;
    if (dist[t] >= 0 && dist[c] >= dist[t]) break;
    for (let k = g.start[c]; k < g.start[c + 1]; k++) {
      const d = g.to[k];
      work++;
      if (dist[d] < 0) {
        dist[d] = dist[c] + 1;
        ways[d] = ways[c];
        queue[tail++] = d;
      } else if (dist[d] === dist[c] + 1) {
        ways[d] = Math.min(2, ways[d] + ways[c]);
      }
    }
  }
  const distance = dist[t];
  if (distance < 0) return { count: 0, work, exhausted: false, distance: -1 };
  if (ways[t] > 1) return { count: 2, work, exhausted: false, distance };
  return { count: 1, path: backTrack(g, dist, s, t), work, exhausted: false, distance };
}

/** The one shortest path to `t`, read back through cells one move closer to `s`. */
function backTrack(g: MoveGraph, dist: Int32Array, s: number, t: number): Int32Array {
  // Moves into a cell, searched from the cell before: fine for the grids rule mazes have (hundreds of cells).
  const path = new Int32Array(dist[t] + 1);
  path[dist[t]] = t;
  for (let i = dist[t]; i > 0; i--) {
    const d = path[i];
    let found = -1;
    for (let c = 0; c < g.count && found < 0; c++) {
      if (dist[c] !== i - 1) continue;
      for (let k = g.start[c]; k < g.start[c + 1]; k++) {
        if (g.to[k] === d) {
          found = c;
          break;
        }
      }
    }
    path[i - 1] = found;
  }
  if (path[0] !== s) throw new Error('internal: shortest path does not start at the start');
  return path;
}

/**
 * Counts the simple paths from `s` to `t` in an undirected graph (each edge listed both ways), up to 2: the
 * breadth-first path is the only one when each of its edges is a bridge.
 */
export function bridgedPath(g: MoveGraph, s: number, t: number): PathCount {
  const n = g.count;
  const from = new Int32Array(n).fill(-2);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let work = 0;
  from[s] = -1;
  queue[tail++] = s;
  while (head < tail && from[t] === -2) {
    const c = queue[head++];
    for (let k = g.start[c]; k < g.start[c + 1]; k++) {
      work++;
      const d = g.to[k];
      if (from[d] === -2) {
        from[d] = c;
        queue[tail++] = d;
      }
    }
  }
  if (from[t] === -2) return { count: 0, work, exhausted: false };
  const cells: number[] = [];
  for (let c = t; c >= 0; c = from[c]) cells.push(c);
  const path = Int32Array.from(cells.reverse());
  const { low, order, work: w } = lowLinks(g, s);
  work += w;
  // Edge (a, b) of the depth-first tree is a bridge when nothing below b reaches above it: low[b] > order[a].
  // Every edge of a path between two cells of one component is a tree edge or closes a cycle; a tree edge
  // that is a bridge has its child's low-link above its parent's order, in whichever direction the tree runs.
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1];
    const b = path[i];
    const bridge = order[a] < order[b] ? low[b] > order[a] : low[a] > order[b];
    if (!bridge) return { count: 2, work, exhausted: false };
  }
  return { count: 1, path, work, exhausted: false };
}

/**
 * Depth-first orders and low-links of the component of `s` (iterative Tarjan): `order[c]` is c's place in
 * the walk (−1 outside it), `low[c]` the least order reachable from c's subtree by one edge that is not the
 * edge to its parent.
 */
function lowLinks(g: MoveGraph, s: number): { low: Int32Array; order: Int32Array; work: number } {
  const n = g.count;
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const parent = new Int32Array(n).fill(-1);
  const next = new Int32Array(n);
  const stack = new Int32Array(n);
  let depth = 0;
  let counter = 0;
  let work = 0;
  order[s] = low[s] = counter++;
  next[s] = g.start[s];
  stack[depth++] = s;
  while (depth > 0) {
    const c = stack[depth - 1];
    if (next[c] < g.start[c + 1]) {
      const d = g.to[next[c]++];
      work++;
      if (order[d] < 0) {
        parent[d] = c;
        order[d] = low[d] = counter++;
        next[d] = g.start[d];
        stack[depth++] = d;
      } else if (d !== parent[c]) {
        low[c] = Math.min(low[c], order[d]);
      }
    } else {
      depth--;
      const p = parent[c];
      if (p >= 0) low[p] = Math.min(low[p], low[c]);
    }
  }
  return { low, order, work };
}

/**
 * Counts the paths from `s` to `t` in a graph without cycles among the cells `s` reaches (up to 2), in
 * topological order (Kahn's). A cycle there is an internal error: count-up moves always go up by one.
 */
export function orderedPaths(g: MoveGraph, s: number, t: number): PathCount {
  const n = g.count;
  const inSub = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let work = 0;
  inSub[s] = 1;
  queue[tail++] = s;
  while (head < tail) {
    const c = queue[head++];
    for (let k = g.start[c]; k < g.start[c + 1]; k++) {
      work++;
      if (inSub[g.to[k]] === 0) {
        inSub[g.to[k]] = 1;
        queue[tail++] = g.to[k];
      }
    }
  }
  if (inSub[t] === 0) return { count: 0, work, exhausted: false };
  const indegree = new Int32Array(n);
  for (let i = 0; i < tail; i++) {
    const c = queue[i];
    for (let k = g.start[c]; k < g.start[c + 1]; k++) indegree[g.to[k]]++;
  }
  const ways = new Uint8Array(n);
  const before = new Int32Array(n).fill(-1);
  ways[s] = 1;
  head = 0;
  tail = 0;
  queue[tail++] = s;
  let done = 0;
  while (head < tail) {
    const c = queue[head++];
    done++;
    for (let k = g.start[c]; k < g.start[c + 1]; k++) {
      const d = g.to[k];
      work++;
      if (ways[c] > 0) {
        ways[d] = Math.min(2, ways[d] + ways[c]);
        before[d] = c;
      }
      if (--indegree[d] === 0) queue[tail++] = d;
    }
  }
  if (done < inSub.reduce((a, b) => a + b, 0)) throw new Error('internal: a count-up maze has a cycle');
  if (ways[t] > 1) return { count: 2, work, exhausted: false };
  const cells: number[] = [];
  for (let c = t; c >= 0; c = before[c]) cells.push(c);
  return { count: 1, path: Int32Array.from(cells.reverse()), work, exhausted: false };
}

/** Work (cells and moves looked at) a simple-path search may spend before it gives up. */
export const SIMPLE_PATH_BUDGET = 4_000_000;

/**
 * Counts the simple paths from `s` to `t` in a directed graph, up to 2, depth first. Before a cell is
 * entered, a breadth-first search checks that `t` can still be reached from it without crossing the path so
 * far; branches that cannot are never walked. Stops at `budget` units of work (cells and moves looked at),
 * with `exhausted` set.
 */
export function simplePaths(g: MoveGraph, s: number, t: number, budget = SIMPLE_PATH_BUDGET): PathCount {
  const n = g.count;
  const onPath = new Uint8Array(n);
  const next = new Int32Array(n);
  const stack = new Int32Array(n);
  const seen = new Int32Array(n);
  const queue = new Int32Array(n);
  let stamp = 0;
  let work = 0;
  let found = 0;
  let first: Int32Array | undefined;
  /** Whether t is reachable from c through cells not on the path (c itself aside). */
  const canReach = (c: number): boolean => {
    stamp++;
    let head = 0;
    let tail = 0;
    seen[c] = stamp;
    queue[tail++] = c;
    while (head < tail) {
      const u = queue[head++];
      if (u === t) return true;
      for (let k = g.start[u]; k < g.start[u + 1]; k++) {
        const v = g.to[k];
        work++;
        if (seen[v] !== stamp && onPath[v] === 0) {
          seen[v] = stamp;
          queue[tail++] = v;
        }
      }
    }
    return false;
  };
  if (!canReach(s)) return { count: 0, work, exhausted: false };
  let depth = 0;
  stack[depth++] = s;
  onPath[s] = 1;
  next[s] = g.start[s];
  while (depth > 0) {
    if (work > budget) return { count: found > 1 ? 2 : (found as 0 | 1), work, exhausted: true };
    const c = stack[depth - 1];
    if (c === t) {
      found++;
      if (found === 1) first = stack.slice(0, depth);
      if (found > 1) return { count: 2, work, exhausted: false };
      onPath[c] = 0;
      depth--;
      continue;
    }
    if (next[c] < g.start[c + 1]) {
      const d = g.to[next[c]++];
      work++;
      if (onPath[d] !== 0) continue;
      onPath[d] = 1;
      if (!canReach(d)) {
        onPath[d] = 0;
        continue;
      }
      next[d] = g.start[d];
      stack[depth++] = d;
    } else {
      onPath[c] = 0;
      depth--;
    }
  }
  return found === 1 && first
    ? { count: 1, path: first, work, exhausted: false }
    : { count: 0, work, exhausted: false };
}
