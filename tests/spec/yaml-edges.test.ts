import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDifficultyModel } from '../../src/analyze/model-file.js';
import { UserError, UserErrors } from '../../src/base/errors.js';
import { LIMITS } from '../../src/base/limits.js';
import { parseYaml } from '../../src/base/parse-yaml.js';
import { planSpec } from '../../src/book/build-book.js';
import { bookSchema } from '../../src/spec/schema.js';
import { tempDir } from '../helpers.js';

/** What reading and planning a spec (with the files given beside it) ends with. */
async function planned(spec: string, files: Record<string, string> = {}): Promise<UserError | undefined> {
  const dir = tempDir({ 'book.yaml': spec, ...files });
  try {
    await planSpec(join(dir, 'book.yaml'));
    return undefined;
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
}

function refusal(fn: () => unknown): UserError {
  try {
    fn();
  } catch (e) {
    if (e instanceof UserError) return e;
    throw e;
  }
  throw new Error('expected a UserError');
}

const read = (text: string) => parseYaml(text, 'book.yaml', bookSchema);
const MAZE = 'pages:\n  - maze: { cells: 5 }\n';

describe('YAML nested too deep', () => {
  it('1000 [ in a spec: the limit and the place, no stack overflow, no hint about quoting', () => {
    const e = refusal(() => read(`title: T\npages: ${'['.repeat(1000)}\n`));
    // The mapping is one level, so the 100th [ (column 8 + 99) is the 101st.
    expect(e.where).toBe(`book.yaml:2:${8 + LIMITS.maxYamlDepth - 1}`);
    expect(e.what).toBe(
      `nesting too deep: lists and mappings are nested more than ${LIMITS.maxYamlDepth} levels deep here`,
    );
    expect(e.hint).toBe('a spec needs only a few levels; check for a [ or { that is never closed');
  });

  it('100,000 [ (a 100 KB file, which ran out of memory) and deep block nesting are refused the same way', () => {
    expect(refusal(() => read(`title: ${'['.repeat(100_000)}`)).what).toMatch(/^nesting too deep/);
    expect(refusal(() => read(`title: ${'{a: '.repeat(5000)}`)).what).toMatch(/^nesting too deep/);
    expect(refusal(() => read(`pages:\n${'- '.repeat(1000)}x\n`)).what).toMatch(/^nesting too deep/);
    const stairs = Array.from({ length: 1000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
    const e = refusal(() => read(stairs));
    expect(e.what).toMatch(/^nesting too deep/);
    expect(e.where).toBe(`book.yaml:${LIMITS.maxYamlDepth + 1}:${LIMITS.maxYamlDepth + 1}`);
  });

  it('a spec nested as deeply as real specs are is read', () => {
    const spec =
      'title: T\ncover:\n  fonts:\n    bold: lato-bold\npages:\n  - maze:\n      post:\n        - { cross-cuts: 2 }\n      cells: [6, 6]\n';
    expect(read(spec).value.title).toBe('T');
  });

  it('in themes and difficulty models too', async () => {
    const theme = await planned(`title: T\ntheme: deep.yaml\n${MAZE}`, {
      'deep.yaml': `name: ${'['.repeat(300)}`,
    });
    expect(theme?.where).toMatch(/^deep\.yaml:1:/);
    expect(theme?.hint).toMatch(/^a theme needs only a few levels/);
    const model = refusal(() => loadDifficultyModel(`model: ${'['.repeat(300)}`, 'm.yaml'));
    expect(model.what).toMatch(/^nesting too deep/);
  });
});

describe('more than one YAML document in a file', () => {
  it('says how many, where the second starts, and that a spec is one document', () => {
    const e = refusal(() => read('title: A\n---\ntitle: B\n---\ntitle: C\n'));
    expect([e.where, e.what, e.hint]).toEqual([
      'book.yaml:2:1',
      'the file holds 3 YAML documents (--- at line 2); a spec is one document',
      'remove the --- line and what follows it, or keep each spec in a file of its own',
    ]);
    // A leading --- starts the one document.
    expect(read(`---\ntitle: A\n${MAZE}`).value.title).toBe('A');
  });

  it('in a theme, named as a theme', async () => {
    const e = await planned(`title: T\ntheme: two.yaml\n${MAZE}`, { 'two.yaml': 'name: a\n---\nname: b\n' });
    expect(e?.what).toBe('the file holds 2 YAML documents (--- at line 2); a theme is one document');
  });
});

describe('syntax errors in the reader’s words', () => {
  it.each([
    [
      'title: A\ntitle: B\n',
      'the same key appears twice in one mapping',
      'each key may appear once per mapping',
    ],
    ['title: A\npages:\n\t- maze: {}\n', 'a tab is used to indent', 'indent with spaces, not tabs'],
    [
      'title: *nothing\n',
      'an alias (*name) names no anchor (&name) written before it',
      'write the anchor before its first use',
    ],
  ])('%j', (text, what, hint) => {
    const e = refusal(() => read(text));
    expect([e.what, e.hint]).toEqual([`YAML syntax error: ${what}`, hint]);
  });
});

describe('YAML merge keys and extension fields', () => {
  const spec = [
    'x-base: &base { shape: hex, cells: 6, algorithm: kruskal }',
    'x-notes: written for class 3b',
    'title: T',
    'pages:',
    '  - maze: { <<: *base, cells: 7 }',
    '  - maze:',
    '      <<: [*base, { mask: heart }]',
    '      x-why: a heart for the last page',
    '',
  ].join('\n');

  it('merge keys are honoured (own keys first, then the sources in order); x- keys are ignored', () => {
    const { value } = read(spec);
    expect(value.pages).toEqual([
      { maze: { shape: 'hex', cells: 7, algorithm: 'kruskal' } },
      { maze: { shape: 'hex', cells: 6, algorithm: 'kruskal', mask: 'heart' } },
    ]);
    expect(Object.keys(value)).toEqual(['title', 'pages']);
  });

  it('builds the same book as the spec written out in full', async () => {
    const dir = tempDir({
      'merged.yaml': spec,
      'plain.yaml': [
        'title: T',
        'pages:',
        '  - maze: { shape: hex, cells: 7, algorithm: kruskal }',
        '  - maze: { shape: hex, cells: 6, algorithm: kruskal, mask: heart }',
        '',
      ].join('\n'),
    });
    const a = await planSpec(join(dir, 'merged.yaml'));
    const b = await planSpec(join(dir, 'plain.yaml'));
    expect(a.puzzles.map((p) => [p.key, p.seed])).toEqual(b.puzzles.map((p) => [p.key, p.seed]));
  });

  it('a mistake in a merged value is reported where it was written', () => {
    const e = refusal(() =>
      read(
        'x-base: &base { shape: hex, cells: 0, colour: red }\ntitle: T\npages:\n  - maze: { <<: *base }\n',
      ),
    );
    expect(e).toBeInstanceOf(UserErrors);
    const places = (e as UserErrors).problems.map((p) => `${p.where} ${p.what}`);
    expect(places).toEqual([
      'book.yaml:1:36 pages[0].maze.cells: must be at least 2 (got 0)',
      'book.yaml:1:39 pages[0].maze: unknown key "colour"',
    ]);
  });

  it('keeps unknown-key errors for every other key, and for x- keys where names are the user’s', () => {
    expect(refusal(() => read(`base: 1\ntitle: T\n${MAZE}`)).what).toBe('unknown key "base"');
    const model = loadDifficultyModel(
      [
        'model: mazebook-difficulty',
        'version: 1',
        'name: m',
        'x-note: fitted in March',
        'weights: { search: 1, route: 0.2, turning: 0.5, decisions: 1, cycling: 1 }',
        'top: 100',
        'calibration: { rows: 10, mazes: 5, perPoint: 1.2, secondsAt5: { x-ray: 30, adults: 20 }, spread: 1.5 }',
        '',
      ].join('\n'),
      'm.yaml',
    );
    expect(model.calibration?.secondsAt5).toEqual({ 'x-ray': 30, adults: 20 });
  });

  it('still bounds alias expansion, merges included', () => {
    let bomb = 'l0: &l0 { k0: 1 }\n';
    for (let i = 1; i <= 30; i++) bomb += `x-l${i}: &l${i} { <<: [*l${i - 1}, *l${i - 1}, *l${i - 1}] }\n`;
    const e = refusal(() => read(`${bomb}title: T\n`));
    expect(e.what).toBe(`aliases (*name) are expanded more than ${LIMITS.maxAliases} times`);
    expect(refusal(() => read('title: T\npages:\n  - maze: { <<: 5 }\n')).what).toMatch(
      /^a merge key \(<<\) must be given a mapping/,
    );
  });
});

describe('the JSON Schema editors read', () => {
  it('lets every mapping of mazebook’s own keys take x- keys', async () => {
    const { bookJsonSchema } = await import('../../src/spec/json-schema.js');
    const schema = bookJsonSchema() as {
      patternProperties?: Record<string, unknown>;
      additionalProperties?: unknown;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.patternProperties).toEqual({ '^x-': {} });
    const text = JSON.stringify(schema);
    expect(text.split('"additionalProperties":false').length).toBe(text.split('"patternProperties"').length);
  });
});

describe('many keys', () => {
  it('a mapping of 40,000 keys is read in linear time (the check for a key written twice was quadratic)', () => {
    const keys = Array.from({ length: 40_000 }, (_, i) => `  k${i}: ${i}`).join('\n');
    const started = Date.now();
    const { value } = read(`title: T\nx-many:\n${keys}\n${MAZE}`);
    // A generous bound: the quadratic check took about a minute on the machine this was written on.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(value.title).toBe('T');
    const e = refusal(() => read(`title: T\nx-few:\n  a: 1\n  b: { c: 1, b: 2, c: 3 }\n  a: 2\n${MAZE}`));
    expect([e.where, e.what]).toEqual([
      'book.yaml:4:20',
      'YAML syntax error: the same key appears twice in one mapping',
    ]);
  });
});
