import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileFormula,
  FormulaError,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  parseFormula,
} from '../../src/mask/formula.js';
import { FUZZ_TIMEOUT, fuzz } from './budget.js';
import { mutatedText } from './mutate.js';

/**
 * Any string given as a formula ends in a compiled predicate that answers true or false everywhere, or in a
 * FormulaError whose column lies within the formula (one past its end at most) — never another exception,
 * a stack overflow or a hang.
 */
function checkFormula(source: string): void {
  let node: ReturnType<typeof parseFormula>;
  try {
    node = parseFormula(source);
  } catch (e) {
    if (!(e instanceof FormulaError)) throw e;
    const length = Array.from(source).length;
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(e.column).toBeLessThanOrEqual(Math.max(length, MAX_FORMULA_LENGTH) + 1);
    if (length <= MAX_FORMULA_LENGTH) expect(e.column).toBeLessThanOrEqual(length + 1);
    expect(e.what.length).toBeGreaterThan(0);
    return;
  }
  const inside = compileFormula(node);
  for (const [x, y] of POINTS) expect(typeof inside(x, y)).toBe('boolean');
}

/** Points where every predicate is tried: the centre, corners, edges, and a point off the frame. */
const POINTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [1, 1],
  [-1, -1],
  [1, -0.5],
  [0.3, 0.7],
  [-0.999, 0],
  [5, -3],
];

/** Formulas that parse, from the docs and tests: the seeds of the mutations. */
const VALID = [
  'x*x + y*y < 1',
  'abs(x) + abs(y) <= 1',
  'abs(x) > 0.3',
  '(x*x + y*y - 0.5)^3 < x*x*y^3',
  'r < 0.9 and abs(sin(6*a)) > 0.3 or r < 0.2',
  '0 ≤ C(x) < 1 and not y > 0',
  '-x^2 < 90%',
  'x < 0 ? y < 0.5 : y > -0.5',
  '(x < 0) = (y < 0)',
  'mod(floor(4*x) + floor(4*y), 2) = 0',
  'max(abs(x), abs(y)) > 0.5 && r ≠ 0.25',
  'a > 45° || ¬(x > .5e0)',
  'atan2(y, x) >= -pi / 2 and sqrt(r) < exp(-1)',
];

/** Fragments of the formula language (and some near misses) to build and mutate formulas from. */
const PIECES = [
  'x',
  'y',
  'r',
  'a',
  'pi',
  'π',
  'e',
  '1',
  '0.5',
  '.5',
  '1e3',
  '1e999',
  '2',
  ' ',
  '\n',
  '+',
  '-',
  '−',
  '*',
  '×',
  '/',
  '÷',
  '^',
  '**',
  '%',
  '°',
  '(',
  ')',
  ',',
  '?',
  ':',
  '<',
  '<=',
  '≤',
  '>',
  '>=',
  '=',
  '==',
  '!=',
  '#',
  '≠',
  '<>',
  'and',
  'or',
  'not',
  '&&',
  '||',
  '!',
  '¬',
  '&',
  '|',
  'min(',
  'max(',
  'abs(',
  'sin(',
  'S(',
  'mod(',
  'atan2(',
  'sqrt(',
  'log(',
  'foo(',
  'X',
  'sinx',
  'xy',
  '[',
  ';',
  '.',
];

const tokenSoup = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join(''));

describe('formula parser under fuzzing', () => {
  it(
    'any string: a predicate or a FormulaError inside the formula',
    () => {
      fuzz(
        'formula: any string: a predicate or a FormulaError inside the formula',
        fc.property(
          fc.oneof(
            fc.string({ maxLength: 60 }),
            fc.string({ unit: 'grapheme', maxLength: 30 }),
            fc.string({ unit: 'binary', maxLength: 30 }),
          ),
          (s) => checkFormula(s),
        ),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'token soup of the formula language',
    () => {
      fuzz(
        'formula: token soup of the formula language',
        fc.property(tokenSoup, (s) => checkFormula(s)),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'valid formulas with a few edits',
    () => {
      fuzz(
        'formula: valid formulas with a few edits',
        fc.property(mutatedText(VALID, PIECES), (s) => checkFormula(s)),
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    'deep nesting and long formulas end in a located error, never a stack overflow',
    () => {
      const wrap = fc.constantFrom('(', '-', 'not ', 'abs(', '2^', '!');
      fuzz(
        'formula: deep nesting and long formulas end in a located error, never a stack overflow',
        fc.property(wrap, fc.integer({ min: 0, max: 4 * MAX_FORMULA_DEPTH }), (w, depth) => {
          const closing = w.endsWith('(') ? ')' : '';
          const inner = w === 'not ' || w === '!' ? 'x < 1' : 'x';
          const body = `${w.repeat(depth)}${inner}${closing.repeat(depth)}`;
          checkFormula(w === 'not ' || w === '!' ? body : `${body} < 1`);
        }),
      );
      checkFormula(`${'x+'.repeat(MAX_FORMULA_LENGTH)}x < 1`);
    },
    FUZZ_TIMEOUT,
  );
});
