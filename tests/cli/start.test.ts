import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

const MAIN = resolve('src/cli/main.ts');

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

/** The npm packages a `mazebook` command loads (through `import` or `require`), and how it ended. */
function packagesLoaded(args: string[]): { code: number | null; packages: Set<string>; stderr: string } {
  const dir = tempDir({ 'record-imports.mjs': RECORD_IMPORTS, 'record.cjs': RECORD_REQUIRES });
  const to = join(dir, 'loaded.txt');
  const r = spawnSync(
    process.execPath,
    ['--require', join(dir, 'record.cjs'), '--import', 'tsx', MAIN, ...args],
    { encoding: 'utf8', env: { ...process.env, RECORD_TO: to } },
  );
  const packages = new Set<string>();
  for (const line of readFileSync(to, 'utf8').split('\n')) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(line.slice(line.lastIndexOf('node_modules/')));
    if (m) packages.add(m[1]);
  }
  return { code: r.status, packages, stderr: r.stderr };
}

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
    for (const name of ['pdfkit', 'fontkit', 'sharp', 'proper-lockfile', 'piscina'])
      expect(r.packages.has(name), name).toBe(false);
  });

  it('validate of a spec with a tone picture loads sharp to read it', () => {
    const r = packagesLoaded(['validate', resolve('books/pictures.yaml')]);
    expect(r.code).toBe(0);
    expect(r.packages.has('sharp')).toBe(true);
  });
});
