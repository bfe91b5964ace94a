import { UserError } from '../base/errors.js';
import type { Frame } from '../grid/raster.js';
import type { RoutePoint, RouteSketch } from '../grid/route-sketch.js';
import type { RegionMap } from './regions.js';
import { type Polyline, reducePoints, traceLines } from './trace-lines.js';

/** Share of the map's longer side below which a side line of a traced route is a stray spur and dropped. */
const SPUR = 0.03;
/** Share of the map's longer side a traced route may stray from its drawing when reduced to waypoints. */
const WAYPOINT_TOLERANCE = 0.02;

/**
 * A route sketch drawn in one colour of a region map: the drawing is thinned and traced; its largest connected
 * piece, made a tree (loops are cut where they close), gives the main line — the longest path between two of
 * its ends, starting at the end nearer `start` (default: the top-left corner of the map) — and side lines
 * for every other branch longer than 3 % of the map, each starting where it leaves the lines before it.
 * Lines are reduced to waypoints within 2 % of the map's longer side. Points come out in grid units through
 * `frame`.
 * @param warn receives notes on pieces and loops dropped
 * @throws UserError when the colour draws no line
 */
export function traceRouteColour(
  map: RegionMap,
  label: number,
  frame: Frame,
  where: string,
  warn: (what: string) => void = () => {},
  start?: RoutePoint,
): RouteSketch {
  const { width: w, height: h } = map.labels;
  const colour = map.colours[label];
  const drawing = traceLines(map.labels, (l) => l === label);
  const n = drawing.nodeCount;
  const length = drawing.lines.map(polylineLength);
  // Union-find over the nodes: pieces, and a tree of each (edges closing a loop are left out).
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  const inTree = new Uint8Array(drawing.lines.length);
  let loops = 0;
  drawing.ends.forEach(([a, b], e) => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) {
      if (length[e] > 0) loops++;
      return;
    }
    parent[ra] = rb;
    inTree[e] = 1;
  });
  const pieceLength = new Map<number, number>();
  drawing.ends.forEach(([a], e) => {
    if (inTree[e]) pieceLength.set(find(a), (pieceLength.get(find(a)) ?? 0) + length[e]);
  });
  let best = -1;
  let bestLength = 0;
  for (const [root, len] of [...pieceLength.entries()].sort((x, y) => x[0] - y[0])) {
    if (len > bestLength) {
      bestLength = len;
      best = root;
    }
  }
  if (best < 0) {
    throw new UserError(
      where,
      `the route colour ${colour} draws no line in the region map`,
      'paint the route as a line',
    );
  }
  if (pieceLength.size > 1)
    warn(`the route drawn in ${colour} has ${pieceLength.size} separate pieces; only the longest is used`);
  if (loops > 0)
    warn(
      `the route drawn in ${colour} closes ${loops} loop${loops > 1 ? 's' : ''}; each is cut where it closes`,
    );

  // The tree as adjacency lists: node → [edge, other node].
  const adj: [number, number][][] = Array.from({ length: n }, () => []);
  drawing.ends.forEach(([a, b], e) => {
    if (!inTree[e] || find(a) !== best) return;
    adj[a].push([e, b]);
    adj[b].push([e, a]);
  });
  const far = (from: number, blocked: Uint8Array) => farthest(adj, length, from, blocked);
  const none = new Uint8Array(n);
  const someNode = drawing.ends.find(([a], e) => inTree[e] && find(a) === best)?.[0] as number;
  const endA = far(someNode, none).node;
  const diameter = far(endA, none);
  let path = diameter.path;
  // Start at the end nearer the start point (the map's top-left corner by default).
  const sx = start ? ((start.x - frame.x) / frame.width) * w : 0;
  const sy = start ? ((start.y - frame.y) / frame.height) * h : 0;
  const pos = (node: number) => nodePosition(drawing, node);
  const [ax, ay] = pos(path[0].node);
  const [bx, by] = pos(path[path.length - 1].node);
  if (Math.hypot(bx - sx, by - sy) < Math.hypot(ax - sx, ay - sy)) path = reverseWalk(path);

  const used = new Uint8Array(n);
  for (const step of path) used[step.node] = 1;
  const toGrid = (x: number, y: number): RoutePoint => ({
    x: frame.x + (x / w) * frame.width,
    y: frame.y + (y / h) * frame.height,
  });
  const tolerance = WAYPOINT_TOLERANCE * Math.max(w, h);
  const main = reducePoints(joinPath(drawing, path), tolerance).map(([x, y]) => toGrid(x, y));
  // Side lines: from every used node, the longest walk into the part of the tree not yet used.
  const branches: RoutePoint[][] = [];
  for (let grown = true; grown; ) {
    grown = false;
    for (let u = 0; u < n; u++) {
      if (!used[u]) continue;
      for (const [e, v] of adj[u]) {
        if (used[v]) continue;
        const blocked = used.slice();
        const reach = farthest(adj, length, v, blocked);
        const line = [{ node: u, edge: -1 }, { node: v, edge: e }, ...reach.path.slice(1)];
        for (const step of line) used[step.node] = 1;
        grown = true;
        if (length[e] + reach.distance < SPUR * Math.max(w, h)) continue;
        branches.push(reducePoints(joinPath(drawing, line), tolerance).map(([x, y]) => toGrid(x, y)));
      }
    }
  }
  return { main, branches };
}

