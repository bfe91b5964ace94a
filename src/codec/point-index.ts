/** Points closer than this (grid units) are the same point. */
const Q = 1e5;

/**
 * Finds points by position, tolerant to rounding: a query matches a stored point within about 1e-5 grid
 * units (grid points are at least a third of a unit apart, so no query can match two).
 * @returns the point's index, or -1
 */
export function pointIndex(xs: Float64Array, ys: Float64Array): (x: number, y: number) => number {
  const at = new Map<string, number>();
  for (let i = 0; i < xs.length; i++) at.set(`${Math.round(xs[i] * Q)},${Math.round(ys[i] * Q)}`, i);
  return (x, y) => {
    const qx = Math.round(x * Q);
    const qy = Math.round(y * Q);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const hit = at.get(`${qx + dx},${qy + dy}`);
        if (hit !== undefined) return hit;
      }
    }
    return -1;
  };
}
