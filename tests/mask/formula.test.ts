import { describe, expect, it } from 'vitest';
import {
  compileFormula,
  FormulaError,
  type FormulaNode,
  formulaShape,
  MAX_FORMULA_DEPTH,
  MAX_FORMULA_LENGTH,
  parseFormula,
} from '../../src/mask/formula.js';
import { createRng, type Rng } from '../../src/random/sfc32.js';

const evaluate = (source: string, x = 0, y = 0) => compileFormula(parseFormula(source))(x, y);

/** Centres of an n × n grid of cells over [-1, 1]², y up. */
function* centres(n = 200): Generator<[number, number]> {
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) yield [-1 + (2 * i + 1) / n, 1 - (2 * j + 1) / n];
  }
}

/** Share of the grid's centres inside the formula. */
function coverage(source: string, n = 200): number {
  const inside = compileFormula(parseFormula(source));
  let count = 0;
  for (const [x, y] of centres(n)) if (inside(x, y)) count++;
  return count / (n * n);
}

function errorOf(source: string): FormulaError {
  try {
    parseFormula(source);
  } catch (e) {
    if (e instanceof FormulaError) return e;
    throw e;
  }
  throw new Error(`expected ${JSON.stringify(source)} to be refused`);
}

describe('the Amaze examples', () => {
  const examples: [string, (x: number, y: number) => boolean][] = [
    ['(x*x)+(y*y)<1', (x, y) => x * x + y * y < 1],
    ['x<y', (x, y) => x < y],
    ['y - 0.2 < (90% * C(3 * x))', (x, y) => y - 0.2 < 0.9 * Math.cos(3 * x)],
  ];

  it.each(examples)(
    '%s agrees with the same condition written in TypeScript at every grid centre',
    (source, reference) => {
      const inside = compileFormula(parseFormula(source));
      let disagreements = 0;
      let insideCount = 0;
      for (const [x, y] of centres()) {
        if (inside(x, y) !== reference(x, y)) disagreements++;
        if (inside(x, y)) insideCount++;
      }
      expect(disagreements).toBe(0);
      // Neither empty nor everything: the comparison really depends on the point.
      expect(insideCount).toBeGreaterThan(0);
      expect(insideCount).toBeLessThan(200 * 200);
    },
  );

  it('(x*x)+(y*y)<1 keeps π/4 of the square, within 1%', () => {
    expect(Math.abs(coverage('(x*x)+(y*y)<1') / (Math.PI / 4) - 1)).toBeLessThan(0.01);
  });

  it('x<y keeps half of the square, the upper-left half', () => {
    expect(Math.abs(coverage('x<y') - 0.5)).toBeLessThan(0.01);
    expect(evaluate('x<y', -0.5, 0.5)).toBe(true);
    expect(evaluate('x<y', 0.5, -0.5)).toBe(false);
  });

  it('other everyday formulas give their shapes', () => {
    expect(Math.abs(coverage('x*x + y*y < 1') / (Math.PI / 4) - 1)).toBeLessThan(0.01);
    expect(Math.abs(coverage('r < 1 and r > 0.5') / ((Math.PI * 0.75) / 4) - 1)).toBeLessThan(0.01);
    expect(Math.abs(coverage('abs(x) + abs(y) <= 1') - 0.5)).toBeLessThan(0.01);
    expect(coverage('not (x < 0)')).toBe(0.5);
    expect(coverage('a > 0')).toBe(0.5); // the upper half: atan2 is positive above the x axis
  });

  it('formulaShape wraps the predicate with its label and no aspect', () => {
    const shape = formulaShape('x<y');
    expect(shape.label).toBe('formula "x<y"');
    expect(shape.aspect).toBeUndefined();
    expect(shape.inside(-0.5, 0.5)).toBe(true);
    expect(shape.inside(0.5, -0.5)).toBe(false);
    expect(() => formulaShape('x <')).toThrow(FormulaError);
  });
});

