/**
 * The pixel rows a straight edge crosses, for filling outlines by crossings: `cross(r, c, dir)` is called for
 * each row r whose centre line r + 0.5 lies in [min(y0, y1), max(y0, y1)) (half-open, so a vertex shared by
 * two edges counts once), with c the first column whose pixel centre c + 0.5 lies right of the crossing
 * (clamped to [0, cols]) and dir +1 for an edge running down (y growing), −1 up. Pixel units, y down;
 * horizontal edges cross nothing.
 */
export function edgeCrossings(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  rows: number,
  cols: number,
  cross: (r: number, c: number, dir: number) => void,
): void {
  if (y0 === y1) return;
  const dir = y1 > y0 ? 1 : -1;
  const first = Math.max(0, Math.ceil(Math.min(y0, y1) - 0.5));
  const last = Math.min(rows - 1, Math.ceil(Math.max(y0, y1) - 0.5) - 1);
  const slope = (x1 - x0) / (y1 - y0);
  for (let r = first; r <= last; r++) {
    const x = x0 + (r + 0.5 - y0) * slope;
    cross(r, Math.min(cols, Math.max(0, Math.ceil(x - 0.5))), dir);
  }
}