function polylineLength(line: Polyline): number {
  let len = 0;
  for (let i = 0; i + 3 < line.length; i += 2)
    len += Math.hypot(line[i + 2] - line[i], line[i + 3] - line[i + 1]);
  return len;
}

interface Step {
  node: number;
  /** The edge walked to reach this node (-1 for the first). */
  edge: number;
}

/** The node farthest (by line length) from `from` through the tree, avoiding blocked nodes, and the way there. */
function farthest(
  adj: readonly [number, number][][],
  length: readonly number[],
  from: number,
  blocked: Uint8Array,
): { node: number; distance: number; path: Step[] } {
  const dist = new Map<number, number>([[from, 0]]);
  const via = new Map<number, Step & { prev: number }>();
  const stack = [from];
  let best = from;
  while (stack.length > 0) {
    const u = stack.pop() as number;
    const du = dist.get(u) as number;
    if (du > (dist.get(best) as number) || (du === dist.get(best) && u < best)) best = u;
    for (const [e, v] of adj[u]) {
      if (dist.has(v) || blocked[v]) continue;
      dist.set(v, du + length[e]);
      via.set(v, { node: v, edge: e, prev: u });
      stack.push(v);
    }
  }
  const path: Step[] = [];
  for (let u = best; u !== from; u = (via.get(u) as { prev: number }).prev) {
    const step = via.get(u) as Step & { prev: number };
    path.push({ node: u, edge: step.edge });
  }
  path.push({ node: from, edge: -1 });
  path.reverse();
  return { node: best, distance: dist.get(best) as number, path };
}

/** The same walk the other way round (each step names the edge walked to reach its node). */
function reverseWalk(walk: readonly Step[]): Step[] {
  const L = walk.length;
  return walk.map((_, i) => ({ node: walk[L - 1 - i].node, edge: i === 0 ? -1 : walk[L - i].edge }));
}

/** Where a node lies (pixel units): the matching end of one of its lines. */
function nodePosition(drawing: ReturnType<typeof traceLines>, node: number): [number, number] {
  for (let e = 0; e < drawing.lines.length; e++) {
    const line = drawing.lines[e];
    if (drawing.ends[e][0] === node) return [line[0], line[1]];
    if (drawing.ends[e][1] === node) return [line[line.length - 2], line[line.length - 1]];
  }
  throw new Error('internal: a traced node has no line');
}

/** The points along a walk through the tree, each edge's polyline turned the way the walk goes. */
function joinPath(drawing: ReturnType<typeof traceLines>, walk: readonly Step[]): [number, number][] {
  const out: [number, number][] = [nodePosition(drawing, walk[0].node)];
  for (let i = 1; i < walk.length; i++) {
    const { edge, node } = walk[i];
    const line = drawing.lines[edge];
    const forward = drawing.ends[edge][1] === node;
    const count = line.length / 2;
    for (let k = 1; k < count; k++) {
      const j = forward ? k : count - 1 - k;
      out.push([line[2 * j], line[2 * j + 1]]);
    }
  }
  return out;
}