describe('precedence, associativity and spellings', () => {
  const cases: [string, boolean][] = [
    ['2+3*4=14', true],
    ['2+3*4=20', false],
    ['2^3^2 = 512', true],
    ['2^3^2 = 64', false],
    ['-2^2 = -4', true],
    ['(-2)^2 = 4', true],
    ['2^-1 = 0.5', true],
    ['10 - 4 - 3 = 3', true],
    ['24 / 4 / 2 = 3', true],
    ['1 < 2 < 3', true],
    ['1 < 3 < 2', false],
    ['3 > 2 >= 2 > 1', true],
    ['1 = 1 = 1', true],
    ['not 1 > 2', true],
    ['not 2 > 1', false],
    ['not not 2 > 1', true],
    ['1 < 2 or 1 > 2 and 1 > 2', true],
    ['(1 < 2 or 1 > 2) and 1 > 2', false],
    ['not 1 < 2 or 1 < 2', true],
    ['1 > 2 ? 1 > 2 : 1 > 2 ? 1 > 2 : 1 < 2', true],
    ['(1 > 2 ? 10 : 20) = 20', true],
    ['(1 < 2) = (3 < 4)', true],
    ['(1 < 2) != (3 < 4)', false],
    ['90% = 0.9', true],
    ['50% * 4 = 2', true],
    ['(1 + 1)% = 0.02', true],
    ['abs(180° - pi) < 1e-15', true],
    ['abs(45° - π/4) < 1e-15', true],
    ['abs(90°% - pi/200) < 1e-17', true],
    ['.5 = 1/2', true],
    ['1e-3 = 0.001', true],
    ['2.5E2 = 250', true],
    ['e = exp(1)', true],
    ['C(0) = 1 and S(0) = 0 and T(0) = 0 and L(e) = 1 and E(0) = 1', true],
    ['cos(pi) = -1 and sin(0) = 0 and tan(0) = 0 and log(1) = 0', true],
    ['min(3, 1, 2) = 1 and max(3, 1, 2) = 3 and min(1, 2) = 1', true],
    ['mod(7, 3) = 1 and mod(-1, 3) = 2 and mod(1, -3) = -2', true],
    ['atan2(1, 0) = pi/2 and atan(1) = pi/4', true],
    ['floor(-0.5) = -1 and ceil(0.2) = 1 and abs(-2) = 2 and sqrt(16) = 4', true],
    ['1 == 1 && 1 # 2 && 1 ≠ 2 && 1 <> 2 && 1 ≤ 1 && 2 ≥ 1', true],
    ['1 < 2 & 2 < 3', true],
    ['1 > 2 || 2 < 3', true],
    ['1 > 2 | 2 > 3', false],
    ['!(1 > 2) and ¬(1 > 2)', true],
    ['2 ** 3 = 8 and 6 ÷ 3 × 2 = 4 and −1 < 0', true],
    ['\t1\n<\r\n2 ', true],
  ];

  it.each(cases)('%s is %s', (source, expected) => {
    expect(evaluate(source)).toBe(expected);
  });

  it('binds -x^2 as -(x^2) and evaluates the variables', () => {
    expect(evaluate('-x^2 < 0', 3, 0)).toBe(true);
    expect(evaluate('(-x)^2 = 9', 3, 0)).toBe(true);
    expect(evaluate('r = 5', 3, 4)).toBe(true);
    expect(evaluate('r = 5', 3, 3)).toBe(false);
    expect(evaluate('abs(a - pi/2) < 1e-12', 0, 1)).toBe(true);
    expect(evaluate('abs(a - pi) < 1e-12', -1, 0)).toBe(true);
    expect(evaluate('x > 0 ? y > 0 : y < 0', 1, 1)).toBe(true);
    expect(evaluate('x > 0 ? y > 0 : y < 0', -1, 1)).toBe(false);
  });

  it('builds the documented tree', () => {
    expect(parseFormula('-x^2 < 90%')).toEqual({
      kind: 'compare',
      ops: ['<'],
      column: 6,
      operands: [
        {
          kind: 'negate',
          column: 1,
          operand: {
            kind: 'arithmetic',
            op: '^',
            column: 3,
            left: { kind: 'variable', name: 'x', column: 2 },
            right: { kind: 'number', value: 2, column: 4 },
          },
        },
        { kind: 'number', value: 0.9, column: 8 },
      ],
    } satisfies FormulaNode);
    const chain = parseFormula('0 ≤ C(x) < 1 and not y > 0');
    expect(chain.kind).toBe('logical');
    if (chain.kind !== 'logical') return;
    expect(chain.left).toMatchObject({ kind: 'compare', ops: ['<=', '<'], column: 3 });
    expect(chain.left).toMatchObject({ operands: [{}, { kind: 'call', name: 'cos', column: 5 }, {}] });
    expect(chain.right).toMatchObject({ kind: 'not', operand: { kind: 'compare', ops: ['>'] } });
  });
});

