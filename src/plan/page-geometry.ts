import type { MazeRecipe } from '../generate/generate-maze.js';
import { fitMarkers, type MarkerFit, type PassageIn } from './marker-rule.js';
import type { Rect } from './rect.js';
import type { Theme } from './theme.js';

/** Room the page geometry leaves around a maze area, in theme marker sizes (before the marker rule's own). */
export const MARKER_ROOM = 1.75;

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * Where things go on a puzzle page. The maze area is the frame left after the title band at the top, the
 * folio band at the bottom and room for the start/finish arrows on every side; mazes are sized to it before
 * they are generated, which is why the planner (not the layout) owns this geometry.
 *
 *   +------------------------------+
 *   |  margin                      |
 *   |  [ title band ]   heading×2.4|
 *   |  +--marker room-----------+  |
 *   |  |     maze area          |  |
 *   |  +------------------------+  |
 *   |  [ folio band ]    folio×2.6 |
 *   +------------------------------+
 */
export interface PuzzlePageGeometry {
  content: Rect;
  titleBaseline: number;
  folioBaseline: number;
  /** Where the maze goes (on a sheet of several, the maze area of the first slot; all are the same size). */
  mazeArea: Rect;
  /** Activity sheets: each maze's slot (its label line on top, then its maze area). */
  slots?: Slot[];
  /**
   * Baseline of the page's "Name: ____ Date: ____" line under the title, when asked for (on a sheet of several
   * cut into slips, each slip has its own instead).
   */
  nameLine?: number;
}

/** One maze's place on an activity sheet: its slip. */
export interface Slot {
  /** Baseline of the slip's title. */
  label: number;
  /** Baseline of the slip's own "Name: ____ Date: ____" line, when asked for. */
  nameLine?: number;
  /** The whole slip (label, name line, maze and the room around it), for cut lines and duplex placement. */
  box: Rect;
  maze: Rect;
}

/** Columns × rows of mazes on a portrait activity sheet, by mazes per page. */
export const SHEET_GRID: Record<number, [number, number]> = { 1: [1, 1], 2: [1, 2], 4: [2, 2], 6: [2, 3] };

/**
 * The page with several mazes: the title band, then a grid of slips, each a small label line and a maze area
 * with room for its arrows. Landscape pages swap the grid. The name/date line, when asked for, is the page's
 * one line under its title — or, on a sheet cut into slips (`cut`: printed at home, where cut lines are
 * drawn), each slip's own line under its label, so every slip still carries it once cut apart.
 */
export function sheetGeometry(
  width: number,
  height: number,
  margins: Margins,
  theme: Theme,
  perPage: number,
  nameDate: boolean,
  cut = false,
): PuzzlePageGeometry {
  const slipNames = nameDate && cut && perPage > 1;
  const base = puzzlePageGeometry(width, height, margins, theme, nameDate && !slipNames);
  if (perPage <= 1) return base;
  nameDate = slipNames;
  let [cols, rows] = SHEET_GRID[perPage];
  if (width > height) [cols, rows] = [rows, cols];
  const { content } = base;
  const top = base.mazeArea.y - theme.markers.size * MARKER_ROOM;
  const bottom = base.folioBaseline - theme.sizes.folio * 2.6;
  const gap = theme.sizes.label * 1.5;
  const slotW = (content.width - gap * (cols - 1)) / cols;
  const slotH = (bottom - top - gap * (rows - 1)) / rows;
  const room = theme.markers.size * MARKER_ROOM;
  const labelBand = theme.sizes.label * 2;
  const nameBand = nameDate ? theme.sizes.label * 2.2 : 0;
  const slots: Slot[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = content.x + c * (slotW + gap);
      const y = top + r * (slotH + gap);
      slots.push({
        label: y + theme.sizes.label,
        ...(nameDate ? { nameLine: y + labelBand + theme.sizes.label * 1.2 } : {}),
        box: { x, y, width: slotW, height: slotH },
        maze: {
          x: x + room,
          y: y + labelBand + nameBand + room,
          width: slotW - 2 * room,
          height: slotH - labelBand - nameBand - 2 * room,
        },
      });
    }
  }
  return { ...base, mazeArea: slots[0].maze, slots };
}

/** Height of the answer blanks under a mazegram on a one-maze page (below the arrows' room), in points. */
export function blanksBand(theme: Theme): number {
  return theme.sizes.body * 2.4 + theme.markers.size * MARKER_ROOM;
}

