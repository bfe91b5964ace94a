/** Where in the user's input something went wrong. */
export interface SourcePlace {
  /** Path of the file as the user gave it (or relative to the working directory). */
  file: string;
  /** 1-based line and column; absent when only the file is known. */
  line?: number;
  col?: number;
}

/**
 * A mistake in the user's input: reported as one message (place, what was expected, a hint) and exit code 2,
 * never with a stack trace unless asked. Every stage throws this for anything the user can fix.
 */
export class UserError extends Error {
  readonly exitCode = 2;
  constructor(
    /** `file:line:col`, a page key, or a CLI option — whatever lets the user find the spot. */
    readonly where: string,
    /** What is wrong, with what was expected. */
    readonly what: string,
    /** How to fix it, when there is something useful to say. */
    readonly hint?: string,
  ) {
    super(`${where ? `${where}: ` : ''}${what}${hint ? `\n  hint: ${hint}` : ''}`);
    this.name = 'UserError';
  }
}

export function formatPlace(place: SourcePlace): string {
  if (place.line === undefined) return place.file;
  return `${place.file}:${place.line}:${place.col ?? 1}`;
}
