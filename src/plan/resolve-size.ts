import { UserError } from '../base/errors.js';
import { LIMITS } from '../base/limits.js';
import {
  type GridSize,
  type HexTop,
  type TopologyInfo,
  type TopologyName,
  topologies,
} from '../grid/registry.js';
import type { MazeSpec } from '../spec/schema.js';
import { toPoints } from '../spec/units.js';
import type { Rect } from './rect.js';
import { sizeLabel } from './template-vars.js';
import type { Theme } from './theme.js';

/** Passage width of a page that gives no size (raised to the page's floor when that is wider). */
export const DEFAULT_PASSAGE = '8mm';

/** The narrowest passage that prints at all for a theme: three wall widths, and never under 4pt. */
export function printableCell(theme: Theme): number {
  return Math.max(3 * theme.walls.width, 4);
}

/** A resolved size: the grid, its passage (wall centre to wall centre) in points, and how it was decided. */
export interface ResolvedSize {
  size: GridSize;
  cellSize: number;
  /** `cells: auto` / `rings: auto`: the largest size whose passages keep the floor. */
  auto?: { max: GridSize };
  /** The size was chosen by mazebook (auto, or no `cells`, `rings` or `passage`), not given by the spec. */
  chosen: boolean;
  /** The largest size the page holds at the floor's passage (what a chosen size may grow to). */
  atFloor: GridSize;
}

/**
 * The grid size and the passage width in points: from `cells`/`rings` (scaled to fill the maze area) or from
 * `passage` (as many cells as fit). With a mask that keeps its proportions, the passage-sized grid covers
 * just the shape's box, so the masked maze fills the frame. Sizes mazebook chooses (`auto`, or no size at all)
 * never make passages narrower than `floorCell` (the audience's clear passage plus a wall); sizes the spec
 * gives may (the caller warns). Refuses sizes over the cell limit, a sizing that does not suit the shape, and
 * passages too narrow to print at all for the theme's wall width. A page with a difficulty target and no
 * size at all (`targeted`) is sized as `auto`: the size is the lever that reaches the target.
 * @param floorCell narrowest passage, wall centre to wall centre, a chosen size may have, in points
 */
export function resolveSize(
  maze: MazeSpec,
  shape: TopologyName,
  hexTop: HexTop | undefined,
  aspect: number | undefined,
  area: Rect,
  theme: Theme,
  floorCell: number,
  at: (name: keyof MazeSpec) => string,
  where: string,
  targeted = false,
): ResolvedSize {
  const topo: TopologyInfo = topologies[shape];
  const minCell = printableCell(theme);
  const lowest = Math.max(minCell, floorCell);
  /** The grid that fills the area (or the shape's box in it) with passages of `unit` grid units. */
  const box = (unit: number): GridSize => {
    let { width, height } = area;
    if (aspect !== undefined) {
      if (width / height > aspect) width = height * aspect;
      else height = width / aspect;
    }
    return topo.fit(width / unit, height / unit, hexTop);
  };
  const atFloor = box(lowest / topo.passage);
  const unsized = maze.cells === undefined && maze.rings === undefined && maze.passage === undefined;
  if (maze.cells === 'auto' || maze.rings === 'auto' || (targeted && unsized)) {
    // The builder searches sizes for the difficulty; here: the largest the page allows and a start.
    const max = { ...atFloor };
    while (topo.count(max) > LIMITS.maxCells) {
      max.columns = Math.floor(max.columns * 0.9);
      max.rows = Math.floor(max.rows * 0.9);
    }
    const start = box(Math.max(toPoints(DEFAULT_PASSAGE), lowest) / topo.passage);
    const size = { columns: Math.max(2, start.columns), rows: Math.max(2, start.rows) };
    const ext = topo.extent(size, hexTop);
    const unit = Math.min(area.width / ext.width, area.height / ext.height);
    return { size, cellSize: unit * topo.passage, auto: { max }, chosen: true, atFloor };
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
    const passage =
      maze.passage !== undefined ? toPoints(maze.passage) : Math.max(toPoints(DEFAULT_PASSAGE), lowest);
    unit = passage / topo.passage;
    size = box(unit);
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
  const chosen = maze.cells === undefined && maze.rings === undefined && maze.passage === undefined;
  return { size, cellSize, chosen, atFloor };
}

export function sizePhrase(shape: TopologyName, size: GridSize): string {
  const label = sizeLabel(shape, size);
  return topologies[shape].sizedBy === 'rings' ? label : `${label} cells`;
}
