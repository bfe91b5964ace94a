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
