import { joinProblems, UserError } from '../base/errors.js';

/**
 * Collects the user mistakes planning finds, so one run reports them all (as `validate` users expect)
 * instead of stopping at the first. A step that fails is recorded and planning goes on without its result.
 */
export class Problems {
  private readonly list: UserError[] = [];

  /** Runs `step`; a UserError it throws is recorded and `undefined` returned. Other errors pass through. */
  catch<T>(step: () => T): T | undefined {
    try {
      return step();
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      this.add(e);
      return undefined;
    }
  }

  /** Records a problem (once: the same message found twice is one problem). */
  add(e: UserError): void {
    if (!this.list.some((p) => p.message === e.message)) this.list.push(e);
  }

  get count(): number {
    return this.list.length;
  }

  /** Throws everything recorded as one UserError, if anything was, in the order of their places in the files. */
  throwIfAny(): void {
    if (this.list.length === 0) return;
    const order = this.list.map((e, i) => ({ e, i, at: placeKey(e.where) }));
    order.sort(
      (a, b) =>
        (a.at && b.at
          ? a.at.file.localeCompare(b.at.file) || a.at.line - b.at.line || a.at.col - b.at.col
          : 0) || a.i - b.i,
    );
    throw joinProblems(order.map((o) => o.e));
  }
}

/** `file:line:col` taken apart, or undefined for other places (a CLI option, a page key). */
function placeKey(where: string): { file: string; line: number; col: number } | undefined {
  const m = /^(.*):(\d+):(\d+)$/.exec(where);
  return m ? { file: m[1], line: Number(m[2]), col: Number(m[3]) } : undefined;
}
