import { UserError } from '../base/errors.js';

/**
 * A maze file or string that cannot be read: what was expected, and where — a 1-based `column` (counted in
 * characters) for Finger Maze strings, a JSON `path` such as `$.entry.wall` for maze JSON. A `UserError`, so
 * the CLI reports it as one message with exit code 2.
 */
export class CodecError extends UserError {
  constructor(
    what: string,
    /** 1-based position of the offending character in a one-line text format. */
    readonly column?: number,
    /** JSON path of the offending value in a JSON format. */
    readonly path?: string,
    hint?: string,
  ) {
    super(column !== undefined ? `column ${column}` : (path ?? ''), what, hint);
    this.name = 'CodecError';
  }
}
