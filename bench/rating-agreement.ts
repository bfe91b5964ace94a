/**
 * How the scores of the search computed now compare with the plain walks every maze was rated with before,
 * on a broad sample (`npx tsx bench/rating-agreement.ts [--quick]`): every algorithm on every shape it runs
 * on, sides 5 to 60; square mazes of four algorithms at 20 and 40 with each post-process; weave mazes. Each
 * maze is rated both ways from the same seed. Prints the agreement (Spearman, mean and largest gap), the
 * walks and CPU time, and how close the deterministic bound for `smart` comes (the reach beyond the path:
 * Σ p_b · cells of b in the exit's region with only the walker's way to them visited).
 * Every maze and seed derives from a fixed seed, so the figures are the same on every run (not the times).
 */
import { rateMaze } from '../src/analyze/rate.js';
import { exactOverlap, firstChance, routeBranches } from '../src/analyze/route-branches.js';
import { Simulator } from '../src/analyze/simulate.js';
import { solve } from '../src/analyze/solve.js';
import { generateMaze, type MazeRecipe } from '../src/generate/generate-maze.js';
import type { PostStep } from '../src/generate/post/registry.js';
import { type AlgorithmName, algorithmInfo, algorithmNames } from '../src/generate/registry.js';
import type { TopologyName } from '../src/grid/registry.js';
import { deriveSeed } from '../src/random/derive-seed.js';
import { sizeFor } from './difficulty-jobs.js';
import { say } from './measure.js';

const SEED = 2028;
const quick = process.argv.includes('--quick');
const SHAPES: readonly TopologyName[] = ['square', 'hex', 'triangle', 'octagon', 'circle'];
const SIDES = quick ? [5, 10, 20, 30] : [5, 10, 20, 30, 45, 60];
const POSTS: readonly { name: string; post: PostStep[] }[] = [
  { name: 'reverse-wasted-turns', post: [{ name: 'reverse-wasted-turns' }] },
  { name: 'reduce-path', post: [{ name: 'reduce-path' }] },
  { name: 'loops 10', post: [{ name: 'loops', count: 10 }] },
  { name: 'cross-cuts 10', post: [{ name: 'cross-cuts', count: 10 }] },
  { name: 'braid 0.25', post: [{ name: 'braid', share: 0.25 }] },
  { name: 'braid 0.5', post: [{ name: 'braid', share: 0.5 }] },
  { name: 'braid 1', post: [{ name: 'braid', share: 1 }] },
];
const POST_ALGORITHMS: readonly AlgorithmName[] = ['backtracker', 'kruskal', 'wilson', 'hunt-and-kill'];

interface Row {
  shape: string;
  algorithm: string;
  side: number;
  post: string;
  cells: number;
  before: number;
  now: number;
  walksBefore: number;
  walksNow: number;
  msBefore: number;
  msNow: number;
  method: string;
  /** smart's expected overlap now, and the deterministic bound and directional's closed form (trees). */
  smart: number;
  bound?: number;
  directional?: number;
}

function recipe(
  shape: TopologyName,
  side: number,
  algorithm: AlgorithmName,
  extra: Partial<MazeRecipe>,
): MazeRecipe {
  return {
    shape,
    size: { columns: sizeFor(shape, side * side), rows: sizeFor(shape, side * side) },
    algorithm,
    options: { straightness: 0 },
    entry: { kind: 'auto' },
    exit: { kind: 'auto' },
    ...extra,
  };
}

function cpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function measureOne(
  label: Omit<
    Row,
    'before' | 'now' | 'walksBefore' | 'walksNow' | 'msBefore' | 'msNow' | 'method' | 'smart' | 'cells'
  >,
  r: MazeRecipe,
): Row | undefined {
  const key = `${label.shape}/${label.algorithm}/${label.side}/${label.post}`;
  let maze: ReturnType<typeof generateMaze>;
  try {
    maze = generateMaze(r, deriveSeed(SEED, key, 0), key);
  } catch {
    return undefined;
  }
  if (maze.entryCell === maze.exitCell) return undefined;
  const seed = deriveSeed(SEED, `${key}/walks`, 0);
  let t = cpu();
  const before = rateMaze({ ...maze }, seed, { method: 'walks' });
  const msBefore = cpu() - t;
  t = cpu();
  const now = rateMaze({ ...maze }, seed);
  const msNow = cpu() - t;
  const row: Row = {
    ...label,
    cells: maze.grid.cellCount,
    before: before.score,
    now: now.score,
    walksBefore: before.walks,
    walksNow: now.walks,
    msBefore,
    msNow,
    method: now.components.search.method,
    smart: now.overlapSteps.mean,
  };
  const sim = new Simulator(maze);
  const route = solve(maze).cells;
  const branches = routeBranches(sim, route);
  if (branches) {
    const reach = sim.reachBeyondPath(route, branches.root, branches.step);
    let bound = 0;
    for (let b = 0; b < reach.length; b++) bound += firstChance(sim, 'smart', branches, b) * reach[b];
    row.bound = bound;
    row.directional = exactOverlap(sim, 'directional', branches).mean;
  }
  return row;
}

function spearman(a: readonly number[], b: readonly number[]): number {
  const rank = (xs: readonly number[]) => {
    const order = xs.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]);
    const r = new Array<number>(xs.length);
    for (let i = 0; i < order.length; ) {
      let j = i;
      while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
      for (let k = i; k <= j; k++) r[order[k][1]] = (i + j) / 2;
      i = j + 1;
    }
    return r;
  };
  const ra = rank(a);
  const rb = rank(b);
  const m = (a.length - 1) / 2;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (ra[i] - m) * (rb[i] - m);
    da += (ra[i] - m) ** 2;
    db += (rb[i] - m) ** 2;
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 1;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[s.length >> 1];
};

