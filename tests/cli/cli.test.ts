import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';

const MAIN = resolve('src/cli/main.ts');

function mazebook(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const SPEC = 'title: CLI test\nseed: 3\npages:\n  - maze: { cells: [5, 5] }\n  - maze: { cells: [6, 6] }\n';

describe('mazebook build', () => {
  it('builds, then reports where the PDF went, its page count and the time taken', () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    const out = join(dir, 'out', 'b.pdf');
    const r = mazebook(['build', join(dir, 'b.yaml'), '-o', out]);
    expect(r.stderr).toBe(''); // not a terminal: no progress display
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/b\.pdf: 4 pages, 2 mazes, \d+ KB, built in \d+\.\d\d s/);
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('--seed replaces the book seed; SOURCE_DATE_EPOCH fixes the date when the spec has none', () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    const build = (name: string, args: string[], env = {}) => {
      expect(mazebook(['build', join(dir, 'b.yaml'), '-q', '-o', join(dir, name), ...args], env).code).toBe(
        0,
      );
      return readFileSync(join(dir, name));
    };
    const a = build('a.pdf', []);
    expect(Buffer.compare(a, build('a2.pdf', []))).toBe(0);
    expect(Buffer.compare(a, build('s.pdf', ['--seed', '4']))).not.toBe(0);
    expect(Buffer.compare(build('s3.pdf', ['--seed', '3']), a)).toBe(0);
    const dated = build('d.pdf', [], { SOURCE_DATE_EPOCH: '1700000000' });
    expect(dated.toString('latin1')).toContain('D:20231114221320Z');
  });

  it('exits 2 with one located message and no stack trace on bad input, keeping the previous PDF', () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    const out = join(dir, 'b.pdf');
    expect(mazebook(['build', join(dir, 'b.yaml'), '-o', out]).code).toBe(0);
    const before = readFileSync(out);
    writeFileSync(join(dir, 'b.yaml'), 'title: CLI test\npages:\n  - maze: { cells: [5, 5], shape: hexx }\n');
    const r = mazebook(['build', join(dir, 'b.yaml'), '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^error: .*b\.yaml:3:35: pages\[0\]\.maze\.shape: expected "square", "hex", .* \(got "hexx"\)\n {2}hint: did you mean "hex"\?/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(Buffer.compare(readFileSync(out), before)).toBe(0);
    expect(existsSync(`${out}.tmp`)).toBe(false);
  });

  it('shows the stack only with --debug', () => {
    const dir = tempDir({ 'b.yaml': 'title: [\n' });
    const plain = mazebook(['build', join(dir, 'b.yaml')]);
    expect(plain.code).toBe(2);
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const debug = mazebook(['build', join(dir, 'b.yaml'), '--debug']);
    expect(debug.code).toBe(2);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it('treats usage mistakes as user errors', () => {
    expect(mazebook(['build']).code).toBe(2);
    expect(mazebook(['build', 'x.yaml', '--seed', 'abc']).code).toBe(2);
    expect(mazebook(['frobnicate']).code).toBe(2);
    expect(mazebook(['build', '/no/such/book.yaml']).stderr).toMatch(/spec file not found/);
  });

  it('writes one SVG per page with --svg', () => {
    const dir = tempDir({ 'b.yaml': SPEC });
    expect(
      mazebook(['build', join(dir, 'b.yaml'), '-q', '-o', join(dir, 'b.pdf'), '--svg', join(dir, 'svg')])
        .code,
    ).toBe(0);
    for (const n of ['001', '002', '003', '004']) {
      expect(readFileSync(join(dir, 'svg', `page-${n}.svg`), 'utf8')).toMatch(/^<svg xmlns/);
    }
  });
});
