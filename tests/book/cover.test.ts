import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PDFArray, PDFDocument, PDFName, type PDFNumber } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBook, planSpecFiles } from '../../src/book/build-book.js';
import { buildCover } from '../../src/book/build-cover.js';
import { makeCover, prepareCover } from '../../src/book/cover.js';
import { coverProblems } from '../../src/book/cover-checks.js';
import { spineWidth } from '../../src/plan/cover-geometry.js';
import { interiorPageCount } from '../../src/plan/cover-pages.js';
import { renderSvgPage } from '../../src/render/svg.js';
import { tempDir } from '../helpers.js';
import { inspectPdf } from '../pdf-inspect.js';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const IN = 72;
const onPath = (tool: string) => spawnSync('which', [tool]).status === 0;
/** poppler's crop options for a rectangle in points at 72 dpi (pixels are points). */
const crop = (r: { x: number; y: number; width: number; height: number }, inset = 0) => [
  '-r',
  '72',
  '-x',
  String(Math.ceil(r.x + inset)),
  '-y',
  String(Math.ceil(r.y + inset)),
  '-W',
  String(Math.floor(r.width - 2 * inset)),
  '-H',
  String(Math.floor(r.height - 2 * inset)),
];

/** A small book with a cover; `extra` is more YAML for the cover section. */
function spec(name: string, profile: string, stock: string, extra = ''): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    `title: Garden Paths
subtitle: Mazes for a rainy day
author: Ann Example
seed: 5
paper: trim-6x9
profile: ${profile}
date: 2026-01-01
pages:
  - { id: one, maze: { cells: [6, 8] } }
  - { id: two, maze: { cells: [7, 9] } }
cover:
  paper-stock: ${stock}
  maze: { cells: [6, 6] }
  blurb: "Two **small** mazes, made *just* for you."
${extra}`,
  );
  return file;
}

/** Plans of the specs written above, each planned once (a spec file is never changed after its first use). */
const plannedSpecs = new Map<string, Awaited<ReturnType<typeof planSpecFiles>>>();

async function cover(file: string, pages: number) {
  const planned = plannedSpecs.get(file) ?? (await planSpecFiles(file));
  plannedSpecs.set(file, planned);
  const plan = await prepareCover(planned, pages);
  const made = await makeCover(plan, planned.plan, pages, undefined, () => {});
  return { planned, plan, made };
}

