import { describe, expect, it } from 'vitest';
import { bfs } from '../../src/grid/bfs.js';
import { subGrid } from '../../src/grid/grid.js';
import {
  type GridLayout,
  type TopologyInfo,
  type TopologyName,
  topologies,
} from '../../src/grid/registry.js';
import { maskCells, maskFrame } from '../../src/mask/apply.js';
import { formulaShape } from '../../src/mask/formula.js';
import { MAX_STRETCH, type TextMask, textShape } from '../../src/mask/text.js';
import { latoBold } from '../helpers.js';

const face = latoBold();

/** A layout about `rows` cells tall for the text's box, as passage sizing would choose. */
function layoutFor(shape: TopologyName, mask: TextMask, rows: number): GridLayout {
  const a = mask.aspect ?? 1;
  const topo: TopologyInfo = topologies[shape];
  return { shape, size: topo.fit(rows * a, rows) };
}

/** v (−1 bottom … 1 top of the text's box) of every bridge cell. */
function bridgeHeights(layout: GridLayout, mask: TextMask) {
  const m = maskCells(layout, { shape: mask, islands: 'join' });
  const { left, top, sx, sy } = maskFrame(m.full, mask);
  const heights: number[] = [];
  for (let c = 0; c < m.full.cellCount; c++) {
    if (m.bridge[c] === 0) continue;
    expect((m.full.cellX[c] - left) * sx - 1).toBeGreaterThan(-1.2); // within the text's box, give or take
    heights.push(1 - (m.full.cellY[c] - top) * sy);
  }
  return { m, heights };
}

describe('text mask bridges', () => {
  // Word, grid height in cells: tall enough that every letter is its own piece before bridging.
  const cases = [
    ['ANNA', 12],
    ['HELLO', 12],
    ['MAZE', 12],
  ] as const;
  for (const [word, rows] of cases) {
    for (const shape of ['square', 'hex', 'triangle', 'octagon'] as const) {
      it(`joins ${word} on ${shape} cells along the baseline, never across the letters' upper part`, () => {
        const mask = textShape(word, face, 'test');
        const layout = layoutFor(shape, mask, rows);
        const { m, heights } = bridgeHeights(layout, mask);
        expect(m.pieces).toBeGreaterThan(1);
        expect(heights.length).toBeGreaterThan(0);
        const [band] = mask.bands;
        for (const v of heights) {
          // A bridge cell's centre lies in the line's lower band (one cell of slack for the grid's rows).
          const slack = 2 / rows;
          expect(v).toBeGreaterThanOrEqual(band.low - slack);
          expect(v).toBeLessThanOrEqual(band.high + slack);
        }
        const grid = subGrid(m.full, m.keep);
        expect(bfs(grid, new Uint8Array(grid.wallCount).fill(1), 0).reached).toBe(grid.cellCount);
      });
    }
  }

  it('keeps each letter its own piece before bridging once letters are a dozen cells tall', () => {
    for (const [word, letters] of [
      ['HELLO', 5],
      ['ANNA', 4],
    ] as const) {
      const mask = textShape(word, face, 'test');
      expect(maskCells(layoutFor('square', mask, 12), { shape: mask, islands: 'join' }).pieces).toBe(letters);
    }
  });

  it('still joins other masks by the shortest bridge', () => {
    // Two discs side by side: the shortest bridge runs straight across at mid-height.
    const blobs = formulaShape('(x+0.6)^2 + y^2 < 0.09 or (x-0.6)^2 + y^2 < 0.09');
    const m = maskCells(
      { shape: 'square', size: { columns: 40, rows: 40 } },
      { shape: blobs, islands: 'join' },
    );
    const rows = new Set<number>();
    let cells = 0;
    for (let c = 0; c < m.full.cellCount; c++) {
      if (m.bridge[c] === 0) continue;
      rows.add(m.full.cellY[c]);
      cells++;
    }
    expect(rows.size).toBe(1);
    expect(cells).toBeLessThanOrEqual(14);
  });
});

describe('text mask lines and stretch', () => {
  it('sets the text as written without a target aspect', () => {
    const mask = textShape('YOU FOUND IT', face, 'test');
    expect(mask.lines).toEqual(['YOU FOUND IT']);
    expect(mask.stretch).toBe(1);
  });

  it('breaks between words to fill a tall area, and uses more of it', () => {
    const area = 0.75;
    const share = (aspect: number) => Math.min(aspect / area, area / aspect);
    const plain = textShape('YOU FOUND IT', face, 'test');
    const fitted = textShape('YOU FOUND IT', face, 'test', { aspect: area });
    expect(fitted.lines.length).toBeGreaterThan(1);
    expect(fitted.lines.join(' ')).toBe('YOU FOUND IT');
    expect(share(fitted.aspect ?? 1)).toBeGreaterThan(share(plain.aspect ?? 1) + 0.2);
  });

  it('stretches one long word within bounds instead of breaking it', () => {
    const plain = textShape('ANNA', face, 'test');
    const fitted = textShape('ANNA', face, 'test', { aspect: 0.75 });
    expect(fitted.lines).toEqual(['ANNA']);
    expect(fitted.stretch).toBeGreaterThan(1);
    expect(fitted.stretch).toBeLessThanOrEqual(MAX_STRETCH);
    // Taller letters are set a little further apart (the gap is a share of their height).
    const ratio = (fitted.aspect ?? 1) / ((plain.aspect ?? 1) / fitted.stretch);
    expect(ratio).toBeGreaterThanOrEqual(1);
    expect(ratio).toBeLessThan(1.15);
    // A wide area needs no stretch.
    expect(textShape('ANNA', face, 'test', { aspect: 5 }).stretch).toBe(1);
  });

  it('honours the author: \\n breaks and a number of lines', () => {
    expect(textShape('HAPPY\nBIRTHDAY ANNA', face, 'test', { aspect: 0.75 }).lines).toEqual([
      'HAPPY',
      'BIRTHDAY ANNA',
    ]);
    const two = textShape('HAPPY BIRTHDAY DEAR ANNA', face, 'test', { aspect: 4, lines: 2 });
    expect(two.lines).toEqual(['HAPPY BIRTHDAY', 'DEAR ANNA']);
    expect(textShape('HAPPY BIRTHDAY', face, 'test', { aspect: 0.5, lines: 1 }).lines).toEqual([
      'HAPPY BIRTHDAY',
    ]);
  });

  it('gives each line its own bridge band, top line first', () => {
    const mask = textShape('AB\nCD', face, 'test');
    expect(mask.bands).toHaveLength(2);
    const [first, second] = mask.bands;
    expect(first.low).toBeGreaterThan(second.high);
    expect(second.low).toBeLessThan(-0.9);
    const cost = (v: number) => mask.bridgeCost?.(0, v) ?? 1;
    expect(cost(second.baseline)).toBe(1);
    expect(cost(second.high)).toBeGreaterThan(cost(second.baseline));
    expect(cost(second.high)).toBeLessThan(2);
    expect(cost((first.high + 1) / 2)).toBeGreaterThan(4);
  });
});
