/**
 * Solve times of several readers at several mazes, taken apart into how slow each maze is and how fast each
 * reader is: ln(seconds) = mean + reader + maze + noise (an additive model on log times, fitted by least
 * squares with alternating means, the readers' parts averaging 0 and the mazes' parts averaging 0). With
 * every reader at every maze the maze's part is just its mean log time; with readers at different mazes it
 * still compares the mazes as if one typical reader had solved them all. No difficulty model is involved:
 * this is the yardstick a model's ranking is judged against.
 */

/** One reader's time at one maze. */
export interface ReaderTime {
  reader: string;
  maze: string;
  seconds: number;
}

export interface ReaderEffects {
  /** Per maze: ln of its typical time, less the overall mean (higher: slower to solve). */
  mazes: Map<string, number>;
  /** Per reader, in order of first appearance. */
  readers: Map<string, ReaderSpeed>;
  /** exp(mean ln seconds): the typical time over all. */
  typicalSeconds: number;
}

export interface ReaderSpeed {
  /** Mazes this reader timed. */
  mazes: number;
  /** Their times against the typical reader's at the same mazes: 0.8 = a fifth quicker. */
  speed: number;
  /**
   * How far their times stray from what the mazes' and their own typical times say, as a factor: 1.3 = about
   * 30 % either way (e^(root mean square of the residuals)); 1 with a single maze.
   */
  spread: number;
}

/** Rounds of alternating means; each round only lowers the squared error, and 200 settle any real data. */
const ROUNDS = 200;

/** Takes times apart (see above). Each (reader, maze) should appear once (a reader's median, say). */
export function readerEffects(times: readonly ReaderTime[]): ReaderEffects {
  const readerIndex = new Map<string, number>();
  const mazeIndex = new Map<string, number>();
  for (const t of times) {
    if (!readerIndex.has(t.reader)) readerIndex.set(t.reader, readerIndex.size);
    if (!mazeIndex.has(t.maze)) mazeIndex.set(t.maze, mazeIndex.size);
  }
  const R = readerIndex.size;
  const M = mazeIndex.size;
  const y = times.map((t) => Math.log(t.seconds));
  const r = times.map((t) => readerIndex.get(t.reader) ?? 0);
  const m = times.map((t) => mazeIndex.get(t.maze) ?? 0);
  const mean = y.reduce((a, v) => a + v, 0) / Math.max(1, y.length);
  const a = new Array<number>(R).fill(0);
  const b = new Array<number>(M).fill(0);
  const sumsBy = (index: readonly number[], size: number, residual: (i: number) => number) => {
    const sum = new Array<number>(size).fill(0);
    const n = new Array<number>(size).fill(0);
    for (let i = 0; i < y.length; i++) {
      sum[index[i]] += residual(i);
      n[index[i]]++;
    }
    return sum.map((s, k) => (n[k] > 0 ? s / n[k] : 0));
  };
  for (let round = 0; round < ROUNDS; round++) {
    const nb = sumsBy(m, M, (i) => y[i] - mean - a[r[i]]);
    const na = sumsBy(r, R, (i) => y[i] - mean - nb[m[i]]);
    let change = 0;
    for (let k = 0; k < M; k++) change = Math.max(change, Math.abs(nb[k] - b[k]));
    for (let k = 0; k < R; k++) change = Math.max(change, Math.abs(na[k] - a[k]));
    b.splice(0, M, ...nb);
    a.splice(0, R, ...na);
    if (change < 1e-10) break;
  }
  // Centre the readers' parts (their mean goes to the mazes', which only shifts every maze alike).
  const centre = a.reduce((s, v) => s + v, 0) / Math.max(1, R);
  const squares = new Array<number>(R).fill(0);
  const counts = new Array<number>(R).fill(0);
  for (let i = 0; i < y.length; i++) {
    squares[r[i]] += (y[i] - mean - a[r[i]] - b[m[i]]) ** 2;
    counts[r[i]]++;
  }
  const mazeMean = b.reduce((s, v) => s + v, 0) / Math.max(1, M);
  return {
    mazes: new Map([...mazeIndex].map(([key, k]) => [key, b[k] - mazeMean])),
    readers: new Map(
      [...readerIndex].map(([name, k]) => [
        name,
        {
          mazes: counts[k],
          speed: Math.exp(a[k] - centre),
          spread: counts[k] > 1 ? Math.exp(Math.sqrt(squares[k] / counts[k])) : 1,
        },
      ]),
    ),
    typicalSeconds: Math.exp(mean),
  };
}
