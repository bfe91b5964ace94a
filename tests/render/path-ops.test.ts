import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../../src/random/derive-seed.js';
import { createRng } from '../../src/random/sfc32.js';
import { pdfPathBytes, writePath } from '../../src/render/path-ops.js';
import { CLOSE, CURVE, LINE, MOVE, type PathData } from '../../src/vector/path-data.js';

/** The operators as the shared writer formats them (`fmt`), one per line: what pdfPathBytes must write. */
function viaFmt(path: PathData, tail = ''): string {
  let s = '';
  writePath(
    path,
    (x, y) => {
      s += `${x} ${y} m\n`;
    },
    (x, y) => {
      s += `${x} ${y} l\n`;
    },
    () => {
      s += 'h\n';
    },
    (x1, y1, x2, y2, x, y) => {
      s += `${x1} ${y1} ${x2} ${y2} ${x} ${y} c\n`;
    },
  );
  return s + tail;
}

/** A path of every command over the given numbers, in order (a close now and then). */
function pathOf(numbers: readonly number[]): PathData {
  const cmds: number[] = [];
  let used = 0;
  for (let i = 0; used < numbers.length; i++) {
    const c = i === 0 ? MOVE : i % 7 === 3 ? CLOSE : i % 5 === 4 ? CURVE : i % 11 === 10 ? MOVE : LINE;
    if (c === CLOSE) {
      cmds.push(c);
      continue;
    }
    const n = c === CURVE ? 6 : 2;
    if (used + n > numbers.length) break;
    cmds.push(c);
    used += n;
  }
  return { cmds: Uint8Array.from(cmds), coords: Float64Array.from(numbers.slice(0, used)) };
}

describe('pdfPathBytes', () => {
  it('refuses a coordinate it cannot write (NaN, infinite, past 10^13 points) with an internal error', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e13, -2e14]) {
      const path: PathData = { cmds: Uint8Array.of(MOVE, LINE), coords: Float64Array.of(1, 2, bad, 3) };
      expect(() => pdfPathBytes(path), String(bad)).toThrow(/internal: path coordinate/);
    }
    const far: PathData = { cmds: Uint8Array.of(MOVE), coords: Float64Array.of(9.99e12, -9.99e12) };
    expect(pdfPathBytes(far).toString('latin1')).toBe(viaFmt(far));
  });

  it('writes every number as fmt does, at the edges of its lookups and past them', () => {
    const edges = [
      0,
      -0,
      0.004,
      -0.004,
      0.005,
      -0.005,
      0.01,
      -0.01,
      0.1,
      0.25,
      0.5,
      1,
      9,
      9.99,
      9.995,
      10,
      99.995,
      100,
      999.99,
      999.995,
      1000,
      1234.5,
      9999.99,
      9999.994,
      9999.995,
      10_000,
      10_000.01,
      99_999.99,
      123_456.78,
      1e7,
      10_737_418.23,
      10_737_418.24,
      10_737_418.245,
      2 ** 30,
      1e12 + 0.07,
      123_456_789_012.34,
    ];
    const numbers = [...edges, ...edges.map((x) => -x)];
    // Pad to a whole number of commands in several phases, so each edge lands in moves, lines and curves.
    for (let shift = 0; shift < 6; shift++) {
      const path = pathOf([...Array(shift).fill(1.5), ...numbers, ...numbers]);
      expect(pdfPathBytes(path, 'S').toString('latin1')).toBe(viaFmt(path, 'S'));
    }
  });

  it('writes random page coordinates and hundredths of every kind as fmt does', () => {
    const rng = createRng(deriveSeed(18, 'path-ops', 0));
    const numbers: number[] = [];
    for (let i = 0; i < 60_000; i++) {
      const scale = [1, 100, 10_000, 1e6, 1e9][i % 5];
      const x = rng.next() * scale * (rng.next() < 0.3 ? -1 : 1);
      // Some exactly on hundredths or half of one (ties round up, as Math.round does).
      numbers.push(i % 3 === 0 ? Math.round(x * 100) / 100 : i % 3 === 1 ? Math.round(x * 200) / 200 : x);
    }
    const path = pathOf(numbers);
    expect(pdfPathBytes(path).toString('latin1')).toBe(viaFmt(path));
    expect(pdfPathBytes(path, 'B*').toString('latin1')).toBe(viaFmt(path, 'B*'));
  });

  it('writes a path with no numbers, and nothing at all', () => {
    const closes: PathData = { cmds: Uint8Array.of(CLOSE, CLOSE), coords: new Float64Array(0) };
    expect(pdfPathBytes(closes, 'f').toString('latin1')).toBe('h\nh\nf');
    expect(pdfPathBytes({ cmds: new Uint8Array(0), coords: new Float64Array(0) }).length).toBe(0);
  });
});
