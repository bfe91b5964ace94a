import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { UserError } from '../../src/base/errors.js';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import { parseYaml } from '../../src/base/parse-yaml.js';
import { planBook } from '../../src/plan/plan-book.js';
import { Problems } from '../../src/plan/problems.js';
import { bookSchema } from '../../src/spec/schema.js';
import { tempDir } from '../helpers.js';
import { FUZZ_TIMEOUT, fuzz } from './budget.js';

/**
 * Any spec text ends in a plan or a located user error: never another exception, a hang, or unbounded memory.
 * Specs are drawn from the spec's own vocabulary (valid values, near misses and junk mixed), so the planner
 * is reached as often as the parser.
 */

const dir = tempDir({ 'theme.yaml': 'name: x\n' });

const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 5000 }),
  fc.double({ noNaN: false }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    'auto',
    '7mm',
    '-5mm',
    '10m',
    '1e309mm',
    '200in',
    '%',
    '50%',
    '150%',
    '{{x}}',
    '../x.png',
  ),
);

const maze = fc.record(
  {
    shape: fc.oneof(fc.constantFrom('square', 'hex', 'triangle', 'octagon', 'circle'), junk),
    cells: fc.oneof(
      fc.integer({ min: 1, max: 40 }),
      fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 })),
      fc.constant('auto'),
      junk,
    ),
    rings: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constant('auto'), junk),
    passage: fc.oneof(fc.constantFrom('4mm', '8mm', '30mm', '0.5mm'), junk),
    mask: fc.oneof(
      fc.constantFrom('heart', 'star', 'ring', 'circle'),
      fc.record({
        formula: fc.oneof(
          fc.constantFrom('x*x+y*y<1', 'x<y', 'x>2', 'sin(x*9)>y'),
          fc.string({ maxLength: 20 }),
        ),
      }),
      fc.record({ text: fc.string({ minLength: 1, maxLength: 6 }) }),
      fc.record({ image: fc.constantFrom('nope.png', 'theme.yaml', '/etc/passwd') }),
      junk,
    ),
    algorithm: fc.oneof(
      fc.constantFrom('backtracker', 'kruskal', 'eller', 'finger', 'wilson', 'sidewinder'),
      junk,
    ),
    difficulty: fc.oneof(fc.constantFrom('easy', 'hard', 5, 11), fc.record({ min: junk, max: junk }), junk),
    entry: fc.oneof(fc.constantFrom('top', 'centre', 'auto'), fc.record({ side: junk, at: junk }), junk),
    mazegram: fc.oneof(fc.string({ maxLength: 8 }), junk),
    post: fc.oneof(
      fc.array(fc.oneof(fc.constantFrom('reduce-path', 'reverse-wasted-turns'), fc.record({ braid: junk })), {
        maxLength: 3,
      }),
      junk,
    ),
    straightness: junk,
    fm: fc.oneof(fc.constantFrom('FM3iEi1W0E0', 'FM3iEi1E0W0', 'FMxx'), junk),
  },
  { requiredKeys: [] },
);

const spec = fc.record(
  {
    title: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('{{number}}', 'Snow ☃'), junk),
    seed: fc.oneof(fc.nat(), junk),
    paper: fc.oneof(
      fc.constantFrom('a4', 'letter', 'a44', '8.5x11in', '1x1in'),
      fc.record({ width: junk, height: junk }),
      junk,
    ),
    margins: fc.oneof(fc.constantFrom('10mm', '0', '150mm'), junk),
    bleed: junk,
    theme: fc.oneof(
      fc.constantFrom('classic', 'kids', 'theme.yaml', 'nope'),
      fc.record({ walls: junk, 'wall-width': junk }),
      junk,
    ),
    defaults: fc.oneof(maze, junk),
    front: fc.oneof(
      fc.array(
        fc.oneof(fc.constant('title-page'), fc.record({ instructions: fc.string({ maxLength: 20 }) }), junk),
        { maxLength: 3 },
      ),
      junk,
    ),
    pages: fc.oneof(
      fc.array(
        fc.oneof(
          fc.record({ maze }, { requiredKeys: [] }),
          fc.record(
            {
              title: fc.oneof(
                fc.string({ maxLength: 12 }),
                fc.constantFrom('{{pad number 9}}', '{{lookup this "x"}}'),
              ),
              maze,
            },
            { requiredKeys: [] },
          ),
          fc.record({ series: fc.record({ count: junk, from: junk, to: junk }) }),
          fc.record({ section: fc.string({ maxLength: 6 }), defaults: maze }),
          junk,
        ),
        { minLength: 0, maxLength: 4 },
      ),
      junk,
    ),
    solutions: fc.oneof(fc.boolean(), fc.constant('inline'), fc.record({ 'per-page': junk }), junk),
    'per-page': junk,
  },
  { requiredKeys: [] },
);

function plansOrRefuses(text: string): void {
  try {
    const loaded = parseYaml(text, 'fuzz.yaml', bookSchema);
    const files = createFileAccess(defaultPathPolicy(dir));
    planBook(loaded, { files, problems: new Problems(), specDir: dir });
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    expect(e.message.length).toBeLessThan(20_000);
  }
}

describe('fuzzing the spec loader and planner', () => {
  it(
    'any spec built from the spec vocabulary plans or is refused with a user error',
    () => {
      fuzz(
        'spec',
        fc.property(spec, (s) => plansOrRefuses(stringify(s))),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'any text at all is read as YAML or refused with a user error',
    () => {
      fuzz(
        'spec',
        fc.property(
          fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 })),
          (t) => plansOrRefuses(t),
        ),
      );
    },
    FUZZ_TIMEOUT,
  );
});
