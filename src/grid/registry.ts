import { buildCircleGrid, circleCellCount } from './circle.js';
import type { Grid } from './grid.js';
import { buildHexGrid } from './hex.js';
import { buildOctagonGrid, keepInnerSquares } from './octagon.js';
import { buildSquareGrid } from './square.js';
import { buildTriangleGrid } from './triangle.js';

/**
 * Size of a grid as the planner resolved it. Circle mazes use `rows` as their ring count (and `columns`
 * equal to it).
 */
export interface GridSize {
  columns: number;
  rows: number;
}

/** Which way hexagons point: `pointy` tops make rows of cells, `flat` tops make columns. */
export type HexTop = 'pointy' | 'flat';

/** Everything that decides the cells of an unmasked grid. */
export interface GridLayout {
  shape: TopologyName;
  size: GridSize;
  hexTop?: HexTop;
}

export interface TopologyInfo {
  /** Builds the grid; `keep` (one byte per cell of the unmasked grid, in its cell order) drops cells. */
  build(size: GridSize, keep?: Uint8Array, hexTop?: HexTop): Grid;
  /** Cells of the unmasked grid. */
  count(size: GridSize): number;
  /** Width and height of the unmasked grid, in grid units. */
  extent(size: GridSize, hexTop?: HexTop): { width: number; height: number };
  /** The largest size whose extent fits in width × height grid units (may be 0 × 0). */
  fit(width: number, height: number, hexTop?: HexTop): GridSize;
  /** Width of a passage (a cell's inscribed diameter), in grid units. */
  passage: number;
  /**
   * Width of the narrowest place a route passes, in grid units: the passage, or the door between two cells
   * where that is narrower (a hexagon's side, an octagon's side and the small squares). A print floor is
   * a clear width here: this less the wall.
   */
  narrowest: number;
  /** How the spec sizes it: by `cells: [columns, rows]` or by `rings`. */
  sizedBy: 'cells' | 'rings';
  /** Adjusts a mask's keep array (one byte per cell of the unmasked grid) before it is used. */
  settle?(size: GridSize, keep: Uint8Array): void;
}

const H = Math.sqrt(3) / 2;
const floor = (x: number): number => Math.max(0, Math.floor(x + 1e-9));

/** Pointy-top hexagon extent for columns × rows (flat-top is the same transposed). */
const hexExtent = (columns: number, rows: number) => ({
  width: H * (2 * columns + (rows > 1 ? 1 : 0)),
  height: 1.5 * rows + 0.5,
});

/** One entry per topology; adding a topology is adding a file and an entry here. */
export const topologies = {
  square: {
    build: (size, keep) => buildSquareGrid({ ...size, keep }),
    count: ({ columns, rows }) => columns * rows,
    extent: ({ columns, rows }) => ({ width: columns, height: rows }),
    fit: (width, height) => ({ columns: floor(width), rows: floor(height) }),
    passage: 1,
    narrowest: 1,
    sizedBy: 'cells',
  },
  hex: {
    build: (size, keep, top) => buildHexGrid({ ...size, keep, top }),
    count: ({ columns, rows }) => columns * rows,
    extent: ({ columns, rows }, top) => {
      if (top !== 'flat') return hexExtent(columns, rows);
      const t = hexExtent(rows, columns);
      return { width: t.height, height: t.width };
    },
    fit: (width, height, top) => {
      const [w, h] = top === 'flat' ? [height, width] : [width, height];
      let columns = floor((w / H - 1) / 2);
      const rows = floor((h - 0.5) / 1.5);
      if (rows === 1) columns = floor(w / H / 2);
      return top === 'flat' ? { columns: rows, rows: columns } : { columns, rows };
    },
    passage: 2 * H,
    narrowest: 1, // a side
    sizedBy: 'cells',
  },
  triangle: {
    build: (size, keep) => buildTriangleGrid({ ...size, keep }),
    count: ({ columns, rows }) => columns * rows,
    extent: ({ columns, rows }) => ({ width: (columns + 1) / 2, height: rows * H }),
    fit: (width, height) => ({ columns: floor(2 * width - 1), rows: floor(height / H) }),
    passage: 1 / Math.sqrt(3),
    narrowest: 1 / Math.sqrt(3),
    sizedBy: 'cells',
  },
  octagon: {
    build: (size, keep) => buildOctagonGrid({ ...size, keep }),
    count: ({ columns, rows }) => columns * rows + Math.max(0, columns - 1) * Math.max(0, rows - 1),
    extent: ({ columns, rows }) => ({ width: columns, height: rows }),
    fit: (width, height) => ({ columns: floor(width), rows: floor(height) }),
    passage: 1,
    narrowest: Math.SQRT2 - 1, // a side of the octagons and of the squares between them
    sizedBy: 'cells',
    settle: ({ columns, rows }, keep) => keepInnerSquares(columns, rows, keep),
  },
  circle: {
    build: ({ rows }, keep) => buildCircleGrid({ rings: rows, keep }),
    count: ({ rows }) => circleCellCount(rows),
    extent: ({ rows }) => ({ width: 2 * rows, height: 2 * rows }),
    fit: (width, height) => {
      const rings = floor(Math.min(width, height) / 2);
      return { columns: rings, rows: rings };
    },
    passage: 1,
    narrowest: 1,
    sizedBy: 'rings',
  },
} as const satisfies Record<string, TopologyInfo>;

export type TopologyName = keyof typeof topologies;
export const topologyNames = Object.keys(topologies) as TopologyName[];

export function buildGrid(layout: GridLayout, keep?: Uint8Array): Grid {
  return (topologies[layout.shape] as TopologyInfo).build(layout.size, keep, layout.hexTop);
}
