/**
 * Formula masks: a condition over the plane decides which cells of the maze exist.
 *
 *            y = 1
 *              ↑
 *   x = -1 ────┼────→ x = 1      r = √(x² + y²), distance from the centre (1 at the middle of each side)
 *              │                 a = atan2(y, x), angle from the +x axis in radians, in (-π, π], ccw
 *            y = -1
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
 * Every value is either a number or a condition (true/false), checked while parsing: arithmetic, `%`, `°` and
 * functions need numbers; `and`, `or`, `not` and the test of `?` need conditions; `<`-style comparisons need
 * numbers; `=` and `!=` compare two values of the same kind. log is the natural log; mod(a, b) is the floored
 * remainder a − b·floor(a / b), with the sign of b. `%` is only percent, never a remainder.
 *
 * Evaluation never throws: NaN and ±∞ (sqrt(-1), log(0), 1/0) flow through arithmetic and make every
 * comparison they reach false — `=` and `!=` included — so such points are simply outside the shape.
 */
import { closest, listOf } from '../spec/suggest.js';
import type { MaskShape } from './shape.js';

/** Longest accepted formula, in characters. */
export const MAX_FORMULA_LENGTH = 2000;
/** Deepest accepted nesting of parentheses, function calls, signs, `not`s and powers. */
export const MAX_FORMULA_DEPTH = 200;

/** A mistake in a formula. The spec layer wraps it in a UserError, adding the formula's place in the file. */
export class FormulaError extends Error {
  constructor(
    /** 1-based character position in the formula (newlines count as one character). */
    readonly column: number,
    /** What is wrong, with what was expected. */
    readonly what: string,
    /** How to fix it, when there is something useful to say. */
    readonly hint?: string,
  ) {
    super(`column ${column}: ${what}${hint ? `\n  hint: ${hint}` : ''}`);
    this.name = 'FormulaError';
  }
}

export type VariableName = 'x' | 'y' | 'r' | 'a';
export type ArithmeticOp = '+' | '-' | '*' | '/' | '^';
/** Canonical comparison operators: `==` is stored as `=`; `#`, `≠`, `<>` as `!=`; `≤`, `≥` as `<=`, `>=`. */
export type CompareOp = '<' | '<=' | '>' | '>=' | '=' | '!=';
/** Canonical function names; the aliases S C T L E are stored as sin cos tan log exp. */
export type FunctionName =
  | 'min'
  | 'max'
  | 'abs'
  | 'floor'
  | 'ceil'
  | 'sin'
  | 'cos'
  | 'tan'
  | 'log'
  | 'exp'
  | 'sqrt'
  | 'atan'
  | 'atan2'
  | 'mod';

/**
 * A parsed formula. `column` is the 1-based position of the token the node stands for (a literal's first
 * character, an operator, a function's name), for error messages. Nodes whose `kind` is `compare`, `logical`
 * or `not` are conditions; `conditional` has the kind of its branches; all others are numbers.
 */
export type FormulaNode =
  /** A literal. Constants (pi, e) and literals with `%` or `°` are folded into their value. */
  | { readonly kind: 'number'; readonly value: number; readonly column: number }
  | { readonly kind: 'variable'; readonly name: VariableName; readonly column: number }
  /** Unary minus (unary plus leaves no node). */
  | { readonly kind: 'negate'; readonly operand: FormulaNode; readonly column: number }
  /** `%` and `°` after a non-literal become `/ 100` and `* (π / 180)` with the column of the postfix. */
  | {
      readonly kind: 'arithmetic';
      readonly op: ArithmeticOp;
      readonly left: FormulaNode;
      readonly right: FormulaNode;
      readonly column: number;
    }
  | {
      readonly kind: 'call';
      readonly name: FunctionName;
      readonly args: readonly FormulaNode[];
      readonly column: number;
    }
  /** A chain `a < b <= c`: `operands.length === ops.length + 1`; true when every adjacent pair holds. */
  | {
      readonly kind: 'compare';
      readonly ops: readonly CompareOp[];
      readonly operands: readonly FormulaNode[];
      readonly column: number;
    }
  | {
      readonly kind: 'logical';
      readonly op: 'and' | 'or';
      readonly left: FormulaNode;
      readonly right: FormulaNode;
      readonly column: number;
    }
  | { readonly kind: 'not'; readonly operand: FormulaNode; readonly column: number }
  /** `test ? ifTrue : ifFalse`; the column is that of `?`. */
  | {
      readonly kind: 'conditional';
      readonly test: FormulaNode;
      readonly ifTrue: FormulaNode;
      readonly ifFalse: FormulaNode;
      readonly column: number;
    };

