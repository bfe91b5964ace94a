/**
 * Every command of the built package, as users run it: `node bin/mazebook.js …` in a child process, which
 * runs the bundle of `npm run build` (dist/bundle/, one CommonJS script and its chunks), not the sources.
 * The other CLI tests run the sources through tsx, where node resolves packages and `import()` its own way,
 * so a command can pass them and fail in the bundle (`sheet` once stopped with "stringify is not a
 * function"). Each command runs once, on small inputs, and must end with exit 0 (or the exit code its
 * failure is documented with) and no internal error.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tempDir } from '../helpers.js';
import { type CliOptions, type CliRun, mazebookSpawned } from '../run-cli.js';

const BIN = resolve('bin/mazebook.js');
const BUNDLE = resolve('dist/bundle/mazebook.js');

/** `mazebook ARGS` through bin/mazebook.js; an internal error (exit 1) fails whichever test ran it. */
function built(args: string[], options: CliOptions = {}): CliRun {
  const r = mazebookSpawned(args, { ...options, built: true, timeoutMs: options.timeoutMs ?? 120_000 });
  expect(r.stderr, `mazebook ${args.join(' ')}`).not.toMatch(/internal error/);
  return r;
}

const ok = (r: CliRun, what: string) => expect([r.code, r.stderr], what).toEqual([0, expect.anything()]);

