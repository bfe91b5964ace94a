import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { type CliRun, mazebookInProcess } from '../run-cli.js';

/**
 * A file given where mazebook expects one of its own (a lockfile, a times file, a maze JSON, a theme) may be
 * anything: a password file, a key. Messages say what was expected and never quote what the file holds.
 */

const SECRET = 'root:$6$Zx9SECRETHASH:19000:0:99999:7:::\nadmin:$6$Q2otherSECRET:19000:0:99999:7:::\n';
const SPEC = 'title: Q\nseed: 3\npages:\n  - maze: { cells: 5 }\n';

function expectNothingQuoted(r: CliRun): void {
  expect(r.code).toBe(2);
  for (const piece of ['root', 'admin', 'SECRET', 'Zx9', '$6$', '19000', '99999', ':::']) {
    expect(r.stderr, piece).not.toContain(piece);
  }
}

describe('files that are not what was asked for are described, never quoted', () => {
  const dir = tempDir({ 'book.yaml': SPEC, shadow: SECRET, 'shadow.json': SECRET, 'shadow.yaml': SECRET });
  const run = (args: string[]) => mazebookInProcess(args, { cwd: dir });

  it('build --avoid and --frozen: a file that is not a lockfile', async () => {
    const avoid = await run(['build', 'book.yaml', '-q', '-o', 'a.pdf', '--avoid', 'shadow']);
    expectNothingQuoted(avoid);
    expect(avoid.stderr).toBe(
      'error: shadow: is not a lockfile: it is not JSON\n  hint: give the .lock.json file that mazebook build writes next to a PDF\n',
    );
    writeFileSync(join(dir, 'f.lock.json'), SECRET);
    const frozen = await run(['build', 'book.yaml', '-q', '-o', 'f.pdf', '--frozen']);
    expectNothingQuoted(frozen);
    expect(frozen.stderr).toMatch(/^error: f\.lock\.json: is not a lockfile: it is not JSON\n/);
  });

  it('a lockfile from a newer mazebook is named as such', async () => {
    writeFileSync(
      join(dir, 'new.lock.json'),
      JSON.stringify({ format: 'mazebook-lock', version: 2, book: { title: 'x', seed: 1 }, shelves: [] }),
    );
    const r = await run(['build', 'book.yaml', '-q', '-o', 'n.pdf', '--avoid', 'new.lock.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: new.lock.json: was written by a newer mazebook (lockfile version 2; this one reads version 1)\n  hint: update mazebook to compare with it\n',
    );
  });

  it('calibrate: a file that is not a times file, and maze JSON that is not a maze', async () => {
    expectNothingQuoted(await run(['calibrate', 'shadow']));
    writeFileSync(join(dir, 't.csv'), 'shadow.json,95\n');
    const notJson = await run(['calibrate', 't.csv']);
    expectNothingQuoted(notJson);
    expect(notJson.stderr).toMatch(/^error: t\.csv:1: maze JSON shadow\.json is not JSON\n/);
    writeFileSync(join(dir, 'key.json'), JSON.stringify({ format: 'SECRET-token', key: 'SECRET' }));
    writeFileSync(join(dir, 'k.csv'), 'key.json,95\n');
    const foreign = await run(['calibrate', 'k.csv']);
    expectNothingQuoted(foreign);
    expect(foreign.stderr).toMatch(
      /^error: k\.csv:1: maze JSON key\.json at \$\.format: is not maze JSON: its format is not "mazebook-maze"\n/,
    );
  });

  it('a theme file that is no theme', async () => {
    const r = await run(['render', '--cells', '5', '-o', 'm.svg', '--theme', 'shadow.yaml']);
    expectNothingQuoted(r);
    expect(r.stderr).toMatch(/shadow\.yaml:1:1: is not a theme: none of its keys is one a theme has\n/);
  });
});

describe('a lockfile from a newer mazebook beside the interior', () => {
  it('cover says why it counted the pages itself', async () => {
    const dir = tempDir({ 'book.yaml': `${SPEC}cover: {}\n` });
    const run = (args: string[]) => mazebookInProcess(args, { cwd: dir });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'output'));
    writeFileSync(
      join(dir, 'output', 'book.lock.json'),
      JSON.stringify({ format: 'mazebook-lock', version: 7, book: { title: 'Q', seed: 3 }, puzzles: [] }),
    );
    const r = await run(['cover', 'book.yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /note: \d+ interior pages, counted by laying the interior out \(output\/book\.lock\.json was written by a newer mazebook \(lockfile version 7; this one reads version 1\)\)/,
    );
  }, 30_000);
});
