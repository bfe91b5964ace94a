import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bookJsonSchemaText } from '../../src/spec/json-schema.js';
import { tempDir } from '../helpers.js';
import { mazebookInProcess, mazebookSpawned } from '../run-cli.js';

const CLI = resolve('src/cli/main.ts');
/** tsx's loader by absolute URL, so the CLI also runs with another working directory. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const mazebook = (args: string[], cwd?: string) => mazebookInProcess(args, { cwd });

describe('mazebook schema, validate and init', () => {
  it('prints the JSON Schema, which matches docs/book.schema.json (regenerate with npm run golden)', async () => {
    const r = await mazebook(['schema']);
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.stdout);
    expect(schema.$schema).toMatch(/json-schema\.org/);
    expect(schema.required).toEqual(['title', 'pages']);
    expect(Object.keys(schema.properties)).toContain('show-difficulty');
    expect(readFileSync('docs/book.schema.json', 'utf8')).toBe(bookJsonSchemaText());
  });

  it('validates a good spec without building, and refuses a bad one with exit 2', async () => {
    const ok = await mazebook(['validate', 'books/sample.yaml']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/books\/sample\.yaml: valid — 12 mazes, 15 pages before the answers/);
    const dir = tempDir({ 'b.yaml': 'title: T\npages:\n  - maze: { cells: 4, algorithm: wilsn }\n' });
    // End to end: the exit code and stderr of a real process.
    const bad = mazebookSpawned(['validate', join(dir, 'b.yaml')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/b\.yaml:3:34: pages\[0\]\.maze\.algorithm: .*did you mean "wilson"/s);
  });

  it('creates a starter spec that validates, and never overwrites', async () => {
    const dir = tempDir();
    const made = await mazebook(['init', 'my-book'], dir);
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/my-book\.yaml: created/);
    const text = readFileSync(join(dir, 'my-book.yaml'), 'utf8');
    // The schema sits beside the spec, named by a relative path: it survives npx and moving the folder.
    expect(text).toMatch(/^# yaml-language-server: \$schema=\.\/book\.schema\.json\n/);
    expect(JSON.parse(readFileSync(join(dir, 'book.schema.json'), 'utf8')).title).toBe('mazebook book spec');
    expect(text).toMatch(/title: "My book"/);
    expect((await mazebook(['validate', 'my-book.yaml'], dir)).code).toBe(0);
    // End to end, from another working folder: the exit code and stderr of a real process.
    const again = mazebookSpawned(['init', 'my-book'], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already exists; init never overwrites a file/);
  });
});

describe('mazebook build --watch', () => {
  it('rebuilds after each save, reports errors and keeps watching', async () => {
    const dir = tempDir({ 'w.yaml': 'title: W\npages:\n  - maze: { cells: 5 }\n' });
    const child = spawn(
      process.execPath,
      ['--import', TSX, CLI, 'build', 'w.yaml', '-o', 'w.pdf', '--watch'],
      {
        cwd: dir,
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    const until = async (test: () => boolean) => {
      for (let i = 0; i < 200 && !test(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(test()).toBe(true);
    };
    try {
      await until(() => /watching/.test(out));
      expect(out).toMatch(/w\.pdf: 3 pages, 1 mazes/);
      writeFileSync(join(dir, 'w.yaml'), 'title: W\npages:\n  - maze: { cells: 5, algorithm: nope }\n');
      await until(() => /error: .*w\.yaml:3:34/.test(err));
      writeFileSync(
        join(dir, 'w.yaml'),
        'title: W\npages:\n  - maze: { cells: 6 }\n  - maze: { cells: 7 }\n',
      );
      await until(() => /w\.pdf: 4 pages, 2 mazes/.test(out));
      expect(child.exitCode).toBeNull(); // still watching
    } finally {
      child.kill();
    }
  }, 30_000);
});
