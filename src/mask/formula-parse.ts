import { closest, listOf } from '../base/suggest.js';
import { FormulaError } from './formula-error.js';
import {
  constants,
  functionNames,
  functionOf,
  functions,
  isKnown,
  isVariable,
  suggestible,
  variables,
} from './formula-names.js';
import {
  type ArithmeticOp,
  aKind,
  type CompareOp,
  type FormulaNode,
  type FunctionName,
  kindOf,
  type ValueKind,
} from './formula-node.js';
import { describeToken, type Token, tokenize } from './formula-tokenize.js';

/**
 * The formula parser.
 *
 * Grammar, loosest binding first. Quoted items are literal; `{ }` repeats, `[ ]` is optional, `|` separates
 * choices. Spaces, tabs and newlines between tokens are ignored; names are case-sensitive.
 *
 *   formula    := choice END                         the whole formula must be a condition
 *   choice     := either [ '?' choice ':' choice ]   c ? p : q, right-associative; p, q of the same kind
 *   either     := both { OR both }                   OR  := 'or' | '||' | '|'
 *   both       := negation { AND negation }          AND := 'and' | '&&' | '&'
 *   negation   := NOT negation | comparison          NOT := 'not' | '!' | '¬'   (`not x > 0` is not(x > 0))
 *   comparison := sum { REL sum }                    REL := '<' | '<=' | '≤' | '>' | '>=' | '≥'
 *                                                           | '=' | '==' | '!=' | '#' | '≠' | '<>'
 *                                                    a < b < c means a < b and b < c
 *   sum        := product { ('+' | '-' | '−') product }
 *   product    := signed { ('*' | '×' | '/' | '÷') signed }
 *   signed     := ('-' | '−' | '+') signed | power   -2^2 is -(2^2)
 *   power      := postfix [ ('^' | '**') signed ]    right-associative: 2^3^2 is 2^9; 2^-1 is allowed
 *   postfix    := atom { '%' | '°' }                 90% is 0.9, 45° is π/4
 *   atom       := NUMBER | CONSTANT | VARIABLE | '(' choice ')'
 *               | FUNCTION '(' choice { ',' choice } ')'
 *   NUMBER     := (digits [ '.' [digits] ] | '.' digits) [ ('e' | 'E') ['+' | '-'] digits ]
 *                                                    e.g. 3  0.5  .5  1e-3
 *   CONSTANT   := 'pi' | 'π' | 'e'
 *   VARIABLE   := 'x' | 'y' | 'r' | 'a'
 *   FUNCTION   := 'min' | 'max'                      2 or more arguments
 *               | 'atan2' | 'mod'                    2 arguments
 *               | 'abs' | 'floor' | 'ceil' | 'sin' | 'cos' | 'tan' | 'log' | 'exp' | 'sqrt' | 'atan'
 *               | 'S' | 'C' | 'T' | 'L' | 'E'        Amaze's one-letter sin, cos, tan, log, exp
 *
 */

/** Longest accepted formula, in characters. */
export const MAX_FORMULA_LENGTH = 2000;
/** Deepest accepted nesting of parentheses, function calls, signs, `not`s and powers. */
export const MAX_FORMULA_DEPTH = 200;

const numberPrompt = "a number, a name or '('";

