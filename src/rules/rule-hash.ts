import { murmur3 } from '../random/murmur3.js';
import { DIRECTION_DX, DIRECTION_DY, type RulePuzzle, ruleLabel } from './rule-puzzle.js';

/**
 * Hashes of a rule maze, as the lockfile records them and as the book keeps puzzles from repeating:
 *
 * - `ruleContentHash`: the maze exactly as printed (rule, size, every symbol, both ends and their sides);
 * - `ruleCanonicalHash`: the same for the maze and its mirror images and turns (a maze turned a quarter is
 *   the same puzzle): the grid of symbols and the two ends, taken in each symmetry of the rectangle (4, or 8
 *   for a square grid; arrows turn with the grid), the least of those, hashed. `r` marks these hashes apart
 *   from wall mazes' (which never start with it).
 */
export function ruleContentHash(p: RulePuzzle): string {
  const sides = ['top', 'right', 'bottom', 'left'];
  return hashOf(
    `${ruleLabel(p.rule)}|${p.columns}x${p.rows}|${sides.indexOf(p.startSide)}|${sides.indexOf(p.goalSide)}`,
    [p.start, p.goal, ...p.cells],
  );
}

export function ruleCanonicalHash(p: RulePuzzle): string {
  let least: number[] | undefined;
  for (const t of symmetries(p.columns, p.rows)) {
    const image = transformed(p, t);
    if (!least || lexLess(image, least)) least = image;
  }
  return `r${hashOf(ruleLabel(p.rule), least ?? [])}`;
}

/** 16 hex digits: two MurmurHash3 passes over a text header and 32-bit numbers. */
function hashOf(head: string, numbers: readonly number[]): string {
  const text = new TextEncoder().encode(head);
  const body = new Uint8Array(new Int32Array(numbers).buffer);
  const a = murmur3(body, murmur3(text, 0x72756c65));
  const b = murmur3(body, murmur3(text, 0x6d617a65));
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** A symmetry of the rectangle: mirror x, mirror y, then swap the axes (only for a square grid). */
interface Symmetry {
  mirrorX: boolean;
  mirrorY: boolean;
  swap: boolean;
}

function symmetries(columns: number, rows: number): Symmetry[] {
  const out: Symmetry[] = [];
  for (const swap of columns === rows ? [false, true] : [false]) {
    for (const mirrorX of [false, true])
      for (const mirrorY of [false, true]) out.push({ mirrorX, mirrorY, swap });
  }
  return out;
}

/** The maze under a symmetry, as numbers: start, goal, then the cells in the image's own order. */
function transformed(p: RulePuzzle, t: Symmetry): number[] {
  const { columns: w, rows: h } = p;
  const place = (c: number): number => {
    let x = c % w;
    let y = (c - x) / w;
    if (t.mirrorX) x = w - 1 - x;
    if (t.mirrorY) y = h - 1 - y;
    return t.swap ? x * h + y : y * w + x;
  };
  const cells = new Array<number>(w * h);
  const arrows = p.rule.kind === 'arrows';
  for (let c = 0; c < w * h; c++) cells[place(c)] = arrows ? turnedDirection(p.cells[c], t) : p.cells[c];
  return [place(p.start), place(p.goal), ...cells];
}

/** An arrow's direction (0–7, −1 for none) under a symmetry. */
function turnedDirection(d: number, t: Symmetry): number {
  if (d < 0) return d;
  let dx: number = DIRECTION_DX[d];
  let dy: number = DIRECTION_DY[d];
  if (t.mirrorX) dx = -dx;
  if (t.mirrorY) dy = -dy;
  if (t.swap) [dx, dy] = [dy, dx];
  for (let k = 0; k < 8; k++) if (DIRECTION_DX[k] === dx && DIRECTION_DY[k] === dy) return k;
  throw new Error('internal: no such direction');
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}
