/**
 * The package as npm ships it (`npm pack`), used from a fresh CommonJS project and from a strict ES module
 * TypeScript project (strict, skipLibCheck: false, module nodenext): each builds a book and generates a
 * maze. Nothing is fetched: the tarball is unpacked where `npm install` would put it (node_modules/mazebook
 * of a folder outside this repository) and each dependency it declares is linked to the copy this
 * repository installed (`npm ci`), so a package it uses without declaring it, a file it does not ship or
 * a type it names from a development dependency fails here as it would for a user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

const built = existsSync(resolve('dist/bundle/index.js'));
const require_ = createRequire(import.meta.url);

/** A book of one small maze and its answer. */
const SPEC = 'title: Packed\nseed: 5\nfront: []\npages:\n  - { maze: { cells: [6, 5] } }\n';

const RECIPE = `{ shape: 'square', size: { columns: 8, rows: 6 }, algorithm: 'backtracker', options: { straightness: 0 }, entry: { kind: 'auto' }, exit: { kind: 'auto' } }`;

const CJS_MAIN = `const mazebook = require('mazebook');
const { buildBook, generateMaze, deriveSeed, UserError } = mazebook;
const maze = generateMaze(${RECIPE}, deriveSeed(1, 'packed'), 'packed');
buildBook('book.yaml', { output: 'book.pdf' }).then(async (result) => {
  // One copy of the code: import() gives the very functions require() gave.
  const imported = await import('mazebook');
  const pdf = require('node:fs').readFileSync('book.pdf');
  let userError = false;
  await buildBook('missing.yaml').catch((e) => { userError = e instanceof UserError; });
  process.stdout.write(JSON.stringify({
    cells: maze.grid.cellCount, pages: result.pages, pdf: pdf.subarray(0, 5).toString('latin1'),
    same: imported.buildBook === buildBook, userError,
  }));
});
`;

const TS_MAIN = `import { type BuildResult, buildBook, deriveSeed, generateMaze, type Maze, UserError } from 'mazebook';
import { readFileSync } from 'node:fs';

const maze: Maze = generateMaze(${RECIPE}, deriveSeed(1, 'packed'), 'packed');
const result: BuildResult = await buildBook('book.yaml', { output: 'book.pdf' });
const missing: unknown = await buildBook('missing.yaml').catch((e: unknown) => e);
process.stdout.write(
  JSON.stringify({
    cells: maze.grid.cellCount,
    pages: result.pages,
    pdf: readFileSync('book.pdf').subarray(0, 5).toString('latin1'),
    userError: missing instanceof UserError,
  }),
);
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    skipLibCheck: false,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    // A Node project's libraries (the DOM's declarations alone took a third of the check).
    lib: ['es2022'],
    types: ['node'],
    outDir: 'out',
  },
  files: ['main.ts'],
};

let root = '';

describe.skipIf(!built)('the packed package', () => {
  beforeAll(() => {
    root = tempDir();
    execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', root], {
      encoding: 'utf8',
    });
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const modules = join(root, 'node_modules');
    const installed = join(modules, 'mazebook');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', [
      '-xzf',
      join(root, `mazebook-${version}.tgz`),
      '-C',
      installed,
      '--strip-components=1',
    ]);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // Its dependencies, and the consumer's own Node types (what `npm install` would have put there).
    for (const name of [...Object.keys(manifest.dependencies), '@types/node']) {
      mkdirSync(dirname(join(modules, name)), { recursive: true });
      symlinkSync(resolve('node_modules', name), join(modules, name), 'dir');
    }
    for (const kind of ['cjs', 'esm']) {
      mkdirSync(join(root, kind));
      writeFileSync(join(root, kind, 'book.yaml'), SPEC);
    }
  }, 180_000);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('ships one copy of the code, source maps that hold their sources, and no development types', () => {
    const installed = join(root, 'node_modules', 'mazebook');
    const files = execFileSync('find', ['.', '-type', 'f'], { cwd: installed, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    // The code is the bundle's files (library, command and worker threads share its chunks); dist/ keeps only
    // the declarations beside it.
    expect(
      files.filter((f) => f.startsWith('./dist/') && !f.startsWith('./dist/bundle/') && !f.endsWith('.d.ts')),
    ).toEqual([]);
    const maps = files.filter((f) => f.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    for (const f of maps) {
      const map = JSON.parse(readFileSync(join(installed, f), 'utf8')) as {
        sources: string[];
        sourcesContent?: (string | null)[];
      };
      expect(map.sourcesContent?.length, f).toBe(map.sources.length);
      expect(
        map.sources.filter((_, i) => typeof map.sourcesContent?.[i] !== 'string'),
        f,
      ).toEqual([]);
    }
  });

  it('works from a CommonJS project: require, import of the same copy, a book and a maze', () => {
    writeFileSync(
      join(root, 'cjs', 'package.json'),
      '{ "name": "consumer-cjs", "private": true, "type": "commonjs" }\n',
    );
    writeFileSync(join(root, 'cjs', 'main.js'), CJS_MAIN);
    const r = spawnSync(process.execPath, ['main.js'], { cwd: join(root, 'cjs'), encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      cells: 48,
      pages: expect.any(Number),
      pdf: '%PDF-',
      same: true,
      userError: true,
    });
  }, 180_000);

  it('works from a strict ES module TypeScript project (skipLibCheck off, module nodenext)', () => {
    const dir = join(root, 'esm');
    writeFileSync(
      join(dir, 'package.json'),
      '{ "name": "consumer-esm", "private": true, "type": "module" }\n',
    );
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    writeFileSync(join(dir, 'main.ts'), TS_MAIN);
    const tsc = spawnSync(process.execPath, [require_.resolve('typescript/bin/tsc'), '-p', '.'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    const r = spawnSync(process.execPath, ['out/main.js'], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      cells: 48,
      pages: expect.any(Number),
      pdf: '%PDF-',
      userError: true,
    });
  }, 180_000);

  it('runs its command', () => {
    const r = spawnSync(
      process.execPath,
      [join(root, 'node_modules', 'mazebook', 'bin', 'mazebook.js'), 'validate', 'book.yaml'],
      {
        cwd: join(root, 'cjs'),
        encoding: 'utf8',
      },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/book\.yaml: valid — 1 maze/);
  }, 180_000);
});
