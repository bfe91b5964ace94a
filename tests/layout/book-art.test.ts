import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/analyze/solve.js';
import { bundledPicture } from '../../src/art/bundled-pictures.js';
import { PICTURE_CREDIT } from '../../src/art/picture-names.js';
import { layoutBook } from '../../src/book/build-book.js';
import { answerKeyStyle } from '../../src/layout/answer-key-style.js';
import type { Item, Page, TextItem } from '../../src/layout/display-list.js';
import { exampleMaze } from '../../src/layout/front-pages.js';
import type { ExamplePlan } from '../../src/plan/book-plan.js';
import { pathBox } from '../../src/vector/path-data.js';
import { tempDir } from '../helpers.js';

const texts = (page: Page) => page.items.flatMap((i) => (i.type === 'text' ? [i.text] : []));
const fills = (items: readonly Item[]) => items.flatMap((i) => (i.type === 'path' && i.fill ? [i.fill] : []));
const grey = (c: string) => /^#([0-9a-f]{2})\1\1$/i.test(c) || /^#([0-9a-f])\1\1$/i.test(c);

describe('pictures children know', () => {
  it('are drawn in their own colours in a colour book, every shape of the art', async () => {
    const { doc, plan } = await layoutBook('books/kids-activity.yaml');
    const bee = plan.puzzles.find((p) => p.markers.pictures?.start.name === 'bee');
    expect(bee).toBeDefined();
    const page = doc.pages.find((p) => texts(p).includes('Buzzing bee'));
    if (!page) throw new Error('no bee page');
    const colours = fills(page.items);
    for (const name of ['bee', 'flower'] as const) {
      for (const layer of bundledPicture(name, 'color').layers) expect(colours).toContain(layer.fill);
    }
  });

  it('sit beside their openings with both words on every page, a slanted hex exit too', async () => {
    const { doc } = await layoutBook('books/kids-activity.yaml');
    const moon = doc.pages.find((p) => texts(p).includes('To the moon')) as Page;
    expect(moon).toBeDefined();
    for (const page of doc.pages.slice(0, doc.pages.length - 3)) {
      const starts = texts(page).filter((t) => t === 'START').length;
      expect(texts(page).filter((t) => t === 'FINISH').length).toBe(starts);
    }
    // Both words at one size on the page of the slanted exit.
    const label = moon.items.find((i): i is TextItem => i.type === 'text' && i.text === 'FINISH') as TextItem;
    const start = moon.items.find((i): i is TextItem => i.type === 'text' && i.text === 'START') as TextItem;
    expect(label).toBeDefined();
    expect(Math.abs(label.size - start.size)).toBeLessThan(1e-9);
  });

  it('are one-colour line art in a black-ink book: only greys, every shape of the art', async () => {
    const dir = tempDir({
      'b.yaml': `title: Ink
profile: kdp
paper: trim-8.5x11
front: [title-page]
solutions: false
pages: [{ maze: { cells: [5, 6], markers: { start: rabbit, finish: carrot } } }]
`,
    });
    const { doc, plan } = await layoutBook(join(dir, 'b.yaml'));
    expect(plan.ink).toBe('black');
    const page = doc.pages[1];
    const colours = page.items.flatMap((i) =>
      i.type === 'path'
        ? [i.fill, i.stroke?.color].filter((c): c is string => !!c)
        : [i.type === 'text' ? i.color : '#000'],
    );
    expect(colours.filter((c) => !grey(c))).toEqual([]);
    const mono =
      bundledPicture('rabbit', 'mono').layers.length + bundledPicture('carrot', 'mono').layers.length;
    expect(fills(page.items).filter((c) => c === plan.theme.colors.markers)).toHaveLength(mono);
    // The credit is at the title page's foot, as the book has no copyright page.
    expect(texts(doc.pages[0])).toContain(PICTURE_CREDIT);
  });

  it('are credited on the copyright page when the book prints them, and only then', async () => {
    const kids = await layoutBook('books/kids-activity.yaml');
    expect(kids.plan.credits).toEqual([PICTURE_CREDIT]);
    expect(texts(kids.doc.pages[1])).toContain(PICTURE_CREDIT);
    const sample = await layoutBook('books/sample.yaml');
    expect(sample.plan.credits).toEqual([]);
    expect(sample.doc.pages.some((p) => texts(p).includes(PICTURE_CREDIT))).toBe(false);
  });
});

