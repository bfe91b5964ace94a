import type { Grid } from './grid.js';
import { buildSquareGrid } from './square.js';

/** Size of a grid as the planner resolved it. */
export interface GridSize {
  columns: number;
  rows: number;
}

/** One entry per topology; adding a topology is adding a file and a line here. */
export const topologies = {
  square: (size: GridSize): Grid => buildSquareGrid(size),
} as const;

export type TopologyName = keyof typeof topologies;
export const topologyNames = Object.keys(topologies) as TopologyName[];

export function buildGrid(shape: TopologyName, size: GridSize): Grid {
  return topologies[shape](size);
}
