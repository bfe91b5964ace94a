import { InvalidArgumentError } from 'commander';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { UserError } from '../../src/base/errors.js';
import { createFileAccess, defaultPathPolicy } from '../../src/base/files.js';
import { mazeFromFlags } from '../../src/cli/flags.js';
import { parseSeed, unitFraction, wholeNumber } from '../../src/cli/options.js';
import { sheetSpec } from '../../src/cli/sheet.js';
import { planBook } from '../../src/plan/plan-book.js';
import { Problems } from '../../src/plan/problems.js';
import { bookSchema } from '../../src/spec/schema.js';
import { parseLength } from '../../src/spec/units.js';
import { tempDir } from '../helpers.js';
import { FUZZ_TIMEOUT, fuzz } from './budget.js';

const dir = tempDir();
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    'auto',
    '20',
    '20x30',
    '0',
    '-1',
    'NaN',
    '1e99',
    'up=3,down=x',
    'braid=0.5,reduce-path',
    '=',
    ',',
    '12cm',
    '0mm',
  ),
);
const flags = fc.record(
  {
    shape: value,
    cells: value,
    rings: value,
    passage: value,
    mask: value,
    formula: value,
    text: value,
    algorithm: value,
    weights: value,
    post: value,
    entry: value,
    exit: value,
    difficulty: value,
    mazegram: value,
  },
  { requiredKeys: [] },
);

/** The user errors a command-line value may end in (commander's usage error among them). */
const isUsageError = (e: unknown) => e instanceof UserError || e instanceof InvalidArgumentError;

describe('fuzzing command-line values', () => {
  it(
    'render and sheet flags become a planned maze or a user error',
    () => {
      fuzz(
        'flags',
        fc.property(flags, (f) => {
          try {
            const maze = mazeFromFlags(f);
            const checked = bookSchema.safeParse({
              title: 'f',
              front: [],
              pages: [{ maze }],
              solutions: false,
            });
            if (!checked.success) return;
            planBook(
              { value: checked.data, file: '<flags>', placeOf: () => 'flags' },
              {
                files: createFileAccess(defaultPathPolicy(dir)),
                problems: new Problems(),
                specDir: dir,
              },
            );
            sheetSpec({
              paper: 'a4',
              count: 4,
              title: 'x',
              answers: true,
              shape: f.shape,
              cells: f.cells,
              difficulty: f.difficulty,
            });
          } catch (e) {
            if (!isUsageError(e)) throw e;
          }
        }),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'number and length parsers accept their form or refuse it',
    () => {
      fuzz(
        'flags',
        fc.property(value, (v) => {
          for (const parse of [
            parseSeed,
            unitFraction,
            wholeNumber(1, 60),
            (x: string) => parseLength(x, '--size'),
          ]) {
            try {
              const n = parse(v);
              if (!Number.isFinite(n)) throw new Error(`${v} parsed to ${n}`);
            } catch (e) {
              if (!isUsageError(e)) throw e;
            }
          }
        }),
      );
    },
    FUZZ_TIMEOUT,
  );
});
