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

/** Most sorted runs `pointLookup` searches one by one before it builds a bucket index instead. */
const MAX_RUNS = 4;
/** Two points are on one row (or column) when their y (or x) differ by no more than this (rounding). */
const SAME_LINE = 1e-9;

/**
 * Finds points by position as `pointIndex` does (within `POINT_TOLERANCE` along each axis, -1 when none),
 * without building an index when it can: points stored in a few runs, each in reading order — rows of
 * increasing y, x increasing along a row (or columns of increasing x, y increasing down a column), rows and
 * points along them more than twice the tolerance apart — are found by binary search in each run. Grids
 * numbered row by row are (square, hex, a triangle grid's corners, a masked grid's kept points); any other
 * points get a bucket index. Linear to check the order; a query then reads O(log n) points per run.
 */
export function pointLookup(xs: Float64Array, ys: Float64Array): (x: number, y: number) => number {
  const n = xs.length;
  if (n === 0) return () => -1;
  const byRows = sortedRuns(ys, xs);
  if (byRows) return runSearch(byRows, ys, xs, true);
  const byColumns = sortedRuns(xs, ys);
  if (byColumns) return runSearch(byColumns, xs, ys, false);
  return pointIndex(xs, ys);
}

/**
 * The starts of the runs of points in reading order along `major` then `minor` (plus the end), or
 * undefined when there are more than `MAX_RUNS`.
 */
function sortedRuns(major: Float64Array, minor: Float64Array): number[] | undefined {
  const starts = [0];
  const gap = 2 * POINT_TOLERANCE;
  let line = major[0];
  for (let i = 1; i < major.length; i++) {
    const along = Math.abs(major[i] - line) <= SAME_LINE;
    if (along ? minor[i] - minor[i - 1] > gap : major[i] - line > gap) {
      if (!along) line = major[i];
      continue;
    }
    if (starts.length === MAX_RUNS) return;
    starts.push(i);
    line = major[i];
  }
  starts.push(major.length);
  return starts;
}

function runSearch(
  starts: number[],
  major: Float64Array,
  minor: Float64Array,
  rows: boolean,
): (x: number, y: number) => number {
  const t = POINT_TOLERANCE;
  return (x, y) => {
    const a = rows ? y : x;
    const b = rows ? x : y;
    for (let r = 0; r + 1 < starts.length; r++) {
      let lo = starts[r];
      let hi = starts[r + 1];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const m = major[mid];
        const after = a > m + t || (a >= m - t && b > minor[mid] + t);
        if (after) lo = mid + 1;
        else if (a < m - t || b < minor[mid] - t) hi = mid;
        else return mid;
      }
    }
    return -1;
  };
}