/** MediaBox, TrimBox and BleedBox of the first page, as [x0, y0, x1, y1]. */
async function boxes(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const node = doc.getPages()[0].node;
  const box = (name: string) =>
    (node.get(PDFName.of(name)) as PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
  return { media: box('MediaBox'), trim: box('TrimBox'), bleed: box('BleedBox') };
}

describe('cover boxes follow the formula', () => {
  const cases: [string, string, number][] = [
    ['kdp', 'white', 24],
    ['kdp', 'white', 100],
    ['kdp', 'white', 101],
    ['kdp', 'white', 500],
    ['kdp', 'cream', 24],
    ['kdp', 'cream', 100],
    ['kdp', 'cream', 101],
    ['kdp', 'cream', 500],
    ['lulu', 'white', 120],
    ['ingram', 'cream', 200],
  ];
  it.each(cases)('%s on %s paper, %i pages', async (profile, stock, pages) => {
    const file = spec(`${profile}-${stock}`, profile, stock);
    const { made } = await cover(file, pages);
    const spine = spineWidth(profile as 'kdp', stock as 'white', pages);
    const perPage = {
      kdp: { white: 0.002252, cream: 0.0025 },
      lulu: { white: 1 / 444 },
      ingram: { cream: 0.0022894 },
    };
    const allowance = profile === 'lulu' ? 0.06 : 0;
    expect(spine).toBeCloseTo(
      (pages * (perPage as Record<string, Record<string, number>>)[profile][stock] + allowance) * IN,
      6,
    );
    const width = 2 * 0.125 * IN + 2 * 6 * IN + spine;
    const height = (9 + 0.25) * IN;
    const b = await boxes(made.pdf);
    const near = (got: number[], want: number[]) => {
      for (const [i, v] of got.entries()) expect(v).toBeCloseTo(want[i], 2);
    };
    near(b.media, [0, 0, width, height]);
    near(b.bleed, [0, 0, width, height]);
    near(b.trim, [9, 9, width - 9, height - 9]);
  });
});

describe('the cover page', () => {
  it('has spine text only from the profile’s page count, and only where the spine is wide enough', async () => {
    const file = spec('spine', 'kdp', 'white');
    const spineItems = async (pages: number) => {
      const { made } = await cover(file, pages);
      return made.composed.tags.filter((t) => t.kind === 'text' && t.field === 'cover.spine').length;
    };
    expect(await spineItems(24)).toBe(0);
    expect(await spineItems(78)).toBe(0);
    expect(await spineItems(100)).toBe(2);
    expect(await spineItems(101)).toBe(2);
    expect(await spineItems(500)).toBe(2);
    const { plan } = await cover(file, 24);
    expect(plan.notes.join()).toMatch(/no text: kdp prints spine text from 80 pages/);
  });

  it('sets the spine title and author as real text turned to read top to bottom', async () => {
    const { plan, made } = await cover(spec('spine-text', 'kdp', 'white'), 200);
    const spine = made.composed.doc.pages[0].items.filter(
      (_, i) =>
        made.composed.tags[i].kind === 'text' &&
        (made.composed.tags[i] as { field: string }).field === 'cover.spine',
    );
    expect(spine.map((i) => (i.type === 'text' ? [i.text, i.rotate] : i.type))).toEqual([
      ['Garden Paths', 90],
      ['Ann Example', 90],
    ]);
    // Inside the spine: its baseline's start lies between the folds.
    const [left, right] = plan.geometry.folds;
    for (const item of spine) if (item.type === 'text') expect(item.x > left && item.x < right).toBe(true);
    // The SVG turns the glyphs; the PDF holds the words as text.
    const svg = renderSvgPage(made.composed.doc, 0);
    expect(svg).toMatch(
      /transform="translate\([\d.]+ [\d.]+\) rotate\(90\)"[^>]*><title>Garden Paths<\/title>/,
    );
    if (onPath('pdftotext')) {
      const file = join(dir, 'spine-text.pdf');
      writeFileSync(file, made.pdf);
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Garden Paths');
      expect(text).toContain('Ann Example');
    }
  });

  it('keeps every drawing off the folds, out of the barcode area and inside the safe zone', async () => {
    const file = spec('checks', 'kdp', 'cream', '  thumbnails: [one, two]\n  solution: true\n');
    for (const pages of [24, 300]) {
      const { plan, planned, made } = await cover(file, pages);
      expect(coverProblems(plan, made.composed, planned.plan, pages)).toEqual([]);
      // The check does fail: a spine made for another page count is reported.
      expect(coverProblems(plan, made.composed, planned.plan, pages + 2).join()).toMatch(/the spine is/);
    }
  });

  it('captions the solved cover maze on the back and gives the thumbnails the room the blurb leaves', async () => {
    const file = spec('back', 'kdp', 'white', '  thumbnails: [one, two]\n  solution: true\n');
    const { plan } = await cover(file, 24);
    const { thumbnails, blurb } = plan.back;
    expect(thumbnails.map((t) => t.label?.text)).toEqual(['Puzzle 1', 'Puzzle 2', 'The cover maze, solved']);
    // Three thumbnails in a grid of two columns, not a row of three: each nearly half the back's width.
    const safe = plan.geometry.backSafe;
    for (const t of thumbnails) expect(t.rect.width).toBeGreaterThan(0.4 * safe.width);
    expect(new Set(thumbnails.map((t) => t.rect.y)).size).toBe(2);
    // Under the blurb, above the barcode area, and not overlapping one another.
    const barcode = plan.geometry.barcode;
    for (const [i, t] of thumbnails.entries()) {
      expect(t.rect.y).toBeGreaterThan(safe.y + (blurb?.height ?? 0));
      if (barcode) expect(t.rect.y + t.rect.height).toBeLessThanOrEqual(barcode.y);
      for (const u of thumbnails.slice(i + 1)) {
        const apart =
          t.rect.x + t.rect.width <= u.rect.x ||
          u.rect.x + u.rect.width <= t.rect.x ||
          t.rect.y + t.rect.height <= u.rect.y ||
          u.rect.y + u.rect.height <= t.rect.y;
        expect(apart).toBe(true);
      }
    }
  });

  it('embeds its fonts, is CMYK for print profiles, and rebuilds byte for byte', async () => {
    const file = spec('bytes', 'kdp', 'white');
    const a = await cover(file, 120);
    plannedSpecs.delete(file); // planned again from the file
    const b = await cover(file, 120);
    expect(Buffer.compare(a.made.pdf, b.made.pdf)).toBe(0);
    expect(a.made.lock).toEqual(b.made.lock);
    const facts = await inspectPdf(a.made.pdf);
    expect(facts.fonts.length).toBeGreaterThan(0);
    expect(facts.fonts.every((f) => f.embedded)).toBe(true);
    expect(facts.contents[0]).toMatch(/\/DeviceCMYK (CS|cs)/);
    expect(facts.contents[0]).not.toMatch(/\b(rg|RG)\b/);
    const doc = await PDFDocument.load(a.made.pdf);
    expect(doc.getPages()[0].node.Annots()).toBeUndefined();
    expect(doc.catalog.get(PDFName.of('Outlines'))).toBeUndefined();
  });

  it.skipIf(!onPath('pdftoppm'))('leaves the barcode area empty (pdftoppm)', async () => {
    const file = spec(
      'barcode',
      'kdp',
      'white',
      '  thumbnails: [one, two]\n  solution: true\n  theme: { page: "#f4e8c1" }\n',
    );
    const { plan, made } = await cover(file, 200);
    const pdf = join(dir, 'barcode.pdf');
    writeFileSync(pdf, made.pdf);
    const b = plan.geometry.barcode;
    if (!b) throw new Error('no barcode area');
    const out = join(dir, 'barcode-crop');
    execFileSync('pdftoppm', [...crop(b, 0.5), '-png', '-singlefile', pdf, out]);
    const { data, info } = await sharp(`${out}.png`).raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += info.channels)
      colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    expect(colours.size).toBe(1);
  });

  it.skipIf(!onPath('pdftotext'))(
    'prints the title as text on the front and none on the back’s barcode (pdftotext)',
    async () => {
      const file = spec('text', 'kdp', 'white');
      const { plan, made } = await cover(file, 120);
      const pdf = join(dir, 'text.pdf');
      writeFileSync(pdf, made.pdf);
      const region = (r: { x: number; y: number; width: number; height: number }) =>
        execFileSync('pdftotext', [...crop(r), pdf, '-'], { encoding: 'utf8' });
      expect(region(plan.geometry.front)).toMatch(/Garden Paths/);
      expect(region(plan.geometry.back)).toMatch(/small/);
      expect(region(plan.geometry.back)).not.toMatch(/Garden Paths/);
      if (plan.geometry.barcode) expect(region(plan.geometry.barcode).trim()).toBe('');
    },
  );
});

