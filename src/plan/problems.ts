import { joinProblems, UserError } from '../spec/errors.js';

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

  /** Throws everything recorded as one UserError, if anything was. */
  throwIfAny(): void {
    if (this.list.length > 0) throw joinProblems(this.list);
  }
}
