import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutBook } from '../../src/book/build-book.js';
import { interiorPageCount } from '../../src/plan/cover-pages.js';
import { tempDir } from '../helpers.js';

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const maze = (n: number) =>
  Array.from({ length: n }, (_, i) => `  - { id: p${i}, maze: { cells: 3 } }`).join('\n');

describe('the interior page count from the plan', () => {
  const books: [string, string][] = [
    ['plain', `title: A\npages:\n${maze(5)}\n`],
    [
      'kdp pads to even',
      `title: B\nprofile: kdp\npaper: trim-6x9\nfront: [title-page, contents]\npages:\n${maze(5)}\n`,
    ],
    [
      'sections on sheets',
      `title: C\nper-page: 4\nsolutions: { per-page: 4 }\npages:\n  - section: One\n${maze(3)}\n  - section: Two\n${maze(6).replaceAll('id: p', 'id: q')}\n`,
    ],
    ['inline answers', `title: D\nper-page: 2\nsolutions: inline\nfront: []\npages:\n${maze(5)}\n`],
    ['no answers', `title: E\nsolutions: false\npages:\n${maze(3)}\n`],
    [
      'sections of their own per-page, opening on the right in a facing book',
      `title: F\nprofile: kdp\npaper: trim-6x9\nfront: [title-page, contents]\npages:\n  - section: One\n${maze(3)}\n  - section: Two\n    per-page: 2\n${maze(4).replaceAll('id: p', 'id: q')}\n  - section: Three\n${maze(1).replaceAll('id: p', 'id: r')}\n`,
    ],
  ];
  it.each(books)('%s: the same as the composed book', async (name, yaml) => {
    const file = join(dir, `${name.replaceAll(' ', '-')}.yaml`);
    writeFileSync(file, yaml);
    const { plan, doc } = await layoutBook(file);
    expect(interiorPageCount(plan)).toBe(doc.pages.length);
  });
});