// ---------------------------------------------------------------------------------------------------------
// Names

interface FunctionInfo {
  readonly minArgs: number;
  readonly maxArgs: number;
  readonly apply: (...args: number[]) => number;
}

const functions: Record<FunctionName, FunctionInfo> = {
  min: { minArgs: 2, maxArgs: Infinity, apply: Math.min },
  max: { minArgs: 2, maxArgs: Infinity, apply: Math.max },
  abs: { minArgs: 1, maxArgs: 1, apply: Math.abs },
  floor: { minArgs: 1, maxArgs: 1, apply: Math.floor },
  ceil: { minArgs: 1, maxArgs: 1, apply: Math.ceil },
  sin: { minArgs: 1, maxArgs: 1, apply: Math.sin },
  cos: { minArgs: 1, maxArgs: 1, apply: Math.cos },
  tan: { minArgs: 1, maxArgs: 1, apply: Math.tan },
  log: { minArgs: 1, maxArgs: 1, apply: Math.log },
  exp: { minArgs: 1, maxArgs: 1, apply: Math.exp },
  sqrt: { minArgs: 1, maxArgs: 1, apply: Math.sqrt },
  atan: { minArgs: 1, maxArgs: 1, apply: Math.atan },
  atan2: { minArgs: 2, maxArgs: 2, apply: Math.atan2 },
  mod: { minArgs: 2, maxArgs: 2, apply: (a, b) => a - b * Math.floor(a / b) },
};

const functionNames = Object.keys(functions) as FunctionName[];
const aliases: Record<string, FunctionName> = { S: 'sin', C: 'cos', T: 'tan', L: 'log', E: 'exp' };
const variables: readonly VariableName[] = ['x', 'y', 'r', 'a'];
const constants: Record<string, number> = { pi: Math.PI, π: Math.PI, e: Math.E };
const keywords = ['and', 'or', 'not'];
/** Candidates for "did you mean": full names only, so a typo is never pointed at a one-letter alias. */
const suggestible = [...variables, 'pi', 'e', ...functionNames, ...keywords];

function functionOf(name: string): FunctionName | undefined {
  if (Object.hasOwn(functions, name)) return name as FunctionName;
  return Object.hasOwn(aliases, name) ? aliases[name] : undefined;
}

function isKnown(name: string): boolean {
  return functionOf(name) !== undefined || isVariable(name) || Object.hasOwn(constants, name);
}

function isVariable(name: string): name is VariableName {
  return (variables as readonly string[]).includes(name);
}

// ---------------------------------------------------------------------------------------------------------
// Tokens

interface Token {
  readonly kind: 'number' | 'name' | 'op' | 'end';
  /** As written, for messages. */
  readonly text: string;
  /** Canonical operator (`||` → `or`, `≤` → `<=`…); the name itself for names; '' otherwise. */
  readonly op: string;
  /** Value of a number token; 0 otherwise. */
  readonly value: number;
  readonly column: number;
}

/** Spellings of operators and punctuation → canonical operator, longest spellings first. */
const operatorSpellings: readonly (readonly [string, string])[] = [
  ['||', 'or'],
  ['&&', 'and'],
  ['<=', '<='],
  ['>=', '>='],
  ['==', '='],
  ['!=', '!='],
  ['<>', '!='],
  ['**', '^'],
  ['|', 'or'],
  ['&', 'and'],
  ['<', '<'],
  ['>', '>'],
  ['=', '='],
  ['#', '!='],
  ['≠', '!='],
  ['≤', '<='],
  ['≥', '>='],
  ['!', 'not'],
  ['¬', 'not'],
  ['+', '+'],
  ['-', '-'],
  ['−', '-'],
  ['*', '*'],
  ['×', '*'],
  ['/', '/'],
  ['÷', '/'],
  ['^', '^'],
  ['%', '%'],
  ['°', '°'],
  ['(', '('],
  [')', ')'],
  [',', ','],
  ['?', '?'],
  [':', ':'],
];

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isNameStart = (c: string | undefined) =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isNamePart = (c: string | undefined) => isNameStart(c) || isDigit(c);

