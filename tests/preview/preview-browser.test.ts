import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBook, layoutBook } from '../../src/book/build-book.js';
import type { LockFile } from '../../src/book/lockfile.js';
import { type PreviewServer, startPreview } from '../../src/preview/preview-server.js';
import { findChromium, launchChromium } from './chromium.js';
import { SMALL_BOOK, specFile } from './fixtures.js';

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.warn(
    'preview browser tests skipped: no Chromium found (install Debian’s `chromium` package — .ci/run does — or set MAZEBOOK_CHROMIUM)',
  );
}

/** What the page functions below use of the DOM (the tests compile without the DOM library). */
interface Shown {
  getAttribute(name: string): string | null;
  classList: { contains(name: string): boolean };
  textContent: string | null;
}
declare const document: {
  querySelectorAll(selector: string): ArrayLike<Shown>;
  querySelector(selector: string): Shown | null;
  getElementById(id: string): Shown | null;
};

/** The SVG the page at this index shows, fetched as the preview page fetches it. */
const shownSvg = (page: Page, index: number) =>
  page.evaluate((i) => fetch(`/page/${i}.svg`).then((r) => r.text()), index);

describe.skipIf(!chromiumPath)('the preview in Chromium', () => {
  let preview: PreviewServer;
  let browser: BrowserContext;
  let page: Page;
  let spec: string;
  let pages: number;

  beforeAll(async () => {
    spec = specFile();
    pages = (await layoutBook(spec)).doc.pages.length;
    preview = await startPreview(spec);
    browser = await launchChromium(chromiumPath as string);
    page = browser.pages()[0] ?? (await browser.newPage());
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
  });

  it('shows every page as a thumbnail and the selected one as an SVG maze', async () => {
    await page.goto(preview.url);
    await page.waitForFunction((n) => document.querySelectorAll('#thumbs .thumb').length === n, pages);
    await page.locator('#thumbs .thumb').nth(3).click();
    await page.waitForSelector('#page[data-page="3"] svg');
    // The walls are merged into long polylines: count their segments.
    const segments = await page.$$eval('#page svg path', (paths) =>
      paths.reduce((n, p) => n + (p.getAttribute('d')?.match(/[LC]/g)?.length ?? 0), 0),
    );
    expect(segments).toBeGreaterThan(50);
    expect(await page.locator('#info h2').textContent()).toBe('Page 4 · Puzzle 3');
    expect(await page.locator('#info .puzzle[data-key="three"] dd').first().textContent()).toBe('three');
    const loaded = await page.$$eval('#thumbs img', (imgs) =>
      imgs.every((img) => {
        const { complete, naturalWidth } = img as unknown as { complete: boolean; naturalWidth: number };
        return complete && naturalWidth > 0;
      }),
    );
    expect(loaded).toBe(true);
  });

  it('updates a page in place within 2 s of a save, marking it', async () => {
    const before = await page.locator('#thumbs .thumb').nth(3).getAttribute('data-version');
    writeFileSync(spec, SMALL_BOOK.replace('cells: [7, 8]', 'cells: [9, 8]'));
    await page.waitForFunction(
      (old) => {
        const thumb = document.querySelectorAll('#thumbs .thumb')[3];
        const view = document.getElementById('page');
        return (
          thumb.getAttribute('data-version') !== old &&
          thumb.classList.contains('regenerated') &&
          view?.getAttribute('data-version') === thumb.getAttribute('data-version')
        );
      },
      before,
      { timeout: 2000 },
    );
    // The puzzle's page and the answers, where it is drawn again; nothing else.
    const marked = (mark: string) =>
      page.$$eval(`#thumbs .thumb.${mark}`, (thumbs) => thumbs.map((t) => t.getAttribute('aria-label')));
    expect(await marked('regenerated')).toEqual(['Page 4: Puzzle 3', 'Page 5: Answers 1–3']);
    expect(await marked('changed')).toEqual(['Page 4: Puzzle 3', 'Page 5: Answers 1–3']);
  });

  it('shows a YAML mistake as a banner with its place and hint, keeping the last good pages', async () => {
    writeFileSync(spec, SMALL_BOOK.replace('cells: [7, 8]', 'cells: [7, 8'));
    const banner = page.locator('#banner');
    await banner.waitFor({ state: 'visible' });
    expect(await banner.locator('code').first().textContent()).toMatch(/book\.yaml:\d+:\d+$/);
    expect(await banner.textContent()).toMatch(/YAML syntax error.*hint: /s);
    expect(await page.locator('#thumbs .thumb').count()).toBe(pages);
    expect(await page.locator('#page svg').count()).toBe(1);
    writeFileSync(spec, SMALL_BOOK);
    await banner.waitFor({ state: 'hidden' });
  });

  it('re-rolls a puzzle into the spec with its comments kept, as the PDF build then makes it; Undo restores', async () => {
    await page.locator('#thumbs .thumb').nth(2).click();
    const puzzle = page.locator('#info .puzzle');
    const key = (await puzzle.getAttribute('data-key')) as string;
    await puzzle.locator('button.reroll').click();
    await page.waitForFunction(
      () => document.querySelector('#info .puzzle dd:nth-of-type(3)')?.textContent === '8 (this page’s own)',
    );
    const text = readFileSync(spec, 'utf8');
    const keyed = '  - maze: { cells: [6, 7] }   # no id: keyed by its options\n';
    expect(text).toBe(SMALL_BOOK.replace(keyed, `${keyed}    seed: 8\n`));

    const out = join(dirname(spec), 'out');
    await buildBook(spec, { output: join(out, 'book.pdf'), svgDir: join(out, 'svg') });
    const lock = JSON.parse(readFileSync(join(out, 'book.lock.json'), 'utf8')) as LockFile;
    expect(lock.puzzles.find((p) => p.key === key)?.hash).toBe(await puzzle.getAttribute('data-hash'));
    for (let i = 0; i < pages; i++) {
      const built = readFileSync(join(out, 'svg', `page-${String(i + 1).padStart(3, '0')}.svg`), 'utf8');
      expect(await shownSvg(page, i), `page ${i + 1}`).toBe(built);
    }

    await page.locator('#undo').click();
    await page.locator('#undo').waitFor({ state: 'hidden' });
    expect(readFileSync(spec, 'utf8')).toBe(SMALL_BOOK);
  });
});
