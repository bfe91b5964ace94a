import { UserError } from '../base/errors.js';

/**
 * The one place where physical units become PDF points (1 pt = 1/72 in). Specs write lengths as
 * `7mm`, `1.5cm`, `0.25in`, `12pt`, or a bare number meaning points.
 */
export const POINTS_PER = { pt: 1, in: 72, mm: 72 / 25.4, cm: 72 / 2.54 } as const;
export type Unit = keyof typeof POINTS_PER;

export const LENGTH_PATTERN = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*(mm|cm|in|pt)\s*$/;

/** A length as written in a spec. */
export type LengthSpec = number | string;

/**
 * @returns the length in points
 * @throws Error if the text is not a length (the schema rejects those before this is called)
 */
export function toPoints(length: LengthSpec): number {
  if (typeof length === 'number') return length;
  const m = LENGTH_PATTERN.exec(length);
  if (!m) throw new Error(`not a length: ${length}`);
  return Number(m[1]) * POINTS_PER[m[2] as Unit];
}

/** A length in points as millimetres for messages, e.g. `2.4mm`. */
export function mm(points: number): string {
  return `${((points * 25.4) / 72).toFixed(1)}mm`;
}

/** A fraction written as `30%` or a number in [0, 1]. */
export function toFraction(value: number | string): number {
  if (typeof value === 'number') return value;
  return Number(value.trim().replace(/%$/, '')) / 100;
}

export const PERCENT_PATTERN = /^\s*(\d+(?:\.\d*)?|\.\d+)\s*%\s*$/;

/** Longest length a spec may write, in points (200 in: the PDF page limit; nothing printed is longer). */
export const MAX_LENGTH = 14400;

/**
 * A length named on the command line (`--size 12cm`): its value in points, or a UserError naming the option.
 * @param where the option, e.g. `--size`
 */
export function parseLength(text: string, where: string): number {
  if (!LENGTH_PATTERN.test(text)) {
    throw new UserError(where, `expected a length such as 12cm, 120mm or 5in, got "${text.slice(0, 40)}"`);
  }
  const pt = toPoints(text);
  if (!(pt > 0 && pt <= MAX_LENGTH)) {
    throw new UserError(where, `expected a length above 0 and at most 200in, got "${text.slice(0, 40)}"`);
  }
  return pt;
}
