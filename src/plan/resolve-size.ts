import {
  type GridSize,
  type HexTop,
  type TopologyInfo,
  type TopologyName,
  topologies,
} from '../grid/registry.js';
import { UserError } from '../spec/errors.js';
import { LIMITS } from '../spec/limits.js';
import type { MazeSpec } from '../spec/schema.js';
import { toPoints } from '../spec/units.js';
import type { PuzzlePageGeometry } from './page-geometry.js';
import { sizeLabel } from './template-vars.js';
import type { Theme } from './theme.js';

/** Passage width of a page that gives no size. */
export const DEFAULT_PASSAGE = '8mm';

/**
 * The grid size and the passage width in points: from `cells`/`rings` (scaled to fill the maze area) or from
 * `passage` (as many cells as fit). With a mask that keeps its proportions, the passage-sized grid covers
 * just the shape's box, so the masked maze fills the frame. Refuses sizes over the cell limit, a sizing that
 * does not suit the shape, and passages too narrow to print for the theme's wall width.
 */
export function resolveSize(
  maze: MazeSpec,
  shape: TopologyName,
  hexTop: HexTop | undefined,
  aspect: number | undefined,
  geometry: PuzzlePageGeometry,
  theme: Theme,
  at: (name: keyof MazeSpec) => string,
  where: string,
): { size: GridSize; cellSize: number; auto?: { max: GridSize } } {
  const topo: TopologyInfo = topologies[shape];
  const area = geometry.mazeArea;
  const minCell = Math.max(3 * theme.walls.width, 4);
  if (maze.cells === 'auto' || maze.rings === 'auto') {
    // The builder searches sizes for the difficulty; here: the largest the page allows and a start.
    const box = (unit: number): GridSize => {
      let { width, height } = area;
      if (aspect !== undefined) {
        if (width / height > aspect) width = height * aspect;
        else height = width / aspect;
      }
      return topo.fit(width / unit, height / unit, hexTop);
    };
    const max = box(minCell / topo.passage);
    while (topo.count(max) > LIMITS.maxCells) {
      max.columns = Math.floor(max.columns * 0.9);
      max.rows = Math.floor(max.rows * 0.9);
    }
    const start = box(toPoints(DEFAULT_PASSAGE) / topo.passage);
    const size = { columns: Math.max(2, start.columns), rows: Math.max(2, start.rows) };
    const ext = topo.extent(size, hexTop);
    const unit = Math.min(area.width / ext.width, area.height / ext.height);
    return { size, cellSize: unit * topo.passage, auto: { max } };
  }
  const wrong = topo.sizedBy === 'rings' ? 'cells' : 'rings';
  if (maze[wrong] !== undefined) {
    throw new UserError(
      at(wrong),
      `${shape} mazes are sized by ${topo.sizedBy}, not ${wrong}`,
      `use ${topo.sizedBy}: … or passage: …`,
    );
  }
  let size: GridSize;
  let unit: number; // points per grid unit
  let place: string;
  if (maze.cells !== undefined || maze.rings !== undefined) {
    if (typeof maze.rings === 'number') size = { columns: maze.rings, rows: maze.rings };
    else {
      const cells = maze.cells as number | [number, number];
      const [columns, rows] = typeof cells === 'number' ? [cells, cells] : cells;
      size = { columns, rows };
    }
    const ext = topo.extent(size, hexTop);
    unit = Math.min(area.width / ext.width, area.height / ext.height);
    place = at(maze.rings !== undefined ? 'rings' : 'cells');
  } else {
    unit = toPoints(maze.passage ?? DEFAULT_PASSAGE) / topo.passage;
    let { width, height } = area;
    if (aspect !== undefined) {
      if (width / height > aspect) width = height * aspect;
      else height = width / aspect;
    }
    size = topo.fit(width / unit, height / unit, hexTop);
    place = maze.passage !== undefined ? at('passage') : where;
    if (size.columns < 2 || size.rows < 2) {
      throw new UserError(
        place,
        `a passage of ${(unit * topo.passage).toFixed(1)}pt leaves room for only ${sizePhrase(shape, size)} in the ${area.width.toFixed(0)}×${area.height.toFixed(0)}pt maze area`,
        'use a smaller passage',
      );
    }
  }
  const count = topo.count(size);
  if (count > LIMITS.maxCells || Math.max(size.columns, size.rows) > LIMITS.maxSide) {
    throw new UserError(
      place,
      `${sizePhrase(shape, size)} = ${count} cells is over the limit of ${LIMITS.maxCells} cells (${LIMITS.maxSide} a side) per maze`,
    );
  }
  const cellSize = unit * topo.passage;
  if (cellSize < minCell) {
    throw new UserError(
      place,
      `${sizePhrase(shape, size)} would leave passages ${cellSize.toFixed(2)}pt wide in the ${area.width.toFixed(0)}×${area.height.toFixed(0)}pt maze area; theme "${theme.name}" (walls ${theme.walls.width}pt) needs at least ${minCell.toFixed(1)}pt`,
      'use fewer cells, larger paper, smaller margins, or a theme with thinner walls',
    );
  }
  return { size, cellSize };
}

export function sizePhrase(shape: TopologyName, size: GridSize): string {
  const label = sizeLabel(shape, size);
  return topologies[shape].sizedBy === 'rings' ? label : `${label} cells`;
}
