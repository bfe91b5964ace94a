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

/**
 * A path as PDF content-stream operators (`x y m`, `x y l`, `x1 y1 x2 y2 x y c`, `h`, one per line),
 * written straight into bytes. Numbers are rounded exactly as `fmt` rounds them, so the PDF and the SVG
 * draw the same points; this is the hot path for million-cell mazes.
 */
export function pdfPathBytes(path: PathData): Buffer {
  const { cmds, coords } = path;
  // Worst case per coordinate: sign, 15 digits, point, 2 decimals, space.
  const out = Buffer.allocUnsafe(coords.length * (DIGITS + 4) + cmds.length * 3);
  let o = 0;
  const num = (n: number): void => {
    let v = Math.round(n * 100);
    if (Object.is(v, -0) || v === 0) {
      out[o++] = 48;
      return;
    }
    if (v < 0) {
      out[o++] = 45;
      v = -v;
    }
    const int = Math.floor(v / 100);
    const frac = v - int * 100;
    if (int === 0) out[o++] = 48;
    else {
      const start = o;
      for (let i = int; i > 0; i = Math.floor(i / 10)) out[o++] = 48 + (i % 10);
      for (let a = start, b = o - 1; a < b; a++, b--) {
        const t = out[a];
        out[a] = out[b];
        out[b] = t;
      }
    }
    if (frac !== 0) {
      out[o++] = 46;
      out[o++] = 48 + Math.floor(frac / 10);
      if (frac % 10 !== 0) out[o++] = 48 + (frac % 10);
    }
  };
  let j = 0;
  for (let i = 0; i < cmds.length; i++) {
    const c = cmds[i];
    if (c === CLOSE) {
      out[o++] = 104; // h
      out[o++] = 10;
      continue;
    }
    const n = c === CURVE ? 6 : 2;
    for (let k = 0; k < n; k++) {
      num(coords[j++]);
      out[o++] = 32;
    }
    out[o++] = c === MOVE ? 109 : c === LINE ? 108 : 99; // m, l, c
    out[o++] = 10;
  }
  return out.subarray(0, o);
}