describe('undefined values', () => {
  const falseEverywhere = [
    'sqrt(-1) < 1',
    'sqrt(-1) >= 1',
    'sqrt(-1) = sqrt(-1)',
    'sqrt(-1) != 0',
    'log(0) < 0',
    'log(x - 2) < 5',
    '1/0 > 1',
    '-1/0 < 1',
    '1/(x - x) > 0',
    '0 < 1/(x - x)',
    '0 * log(0) = 0',
    '1 < sqrt(-x*x - 1) < 2',
    'log(0 * x) < 1',
    'log(0 * x) <= y',
    'y > log(0 * x)',
    '-log(0 * x) > 1',
    '1 >= -log(0 * x)',
    '-log(0 * x) != 0',
    'sqrt(-1 - x*x) != 0',
  ];

  it.each(falseEverywhere)('%s is false and never throws', (source) => {
    const inside = compileFormula(parseFormula(source));
    for (const [x, y] of centres(20)) expect(inside(x, y)).toBe(false);
  });

  it('negating an undefined comparison gives true, and finite results of infinities count', () => {
    expect(evaluate('not (sqrt(-1) < 1)')).toBe(true);
    expect(evaluate('exp(-1/(x*x)) < 0.5', 0, 0)).toBe(true); // exp(-∞) is 0
  });
});

