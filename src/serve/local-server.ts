import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserError } from '../base/errors.js';
import { refuseRequest, SAFE_HEADERS } from './request-guard.js';

/**
 * What mazebook's local web servers (`preview`, `play`) share: a server on 127.0.0.1 only whose every
 * request passes request-guard.ts first, answers that carry the safe headers and are never cached unless
 * asked, JSON request bodies of bounded size, and actions that answer `{ok: true, …}` or the user error as
 * the page shows it. Neither server serves a file from disk: each route answers from memory.
 */

/** Sends a whole answer with the safe headers; a HEAD request gets the headers only. */
export function send(
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

export const sendJson = (res: ServerResponse, status: number, value: unknown): void =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));

export const sendText = (res: ServerResponse, status: number, text: string): void =>
  send(res, status, 'text/plain; charset=utf-8', `${text}\n`);

/**
 * Reads a request's JSON body (an empty body is `{}`).
 * @param maxBytes larger bodies are refused, and the request cut off
 * @throws UserError for a body too large or not JSON
 */
export function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  return new Promise((resolveBody, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
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

/**
 * An action's answer: `{ok: true, …}` (status 200), a user error as `{ok: false, where, what, hint}`
 * (`status`, 409 by default), anything else as an internal error (500).
 */
export async function act(
  res: ServerResponse,
  action: () => Promise<Record<string, unknown>>,
  status = 409,
): Promise<void> {
  try {
    sendJson(res, 200, { ok: true, ...(await action()) });
  } catch (e) {
    if (e instanceof UserError)
      sendJson(res, status, { ok: false, where: e.where, what: e.what, hint: e.hint });
    else sendJson(res, 500, { ok: false, what: `internal error: ${(e as Error)?.message ?? e}` });
  }
}

export interface LocalServer {
  server: Server;
  /** The port it listens on (the system's choice when 0 was asked for). */
  port: number;
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** Stops listening and ends every open connection. */
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1: requests refused by `refuseRequest` (foreign Host or Origin, cross-site,
 * methods other than GET, HEAD and POST, POST without its Origin or a JSON body) are answered with their
 * refusal; the rest go to `handle`, whose failures are answered as internal errors.
 * @param port 0 lets the system choose a free port
 * @throws UserError when the port is taken or not allowed
 */
export async function listenLocal(
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void,
): Promise<LocalServer> {
  let listening = 0;
  const server = createServer((req, res) => {
    const refusal = refuseRequest(req.method, req.headers, listening);
    if (refusal) {
      sendText(res, refusal.status, refusal.reason);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    Promise.resolve()
      .then(() => handle(req, res, url))
      .catch((e) => {
        if (!res.headersSent)
          sendJson(res, 500, { ok: false, what: `internal error: ${(e as Error)?.message}` });
        else res.destroy();
      });
  });
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolveListen());
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(
      `--port ${port}`,
      code === 'EADDRINUSE' ? 'that port is already in use' : `cannot listen on that port (${code ?? e})`,
      'choose another port, or leave out --port to take any free one',
    );
  }
  listening = (server.address() as AddressInfo).port;
  return {
    server,
    port: listening,
    url: `http://127.0.0.1:${listening}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
