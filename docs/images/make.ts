/**
 * Regenerates the README's pictures from the example books: `npm run images`. Each picture is a row of
 * pages (rendered from the display list, as `build --svg` draws them, rasterised by sharp), on a grey ground.
 * The pages shown are named below; check the pictures after a book changes its page order.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { layoutBook, planSpecFiles } from '../../src/book/build-book.js';
import { makeCover, prepareCover } from '../../src/book/cover.js';
import type { DisplayDocument } from '../../src/layout/display-list.js';
import { renderSvgPage } from '../../src/render/svg.js';

const HERE = import.meta.dirname;
const BOOKS = join(HERE, '..', '..', 'books');
/** Height of one page in a picture, pixels. */
const HEIGHT = 540;
const GAP = 12;
const GROUND = '#e6e6e6';

/** A page (1-based) of a book, as a PNG `height` pixels high. */
async function pagePicture(doc: DisplayDocument, page: number, height = HEIGHT): Promise<Buffer> {
  const p = doc.pages[page - 1];
  if (!p) throw new Error(`the book has no page ${page}`);
  const width = Math.round((p.width / p.height) * height);
  const svg = renderSvgPage(doc, page - 1, { width, height });
  return sharp(Buffer.from(svg))
    .flatten({ background: p.background ?? '#ffffff' })
    .png()
    .toBuffer();
}

/** Pictures side by side with a gap, on the grey ground. */
async function row(pictures: Buffer[]): Promise<Buffer> {
  const sizes = await Promise.all(pictures.map((b) => sharp(b).metadata()));
  const height = Math.max(...sizes.map((s) => s.height ?? 0)) + 2 * GAP;
  const width = sizes.reduce((w, s) => w + (s.width ?? 0) + GAP, GAP);
  let x = GAP;
  const layers = pictures.map((input, i) => {
    const layer = { input, left: x, top: GAP };
    x += (sizes[i].width ?? 0) + GAP;
    return layer;
  });
  return sharp({ create: { width, height, channels: 3, background: GROUND } })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const books = new Map<string, DisplayDocument>();
async function book(name: string): Promise<DisplayDocument> {
  let doc = books.get(name);
  if (!doc) {
    doc = (await layoutBook(join(BOOKS, `${name}.yaml`))).doc;
    books.set(name, doc);
  }
  return doc;
}

async function pages(list: [string, number][]): Promise<Buffer> {
  const out: Buffer[] = [];
  for (const [name, page] of list) out.push(await pagePicture(await book(name), page));
  return row(out);
}

async function cover(name: string): Promise<Buffer> {
  const planned = await planSpecFiles(join(BOOKS, `${name}.yaml`));
  const count = (await book(name)).pages.length;
  const plan = await prepareCover(planned, count);
  const made = await makeCover(plan, planned.plan, count, undefined, () => {});
  return row([await pagePicture(made.composed.doc, 1, 420)]);
}

const PICTURES: Record<string, () => Promise<Buffer>> = {
  'sample-pages.png': () =>
    pages([
      ['sample', 3],
      ['sample', 6],
      ['sample', 16],
    ]),
  'shapes-pages.png': () =>
    pages([
      ['shapes', 10],
      ['shapes', 11],
      ['shapes', 5],
      ['shapes', 17],
    ]),
  'picture-pages.png': () =>
    pages([
      ['pictures', 4],
      ['pictures', 5],
      ['pictures', 6],
      ['pictures', 9],
    ]),
  'print-pages.png': () =>
    pages([
      ['kids-activity', 4],
      ['kids-activity', 6],
      ['kids-activity', 10],
      ['kdp-interior', 17],
      ['kdp-interior', 38],
    ]),
  'large-print-pages.png': () =>
    pages([
      ['large-print', 6],
      ['large-print', 26],
    ]),
  'hidden-picture-pages.png': () =>
    pages([
      ['hidden-pictures', 5],
      ['hidden-pictures', 10],
    ]),
  'rule-pages.png': () =>
    pages([
      ['rule-mazes-colour', 3],
      ['rule-mazes-colour', 5],
      ['rule-mazes-colour', 8],
      ['rule-mazes-colour', 10],
    ]),
  'cover.png': () => cover('kdp-interior'),
};

const only = process.argv.slice(2);
for (const [file, make] of Object.entries(PICTURES)) {
  if (only.length > 0 && !only.includes(file)) continue;
  await sharp(await make()).toFile(join(HERE, file));
  process.stdout.write(`docs/images/${file}\n`);
}
