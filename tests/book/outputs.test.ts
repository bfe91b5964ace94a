import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { buildBook } from '../../src/book/build-book.js';
import { parseLock } from '../../src/book/lockfile.js';
import { checkOutputs, writeOutputs } from '../../src/book/outputs.js';
import { tempDir } from '../helpers.js';

const SPEC = 'title: O\nseed: 2\npages:\n  - maze: { cells: 5 }\n  - maze: { cells: 6 }\n';

async function refusal(run: Promise<unknown>): Promise<UserError> {
  const e = await run.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UserError);
  return e as UserError;
}

describe('outputs: checked before anything is written', () => {
  it('never turns the spec (or anything the build read) into the PDF', async () => {
    const dir = tempDir({ 'book.yaml': SPEC, 'theme.yaml': 'x' });
    const spec = join(dir, 'book.yaml');
    const e = await refusal(
      buildBook(spec, { output: spec.replace(/\.yaml$/, '.pdf') }).then(() =>
        buildBook(spec, { output: spec }),
      ),
    );
    expect(e.what).toMatch(/the book is a PDF|would overwrite a file this build reads/);
    expect(readFileSync(spec, 'utf8')).toBe(SPEC);
    expect(() => checkOutputs([{ path: spec, what: 'PDF' }], [spec])).toThrow(
      /would overwrite a file this build reads/,
    );
  });

  it('refuses devices, folders and a lockfile path that is a folder, and writes nothing', async () => {
    const dir = tempDir({ 'book.yaml': SPEC });
    const spec = join(dir, 'book.yaml');
    expect(() => checkOutputs([{ path: '/dev/null', what: 'PDF' }], [])).toThrow(/it is a device/);
    mkdirSync(join(dir, 'folder.pdf'));
    expect((await refusal(buildBook(spec, { output: join(dir, 'folder.pdf') }))).what).toMatch(
      /it is a folder/,
    );
    mkdirSync(join(dir, 'b.lock.json'));
    expect((await refusal(buildBook(spec, { output: join(dir, 'b.pdf') }))).what).toMatch(
      /lockfile there: it is a folder/,
    );
    expect(existsSync(join(dir, 'b.pdf'))).toBe(false);
  });

  it('keeps the previous PDF when --svg points at a file', async () => {
    const dir = tempDir({ 'book.yaml': SPEC, pages: 'a file' });
    const spec = join(dir, 'book.yaml');
    const pdf = join(dir, 'b.pdf');
    await buildBook(spec, { output: pdf });
    const before = readFileSync(pdf);
    writeFileSync(spec, SPEC.replace('seed: 2', 'seed: 3'));
    const e = await refusal(buildBook(spec, { output: pdf, svgDir: join(dir, 'pages') }));
    expect(e.what).toMatch(/is not a folder/);
    expect(Buffer.compare(readFileSync(pdf), before)).toBe(0);
  });

  it('records the PDF in its lockfile and leaves no temporaries; cleans those an interrupted build left', async () => {
    const dir = tempDir({ 'book.yaml': SPEC });
    const pdf = join(dir, 'b.pdf');
    writeFileSync(join(dir, '.b.pdf.999999.1.mazebook-tmp'), 'left by a killed build');
    await buildBook(join(dir, 'book.yaml'), { output: pdf });
    const lock = parseLock(readFileSync(join(dir, 'b.lock.json')), 'b.lock.json');
    const { createHash } = await import('node:crypto');
    expect(lock.pdf?.sha256).toBe(createHash('sha256').update(readFileSync(pdf)).digest('hex'));
    expect(readdirSync(dir).filter((f) => f.includes('mazebook-tmp') || f.endsWith('.writing'))).toEqual([]);
  });

  it('writes several files as one: two writers to one path never interleave', async () => {
    const dir = tempDir();
    const a = join(dir, 'x.lock.json');
    const b = join(dir, 'x.pdf');
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        writeOutputs(
          [
            { path: a, what: 'lockfile', data: `run ${i}` },
            { path: b, what: 'PDF', data: `run ${i}` },
          ],
          [],
          { onWait: () => {} },
        ),
      ),
    );
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
  });
});

describe('lockfiles read by --frozen and --avoid', () => {
  it('are refused with a message when damaged, null or not files', async () => {
    const dir = tempDir({
      'book.yaml': SPEC,
      'null.lock.json': 'null',
      'bad.lock.json':
        '{"format":"mazebook-lock","version":1,"book":{"title":"x","seed":1},"puzzles":[null]}',
    });
    const spec = join(dir, 'book.yaml');
    expect(
      (await refusal(buildBook(spec, { output: join(dir, 'o.pdf'), avoid: [join(dir, 'null.lock.json')] })))
        .what,
    ).toMatch(/not a mazebook lockfile/);
    expect(
      (await refusal(buildBook(spec, { output: join(dir, 'o.pdf'), avoid: [join(dir, 'bad.lock.json')] })))
        .what,
    ).toMatch(/damaged lockfile: puzzles\.0/);
    expect(
      (await refusal(buildBook(spec, { output: join(dir, 'o.pdf'), avoid: ['/dev/zero'] }))).what,
    ).toMatch(/not a regular file/);
    writeFileSync(join(dir, 'null.lock.json'), 'null');
    expect((await refusal(buildBook(spec, { output: join(dir, 'null.pdf'), frozen: true }))).what).toMatch(
      /not a mazebook lockfile/,
    );
  });
});

describe('two builds to one output at once', () => {
  it('leave a PDF and a lockfile from the same build', async () => {
    const dir = tempDir({ 'a.yaml': SPEC, 'b.yaml': SPEC.replace('seed: 2', 'seed: 9') });
    const cli = join(import.meta.dirname, '../../src/cli/main.ts');
    const run = (spec: string) =>
      new Promise<number>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', cli, 'build', spec, '-q', '-o', join(dir, 'o.pdf')],
          {
            cwd: join(import.meta.dirname, '../..'),
          },
        );
        child.on('exit', (code) => resolve(code ?? -1));
      });
    const codes = await Promise.all([run(join(dir, 'a.yaml')), run(join(dir, 'b.yaml'))]);
    expect(codes).toEqual([0, 0]);
    const lock = parseLock(readFileSync(join(dir, 'o.lock.json')), 'o.lock.json');
    const { createHash } = await import('node:crypto');
    expect(lock.pdf?.sha256).toBe(
      createHash('sha256')
        .update(readFileSync(join(dir, 'o.pdf')))
        .digest('hex'),
    );
  }, 60_000);
});