describe('cover problems are the author’s, at the field', () => {
  const fails = async (file: string, pages = 100) => {
    try {
      await cover(file, pages);
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('no error');
  };

  it('lists the stocks a profile offers', async () => {
    expect(await fails(spec('stock', 'ingram', 'premium-color'))).toMatch(
      /stock\.yaml:\d+:\d+: paper-stock premium-color is not offered by profile ingram[\s\S]*choose white, cream, color/,
    );
  });

  it('names a text that does not fit and by how much', async () => {
    const long = 'Mmmmmmmm '.repeat(320);
    expect(
      await fails(
        spec('long', 'kdp', 'white', `  title: "${'Supercalifragilistic'.repeat(3)}"\n  spine: false\n`),
      ),
    ).toMatch(
      /long\.yaml:\d+:\d+: the cover title does not fit the cover at the smallest size, \d+(\.\d+)?pt: a word is \d+\.\dmm wider/,
    );
    const file = spec('blurb', 'kdp', 'white');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/blurb: .*/, `blurb: "${long}"`));
    expect(await fails(file)).toMatch(
      /blurb\.yaml:\d+:\d+: the blurb does not fit .* \d+\.\dmm taller than its/,
    );
  });

  it('refuses a glyph the font lacks, and an unknown thumbnail key', async () => {
    expect(await fails(spec('glyph', 'kdp', 'white', '  subtitle: "Mazes ☃"\n'))).toMatch(
      /glyph\.yaml:\d+:\d+: .*no glyph for "☃"/,
    );
    expect(await fails(spec('thumb', 'kdp', 'white', '  thumbnails: [onee]\n'))).toMatch(
      /no puzzle with the page key "onee"[\s\S]*did you mean "one"/,
    );
  });

  it('keeps the cover maze’s passages wide enough for a pencil', async () => {
    const file = spec('narrow', 'kdp', 'white');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('maze: { cells: [6, 6] }', 'maze: { cells: [60, 60] }'),
    );
    expect(await fails(file)).toMatch(
      /narrow\.yaml:\d+:\d+: the cover maze's passages would be \d\.\dmm clear; a pencil needs at least 3\.0mm/,
    );
  });
});

