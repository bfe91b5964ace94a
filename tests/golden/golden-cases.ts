import { resolve } from 'node:path';
import { layoutBook } from '../../src/book/build-book.js';
import { renderSvgPage } from '../../src/render/svg.js';

export const GOLDEN_SVG = resolve('tests/golden/sample-page.svg');

/** Page 4 of the sample book (its first maze, "Warm-up", after the title, copyright and how-to-play pages) as SVG. */
export async function renderGoldenSvg(): Promise<string> {
  const { doc } = await layoutBook('books/sample.yaml');
  return renderSvgPage(doc, 3);
}
