import { FormulaError } from './formula-error.js';
import { keywords } from './formula-names.js';

/** One token of a formula: a number, a name, an operator or punctuation, or the end. */
export interface Token {
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
export function tokenize(chars: readonly string[]): Token[] {
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

/** A token as messages name it. */
export function describeToken(t: Token): string {
  return t.kind === 'end' ? 'the end of the formula' : `'${t.text}'`;
}