describe('books/kdp-interior.yaml', () => {
  it('has a cover that keeps its rules for the page count its plan makes', async () => {
    const planned = await planSpecFiles('books/kdp-interior.yaml');
    const pages = interiorPageCount(planned.plan);
    const plan = await prepareCover(planned, pages);
    const made = await makeCover(plan, planned.plan, pages, undefined, () => {});
    expect(coverProblems(plan, made.composed, planned.plan, pages)).toEqual([]);
    expect(made.composed.doc.color).toBe('cmyk');
    // Balanced title breaks: no last word alone ("The Little Maze / Book" filled greedily).
    const lines = plan.front.title.lines.map((l) => l.runs.map((r) => r.text).join(' '));
    expect(lines).toEqual(['The Little', 'Maze Book']);
  });
});

describe('a cover that sells', () => {
  it('draws its badge as a disc with its words inside, and maze-pattern bands off the folds', async () => {
    const file = spec('badge', 'kdp', 'white', '  badge: "100 mazes · ages 6–9"\n  barcode: true\n');
    for (const pages of [24, 300]) {
      const { plan, planned, made } = await cover(file, pages);
      expect(coverProblems(plan, made.composed, planned.plan, pages)).toEqual([]);
      const badge = plan.front.badge;
      if (!badge) throw new Error('no badge');
      // One line each side of the separator, which is dropped (none dangles at a line's end).
      const words = badge.text.lines.map((l) => l.runs.map((r) => r.text).join(' '));
      expect(words).toEqual(['100 mazes', 'ages 6–9']);
      // Clear of the art maze and its markers (every point they draw) by the maze's passage: the spec gives
      // cells, so the audience's 3mm.
      const art = made.composed.doc.pages[0].items.filter(
        (_it, i) => (made.composed.tags[i] as { field?: string }).field === 'cover.maze',
      );
      let nearest = Infinity;
      for (const it of art) {
        if (it.type !== 'path') continue;
        const c = it.path.coords;
        for (let k = 0; k < c.length; k += 2)
          nearest = Math.min(nearest, Math.hypot(c[k] - badge.cx, c[k + 1] - badge.cy) - badge.r);
      }
      expect(art.length).toBeGreaterThan(0);
      expect(nearest).toBeGreaterThanOrEqual(3 * (72 / 25.4));
      for (const line of badge.text.lines) {
        expect(Math.hypot(line.runs[0].x - badge.cx, line.y - badge.cy)).toBeLessThan(badge.r);
        expect(Math.abs(line.y - badge.cy)).toBeLessThan(badge.r * 0.8);
      }
      const { items } = made.composed.doc.pages[0];
      const tags = made.composed.tags;
      const disc = items.filter(
        (_it, i) => tags[i].kind === 'art' && (tags[i] as { field: string }).field === 'cover.badge',
      );
      expect(disc.some((it) => it.type === 'path' && it.fill === plan.theme.colors.markers)).toBe(true);
      expect(disc.filter((it) => it.type === 'text').length).toBe(badge.text.lines.length);
      // Two bands of pattern, on the front only.
      const bands = items.filter((_, i) => tags[i].kind === 'pattern');
      expect(bands.length).toBeGreaterThanOrEqual(2);
      expect(plan.front.bands).toHaveLength(2);
      for (const b of plan.front.bands) expect(b.x).toBeGreaterThan(plan.geometry.folds.at(-1) ?? 0);
    }
    // Without them the front is plain; a badge too long is refused by the schema.
    const plain = spec('plain', 'kdp', 'white', '  pattern: false\n');
    const { plan } = await cover(plain, 24);
    expect(plan.front.bands).toEqual([]);
    expect(plan.front.badge).toBeUndefined();
  });

  it('keeps the barcode area clear: the check finds a drawing moved into it', async () => {
    const file = spec('barcode', 'kdp', 'white', '  badge: "Large print"\n  thumbnails: [one, two]\n');
    const { plan, planned, made } = await cover(file, 120);
    expect(coverProblems(plan, made.composed, planned.plan, 120)).toEqual([]);
    const g = plan.geometry;
    if (!g.barcode) throw new Error('no barcode area');
    const moved = structuredClone(made.composed);
    const i = moved.tags.findIndex((t) => t.kind === 'pattern');
    const item = moved.doc.pages[0].items[i];
    if (item.type !== 'path') throw new Error('a band is a path');
    // Move the band's drawing onto the barcode area: the check names it.
    const dx = g.barcode.x - item.path.coords[0] + 5;
    const dy = g.barcode.y - item.path.coords[1] + 5;
    for (let k = 0; k < item.path.coords.length; k += 2) {
      item.path.coords[k] += dx;
      item.path.coords[k + 1] += dy;
    }
    expect(coverProblems(plan, moved, planned.plan, 120).join('\n')).toMatch(
      /pattern of cover.pattern runs into the barcode area/,
    );
  });
});