describe('the worked example', () => {
  /** The example of a book's instructions page. */
  const exampleOf = (front: { kind: string; example?: ExamplePlan }[]) =>
    front.find((f) => f.example)?.example;

  it('is a small maze solved, its route through open walls from entry to exit, under the instructions', async () => {
    const { doc, plan } = await layoutBook('books/sample.yaml');
    const example = exampleOf(plan.front);
    if (!example) throw new Error('no example');
    const { maze, solution } = exampleMaze(example);
    const { cells, walls } = solution;
    // A route worth showing: through at least half the cells.
    expect(cells.length * 2).toBeGreaterThanOrEqual(maze.grid.cellCount);
    expect(solve(maze).cells).toEqual(cells);
    expect(cells[0]).toBe(maze.entryCell);
    expect(cells[cells.length - 1]).toBe(maze.exitCell);
    const g = maze.grid;
    for (let i = 0; i + 1 < cells.length; i++) {
      expect(maze.open[walls[i]]).toBe(1);
      const a = cells[i];
      const through = [];
      for (let k = g.adjStart[a]; k < g.adjStart[a + 1]; k++)
        if (g.adjWall[k] === walls[i]) through.push(g.adjCell[k]);
      expect(through).toEqual([cells[i + 1]]);
    }
    // Drawn on the instructions page: its caption, its walls, its route (band and line) and both arrows.
    const page = doc.pages.find((p) => texts(p).includes('Example'));
    if (!page) throw new Error('no example on any page');
    expect(texts(page)).toContain('How to play');
    const strokes = page.items.flatMap((i) => (i.type === 'path' && i.stroke ? [i.stroke.color] : []));
    // Drawn as the answer keys are: their grey walls, band and dark route.
    const key = answerKeyStyle(plan, plan.theme.walls.width, plan.theme.solution.width, 20);
    expect(strokes).toContain(key.walls.color);
    expect(strokes).toContain(key.solution.color);
    expect(strokes.length).toBeGreaterThanOrEqual(3);
    expect(fills(page.items).filter((c) => c === plan.theme.colors.markers)).toHaveLength(2);
  });

  it('speaks the book’s language, is the same in every build, and can be left out', async () => {
    const spec = (extra: string) =>
      join(
        tempDir({
          'b.yaml': `title: T\nlocale: de\nseed: 4\nfront:\n  - instructions: "Finde den Weg."${extra}\npages: [{}]\nsolutions: false\n`,
        }),
        'b.yaml',
      );
    const a = await layoutBook(spec(''));
    const b = await layoutBook(spec(''));
    expect(texts(a.doc.pages[0])).toContain('Beispiel');
    expect(JSON.stringify(a.doc.pages[0].items)).toBe(JSON.stringify(b.doc.pages[0].items));
    const off = await layoutBook(spec('\n    example: false'));
    expect(texts(off.doc.pages[0])).not.toContain('Beispiel');
    expect(off.doc.pages[0].items.some((i) => i.type === 'path')).toBe(false);
  });

  /** A one-puzzle book whose instructions page has an example, the puzzle `maze`. */
  const bookOf = (maze: string) =>
    join(
      tempDir({
        'b.yaml': `title: T\nseed: 4\nfront:\n  - instructions: "Find the way."\npages: [{ maze: ${maze} }]\nsolutions: false\n`,
      }),
      'b.yaml',
    );

  it('is of the first puzzle’s kind: its tiling, a bridge on a weave, a short word on a mazegram', async () => {
    const weave = await layoutBook(bookOf('{ cells: [10, 12], weave: 0.3 }'));
    const w = exampleOf(weave.plan.front) as ExamplePlan;
    const { maze, solution } = exampleMaze(w);
    const under = maze.grid.weave?.under as Int32Array;
    expect(under).toBeDefined();
    expect(solution.walls.some((x) => x >= 0 && under[x] >= 0)).toBe(true);

    const hex = exampleOf(
      (await layoutBook(bookOf('{ shape: hex, cells: [8, 9] }'))).plan.front,
    ) as ExamplePlan;
    expect(hex.recipe.shape).toBe('hex');

    const gram = await layoutBook(bookOf('{ cells: [8, 10], mazegram: "Secret garden" }'));
    const g = exampleOf(gram.plan.front) as ExamplePlan;
    const placed = exampleMaze(g).mazegram;
    expect(placed?.message).toBe('FUN');
    // The word's letters lie on the route, in order, and are drawn on the instructions page.
    const onRoute = [...exampleMaze(g).solution.cells]
      .filter((c) => placed?.onPath[c])
      .map((c) => placed?.letters[c]);
    expect(onRoute.join('')).toBe('FUN');
    const letters = texts(gram.doc.pages[0]).filter((t) => t.length === 1);
    expect(letters).toEqual(expect.arrayContaining(['F', 'U', 'N']));
  });

  it('fills the room the text leaves: as wide as the text block or down to the folio band', async () => {
    const { doc, plan } = await layoutBook(bookOf('{ cells: [10, 12] }'));
    const page = doc.pages[0];
    const walls = page.items.filter((i) => i.type === 'path' && i.role === 'walls');
    const box = pathBox(
      walls[0].type === 'path' ? walls[0].path : { cmds: new Uint8Array(), coords: new Float64Array() },
    );
    if (!box) throw new Error('no walls');
    const { content, folioBaseline } = plan.geometry;
    const wide = box.width >= content.width * 0.7;
    const tall = box.y + box.height >= folioBaseline - plan.theme.sizes.folio * 2.6 - 60;
    expect(wide || tall).toBe(true);
  });
});

