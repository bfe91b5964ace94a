import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeBook } from '../../src/book/build-book.js';
import { canonicalOfPuzzle } from '../../src/book/chosen-puzzle.js';
import { attemptLine, type PlaytestAttempt } from '../../src/book/playtest-record.js';
import { mazebookInProcess } from '../run-cli.js';
import { PLAY_BOOK, playSpec } from './fixtures.js';

const MAIN = resolve('src/cli/main.ts');

/** The child's output once a line matches `pattern` (at most 30 s). */
function outputUntil(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolveLine, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no line like ${pattern} in: ${out}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').some((l) => pattern.test(l))) {
        clearTimeout(timer);
        resolveLine(out);
      }
    });
  });
}

describe('mazebook play', () => {
  it('prints where it serves, the order and the recording, serves the page, and stops on Ctrl-C', async () => {
    const spec = playSpec();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN, 'play', spec, '--shuffle', '--reader', 'Class 3b'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const out = await outputUntil(child, /open the address in a browser on this computer/);
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0] as string;
      expect(out).toMatch(/^playtest of .*book\.yaml: http:\/\/127\.0\.0\.1:\d+\/ {2}\(Ctrl-C to stop\)$/m);
      expect(out).toContain(
        '  7 mazes, shuffled for each reader from seed 7 (--shuffle 7 gives the same orders again)\n',
      );
      expect(out).toContain('  reader: Class 3b\n');
      expect(out).toMatch(/^ {2}recording to .*book\.playtest\.jsonl$/m);
      expect((await fetch(url)).status).toBe(200);
      const ended = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill('SIGINT');
      expect(await ended).toBe(0);
    } finally {
      child.kill();
    }
  });

  it('ends with exit 2 and a located message for a spec with a mistake, a missing spec, a bad name or port', async () => {
    const dir = dirname(playSpec());
    writeFileSync(join(dir, 'broken.yaml'), PLAY_BOOK.replace('cells: [5, 6]', 'cells: [5, 6'));
    const run = (args: string[]) => mazebookInProcess(args, { cwd: dir });
    const broken = await run(['play', 'broken.yaml']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^error: broken\.yaml:\d+:\d+: /);
    const missing = await run(['play', 'nope.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/spec file not found: nope\.yaml/);
    const name = await run(['play', 'book.yaml', '--reader', '\u0007']);
    expect(name.code).toBe(2);
    expect(name.stderr).toMatch(/^error: --reader: a reader name is 1 to 60 characters/);
    expect((await run(['play', 'book.yaml', '--port', '70000'])).code).toBe(2);
    expect((await run(['play', 'book.yaml', '--shuffle', 'x'])).code).toBe(2);
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as { port: number }).port;
    try {
      const busy = await run(['play', 'book.yaml', '--port', String(port)]);
      expect(busy.code).toBe(2);
      expect(busy.stderr).toMatch(`--port ${port}: that port is already in use`);
    } finally {
      taken.close();
    }
  });
});

describe('mazebook calibrate with recordings', () => {
  it('reads recordings beside their spec, prints the ranking and the readers, and warns when they are too few', async () => {
    const spec = playSpec();
    const dir = dirname(spec);
    const made = await makeBook(spec, {}, false);
    // Two readers at every maze: times that grow with the maze's cells, the second reader half as fast.
    const lines = made.puzzles.flatMap((p, i) =>
      (
        [
          ['Ann', 1],
          ['Bo', 2],
        ] as const
      ).map(([reader, speed]): string => {
        const cells = p.maze.grid.cellCount;
        const seconds = Math.round(speed * 4 * cells ** 0.9 * (1 + 0.05 * ((i * 7) % 3)) * 10) / 10;
        const route = [...p.solution.cells];
        const attempt: PlaytestAttempt = {
          format: 'mazebook-playtest',
          version: 1,
          book: { spec: 'book.yaml', title: 'Play test', seed: 7 },
          puzzle: { key: p.plan.key, number: p.plan.number, shape: 'square', size: '', cells },
          hash: canonicalOfPuzzle(p),
          reader,
          position: i + 1,
          order: 'book',
          started: '2026-03-01T09:00:00.000Z',
          ended: new Date(Date.parse('2026-03-01T09:00:00.000Z') + seconds * 1000).toISOString(),
          seconds,
          outcome: 'solved',
          steps: route.length - 1,
          overlap: 0,
          path: route,
        };
        return attemptLine(attempt);
      }),
    );
    // A session killed while writing leaves its last line cut short; the next session's lines follow it.
    const last = lines.pop() as string;
    const text = `${lines.slice(0, 6).join('')}${lines[6].slice(0, 50)}\n${lines.slice(7).join('')}${last}`;
    writeFileSync(join(dir, 'book.playtest.jsonl'), text);
    const r = await mazebookInProcess(['calibrate', 'book.playtest.jsonl'], { cwd: dir });
    expect(r.stderr).toContain(
      'warning: book.playtest.jsonl:7: not a whole record (cut short while it was written?); skipped\n',
    );
    expect(r.stderr).toMatch(
      /warning: too few recordings to trust these figures: 7 mazes solved \(12 wanted\), 2 readers \(3 wanted\), 2 readers a maze \(3 wanted\)/,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^13 attempts by 2 readers at 7 mazes of book\.yaml: 13 solved, 0 given up$/m);
    expect(r.stdout).toMatch(/^ {2}base model {5}[-\d.]+$/m);
    expect(r.stdout).toMatch(
      /^ {2}fitted model {3}[-\d.]+ on the mazes it was fitted to, [-\d.]+ on mazes held out of the fit/m,
    );
    expect(r.stdout).toMatch(/^ {2}Bo {6}\s+\d+ mazes solved {2}speed ×[\d.]+ {2}spread ×[\d.]+$/m);
    expect(r.stdout).toMatch(/^wrote book\.playtest\.model\.yaml$/m);
    expect(readFileSync(join(dir, 'book.playtest.model.yaml'), 'utf8')).toMatch(
      /^model: mazebook-difficulty$/m,
    );

    // A recording of another book, and a mix of recordings and solve times, are refused by name.
    writeFileSync(join(dir, 'other.yaml'), PLAY_BOOK.replace('seed: 7', 'seed: 8'));
    const other = await mazebookInProcess(
      ['calibrate', 'book.playtest.jsonl', '--spec', 'other.yaml', '--seed', '8'],
      { cwd: dir },
    );
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/none of the 13 attempts is at a maze of other\.yaml \(seed 8\)/);
    writeFileSync(join(dir, 't.csv'), 'square,95\n');
    const mixed = await mazebookInProcess(['calibrate', 't.csv', 'book.playtest.jsonl'], { cwd: dir });
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/calibrate reads one kind at a time/);
  });
});