/** Splits the formula (as an array of code points, so columns count characters) into tokens. */
function tokenize(chars: readonly string[]): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const push = (kind: Token['kind'], start: number, op = '', value = 0) =>
    tokens.push({ kind, text: chars.slice(start, i).join(''), op, value, column: start + 1 });
  while (i < chars.length) {
    const c = chars[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && isDigit(chars[i + 1]))) {
      while (isDigit(chars[i])) i++;
      if (chars[i] === '.') {
        i++;
        while (isDigit(chars[i])) i++;
      }
      if (chars[i] === 'e' || chars[i] === 'E') {
        const sign = chars[i + 1] === '+' || chars[i + 1] === '-' ? 1 : 0;
        if (isDigit(chars[i + 1 + sign])) {
          i += 1 + sign;
          while (isDigit(chars[i])) i++;
        }
      }
      const text = chars.slice(start, i).join('');
      const value = Number(text);
      if (!Number.isFinite(value)) {
        throw new FormulaError(start + 1, `the number ${text} is too large`);
      }
      push('number', start, '', value);
      continue;
    }
    if (c === 'π') {
      i++;
      push('name', start, 'π');
      continue;
    }
    if (isNameStart(c)) {
      while (isNamePart(chars[i])) i++;
      const name = chars.slice(start, i).join('');
      if (keywords.includes(name)) push('op', start, name);
      else push('name', start, name);
      continue;
    }
    const spelling = operatorSpellings.find(
      ([s]) => s[0] === c && (s.length === 1 || chars[i + 1] === s.slice(1)),
    );
    if (spelling) {
      i += spelling[0].length;
      push('op', start, spelling[1]);
      continue;
    }
    throw new FormulaError(start + 1, `unexpected character '${c}'`, characterHint(c));
  }
  tokens.push({ kind: 'end', text: '', op: '', value: 0, column: chars.length + 1 });
  return tokens;
}

function characterHint(c: string): string | undefined {
  if ('[]{}'.includes(c)) return 'use ( and ) for grouping';
  if (c === '.') return 'write numbers as 0.5 or .5';
  if (c === ';') return "join conditions with 'and' or 'or'";
  return undefined;
}

function describe(t: Token): string {
  return t.kind === 'end' ? 'the end of the formula' : `'${t.text}'`;
}

// ---------------------------------------------------------------------------------------------------------
// Parser

type ValueKind = 'number' | 'condition';

/** Whether a node yields a number or a condition (true/false). */
function kindOf(node: FormulaNode): ValueKind {
  switch (node.kind) {
    case 'compare':
    case 'logical':
    case 'not':
      return 'condition';
    case 'conditional':
      return kindOf(node.ifTrue);
    default:
      return 'number';
  }
}

const aKind = (kind: ValueKind) => (kind === 'number' ? 'a number' : 'a condition (true or false)');

const numberPrompt = "a number, a name or '('";

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
    throw new FormulaError(t.column, `expected ${expected}${context} but found ${describe(t)}`, hint);
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
        `expected '(' after ${t.text} but found ${describe(this.peek())}`,
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

// ---------------------------------------------------------------------------------------------------------
// Compiler: the tree becomes nested closures once; constant subtrees are folded, and the common shapes
// (an operand that is a constant, a square) get closures of their own so a point costs a few calls.

type NumberFn = (x: number, y: number) => number;
type ConditionFn = (x: number, y: number) => boolean;
/** A compiled number; `value` is set when it does not depend on the point. */
interface CompiledNumber {
  readonly fn: NumberFn;
  readonly value?: number;
}
interface CompiledCondition {
  readonly fn: ConditionFn;
  readonly value?: boolean;
}

