import { describe, expect, it } from 'vitest';
import {
  type GridLayout,
  type TopologyInfo,
  type TopologyName,
  topologies,
} from '../../src/grid/registry.js';
import { maskCells, maskFrame } from '../../src/mask/apply.js';
import { LETTER_GAP, type TextMask, textShape } from '../../src/mask/text.js';
import { latoBold } from '../helpers.js';

const face = latoBold();

/** A portrait page's maze area (A4 less margins and title), width ÷ height. */
const PAGE = 0.78;

/** A layout `rows` cells tall for the text's box, as passage sizing would choose. */
function layoutFor(shape: TopologyName, mask: TextMask, rows: number): GridLayout {
  const topo: TopologyInfo = topologies[shape];
  return { shape, size: topo.fit(rows * (mask.aspect ?? 1), rows) };
}

/** Connected groups of the cells `member` picks, through the grid's neighbours. */
function groups(m: ReturnType<typeof maskCells>, member: (c: number) => boolean): number[][] {
  const { full } = m;
  const seen = new Uint8Array(full.cellCount);
  const out: number[][] = [];
  for (let s = 0; s < full.cellCount; s++) {
    if (seen[s] || !member(s)) continue;
    const group = [s];
    seen[s] = 1;
    for (let i = 0; i < group.length; i++) {
      const c = group[i];
      for (let k = full.adjStart[c]; k < full.adjStart[c + 1]; k++) {
        const n = full.adjCell[k];
        if (!seen[n] && member(n)) {
          seen[n] = 1;
          group.push(n);
        }
      }
    }
    out.push(group);
  }
  return out;
}

describe('a word mask on a page', () => {
  it('fills more of a portrait maze area with one word', () => {
    const mask = textShape('ANNA', face, 'test', { aspect: PAGE });
    const aspect = mask.aspect ?? 1;
    expect(mask.lines).toEqual(['ANNA']);
    // One line, letters drawn up to MAX_STRETCH taller: ANNA covers 0.31 of the area at 1.6 times, 0.36 now.
    expect(Math.min(aspect / PAGE, PAGE / aspect)).toBeGreaterThanOrEqual(0.35);
  });

  it('splits one word between its letters when the author asks for lines, and then fills the area', () => {
    const mask = textShape('ANNA', face, 'test', { aspect: PAGE, lines: 2 });
    expect(mask.lines).toEqual(['AN', 'NA']);
    const aspect = mask.aspect ?? 1;
    expect(Math.min(aspect / PAGE, PAGE / aspect)).toBeGreaterThanOrEqual(0.7);
    // Automatic lines never break a word.
    expect(textShape('ANNA', face, 'test', { aspect: PAGE }).lines).toEqual(['ANNA']);
  });

  // Hex cells need a few more rows than squares before a stretched N's diagonal holds together.
  for (const [word, rows, shapes] of [
    ['ANNA', 24, ['square', 'hex']],
    ['ANNA', 12, ['square']],
    ['ANNA', 16, ['hex']],
    ['HELLO', 16, ['square', 'hex']],
    ['MAZE', 20, ['square', 'hex']],
  ] as const) {
    for (const shape of shapes) {
      it(`${word}, ${rows} cells tall on ${shape} cells: each letter its own piece, joined by short bridges at its foot`, () => {
        const mask = textShape(word, face, 'test', { aspect: PAGE });
        const m = maskCells(layoutFor(shape, mask, rows), { shape: mask, islands: 'join' });
        const { full, keep, bridge } = m;
        // The letters' spans across the line: runs of bitmap columns with ink (the words tested have no
        // letters that overhang each other), as u from −1 (left) to 1 (right).
        const bitmap = mask.raster?.bitmap;
        if (!bitmap) throw new Error('a text mask is a bitmap');
        const spans: [number, number][] = [];
        for (let x = 0; x < bitmap.width; x++) {
          let ink = false;
          for (let y = 0; y < bitmap.height && !ink; y++) ink = bitmap.data[y * bitmap.width + x] !== 0;
          const u0 = (2 * x) / bitmap.width - 1;
          const u1 = (2 * (x + 1)) / bitmap.width - 1;
          if (!ink) continue;
          const last = spans.at(-1);
          if (last && Math.abs(last[1] - u0) < 1e-9) last[1] = u1;
          else spans.push([u0, u1]);
        }
        expect(spans).toHaveLength(word.length);
        // Without the bridge cells, every piece of the kept cells lies within one letter: no two letters
        // touch (a letter drawn coarsely may fall into more than one piece), and every letter has a piece.
        const { left, top, sx, sy } = maskFrame(full, mask);
        const u = (c: number) => (full.cellX[c] - left) * sx - 1;
        const pieces = groups(m, (c) => keep[c] !== 0 && bridge[c] === 0);
        const owners = new Set<number>();
        const ownerOf = new Int32Array(full.cellCount).fill(-1);
        for (const piece of pieces) {
          const lo = Math.min(...piece.map(u));
          const hi = Math.max(...piece.map(u));
          // A piece belongs to the letter whose span it overlaps; it overlaps no other one.
          const over = spans.flatMap(([a, b], i) => (hi >= a - 0.02 && lo <= b + 0.02 ? [i] : []));
          expect(over, `a piece spans letters ${over.join(', ')}`).toHaveLength(1);
          owners.add(over[0]);
          for (const c of piece) ownerOf[c] = over[0];
        }
        expect(owners.size).toBe(word.length);
        // A bridge between two letters lies in the line's lower band and is a short joint, not a long U. (A
        // bridge within one letter, mending a thin stroke the cells broke, may go anywhere.)
        const [band] = mask.bands;
        let between = 0;
        for (const joint of groups(m, (c) => bridge[c] !== 0)) {
          const letters = new Set<number>();
          for (const c of joint) {
            for (let k = full.adjStart[c]; k < full.adjStart[c + 1]; k++) {
              const o = ownerOf[full.adjCell[k]];
              if (o >= 0) letters.add(o);
            }
          }
          if (letters.size < 2) continue;
          between++;
          expect(joint.length).toBeLessThanOrEqual(Math.ceil(LETTER_GAP * rows) + 1);
          for (const c of joint) {
            const v = 1 - (full.cellY[c] - top) * sy;
            expect(v).toBeGreaterThanOrEqual(band.low - 2 / rows);
            expect(v).toBeLessThanOrEqual(band.high + 2 / rows);
          }
        }
        expect(between).toBeGreaterThanOrEqual(word.length - 1);
      });
    }
  }
});
