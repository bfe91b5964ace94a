import { InvalidArgumentError } from 'commander';
import { UserError } from '../base/errors.js';

/**
 * Parsers of command-line values. Each accepts exactly the documented form and range, so a bad value is a
 * usage error naming the option (exit 2), never a NaN passed on.
 */

export function parseSeed(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 2 ** 32 - 1) {
    throw new InvalidArgumentError('expected a whole number from 0 to 4294967295');
  }
  return Number(value);
}

/** A whole number in [min, max], written in base 10. */
export function wholeNumber(min: number, max: number): (value: string) => number {
  return (value: string) => {
    if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}, got "${value}"`);
    }
    return Number(value);
  };
}

/** A number in [0, 1]. */
export function unitFraction(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !(n >= 0 && n <= 1)) {
    throw new InvalidArgumentError(`expected a number from 0 to 1, got "${value}"`);
  }
  return n;
}

/** PNG resolutions `render --dpi` accepts (a 12 cm maze at 2400 dpi is already 11000 px across). */
export const DPI_RANGE = [36, 2400] as const;

/** Latest SOURCE_DATE_EPOCH (the end of year 9999: PDF dates have four-digit years). */
const LAST_EPOCH = 253402300799;

/** SOURCE_DATE_EPOCH, when set: seconds since 1970 that fix the PDF dates of specs without a `date`. */
export function sourceDateEpoch(): number | undefined {
  const raw = process.env.SOURCE_DATE_EPOCH;
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) > LAST_EPOCH) {
    throw new UserError(
      'SOURCE_DATE_EPOCH',
      `expected seconds since 1970 up to the year 9999, got "${raw.length > 24 ? `${raw.slice(0, 24)}…` : raw}"`,
    );
  }
  return Number(raw);
}
