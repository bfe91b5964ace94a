import { aldousBroder } from './aldous-broder.js';
import type { Algorithm, OptionName } from './algorithm.js';
import { amazing } from './amazing.js';
import { backtracker } from './backtracker.js';
import { binaryTree } from './binary-tree.js';
import { eller } from './eller.js';
import { finger } from './finger.js';
import { growingTree, prim } from './growing-tree.js';
import { huntAndKill } from './hunt-and-kill.js';
import { kruskal } from './kruskal.js';
import { sidewinder } from './sidewinder.js';
import { skewedDfs } from './skewed-dfs.js';
import { truePrim } from './true-prim.js';
import { weaveBacktracker, weaveGrowingTree, weavePrim } from './weave-growing-tree.js';
import { weaveKruskal } from './weave-kruskal.js';
import { wilson } from './wilson.js';

export interface AlgorithmInfo {
  run: Algorithm;
  /** One line for docs and error hints. */
  summary: string;
  /** The options it reads. */
  options: readonly OptionName[];
  /** Works only on full rectangles of square cells (row-by-row algorithms). */
  squareOnly?: boolean;
  /** Must know its entry and exit walls before it starts. */
  needsEnds?: boolean;
  /**
   * The variant that runs on a weave grid (see `weaveGrid`) and keeps the crossing rules; algorithms without
   * one cannot make weave mazes.
   */
  weave?: Algorithm;
}

/** One entry per algorithm; adding an algorithm is adding a file and an entry here. */
export const algorithmInfo = {
  backtracker: {
    run: backtracker,
    summary: 'depth-first walk: long winding corridors, few junctions',
    options: ['straightness', 'weights'],
    weave: weaveBacktracker,
  },
  kruskal: {
    run: kruskal,
    summary: 'random wall order joining trees: many short dead ends',
    options: ['weights'],
    weave: weaveKruskal,
  },
  prim: {
    run: prim,
    summary: 'grows from random frontier cells: short branches, radial look',
    options: [],
    weave: weavePrim,
  },
  'true-prim': {
    run: truePrim,
    summary: 'minimum spanning tree of random weights: short branches',
    options: [],
  },
  'growing-tree': {
    run: growingTree,
    summary: 'mix of backtracker (newest) and Prim (random) by the newest option',
    options: ['newest'],
    weave: weaveGrowingTree,
  },
  'hunt-and-kill': {
    run: huntAndKill,
    summary: 'random walks with ordered hunts: long corridors',
    options: [],
  },
  wilson: { run: wilson, summary: 'loop-erased random walks: uniform spanning tree', options: [] },
  'aldous-broder': {
    run: aldousBroder,
    summary: 'random walk: uniform spanning tree, slow on big grids',
    options: [],
  },
  'binary-tree': {
    run: binaryTree,
    summary: 'north or east from every cell: open top row and right column',
    options: [],
    squareOnly: true,
  },
  sidewinder: {
    run: sidewinder,
    summary: 'row runs opening north: open top row',
    options: [],
    squareOnly: true,
  },
  amazing: {
    run: amazing,
    summary: 'the classic BASIC walk: entry on top, exit on the bottom, restarts from random cells',
    options: [],
  },
  finger: {
    run: finger,
    summary: 'Finger Maze backtracker: resumes from the oldest cell, exit joined at the deepest point',
    options: [],
    needsEnds: true,
  },
  'skewed-dfs': {
    run: skewedDfs,
    summary: 'depth-first walk with a weight per direction',
    options: ['weights'],
  },
  eller: {
    run: eller,
    summary: 'row-by-row sets: uniform-looking, streams any height',
    options: [],
    squareOnly: true,
  },
} as const satisfies Record<string, AlgorithmInfo>;

export type AlgorithmName = keyof typeof algorithmInfo;
export const algorithmNames = Object.keys(algorithmInfo) as AlgorithmName[];

/** The run functions by name. */
export const algorithms = Object.fromEntries(algorithmNames.map((n) => [n, algorithmInfo[n].run])) as Record<
  AlgorithmName,
  Algorithm
>;

/** The algorithms that can make weave mazes. */
export const weaveAlgorithmNames = algorithmNames.filter((n) => 'weave' in algorithmInfo[n]);