describe('errors name the column and what was expected', () => {
  const cases: [string, number, RegExp, RegExp?][] = [
    ['(x < 1', 7, /^expected '\)' to close the '\(' at column 1 but found the end of the formula$/],
    ['x < 1)', 6, /^unbalanced '\)'/],
    ['x < 1 y', 7, /^expected an operator or the end of the formula but found 'y'$/, /'\*' to multiply/],
    ['2x < 1', 2, /found 'x'/, /2\*x/],
    ['sin(x', 6, /^expected ',' or '\)' to close the '\(' of sin at column 4/],
    ['x < 1 ? y > 0', 14, /^expected ':' for the '\?' at column 7/],
    ['', 1, /^the formula is empty$/, /x\*x/],
    ['   ', 1, /^the formula is empty$/],
    ['  x + y', 3, /must be a condition .* but it is a number/, /compare it/],
    ['sin(x, y) < 1', 1, /^sin takes 1 argument but was given 2$/],
    ['sin() < 1', 1, /^sin takes 1 argument but was given 0$/],
    ['min(x) < 1', 1, /^min takes at least 2 arguments but was given 1$/],
    ['x < atan2(y)', 5, /^atan2 takes 2 arguments but was given 1$/],
    ['sni(x) < 1', 1, /^unknown function sni$/, /^did you mean sin\?$/],
    ['x < sqr(y)', 5, /^unknown function sqr$/, /^did you mean sqrt\?$/],
    ['fooo(x) < 1', 1, /^unknown function fooo$/, /functions are min, max/],
    ['x < 1 adn y < 1', 7, /^unknown name adn$/, /^did you mean and\?$/],
    ['X < 1', 1, /^unknown name X$/, /^did you mean x\?$/],
    ['radius < 1', 1, /^unknown name radius$/, /names are x, y, r, a, pi and e/],
    ['sinx < 0.5', 1, /^unknown name sinx$/, /write sin\(x\)/],
    ['xy < 0.5', 1, /^unknown name xy$/, /write x\*y/],
    ['sin x < 1', 5, /^expected '\(' after sin but found 'x'$/, /sin\(x\)/],
    ['x(2) < 1', 2, /^x is a variable, not a function$/],
    ['(x < 0) + 1 < 2', 9, /^'\+' needs a number on its left, but gets a condition/],
    ['x and y < 1', 3, /^'and' needs a condition on its left, but gets a number$/],
    ['x < 1 or 2', 7, /^'or' needs a condition on its right, but gets a number$/],
    ['not x', 1, /^'not' needs a condition after it/],
    ['-(x < 1)', 1, /^'-' needs a number after it/],
    ['(x < 1)% = 1', 8, /^'%' needs a number before it/],
    ['(x < 0) < 1', 9, /^'<' needs a number on its left/, /'=' or '!='/],
    ['(x < 0) = 1', 9, /^'=' compares two values of the same kind/],
    ['x ? y < 0 : y > 0', 3, /^'\?' needs a condition before it, but gets a number$/],
    ['x < 0 ? 1 : y < 0', 7, /^the two branches of '\?' ':' must be of the same kind/],
    ['sin(x < 0) < 1', 1, /^sin needs numbers, but argument 1 is a condition/],
    ['x % 2 < 1', 5, /found '2'/, /mod\(a, b\)/],
    ['|x| < 1', 1, /^expected a number, a name or '\(' but found '\|'$/, /abs\(x\)/],
    ['x => 1', 4, /found '>'/, />=/],
    ['x @ 1', 3, /^unexpected character '@'$/],
    ['x < [1]', 5, /^unexpected character '\['$/, /\( and \)/],
    ['x < 1 😀', 7, /^unexpected character '😀'$/],
    ['x < 1e999', 5, /^the number 1e999 is too large$/],
    ['x < 1 <', 8, /^expected a number, a name or '\(' but found the end of the formula$/],
  ];

  it.each(cases)('%j: column %i', (source, column, what, hint) => {
    const e = errorOf(source);
    expect(e.column).toBe(column);
    expect(e.what).toMatch(what);
    if (hint) expect(e.hint).toMatch(hint);
    expect(e.message.startsWith(`column ${column}: ${e.what}`)).toBe(true);
  });

  it('gives the message from the brief verbatim', () => {
    expect(errorOf('x*x + )').message).toBe("column 7: expected a number, a name or '(' but found ')'");
  });

  it('limits the length', () => {
    const longest = 'x'.padEnd(MAX_FORMULA_LENGTH - 2) + '<1';
    expect(longest).toHaveLength(MAX_FORMULA_LENGTH);
    expect(evaluate(longest, -1, 0)).toBe(true);
    const e = errorOf(`${longest} `);
    expect(e.column).toBe(MAX_FORMULA_LENGTH + 1);
    expect(e.what).toMatch(/too long: 2001 characters, at most 2000/);
    expect(errorOf('x<1 or '.repeat(100_000)).what).toMatch(/too long/);
  });

  it('limits the nesting without overflowing the stack', () => {
    const nest = (n: number) => `${'('.repeat(n)}x${')'.repeat(n)} < 1`;
    expect(evaluate(nest(MAX_FORMULA_DEPTH), 0.5, 0)).toBe(true);
    const deep: [string, number][] = [
      [nest(MAX_FORMULA_DEPTH + 1), MAX_FORMULA_DEPTH + 1],
      [`${'-'.repeat(500)}x < 1`, MAX_FORMULA_DEPTH + 1],
      [`${'not '.repeat(300)}x < 1`, 4 * MAX_FORMULA_DEPTH + 1],
      [`${'2^'.repeat(300)}2 < 1`, 2 * (MAX_FORMULA_DEPTH + 1)],
      [`${'sin('.repeat(300)}x${')'.repeat(300)} < 1`, 4 * (MAX_FORMULA_DEPTH + 1)],
    ];
    for (const [source, column] of deep) {
      const e = errorOf(source);
      expect(e.what).toMatch(/nests more than 200 levels/);
      expect(e.column).toBe(column);
    }
  });

  it('evaluates the longest flat chains the length limit allows', () => {
    const sum = `x${' + x'.repeat(498)} < 1`; // 1997 characters, a tree 498 levels deep
    expect(sum).toHaveLength(1997);
    expect(evaluate(sum, 0.001, 0)).toBe(true);
    expect(evaluate(sum, 0.01, 0)).toBe(false);
    const conditions = `x < 1${' and x < 1'.repeat(190)}`;
    expect(evaluate(conditions, 0, 0)).toBe(true);
  });

  it('refuses malformed hand-built trees at compile time', () => {
    expect(() => compileFormula({ kind: 'number', value: 1, column: 1 })).toThrow(FormulaError);
    const bad = { kind: 'call', name: 'nope', args: [], column: 3 } as unknown as FormulaNode;
    expect(() => compileFormula({ kind: 'compare', ops: ['<'], operands: [bad, bad], column: 1 })).toThrow(
      /column 3: unknown function nope/,
    );
  });
});

