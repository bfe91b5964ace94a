import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildCatalogue } from '../../src/catalogue/build-catalogue.js';
import { tempDir } from '../helpers.js';

/**
 * A book that hits an internal error (a fault of mazebook, not of its input) while its bundle is written: the
 * catalogue goes on with the others, and the worst book's code is 1, above a book that failed on its input (2).
 * The fault is injected where the metadata of the book with id "boom" is serialised (a spy on JSON.stringify:
 * module mocks do not reach modules another test file of the same worker has loaded).
 */
function injectFault(): () => void {
  const stringify = JSON.stringify;
  const spy = vi.spyOn(JSON, 'stringify').mockImplementation((value: unknown, ...rest: unknown[]) => {
    const v = value as { id?: unknown; files?: unknown } | null;
    if (v && typeof v === 'object' && v.id === 'boom' && v.files !== undefined)
      throw new TypeError('a fault injected by the test');
    return stringify(value, ...(rest as [undefined, number]));
  });
  return () => spy.mockRestore();
}

const tiny = (title: string, extra = '') =>
  `title: ${title}\nseed: 2\ndate: 2026-01-01\n${extra}pages:\n  - maze: { cells: [4, 5] }\n`;

describe('a catalogue with a book that hits an internal error', () => {
  it('builds the others and exits 1, the worst of 1, 2 and 0', async () => {
    const dir = tempDir({
      'boom.yaml': tiny('Boom'),
      // Under --strict, KDP's 24-page floor fails this book on its input.
      'short.yaml': tiny('Short', 'profile: kdp\npaper: trim-6x9\n'),
      'fine.yaml': tiny('Fine'),
      'cat.yaml': 'catalogue: Faults\nbooks: [boom.yaml, short.yaml, fine.yaml]\n',
    });
    const out = join(dir, 'out');
    const restore = injectFault();
    try {
      await buildWithFault(dir, out);
    } finally {
      restore();
    }
  }, 60_000);
});

/** Builds the catalogue with the fault in place, then its last shard. */
async function buildWithFault(dir: string, out: string): Promise<void> {
  const r = await buildCatalogue(join(dir, 'cat.yaml'), { out, strict: true });
  expect(r.books.map((b) => [b.id, b.status, b.exitCode])).toEqual([
    ['boom', 'failed', 1],
    ['short', 'failed', 2],
    ['fine', 'built', 0],
  ]);
  expect(r.books[0].error).toBe('internal error: a fault injected by the test');
  expect(r.exitCode).toBe(1);
  // Its mazes could still be made, so the books after it were decided and built.
  expect(existsSync(join(out, 'boom'))).toBe(false);
  expect(existsSync(join(out, 'fine', 'fine.pdf'))).toBe(true);
  // A shard's code is the worst of its own books: the last shard has only the good book.
  const rest = await buildCatalogue(join(dir, 'cat.yaml'), {
    out,
    strict: true,
    shard: { index: 2, count: 3, from: '--shard' },
  });
  expect(rest.books.slice(rest.from, rest.to).map((b) => [b.id, b.status])).toEqual([['fine', 'up to date']]);
  expect(rest.earlier).toMatchObject({ read: 0, made: 2 });
  expect(rest.exitCode).toBe(0);
}