/**
 * Whether a puzzle's one-maze page keeps a band under its maze (its height is `blanksBand`): for a mazegram's
 * answer blanks, what to do with a hidden picture, or a rule maze's caption.
 */
export function bandUnderMaze(p: {
  mazegram?: { blanks?: unknown };
  recipe: MazeRecipe;
  caption?: unknown;
}): boolean {
  return !!p.mazegram?.blanks || p.recipe.picture?.reveal !== undefined || p.caption !== undefined;
}

/** What a puzzle needs around its maze. */
export interface MazeRoom {
  /** A band under it (one-maze pages): a mazegram's answer blanks, or a hidden picture's instruction. */
  blanks: boolean;
  /** Its markers: the marker rule's sizes and what decides their room. */
  markers: MarkerFit;
}

/**
 * The rectangle a page (or a slip) gives a maze before its markers are fitted: the page's maze area, less the
 * band of answer blanks a mazegram has under it on a one-maze page. It has {@link MARKER_ROOM} theme marker
 * sizes of room on every side, which {@link puzzleMazeArea} trades for the room the marker rule needs.
 */
export function pageMazeArea(geometry: PuzzlePageGeometry, theme: Theme, blanks: boolean): Rect {
  const area = geometry.mazeArea;
  return blanks && !geometry.slots ? { ...area, height: area.height - blanksBand(theme) } : area;
}

/**
 * Where a puzzle's maze is fitted on its page: {@link pageMazeArea} with the room around it its markers
 * need (`fitMarkers`) for the passage the maze gets there, `passageIn` (the planned or the generated grid;
 * without it the markers' least size). Sizing, selection, layout and the lockfile's passage figures all use
 * this rectangle.
 */
export function puzzleMazeArea(
  geometry: PuzzlePageGeometry,
  theme: Theme,
  room: MazeRoom,
  passageIn?: PassageIn,
): Rect {
  return fitMarkers(
    pageMazeArea(geometry, theme, room.blanks),
    theme.markers.size * MARKER_ROOM,
    room.markers,
    passageIn,
  ).area;
}

/**
 * The clear passage (pt) a grid `width` × `height` grid units gets in an area: where its route is narrowest
 * (`narrowest` grid units, the topology's), less the walls' stroke `wall` (pt).
 */
export function gridClearIn(
  grid: { width: number; height: number },
  narrowest: number,
  wall: number,
): PassageIn {
  return (area) => fitScale(grid, area) * narrowest - wall;
}

/**
 * Points per grid unit of a grid fitted into `area` keeping its cells' shape (what the layout draws): the
 * passage on the page is this times the topology's passage in grid units.
 */
export function fitScale(grid: { width: number; height: number }, area: Rect): number {
  return Math.min(area.width / grid.width, area.height / grid.height);
}

/**
 * Height of a page's heading band from the top of the content, in points: 2.4 headings, or one heading and
 * the row of difficulty stars under it (2.2 labels) where that is more (large print's labels are as large
 * as its headings).
 */
export function headingBand(theme: Theme): number {
  return Math.max(theme.sizes.heading * 2.4, theme.sizes.heading + theme.sizes.label * 2.2);
}

export function puzzlePageGeometry(
  width: number,
  height: number,
  margins: Margins,
  theme: Theme,
  nameDate = false,
): PuzzlePageGeometry {
  const content: Rect = {
    x: margins.left,
    y: margins.top,
    width: width - margins.left - margins.right,
    height: height - margins.top - margins.bottom,
  };
  const nameBand = nameDate ? theme.sizes.body * 2.2 : 0;
  const titleBand = headingBand(theme) + nameBand;
  const folioBand = theme.sizes.folio * 2.6;
  const markerRoom = theme.markers.size * MARKER_ROOM;
  return {
    content,
    titleBaseline: content.y + theme.sizes.heading,
    folioBaseline: content.y + content.height,
    ...(nameDate ? { nameLine: content.y + headingBand(theme) + theme.sizes.body } : {}),
    mazeArea: {
      x: content.x + markerRoom,
      y: content.y + titleBand + markerRoom,
      width: content.width - 2 * markerRoom,
      height: content.height - titleBand - folioBand - 2 * markerRoom,
    },
  };
}
