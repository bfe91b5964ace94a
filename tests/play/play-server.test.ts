import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkOverlap } from '../../src/analyze/walked-path.js';
import { UserError } from '../../src/base/errors.js';
import { parsePlaytest } from '../../src/book/playtest-record.js';
import { renderMaze } from '../../src/book/render-maze.js';
import { canonicalHash } from '../../src/codec/canonical.js';
import { defaultRecordPath, type PlayServer, startPlay } from '../../src/play/play-server.js';
import { readingOrder } from '../../src/play/reading-order.js';
import { PLAY_BOOK, playSpec } from './fixtures.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One raw request to the server, with exactly these headers (Host included). */
function ask(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function userError(p: Promise<unknown>): Promise<UserError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError');
}

describe('the play server', () => {
  let play: PlayServer;
  let spec: string;
  let own: Record<string, string>;
  let json: Record<string, string>;
  /** The server's clock: each test moves it on. */
  let now = Date.UTC(2026, 2, 1, 9, 0, 0);
  const post = (path: string, body: unknown) =>
    ask(play.port, path, json, 'POST', JSON.stringify(body)).then((a) => ({
      status: a.status,
      body: JSON.parse(a.body),
    }));

  beforeAll(async () => {
    spec = playSpec();
    writeFileSync(join(dirname(spec), 'secret.txt'), 'a secret beside the spec');
    play = await startPlay(spec, { clock: () => now });
    own = { host: `127.0.0.1:${play.port}` };
    json = { ...own, origin: `http://127.0.0.1:${play.port}`, 'content-type': 'application/json' };
  });
  afterAll(() => play.close());

  it('listens on 127.0.0.1 only and serves its page with a policy that loads nothing from elsewhere', async () => {
    expect(play.url).toBe(`http://127.0.0.1:${play.port}/`);
    expect(play.record).toBe(join(dirname(spec), 'book.playtest.jsonl'));
    const page = await ask(play.port, '/', own);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/app.js"');
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    for (const path of ['/app.js', '/app.css']) {
      const asset = await ask(play.port, path, own);
      expect(asset.status).toBe(200);
      // The page's own script and style name no other origin.
      expect(asset.body).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
  });

  it('serves each maze alone as SVG with its board: cell centres and moves through open walls only', async () => {
    const book = JSON.parse((await ask(play.port, '/api/book', own)).body);
    expect(book).toMatchObject({ title: 'Play test', count: 7, reader: null, order: 'book' });
    for (const [i, p] of play.book.puzzles.entries()) {
      const board = JSON.parse((await ask(play.port, `/api/puzzle/${i}`, own)).body);
      const { maze } = p.puzzle;
      expect(board.playable, p.puzzle.plan.key).toBe(true);
      expect(board.x).toHaveLength(maze.grid.cellCount);
      expect(board.entry).toBe(maze.entryCell);
      expect(board.exit).toBe(maze.exitCell);
      // Every move joins two cells through an open wall (or an under-passage), both ways.
      let moves = 0;
      for (let c = 0; c < maze.grid.cellCount; c++) {
        for (let k = board.moveStart[c]; k < board.moveStart[c + 1]; k++) {
          const to = board.moveCell[k];
          const wall = [...Array(maze.grid.adjStart[c + 1] - maze.grid.adjStart[c]).keys()]
            .map((j) => maze.grid.adjStart[c] + j)
            .find((a) => maze.grid.adjCell[a] === to && maze.open[maze.grid.adjWall[a]]);
          expect(wall, `${p.puzzle.plan.key}: ${c} → ${to}`).toBeDefined();
          moves++;
        }
      }
      let open = 0;
      for (let w = 0; w < maze.grid.wallCount; w++) if (maze.open[w] && maze.grid.wallCellB[w] >= 0) open++;
      expect(moves, p.puzzle.plan.key).toBe(2 * open);
      const svg = await ask(play.port, `/puzzle/${i}.svg`, own);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(svg.body).toMatch(/^<svg [^>]*viewBox="0 0 [\d.]+ [\d.]+"/);
    }
    // The very drawing `render --spec --page` makes, from the same display list.
    for (const key of ['heart', 'weave']) {
      const i = play.book.puzzles.findIndex((p) => p.puzzle.plan.key === key);
      const rendered = await renderMaze({ format: 'svg', spec, page: key });
      expect((await ask(play.port, `/puzzle/${i}.svg`, own)).body, key).toBe(rendered.toString());
    }
  });

  it('refuses foreign hosts and origins on every route', async () => {
    for (const path of [
      '/',
      '/app.js',
      '/api/book',
      '/api/order?reader=Ann',
      '/api/puzzle/0',
      '/puzzle/0.svg',
    ]) {
      expect((await ask(play.port, path, { host: `attacker.example:${play.port}` })).status, path).toBe(403);
      expect((await ask(play.port, path, { ...own, origin: 'http://attacker.example' })).status, path).toBe(
        403,
      );
      expect((await ask(play.port, path, { host: `127.0.0.1:${play.port + 1}` })).status, path).toBe(403);
    }
    const body = JSON.stringify({ puzzle: 0, reader: 'Ann', position: 1 });
    const foreign = { ...json, origin: 'http://attacker.example' };
    expect((await ask(play.port, '/api/start', foreign, 'POST', body)).status).toBe(403);
    const noOrigin = { ...own, 'content-type': 'application/json' };
    expect((await ask(play.port, '/api/start', noOrigin, 'POST', body)).status).toBe(403);
    const form = { ...json, 'content-type': 'text/plain' };
    expect((await ask(play.port, '/api/start', form, 'POST', body)).status).toBe(415);
  });

  it('serves no file: paths to the spec, beside it or above it are not found', async () => {
    const paths = [
      '/book.yaml',
      '/secret.txt',
      '/book.playtest.jsonl',
      '/../book.yaml',
      '/%2e%2e/book.yaml',
      '/puzzle/..%2f..%2fbook.yaml',
      '/puzzle/../secret.txt',
      '/puzzle/0.svg/../../secret.txt',
      '//etc/passwd',
      '/puzzle/-1.svg',
      '/puzzle/7.svg',
      '/api/puzzle/99',
      '/puzzle/0.svg.yaml',
      `/${encodeURIComponent(spec)}`,
    ];
    for (const path of paths) {
      const answer = await ask(play.port, path, own);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toMatch(/secret|Play test|mazebook-playtest/);
    }
  });

  it('records an attempt: checked, timed by its clock, one line with the path and McGlinn overlap steps', async () => {
    const p = play.book.puzzles[0].puzzle;
    const start = await post('/api/start', { puzzle: 0, reader: ' Ann ', position: 1 });
    expect(start.status).toBe(200);
    // A detour into a dead end and back: the walk holds every move, the line ends as the route.
    const route = [...p.solution.cells];
    const side = sideStep(play, 0, route);
    const path = [...route.slice(0, side.at + 1), side.cell, ...route.slice(side.at)];
    now += 61_500;
    const answerBefore = await ask(play.port, '/puzzle/0/answer.svg', own);
    expect(answerBefore.status).toBe(404);
    const end = await post('/api/finish', { attempt: start.body.attempt, outcome: 'solved', path });
    expect(end).toEqual({
      status: 200,
      body: { ok: true, seconds: 61.5, steps: path.length - 1, overlap: 1 },
    });
    expect((await ask(play.port, '/puzzle/0/answer.svg', own)).status).toBe(200);
    const { attempts } = parsePlaytest(readFileSync(play.record, 'utf8'), 'rec');
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      format: 'mazebook-playtest',
      version: 1,
      book: { spec: 'book.yaml', title: 'Play test', seed: 7 },
      puzzle: { key: 'square', number: 1, shape: 'square', size: '5×6', cells: 30 },
      hash: canonicalHash(p.maze),
      reader: 'Ann',
      position: 1,
      order: 'book',
      started: '2026-03-01T09:00:00.000Z',
      ended: '2026-03-01T09:01:01.500Z',
      seconds: 61.5,
      outcome: 'solved',
      path,
      overlap: walkOverlap(path, 30),
    });
    // A second finish of the same attempt is refused: nothing is recorded twice.
    expect((await post('/api/finish', { attempt: start.body.attempt, outcome: 'solved', path })).status).toBe(
      400,
    );
  });

  it('records a give-up wherever the line ended, and the answer may then be shown', async () => {
    const start = await post('/api/start', { puzzle: 1, reader: 'Ann', position: 2 });
    now += 12_000;
    const entry = play.book.puzzles[1].puzzle.maze.entryCell;
    const end = await post('/api/finish', {
      attempt: start.body.attempt,
      outcome: 'gave-up',
      path: [entry],
      times: [],
    });
    expect(end.body).toMatchObject({ ok: true, seconds: 12, steps: 0, overlap: 0 });
    expect((await ask(play.port, '/puzzle/1/answer.svg', own)).body).toMatch(/^<svg /);
    const { attempts } = parsePlaytest(readFileSync(play.record, 'utf8'), 'rec');
    expect(attempts.at(-1)).toMatchObject({ outcome: 'gave-up', puzzle: { key: 'hex' }, times: [] });
  });

  it('refuses walks through walls, from elsewhere than the entry, a solve short of the exit, and bad bodies', async () => {
    const p = play.book.puzzles[0].puzzle;
    const { maze } = p;
    const route = [...p.solution.cells];
    const attempt = (await post('/api/start', { puzzle: 0, reader: 'Bo', position: 1 })).body.attempt;
    const wall = throughWall(play, 0);
    const bad: [unknown, RegExp][] = [
      [{ attempt, outcome: 'solved', path: wall }, /crosses a wall/],
      [{ attempt, outcome: 'solved', path: route.slice(1) }, /does not start at the entry/],
      [{ attempt, outcome: 'solved', path: route.slice(0, -1) }, /does not end at the exit/],
      [{ attempt, outcome: 'solved', path: [...route.slice(0, -1), maze.grid.cellCount] }, /not a cell/],
      [{ attempt, outcome: 'solved', path: route, times: [1, 2] }, /one per move/],
      [{ attempt, outcome: 'won', path: route }, /expected \{"attempt"/],
      [{ attempt: 'a999', outcome: 'solved', path: route }, /no such attempt/],
    ];
    for (const [body, what] of bad) {
      const answer = await post('/api/finish', body);
      expect(answer.status).toBe(400);
      expect(answer.body.what).toMatch(what);
    }
    // The attempt is still open: a good walk is then recorded.
    expect((await post('/api/finish', { attempt, outcome: 'solved', path: route })).status).toBe(200);
    // Places that are not the reader's, names that cannot be recorded, mazes that do not exist.
    for (const body of [
      { puzzle: 0, reader: 'Bo', position: 2 },
      { puzzle: 0, reader: '', position: 1 },
      { puzzle: 0, reader: 'x'.repeat(61), position: 1 },
      { puzzle: 0, reader: 'Bo\u0007', position: 1 },
      { puzzle: 99, reader: 'Bo', position: 1 },
      { puzzle: '0', reader: 'Bo', position: 1 },
    ]) {
      expect((await post('/api/start', body)).status, JSON.stringify(body)).toBe(400);
    }
    const huge = JSON.stringify({
      attempt,
      outcome: 'solved',
      path: route,
      pad: 'x'.repeat(7 * 1024 * 1024),
    });
    const tooBig = await ask(play.port, '/api/finish', json, 'POST', huge).catch(() => ({ status: 413 }));
    expect([400, 413]).toContain(tooBig.status);
  });

  it('gives each reader their own shuffled order from the seed, the same every time', () => {
    const a = readingOrder(12, { kind: 'shuffled', seed: 5 }, 'Ann');
    expect([...a].sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    expect(readingOrder(12, { kind: 'shuffled', seed: 5 }, 'Ann')).toEqual(a);
    expect(readingOrder(12, { kind: 'shuffled', seed: 5 }, 'Bo')).not.toEqual(a);
    expect(readingOrder(12, { kind: 'shuffled', seed: 6 }, 'Ann')).not.toEqual(a);
    expect(readingOrder(12, { kind: 'book' }, 'Ann')).toEqual([...Array(12).keys()]);
  });
});

/** A dead-end neighbour of a route cell: the route's index and the cell off it. */
function sideStep(play: PlayServer, index: number, route: number[]): { at: number; cell: number } {
  const { grid, open } = play.book.puzzles[index].puzzle.maze;
  for (let i = 1; i < route.length - 1; i++) {
    for (let k = grid.adjStart[route[i]]; k < grid.adjStart[route[i] + 1]; k++) {
      const to = grid.adjCell[k];
      if (open[grid.adjWall[k]] && !route.includes(to)) return { at: i, cell: to };
    }
  }
  throw new Error('no side branch');
}

/** A path from the entry into a neighbour across a standing wall. */
function throughWall(play: PlayServer, index: number): number[] {
  const { grid, open, entryCell } = play.book.puzzles[index].puzzle.maze;
  for (let k = grid.adjStart[entryCell]; k < grid.adjStart[entryCell + 1]; k++) {
    if (!open[grid.adjWall[k]]) return [entryCell, grid.adjCell[k]];
  }
  throw new Error('no wall');
}

describe('starting a playtest', () => {
  it('refuses a spec with a mistake, a reader name it cannot record, and a recording onto an input', async () => {
    const broken = playSpec(PLAY_BOOK.replace('cells: [5, 6]', 'cells: [5, 6'));
    expect((await userError(startPlay(broken))).where).toMatch(/book\.yaml:\d+:\d+$/);
    const spec = playSpec();
    expect((await userError(startPlay(spec, { reader: ' ' }))).where).toBe('--reader');
    const onSpec = await userError(startPlay(spec, { record: spec }));
    expect(onSpec.what).toMatch(/playtest recording would overwrite a file this build reads/);
    const onFolder = await userError(startPlay(spec, { record: dirname(spec) }));
    expect(onFolder.what).toMatch(/it is a folder/);
    expect(defaultRecordPath('/a/b/my.book.yaml')).toBe('/a/b/my.book.playtest.jsonl');
  });
});

describe('mazes of every kind', () => {
  it('mazegrams, one-way passages and picture mazes are played like any other', async () => {
    const dir = dirname(playSpec());
    copyFileSync('books/pictures/cat-portrait.png', join(dir, 'cat.png'));
    const spec = join(dir, 'kinds.yaml');
    writeFileSync(
      spec,
      `title: Kinds
seed: 5
paper: a5
min-passage: 1.5mm
pages:
  - { id: gram, maze: { cells: [10, 10], mazegram: "HI THERE" } }
  - { id: oneway, maze: { fm: FM2ln2LJW1E0 } }
  - { id: tone, maze: { tone: { image: cat.png } } }
`,
    );
    const play = await startPlay(spec);
    try {
      const origin = { origin: play.url.slice(0, -1), 'content-type': 'application/json' };
      for (const [i, p] of play.book.puzzles.entries()) {
        const board = (await (await fetch(`${play.url}api/puzzle/${i}`)).json()) as { playable: boolean };
        expect(board.playable, p.puzzle.plan.key).toBe(true);
        const start = await fetch(`${play.url}api/start`, {
          method: 'POST',
          headers: origin,
          body: JSON.stringify({ puzzle: i, reader: 'Ann', position: i + 1 }),
        });
        const { attempt } = (await start.json()) as { attempt: string };
        const path = [...p.puzzle.solution.cells];
        const end = await fetch(`${play.url}api/finish`, {
          method: 'POST',
          headers: origin,
          body: JSON.stringify({ attempt, outcome: 'solved', path }),
        });
        expect(end.status, p.puzzle.plan.key).toBe(200);
      }
      // The one-way passage is a move the board does not let the reader start.
      const oneway = (await (await fetch(`${play.url}api/puzzle/1`)).json()) as { moveForward: number[] };
      expect(oneway.moveForward).toContain(0);
      expect(play.book.puzzles[2].puzzle.maze.grid.tone).toBeDefined();
    } finally {
      await play.close();
    }
  });

  it('a rule maze (no walls: its rule is the maze) is not offered, and says why; the wall maze beside it is', async () => {
    const spec = playSpec(
      'title: Rules\nseed: 3\npages:\n  - maze: { cells: [6, 6] }\n  - maze: { rule: jumps, cells: 5 }\n',
    );
    const play = await startPlay(spec);
    try {
      const board = await (await fetch(`${play.url}api/puzzle/1`)).json();
      expect(board).toEqual({
        index: 1,
        playable: false,
        note: 'this is a jumps rule maze: the browser plays wall mazes only, a rule maze is solved on paper',
      });
      const wall = (await (await fetch(`${play.url}api/puzzle/0`)).json()) as { playable?: boolean };
      expect(wall.playable).not.toBe(false);
    } finally {
      await play.close();
    }
  });

  it('a maze too large to walk on a screen is not offered, and says why', async () => {
    const spec = playSpec(
      'title: Big\nseed: 2\npaper: { width: 60in, height: 60in }\nmin-passage: 0.5mm\npages:\n  - maze: { cells: [210, 210] }\n',
    );
    const play = await startPlay(spec);
    try {
      const board = await (await fetch(`${play.url}api/puzzle/0`)).json();
      expect(board).toEqual({
        index: 0,
        playable: false,
        note: 'this maze has 44,100 cells, too many to walk on a screen (at most 40,000)',
      });
      expect((await fetch(`${play.url}puzzle/0.svg`)).status).toBe(404);
      const start = await fetch(`${play.url}api/start`, {
        method: 'POST',
        headers: { origin: play.url.slice(0, -1), 'content-type': 'application/json' },
        body: JSON.stringify({ puzzle: 0, reader: 'Ann', position: 1 }),
      });
      expect(start.status).toBe(400);
    } finally {
      await play.close();
    }
  });
});