describe('building with a cover', () => {
  it('writes book-cover.pdf next to the interior, records it, and --frozen catches a stale cover', async () => {
    const file = spec('built', 'kdp', 'white', '  ebook: true\n');
    const out = join(dir, 'out', 'built.pdf');
    const result = await buildBook(file, { output: out });
    expect(result.cover?.output).toBe(join(dir, 'out', 'built-cover.pdf'));
    expect(existsSync(join(dir, 'out', 'built-cover-ebook.png'))).toBe(true);
    const meta = await sharp(join(dir, 'out', 'built-cover-ebook.png')).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 2560]);
    const lock = JSON.parse(readFileSync(join(dir, 'out', 'built.lock.json'), 'utf8'));
    expect(lock.pages).toBe(result.pages);
    expect(lock.cover).toMatchObject({ pages: result.pages, stock: 'white', profile: 'kdp' });
    const b = await boxes(readFileSync(result.cover?.output ?? ''));
    expect(b.media[2]).toBeCloseTo(18 + 12 * IN + spineWidth('kdp', 'white', result.pages), 2);
    await expect(buildBook(file, { output: out, frozen: true })).resolves.toBeDefined();
    // The same puzzles on more pages: the cover made for the old page count is stale.
    writeFileSync(
      file,
      `${readFileSync(file, 'utf8')}solutions: { per-page: 4 }\nfront: [title-page, contents, title-page]\n`,
    );
    await expect(buildBook(file, { output: out, frozen: true })).rejects.toThrow(
      /the interior would have \d+ pages; the lockfile's has \d+[\s\S]*the cover was made for \d+ pages/,
    );
  });

  it('mazebook cover writes the cover alone, or a preview picture, taking the page count the interior was built with', async () => {
    const file = spec('alone', 'kdp', 'white');
    await buildBook(file, { output: join(dir, 'alone-interior.pdf') });
    const res = await buildCover(file, {
      output: join(dir, 'alone-cover.png'),
      interior: join(dir, 'alone-interior.pdf'),
    });
    expect(res.notes[0]).toMatch(/\d+ interior pages, as .*alone-interior\.pdf was built/);
    const meta = await sharp(join(dir, 'alone-cover.png')).metadata();
    // 96 pixels an inch: 12.25in plus the spine, by 9.25in.
    expect(meta.height).toBe(Math.round(9.25 * 96));
    expect(meta.width).toBe(Math.round((12.25 + spineWidth('kdp', 'white', res.pages) / IN) * 96));
    const other = await buildCover(file, { output: join(dir, 'alone-cover.pdf') });
    expect(other.notes[0]).toMatch(/no interior lockfile/);
    await expect(buildCover(file, { output: join(dir, 'x.jpg') })).rejects.toThrow(/must end in/);
  });
});

describe('the cover maze’s clear passage', () => {
  it('is measured as the cover draws it', async () => {
    const file = spec('wide', 'kdp', 'white', '').replace('.yaml', '');
    writeFileSync(
      `${file}.yaml`,
      readFileSync(`${file}.yaml`, 'utf8').replace('maze: { cells: [6, 6] }', 'maze: { passage: 9mm }'),
    );
    const { plan, made } = await cover(`${file}.yaml`, 24);
    const wall = (plan.theme.walls.width * 25.4) / 72;
    // The passage is at least the 9mm asked for, widened a little to fill the art area.
    const clear = made.lock.art.clearPassage ?? 0;
    expect(clear).toBeGreaterThanOrEqual(9 - wall - 0.01);
    expect(clear).toBeLessThan(9 * 1.1 - wall);
  });

  it('of a tone picture is measured once generated, not refused at planning', async () => {
    writeFileSync(join(dir, 'cat.png'), readFileSync('books/pictures/cat-portrait.png'));
    const file = spec('tone', 'kdp', 'white', '');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('maze: { cells: [6, 6] }', 'maze: { tone: { image: cat.png } }'),
    );
    const planned = await planSpecFiles(file);
    const plan = await prepareCover(planned, 24);
    const warnings: string[] = [];
    const made = await makeCover(plan, planned.plan, 24, undefined, (w) => warnings.push(w));
    const clear = made.lock.art.clearPassage ?? 0;
    expect(clear).toBeGreaterThan(0);
    // Below the floor it is said; at or above it nothing is.
    expect(warnings.some((w) => w.includes('narrowest passage'))).toBe(clear < 3 - 0.005);
  });
});
