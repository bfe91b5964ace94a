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
