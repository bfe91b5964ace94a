import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, parse, resolve } from 'node:path';
import { UserError } from '../base/errors.js';
import { openAppendLog, shownPath } from '../book/outputs.js';
import { MAX_STEPS } from '../book/playtest-record.js';
import type { PlanOptions } from '../plan/book-plan.js';
import { act, listenLocal, readJsonBody, send, sendJson, sendText } from '../serve/local-server.js';
import { PlayBook } from './play-book.js';
import { PLAY_HTML, PLAY_ICON, PLAY_SCRIPT, PLAY_STYLE } from './play-client.js';
import { type AttemptEnd, PlaySession } from './play-session.js';
import { type PlayOrder, readerName } from './reading-order.js';

/**
 * The playtest's web server: one page (HTML, script and style shipped in the package, nothing fetched from
 * elsewhere), each puzzle's drawing and board, and two actions that begin and end an attempt. It listens on
 * 127.0.0.1 only, serves no file from disk, and answers only its own page (serve/request-guard.ts).
 *
 *   GET  /                         the page (and /app.js, /app.css, /favicon.svg)
 *   GET  /api/book                 title, puzzle count, the fixed reader if any, the order
 *   GET  /api/order?reader=NAME    the puzzles (0-based book indices) in the order NAME meets them
 *   GET  /api/puzzle/<i>           puzzle i's board (cells, moves, entry, exit), or why it cannot be played
 *   GET  /puzzle/<i>.svg           puzzle i drawn alone, with its markers
 *   GET  /puzzle/<i>/answer.svg    the same with its answer, once an attempt at it has ended
 *   POST /api/start  {puzzle, reader, position}       → {attempt}
 *   POST /api/finish {attempt, outcome, path, times}  → {seconds, steps, overlap}
 */

export interface PlayOptions extends PlanOptions {
  /** Port to listen on; 0 (the default) lets the system choose a free one. */
  port?: number;
  /** The reader's name for every attempt; without it the page asks each reader for theirs. */
  reader?: string;
  /** Shuffle the puzzles per reader from this seed, or `true` for the book's seed (default: the book's order). */
  shuffle?: number | true;
  /** The recording to append to (default: `<spec name>.playtest.jsonl` beside the spec). */
  record?: string;
  /** The clock attempts are timed by, ms since 1970 (default Date.now). */
  clock?: () => number;
}

export interface PlayServer {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  port: number;
  book: PlayBook;
  session: PlaySession;
  /** The recording's absolute path. */
  record: string;
  close(): Promise<void>;
}

/** Bodies of /api/start. */
const MAX_START_BODY = 4096;
/** Bodies of /api/finish: a path and its times of up to MAX_STEPS moves. */
const MAX_FINISH_BODY = 32 * MAX_STEPS;

/** The recording's default place: `book.yaml` → `book.playtest.jsonl`, beside the spec. */
export function defaultRecordPath(spec: string): string {
  const { dir, name } = parse(resolve(spec));
  return join(dir, `${name}.playtest.jsonl`);
}

const isCellList = (v: unknown, max: number): v is number[] =>
  Array.isArray(v) && v.length <= max && v.every((c) => Number.isInteger(c) && c >= 0);

/** The body of /api/finish, checked for shape (the walk itself is checked by the session). */
function attemptEnd(body: unknown): { attempt: string; end: AttemptEnd } {
  const b = body as { attempt?: unknown; outcome?: unknown; path?: unknown; times?: unknown } | null;
  if (
    typeof b?.attempt !== 'string' ||
    (b.outcome !== 'solved' && b.outcome !== 'gave-up') ||
    !isCellList(b.path, MAX_STEPS + 1) ||
    (b.times !== undefined &&
      !(
        Array.isArray(b.times) && b.times.every((t) => typeof t === 'number' && Number.isFinite(t) && t >= 0)
      ))
  ) {
    throw new UserError(
      'request',
      'expected {"attempt": id, "outcome": "solved" or "gave-up", "path": [cells], "times": [ms]}',
    );
  }
  return {
    attempt: b.attempt,
    end: { outcome: b.outcome, path: b.path, ...(b.times ? { times: b.times as number[] } : {}) },
  };
}

/**
 * Starts a playtest of a spec: makes the book (a spec with a mistake stops here, as `build` would), checks
 * the recording's place, then listens on 127.0.0.1.
 * @throws UserError for a mistake in the spec, a reader name that cannot be recorded, a recording that
 *   cannot be written there, or a port that is taken
 */
