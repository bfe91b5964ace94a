import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionSpans, longFunctions } from './function-spans.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');
/** Functions over about 120 lines are split into verb-named steps; this leaves a margin for small growth. */
const LIMIT = 130;
/**
 * Functions allowed to stay longer, each with its reason, by `file name` (the line may move): a hot path whose
 * split the bench shows slower. None today (wall-paths `walk` was split with no slowdown in `bench analysis`).
 */
const ALLOWED: Record<string, string> = {};

describe('functions in src/', () => {
  it(`span at most ${LIMIT} lines, but for the allowed ones`, () => {
    const long = longFunctions(SRC, LIMIT)
      .filter((f) => ALLOWED[`${f.where.replace(/:\d+$/, '')} ${f.name}`] === undefined)
      .map((f) => `${f.where} ${f.name}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });

  it('are all measured: declarations, methods, arrows and function expressions, nested ones too', () => {
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `  x += ${i};`).join('\n');
    const text = [
      `export function long(): void {\n  let x = 0;\n${body(140)}\n}`,
      `const arrow = (): void => {\n  let x = 0;\n${body(10)}\n};`,
      `class A {\n  method(): void {\n    const inner = function (): void {\n      let x = 0;\n${body(3)}\n    };\n  }\n}`,
    ].join('\n');
    const spans = functionSpans('sample.ts', text);
    expect(spans.map((s) => [s.name, s.lines])).toEqual([
      ['long', 143],
      ['arrow', 13],
      ['method', 8],
      ['inner', 6],
    ]);
    expect(spans.filter((s) => s.lines > LIMIT).map((s) => s.where)).toEqual(['sample.ts:1']);
  });

  it('names every allowed function that is still long (a stale entry is removed)', () => {
    const long = new Set(longFunctions(SRC, LIMIT).map((f) => `${f.where.replace(/:\d+$/, '')} ${f.name}`));
    expect(Object.keys(ALLOWED).filter((k) => !long.has(k))).toEqual([]);
  });
});