describe('the built command (bin/mazebook.js)', () => {
  let dir = '';
  beforeAll(() => {
    expect(existsSync(BUNDLE), 'dist/bundle/ is missing: run npm run build first').toBe(true);
    dir = tempDir();
  });

  it('prints its version and help, and help for every command', () => {
    const version = built(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
    const help = built(['--help']);
    expect(help.code).toBe(0);
    const commands = [...help.stdout.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]);
    expect(commands).toEqual(
      expect.arrayContaining([
        'build',
        'rate',
        'calibrate',
        'render',
        'sheet',
        'cover',
        'validate',
        'preview',
        'schema',
        'init',
      ]),
    );
    for (const command of commands.filter((c) => c !== 'help')) {
      const r = built([command, '--help']);
      expect(r.code, command).toBe(0);
      expect(r.stdout, command).toMatch(new RegExp(`^Usage: mazebook ${command} `));
    }
  });

  it('init, validate, build (on two worker threads, with its cover), cover and rate a starter book', () => {
    ok(built(['init', 'starter'], { cwd: dir }), 'init');
    ok(built(['validate', 'starter.yaml'], { cwd: dir }), 'validate');
    const build = built(['build', 'starter.yaml', '-o', 'book.pdf', '--svg', 'pages'], {
      cwd: dir,
      env: { MAZEBOOK_WORKERS: '2' },
    });
    ok(build, 'build');
    expect(build.stdout).toMatch(/book\.pdf: \d+ pages, 6 mazes/);
    expect(readFileSync(join(dir, 'book.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(existsSync(join(dir, 'book-cover.pdf'))).toBe(true);
    expect(readdirSync(join(dir, 'pages')).some((f) => f.endsWith('.svg'))).toBe(true);
    const cover = built(['cover', 'starter.yaml', '-o', 'cover.pdf', '--png', '--interior', 'book.pdf'], {
      cwd: dir,
    });
    ok(cover, 'cover');
    expect(existsSync(join(dir, 'cover.pdf.png')) || existsSync(join(dir, 'cover.png'))).toBe(true);
    const rate = built(['rate', 'starter.yaml', '--json', '--heatmap', 'heat'], { cwd: dir });
    ok(rate, 'rate');
    expect(JSON.parse(rate.stdout)).toBeTruthy();
    expect(readdirSync(join(dir, 'heat')).filter((f) => f.endsWith('.png'))).toHaveLength(6);
    const table = built(['rate', 'starter.yaml', '--explain'], { cwd: dir });
    ok(table, 'rate --explain');
    const frozen = built(['build', 'starter.yaml', '-o', 'book.pdf', '--frozen', '-q'], { cwd: dir });
    ok(frozen, 'build --frozen');
  });

  it('renders one maze to every format, from flags, from a spec page and from a Finger Maze string', () => {
    for (const ext of ['svg', 'png', 'pdf', 'json', 'txt', 'fm']) {
      const r = built(['render', '--cells', '6', '--seed', '3', '-o', `m.${ext}`], { cwd: dir });
      ok(r, `render .${ext}`);
      expect(existsSync(join(dir, `m.${ext}`)), ext).toBe(true);
    }
    const fm = readFileSync(join(dir, 'm.fm'), 'utf8').trim();
    ok(built(['render', '--fm', fm, '-o', 'again.svg', '--solution'], { cwd: dir }), 'render --fm');
    writeFileSync(join(dir, 'one.yaml'), 'title: One\npages:\n  - { id: a, maze: { cells: 5 } }\n');
    ok(
      built(['render', '--spec', 'one.yaml', '--page', 'a', '-o', 'page.svg'], { cwd: dir }),
      'render --spec',
    );
    ok(built(['render', '--cells', '8', '--difficulty', 'easy', '-o', 'd.txt'], { cwd: dir }), 'difficulty');
  });

  it('prints activity sheets (and their spec) for every audience', () => {
    const spec = built(['sheet', '--count', '4', '--theme', 'kids', '--print-spec']);
    ok(spec, 'sheet --print-spec');
    expect(parse(spec.stdout)).toMatchObject({ theme: 'kids', 'per-page': 4 });
    for (const args of [
      ['--count', '1', '--title', 'Maze of the Day'],
      ['--count', '4', '--theme', 'kids'],
      ['--count', '6', '--audience', 'large-print', '--paper', 'letter'],
    ]) {
      const r = built(['sheet', ...args, '-o', 'sheet.pdf', '--seed', '2'], { cwd: dir });
      ok(r, `sheet ${args.join(' ')}`);
      expect(r.stdout).toMatch(/sheet\.pdf: \d+ pages/);
    }
  });

  it('prints the schema, fits a difficulty model from solve times, and refuses a bad spec with exit 2', () => {
    const schema = built(['schema']);
    ok(schema, 'schema');
    expect(JSON.parse(schema.stdout).title).toBe('mazebook book spec');
    const sides = [5, 7, 9, 12, 15, 18];
    writeFileSync(
      join(dir, 'cal.yaml'),
      `title: C\nseed: 2\npages:\n${sides.map((s) => `  - { id: s${s}, maze: { cells: ${s} } }`).join('\n')}\n`,
    );
    const times = sides.flatMap((s) => [`s${s},${(s * s) / 2},adult`, `s${s},${s * s},6-8`]);
    writeFileSync(join(dir, 'times.csv'), `page,seconds,age\n${times.join('\n')}\n`);
    const calibrate = built(['calibrate', 'times.csv', '--spec', 'cal.yaml'], { cwd: dir });
    ok(calibrate, 'calibrate');
    expect(existsSync(join(dir, 'times.model.yaml'))).toBe(true);
    writeFileSync(join(dir, 'bad.yaml'), 'title: T\npages:\n  - maze: { cells: 4, algorithm: wilsn }\n');
    const bad = built(['validate', 'bad.yaml'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.yaml:3:34: .*did you mean "wilson"/s);
  });

  describe('preview', () => {
    let child: ChildProcess | undefined;
    afterAll(() => {
      if (child && child.exitCode === null) child.kill('SIGTERM');
    });

    it('serves the book on 127.0.0.1 until stopped', async () => {
      writeFileSync(join(dir, 'p.yaml'), 'title: P\npages:\n  - maze: { cells: 5 }\n');
      child = spawn(process.execPath, [BIN, 'preview', 'p.yaml', '--port', '0'], {
        cwd: dir,
        env: { ...process.env, NODE_OPTIONS: '' },
      });
      let out = '';
      let err = '';
      child.stdout?.on('data', (d) => {
        out += d;
      });
      child.stderr?.on('data', (d) => {
        err += d;
      });
      for (let i = 0; i < 300 && !/http:\/\/127\.0\.0\.1:\d+\//.test(out); i++) {
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(err).not.toMatch(/internal error/);
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
      expect(url, `${out}${err}`).toBeDefined();
      const page = await fetch(url as string);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<html/i);
      const stopped = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await stopped;
    }, 30_000);
  });
});
