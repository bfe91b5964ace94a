import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mazebookCommand, shellQuote } from '../../src/cli/invocation.js';
import { tempDir } from '../helpers.js';
import { mazebookInProcess } from '../run-cli.js';

const BIN = resolve('bin/mazebook.js');

describe('init prints next commands that work from where the user is', () => {
  it('a name a shell would split or expand: the printed command, run by a shell there, finds the spec', async () => {
    const dir = tempDir();
    const made = await mazebookInProcess(['init', "bad name! it's $HOME"], { cwd: dir });
    expect(made.code).toBe(0);
    const build = made.stdout.split('\n').find((l) => / build /.test(l)) ?? '';
    expect(build).toContain(`build 'bad name! it'\\''s $HOME.yaml'`);
    // The same command line, as a user pastes it (validate instead of build: the same start, no PDF).
    const line = build.replace(/#.*$/, '').replace(' build ', ' validate ');
    const r = spawnSync('sh', ['-c', line], { cwd: dir, encoding: 'utf8' });
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/bad name! it's \$HOME\.yaml: valid — 6 mazes/);
    const spec = readFileSync(join(dir, "bad name! it's $HOME.yaml"), 'utf8');
    expect(spec).toContain(`build 'bad name! it'\\''s $HOME.yaml'`);
  }, 30_000);

  it('the starter spec has a cover that `mazebook cover` builds, where build would put it', async () => {
    const dir = tempDir();
    expect((await mazebookInProcess(['init', 'starter'], { cwd: dir })).code).toBe(0);
    const r = await mazebookInProcess(['cover', 'starter.yaml', '-q'], { cwd: dir });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(
      readFileSync(join(dir, 'output', 'starter-cover.pdf'))
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 30_000);

  it('refuses a name with a line break', async () => {
    const dir = tempDir();
    const r = await mazebookInProcess(['init', 'two\nlines'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the name holds a control character/);
  });
});

describe('how mazebook is run again', () => {
  it('npx when run from a node_modules/.bin (a project’s, or npx’s cache)', () => {
    const dir = tempDir();
    const bin = join(dir, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(BIN, join(bin, 'mazebook'));
    expect(mazebookCommand({ PATH: bin })).toBe('npx mazebook');
  });

  it('plain mazebook when the PATH has this installation; else node and the path of its bin script', () => {
    const dir = tempDir();
    symlinkSync(BIN, join(dir, 'mazebook'));
    expect(mazebookCommand({ PATH: `/nowhere:${dir}` })).toBe('mazebook');
    // Another mazebook on the PATH is not this one.
    const other = tempDir();
    writeFileSync(join(other, 'mazebook'), '#!/bin/sh\n');
    chmodSync(join(other, 'mazebook'), 0o755);
    expect(mazebookCommand({ PATH: other }, other)).toBe(`node ${BIN}`);
    expect(mazebookCommand({ PATH: '' }, resolve('.'))).toBe('node ./bin/mazebook.js');
    expect(existsSync(BIN)).toBe(true);
  });

  it('quotes arguments for the shell they will be pasted into', () => {
    expect(shellQuote('books/my-book.yaml')).toBe('books/my-book.yaml');
    expect(shellQuote('my book.yaml', 'linux')).toBe("'my book.yaml'");
    expect(shellQuote("it's", 'linux')).toBe("'it'\\''s'");
    expect(shellQuote('a\\b', 'linux')).toBe("'a\\b'");
    expect(shellQuote('my book.yaml', 'win32')).toBe('"my book.yaml"');
    expect(shellQuote('C:\\books\\a.yaml', 'win32')).toBe('C:\\books\\a.yaml');
  });
});
