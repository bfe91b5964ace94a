import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { mazebookInProcess, mazebookSpawned } from '../run-cli.js';

const BOOK = 'title: Tiny\nseed: 3\ndate: 2026-01-01\npages:\n  - maze: { cells: [4, 5] }\n';

/** A folder with a good spec b.yaml, a catalogue c.yaml of `books`, and `files`; and its output folder. */
function setUp(books: string, files: Record<string, string> = {}): { cat: string; out: string } {
  const dir = tempDir({ 'b.yaml': BOOK, 'c.yaml': `catalogue: Shelf\nbooks:\n${books}`, ...files });
  return { cat: join(dir, 'c.yaml'), out: join(dir, 'out') };
}

/** Runs batch on the catalogue; it must end with exit 2, the message, and no output folder. */
async function refused(
  books: string,
  message: RegExp,
  options: { files?: Record<string, string>; args?: string[]; env?: Record<string, string> } = {},
): Promise<void> {
  const { cat, out } = setUp(books, options.files);
  const r = await mazebookInProcess(['batch', cat, '-o', out, ...(options.args ?? [])], {
    env: options.env ?? {},
  });
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(existsSync(out), 'nothing written').toBe(false);
}

describe('mazebook batch refuses bad input before writing anything', () => {
  it('a missing book, two books with one id, a spec outside the folder', async () => {
    await refused('  - b.yaml\n  - missing.yaml\n', /c\.yaml:4:5: spec file not found: missing\.yaml/);
    await refused(
      '  - b.yaml\n  - { spec: b.yaml }\n',
      /have the same id "b": both would write the folder b\//,
    );
    await refused('  - ../../b.yaml\n', /c\.yaml:3:5: spec "\.\.\/\.\.\/b\.yaml" is outside the folders/);
  }, 60_000);

  it('a book that would write a file another book reads, or its report over the catalogue', async () => {
    // Book "other" is a spec in JSON (YAML reads it) at out/b/b.metadata.json: the very file book b's bundle
    // would write there.
    const dir = tempDir({
      'b.yaml': BOOK,
      'c.yaml': 'catalogue: Shelf\nbooks:\n  - b.yaml\n  - { spec: out/b/b.metadata.json, id: other }\n',
    });
    const input = join(dir, 'out', 'b', 'b.metadata.json');
    mkdirSync(join(dir, 'out', 'b'), { recursive: true });
    const spec = JSON.stringify({
      title: 'Other',
      seed: 5,
      date: '2026-01-01',
      pages: [{ maze: { cells: [4, 5] } }],
    });
    writeFileSync(input, spec);
    const r = await mazebookInProcess(['batch', join(dir, 'c.yaml'), '-o', join(dir, 'out')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/b\.metadata\.json: the metadata would overwrite a file this build reads/);
    expect(readdirSync(join(dir, 'out')), 'nothing written').toEqual(['b']);
    expect(readdirSync(join(dir, 'out', 'b'))).toEqual(['b.metadata.json']);
    expect(readFileSync(input, 'utf8')).toBe(spec);
    // A catalogue called report.json (YAML reads JSON) built into its own folder: the report would replace it.
    const here = tempDir({
      'b.yaml': BOOK,
      'report.json': JSON.stringify({ catalogue: 'Shelf', books: ['b.yaml'] }),
    });
    const q = await mazebookInProcess(['batch', join(here, 'report.json'), '-o', here]);
    expect(q.code, q.stderr).toBe(2);
    expect(q.stderr).toMatch(/report\.json: the report would overwrite a file this build reads/);
    expect(readdirSync(here).sort()).toEqual(['b.yaml', 'report.json']);
  }, 60_000);

  it('a catalogue naming itself or another catalogue', async () => {
    await refused('  - c.yaml\n', /names the catalogue itself/);
    await refused('  - other.yaml\n', /names another catalogue/, {
      files: { 'other.yaml': 'catalogue: Other\nbooks: [b.yaml]\n' },
    });
  }, 60_000);

  it('a shard index out of range, malformed, or missing', async () => {
    await refused('  - b.yaml\n', /JOB_COMPLETION_INDEX: shard index 4 is out of range/, {
      args: ['--shards', '4'],
      env: { JOB_COMPLETION_INDEX: '4' },
    });
    await refused('  - b.yaml\n', /CLOUD_RUN_TASK_INDEX: expected a shard index/, {
      args: ['--shards', '2'],
      env: { CLOUD_RUN_TASK_INDEX: 'one' },
    });
    await refused('  - b.yaml\n', /--shards: no shard index/, {
      args: ['--shards', '2'],
      env: { JOB_COMPLETION_INDEX: undefined as unknown as string },
    });
    await refused('  - b.yaml\n', /--shard: shard index 3 is out of range/, { args: ['--shard', '3/3'] });
    await refused('  - b.yaml\n', /--shards <n>' argument '0' is invalid/, { args: ['--shards', '0'] });
    // Through a real process, as a runner starts it.
    const { cat, out } = setUp('  - b.yaml\n');
    const r = mazebookSpawned(['batch', cat, '-o', out, '--shards', '2'], {
      built: true,
      env: { AWS_BATCH_JOB_ARRAY_INDEX: '7' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/AWS_BATCH_JOB_ARRAY_INDEX: shard index 7 is out of range/);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('a bad spec anywhere in the catalogue: no book is written, in any shard', async () => {
    const bad = { 'z.yaml': 'title: Z\npages:\n  - maze: { cells: [4, 5], shape: hexagon }\n' };
    await refused('  - b.yaml\n  - { spec: b.yaml, id: b2 }\n  - z.yaml\n', /z\.yaml:3:\d+: .*shape/, {
      files: bad,
    });
    // Shard 0 builds only b: it still refuses, as the whole build would.
    await refused('  - b.yaml\n  - { spec: b.yaml, id: b2 }\n  - z.yaml\n', /z\.yaml:3:\d+/, {
      files: bad,
      args: ['--shard', '0/3'],
    });
    // A catalogue value the spec's schema refuses, located in the catalogue.
    await refused('  - { spec: b.yaml, paper-stock: glossy }\n', /c\.yaml:3:\d+: books\[0\]\.paper-stock/);
  }, 60_000);

  it('an output folder that is a file, or a folder where a bundle’s file goes', async () => {
    const { cat, out } = setUp('  - b.yaml\n');
    writeFileSync(out, 'not a folder');
    const r = await mazebookInProcess(['batch', cat, '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is a file, not a folder|not a folder/);
    // A folder where the book's PDF goes.
    const dir = tempDir({ 'b.yaml': BOOK, 'c.yaml': 'catalogue: S\nbooks:\n  - { spec: b/b.pdf.yaml }\n' });
    mkdirSync(join(dir, 'b'));
    writeFileSync(join(dir, 'b', 'b.pdf.yaml'), BOOK);
    mkdirSync(join(dir, 'out', 'b-pdf', 'b-pdf.pdf'), { recursive: true });
    const q = await mazebookInProcess(['batch', join(dir, 'c.yaml'), '-o', join(dir, 'out')]);
    expect(q.code).toBe(2);
    expect(q.stderr).toMatch(/cannot write the PDF there: it is a folder/);
  }, 60_000);
});
