/**
 * Ranks of values, 1 for the smallest; tied values share the mean of the ranks they span (1, 2.5, 2.5, 4).
 */
export function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((p, q) => p[0] - q[0]);
  const r = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    for (let k = i; k <= j; k++) r[order[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

/**
 * Spearman's rank correlation of two lists of the same length (Pearson's correlation of their ranks, ties
 * averaged), in [−1, 1]; 0 when either list is constant or the lists are shorter than 2.
 */
export function spearman(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  if (n !== b.length) throw new Error('internal: spearman of lists of different lengths');
  if (n < 2) return 0;
  const ra = ranks(a);
  const rb = ranks(b);
  const ma = ra.reduce((p, q) => p + q, 0) / n;
  const mb = rb.reduce((p, q) => p + q, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (ra[i] - ma) * (rb[i] - mb);
    da += (ra[i] - ma) ** 2;
    db += (rb[i] - mb) ** 2;
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}
