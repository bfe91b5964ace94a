import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

const MAIN = resolve('src/cli/main.ts');
const BIN = resolve('bin/mazebook.js');
const BUNDLE = resolve('dist/bundle/mazebook.js');

/** Loader hook: appends every module URL loaded through `import` to the file RECORD_TO names. */
const RECORD_IMPORTS = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.RECORD_TO, url + '\\n');
  return next(url, context);
}
`;

/** Preloaded into the command: registers the hook, and at exit appends the files loaded through `require`. */
const RECORD_REQUIRES = `
const { appendFileSync } = require('node:fs');
const { pathToFileURL } = require('node:url');
require('node:module').register(pathToFileURL(require('node:path').join(__dirname, 'record-imports.mjs')));
process.on('exit', () => appendFileSync(process.env.RECORD_TO, Object.keys(require.cache).join('\\n')));
`;

interface Loaded {
  code: number | null;
  stdout: string;
  stderr: string;
  /** npm packages loaded from node_modules (through `import` or `require`). */
  packages: Set<string>;
  /** Modules of this package (under bin/, dist/, src/) loaded, relative to it (`dist/cli/main.js`…). */
  own: Set<string>;
}

/** What a `mazebook` command loads, from TypeScript sources (tsx) or as users run it (`bin`). */
function loaded(
  args: string[],
  from: 'sources' | 'bin' = 'sources',
  env: Record<string, string> = {},
): Loaded {
  const dir = tempDir({ 'record-imports.mjs': RECORD_IMPORTS, 'record.cjs': RECORD_REQUIRES });
  const to = join(dir, 'loaded.txt');
  const entry = from === 'sources' ? ['--import', 'tsx', MAIN] : [BIN];
  const r = spawnSync(process.execPath, ['--require', join(dir, 'record.cjs'), ...entry, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', ...env, RECORD_TO: to },
  });
  const packages = new Set<string>();
  const own = new Set<string>();
  const root = `${resolve('.')}/`;
  for (const line of readFileSync(to, 'utf8').split('\n')) {
    const file = line.startsWith('file:') ? fileURLToPath(line) : line;
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file.slice(file.lastIndexOf('node_modules/')));
    if (m) packages.add(m[1]);
    else if (/^(bin|dist|src)\//.test(file.slice(root.length))) own.add(file.slice(root.length));
  }
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, packages, own };
}

const packagesLoaded = (args: string[]) => loaded(args);

// Heavy packages load only when a command needs them (`--version`, `--help` and `validate` start fast).
describe('what a command loads', () => {
  it('--version loads no spec, PDF, font, picture or thread package', () => {
    const r = packagesLoaded(['--version']);
    expect(r.code).toBe(0);
    for (const name of ['zod', 'yaml', 'pdfkit', 'fontkit', 'sharp', 'piscina', 'handlebars'])
      expect(r.packages.has(name), name).toBe(false);
  });

  it('validate of a spec without pictures reads the spec but loads no PDF, picture, lock or thread package', () => {
    const r = packagesLoaded(['validate', resolve('books/sample.yaml')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.packages.has('yaml')).toBe(true);
    for (const name of ['pdfkit', 'fontkit', 'sharp', 'piscina'])
      expect(r.packages.has(name), name).toBe(false);
  });

  it('validate of a spec with a tone picture loads sharp to read it', () => {
    const r = packagesLoaded(['validate', resolve('books/pictures.yaml')]);
    expect(r.code).toBe(0);
    expect(r.packages.has('sharp')).toBe(true);
  });
});

// `npm run build` bundles the package (bench/bundle-cli.mjs); bin/mazebook.js runs the command's entry.
describe.skipIf(!existsSync(BUNDLE))('the bundled command', () => {
  it('is what bin/mazebook.js runs: no module of dist/ but the bundle, and commander, yaml, zod and handlebars inside', () => {
    const r = loaded(['validate', resolve('books/sample.yaml')], 'bin');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/sample\.yaml: valid — \d+ mazes/);
    for (const file of r.own) expect(file).toMatch(/^(bin\/mazebook\.js|dist\/bundle\/[\w-]+\.js)$/);
    expect(r.own.has('bin/mazebook.js')).toBe(true);
    // (On Node 20 the command's own file is run from its code cache, outside node's module registry.)
    expect([...r.own].some((f) => f.startsWith('dist/bundle/chunk-'))).toBe(true);
    for (const name of ['commander', 'yaml', 'zod', 'handlebars', 'source-map'])
      expect(r.packages.has(name), name).toBe(false);
    for (const name of ['pdfkit', 'fontkit', 'sharp', 'piscina'])
      expect(r.packages.has(name), name).toBe(false);
  });

  it('keeps the worker entry beside the code that starts the pool', () => {
    expect(existsSync(resolve('dist/bundle/puzzle-worker.js'))).toBe(true);
    const files = readdirSync(resolve('dist/bundle')).filter((f) => f.endsWith('.js'));
    const texts = files.map((f) => readFileSync(resolve('dist/bundle', f), 'utf8'));
    expect(texts.some((t) => t.includes('"./puzzle-worker.js"'))).toBe(true);
    // A script run with a code cache has no module loader: nothing in the bundle may import().
    for (const [i, t] of texts.entries()) expect(t, files[i]).not.toMatch(/[^\w.$]import\(/);
  });

  it('gives the worker threads only what they run: no spec schema, YAML or templates, no package at all', () => {
    // Every worker compiles and runs its files before its first puzzle: zod, yaml and handlebars were three
    // quarters of them, reached through imports the workers never call (a model file's schema, a message's
    // unit). The worker's entry and the chunks it requires, in turn; their source maps name every file
    // they hold.
    const sources: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const path = resolve('dist/bundle', file);
      for (const m of readFileSync(path, 'utf8').matchAll(/require\("\.\/([\w-]+\.js)"\)/g)) visit(m[1]);
      sources.push(...(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { sources: string[] }).sources);
    };
    visit('puzzle-worker.js');
    const packages = new Set(sources.flatMap((s) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s)?.[1] ?? []));
    expect([...packages]).toEqual([]);
    for (const own of ['model-file', 'base/parse-yaml', 'spec/schema', 'text/template'])
      expect(
        sources.filter((s) => s.includes(own)),
        own,
      ).toEqual([]);
    expect(sources.some((s) => s.includes('analyze/rating'))).toBe(true);
  });

  it('ends as the sources do: usage mistakes and user errors exit 2 with the same message', () => {
    for (const args of [['validate', 'books/no-such.yaml'], ['frobnicate']]) {
      const bin = loaded(args, 'bin');
      const sources = loaded(args);
      expect(bin.code, args.join(' ')).toBe(2);
      expect(bin.stderr).toBe(sources.stderr);
    }
  });

  it('names the TypeScript sources in the stack traces --debug shows', () => {
    const r = loaded(['--debug', 'validate', 'books/no-such.yaml'], 'bin');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/error: books\/no-such\.yaml: spec file not found/);
    expect(r.stderr).toMatch(/\bsrc\/base\/files\.ts:\d+:\d+/);
  });

  it('runs the same without its compile cache', () => {
    const r = loaded(['--version'], 'bin', { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});
