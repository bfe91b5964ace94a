import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import { aldousBroder } from './aldous-broder.js';
import { backtracker } from './backtracker.js';
import { growingTree, prim } from './growing-tree.js';
import { huntAndKill } from './hunt-and-kill.js';
import { kruskal } from './kruskal.js';
import { truePrim } from './true-prim.js';
import { wilson } from './wilson.js';

/** Options every algorithm accepts; each algorithm reads only the ones it documents. */
export interface AlgorithmOptions {
  /** In [0, 1], the chance of continuing straight on where possible (the Amaze "stay"). */
  straightness: number;
}

/**
 * An algorithm turns a grid into a spanning tree of its cells, returned as the open-wall set. Entry and exit
 * are placed afterwards (see `placeEnds`), because `auto` ends depend on the finished tree.
 */
export type Algorithm = (grid: Grid, rng: Rng, options: AlgorithmOptions) => Uint8Array;

/** One entry per algorithm; adding an algorithm is adding a file and a line here. */
export const algorithms = {
  backtracker,
  kruskal,
  prim,
  'true-prim': truePrim,
  'growing-tree': growingTree,
  'hunt-and-kill': huntAndKill,
  wilson,
  'aldous-broder': aldousBroder,
} as const satisfies Record<string, Algorithm>;

export type AlgorithmName = keyof typeof algorithms;
export const algorithmNames = Object.keys(algorithms) as AlgorithmName[];
