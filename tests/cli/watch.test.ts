import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import type { FileAccess } from '../../src/base/files.js';
import { watchBuild } from '../../src/cli/watch.js';
import { tempDir } from '../helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(test: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 100 && !test(); i++) await sleep(50);
  expect(test(), what).toBe(true);
}

/** Starts a watch with a build the test controls; returns what it saw. */
function startWatch(dir: string, build: (files: FileAccess, n: number) => Promise<void>) {
  const seen = { builds: 0, errors: [] as unknown[], infos: [] as string[] };
  void watchBuild(
    join(dir, 'b.yaml'),
    false,
    async (files) => {
      const n = ++seen.builds;
      // The spec is read first, as a real build does.
      files.read(files.given(join(dir, 'b.yaml'), 'b.yaml', 'spec'));
      await build(files, n);
    },
    { error: (e) => seen.errors.push(e), info: (l) => seen.infos.push(l) },
  );
  return seen;
}

describe('build --watch keeps watching whatever happens', () => {
  it('survives an internal error and rebuilds on the next save', async () => {
    const dir = tempDir({ 'b.yaml': 'v1' });
    const seen = startWatch(dir, async (_f, n) => {
      if (n === 1) throw new Error('a bug');
    });
    await until(() => seen.errors.length === 1, 'the error is reported');
    writeFileSync(join(dir, 'b.yaml'), 'v2');
    await until(() => seen.builds === 2, 'a second build after the save');
    expect(seen.errors).toHaveLength(1);
  });

  it('does not miss a save made during the first build', async () => {
    const dir = tempDir({ 'b.yaml': 'v1' });
    const seen = startWatch(dir, async (_f, n) => {
      if (n === 1) {
        await sleep(100);
        writeFileSync(join(dir, 'b.yaml'), 'v2');
        await sleep(300);
      }
    });
    await until(() => seen.builds === 2, 'the save during the build is built');
  });

  it('rebuilds when a file the spec names appears after the start', async () => {
    const dir = tempDir({ 'b.yaml': 'v1' });
    const seen = startWatch(dir, async (files) => {
      files.read(files.named(dir, 'theme.yaml', 'b.yaml:2:8', 'theme'));
    });
    await until(() => seen.errors.length === 1, 'the missing theme is reported');
    expect((seen.errors[0] as UserError).what).toMatch(/theme file not found/);
    expect(seen.infos.at(-1)).toMatch(/watching 2 files/);
    writeFileSync(join(dir, 'theme.yaml'), 'name: T\n');
    await until(
      () => seen.builds === 2 && seen.errors.length === 1,
      'the new theme triggers a build that works',
    );
  });

  it('builds again quietly when a file changes while it is being read (a half-written save)', async () => {
    const dir = tempDir({ 'b.yaml': 'v1' });
    const seen = startWatch(dir, async (_f, n) => {
      if (n === 1) {
        writeFileSync(join(dir, 'b.yaml'), 'title: [half');
        throw new UserError('b.yaml:1:8', 'YAML syntax error');
      }
    });
    await until(() => seen.builds >= 2, 'a second build');
    expect(seen.errors).toHaveLength(0);
  });
});
