import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkOverlap } from '../../src/analyze/walked-path.js';
import { UserError } from '../../src/base/errors.js';
import { calibrate } from '../../src/book/calibrate-times.js';
import { parsePlaytest } from '../../src/book/playtest-record.js';
import { type PlayServer, startPlay } from '../../src/play/play-server.js';
import { readingOrder } from '../../src/play/reading-order.js';
import { findChromium, launchChromium } from '../preview/chromium.js';
import { playSpec } from './fixtures.js';

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.warn(
    'playtest browser tests skipped: no Chromium found (install Debian’s `chromium` package — .ci/run does — or set MAZEBOOK_CHROMIUM)',
  );
}

/** What the page functions below use of the DOM (the tests compile without the DOM library). */
interface Shown {
  getAttribute(name: string): string | null;
  getScreenCTM(): { a: number; b: number; c: number; d: number; e: number; f: number };
}
declare const document: {
  body: Shown;
  querySelector(selector: string): Shown | null;
};

/** A puzzle's board as the server sends it. */
interface Board {
  index: number;
  x: number[];
  y: number[];
  moveStart: number[];
  moveCell: number[];
  moveForward: number[];
  entry: number;
  exit: number;
}

const KEYS: [string, number, number][] = [
  ['ArrowRight', 1, 0],
  ['ArrowLeft', -1, 0],
  ['ArrowUp', 0, -1],
  ['ArrowDown', 0, 1],
  ['Home', -Math.SQRT1_2, -Math.SQRT1_2],
  ['PageUp', Math.SQRT1_2, -Math.SQRT1_2],
  ['End', -Math.SQRT1_2, Math.SQRT1_2],
  ['PageDown', Math.SQRT1_2, Math.SQRT1_2],
];

/**
 * The key a reader presses to go from the end of `line` to `to`: the documented rule (the allowed move nearest
 * the key's direction, within 70°) run for each key until one lands on `to`.
 */
function keyFor(board: Board, line: number[], to: number): string {
  const h = line[line.length - 1];
  for (const [key, dx, dy] of KEYS) {
    let best = -1;
    let bestCos = Math.cos((70 * Math.PI) / 180);
    for (let k = board.moveStart[h]; k < board.moveStart[h + 1]; k++) {
      const c = board.moveCell[k];
      if (board.moveForward[k] !== 1 && line[line.length - 2] !== c) continue;
      const ex = board.x[c] - board.x[h];
      const ey = board.y[c] - board.y[h];
      const cos = (ex * dx + ey * dy) / (Math.hypot(ex, ey) || 1);
      if (cos > bestCos + 1e-9) {
        bestCos = cos;
        best = c;
      }
    }
    if (best === to) return key;
  }
  throw new Error(`no key goes from ${h} to ${to}`);
}

