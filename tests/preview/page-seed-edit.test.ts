import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { UserError } from '../../src/base/errors.js';
import { setPageSeed } from '../../src/preview/page-seed-edit.js';

/** Lines of `after` that are not in `before`, and lines of `before` no longer in `after`. */
function lineDiff(before: string, after: string): { added: string[]; removed: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  const count = (lines: string[]) => lines.reduce((m, l) => m.set(l, (m.get(l) ?? 0) + 1), new Map());
  const ca = count(a);
  const cb = count(b);
  return {
    added: [...cb].flatMap(([l, n]) => Array(Math.max(0, n - (ca.get(l) ?? 0))).fill(l)),
    removed: [...ca].flatMap(([l, n]) => Array(Math.max(0, n - (cb.get(l) ?? 0))).fill(l)),
  };
}

const BLOCK = `# A book
title: Test   # the title
seed: 10
pages:
  # the first page
  - title: A
    maze:
      cells: [3, 4]   # small
  - maze: { cells: [5, 6] }

  - { id: c, maze: { cells: [4, 4] } }   # flow page
  - title: |+
      kept blank lines

  - seed: 3
    title: D
`;

describe('setPageSeed edits only the seed', () => {
  it('adds a line after a block page’s last field, after its comment, keeping every other line', () => {
    const out = setPageSeed(BLOCK, 0, 42, 'b.yaml');
    expect(lineDiff(BLOCK, out)).toEqual({ added: ['    seed: 42'], removed: [] });
    expect(out).toContain('      cells: [3, 4]   # small\n    seed: 42\n  - maze');
    expect(parse(out).pages[0]).toEqual({ title: 'A', maze: { cells: [3, 4] }, seed: 42 });
  });

  it('adds `, seed: n` inside a page written as { … }, keeping the comment after it', () => {
    const out = setPageSeed(BLOCK, 2, 7, 'b.yaml');
    expect(out).toContain('  - { id: c, maze: { cells: [4, 4] }, seed: 7 }   # flow page\n');
    expect(lineDiff(BLOCK, out).removed).toEqual(['  - { id: c, maze: { cells: [4, 4] } }   # flow page']);
  });

  it('puts the seed first where the last field is a block scalar that keeps its blank lines', () => {
    const out = setPageSeed(BLOCK, 3, 8, 'b.yaml');
    expect(out).toContain('  - seed: 8\n    title: |+\n      kept blank lines\n\n');
    expect(parse(out).pages[3]).toEqual({ seed: 8, title: 'kept blank lines\n\n' });
  });

  it('replaces an existing seed where it stands', () => {
    const out = setPageSeed(BLOCK, 4, 4, 'b.yaml');
    expect(lineDiff(BLOCK, out)).toEqual({ added: ['  - seed: 4'], removed: ['  - seed: 3'] });
  });

  it('removes a seed again, giving back the very same text', () => {
    for (const page of [0, 1, 2, 3]) {
      const added = setPageSeed(BLOCK, page, 99, 'b.yaml');
      expect(added).not.toBe(BLOCK);
      expect(setPageSeed(added, page, undefined, 'b.yaml')).toBe(BLOCK);
    }
    const without = setPageSeed(BLOCK, 4, undefined, 'b.yaml');
    expect(without).toContain('\n  - title: D\n');
    expect(parse(without).pages[4]).toEqual({ title: 'D' });
  });

  it('keeps Windows line ends and a byte-order mark', () => {
    const crlf = `\uFEFF${BLOCK.replace(/\n/g, '\r\n')}`;
    const out = setPageSeed(crlf, 0, 5, 'b.yaml');
    expect(out.startsWith('\uFEFF')).toBe(true);
    expect(out).toContain('# small\r\n    seed: 5\r\n');
    expect(out.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('changes nothing but one line in each of the example books', () => {
    for (const book of ['sample', 'shapes', 'graded', 'mazegrams']) {
      const text = readFileSync(`books/${book}.yaml`, 'utf8');
      const pages = (parse(text) as { pages: { section?: string }[] }).pages;
      const i = pages.findIndex((p) => p.section === undefined);
      const out = setPageSeed(text, i, 12345, `${book}.yaml`);
      const diff = lineDiff(text, out);
      expect(diff.added.length, book).toBe(1);
      expect(diff.added[0], book).toMatch(/seed: 12345/);
      expect(diff.removed.length, book).toBeLessThanOrEqual(1);
      expect(setPageSeed(out, i, undefined, `${book}.yaml`), book).toBe(text);
    }
  });

  it('refuses a spec with a YAML error, an alias page and a missing page, as user errors', () => {
    expect(() => setPageSeed('pages: [ {maze: {}}', 0, 1, 'b.yaml')).toThrow(UserError);
    const alias = 'pages:\n  - &p { maze: { cells: [3, 3] } }\n  - *p\n';
    expect(() => setPageSeed(alias, 1, 1, 'b.yaml')).toThrow(/alias/);
    expect(() => setPageSeed(BLOCK, 9, 1, 'b.yaml')).toThrow(/pages\[9\]/);
  });
});
