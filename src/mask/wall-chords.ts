import type { Grid } from '../grid/grid.js';

/**
 * A wall as straight pieces in grid units: a segment as itself, an arc (the short way round the grid's arc
 * centre) as chords of at most `maxAngle` radians, each passed to `emit(x0, y0, x1, y1)` in order from the
 * wall's first vertex to its second.
 */
export function wallChords(
  grid: Grid,
  wall: number,
  maxAngle: number,
  emit: (x0: number, y0: number, x1: number, y1: number) => void,
): void {
  const x0 = grid.vertexX[grid.wallV0[wall]];
  const y0 = grid.vertexY[grid.wallV0[wall]];
  const x1 = grid.vertexX[grid.wallV1[wall]];
  const y1 = grid.vertexY[grid.wallV1[wall]];
  if (!grid.arcs || grid.arcs.curved[wall] === 0) {
    emit(x0, y0, x1, y1);
    return;
  }
  const { cx, cy } = grid.arcs;
  const r = Math.hypot(x0 - cx, y0 - cy);
  const start = Math.atan2(y0 - cy, x0 - cx);
  let sweep = Math.atan2(y1 - cy, x1 - cx) - start;
  if (sweep > Math.PI) sweep -= 2 * Math.PI;
  if (sweep < -Math.PI) sweep += 2 * Math.PI;
  const n = Math.max(1, Math.ceil(Math.abs(sweep) / maxAngle));
  let px = x0;
  let py = y0;
  for (let k = 1; k <= n; k++) {
    const t = start + (sweep * k) / n;
    const qx = k === n ? x1 : cx + r * Math.cos(t);
    const qy = k === n ? y1 : cy + r * Math.sin(t);
    emit(px, py, qx, qy);
    px = qx;
    py = qy;
  }
}
