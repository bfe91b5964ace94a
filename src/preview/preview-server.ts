import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserError } from '../base/errors.js';
import { CLIENT_HTML, CLIENT_ICON, CLIENT_SCRIPT, CLIENT_STYLE } from './client-assets.js';
import { PreviewSession, type SessionOptions } from './preview-session.js';
import { refuseRequest, SAFE_HEADERS } from './request-guard.js';

/**
 * The preview's web server: one page (HTML, script and style shipped in the package, nothing fetched from
 * elsewhere), the book's pages as SVG, a stream of server-sent events carrying the preview state, and two
 * actions, re-roll and undo. It listens on 127.0.0.1 only and serves no file from disk; see request-guard.ts
 * for who may call it.
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

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...SAFE_HEADERS,
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

const sendJson = (res: ServerResponse, status: number, value: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolveBody, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new UserError('request', 'the request body is too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolveBody(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch {
        reject(new UserError('request', 'the request body is not JSON'));
      }
    });
    req.on('error', reject);
  });
}

/** An action's answer: `{ok: true, …}`, or the error as the banner shows it. */
async function act(res: ServerResponse, action: () => Promise<Record<string, unknown>>): Promise<void> {
  try {
    sendJson(res, 200, { ok: true, ...(await action()) });
  } catch (e) {
    if (e instanceof UserError) sendJson(res, 409, { ok: false, where: e.where, what: e.what, hint: e.hint });
    else sendJson(res, 500, { ok: false, what: `internal error: ${(e as Error)?.message ?? e}` });
  }
}

const PAGE_SVG = /^\/page\/(\d{1,5})\.svg$/;

/**
 * Starts the preview of a spec: listens on 127.0.0.1, then runs the first build (the page shows it building)
 * and resolves once that build is done. A spec with a mistake still starts, showing the error.
 * @throws UserError when the port is taken or not allowed
 */
export async function startPreview(specPath: string, options: PreviewOptions = {}): Promise<PreviewServer> {
  const session = new PreviewSession(specPath, options);
  const streams = new Set<ServerResponse>();
  let port = 0;

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

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refusal = refuseRequest(req.method, req.headers, port);
    if (refusal) {
      send(res, refusal.status, 'text/plain; charset=utf-8', `${refusal.reason}\n`);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    if (req.method === 'POST') {
      if (path === '/api/reroll') {
        await act(res, async () => {
          const body = (await readBody(req)) as { key?: unknown };
          if (typeof body?.key !== 'string' || body.key.length > 200) {
            throw new UserError('request', 'expected {"key": "<puzzle key>"}');
          }
          return { seed: await session.reroll(body.key) };
        });
      } else if (path === '/api/undo') {
        await act(res, async () => {
          await readBody(req);
          await session.undo();
          return {};
        });
      } else send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
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
      if (!page) send(res, 404, 'text/plain; charset=utf-8', 'no such page\n');
      else {
        // A URL naming the current version never changes its answer: the browser may keep it.
        const cache =
          url.searchParams.get('v') === page.version ? 'private, max-age=31536000, immutable' : 'no-store';
        send(res, 200, 'image/svg+xml; charset=utf-8', page.svg, { 'Cache-Control': cache });
      }
    } else send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (!res.headersSent)
        sendJson(res, 500, { ok: false, what: `internal error: ${(e as Error)?.message}` });
      else res.destroy();
    });
  });
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
    });
  } catch (e) {
    session.close();
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(
      `--port ${options.port}`,
      code === 'EADDRINUSE' ? 'that port is already in use' : `cannot listen on that port (${code ?? e})`,
      'choose another port, or leave out --port to take any free one',
    );
  }
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  const close = async () => {
    session.close();
    for (const s of streams) s.end();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
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
