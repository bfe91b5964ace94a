/** Largest distance (grid units, along each axis) at which a query still matches a stored point. */
export const POINT_TOLERANCE = 1e-5;
/** Buckets per point, about; a bucket then holds one or two points. */
const BUCKETS_PER_POINT = 1;
/**
 * Bucket origin offset, as a share of a bucket: an irrational-looking fraction, so lattice points do not sit
 * on bucket borders (where a query would have to look into two buckets).
 */
const ORIGIN_SHIFT = 0.3819660113;

/**
 * Finds points by position, tolerant to rounding: a query matches a stored point within 1e-5 grid units
 * along each axis (grid points are at least a third of a unit apart, so no query can match two). Points are
 * sorted into a uniform grid of buckets about one point each (CSR, typed arrays); a query looks in the one
 * bucket it falls in (two or four only within 1e-5 of a border). Linear to build; queries in spatial order
 * touch memory in order, which is what makes the symmetry search of a million-cell grid fast.
 * @returns the point's index (the lowest of equal points), or -1
 */
export function pointIndex(xs: Float64Array, ys: Float64Array): (x: number, y: number) => number {
  const n = xs.length;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = xs[i];
    const y = ys[i];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (n === 0) return () => -1;
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  // Square buckets sized so that there are about n·BUCKETS_PER_POINT of them over the points' box.
  const area = Math.max(spanX * spanY, (Math.max(spanX, spanY) || 1) ** 2 / Math.max(n, 1));
  const side = Math.sqrt(area / (n * BUCKETS_PER_POINT)) || 1;
  const ox = minX - ORIGIN_SHIFT * side;
  const oy = minY - ORIGIN_SHIFT * side;
  const columns = Math.floor((maxX - ox) / side) + 1;
  const rows = Math.floor((maxY - oy) / side) + 1;
  const inv = 1 / side;
  const start = new Int32Array(columns * rows + 1);
  const bucketOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const b = Math.floor((ys[i] - oy) * inv) * columns + Math.floor((xs[i] - ox) * inv);
    bucketOf[i] = b;
    start[b + 1]++;
  }
  for (let b = 0; b < columns * rows; b++) start[b + 1] += start[b];
  const fill = start.slice(0, columns * rows);
  const point = new Int32Array(n);
  for (let i = 0; i < n; i++) point[fill[bucketOf[i]]++] = i;

  const inBucket = (b: number, x: number, y: number): number => {
    for (let k = start[b], end = start[b + 1]; k < end; k++) {
      const i = point[k];
      if (Math.abs(xs[i] - x) <= POINT_TOLERANCE && Math.abs(ys[i] - y) <= POINT_TOLERANCE) return i;
    }
    return -1;
  };
  return (x, y) => {
    const fx = (x - ox) * inv;
    const fy = (y - oy) * inv;
    const c = Math.floor(fx);
    const r = Math.floor(fy);
    if (c >= 0 && c < columns && r >= 0 && r < rows) {
      const hit = inBucket(r * columns + c, x, y);
      if (hit >= 0) return hit;
    }
    // Within the tolerance of a border the point may sit in the next bucket.
    const t = POINT_TOLERANCE * inv;
    const c0 = Math.max(0, Math.floor(fx - t));
    const c1 = Math.min(columns - 1, Math.floor(fx + t));
    const r0 = Math.max(0, Math.floor(fy - t));
    const r1 = Math.min(rows - 1, Math.floor(fy + t));
    for (let rr = r0; rr <= r1; rr++) {
      for (let cc = c0; cc <= c1; cc++) {
        if (rr === r && cc === c) continue;
        const hit = inBucket(rr * columns + cc, x, y);
        if (hit >= 0) return hit;
      }
    }
    return -1;
  };
}

/** Most runs of rows `pointLookup` searches one by one before it builds a bucket index instead. */
const MAX_RUNS = 4;

/**
 * Finds points by position as `pointIndex` does (within `POINT_TOLERANCE` along each axis, -1 when none),
 * without building an index when it can. Points stored row by row — x increasing along a row, each row's
 * band of y entirely below the next one's (or the same by columns, x and y swapped), in at most a few such
 * runs — are found by binary search: the row whose band holds y, then the point along it. Grids numbered
 * row by row are (square, hex, triangle cells whose centres zigzag within their row, a masked grid's kept
 * points); other points get a bucket index. Linear to check the order; a query then reads O(log n) points
 * per run.
 */
export function pointLookup(xs: Float64Array, ys: Float64Array): (x: number, y: number) => number {
  if (xs.length === 0) return () => -1;
  return rowSearch(ys, xs, true) ?? rowSearch(xs, ys, false) ?? pointIndex(xs, ys);
}

/**
 * A search of the points by rows along `minor` stacked along `major`; undefined when they are not so
 * ordered, or in more than `MAX_RUNS` runs of rows.
 */
function rowSearch(
  major: Float64Array,
  minor: Float64Array,
  byRows: boolean,
): ((x: number, y: number) => number) | undefined {
  const n = major.length;
  const gap = 2 * POINT_TOLERANCE;
  // Rows: a new one wherever `minor` does not grow by more than the gap. Each row's band [lo, hi] of `major`.
  let rows = 1;
  for (let i = 1; i < n; i++) if (!(minor[i] - minor[i - 1] > gap)) rows++;
  const start = new Int32Array(rows + 1);
  const lo = new Float64Array(rows);
  const hi = new Float64Array(rows);
  lo[0] = hi[0] = major[0];
  for (let i = 1, r = 0; i < n; i++) {
    if (!(minor[i] - minor[i - 1] > gap)) {
      start[++r] = i;
      lo[r] = hi[r] = major[i];
    } else if (major[i] < lo[r]) lo[r] = major[i];
    else if (major[i] > hi[r]) hi[r] = major[i];
  }
  start[rows] = n;
  // Runs: a new one wherever a row's band does not lie wholly past the previous one's.
  const runs = [0];
  for (let r = 1; r < rows; r++) {
    if (lo[r] - hi[r - 1] > gap) continue;
    if (runs.length === MAX_RUNS) return;
    runs.push(r);
  }
  runs.push(rows);
  const t = POINT_TOLERANCE;
  return (x, y) => {
    const a = byRows ? y : x;
    const b = byRows ? x : y;
    for (let k = 0; k + 1 < runs.length; k++) {
      // The row whose band holds a (bands are more than twice the tolerance apart: at most one).
      let r0 = runs[k];
      let r1 = runs[k + 1];
      let row = -1;
      while (r0 < r1) {
        const mid = (r0 + r1) >>> 1;
        if (a > hi[mid] + t) r0 = mid + 1;
        else if (a < lo[mid] - t) r1 = mid;
        else {
          row = mid;
          break;
        }
      }
      if (row < 0) continue;
      let p0 = start[row];
      let p1 = start[row + 1];
      while (p0 < p1) {
        const mid = (p0 + p1) >>> 1;
        if (b > minor[mid] + t) p0 = mid + 1;
        else if (b < minor[mid] - t) p1 = mid;
        else {
          if (Math.abs(minor[mid] - b) <= t && Math.abs(major[mid] - a) <= t) return mid;
          break;
        }
      }
    }
    return -1;
  };
}