function table(title: string, rows: Row[], keyOf: (r: Row) => string): void {
  say(`\n${title}`);
  say(
    `  ${'group'.padEnd(22)}${'mazes'.padStart(6)}${'Spearman'.padStart(10)}${'mean gap'.padStart(10)}${'max gap'.padStart(9)}${'walks before'.padStart(14)}${'now'.padStart(6)}${'CPU ×'.padStart(8)}`,
  );
  const groups = new Map<string, Row[]>();
  for (const r of rows) groups.set(keyOf(r), [...(groups.get(keyOf(r)) ?? []), r]);
  for (const [key, g] of groups) {
    const gaps = g.map((r) => Math.abs(r.now - r.before));
    const mean = (f: (r: Row) => number) => g.reduce((s, r) => s + f(r), 0) / g.length;
    say(
      `  ${key.padEnd(22)}${String(g.length).padStart(6)}${spearman(
        g.map((r) => r.before),
        g.map((r) => r.now),
      )
        .toFixed(4)
        .padStart(10)}${(gaps.reduce((s, x) => s + x, 0) / g.length).toFixed(3).padStart(10)}${Math.max(
        ...gaps,
      )
        .toFixed(3)
        .padStart(9)}${mean((r) => r.walksBefore)
        .toFixed(0)
        .padStart(14)}${mean((r) => r.walksNow)
        .toFixed(0)
        .padStart(6)}${(mean((r) => r.msBefore) / mean((r) => r.msNow)).toFixed(1).padStart(8)}`,
    );
  }
}

const rows: Row[] = [];
const plan: [Parameters<typeof measureOne>[0], MazeRecipe][] = [];
for (const shape of SHAPES) {
  for (const algorithm of algorithmNames) {
    if (shape !== 'square' && 'squareOnly' in algorithmInfo[algorithm]) continue;
    for (const side of SIDES)
      plan.push([{ shape, algorithm, side, post: 'none' }, recipe(shape, side, algorithm, {})]);
  }
}
for (const side of [20, 40]) {
  for (const algorithm of POST_ALGORITHMS) {
    for (const { name, post } of POSTS) {
      plan.push([
        { shape: 'square', algorithm, side, post: name },
        recipe('square', side, algorithm, { post }),
      ]);
    }
  }
}
for (const side of quick ? [10, 20] : [10, 20, 30]) {
  for (const seedName of ['a', 'b']) {
    plan.push([
      { shape: 'square', algorithm: 'backtracker', side, post: `weave ${seedName}` },
      recipe('square', side, 'backtracker', { options: { straightness: 0, weave: 1 } }),
    ]);
  }
}
say(`rating agreement: ${plan.length} mazes, each rated with plain walks (before) and as now`);
for (const [i, [label, r]] of plan.entries()) {
  const row = measureOne(label, r);
  if (row) rows.push(row);
  if ((i + 1) % 50 === 0) process.stderr.write(`  ${i + 1} of ${plan.length}\n`);
}

const all = rows;
const gaps = all.map((r) => Math.abs(r.now - r.before));
say(
  `\nall ${all.length} mazes: Spearman ${spearman(
    all.map((r) => r.before),
    all.map((r) => r.now),
  ).toFixed(
    4,
  )}, mean gap ${(gaps.reduce((s, x) => s + x, 0) / all.length).toFixed(3)}, largest ${Math.max(...gaps).toFixed(3)}; walks ${all.reduce((s, r) => s + r.walksBefore, 0)} before, ${all.reduce((s, r) => s + r.walksNow, 0)} now; CPU ${(all.reduce((s, r) => s + r.msBefore, 0) / 1000).toFixed(1)} s before, ${(all.reduce((s, r) => s + r.msNow, 0) / 1000).toFixed(1)} s now`,
);
const methods = new Map<string, number>();
for (const r of all) methods.set(r.method, (methods.get(r.method) ?? 0) + 1);
say(`search found: ${[...methods].map(([m, n]) => `${m} ${n}`).join(', ')}`);
table(
  'by shape (no post-process)',
  all.filter((r) => r.post === 'none'),
  (r) => r.shape,
);
table(
  'by side (no post-process)',
  all.filter((r) => r.post === 'none'),
  (r) => String(r.side),
);
table(
  'by algorithm (no post-process)',
  all.filter((r) => r.post === 'none'),
  (r) => r.algorithm,
);
table(
  'by post-process (square 20 and 40)',
  all.filter((r) => r.post !== 'none'),
  (r) => r.post.replace(/ [ab]$/, ''),
);

say(
  '\nthe deterministic bound for smart (reach beyond the path) and directional, against smart now (perfect mazes, ≥ 100 cells)',
);
say(
  `  ${'group'.padEnd(16)}${'mazes'.padStart(6)}${'bound ÷ smart: median'.padStart(24)}${'range'.padStart(16)}${'directional ÷ smart'.padStart(22)}`,
);
const trees = all.filter((r) => r.bound !== undefined && r.cells >= 100 && r.smart > 0);
for (const key of [...SHAPES, ...algorithmNames]) {
  const g = trees.filter((r) => r.shape === key || r.algorithm === key);
  if (g.length === 0) continue;
  const ratios = g.map((r) => (r.bound as number) / r.smart);
  const dir = g.map((r) => (r.directional as number) / r.smart);
  say(
    `  ${key.padEnd(16)}${String(g.length).padStart(6)}${median(ratios).toFixed(2).padStart(24)}${`${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`.padStart(16)}${median(dir).toFixed(2).padStart(22)}`,
  );
}