describe('corner decorations', () => {
  it('put the book’s pictures in the top corners of puzzle pages, beside the title, and are credited', async () => {
    const dir = tempDir({
      'b.yaml': `title: Corners
theme: kids
front: [title-page]
solutions: false
decorations: [sunflower, butterfly]
pages: [{ title: "Hi", maze: { cells: [5, 6] } }]
`,
    });
    const { doc, plan } = await layoutBook(join(dir, 'b.yaml'));
    const page = doc.pages[1];
    const colours = fills(page.items);
    for (const name of ['sunflower', 'butterfly'] as const) {
      for (const layer of bundledPicture(name, 'color').layers) expect(colours).toContain(layer.fill);
    }
    // In the title band, above where any maze or marker goes.
    const band = plan.geometry.mazeArea.y - 1.75 * plan.theme.markers.size;
    const art = new Set(
      [...bundledPicture('sunflower', 'color').layers, ...bundledPicture('butterfly', 'color').layers].map(
        (l) => l.fill,
      ),
    );
    for (const item of page.items) {
      if (item.type !== 'path' || !item.fill || !art.has(item.fill) || item.fill === plan.theme.colors.walls)
        continue;
      for (let k = 1; k < item.path.coords.length; k += 2) expect(item.path.coords[k]).toBeLessThan(band);
    }
    expect(texts(doc.pages[0])).toContain(PICTURE_CREDIT);
    const wrong = join(tempDir({ 'b.yaml': 'title: T\ndecorations: [sunflowr]\npages: [{}]\n' }), 'b.yaml');
    await expect(layoutBook(wrong)).rejects.toThrow(/unknown picture "sunflowr".*did you mean "sunflower"/s);
  });
});
