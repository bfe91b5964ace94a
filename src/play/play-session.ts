import { checkWalk, walkOverlap } from '../analyze/walked-path.js';
import { UserError } from '../base/errors.js';
import type { AppendLog } from '../book/outputs.js';
import { attemptLine, MAX_STEPS, type PlaytestAttempt } from '../book/playtest-record.js';
import type { PlayBook } from './play-book.js';
import { type PlayOrder, readerName, readingOrder } from './reading-order.js';

/** An attempt begun (the reader pressed Start) and not yet ended. */
interface OpenAttempt {
  index: number;
  reader: string;
  position: number;
  /** The server's clock at Start, ms since 1970. */
  started: number;
}

/** What the reader's page sends when an attempt ends. */
export interface AttemptEnd {
  outcome: 'solved' | 'gave-up';
  /** Cells stood on, from the entry cell, one move at a time. */
  path: number[];
  /** Milliseconds from Start to each move, by the page's clock; optional. */
  times?: number[];
}

/** What the page is told once an attempt is recorded. */
export interface RecordedEnd {
  seconds: number;
  steps: number;
  overlap: number;
}

/** Attempts begun and not ended that are kept; older ones are forgotten (a page closed mid-maze). */
const MAX_OPEN = 10_000;

/**
 * A playtest's attempts: begun by Start, ended by reaching the exit or giving up, checked (the path walks
 * through the maze: McGlinn's check of every recorded path), and recorded — one line each, appended to the
 * recording as the attempt ends. Times are the server's clock (`clock`, ms since 1970); the page's own clock
 * only times the moves within an attempt.
 */
export class PlaySession {
  private readonly open = new Map<string, OpenAttempt>();
  /** Puzzles with an ended attempt: their answers may be shown. */
  private readonly ended = new Set<number>();
  private next = 1;

  constructor(
    readonly book: PlayBook,
    readonly order: PlayOrder,
    private readonly log: AppendLog,
    private readonly clock: () => number = Date.now,
    /** The reader the author chose (`--reader`), when the page may not ask for one. */
    readonly reader?: string,
  ) {}

  /** The puzzles in the order `reader` meets them. */
  orderOf(reader: string): number[] {
    return readingOrder(this.book.puzzles.length, this.order, reader);
  }

  /**
   * Begins an attempt: `reader` meets the puzzle at `position` (1-based) of their order, which must be
   * puzzle `index`.
   * @returns the attempt's id
   * @throws UserError for a reader name that cannot be recorded, or a puzzle not at that place
   */
  start(index: number, reader: string, position: number): string {
    const name = this.checkedReader(reader);
    const order = this.orderOf(name);
    if (
      !Number.isInteger(position) ||
      position < 1 ||
      position > order.length ||
      order[position - 1] !== index
    ) {
      throw new UserError('request', `puzzle ${index} is not at place ${position} of ${name}'s order`);
    }
    const unplayable = this.book.puzzles[index].unplayable;
    if (unplayable) throw new UserError('request', unplayable);
    const id = `a${this.next++}`;
    this.open.set(id, { index, reader: name, position, started: this.clock() });
    if (this.open.size > MAX_OPEN) this.open.delete(this.open.keys().next().value as string);
    return id;
  }

  private checkedReader(raw: string): string {
    const name = readerName(raw);
    if (name === undefined) {
      throw new UserError('request', 'a reader name is 1 to 60 characters, without control characters');
    }
    if (this.reader !== undefined && name !== this.reader) {
      throw new UserError('request', `this session records ${this.reader} only (--reader)`);
    }
    return name;
  }

  /**
   * Ends an attempt: checks the walk, appends its line to the recording, and allows its answer.
   * @throws UserError for an unknown attempt, a walk that is not a walk through the maze, or a failed write
   *   (the attempt then stays open, so the page may send it again)
   */
  finish(id: string, end: AttemptEnd): RecordedEnd {
    const open = this.open.get(id);
    if (!open) throw new UserError('request', 'no such attempt (the session was restarted?)');
    const p = this.book.puzzles[open.index];
    const { maze } = p.puzzle;
    const { path, times } = end;
    if (path.length > MAX_STEPS + 1) throw new UserError('request', `a path of more than ${MAX_STEPS} moves`);
    const problem = checkWalk(maze, path, end.outcome === 'solved');
    if (problem) throw new UserError('request', `the path is not a walk through the maze: ${problem.what}`);
    if (times && (times.length !== path.length - 1 || times.some((t, i) => !(t >= (times[i - 1] ?? 0))))) {
      throw new UserError('request', 'times: one per move, in milliseconds, never falling');
    }
    const endedAt = Math.max(this.clock(), open.started + 1);
    const seconds = Math.round(endedAt - open.started) / 1000;
    const overlap = walkOverlap(path, maze.grid.cellCount);
    const attempt: PlaytestAttempt = {
      format: 'mazebook-playtest',
      version: 1,
      book: { spec: this.book.specName, title: this.book.plan.title, seed: this.book.plan.seed },
      puzzle: {
        key: p.puzzle.plan.key,
        number: p.puzzle.plan.number,
        shape: maze.grid.topology,
        size: maze.grid.sizeLabel,
        cells: maze.grid.cellCount,
      },
      hash: p.hash,
      reader: open.reader,
      position: open.position,
      order: this.order.kind,
      ...(this.order.kind === 'shuffled' ? { shuffleSeed: this.order.seed } : {}),
      started: new Date(open.started).toISOString(),
      ended: new Date(endedAt).toISOString(),
      seconds,
      // Reaching the exit is solving it, whatever button was pressed on the way.
      outcome: path[path.length - 1] === maze.exitCell ? 'solved' : end.outcome,
      steps: path.length - 1,
      overlap,
      path,
      ...(times ? { times: times.map((t) => Math.round(t)) } : {}),
    };
    this.log.append(attemptLine(attempt));
    this.open.delete(id);
    this.ended.add(open.index);
    return { seconds, steps: attempt.steps, overlap };
  }

  /** Whether the puzzle's answer may be shown: an attempt at it has ended in this session. */
  answerShown(index: number): boolean {
    return this.ended.has(index);
  }
}
