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

/** Problems listed in one message, at most this many (the count of the rest follows). */
const MAX_LISTED = 20;

/**
 * Several user mistakes found in one pass (planning goes on after a bad page, so `validate` shows them all),
 * reported as one error: each problem with its place and hint, in the order found. `where`, `what` and `hint`
 * are the first problem's.
 */
export class UserErrors extends UserError {
  constructor(readonly problems: readonly UserError[]) {
    super(problems[0].where, problems[0].what, problems[0].hint);
    const shown = problems.slice(0, MAX_LISTED).map((p) => `  ${p.message.replace(/\n/g, '\n  ')}`);
    const rest = problems.length - shown.length;
    this.message = `${problems.length} problems:\n${shown.join('\n')}${rest > 0 ? `\n  … and ${rest} more` : ''}`;
    this.name = 'UserError';
  }
}

/** One error for a list of problems: the problem itself when there is one. */
export function joinProblems(problems: readonly UserError[]): UserError {
  const flat = problems.flatMap((p) => (p instanceof UserErrors ? p.problems : [p]));
  if (flat.length === 0) throw new Error('internal: no problems to report');
  return flat.length === 1 ? flat[0] : new UserErrors(flat);
}
