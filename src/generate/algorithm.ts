import type { Grid } from '../grid/grid.js';
import type { Rng } from '../random/sfc32.js';
import type { DirectionWeights } from './direction-weights.js';

/**
 * What a generation algorithm is: a function of a grid, a generator and its options that carves a spanning
 * tree. Algorithms import these from here, the registry (registry.ts) imports the algorithms.
 */

/** Options an algorithm may read; each algorithm documents the ones it uses (see `algorithmInfo`). */
export interface AlgorithmOptions {
  /** In [0, 1], the chance of continuing straight on where possible (the Amaze "stay"). */
  straightness: number;
  /** growing-tree: in [0, 1], the chance of growing from the newest active cell rather than a random one. */
  newest?: number;
  /** skewed-dfs, backtracker, kruskal: weight of each direction (default 1 each). */
  weights?: Partial<DirectionWeights>;
  /**
   * Weave mazes: in [0, 1], how readily passages cross over and under each other (the chance a possible
   * crossing is taken). Set only for algorithms with a `weave` variant, which then run on the weave grid.
   */
  weave?: number;
  /** Entry and exit rim walls, handed to algorithms that need them before they start (`needsEnds`). */
  ends?: { entryWall: number; exitWall: number };
}

/** Options a spec may set (`ends` is the planner's, not the user's). */
export type OptionName = Exclude<keyof AlgorithmOptions, 'ends' | 'weave'>;

/**
 * What an algorithm carves: the open walls of a spanning tree, and optionally the rim walls it chose for
 * entry and exit itself (as "Amazing" does). Those are used where the spec leaves the ends `auto`.
 */
export type Carved = Uint8Array | { open: Uint8Array; entryWall: number; exitWall: number };

/**
 * An algorithm turns a grid into a spanning tree of its cells. Ends it does not choose are placed afterwards
 * (see `placeEnds`), because `auto` ends depend on the finished tree.
 */
export type Algorithm = (grid: Grid, rng: Rng, options: AlgorithmOptions) => Carved;

/** The open-wall set of whatever an algorithm carved. */
export function openWalls(carved: Carved): Uint8Array {
  return carved instanceof Uint8Array ? carved : carved.open;
}
