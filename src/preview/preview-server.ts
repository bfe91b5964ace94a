import type { IncomingMessage, ServerResponse } from 'node:http';
import { UserError } from '../base/errors.js';
import { act, type LocalServer, listenLocal, readJsonBody, send, sendText } from '../serve/local-server.js';
import { SAFE_HEADERS } from '../serve/request-guard.js';
import { CLIENT_HTML, CLIENT_ICON, CLIENT_SCRIPT, CLIENT_STYLE } from './client-assets.js';
import { PreviewSession, type SessionOptions } from './preview-session.js';

/**
 * The preview's web server: one page (HTML, script and style shipped in the package, nothing fetched from
 * elsewhere), the book's pages as SVG, a stream of server-sent events carrying the preview state, and two
 * actions, re-roll and undo. It listens on 127.0.0.1 only and serves no file from disk; see
 * serve/request-guard.ts for who may call it.
 *
 *   GET  /                      the page
 *   GET  /app.js, /app.css      its script and style (and /favicon.svg)
 *   GET  /events                text/event-stream: `state` events (a PreviewState as JSON)
 *   GET  /page/<n>.svg?v=<ver>  page n (0-based) of the latest good build
 *   POST /api/reroll {key}      re-roll the puzzle with this key
 *   POST /api/undo   {}         take back the latest re-roll
 */

export interface PreviewOptions extends SessionOptions {
  /** Port to listen on; 0 (the default) lets the system choose a free one. */
  port?: number;
  /** Called once the server listens, before the first build (which may take a while) is done. */
  onListening?: (url: string) => void;
}

export interface PreviewServer {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  port: number;
  session: PreviewSession;
  close(): Promise<void>;
}

/** Request bodies larger than this are refused (a re-roll body is a page key). */
const MAX_BODY = 4096;
/** A comment line on idle event streams, so nothing between closes them (ms). */
const KEEP_ALIVE_MS = 20_000;

const PAGE_SVG = /^\/page\/(\d{1,5})\.svg$/;

/**
 * Starts the preview of a spec: listens on 127.0.0.1, then runs the first build (the page shows it building)
 * and resolves once that build is done. A spec with a mistake still starts, showing the error.
 * @throws UserError when the port is taken or not allowed
 */
export async function startPreview(specPath: string, options: PreviewOptions = {}): Promise<PreviewServer> {
  const session = new PreviewSession(specPath, options);
  const streams = new Set<ServerResponse>();

  const events = (req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(200, {
      ...SAFE_HEADERS,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    const push = (state: unknown) => res.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
    res.write('retry: 1000\n\n');
    push(session.current);
    const unsubscribe = session.subscribe(push);
    const alive = setInterval(() => res.write(': alive\n\n'), KEEP_ALIVE_MS);
    streams.add(res);
    req.on('close', () => {
      clearInterval(alive);
      unsubscribe();
      streams.delete(res);
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const path = url.pathname;
    if (req.method === 'POST') {
      if (path === '/api/reroll') {
        await act(res, async () => {
          const body = (await readJsonBody(req, MAX_BODY)) as { key?: unknown };
          if (typeof body?.key !== 'string' || body.key.length > 200) {
            throw new UserError('request', 'expected {"key": "<puzzle key>"}');
          }
          return { seed: await session.reroll(body.key) };
        });
      } else if (path === '/api/undo') {
        await act(res, async () => {
          await readJsonBody(req, MAX_BODY);
          await session.undo();
          return {};
        });
      } else sendText(res, 404, 'not found');
      return;
    }
    const svg = PAGE_SVG.exec(path);
    if (path === '/' || path === '/index.html') send(res, 200, 'text/html; charset=utf-8', CLIENT_HTML);
    else if (path === '/app.js') send(res, 200, 'text/javascript; charset=utf-8', CLIENT_SCRIPT);
    else if (path === '/app.css') send(res, 200, 'text/css; charset=utf-8', CLIENT_STYLE);
    else if (path === '/favicon.svg') send(res, 200, 'image/svg+xml', CLIENT_ICON);
    else if (path === '/events') events(req, res);
    else if (svg) {
      const page = session.svg(Number(svg[1]));
      if (!page) sendText(res, 404, 'no such page');
      else {
        // A URL naming the current version never changes its answer: the browser may keep it.
        const cache =
          url.searchParams.get('v') === page.version ? 'private, max-age=31536000, immutable' : 'no-store';
        send(res, 200, 'image/svg+xml; charset=utf-8', page.svg, { 'Cache-Control': cache });
      }
    } else sendText(res, 404, 'not found');
  };

  let local: LocalServer;
  try {
    local = await listenLocal(options.port ?? 0, handle);
  } catch (e) {
    session.close();
    throw e;
  }
  const { url, port } = local;
  const close = async () => {
    session.close();
    for (const s of streams) s.end();
    await local.close();
  };
  options.onListening?.(url);
  try {
    await session.start();
  } catch (e) {
    await close();
    throw e;
  }
  return { url, port, session, close };
}
