/**
 * Reference loop for `npm run bench`: the recursive backtracker on a full w × h square grid in plain
 * JavaScript on typed arrays (Uint8Array of visited cells, Int32Array stack, xorshift32), the same loop as
 * bench/reference/backtracker.c. It knows it is on a square grid, so it computes neighbours instead of
 * reading them: the practical limit for mazebook's topology-neutral backtracker in JavaScript.
 *
 * Open walls: east[c] (between c and c + 1) and south[c] (between c and c + w), one byte per cell.
 */
export function referenceBacktracker(
  w: number,
  h: number,
  seed: number,
  scratch: { visited: Uint8Array; stack: Int32Array; east: Uint8Array; south: Uint8Array },
): void {
  const { visited, stack, east, south } = scratch;
  visited.fill(0);
  east.fill(0);
  south.fill(0);
  let s = seed >>> 0 || 1;
  let sp = 0;
  visited[0] = 1;
  stack[sp++] = 0;
  const choices = new Int32Array(4);
  while (sp > 0) {
    const c = stack[sp - 1];
    const x = c % w;
    const y = (c - x) / w;
    let k = 0;
    if (x > 0 && visited[c - 1] === 0) choices[k++] = 0;
    if (x < w - 1 && visited[c + 1] === 0) choices[k++] = 1;
    if (y > 0 && visited[c - w] === 0) choices[k++] = 2;
    if (y < h - 1 && visited[c + w] === 0) choices[k++] = 3;
    if (k === 0) {
      sp--;
      continue;
    }
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    let next: number;
    switch (choices[(s >>> 0) % k]) {
      case 0:
        next = c - 1;
        east[next] = 1;
        break;
      case 1:
        next = c + 1;
        east[c] = 1;
        break;
      case 2:
        next = c - w;
        south[next] = 1;
        break;
      default:
        next = c + w;
        south[c] = 1;
        break;
    }
    visited[next] = 1;
    stack[sp++] = next;
  }
}

/** Scratch arrays for `referenceBacktracker` on w × h cells. */
export function referenceScratch(w: number, h: number) {
  const n = w * h;
  return {
    visited: new Uint8Array(n),
    stack: new Int32Array(n),
    east: new Uint8Array(n),
    south: new Uint8Array(n),
  };
}