describe.skipIf(!chromiumPath)('the playtest in Chromium', () => {
  let play: PlayServer;
  let browser: BrowserContext;
  let page: Page;
  let spec: string;

  beforeAll(async () => {
    spec = playSpec();
    play = await startPlay(spec);
    browser = await launchChromium(chromiumPath as string, { width: 900, height: 700 });
    page = browser.pages()[0] ?? (await browser.newPage());
  });
  afterAll(async () => {
    await browser?.close();
    await play?.close();
  });

  const state = () => page.evaluate(() => document.body.getAttribute('data-state'));
  const waitState = (s: string) =>
    page.waitForFunction((want) => document.body.getAttribute('data-state') === want, s);
  const board = async (): Promise<Board> => {
    const index = Number(await page.locator('#board').getAttribute('data-puzzle'));
    return (await fetch(`${play.url}api/puzzle/${index}`)).json() as Promise<Board>;
  };
  /** Screen points of these cells' centres, through the drawing's own transform. */
  const onScreen = (b: Board, cells: readonly number[]) =>
    page.evaluate(
      (pts) => {
        const m = (document.querySelector('#board svg') as Shown).getScreenCTM();
        return pts.map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f] as const);
      },
      cells.map((c) => [b.x[c], b.y[c]] as const),
    );
  const start = async (): Promise<Board> => {
    await page.locator('#start').click();
    await waitState('solving');
    return board();
  };
  const solution = (b: Board) => [...play.book.puzzles[b.index].puzzle.solution.cells];
  /** Draws with the mouse through these cells' centres, two pointer moves from each to the next. */
  const drawThrough = async (b: Board, cells: readonly number[]) => {
    const pts = await onScreen(b, cells);
    await page.mouse.move(pts[0][0], pts[0][1]);
    await page.mouse.down();
    for (const [x, y] of pts.slice(1)) await page.mouse.move(x, y, { steps: 2 });
    await page.mouse.up();
  };
  const solved = async () => {
    await waitState('done');
    return page.locator('#result-text').textContent();
  };
  const next = async () => {
    await page.locator('#next').click();
  };

  it('a reader gives their name and walks the square maze with the arrow keys, walls blocking', async () => {
    await page.goto(play.url);
    await page.locator('#name').fill('  Ann ');
    await page.locator('#begin').click();
    await page.locator('#start').waitFor({ state: 'visible' });
    expect(await page.locator('#ready-text').textContent()).toBe('Maze 1 of 7');
    // The maze is covered until Start: the clock starts when the reader can see it.
    expect(await page.locator('#cover').isVisible()).toBe(true);
    const b = await start();
    expect(b.index).toBe(0);
    const route = solution(b);
    // A key towards a wall moves nothing.
    const blocked = KEYS.slice(0, 4).find(([, dx, dy]) => {
      const h = b.entry;
      for (let k = b.moveStart[h]; k < b.moveStart[h + 1]; k++) {
        const c = b.moveCell[k];
        const cos =
          ((b.x[c] - b.x[h]) * dx + (b.y[c] - b.y[h]) * dy) / Math.hypot(b.x[c] - b.x[h], b.y[c] - b.y[h]);
        if (cos > 0.34) return false;
      }
      return true;
    });
    expect(blocked).toBeDefined();
    await page.keyboard.press(blocked?.[0] as string);
    expect(await page.locator('#board').getAttribute('data-moves')).toBe('0');
    // Along the route, with one step back (Backspace) on the way.
    const line = [route[0]];
    for (const [i, to] of route.slice(1).entries()) {
      await page.keyboard.press(keyFor(b, line, to));
      line.push(to);
      if (i === 1) {
        await page.keyboard.press('Backspace');
        line.pop();
        await page.keyboard.press(keyFor(b, line, to));
        line.push(to);
      }
    }
    expect(await solved()).toMatch(/^Solved in \d+:\d\d · \d+ moves$/);
    expect(await page.locator('#timer').textContent()).toMatch(/^\d+:\d\d$/);
  });

  it('draws through the hexagon, triangle, octagon and circle mazes with the pointer', async () => {
    for (const expected of [1, 2, 3, 4]) {
      await next();
      const b = await start();
      expect(b.index).toBe(expected);
      await drawThrough(b, solution(b));
      expect(await solved(), `puzzle ${expected}`).toMatch(/^Solved in /);
      expect(await page.locator('#board').getAttribute('data-pointer')).toBe('mouse');
    }
  });

  it('a pointer that crosses a wall does not take the line with it', async () => {
    await next();
    const b = await start();
    expect(b.index).toBe(5);
    const route = solution(b);
    // From the entry to a neighbouring cell across a standing wall.
    const maze = play.book.puzzles[5].puzzle.maze;
    const { grid, open } = maze;
    let across = -1;
    for (let k = grid.adjStart[b.entry]; k < grid.adjStart[b.entry + 1]; k++) {
      if (!open[grid.adjWall[k]]) across = grid.adjCell[k];
    }
    expect(across).toBeGreaterThanOrEqual(0);
    await drawThrough(b, [b.entry, across]);
    expect(await page.locator('#board').getAttribute('data-head')).toBe(String(b.entry));
    // Then a few moves along the route, and Give up (pressed twice: the first asks "Sure?").
    await drawThrough(b, route.slice(0, 4));
    await page.locator('#giveup').click();
    expect(await state()).toBe('solving');
    await page.locator('#giveup').click();
    expect(await solved()).toMatch(/^Here is the way through · 3 moves$/);
    await page.waitForFunction(
      () => document.querySelector('#board')?.getAttribute('data-answer') === 'shown',
    );
  });

  it('a finger draws through the weave maze, over and under its bridges, the page never taking it for a scroll (touch-action: none)', async () => {
    await next();
    const b = await start();
    expect(b.index).toBe(6);
    const pts = await onScreen(b, solution(b));
    const cdp = await browser.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const touch = (type: string, at?: readonly [number, number]) =>
      cdp.send('Input.dispatchTouchEvent', {
        type: type as 'touchStart',
        touchPoints: at ? [{ x: at[0], y: at[1] }] : [],
      });
    await touch('touchStart', pts[0]);
    for (let i = 1; i < pts.length; i++) {
      for (const t of [0.5, 1]) {
        const [ax, ay] = pts[i - 1];
        const [bx, by] = pts[i];
        await touch('touchMove', [ax + (bx - ax) * t, ay + (by - ay) * t]);
      }
    }
    await touch('touchEnd');
    expect(await solved()).toMatch(/^Solved in /);
    expect(await page.locator('#board').getAttribute('data-pointer')).toBe('touch');
    await cdp.detach();
    await next();
    expect(await page.locator('#end-text').textContent()).toBe('That was the last maze. Thank you, Ann!');
  });

  it('recorded every attempt, valid, with every step; calibrate reads the recording', async () => {
    const { attempts, skipped } = parsePlaytest(readFileSync(play.record, 'utf8'), 'rec');
    expect(skipped).toEqual([]);
    expect(attempts.map((a) => [a.puzzle.key, a.reader, a.position, a.outcome])).toEqual([
      ['square', 'Ann', 1, 'solved'],
      ['hex', 'Ann', 2, 'solved'],
      ['triangle', 'Ann', 3, 'solved'],
      ['octagon', 'Ann', 4, 'solved'],
      ['circle', 'Ann', 5, 'solved'],
      ['heart', 'Ann', 6, 'gave-up'],
      ['weave', 'Ann', 7, 'solved'],
    ]);
    for (const [i, a] of attempts.entries()) {
      const route = [...play.book.puzzles[i].puzzle.solution.cells];
      expect(a.times, a.puzzle.key).toHaveLength(a.steps);
      expect(a.overlap).toBe(walkOverlap(a.path, a.puzzle.cells));
      if (i === 0) {
        // The step back and forth is in the walk: two moves onto cells stood on before.
        expect(a.path).toEqual([...route.slice(0, 3), route[1], ...route.slice(2)]);
        expect(a.overlap).toBe(2);
      } else if (a.outcome === 'solved') expect(a.path, a.puzzle.key).toEqual(route);
      else expect(a.path).toEqual(route.slice(0, 4));
      expect(Date.parse(a.ended) - Date.parse(a.started)).toBeCloseTo(a.seconds * 1000, -1);
    }
    // Calibrate finds the book beside the recording and matches every attempt, then says six solves are
    // too few to fit.
    let error: unknown;
    await calibrate([play.record]).catch((e) => {
      error = e;
    });
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).what).toBe(
      '6 solve times of 6 mazes are too few to fit a model (at least 10 times of 5 different mazes)',
    );
  });

  it('says when a maze cannot be played here, and offers the next', async () => {
    const big = playSpec(
      'title: Big\nseed: 2\npaper: { width: 60in, height: 60in }\nmin-passage: 0.5mm\npages:\n  - maze: { cells: [210, 210] }\n',
    );
    const server = await startPlay(big, { reader: 'Ann' });
    try {
      const other = await browser.newPage();
      await other.goto(server.url);
      const note = other.locator('#note-text');
      await note.waitFor({ state: 'visible' });
      expect(await note.textContent()).toBe(
        'Maze 1 cannot be played here: this maze has 44,100 cells, too many to walk on a screen (at most 40,000).',
      );
      await other.locator('#skip').click();
      expect(await other.locator('#end-text').textContent()).toBe('That was the last maze. Thank you, Ann!');
      await other.close();
    } finally {
      await server.close();
    }
  });

  it('on a tablet held upright (768 × 1024, touch, no mouse), the whole maze and Give up are on screen and a finger solves it', async () => {
    const tablet = await startPlay(spec, { reader: 'Tab', record: `${spec}.tablet.jsonl` });
    const other = await browser.newPage();
    const cdp = await browser.newCDPSession(other);
    try {
      await cdp.send('Emulation.setDeviceMetricsOverride', {
        width: 768,
        height: 1024,
        deviceScaleFactor: 2,
        mobile: true,
      });
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
      await other.goto(tablet.url);
      await other.locator('#start').click();
      await other.waitForFunction(() => document.body.getAttribute('data-state') === 'solving');
      const index = Number(await other.locator('#board').getAttribute('data-puzzle'));
      const b = (await (await fetch(`${tablet.url}api/puzzle/${index}`)).json()) as Board;
      // Nothing to scroll to: the maze and the buttons fit the screen, and the buttons are finger-sized.
      const maze = await other.locator('#board svg').boundingBox();
      const giveUp = await other.locator('#giveup').boundingBox();
      for (const box of [maze, giveUp]) {
        expect(box).not.toBeNull();
        if (!box) continue;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(768);
        expect(box.y + box.height).toBeLessThanOrEqual(1024);
      }
      expect(maze?.width).toBeGreaterThan(600);
      expect(giveUp?.height).toBeGreaterThanOrEqual(40);
      const pts = await other.evaluate(
        (cells) => {
          const m = (document.querySelector('#board svg') as Shown).getScreenCTM();
          return cells.map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f] as const);
        },
        [...tablet.book.puzzles[index].puzzle.solution.cells].map((c) => [b.x[c], b.y[c]] as const),
      );
      const touch = (type: string, at?: readonly [number, number]) =>
        cdp.send('Input.dispatchTouchEvent', {
          type: type as 'touchStart',
          touchPoints: at ? [{ x: at[0], y: at[1] }] : [],
        });
      await touch('touchStart', pts[0]);
      for (let i = 1; i < pts.length; i++) {
        const [ax, ay] = pts[i - 1];
        const [bx, by] = pts[i];
        for (const t of [0.5, 1]) await touch('touchMove', [ax + (bx - ax) * t, ay + (by - ay) * t]);
      }
      await touch('touchEnd');
      await other.waitForFunction(() => document.body.getAttribute('data-state') === 'done');
      expect(await other.locator('#result-text').textContent()).toMatch(/^Solved in /);
      expect(await other.locator('#board').getAttribute('data-pointer')).toBe('touch');
      const { attempts } = parsePlaytest(readFileSync(tablet.record, 'utf8'), 'rec');
      expect(attempts.map((a) => [a.reader, a.outcome])).toEqual([['Tab', 'solved']]);
    } finally {
      await cdp.detach();
      await other.close();
      await tablet.close();
    }
  });

  it('with --reader and --shuffle, the page asks no name and follows that reader’s order', async () => {
    const shuffled = await startPlay(spec, { reader: 'Class 3b', shuffle: 42, record: `${spec}.x.jsonl` });
    try {
      const other = await browser.newPage();
      await other.goto(shuffled.url);
      await other.locator('#start').waitFor({ state: 'visible' });
      expect(await other.locator('#who').textContent()).toBe('Class 3b');
      expect(await other.locator('#change').isVisible()).toBe(false);
      const index = Number(await other.locator('#board').getAttribute('data-puzzle'));
      expect(index).toBe(readingOrder(7, { kind: 'shuffled', seed: 42 }, 'Class 3b')[0]);
      await other.close();
    } finally {
      await shuffled.close();
    }
  });
});
