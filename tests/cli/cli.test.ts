import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { mazebookInProcess as mazebook, mazebookSpawned } from '../run-cli.js';

const SPEC = 'title: CLI test\nseed: 3\npages:\n  - maze: { cells: [5, 5] }\n  - maze: { cells: [6, 6] }\n';

describe('mazebook build', () => {
  it('builds, then reports where the PDF went, its page count and the time taken', async () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    const out = join(dir, 'out', 'b.pdf');
    const r = await mazebook(['build', join(dir, 'b.yaml'), '-o', out]);
    expect(r.stderr).toBe(''); // not a terminal: no progress display
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/b\.pdf: 4 pages, 2 mazes, \d+ KB, built in \d+\.\d\d s/);
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('--seed replaces the book seed; SOURCE_DATE_EPOCH fixes the date when the spec has none', async () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    const build = async (name: string, args: string[], env = {}) => {
      const r = await mazebook(['build', join(dir, 'b.yaml'), '-q', '-o', join(dir, name), ...args], { env });
      expect(r.code).toBe(0);
      return readFileSync(join(dir, name));
    };
    const a = await build('a.pdf', []);
    expect(Buffer.compare(a, await build('a2.pdf', []))).toBe(0);
    expect(Buffer.compare(a, await build('s.pdf', ['--seed', '4']))).not.toBe(0);
    expect(Buffer.compare(await build('s3.pdf', ['--seed', '3']), a)).toBe(0);
    const dated = await build('d.pdf', [], { SOURCE_DATE_EPOCH: '1700000000' });
    expect(dated.toString('latin1')).toContain('D:20231114221320Z');
  });

  it('exits 2 with one located message and no stack trace on bad input, keeping the previous PDF', async () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    const out = join(dir, 'b.pdf');
    expect((await mazebook(['build', join(dir, 'b.yaml'), '-o', out])).code).toBe(0);
    const before = readFileSync(out);
    writeFileSync(join(dir, 'b.yaml'), 'title: CLI test\npages:\n  - maze: { cells: [5, 5], shape: hexx }\n');
    // End to end: the exit code and stderr of a real process.
    const r = mazebookSpawned(['build', join(dir, 'b.yaml'), '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: .*b\.yaml:3:35: pages\[0\]\.maze\.shape: expected "square", "hex", .* \(got "hexx"\)\n {2}hint: did you mean "hex"\?/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(Buffer.compare(readFileSync(out), before)).toBe(0);
    expect(existsSync(`${out}.tmp`)).toBe(false);
  });

  it('shows the stack only with --debug', async () => {
    const dir = tempDir({ 'b.yaml': 'title: [\n' });
    const plain = await mazebook(['build', join(dir, 'b.yaml')]);
    expect(plain.code).toBe(2);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const debug = await mazebook(['build', join(dir, 'b.yaml'), '--debug']);
    expect(debug.code).toBe(2);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it('treats usage mistakes as user errors', async () => {
    expect((await mazebook(['build'])).code).toBe(2);
    expect((await mazebook(['build', 'x.yaml', '--seed', 'abc'])).code).toBe(2);
    expect((await mazebook(['frobnicate'])).code).toBe(2);
    expect((await mazebook(['build', '/no/such/book.yaml'])).stderr).toMatch(/spec file not found/);
  });

  it('writes one SVG per page with --svg', async () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    const r = await mazebook([
      'build',
      join(dir, 'b.yaml'),
      '-q',
      '-o',
      join(dir, 'b.pdf'),
      '--svg',
      join(dir, 'svg'),
    ]);
    expect(r.code).toBe(0);
    for (const n of ['001', '002', '003', '004']) {
      expect(readFileSync(join(dir, 'svg', `page-${n}.svg`), 'utf8')).toMatch(/^<svg xmlns/);
    }
  });
});