describe('fuzz', () => {
  const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)];

  const unary = [...'sin cos tan log exp sqrt abs floor ceil atan S C T L E'.split(' ')];

  /** A random valid number expression; composites are parenthesised so any combination stays valid. */
  function numberText(rng: Rng, depth: number): string {
    const leaf = depth <= 0 || rng.next() < 0.3;
    if (leaf)
      return pick(rng, ['x', 'y', 'r', 'a', 'pi', 'π', 'e', '0.5', '.25', '3', '1e-3', '90%', '45°', '2']);
    const n = () => numberText(rng, depth - 1);
    switch (rng.int(5)) {
      case 0:
        return `(${n()} ${pick(rng, ['+', '-', '*', '/', '^', '**', '−', '×', '÷'])} ${n()})`;
      case 1:
        return `-${n()}`;
      case 2:
        return `${pick(rng, unary)}(${n()})`;
      case 3:
        return `${pick(rng, ['min', 'max', 'mod', 'atan2'])}(${n()}, ${n()})`;
      default:
        return `(${conditionText(rng, depth - 1)} ? ${n()} : ${n()})`;
    }
  }

  function conditionText(rng: Rng, depth: number): string {
    const n = () => numberText(rng, depth - 1);
    const rel = () => pick(rng, ['<', '<=', '>', '>=', '=', '==', '!=', '#', '≠', '≤', '≥', '<>']);
    if (depth <= 0 || rng.next() < 0.3) return `${n()} ${rel()} ${n()}`;
    const c = () => conditionText(rng, depth - 1);
    switch (rng.int(5)) {
      case 0:
        return `${n()} ${rel()} ${n()} ${rel()} ${n()}`;
      case 1:
        return `${pick(rng, ['not ', '!', '¬'])}(${c()})`;
      case 2:
        return `(${c()}) ${pick(rng, ['and', 'or', '&&', '||', '&', '|'])} (${c()})`;
      case 3:
        return `(${c()}) ${pick(rng, ['=', '!='])} (${c()})`;
      default:
        return `(${c()} ? ${c()} : ${c()})`;
    }
  }

  /** Parses and compiles, checking that only FormulaError escapes and that the predicate is total. */
  function check(source: string): boolean {
    let inside: ((x: number, y: number) => boolean) | undefined;
    try {
      inside = compileFormula(parseFormula(source));
    } catch (e) {
      if (!(e instanceof FormulaError)) throw new Error(`${JSON.stringify(source)} threw ${e}`);
      expect(e.column).toBeGreaterThanOrEqual(1);
      expect(e.column).toBeLessThanOrEqual([...source].length + 1);
      return false;
    }
    for (const [x, y] of centres(4)) expect(typeof inside(x, y)).toBe('boolean');
    return true;
  }

  const junk = [...'xyra()+-*/^%°<>=!#≤¬&|?:,.@[ \n😀é0159', 'and', 'or', 'not', 'sin(', 'min(', 'pi', 'e'];

  it('random well-formed formulas parse and evaluate to booleans everywhere', () => {
    const rng = createRng([1, 2, 3, 4]);
    for (let n = 0; n < 1000; n++) {
      const source = conditionText(rng, 1 + rng.int(4));
      if (source.length > MAX_FORMULA_LENGTH) continue;
      expect(check(source), source).toBe(true);
    }
  });

  it('mutated formulas and random garbage either parse or throw FormulaError, nothing else', () => {
    const rng = createRng([5, 6, 7, 8]);
    let parsed = 0;
    let refused = 0;
    for (let n = 0; n < 3000; n++) {
      const chars = [...conditionText(rng, 1 + rng.int(3))];
      for (let m = 1 + rng.int(3); m > 0; m--) {
        const at = rng.int(chars.length + 1);
        if (rng.next() < 0.5) chars.splice(at, 1);
        else chars.splice(at, 0, pick(rng, junk));
      }
      if (check(chars.join(''))) parsed++;
      else refused++;
      const garbage = Array.from({ length: 1 + rng.int(20) }, () => pick(rng, junk)).join('');
      if (check(garbage)) parsed++;
      else refused++;
    }
    // Both paths must be exercised, or the test checks less than it claims.
    expect(parsed).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });
});