/** Recursive descent, one method per rule of the grammar above, checking value kinds as it goes. */
class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  /** formula := choice END */
  formula(): FormulaNode {
    const node = this.choice();
    const t = this.peek();
    if (t.kind !== 'end') {
      if (t.op === ')') {
        throw new FormulaError(t.column, "unbalanced ')': there is no '(' before it to close");
      }
      this.unexpected('an operator or the end of the formula');
    }
    if (kindOf(node) !== 'condition') {
      throw new FormulaError(
        this.tokens[0].column,
        'the formula must be a condition (true or false at each point), but it is a number',
        'compare it with something, e.g. x*x + y*y < 1',
      );
    }
    return node;
  }

  private peek(): Token {
    return this.tokens[this.pos];
  }

  private next(): Token {
    const t = this.tokens[this.pos];
    if (t.kind !== 'end') this.pos++;
    return t;
  }

  private accept(...ops: string[]): Token | undefined {
    const t = this.peek();
    return t.kind === 'op' && ops.includes(t.op) ? this.next() : undefined;
  }

  /** Runs one level of recursion, refusing to go deeper than MAX_FORMULA_DEPTH (no stack overflow). */
  private nested<T>(at: Token, parse: () => T): T {
    if (++this.depth > MAX_FORMULA_DEPTH) {
      throw new FormulaError(
        at.column,
        `the formula nests more than ${MAX_FORMULA_DEPTH} levels deep`,
        'remove redundant parentheses, signs or nots',
      );
    }
    const node = parse();
    this.depth--;
    return node;
  }

  /** Throws "expected … but found …", with a hint for the usual slips. */
  private unexpected(expected: string, context = ''): never {
    const t = this.peek();
    const previous = this.tokens[this.pos - 1];
    const startsOperand = t.kind === 'number' || t.kind === 'name' || t.op === '(';
    if (t.kind === 'name' && !isKnown(t.op)) {
      throw unknownName(t, this.tokens[this.pos + 1]?.op === '(');
    }
    let hint: string | undefined;
    if (startsOperand && previous?.op === '%') {
      hint = "'%' means percent (90% is 0.9); for a remainder write mod(a, b)";
    } else if (startsOperand && expected !== numberPrompt) {
      hint = "put an operator between them: '*' to multiply (2*x, not 2x), 'and' or 'or' to join conditions";
    } else if (t.text === '|' && expected === numberPrompt) {
      hint = 'for an absolute value write abs(x)';
    } else if ((t.op === '<' || t.op === '>') && previous?.op === '=') {
      hint = `write ${t.text}= for "${t.op === '<' ? 'at most' : 'at least'}"`;
    }
    throw new FormulaError(t.column, `expected ${expected}${context} but found ${describeToken(t)}`, hint);
  }

  /** Type check: `where` is the operand's place relative to the operator, e.g. `on its left`. */
  private requireKind(node: FormulaNode, kind: ValueKind, at: Token, where: string, hint?: string) {
    const actual = kindOf(node);
    if (actual === kind) return;
    const needs = kind === 'number' ? 'a number' : 'a condition';
    throw new FormulaError(
      at.column,
      `'${at.text}' needs ${needs} ${where}, but gets ${aKind(actual)}`,
      hint ??
        (kind === 'number'
          ? "combine conditions with 'and', 'or' or '?' ':', not with arithmetic"
          : 'compare the number with something first, e.g. x < 0.5 and y > 0'),
    );
  }

  /** choice := either [ '?' choice ':' choice ] */
  private choice(): FormulaNode {
    const test = this.either();
    const question = this.accept('?');
    if (!question) return test;
    this.requireKind(test, 'condition', question, 'before it', 'e.g. x < 0 ? y < 0.5 : y > -0.5');
    const ifTrue = this.nested(question, () => this.choice());
    if (!this.accept(':')) this.unexpected("':'", ` for the '?' at column ${question.column}`);
    const ifFalse = this.nested(question, () => this.choice());
    if (kindOf(ifTrue) !== kindOf(ifFalse)) {
      throw new FormulaError(
        question.column,
        `the two branches of '?' ':' must be of the same kind, but the first is ${aKind(kindOf(ifTrue))} ` +
          `and the second ${aKind(kindOf(ifFalse))}`,
      );
    }
    return { kind: 'conditional', test, ifTrue, ifFalse, column: question.column };
  }

  /** either := both { OR both } ; both := negation { AND negation } */
  private either(): FormulaNode {
    let left = this.both();
    for (let op = this.accept('or'); op; op = this.accept('or')) {
      const right = this.both();
      this.requireKind(left, 'condition', op, 'on its left');
      this.requireKind(right, 'condition', op, 'on its right');
      left = { kind: 'logical', op: 'or', left, right, column: op.column };
    }
    return left;
  }

  private both(): FormulaNode {
    let left = this.negation();
    for (let op = this.accept('and'); op; op = this.accept('and')) {
      const right = this.negation();
      this.requireKind(left, 'condition', op, 'on its left');
      this.requireKind(right, 'condition', op, 'on its right');
      left = { kind: 'logical', op: 'and', left, right, column: op.column };
    }
    return left;
  }

  /** negation := NOT negation | comparison */
  private negation(): FormulaNode {
    const op = this.accept('not');
    if (!op) return this.comparison();
    const operand = this.nested(op, () => this.negation());
    this.requireKind(operand, 'condition', op, 'after it', 'e.g. not (x < 0)');
    return { kind: 'not', operand, column: op.column };
  }

  /** comparison := sum { REL sum } */
  private comparison(): FormulaNode {
    const first = this.sum();
    const operands = [first];
    const ops: CompareOp[] = [];
    let column = 0;
    for (let op = this.accept('<', '<=', '>', '>=', '=', '!='); op; ) {
      const right = this.sum();
      const left = operands[operands.length - 1];
      const compareOp = op.op as CompareOp;
      if (compareOp === '=' || compareOp === '!=') {
        if (kindOf(left) !== kindOf(right)) {
          throw new FormulaError(
            op.column,
            `'${op.text}' compares two values of the same kind, but its left side is ` +
              `${aKind(kindOf(left))} and its right side ${aKind(kindOf(right))}`,
          );
        }
      } else {
        const hint = "conditions can only be compared with '=' or '!='";
        this.requireKind(left, 'number', op, 'on its left', hint);
        this.requireKind(right, 'number', op, 'on its right', hint);
      }
      if (ops.length === 0) column = op.column;
      ops.push(compareOp);
      operands.push(right);
      op = this.accept('<', '<=', '>', '>=', '=', '!=');
    }
    return ops.length === 0 ? first : { kind: 'compare', ops, operands, column };
  }

  /** sum := product { ('+' | '-') product } ; product := signed { ('*' | '/') signed } */
  private sum(): FormulaNode {
    let left = this.product();
    for (let op = this.accept('+', '-'); op; op = this.accept('+', '-')) {
      left = this.arithmetic(op, left, this.product());
    }
    return left;
  }

  private product(): FormulaNode {
    let left = this.signed();
    for (let op = this.accept('*', '/'); op; op = this.accept('*', '/')) {
      left = this.arithmetic(op, left, this.signed());
    }
    return left;
  }

  private arithmetic(op: Token, left: FormulaNode, right: FormulaNode): FormulaNode {
    this.requireKind(left, 'number', op, 'on its left');
    this.requireKind(right, 'number', op, 'on its right');
    return { kind: 'arithmetic', op: op.op as ArithmeticOp, left, right, column: op.column };
  }

  /** signed := ('-' | '+') signed | power */
  private signed(): FormulaNode {
    const op = this.accept('-', '+');
    if (!op) return this.power();
    const operand = this.nested(op, () => this.signed());
    this.requireKind(operand, 'number', op, 'after it');
    return op.op === '+' ? operand : { kind: 'negate', operand, column: op.column };
  }

  /** power := postfix [ '^' signed ] */
  private power(): FormulaNode {
    const base = this.postfix();
    const op = this.accept('^');
    if (!op) return base;
    return this.arithmetic(
      op,
      base,
      this.nested(op, () => this.signed()),
    );
  }

  /** postfix := atom { '%' | '°' } */
  private postfix(): FormulaNode {
    let node = this.atom();
    for (let op = this.accept('%', '°'); op; op = this.accept('%', '°')) {
      this.requireKind(node, 'number', op, 'before it');
      const percent = op.op === '%';
      if (node.kind === 'number') {
        node = { ...node, value: percent ? node.value / 100 : (node.value * Math.PI) / 180 };
      } else {
        const factor: FormulaNode = {
          kind: 'number',
          value: percent ? 100 : Math.PI / 180,
          column: op.column,
        };
        node = { kind: 'arithmetic', op: percent ? '/' : '*', left: node, right: factor, column: op.column };
      }
    }
    return node;
  }

  /** atom := NUMBER | CONSTANT | VARIABLE | FUNCTION '(' choice { ',' choice } ')' | '(' choice ')' */
  private atom(): FormulaNode {
    const t = this.peek();
    if (t.kind === 'number') {
      this.next();
      return { kind: 'number', value: t.value, column: t.column };
    }
    if (t.op === '(') {
      this.next();
      const inner = this.nested(t, () => this.choice());
      if (!this.accept(')')) this.unexpected("')'", ` to close the '(' at column ${t.column}`);
      return inner;
    }
    if (t.kind !== 'name') this.unexpected(numberPrompt);
    this.next();
    const name = t.op;
    const fn = functionOf(name);
    const callsSomething = this.peek().op === '(';
    if (fn) return this.call(t, fn);
    if (isVariable(name) || Object.hasOwn(constants, name)) {
      if (callsSomething) {
        throw new FormulaError(
          this.peek().column,
          `${name} is a ${isVariable(name) ? 'variable' : 'constant'}, not a function`,
          `write ${name}*(…) to multiply`,
        );
      }
      return isVariable(name)
        ? { kind: 'variable', name, column: t.column }
        : { kind: 'number', value: constants[name], column: t.column };
    }
    throw unknownName(t, callsSomething);
  }

  private call(t: Token, name: FunctionName): FormulaNode {
    const open = this.accept('(');
    if (!open) {
      throw new FormulaError(
        this.peek().column,
        `expected '(' after ${t.text} but found ${describeToken(this.peek())}`,
        `functions need parentheses, e.g. ${t.text}(x)`,
      );
    }
    const info = functions[name];
    const args: FormulaNode[] = [];
    if (!this.accept(')')) {
      for (;;) {
        const arg = this.nested(open, () => this.choice());
        if (kindOf(arg) !== 'number') {
          throw new FormulaError(
            t.column,
            `${t.text} needs numbers, but argument ${args.length + 1} is a condition (true or false)`,
          );
        }
        args.push(arg);
        if (this.accept(')')) break;
        if (!this.accept(',')) {
          this.unexpected("',' or ')'", ` to close the '(' of ${t.text} at column ${open.column}`);
        }
      }
    }
    if (args.length < info.minArgs || args.length > info.maxArgs) {
      const wanted =
        info.maxArgs === Infinity
          ? `at least ${info.minArgs} arguments`
          : `${info.minArgs} argument${info.minArgs === 1 ? '' : 's'}`;
      throw new FormulaError(t.column, `${t.text} takes ${wanted} but was given ${args.length}`);
    }
    return { kind: 'call', name, args, column: t.column };
  }
}