const constantNumber = (value: number): CompiledNumber => ({ fn: () => value, value });
const constantCondition = (value: boolean): CompiledCondition => ({ fn: () => value, value });

const arithmetic: Record<ArithmeticOp, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '^': (a, b) => a ** b,
};

/** Comparisons that are false whenever either side is NaN or ±∞. */
const compare: Record<CompareOp, (p: number, q: number) => boolean> = {
  '<': (p, q) => p < q && p !== -Infinity && q !== Infinity,
  '<=': (p, q) => p <= q && p !== -Infinity && q !== Infinity,
  '>': (p, q) => p > q && p !== Infinity && q !== -Infinity,
  '>=': (p, q) => p >= q && p !== Infinity && q !== -Infinity,
  '=': (p, q) => p === q && p - p === 0,
  '!=': (p, q) => p !== q && p - p === 0 && q - q === 0,
};

function compileNumber(node: FormulaNode): CompiledNumber {
  switch (node.kind) {
    case 'number':
      return constantNumber(node.value);
    case 'variable': {
      const { name, column } = node;
      switch (name) {
        case 'x':
          return { fn: (x) => x };
        case 'y':
          return { fn: (_x, y) => y };
        case 'r':
          return { fn: (x, y) => Math.sqrt(x * x + y * y) };
        case 'a':
          return { fn: (x, y) => Math.atan2(y, x) };
      }
      throw new FormulaError(column, `unknown variable ${name}`);
    }
    case 'negate': {
      const operand = compileNumber(node.operand);
      if (operand.value !== undefined) return constantNumber(-operand.value);
      const f = operand.fn;
      return { fn: (x, y) => -f(x, y) };
    }
    case 'arithmetic':
      return compileArithmetic(node.op, node.left, node.right, node.column);
    case 'call':
      return compileCall(node.name, node.args, node.column);
    case 'conditional': {
      const test = compileCondition(node.test);
      const ifTrue = compileNumber(node.ifTrue);
      const ifFalse = compileNumber(node.ifFalse);
      if (test.value !== undefined) return test.value ? ifTrue : ifFalse;
      const [t, p, q] = [test.fn, ifTrue.fn, ifFalse.fn];
      return { fn: (x, y) => (t(x, y) ? p(x, y) : q(x, y)) };
    }
  }
  throw new FormulaError(node.column, `expected a number here but found ${aKind(kindOf(node))}`);
}

function compileArithmetic(
  op: ArithmeticOp,
  leftNode: FormulaNode,
  rightNode: FormulaNode,
  column: number,
): CompiledNumber {
  const left = compileNumber(leftNode);
  const right = compileNumber(rightNode);
  const apply = arithmetic[op];
  if (!Object.hasOwn(arithmetic, op)) throw new FormulaError(column, `unknown operator '${op}'`);
  if (left.value !== undefined && right.value !== undefined)
    return constantNumber(apply(left.value, right.value));
  const f = left.fn;
  const g = right.fn;
  const square = (op === '*' && sameVariable(leftNode, rightNode)) || (op === '^' && right.value === 2);
  if (square) {
    if (leftNode.kind === 'variable' && leftNode.name === 'x') return { fn: (x) => x * x };
    if (leftNode.kind === 'variable' && leftNode.name === 'y') return { fn: (_x, y) => y * y };
    return {
      fn: (x, y) => {
        const v = f(x, y);
        return v * v;
      },
    };
  }
  if (right.value !== undefined) {
    const b = right.value;
    switch (op) {
      case '+':
        return { fn: (x, y) => f(x, y) + b };
      case '-':
        return { fn: (x, y) => f(x, y) - b };
      case '*':
        return { fn: (x, y) => f(x, y) * b };
      case '/':
        return { fn: (x, y) => f(x, y) / b };
      case '^':
        return { fn: (x, y) => f(x, y) ** b };
    }
  }
  if (left.value !== undefined) {
    const a = left.value;
    switch (op) {
      case '+':
        return { fn: (x, y) => a + g(x, y) };
      case '-':
        return { fn: (x, y) => a - g(x, y) };
      case '*':
        return { fn: (x, y) => a * g(x, y) };
      case '/':
        return { fn: (x, y) => a / g(x, y) };
      case '^':
        return { fn: (x, y) => a ** g(x, y) };
    }
  }
  switch (op) {
    case '+':
      return { fn: (x, y) => f(x, y) + g(x, y) };
    case '-':
      return { fn: (x, y) => f(x, y) - g(x, y) };
    case '*':
      return { fn: (x, y) => f(x, y) * g(x, y) };
    case '/':
      return { fn: (x, y) => f(x, y) / g(x, y) };
    case '^':
      return { fn: (x, y) => f(x, y) ** g(x, y) };
  }
}

