import type { IncomingHttpHeaders } from 'node:http';

/**
 * Who may talk to mazebook's local web servers (`preview`, `play`). They listen on 127.0.0.1 only, but a web
 * page open in the same browser can still aim requests at them: directly (another origin), or by DNS
 * rebinding (a name of the attacker's that it re-points at 127.0.0.1, so the request looks same-origin to the
 * browser but carries the attacker's Host). So every request must name this server in Host, and any Origin
 * or Sec-Fetch-Site it carries must be this server's own; requests that change something (POST) must carry
 * the Origin and a JSON body, which no plain form or image can send.
 */

/** Why a request is refused: its HTTP status and a short reason for the body. */
export interface Refusal {
  status: number;
  reason: string;
}

/** The names this server answers to on its port: `127.0.0.1:port` and `localhost:port`. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks a request's method and headers against the rules above.
 * @returns undefined when the request may proceed, else the refusal to send
 */
export function refuseRequest(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  port: number,
): Refusal | undefined {
  const hosts = allowedHosts(port);
  const host = one(headers.host)?.toLowerCase();
  if (!host || !hosts.includes(host)) return { status: 403, reason: 'unknown host' };
  const origin = one(headers.origin)?.toLowerCase();
  if (origin !== undefined && !hosts.some((h) => origin === `http://${h}`)) {
    return { status: 403, reason: 'foreign origin' };
  }
  const site = one(headers['sec-fetch-site']);
  const navigation = one(headers['sec-fetch-mode']) === 'navigate' && method === 'GET';
  if (site !== undefined && site !== 'same-origin' && site !== 'none' && !navigation) {
    return { status: 403, reason: 'cross-site request' };
  }
  if (method === 'GET' || method === 'HEAD') return undefined;
  if (method !== 'POST') return { status: 405, reason: 'method not allowed' };
  if (origin === undefined) return { status: 403, reason: 'missing origin' };
  const type = one(headers['content-type'])?.split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') return { status: 415, reason: 'expected a JSON body' };
  return undefined;
}

/** Headers on every response: nothing loads from elsewhere, nothing frames the page, nothing is sniffed. */
export const SAFE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
