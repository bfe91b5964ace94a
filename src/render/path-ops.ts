import { CLOSE, CURVE, LINE, MOVE, type PathData } from '../vector/path-data.js';

/** A coordinate with at most 2 decimals (1/7200 in, far below any printer's resolution), no trailing zeros. */
export function fmt(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

/**
 * Walks a path, handing each command to the writer with formatted coordinates. Shared by the PDF and SVG
 * renderers so both draw exactly the same geometry.
 */
export function writePath(
  path: PathData,
  move: (x: string, y: string) => void,
  line: (x: string, y: string) => void,
  close: () => void,
  curve: (x1: string, y1: string, x2: string, y2: string, x: string, y: string) => void,
): void {
  const { cmds, coords } = path;
  let j = 0;
  for (let i = 0; i < cmds.length; i++) {
    const c = cmds[i];
    if (c === MOVE) {
      move(fmt(coords[j]), fmt(coords[j + 1]));
      j += 2;
    } else if (c === LINE) {
      line(fmt(coords[j]), fmt(coords[j + 1]));
      j += 2;
    } else if (c === CURVE) {
      curve(
        fmt(coords[j]),
        fmt(coords[j + 1]),
        fmt(coords[j + 2]),
        fmt(coords[j + 3]),
        fmt(coords[j + 4]),
        fmt(coords[j + 5]),
      );
      j += 6;
    } else if (c === CLOSE) close();
  }
}

const DIGITS = 16;

/**
 * 0 … 9999 written out ("7", "42", "1234"): the characters packed into one 32-bit word, the first in its low
 * byte, and their count. A whole part below 10,000 (every coordinate of a page under 3.5 m) is one 4-byte
 * store of its word, then the position moves on by its count (the bytes past it are written over next).
 */
const WHOLE = new Int32Array(10_000);
const WHOLE_LENGTH = new Uint8Array(10_000);
for (let i = 0; i < 10_000; i++) {
  let word = 0;
  let length = 0;
  for (let p = i >= 1000 ? 1000 : i >= 100 ? 100 : i >= 10 ? 10 : 1; p >= 1; p /= 10) {
    word |= (48 + (Math.floor(i / p) % 10)) << (8 * length++);
  }
  WHOLE[i] = word;
  WHOLE_LENGTH[i] = length;
}

/**
 * Hundredths 0 … 99 as `fmt` ends a number, then the space after it: "" (none), ".5", ".25", each with " ";
 * packed and counted as WHOLE is.
 */
const FRACTION = new Int32Array(100);
const FRACTION_LENGTH = new Uint8Array(100);
for (let f = 0; f < 100; f++) {
  const tens = Math.floor(f / 10);
  const units = f % 10;
  const chars = f === 0 ? [32] : units === 0 ? [46, 48 + tens, 32] : [46, 48 + tens, 48 + units, 32];
  FRACTION[f] = chars.reduce((word, c, k) => word | (c << (8 * k)), 0);
  FRACTION_LENGTH[f] = chars.length;
}

/** Bytes a 4-byte store may write past the end of the last number. */
const SLACK = 4;

/**
 * A path as PDF content-stream operators (`x y m`, `x y l`, `x1 y1 x2 y2 x y c`, `h`, one per line),
 * written straight into bytes, then `tail` (Latin-1, such as the paint operator). Numbers are rounded
 * exactly as `fmt` rounds them, so the PDF and the SVG draw the same points; this is the hot path for
 * million-cell mazes.
 */
export function pdfPathBytes(path: PathData, tail = ''): Buffer {
  const { cmds, coords } = path;
  // Worst case per coordinate: sign, 15 digits, point, 2 decimals, space.
  const out = Buffer.allocUnsafe(coords.length * (DIGITS + 4) + cmds.length * 3 + SLACK + tail.length);
  let o = writeOperators(cmds, coords, out, new DataView(out.buffer, out.byteOffset, out.byteLength));
  o += out.write(tail, o, 'latin1');
  return out.subarray(0, o);
}

/**
 * Writes the operators of `cmds` and `coords` from the start of `out` (`view` over the same bytes) and
 * returns their length. A function of typed arrays alone, so the loop V8 compiles while it runs never meets
 * an object of a shape it was not warmed up with.
 */
function writeOperators(cmds: Uint8Array, coords: Float64Array, out: Uint8Array, view: DataView): number {
  const to = cmds.length;
  let j = 0;
  let o = 0;
  for (let i = 0; i < to; i++) {
    const c = cmds[i];
    if (c === CLOSE) {
      out[o++] = 104; // h
      out[o++] = 10;
      continue;
    }
    const end = j + (c === CURVE ? 6 : 2);
    for (; j < end; j++) {
      // Hundredths as fmt rounds them; -0 (a small negative) is written as 0, as fmt writes it.
      const r = Math.round(coords[j] * 100);
      if (r < 0) out[o++] = 45;
      const a = r < 0 ? -r : r;
      let frac: number;
      if (a < 1_000_000) {
        // Below 10,000 as 32-bit integers, divided as integers.
        const v = a | 0;
        const int = (v / 100) | 0;
        frac = v - int * 100;
        view.setInt32(o, WHOLE[int], true);
        o += WHOLE_LENGTH[int];
      } else {
        // Up to 10^13 points, where a / 100 is still exact enough to split (NaN and infinities fail too).
        if (!(a < 1e15)) throw new Error(`internal: path coordinate ${coords[j]} cannot be written`);
        const int = Math.floor(a / 100);
        frac = a - int * 100;
        o = writeDigits(out, o, int);
      }
      view.setInt32(o, FRACTION[frac], true);
      o += FRACTION_LENGTH[frac];
    }
    out[o++] = c === MOVE ? 109 : c === LINE ? 108 : 99; // m, l, c
    out[o++] = 10;
  }
  return o;
}

/** Writes the decimal digits of a whole number ≥ 1 at `o`; returns the position after them. */
function writeDigits(out: Uint8Array, at: number, int: number): number {
  let o = at;
  const first = o;
  for (let d = int; d > 0; d = Math.floor(d / 10)) out[o++] = 48 + (d % 10);
  for (let a = first, b = o - 1; a < b; a++, b--) {
    const t = out[a];
    out[a] = out[b];
    out[b] = t;
  }
  return o;
}

/**
 * pdfPathBytes runs once over a million-cell maze's path, so V8 optimizes its loop while it runs, from what
 * the first stretch of the path showed it: each kind of command or number met later (a curve, a negative,
 * a zero, a long number) then costs a deoptimization and a new compilation. Passes over a tiny path with
 * every kind, when the module loads, give the optimizer the whole picture first; enough of them (well under a
 * millisecond) that V8 compiles the writer then, on its compiler thread, instead of running a million-cell
 * path's first stretch unoptimized while it compiles (some 40 ms of a hex maze's 190).
 */
const WARM_UP: PathData = {
  cmds: Uint8Array.of(MOVE, LINE, CURVE, CLOSE, LINE, MOVE),
  coords: Float64Array.of(0, -0, -1.5, 12.34, 123.4, 99_999.99, 5, -0.01, 2e9, 3.1, 0.5, 7, -20, 1234.5),
};
for (let i = 0; i < 200; i++) pdfPathBytes(WARM_UP, 'S');