function sameVariable(a: FormulaNode, b: FormulaNode): boolean {
  return a.kind === 'variable' && b.kind === 'variable' && a.name === b.name;
}

function compileCall(name: FunctionName, argNodes: readonly FormulaNode[], column: number): CompiledNumber {
  const info = Object.hasOwn(functions, name) ? functions[name] : undefined;
  if (!info) throw new FormulaError(column, `unknown function ${name}`);
  if (argNodes.length < info.minArgs || argNodes.length > info.maxArgs) {
    throw new FormulaError(column, `${name} cannot take ${argNodes.length} arguments`);
  }
  const args = argNodes.map(compileNumber);
  const apply = info.apply;
  if (args.every((a) => a.value !== undefined)) return constantNumber(apply(...args.map((a) => a.value!)));
  if (args.length === 1) {
    const f = args[0].fn;
    return { fn: (x, y) => apply(f(x, y)) };
  }
  if (args.length === 2) {
    const [f, g] = [args[0].fn, args[1].fn];
    return { fn: (x, y) => apply(f(x, y), g(x, y)) };
  }
  const fns = args.map((a) => a.fn);
  return { fn: (x, y) => apply(...fns.map((f) => f(x, y))) };
}

function compileCondition(node: FormulaNode): CompiledCondition {
  switch (node.kind) {
    case 'compare':
      return compileCompare(node.ops, node.operands, node.column);
    case 'logical': {
      const left = compileCondition(node.left);
      const right = compileCondition(node.right);
      const isAnd = node.op === 'and';
      // Evaluation has no side effects, so a constant side decides or drops out whichever side it is on.
      if (left.value !== undefined) return left.value === isAnd ? right : left;
      if (right.value !== undefined) return right.value === isAnd ? left : right;
      const [f, g] = [left.fn, right.fn];
      return isAnd ? { fn: (x, y) => f(x, y) && g(x, y) } : { fn: (x, y) => f(x, y) || g(x, y) };
    }
    case 'not': {
      const operand = compileCondition(node.operand);
      if (operand.value !== undefined) return constantCondition(!operand.value);
      const f = operand.fn;
      return { fn: (x, y) => !f(x, y) };
    }
    case 'conditional': {
      const test = compileCondition(node.test);
      const ifTrue = compileCondition(node.ifTrue);
      const ifFalse = compileCondition(node.ifFalse);
      if (test.value !== undefined) return test.value ? ifTrue : ifFalse;
      const [t, p, q] = [test.fn, ifTrue.fn, ifFalse.fn];
      return { fn: (x, y) => (t(x, y) ? p(x, y) : q(x, y)) };
    }
  }
  throw new FormulaError(
    node.column,
    `the formula must be a condition (true or false at each point), but it is ${aKind(kindOf(node))}`,
  );
}

function compileCompare(
  ops: readonly CompareOp[],
  operandNodes: readonly FormulaNode[],
  column: number,
): CompiledCondition {
  if (ops.length === 0 || operandNodes.length !== ops.length + 1) {
    throw new FormulaError(column, 'a comparison needs one more operand than operators');
  }
  if (kindOf(operandNodes[0]) === 'condition') return compareConditions(ops, operandNodes, column);
  const operands = operandNodes.map(compileNumber);
  const tests = ops.map((op) => {
    const test = compare[op];
    if (!test) throw new FormulaError(column, `unknown comparison '${op}'`);
    return test;
  });
  if (operands.every((o) => o.value !== undefined)) {
    return constantCondition(tests.every((test, i) => test(operands[i].value!, operands[i + 1].value!)));
  }
  if (ops.length === 1) return compareTwo(ops[0], operands[0], operands[1]);
  const fns = operands.map((o) => o.fn);
  return {
    fn: (x, y) => {
      let p = fns[0](x, y);
      for (let i = 0; i < tests.length; i++) {
        const q = fns[i + 1](x, y);
        if (!tests[i](p, q)) return false;
        p = q;
      }
      return true;
    },
  };
}

