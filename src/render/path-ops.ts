import { CLOSE, CURVE, LINE, MOVE, type PathData } from '../layout/display-list.js';

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

/** "00" … "99" as character codes: two digits per lookup. */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  PAIRS[2 * i] = 48 + Math.floor(i / 10);
  PAIRS[2 * i + 1] = 48 + (i % 10);
}

/**
 * A path as PDF content-stream operators (`x y m`, `x y l`, `x1 y1 x2 y2 x y c`, `h`, one per line),
 * written straight into bytes, then `tail` (Latin-1, such as the paint operator). Numbers are rounded
 * exactly as `fmt` rounds them, so the PDF and the SVG draw the same points; this is the hot path for
 * million-cell mazes.
 */
export function pdfPathBytes(path: PathData, tail = ''): Buffer {
  const { cmds, coords } = path;
  const to = cmds.length;
  let j = 0;
  // Worst case per coordinate: sign, 15 digits, point, 2 decimals, space.
  const out = Buffer.allocUnsafe(coords.length * (DIGITS + 4) + to * 3 + tail.length);
  // One function body with no closure, so the write position stays in a register (the hot loop).
  let o = 0;
  for (let i = 0; i < to; i++) {
    const c = cmds[i];
    if (c === CLOSE) {
      out[o++] = 104; // h
      out[o++] = 10;
      continue;
    }
    const count = c === CURVE ? 6 : 2;
    for (let k = 0; k < count; k++) {
      const r = Math.round(coords[j++] * 100);
      if (r === 0) {
        out[o++] = 48; // also -0
        out[o++] = 32;
        continue;
      }
      if (r < 0) out[o++] = 45;
      const a = r < 0 ? -r : r;
      // Hundredths below 2^30 (every page coordinate) as 32-bit integers, divided as integers.
      if (a < 0x40000000) {
        const v = a | 0;
        const int = (v / 100) | 0;
        const frac = v - int * 100;
        if (int < 100) {
          if (int < 10) out[o++] = 48 + int;
          else {
            out[o++] = PAIRS[2 * int];
            out[o++] = PAIRS[2 * int + 1];
          }
        } else if (int < 10000) {
          const high = (int / 100) | 0;
          const low = int - high * 100;
          if (high < 10) out[o++] = 48 + high;
          else {
            out[o++] = PAIRS[2 * high];
            out[o++] = PAIRS[2 * high + 1];
          }
          out[o++] = PAIRS[2 * low];
          out[o++] = PAIRS[2 * low + 1];
        } else o = writeDigits(out, o, int);
        if (frac !== 0) {
          out[o++] = 46;
          out[o++] = PAIRS[2 * frac];
          if (frac % 10 !== 0) out[o++] = PAIRS[2 * frac + 1];
        }
      } else {
        const int = Math.floor(a / 100);
        const frac = a - int * 100;
        o = writeDigits(out, o, int);
        if (frac !== 0) {
          out[o++] = 46;
          out[o++] = PAIRS[2 * frac];
          if (frac % 10 !== 0) out[o++] = PAIRS[2 * frac + 1];
        }
      }
      out[o++] = 32;
    }
    out[o++] = c === MOVE ? 109 : c === LINE ? 108 : 99; // m, l, c
    out[o++] = 10;
  }
  o += out.write(tail, o, 'latin1');
  return out.subarray(0, o);
}

/** Writes the decimal digits of a whole number ≥ 1 at `o`; returns the position after them. */
function writeDigits(out: Buffer, o: number, int: number): number {
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
 * a zero, a long number) then costs a deoptimization and a new compilation. A few passes over a tiny path
 * with every kind, when the module loads, give the optimizer the whole picture first (V8 keeps no type
 * feedback for a function's first few calls, hence several).
 */
const WARM_UP: PathData = {
  cmds: Uint8Array.of(MOVE, LINE, CURVE, CLOSE, LINE, MOVE),
  coords: Float64Array.of(0, -0, -1.5, 12.34, 123.4, 99_999.99, 5, -0.01, 2e9, 3.1, 0.5, 7, -20, 1234.5),
};
for (let i = 0; i < 12; i++) pdfPathBytes(WARM_UP, 'S');
