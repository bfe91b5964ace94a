import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import { layoutBook, makeBook } from '../../src/book/build-book.js';
import { mazeContentHash } from '../../src/book/lockfile.js';
import { pageContents } from '../../src/preview/page-contents.js';
import { PreviewBook } from '../../src/preview/preview-book.js';
import { renderSvgPage } from '../../src/render/svg.js';
import { SMALL_BOOK, specFile } from './fixtures.js';

const access = (spec: string) => createFileAccess(defaultPathPolicy(dirname(spec)));

/** Every page of a preview build as SVG. */
function svgs(book: PreviewBook): string[] {
  return (book.build?.pages ?? []).map((_, i) => book.svg(i)?.svg ?? '');
}

describe('PreviewBook', () => {
  it('shows the very pages and mazes a build makes', async () => {
    const spec = specFile();
    const book = new PreviewBook(spec);
    const build = await book.rebuild(access(spec));
    const made = await layoutBook(spec);
    expect(build.generated).toBe(3);
    expect(build.puzzles.map((p) => mazeContentHash(p.maze))).toEqual(
      made.puzzles.map((p) => mazeContentHash(p.maze)),
    );
    expect(svgs(book)).toEqual(made.doc.pages.map((_, i) => renderSvgPage(made.doc, i)));
    expect(build.pages.map((p) => p.kind)).toEqual(['front', 'puzzles', 'puzzles', 'puzzles', 'answers']);
    expect(build.notes.map((n) => [n.seed, n.ownSeed, n.page])).toEqual([
      [7, false, 0],
      [7, false, 1],
      [7, false, 2],
    ]);
  });

  it('regenerates only the puzzle whose recipe changed, and lands where a fresh build does', async () => {
    const spec = specFile();
    const book = new PreviewBook(spec);
    const first = await book.rebuild(access(spec));
    writeFileSync(spec, SMALL_BOOK.replace('cells: [7, 8]', 'cells: [8, 8]'));
    const second = await book.rebuild(access(spec));
    expect(second.generated).toBe(1);
    expect(second.notes.map((n) => n.fresh)).toEqual([false, false, true]);
    expect(second.notes[0].hash).toBe(first.notes[0].hash);
    expect(second.notes[2].hash).not.toBe(first.notes[2].hash);
    // Pages whose drawing did not change keep their version; the changed puzzle and the answers do not.
    const changed = second.pages.map((p, i) => p.version !== first.pages[i].version);
    expect(changed).toEqual([false, false, false, true, true]);
    const fresh = new PreviewBook(spec);
    await fresh.rebuild(access(spec));
    expect(svgs(book)).toEqual(svgs(fresh));
  });

  it('regenerates nothing for a new title or another paper size, and only the new page for an insertion', async () => {
    const spec = specFile();
    const book = new PreviewBook(spec);
    await book.rebuild(access(spec));
    writeFileSync(spec, SMALL_BOOK.replace('title: "One"', 'title: "Uno"').replace('paper: a5', 'paper: a4'));
    expect((await book.rebuild(access(spec))).generated).toBe(0);
    writeFileSync(spec, SMALL_BOOK.replace('  # the first maze\n', '  - maze: { cells: [4, 4] }\n'));
    const inserted = await book.rebuild(access(spec));
    expect(inserted.generated).toBe(1);
    expect(inserted.notes.map((n) => n.fresh)).toEqual([true, false, false, false]);
  });

  it('keeps the last good build when the spec has a mistake', async () => {
    const spec = specFile();
    const book = new PreviewBook(spec);
    const good = await book.rebuild(access(spec));
    writeFileSync(spec, SMALL_BOOK.replace('cells: [7, 8]', 'cells: [7, 8'));
    await expect(book.rebuild(access(spec))).rejects.toThrow(UserError);
    expect(book.build).toBe(good);
    expect(book.svg(1)?.version).toBe(good.pages[1].version);
  });

  it('regenerates a series as one unit, and rates the other puzzles as `rate` does', async () => {
    const text = `${SMALL_BOOK.replace('solutions:', `  - series: { count: 2, from: 2, to: 4, cells: [5, 5], candidates: 2 }\nsolutions:`)}`;
    const spec = specFile(text);
    const book = new PreviewBook(spec);
    const first = await book.rebuild(access(spec));
    expect(first.puzzles.map((p) => p.rating !== undefined)).toEqual([false, false, false, true, true]);
    writeFileSync(spec, text.replace('count: 2, from: 2, to: 4', 'count: 2, from: 2, to: 5'));
    expect((await book.rebuild(access(spec))).generated).toBe(2);
    writeFileSync(spec, text.replace('cells: [5, 6]', 'cells: [6, 6]'));
    const third = await book.rebuild(access(spec));
    expect(third.generated).toBe(1);
    await book.rateRemaining(
      () => false,
      () => {},
    );
    const rated = await makeBook(spec, {}, true);
    expect(third.puzzles.map((p) => p.rating?.score)).toEqual(rated.puzzles.map((p) => p.rating?.score));
  });
});

describe('pageContents', () => {
  it('lists the pages composeBook makes: sections, sheets, inline answers, contents', async () => {
    const spec = specFile(`title: Sheets
profile: screen
per-page: 2
front: [title-page, contents]
pages:
  - { section: Easy }
  - maze: { cells: [3, 3] }
  - maze: { cells: [3, 4] }
  - maze: { cells: [4, 3] }
  - { section: Hard }
  - maze: { cells: [4, 4] }
solutions: inline
`);
    const { plan, doc } = await layoutBook(spec);
    const pages = pageContents(plan);
    expect(pages.length).toBe(doc.pages.length);
    expect(pages.map((p) => p.label)).toEqual([
      'Title page',
      'Contents',
      'Section: Easy',
      'Puzzles 1–2',
      'Answers 1–2',
      'Puzzle 3',
      'Answer 3',
      'Section: Hard',
      'Puzzle 4',
      'Answer 4',
    ]);
    // Screen PDFs bookmark each puzzle page with its puzzles: the same ones.
    pages.forEach((p, i) => {
      if (p.kind === 'puzzles') {
        expect(doc.pages[i].bookmark).toBe(p.puzzles.map((n) => `${plan.words.puzzle} ${n + 1}`).join(', '));
      }
    });
  });
});
