import type { Theme } from './theme.js';

/** An axis-aligned rectangle in points, origin at the page's top-left corner, y down. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

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
  mazeArea: Rect;
}

export function puzzlePageGeometry(
  width: number,
  height: number,
  margins: Margins,
  theme: Theme,
): PuzzlePageGeometry {
  const content: Rect = {
    x: margins.left,
    y: margins.top,
    width: width - margins.left - margins.right,
    height: height - margins.top - margins.bottom,
  };
  const titleBand = theme.sizes.heading * 2.4;
  const folioBand = theme.sizes.folio * 2.6;
  const markerRoom = theme.markers.size * 1.6;
  return {
    content,
    titleBaseline: content.y + theme.sizes.heading,
    folioBaseline: content.y + content.height,
    mazeArea: {
      x: content.x + markerRoom,
      y: content.y + titleBand + markerRoom,
      width: content.width - 2 * markerRoom,
      height: content.height - titleBand - folioBand - 2 * markerRoom,
    },
  };
}