function unknownName(t: Token, calls: boolean): FormulaError {
  const name = t.text;
  const known = `names are ${listOf([...variables, 'pi', 'e'], 'and')}; functions are ${listOf(
    functionNames,
    'and',
  )}`;
  if (calls) {
    const guess = closest(name, functionNames);
    return new FormulaError(t.column, `unknown function ${name}`, guess ? `did you mean ${guess}?` : known);
  }
  const allVariables = (s: string) => s !== '' && [...s].every((c) => isVariable(c));
  const fused = functionNames.find((f) => name.startsWith(f) && allVariables(name.slice(f.length)));
  let hint: string | undefined;
  if (fused) {
    hint = `functions need parentheses: write ${fused}(${[...name.slice(fused.length)].join('*')})`;
  } else if (allVariables(name)) {
    hint = `write ${[...name].join('*')} to multiply`;
  } else {
    // One letter is too short to guess from, except a wrong case: X for x.
    const guess =
      name.length === 1
        ? suggestible.find((s) => s.toLowerCase() === name.toLowerCase())
        : closest(name, suggestible);
    if (guess) hint = `did you mean ${guess}?`;
  }
  return new FormulaError(t.column, `unknown name ${name}`, hint ?? known);
}

/**
 * Parses a formula into a tree, checking that every operator gets values of the right kind and that the
 * whole is a condition.
 *
 * @throws FormulaError with the 1-based column of the first problem
 */
export function parseFormula(source: string): FormulaNode {
  // Cheap test first so a huge string is refused without being split into characters.
  const length = source.length > 2 * MAX_FORMULA_LENGTH ? source.length : [...source].length;
  if (length > MAX_FORMULA_LENGTH) {
    throw new FormulaError(
      MAX_FORMULA_LENGTH + 1,
      `the formula is too long: ${length} characters, at most ${MAX_FORMULA_LENGTH}`,
      'simplify it, or draw the shape as an image mask',
    );
  }
  const tokens = tokenize([...source]);
  if (tokens[0].kind === 'end') {
    throw new FormulaError(1, 'the formula is empty', 'write a condition such as x*x + y*y < 1');
  }
  return new Parser(tokens).formula();
}
