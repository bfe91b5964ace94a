import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { UserError, UserErrors } from '../../src/base/errors.js';
import { planSpec } from '../../src/book/build-book.js';
import { useWorkers } from '../../src/book/parallel.js';
import { tempDir } from '../helpers.js';

/** What `validate` (planning, no maze generated) says about a spec. */
async function validateError(spec: string, files: Record<string, string | Buffer> = {}): Promise<UserError> {
  const dir = tempDir({ 'book.yaml': spec, ...files });
  try {
    await planSpec(join(dir, 'book.yaml'));
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected the spec to be refused');
}

const page = (maze: string) => `title: T\npages:\n  - maze: { ${maze} }\n`;

describe('lengths that are not lengths are located user errors', () => {
  it.each(['10m', '""', '-5mm', '"1e309mm"', '99999999999in'])('passage: %s', async (v) => {
    const e = await validateError(page(`passage: ${v}`));
    expect(e.where).toMatch(/book\.yaml:3:/);
    expect(e.what).toMatch(/passage: (expected a length|must be at most 200in)/);
  });

  it('in paper sizes and theme widths too', async () => {
    expect(
      (await validateError(`title: T\npaper: { width: 10m, height: 5in }\npages:\n  - maze: { cells: 4 }\n`))
        .what,
    ).toMatch(/paper\.width: expected a length/);
    expect(
      (await validateError(`title: T\ntheme: { wall-width: "1e309mm" }\npages:\n  - maze: { cells: 4 }\n`))
        .what,
    ).toMatch(/wall-width: expected a length/);
  });
});

describe('resource limits on what a spec controls', () => {
  it('refuses a huge pad in a title before anything is generated', async () => {
    const e = await validateError(
      `title: T\npages:\n  - { title: "{{pad number 100000000}}", maze: { cells: 4 } }\n`,
    );
    expect(e.what).toMatch(/pad: the width must be a whole number from 0 to 32/);
  });

  it('refuses a book that would generate too many cells, naming the biggest pages', async () => {
    const pages = Array.from({ length: 40 }, () => '  - maze: { cells: [1024, 1024] }').join('\n');
    const e = await validateError(`title: T\npaper: { width: 200in, height: 200in }\npages:\n${pages}\n`);
    expect(e.what).toMatch(/would generate about 41,943,040 cells; the limit is/);
    expect(e.hint).toMatch(/the biggest pages: puzzle 1 .*1024×1024 cells/);
  });

  it('bounds bleed and the page with its bleed', async () => {
    expect((await validateError(`title: T\nbleed: 1000in\npages:\n  - maze: { cells: 4 }\n`)).what).toMatch(
      /at most 200in/,
    );
    expect((await validateError(`title: T\nbleed: 1in\npages:\n  - maze: { cells: 4 }\n`)).what).toMatch(
      /bleed of 1\.000in is more than the limit of 0\.5in/,
    );
  });

  it('never runs more workers than cores', async () => {
    const dir = tempDir({
      'book.yaml': page('cells: 4').replace(
        'pages:',
        'pages:\n  - maze: { cells: 5 }\n  - maze: { cells: 6 }\n  - maze: { cells: 7 }',
      ),
    });
    const plan = await planSpec(join(dir, 'book.yaml'));
    const before = process.env.MAZEBOOK_WORKERS;
    process.env.MAZEBOOK_WORKERS = '100';
    try {
      // From TypeScript sources no thread is used; the cap is checked on the number asked for.
      expect(useWorkers(plan, false)).toBeLessThanOrEqual((await import('node:os')).availableParallelism());
      process.env.MAZEBOOK_WORKERS = 'lots';
      expect(() => useWorkers(plan, false)).toThrow(/MAZEBOOK_WORKERS/);
    } finally {
      if (before === undefined) delete process.env.MAZEBOOK_WORKERS;
      else process.env.MAZEBOOK_WORKERS = before;
    }
  });

  it('reads deeply nested YAML as an error, not a crash', async () => {
    const e = await validateError(`title: T\npages: ${'['.repeat(800)}\n`);
    expect(e.what).toMatch(/^nesting too deep/);
  });
});

describe('validate runs every check short of generating', () => {
  it('finds a mask that leaves no cells, glyphs a font lacks, bad templates — all at once', async () => {
    const e = await validateError(
      [
        'title: T',
        'pages:',
        '  - maze: { cells: 10, mask: { formula: "x > 2" } }',
        '  - { title: "Snow ☃", maze: { cells: 4 } }',
        '  - { title: "{{nope}}", maze: { cells: 4 } }',
        '  - maze: { cells: 4, algorithm: kruskal, straightness: 1 }',
        '',
      ].join('\n'),
    );
    expect(e).toBeInstanceOf(UserErrors);
    const all = (e as UserErrors).problems.map((p) => `${p.where} ${p.what}`);
    expect(all).toHaveLength(4);
    expect(all[0]).toMatch(/book\.yaml:3:.* mask formula "x > 2" leaves no cells/);
    expect(all[1]).toMatch(/book\.yaml:4:.* no glyph for "☃"/);
    expect(all[2]).toMatch(/book\.yaml:5:.* unknown variable "nope"/);
    expect(all[3]).toMatch(/book\.yaml:6:.* straightness does not apply/);
    expect(e.message).toMatch(/^4 problems:\n {2}.*book\.yaml:3:/);
  });

  it('reports a broken font file as a user error', async () => {
    const lato = readFileSync(join(import.meta.dirname, '../../fonts/lato/Lato-Regular.ttf'));
    const e = await validateError(
      `title: T\ntheme: { fonts: { body: cut.ttf } }\npages:\n  - maze: { cells: 4 }\n`,
      {
        'cut.ttf': lato.subarray(0, 3000),
      },
    );
    expect(e.what).toMatch(/cut\.ttf is not a font fontkit can read \(or it is damaged\)/);
  });
});

describe('messages name the field and what was expected', () => {
  it('for strings that are too long', async () => {
    expect((await validateError(page(`cells: 8, mask: { formula: "${'x'.repeat(2001)}" }`))).what).toMatch(
      /formula: may have at most 2000 characters \(got 2001\)/,
    );
    expect((await validateError(page(`cells: 8, mazegram: "${'A'.repeat(501)}"`))).what).toMatch(
      /at most 500 characters/,
    );
    expect((await validateError(page(`cells: 8, mask: { text: "${'A'.repeat(201)}" }`))).what).toMatch(
      /at most 200 characters/,
    );
  });

  it('for values of the wrong kind inside unions', async () => {
    expect((await validateError(page('cells: "big"'))).what).toMatch(
      /cells: expected a whole number of cells from 2 to 2048, \[columns, rows\], or auto \(got "big"\)/,
    );
    expect((await validateError(page('cells: [10.5, 10]'))).what).toMatch(
      /cells\[0\]: expected a whole number, got 10\.5/,
    );
    const perPage = await validateError(
      `title: T\nsolutions: { per-page: 7 }\npages:\n  - maze: { cells: 4 }\n`,
    );
    expect(perPage.what).toMatch(/^solutions\.per-page: expected 1, 2, 3, 4, 6, 8, 9 or 12 \(got 7\)/);
  });
});

describe('the plan is plain data', () => {
  it('survives a structured clone unchanged (pictures, text, mazegrams and all)', async () => {
    const dir = tempDir({
      'book.yaml': [
        'title: Plain',
        'pages:',
        '  - maze: { cells: 12, mask: heart }',
        '  - maze: { cells: 16, mask: { text: "AB", font: lato-bold } }',
        '  - maze: { cells: 14, mazegram: "HI" }',
        '  - maze: { cells: 12, mask: { formula: "x*x + y*y < 1" } }',
        '',
      ].join('\n'),
    });
    writeFileSync(join(dir, 'x'), '');
    const plan = await planSpec(join(dir, 'book.yaml'));
    const copy = structuredClone(plan);
    // What a worker thread receives is the plan itself (typed arrays compared by value).
    expect(isDeepStrictEqual(copy, plan)).toBe(true);
    expect(copy.puzzles[1].recipe.mask?.source.kind).toBe('text');
  });
});
