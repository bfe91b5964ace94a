import { describe, expect, it } from 'vitest';
import { layoutBook } from '../../src/book/build-book.js';
import type { PathItem, TextItem } from '../../src/layout/display-list.js';
import { labelSide } from '../../src/layout/markers.js';
import { pathBox } from '../../src/vector/path-data.js';

describe('labelSide', () => {
  it('puts a word right of a marker at the top or bottom and above one on the left or right', () => {
    // The tangent (-ny, nx) times the side, in page terms (y down).
    const towards = (nx: number, ny: number) => {
      const k = labelSide(nx, ny);
      return [-ny * k + 0, nx * k + 0];
    };
    expect(towards(0, -1)).toEqual([1, 0]); // top: right
    expect(towards(0, 1)).toEqual([1, 0]); // bottom: right
    expect(towards(-1, 0)).toEqual([0, -1]); // left: above
    expect(towards(1, 0)).toEqual([0, -1]); // right: above
    // Slanted openings by their steeper part.
    expect(towards(0.5, 0.866)[0]).toBeGreaterThan(0);
    expect(towards(-0.866, 0.5)[1]).toBeLessThan(0);
  });
});

describe('kids-letter', () => {
  it('has every START and FINISH word on the same side of its arrow: the right', async () => {
    const { doc, plan } = await layoutBook('books/kids-letter.yaml');
    let labels = 0;
    for (const page of doc.pages) {
      const words = page.items.filter(
        (i): i is TextItem => i.type === 'text' && (i.text === 'START' || i.text === 'FINISH'),
      );
      const arrows = page.items
        .filter((i): i is PathItem => i.type === 'path' && i.fill === plan.theme.colors.markers && !i.stroke)
        .map((i) => pathBox(i.path))
        .filter((b) => b !== undefined);
      for (const w of words) {
        const nearest = arrows.reduce((a, b) => (Math.abs(b.y - w.y) < Math.abs(a.y - w.y) ? b : a));
        expect(w.x, `${w.text} right of its arrow`).toBeGreaterThan(nearest.x + nearest.width);
        labels++;
      }
    }
    // Six puzzles and the worked example, two words each.
    expect(labels).toBe(14);
  });
});
