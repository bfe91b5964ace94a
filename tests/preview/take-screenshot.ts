/**
 * Takes docs/images/preview.png: the preview of a copy of books/sample.yaml in headless Chromium, with
 * puzzle 2 re-rolled (so its page carries the "new maze" mark and Undo is offered) and every rating in.
 * Run on purpose with `npm run screenshot:preview`; needs Chromium (see chromium.ts).
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startPreview } from '../../src/preview/preview-server.js';
import type { PreviewState } from '../../src/preview/preview-session.js';
import { findChromium, launchChromium } from './chromium.js';

const executable = findChromium();
if (!executable) throw new Error('no Chromium: install Debian’s chromium package or set MAZEBOOK_CHROMIUM');
const out = resolve('docs/images/preview.png');
const dir = mkdtempSync(join(tmpdir(), 'mazebook-screenshot-'));
copyFileSync('books/sample.yaml', join(dir, 'sample.yaml'));
// From the copy's folder, so the page names the spec as `sample.yaml`.
process.chdir(dir);
const preview = await startPreview('sample.yaml');
const settled = (test: (s: PreviewState) => boolean) =>
  new Promise<void>((done) => {
    if (test(preview.session.current)) return done();
    const stop = preview.session.subscribe((s) => {
      if (test(s)) {
        stop();
        done();
      }
    });
  });
const browser = await launchChromium(executable, { width: 1280, height: 760 });
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${preview.url}#p4`);
  await page.waitForSelector('#page[data-page="3"] svg');
  await page.locator('#info button.reroll').click();
  await page.locator('#undo').waitFor({ state: 'visible' });
  await settled((s) => !s.building && !s.rating);
  await page.waitForFunction(
    () =>
      !/rating…/.test(
        String((globalThis as { document?: { body: { textContent: string } } }).document?.body.textContent),
      ),
  );
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
} finally {
  await browser.close();
  await preview.close();
}
console.log('docs/images/preview.png written');
