import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutBook } from '../../src/book/build-book.js';
import { oneMaze, pngPixels, renderDocument, renderMaze } from '../../src/book/render-maze.js';
import type { Item, Page } from '../../src/layout/display-list.js';
import { tempDir } from '../helpers.js';

/** Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The page size in points an SVG's viewBox gives. */
function svgPage(svg: string): { width: number; height: number } {
  const m = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!m) throw new Error('no viewBox');
  return { width: Number(m[1]), height: Number(m[2]) };
}

const words = (page: Page) => page.items.flatMap((i) => (i.type === 'text' ? [i.text] : []));
const strokes = (items: Item[]) => items.flatMap((i) => (i.type === 'path' && i.stroke ? [i.stroke] : []));

describe('render', () => {
  it('writes a PNG of exactly the pixels its DPI gives the page in points', async () => {
    const maze = { cells: [9, 7] as [number, number] };
    const svg = (await renderMaze({ format: 'svg', maze, size: '2in', seed: 3 })).toString();
    const page = svgPage(svg);
    for (const dpi of [72, 100, 300]) {
      const png = await renderMaze({ format: 'png', maze, size: '2in', seed: 3, dpi });
      const want = {
        width: Math.round((page.width * dpi) / 72),
        height: Math.round((page.height * dpi) / 72),
      };
      expect(pngSize(png)).toEqual(want);
      expect(pngPixels(page, dpi)).toEqual(want);
    }
  });

  it('draws markers and the answer route as the book’s pages do', async () => {
    const dir = tempDir({
      'b.yaml':
        'title: T\naudience: kids\nink: black\nsolutions: { style: dashed }\nfront: []\npages: [{ id: one, maze: { cells: 8 } }]\n',
    });
    const spec = join(dir, 'b.yaml');
    const { doc: book } = await layoutBook(spec);
    const { plan, puzzle } = await oneMaze({ format: 'svg', spec, page: 'one' });
    const drawn = renderDocument(plan, puzzle, { solution: true }).pages[0];
    // The puzzle page's words beside its markers.
    expect(words(book.pages[0])).toEqual(expect.arrayContaining(['START', 'FINISH']));
    expect(words(drawn)).toEqual(expect.arrayContaining(['START', 'FINISH']));
    // The answer page's route: with black ink a light band under the walls and a dashed grey line.
    const answer = book.pages.find((p) => strokes(p.items).some((s) => s.dash));
    if (!answer) throw new Error('no answer route in the book');
    const line = strokes(answer.items).find((s) => s.dash);
    const ours = strokes(drawn.items);
    expect(ours.find((s) => s.dash)?.color).toBe(line?.color);
    expect(ours.map((s) => s.color)).toContain(plan.theme.colors.solution);
    // Without --solution, no route at all.
    expect(strokes(renderDocument(plan, puzzle, {}).pages[0].items).some((s) => s.dash)).toBe(false);
  });
});
