import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/**
 * The Chromium the browser tests drive: $MAZEBOOK_CHROMIUM, or Debian's `chromium` package (which `.ci/run`
 * installs when it is missing). Undefined when there is none: the browser tests are then skipped, saying so.
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.MAZEBOOK_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/**
 * Flags for a closed network: without the background-networking ones Chromium keeps trying to reach its
 * update and sync services, which a machine without internet refuses.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium with a fresh profile folder. */
export function launchChromium(
  executablePath: string,
  viewport = { width: 1280, height: 800 },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'mazebook-chromium-')), {
    executablePath,
    headless: true,
    args: FLAGS,
    viewport,
  });
}
