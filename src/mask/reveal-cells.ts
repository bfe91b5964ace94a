import type { Bitmap } from './shape.js';

/**
 * A hidden picture on the grid of its maze: which square cells are dark, and the cells the route must run
 * through (the dark ones, or for a reverse picture the light ones) made one connected piece.
 *
 * Cells are numbered row by row from the top left, `y · columns + x`, as on an unmasked square grid.
 */

/**
 * The dark cells of a picture laid on a `columns × rows` grid: the picture is fitted inside the grid keeping
 * its proportions, `margin` of the grid's width and height left free on each side, and centred; a cell is
 * dark when at least half its area is (each pixel's share of the cell counted exactly, the grid outside the
 * picture light). A picture with k times as many cells as pixels each way gives each pixel k × k cells.
 */
export function pictureCells(picture: Bitmap, columns: number, rows: number, margin = 0): Uint8Array {
  const { width, height, data } = picture;
  const s = Math.min((columns * (1 - 2 * margin)) / width, (rows * (1 - 2 * margin)) / height);
  const ox = (columns - width * s) / 2;
  const oy = (rows - height * s) / 2;
  const cells = new Uint8Array(columns * rows);
  // A cell's area in pixels is 1 / s²; it is dark when its dark pixels cover at least half of it.
  const half = 0.5 / (s * s);
  for (let y = 0; y < rows; y++) {
    const py0 = (y - oy) / s;
    const py1 = (y + 1 - oy) / s;
    const r0 = Math.max(0, Math.floor(py0));
    const r1 = Math.min(height, Math.ceil(py1));
    for (let x = 0; x < columns; x++) {
      const px0 = (x - ox) / s;
      const px1 = (x + 1 - ox) / s;
      const c0 = Math.max(0, Math.floor(px0));
      const c1 = Math.min(width, Math.ceil(px1));
      let dark = 0;
      for (let r = r0; r < r1; r++) {
        const h = Math.min(py1, r + 1) - Math.max(py0, r);
        if (h <= 0) continue;
        for (let c = c0; c < c1; c++) {
          if (data[r * width + c] === 0) continue;
          const w = Math.min(px1, c + 1) - Math.max(px0, c);
          if (w > 0) dark += w * h;
        }
      }
      cells[y * columns + x] = dark >= half - 1e-9 ? 1 : 0;
    }
  }
  return cells;
}

/** Pieces smaller than this many cells are dropped rather than joined: specks the route would not draw. */
export const MIN_PIECE = 3;
/** At most this many pieces are joined (the largest); smaller ones beyond them are dropped. */
export const MAX_JOINED = 64;

/** What joining did, for the author's warning. */
export interface JoinedPieces {
  /** The cells as one connected piece (4-neighbours), bridges included. */
  cells: Uint8Array;
  /** Pieces before joining. */
  pieces: number;
  /** Cells added as bridges. */
  bridged: number;
  /** Pieces dropped (too small, or beyond MAX_JOINED) and their cells. */
  dropped: number;
  droppedCells: number;
}

/**
 * Makes the set cells one piece: pieces under {@link MIN_PIECE} cells are dropped, the others joined to the
 * largest by the shortest bridges (nearest piece first), two cells wide so that a route can go out along a
 * bridge and come back along it. Ties go to the lowest cell, so the result depends on the cells alone.
 *
 * Then the necks are widened: parts two cells thick or more (every cell in a 2 × 2 block of set cells) that
 * meet only through a neck one cell wide are joined the same way, since a route cannot go through a
 * one-cell neck and come back. Those cells are not counted as bridges (the picture is in one piece).
 */
export function joinPieces(cells: Uint8Array, columns: number, rows: number): JoinedPieces {
  const joined = joinSets(cells, columns, rows);
  const widened = joinSets(thickParts(joined.cells, columns, rows), columns, rows).cells;
  for (let c = 0; c < widened.length; c++) if (widened[c] !== 0) joined.cells[c] = 1;
  return joined;
}

/** The set cells that lie in a 2 × 2 block of set cells. */
function thickParts(cells: Uint8Array, columns: number, rows: number): Uint8Array {
  const out = new Uint8Array(cells.length);
  for (let y = 0; y + 1 < rows; y++) {
    for (let x = 0; x + 1 < columns; x++) {
      const c = y * columns + x;
      if (cells[c] && cells[c + 1] && cells[c + columns] && cells[c + columns + 1]) {
        out[c] = 1;
        out[c + 1] = 1;
        out[c + columns] = 1;
        out[c + columns + 1] = 1;
      }
    }
  }
  return out;
}

function joinSets(cells: Uint8Array, columns: number, rows: number): JoinedPieces {
  const n = columns * rows;
  const out = cells.slice();
  const label = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  const queue = new Int32Array(n);
  const neighbours = (c: number, visit: (m: number) => void): void => {
    const x = c % columns;
    if (c >= columns) visit(c - columns);
    if (x > 0) visit(c - 1);
    if (x + 1 < columns) visit(c + 1);
    if (c + columns < n) visit(c + columns);
  };
  for (let s = 0; s < n; s++) {
    if (out[s] === 0 || label[s] >= 0) continue;
    const id = sizes.length;
    let tail = 0;
    queue[tail++] = s;
    label[s] = id;
    for (let head = 0; head < tail; head++) {
      neighbours(queue[head], (m) => {
        if (out[m] !== 0 && label[m] < 0) {
          label[m] = id;
          queue[tail++] = m;
        }
      });
    }
    sizes.push(tail);
  }
  const pieces = sizes.length;
  const order = sizes.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
  const kept = new Set(order.filter((p, i) => i < MAX_JOINED && (i === 0 || sizes[p] >= MIN_PIECE)));
  let dropped = 0;
  let droppedCells = 0;
  for (let p = 0; p < pieces; p++) {
    if (kept.has(p)) continue;
    dropped++;
    droppedCells += sizes[p];
  }
  for (let c = 0; c < n; c++) {
    if (label[c] >= 0 && !kept.has(label[c])) {
      out[c] = 0;
      label[c] = -1;
    }
  }
  const main = order[0];
  let bridged = 0;
  const prev = new Int32Array(n);
  for (let joined = 1; joined < kept.size; joined++) {
    // Breadth-first from the main piece through any cell to the first cell of another piece.
    prev.fill(-2);
    let tail = 0;
    for (let c = 0; c < n; c++) {
      if (label[c] === main) {
        prev[c] = -1;
        queue[tail++] = c;
      }
    }
    let reached = -1;
    for (let head = 0; head < tail && reached < 0; head++) {
      const c = queue[head];
      neighbours(c, (m) => {
        if (reached >= 0 || prev[m] !== -2) return;
        prev[m] = c;
        if (label[m] >= 0) reached = m;
        else queue[tail++] = m;
      });
    }
    if (reached < 0) break;
    const piece = label[reached];
    for (let c = prev[reached]; c >= 0 && label[c] !== main; c = prev[c]) {
      // A two-cell brush: the cell, the one to its right and the ones below.
      for (const b of [c, c + 1, c + columns, c + columns + 1]) {
        if (b >= n || (b !== c && b % columns === 0 && c % columns === columns - 1)) continue;
        if (out[b] === 0) bridged++;
        out[b] = 1;
        if (label[b] < 0 || label[b] === piece) label[b] = main;
      }
    }
    for (let c = 0; c < n; c++) if (label[c] === piece) label[c] = main;
  }
  return { cells: out, pieces, bridged, dropped, droppedCells };
}
