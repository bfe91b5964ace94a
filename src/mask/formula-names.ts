import type { FunctionName, VariableName } from './formula-node.js';

/**
 * The names a formula may use — functions (with their arity and meaning), variables, constants and keywords —
 * shared by the tokenizer, the parser and the compiler.
 */

/** A function's arity and what it computes. */
export interface FunctionInfo {
  readonly minArgs: number;
  readonly maxArgs: number;
  readonly apply: (...args: number[]) => number;
}

export const functions: Record<FunctionName, FunctionInfo> = {
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

export const functionNames = Object.keys(functions) as FunctionName[];
const aliases: Record<string, FunctionName> = { S: 'sin', C: 'cos', T: 'tan', L: 'log', E: 'exp' };
export const variables: readonly VariableName[] = ['x', 'y', 'r', 'a'];
export const constants: Record<string, number> = { pi: Math.PI, π: Math.PI, e: Math.E };
export const keywords = ['and', 'or', 'not'];
/** Candidates for "did you mean": full names only, so a typo is never pointed at a one-letter alias. */
export const suggestible = [...variables, 'pi', 'e', ...functionNames, ...keywords];

export function functionOf(name: string): FunctionName | undefined {
  if (Object.hasOwn(functions, name)) return name as FunctionName;
  return Object.hasOwn(aliases, name) ? aliases[name] : undefined;
}

export function isKnown(name: string): boolean {
  return functionOf(name) !== undefined || isVariable(name) || Object.hasOwn(constants, name);
}

export function isVariable(name: string): name is VariableName {
  return (variables as readonly string[]).includes(name);
}
