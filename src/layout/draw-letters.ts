import type { Maze } from '../generate/maze.js';
import { type TopologyInfo, type TopologyName, topologies } from '../grid/registry.js';
import type { Mazegram } from '../mazegram/place.js';
import { LETTER_SHARE } from '../plan/resolve-mazegram.js';
import { capHeight, type FontFace, textWidth } from '../text/fonts.js';
import { PathBuilder } from '../vector/path-data.js';
import type { Item } from './display-list.js';
import type { Placement } from './wall-paths.js';

export interface LetterStyle {
  fontKey: string;
  face: FontFace;
  /** Colour of the message's letters and of the decoys. */
  message: string;
  decoy: string;
  /** Skip decoys whose letters would be smaller than this (points), e.g. on answer thumbnails. */
  minDecoySize?: number;
  /**
   * Answers: a disc of this colour behind each letter on the route (the route's own colour under it), so
   * the route passes under the letter instead of striking through it.
   */
  knockout?: string;
}

/** Letter height (cap height, points) a mazegram's letters get at a passage of `passage` points. */
export function letterCapHeight(passage: number): number {
  return passage * LETTER_SHARE;
}

/**
 * The letters of a mazegram, centred in their cells (on the centroid, so triangles and wedges look right)
 * and sized to the passage: cap height half a passage, whatever the tiling.
 */
export function drawLetters(
  maze: Maze,
  shape: TopologyName,
  mazegram: Mazegram,
  place: Placement,
  style: LetterStyle,
): Item[] {
  const topo: TopologyInfo = topologies[shape];
  const passage = place.scale * topo.passage;
  const cap = capHeight(style.face, 1);
  const size = (passage * LETTER_SHARE) / cap;
  const items: Item[] = [];
  const { grid } = maze;
  for (let c = 0; c < grid.cellCount; c++) {
    const letter = mazegram.letters[c];
    if (!letter) continue;
    const onPath = mazegram.onPath[c] === 1;
    if (!onPath && style.minDecoySize !== undefined && size < style.minDecoySize) continue;
    const w = textWidth(style.face, letter, size);
    const x = place.ox + grid.cellX[c] * place.scale;
    const y = place.oy + grid.cellY[c] * place.scale;
    if (onPath && style.knockout) {
      // Wide enough for the letter, and inside the passage: it never reaches the walls.
      const r = Math.min(0.4 * passage, Math.max(w, cap * size) * 0.62);
      const b = new PathBuilder();
      b.moveTo(x + r, y).arc(x, y, r, 0, 2 * Math.PI);
      items.push({ type: 'path', path: b.close().finish(), fill: style.knockout });
    }
    items.push({
      type: 'text',
      text: letter,
      x: x - w / 2,
      y: y + (cap * size) / 2,
      size,
      font: style.fontKey,
      color: onPath ? style.message : style.decoy,
    });
  }
  return items;
}

/** `_ _ _   _ _ _ _ _`: one underscore per letter, words three spaces apart. */
export function answerBlanks(words: readonly string[]): string {
  return words.map((w) => [...w].map(() => '_').join(' ')).join('   ');
}