/** One comparison with the checks inlined; a constant right side (the usual `… < 1`) is the fast path. */
function compareTwo(op: CompareOp, left: CompiledNumber, right: CompiledNumber): CompiledCondition {
  const f = left.fn;
  if (right.value !== undefined) {
    const b = right.value;
    if (!Number.isFinite(b)) return constantCondition(false);
    switch (op) {
      case '<':
        return {
          fn: (x, y) => {
            const p = f(x, y);
            return p < b && p !== -Infinity;
          },
        };
      case '<=':
        return {
          fn: (x, y) => {
            const p = f(x, y);
            return p <= b && p !== -Infinity;
          },
        };
      case '>':
        return {
          fn: (x, y) => {
            const p = f(x, y);
            return p > b && p !== Infinity;
          },
        };
      case '>=':
        return {
          fn: (x, y) => {
            const p = f(x, y);
            return p >= b && p !== Infinity;
          },
        };
      case '=':
        return { fn: (x, y) => f(x, y) === b };
      case '!=':
        return {
          fn: (x, y) => {
            const p = f(x, y);
            return p !== b && p - p === 0;
          },
        };
    }
  }
  const g = right.fn;
  switch (op) {
    case '<':
      return {
        fn: (x, y) => {
          const p = f(x, y);
          const q = g(x, y);
          return p < q && p !== -Infinity && q !== Infinity;
        },
      };
    case '<=':
      return {
        fn: (x, y) => {
          const p = f(x, y);
          const q = g(x, y);
          return p <= q && p !== -Infinity && q !== Infinity;
        },
      };
    case '>':
      return {
        fn: (x, y) => {
          const p = f(x, y);
          const q = g(x, y);
          return p > q && p !== Infinity && q !== -Infinity;
        },
      };
    case '>=':
      return {
        fn: (x, y) => {
          const p = f(x, y);
          const q = g(x, y);
          return p >= q && p !== Infinity && q !== -Infinity;
        },
      };
    default: {
      const test = compare[op];
      return { fn: (x, y) => test(f(x, y), g(x, y)) };
    }
  }
}

/** A chain of `=` / `!=` between conditions, e.g. `(x < 0) = (y < 0)`. */
function compareConditions(
  ops: readonly CompareOp[],
  operandNodes: readonly FormulaNode[],
  column: number,
): CompiledCondition {
  if (ops.some((op) => op !== '=' && op !== '!=')) {
    throw new FormulaError(column, "conditions can only be compared with '=' or '!='");
  }
  const operands = operandNodes.map(compileCondition);
  const equal = ops.map((op) => op === '=');
  if (operands.every((o) => o.value !== undefined)) {
    return constantCondition(equal.every((eq, i) => (operands[i].value === operands[i + 1].value) === eq));
  }
  const fns = operands.map((o) => o.fn);
  return {
    fn: (x, y) => {
      let p = fns[0](x, y);
      for (let i = 0; i < equal.length; i++) {
        const q = fns[i + 1](x, y);
        if ((p === q) !== equal[i]) return false;
        p = q;
      }
      return true;
    },
  };
}

/**
 * Turns a parsed formula into a fast predicate over the plane (closures built once, no `eval`).
 * The predicate never throws; points where the formula is undefined (NaN, ±∞) are outside.
 *
 * @throws FormulaError if the tree was not made by parseFormula and is malformed (e.g. a number at the top)
 */
export function compileFormula(node: FormulaNode): (x: number, y: number) => boolean {
  return compileCondition(node).fn;
}

/** A mask shape from a formula, stretched over the whole frame (no aspect of its own). */
export function formulaShape(source: string): MaskShape {
  const inside = compileFormula(parseFormula(source));
  return { label: `formula "${source}"`, aspect: undefined, inside };
}
