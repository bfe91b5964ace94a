/**
 * Takes docs/images/play.png: `mazebook play` of a copy of books/shapes.yaml in headless Chromium, a reader
 * half way through the circle maze, drawn with the mouse, 1 min 23 s on the clock (the page's clock is
 * Playwright's). Run on purpose with `npm run screenshot:play`; needs Chromium (see ../preview/chromium.ts).
 */
import { copyFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startPlay } from '../../src/play/play-server.js';
import { findChromium, launchChromium } from '../preview/chromium.js';

/** What the page functions below use of the browser (the tests compile without the DOM library). */
declare const document: {
  body: { getAttribute(name: string): string | null };
  querySelector(selector: string): {
    getScreenCTM(): { a: number; b: number; c: number; d: number; e: number; f: number };
  } | null;
};
declare const localStorage: { setItem(key: string, value: string): void };

const executable = findChromium();
if (!executable) throw new Error('no Chromium: install Debian’s chromium package or set MAZEBOOK_CHROMIUM');
const out = resolve('docs/images/play.png');
const dir = mkdtempSync(join(tmpdir(), 'mazebook-screenshot-'));
copyFileSync('books/shapes.yaml', join(dir, 'shapes.yaml'));
cpSync('books/pictures', join(dir, 'pictures'), { recursive: true });
process.chdir(dir);
const play = await startPlay('shapes.yaml', { reader: 'Ann' });
const index = play.book.puzzles.findIndex((p) => p.puzzle.plan.key === 'circle');
const browser = await launchChromium(executable, { width: 1000, height: 720 });
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.clock.install({ time: new Date('2026-03-01T09:00:00Z') });
  // Ann has done the mazes before the circle.
  await page.addInitScript((n) => {
    localStorage.setItem('mazebook-play:Shapes:Ann', String(n));
  }, index + 1);
  await page.goto(play.url);
  await page.locator('#start').click();
  await page.waitForFunction(() => document.body.getAttribute('data-state') === 'solving');
  const board = (await (await fetch(`${play.url}api/puzzle/${index}`)).json()) as {
    x: number[];
    y: number[];
  };
  const route = [...play.book.puzzles[index].puzzle.solution.cells].slice(0, 24);
  const points = await page.evaluate(
    (pts) => {
      const m = document.querySelector('#board svg')?.getScreenCTM();
      if (!m) throw new Error('no maze drawn');
      return pts.map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
    },
    route.map((c) => [board.x[c], board.y[c]]),
  );
  await page.mouse.move(points[0][0], points[0][1]);
  await page.mouse.down();
  for (const [x, y] of points.slice(1)) await page.mouse.move(x, y, { steps: 3 });
  await page.mouse.up();
  await page.clock.runFor(83_000);
  await page.screenshot({ path: out });
} finally {
  await browser.close();
  await play.close();
}
console.log('docs/images/play.png written');
