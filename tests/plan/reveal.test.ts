import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { layoutBook, planSpec } from '../../src/book/build-book.js';
import type { DisplayDocument, PathItem, TextItem } from '../../src/layout/display-list.js';
import { tempDir } from '../helpers.js';
import { mazebookInProcess as mazebook } from '../run-cli.js';

/** A grey PNG drawn by a predicate: dark (0) where it holds, white elsewhere. */
async function png(width: number, height: number, dark: (x: number, y: number) => boolean): Promise<Buffer> {
  const data = Buffer.alloc(width * height, 255);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (dark(x, y)) data[y * width + x] = 0;
  return sharp(data, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

let dir = '';
beforeAll(async () => {
  dir = tempDir({
    // A fish-like blob: an ellipse and a triangular tail, 40 × 24 pixels.
    'blob.png': await png(
      40,
      24,
      (x, y) =>
        ((x - 16) / 13) ** 2 + ((y - 12) / 8) ** 2 < 1 || (x >= 28 && x < 37 && Math.abs(y - 12) < x - 26),
    ),
    'blank.png': await png(20, 20, () => false),
    'two.png': await png(40, 30, (x, y) => y > 4 && y < 25 && ((x > 3 && x < 16) || (x > 24 && x < 37))),
    'large.png': await png(400, 300, (x, y) => ((x - 200) / 150) ** 2 + ((y - 150) / 100) ** 2 < 1),
  });
});

let n = 0;
/** A book with a pen's floor (3 mm), under the colouring floor, so small pictures get one cell per pixel. */
const PEN = 'title: T\nseed: 4\npaper: letter\nmin-passage: 3mm\nsolutions: { appendix: true }\n';
function spec(
  pages: string,
  head = 'title: T\nseed: 4\npaper: letter\nsolutions: { appendix: true }\n',
): string {
  const file = join(dir, `book-${n++}.yaml`);
  writeFileSync(file, `${head}pages:\n${pages}`);
  return file;
}

async function refusal(pages: string): Promise<UserError> {
  const e = await planSpec(spec(pages)).catch((x: unknown) => x);
  expect(e).toBeInstanceOf(UserError);
  return e as UserError;
}

const texts = (doc: DisplayDocument, page: number): string[] =>
  doc.pages[page].items.filter((i): i is TextItem => i.type === 'text').map((t) => t.text);
const paths = (doc: DisplayDocument, page: number, role: PathItem['role']): PathItem[] =>
  doc.pages[page].items.filter((i): i is PathItem => i.type === 'path' && i.role === role);

describe('reveal in a spec', () => {
  it('lays a picture file on one cell per pixel, and its dark cells are the route’s target', async () => {
    const plan = await planSpec(spec('  - maze: { reveal: { image: blob.png } }\n', PEN));
    const { recipe } = plan.puzzles[0];
    expect(recipe.size).toEqual({ columns: 40, rows: 24 });
    const reveal = recipe.picture?.reveal;
    expect(reveal?.reverse).toBe(false);
    const dark = reveal?.dark ?? new Uint8Array();
    expect(dark.reduce((a, b) => a + b, 0)).toBeGreaterThan(200);
    // Centre of the ellipse dark, corner light.
    expect(dark[12 * 40 + 16]).toBe(1);
    expect(dark[0]).toBe(0);
  });

  it('takes cells: for k cells per pixel, and a reverse picture targets the light cells', async () => {
    const plan = await planSpec(
      spec(
        '  - maze: { reveal: { image: blob.png, reverse: true }, cells: [80, 48], markers: arrows }\n',
        'title: T\nseed: 4\npaper: letter\nmin-passage: 1.5mm\n',
      ),
    );
    const reveal = plan.puzzles[0].recipe.picture?.reveal;
    expect(plan.puzzles[0].recipe.size).toEqual({ columns: 80, rows: 48 });
    expect(reveal?.reverse).toBe(true);
    expect(reveal?.target[0]).toBe(1);
    expect(reveal?.dark[24 * 80 + 32]).toBe(1);
    expect(reveal?.target[24 * 80 + 32]).toBe(0);
  });

  it('keeps a colouring floor of 5 mm clear unless min-passage is written', async () => {
    const mm5 = (5 * 72) / 25.4;
    const plan = await planSpec(
      spec('  - maze: { reveal: { image: blob.png } }\n  - maze: { reveal: cat }\n'),
    );
    for (const p of plan.puzzles) {
      expect(p.floor.clear).toBeCloseTo(mm5, 3);
      expect(p.cellSize - plan.theme.walls.width).toBeGreaterThanOrEqual(mm5 - 0.01);
    }
    // Drawn with fewer cells than pixels, in the picture's proportions, and the author is told.
    expect(plan.puzzles[0].recipe.size.columns).toBeLessThan(40);
    // A written min-passage is the floor, as for every maze; a kids' book keeps its wider one.
    const pen = await planSpec(spec('  - maze: { reveal: { image: blob.png } }\n', PEN));
    expect(pen.puzzles[0].floor.clear).toBeCloseTo((3 * 72) / 25.4, 3);
    const kids = await planSpec(
      spec('  - maze: { reveal: heart }\n', 'title: T\nseed: 4\npaper: letter\naudience: kids\n'),
    );
    expect(kids.puzzles[0].floor.clear).toBeCloseTo((6 * 72) / 25.4, 3);
  });

  it('sizes a bundled silhouette to the page at the floor, and credits its art', async () => {
    const plan = await planSpec(spec('  - maze: { reveal: butterfly }\n'));
    const p = plan.puzzles[0];
    expect(p.recipe.picture?.reveal?.silhouette).toBe('butterfly');
    expect(p.recipe.size.columns).toBeGreaterThanOrEqual(20);
    expect(p.cellSize).toBeGreaterThanOrEqual(plan.floor.clear);
    expect(plan.credits.join(' ')).toMatch(/Fluent Emoji/);
  });

  it('draws the instruction on the puzzle page, and the answer as a grey area (black ink) with no route line', async () => {
    const { doc, plan } = await layoutBook(
      spec(
        '  - { id: a, maze: { reveal: heart } }\n  - { id: b, maze: { reveal: { silhouette: star, reverse: true } } }\n',
        'title: T\nseed: 4\npaper: letter\nink: black\nsolutions: { appendix: true }\n',
      ),
    );
    expect(plan.puzzles).toHaveLength(2);
    const all = doc.pages.map((_, i) => i);
    const mazes = all.filter((i) => paths(doc, i, 'walls').length > 0);
    const puzzlePages = mazes.filter((i) => texts(doc, i).some((t) => /colour/i.test(t)));
    expect(puzzlePages).toHaveLength(2);
    expect(texts(doc, puzzlePages[0]).join(' ')).toMatch(/Colour the path from START to FINISH/);
    // The words the instruction names label the ends.
    for (const page of puzzlePages)
      expect(texts(doc, page)).toEqual(expect.arrayContaining(['START', 'FINISH']));
    expect(texts(doc, puzzlePages[1]).join(' ')).toMatch(/colour every wrong turn/);
    for (const page of puzzlePages) expect(paths(doc, page, 'area')).toEqual([]);
    const answers = mazes.filter((i) => !puzzlePages.includes(i));
    expect(answers.length).toBeGreaterThan(0);
    const areas = answers.flatMap((i) => paths(doc, i, 'area'));
    expect(areas).toHaveLength(2);
    for (const a of areas) expect(a.fill).toMatch(/^#([0-9a-f]{2})\1\1$/i);
    expect(answers.flatMap((i) => [...paths(doc, i, 'band'), ...paths(doc, i, 'route')])).toEqual([]);
  });
  it('builds the worked example from a small silhouette, its answer coloured in as the picture', async () => {
    const { doc, plan } = await layoutBook(
      spec(
        '  - maze: { reveal: { image: blob.png } }\n',
        'title: T\nseed: 4\npaper: letter\nfront:\n  - instructions: Colour the path.\n',
      ),
    );
    const page = doc.pages.findIndex((_, i) => texts(doc, i).includes('Example'));
    expect(page).toBeGreaterThanOrEqual(0);
    expect(paths(doc, page, 'area')).toHaveLength(1);
    expect(paths(doc, page, 'route')).toEqual([]);
    // Its silhouette is bundled art: credited, though the book's own picture is a file.
    expect(plan.credits.join(' ')).toMatch(/Fluent Emoji/);
  });

  it('puts the instruction on a slip’s title line when a page holds several mazes (clear of the arrows)', async () => {
    const { doc } = await layoutBook(
      spec('  - maze: { reveal: heart }\n  - maze: { reveal: apple }\n', 'title: T\nseed: 4\nper-page: 2\n'),
    );
    const page = doc.pages.findIndex((_, i) => paths(doc, i, 'walls').length === 2);
    const lines = texts(doc, page).filter((t) => /Colour the path/.test(t));
    expect(lines).toEqual([
      'Maze 1 · Colour the path from START to FINISH and a picture appears.',
      'Maze 2 · Colour the path from START to FINISH and a picture appears.',
    ]);
  });

  it('warns about a picture in pieces (joined by bridges) and one larger than the page holds', async () => {
    const { warnings, plan } = await layoutBook(
      spec('  - maze: { reveal: { image: two.png } }\n  - maze: { reveal: { image: large.png } }\n', PEN),
    );
    const all = warnings.join('\n');
    expect(all).toMatch(/two\.png is in 2 pieces at 40×30 cells: joined by bridges of \d+ cells/);
    expect(all).toMatch(
      /large\.png is 400×300 pixels, one cell each, but the page holds at most \d+×\d+ cells/,
    );
    const { columns, rows } = plan.puzzles[1].recipe.size;
    expect(columns).toBeLessThan(400);
    expect(columns / rows).toBeCloseTo(4 / 3, 1);
  });

  it('refuses bad pictures and fields at their place in the spec', async () => {
    const blank = await refusal('  - maze: { reveal: { image: blank.png } }\n');
    expect(blank.where).toMatch(/book-\d+\.yaml:6:\d+$/);
    expect(blank.what).toMatch(/no dark pixel/);
    const many = await refusal('  - maze: { reveal: { image: blob.png }, cells: [400, 240] }\n');
    expect(many.what).toMatch(
      /gives cells of [\d.]+mm \(wall centre to wall centre\), smaller than the [\d.]+mm that the floor's clear passage and a wall need/,
    );
    expect(many.hint).toMatch(/fewer cells/);
    expect((await refusal('  - maze: { reveal: cat, shape: hex }\n')).what).toMatch(/square, not hex/);
    expect((await refusal('  - maze: { reveal: cat, mask: heart }\n')).what).toMatch(/mask cannot be used/);
    expect((await refusal('  - maze: { reveal: cat, weave: 0.3 }\n')).what).toMatch(/weave cannot be used/);
    expect((await refusal('  - maze: { reveal: cat, cells: auto }\n')).what).toMatch(/cells: auto/);
    expect((await refusal('  - maze: { reveal: cat, exit: centre }\n')).what).toMatch(/on its rim/);
    const typo = await refusal('  - maze: { reveal: catt }\n');
    expect(typo.what).toMatch(/unknown silhouette "catt"/);
    expect(typo.hint).toMatch(/did you mean "cat"/);
    expect((await refusal('  - maze: { reveal: { image: blob.png, silhouette: cat } }\n')).what).toMatch(
      /one picture/,
    );
    expect((await refusal('  - maze: { reveal: { silhouette: cat, invert: true } }\n')).what).toMatch(
      /invert applies to an image/,
    );
    expect((await refusal('  - maze: { reveal: { image: missing.png } }\n')).what).toMatch(/missing\.png/);
  });
});

describe('reveal from the command line', () => {
  it('exits 2 on a bad picture and leaves the previous output alone', async () => {
    const good = spec('  - maze: { reveal: { image: blob.png } }\n');
    const out = join(dir, 'out.pdf');
    expect((await mazebook(['build', good, '-o', out, '-q'])).code).toBe(0);
    const before = readFileSync(out);
    // The lockfile names the generator that grew the maze.
    const lock = JSON.parse(readFileSync(join(dir, 'out.lock.json'), 'utf8'));
    expect(lock.puzzles[0].generator).toMatch(/^reveal@/);
    const bad = spec('  - maze: { reveal: { image: blank.png } }\n');
    const r = await mazebook(['build', bad, '-o', out, '-q']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/book-\d+\.yaml:\d+:\d+: picture blank\.png has no dark pixel/);
    expect(readFileSync(out).equals(before)).toBe(true);
  });

  it('renders one maze as text, SVG and JSON, and rates it', async () => {
    const file = spec('  - { id: fish, maze: { reveal: { image: blob.png } } }\n', PEN);
    for (const ext of ['txt', 'svg', 'json']) {
      const out = join(dir, `fish.${ext}`);
      const r = await mazebook(['render', '--spec', file, '--page', 'fish', '--solution', '-o', out]);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(out)).toBe(true);
    }
    const json = JSON.parse(readFileSync(join(dir, 'fish.json'), 'utf8'));
    expect(json.size).toEqual({ columns: 40, rows: 24 });
    expect(json.solution.length).toBeGreaterThan(100);
    // The answer drawn as an area in the SVG: a filled path under the walls.
    expect(readFileSync(join(dir, 'fish.svg'), 'utf8')).toMatch(/<path[^>]*fill="#[0-9a-f]{6}"/i);
    const rated = await mazebook(['rate', file]);
    expect(rated.code, rated.stderr).toBe(0);
    expect(rated.stdout).toMatch(/fish\s+square\s+40×24\s+reveal\s/);
  });
});
