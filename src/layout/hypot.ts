/**
 * `Math.hypot(x, y)` to the last bit, at the cost of a few arithmetic operations: V8 computes hypot as the
 * larger magnitude m times √((|x|/m)² + (|y|/m)²), the squares added in order, and this does the same
 * operations in the same order, so every drawing that used `Math.hypot` keeps its exact coordinates. V8's
 * built-in takes any number of arguments and is slow (a call into the runtime each time), which costs a
 * circle maze of a million cells most of its wall drawing. A test compares the two bit for bit.
 */
export function hypot(x: number, y: number): number {
  const a = Math.abs(x);
  const b = Math.abs(y);
  if (a === Number.POSITIVE_INFINITY || b === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  const m = a > b ? a : b;
  if (m === 0) return 0;
  const p = a / m;
  const q = b / m;
  return Math.sqrt(p * p + q * q) * m;
}
