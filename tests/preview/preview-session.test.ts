import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PreviewSession, type PreviewState } from '../../src/preview/preview-session.js';
import { SMALL_BOOK, specFile } from './fixtures.js';

const sessions: PreviewSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
});

async function started(spec: string): Promise<PreviewSession> {
  const session = new PreviewSession(spec);
  sessions.push(session);
  await session.start();
  return session;
}

/** The first state published from now on that passes `test` (at most 10 s). */
function next(session: PreviewSession, test: (s: PreviewState) => boolean): Promise<PreviewState> {
  return new Promise((resolveState, reject) => {
    const timer = setTimeout(() => reject(new Error('no such state within 10 s')), 10_000);
    const stop = session.subscribe((s) => {
      if (!test(s)) return;
      clearTimeout(timer);
      stop();
      resolveState(s);
    });
  });
}

const theme = (walls: string) =>
  readFileSync('themes/classic.yaml', 'utf8')
    .replace(/walls: '#1b1b1b'/, `walls: '${walls}'`)
    .replace('../fonts/lato/Lato-Bold.ttf', resolve('fonts/lato/Lato-Bold.ttf'))
    .replace('../fonts/lato/Lato-Regular.ttf', resolve('fonts/lato/Lato-Regular.ttf'));

describe('PreviewSession', () => {
  it('rebuilds when a file the spec names is saved, redrawing without regenerating', async () => {
    const spec = specFile(SMALL_BOOK.replace('front:', 'theme: mine.yaml\nfront:'));
    writeFileSync(join(dirname(spec), 'mine.yaml'), theme('#1b1b1b'));
    const session = await started(spec);
    const before = session.current;
    expect(before.error).toBeUndefined();
    const after = next(session, (s) => !s.building && s.pages.some((p) => p.changed));
    writeFileSync(join(dirname(spec), 'mine.yaml'), theme('#203040'));
    const state = await after;
    expect(state.generated).toBe(0);
    expect(state.pages.map((p) => p.changed)).toEqual([false, true, true, true, true]);
    expect(state.pages.some((p) => p.regenerated)).toBe(false);
    expect(session.svg(1)?.svg).toContain('stroke="#203040"');
  });

  it('reports a mistake in a named file at its place and recovers when it is fixed', async () => {
    const spec = specFile(SMALL_BOOK.replace('front:', 'theme: mine.yaml\nfront:'));
    writeFileSync(join(dirname(spec), 'mine.yaml'), theme('#1b1b1b'));
    const session = await started(spec);
    const failed = next(session, (s) => !s.building && s.error !== undefined);
    writeFileSync(
      join(dirname(spec), 'mine.yaml'),
      theme('#1b1b1b').replace("walls: '#1b1b1b'", 'walls: red'),
    );
    const state = await failed;
    expect(state.error).toEqual({
      problems: [expect.objectContaining({ where: expect.stringMatching(/mine\.yaml:\d+:\d+$/) })],
    });
    expect(state.pages).toHaveLength(5);
    const fixed = next(session, (s) => !s.building && s.error === undefined);
    writeFileSync(join(dirname(spec), 'mine.yaml'), theme('#1b1b1b'));
    expect((await fixed).pages).toHaveLength(5);
  });

  it('rates every puzzle in the background, after showing the pages', async () => {
    const spec = specFile();
    const session = new PreviewSession(spec);
    sessions.push(session);
    const rated = next(session, (s) => !s.rating && s.puzzles.length > 0 && s.puzzles.every((p) => p.rating));
    await session.start();
    expect(session.current.puzzles.every((p) => p.rating === undefined)).toBe(true);
    const state = await rated;
    for (const p of state.puzzles) expect(p.rating?.score).toBeGreaterThanOrEqual(1);
  });
});