export async function startPlay(specPath: string, options: PlayOptions = {}): Promise<PlayServer> {
  const spec = resolve(specPath);
  const reader = options.reader === undefined ? undefined : readerName(options.reader);
  if (options.reader !== undefined && reader === undefined) {
    throw new UserError('--reader', 'a reader name is 1 to 60 characters, without control characters');
  }
  const book = await PlayBook.make(spec, {
    seed: options.seed,
    allowAnyPath: options.allowAnyPath,
    sourceDateEpoch: options.sourceDateEpoch,
  });
  const record = resolve(options.record ?? defaultRecordPath(spec));
  const log = openAppendLog(record, 'playtest recording', book.plan.inputs, '--record');
  const order: PlayOrder =
    options.shuffle === undefined
      ? { kind: 'book' }
      : { kind: 'shuffled', seed: options.shuffle === true ? book.plan.seed : options.shuffle };
  const session = new PlaySession(book, order, log, options.clock, reader);
  const local = await listenLocal(options.port ?? 0, (req, res, url) => route(session, req, res, url));
  return { url: local.url, port: local.port, book, session, record, close: () => local.close() };
}

const PUZZLE_API = /^\/api\/puzzle\/(\d{1,6})$/;
const PUZZLE_SVG = /^\/puzzle\/(\d{1,6})(\/answer)?\.svg$/;

async function route(
  session: PlaySession,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const path = url.pathname;
  const { book } = session;
  if (req.method === 'POST') {
    if (path === '/api/start') {
      await act(
        res,
        async () => {
          const b = (await readJsonBody(req, MAX_START_BODY)) as {
            puzzle?: unknown;
            reader?: unknown;
            position?: unknown;
          } | null;
          if (
            typeof b?.puzzle !== 'number' ||
            typeof b.reader !== 'string' ||
            typeof b.position !== 'number'
          ) {
            throw new UserError('request', 'expected {"puzzle": index, "reader": name, "position": n}');
          }
          if (!book.puzzles[b.puzzle]) throw new UserError('request', `there is no puzzle ${b.puzzle}`);
          return { attempt: session.start(b.puzzle, b.reader, b.position) };
        },
        400,
      );
    } else if (path === '/api/finish') {
      await act(
        res,
        async () => {
          const { attempt, end } = attemptEnd(await readJsonBody(req, MAX_FINISH_BODY));
          return { ...session.finish(attempt, end) };
        },
        400,
      );
    } else sendText(res, 404, 'not found');
    return;
  }
  const api = PUZZLE_API.exec(path);
  const svg = PUZZLE_SVG.exec(path);
  if (path === '/' || path === '/index.html') send(res, 200, 'text/html; charset=utf-8', PLAY_HTML);
  else if (path === '/app.js') send(res, 200, 'text/javascript; charset=utf-8', PLAY_SCRIPT);
  else if (path === '/app.css') send(res, 200, 'text/css; charset=utf-8', PLAY_STYLE);
  else if (path === '/favicon.svg') send(res, 200, 'image/svg+xml', PLAY_ICON);
  else if (path === '/api/book') {
    sendJson(res, 200, {
      title: book.plan.title,
      spec: shownPath(book.spec),
      count: book.puzzles.length,
      reader: session.reader ?? null,
      order: session.order.kind,
    });
  } else if (path === '/api/order') {
    const reader = readerName(url.searchParams.get('reader') ?? '');
    if (reader === undefined) sendJson(res, 400, { ok: false, what: 'a reader name is 1 to 60 characters' });
    else sendJson(res, 200, { reader, order: session.orderOf(reader) });
  } else if (api) {
    const p = book.puzzles[Number(api[1])];
    if (!p) sendText(res, 404, 'no such puzzle');
    else if (p.unplayable) sendJson(res, 200, { index: p.index, playable: false, note: p.unplayable });
    else {
      const { page } = p.frame;
      sendJson(res, 200, {
        index: p.index,
        playable: true,
        shape: p.puzzle.maze.grid.topology,
        width: page.width,
        height: page.height,
        ...book.board(p.index),
      });
    }
  } else if (svg) {
    const index = Number(svg[1]);
    const answer = svg[2] !== undefined;
    const drawing = answer && !session.answerShown(index) ? undefined : book.svg(index, answer);
    if (drawing === undefined) sendText(res, 404, answer ? 'no answer yet' : 'no such puzzle');
    else send(res, 200, 'image/svg+xml; charset=utf-8', drawing);
  } else sendText(res, 404, 'not found');
}
